"""The images a vision–language model reads with its text: how many each sequence holds (n_img,
1 unless told), how large they are (``--image-size``), how many tokens each becomes and why, for
FLOPs and memory.

Gemma 3 and LLaVA resize every image to the R × R their vision tower takes, so its size changes
nothing; Qwen2.5-VL reads an image at its own resolution: its processor resizes it to the nearest
multiples of m·P within a least and a most number of pixels (transformers' ``smart_resize``),
which fixes its patches, its tokens (s_img) and the query–key pairs of its windows (Q_win).

>>> import symparam
>>> m = symparam.model("gemma-3-4b")
>>> bound(m, None), bound(m, 3)
({'n_img': 1}, {'n_img': 3})
>>> reading(m, 2).tokens
512
>>> resized(1080, 1920, 28), resized(448, 448, 28)
((728, 1316), (448, 448))
"""

from __future__ import annotations

import math
from typing import Any

from symparam.anyres import anyres as read_tiles
from symparam.anyres import image_values
from symparam.errors import InvalidValueError, Param
from symparam.frozen import frozen
from symparam.integers import as_int
from symparam.limits import MAX_VALUE
from symparam.symbols import P, R, s_img

#: the images a sequence holds when none is said (as ``--images`` defaults)
DEFAULT_IMAGES = 1
#: the image a model that reads images at their own resolution is given when no size is said
#: (height, width in pixels, before the processor resizes it)
DEFAULT_IMAGE_SIZE = (448, 448)
#: the least and most pixels transformers' Qwen2-VL image processor resizes an image to (its
#: defaults: ``size = {"shortest_edge": 56 * 56, "longest_edge": 28 * 28 * 1280}``)
MIN_PIXELS, MAX_PIXELS = 56 * 56, 28 * 28 * 1280


def reads_images(model: Any) -> bool:
    """Whether the model's language model reads images as tokens: its family's do, and the
    class is one with a language model (Pixtral's tower alone, of Mistral 3's family, is given
    one image and has no tokens to add to a sequence)."""
    return bool(getattr(model.family, "images", False)) and hasattr(model.tree, "tokens")


def resizes(model: Any) -> bool:
    """Whether the model reads an image at its own resolution (its tokens depend on its size)."""
    return reads_images(model) and bool(getattr(model.family, "resized", False))


def anyres(model: Any) -> bool:
    """Whether the model reads an image as anyres tiles (LLaVA-NeXT): its size and the config's
    pinpoints fix the tiles its tower reads (n_tile) and the tokens it becomes (s_img)."""
    return reads_images(model) and bool(getattr(model.family, "anyres", False))


def tiled(model: Any) -> bool:
    """Whether the model is given an image as R×R tiles (its n_img counts them)."""
    return reads_images(model) and bool(getattr(model.family, "tiled", False))


def resized(height: int, width: int, factor: int, min_pixels: int = MIN_PIXELS,
            max_pixels: int = MAX_PIXELS) -> tuple[int, int]:
    """The size transformers' Qwen2-VL image processor resizes a ``height`` × ``width`` image
    to (``smart_resize``, the same arithmetic): each side rounded to a multiple of ``factor``
    (m·P), the whole scaled down to at most ``max_pixels`` or up to at least ``min_pixels``."""
    if max(height, width) / min(height, width) > 200:
        raise InvalidValueError(f"an image of {height} × {width} pixels: the processor refuses "
                                "an aspect ratio above 200")
    h_bar = round(height / factor) * factor
    w_bar = round(width / factor) * factor
    if h_bar * w_bar > max_pixels:
        beta = math.sqrt((height * width) / max_pixels)
        h_bar = max(factor, math.floor(height / beta / factor) * factor)
        w_bar = max(factor, math.floor(width / beta / factor) * factor)
    elif h_bar * w_bar < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h_bar = math.ceil(height * beta / factor) * factor
        w_bar = math.ceil(width * beta / factor) * factor
    return h_bar, w_bar


def image_size(text: str) -> tuple[int, int]:
    """``--image-size``: ``HxW`` (height by width, in pixels) or ``N`` (a square)."""
    parts = [p.strip() for p in text.lower().replace("×", "x").split("x")]
    sizes = [int(p) if p.isascii() and p.isdigit() and len(p) < 12 else 0 for p in parts]
    if len(sizes) not in (1, 2) or any(n < 1 or n > MAX_VALUE for n in sizes):
        raise InvalidValueError(f"an image's size is HxW or N in pixels, got {text!r}")
    return (sizes[0], sizes[-1])


#: the names :func:`bound` binds: what a model's images make of it, not keys of its config —
#: inputs of the memory and compute beside s and B, not hyperparameters
IMAGE_INPUTS = frozenset({"n_img", "s_img", "Q_win", "n_tile"})


def bound(model: Any, images: int | None, size: tuple[int, int] | None = None
          ) -> dict[str, int]:
    """``{"n_img": K}`` for a model that reads images (K = 1 where ``images`` is None), ``{}``
    for another, which refuses ``images`` and ``size``; K is a whole number, 0 for text alone.
    A model that reads images at their own resolution gets s_img and Q_win too, of an image of
    ``size`` (height, width; :data:`DEFAULT_IMAGE_SIZE` where none is given) as its processor
    resizes it (:func:`windows`)."""
    if not reads_images(model):
        if images is not None or size is not None:
            why = getattr(model.family, "compute_refused", "")  # LLaVA-NeXT's anyres
            # else true of a text model, of an image classifier and of a vision tower alone
            said = f"{model.label} reads images, but {why}" if why else \
                f"{model.label} puts no images into a language model's sequence"
            raise InvalidValueError(f"{said}; leave out ",
                                    Param("images" if images is not None else "image_size"))
        return {}
    unusable = getattr(model, "unusable", {})
    if unusable:  # a key's value the tokens an image becomes cannot be derived from
        tokens, values = getattr(model.tree, "tokens", s_img), model.bind()
        for name in sorted(x.name for x in tokens.free_symbols):
            if name in unusable and name not in values:
                raise InvalidValueError(f"{model.name}: {unusable[name]}")
    if size is not None and tiled(model):
        raise InvalidValueError(f"{model.label} counts the R×R tiles its processor cuts an "
                                "image into, each an image to it; leave out ",
                                Param("image_size"), " and give the tiles as ", Param("images"))
    if images is None:
        count = DEFAULT_IMAGES
    else:
        count = as_int(images)
        if count is None or count < 0 or count > MAX_VALUE:
            raise InvalidValueError(Param("images"), f" must be a whole number of images (0 "
                                    f"for text alone), got {images!r}")
    if anyres(model) and count:
        found_tiles = _anyres(model, size, count)
        return {"n_img": count, "s_img": found_tiles.tokens, "n_tile": found_tiles.tiles}
    if not resizes(model) or count == 0:  # text alone: no image's size is read
        return {"n_img": count}
    found = _grid(model, size)
    return {"n_img": count, "s_img": found.tokens, "Q_win": found.pairs}


def _anyres(model: Any, size: tuple[int, int] | None, count: int) -> Any:
    """The :class:`~symparam.anyres.Anyres` reading of an image of ``size`` pixels
    (:data:`DEFAULT_IMAGE_SIZE` where none is given), ``count`` images a sequence."""
    return read_tiles(model, DEFAULT_IMAGE_SIZE if size is None else size, count)


@frozen
class Grid:
    """An image as a model that reads it at its own resolution sees it: its size as the
    processor resizes it (``pixels``), its patches in rows × columns, merged ``merge`` ×
    ``merge`` into ``tokens``, and its windows of ``window`` × ``window`` tokens (the last of a
    row or column cut short), whose patches squared sum to ``pairs``."""

    pixels: tuple[int, int]
    rows: int
    columns: int
    merge: int
    window: int
    pairs: int

    @property
    def tokens(self) -> int:
        return self.rows * self.columns // self.merge**2


def windows(tokens: int, window: int) -> int:
    """Σ over the windows along one side of (their tokens along it)²: ``tokens`` // ``window``
    whole windows and what is left over (transformers pads the grid to whole windows and drops
    the padding from each)."""
    return tokens // window * window**2 + (tokens % window) ** 2


def _grid(model: Any, size: tuple[int, int] | None) -> Grid:
    """The :class:`Grid` of an image of ``size`` pixels for ``model``."""
    values = image_values(model, ("P", "m"))
    patch, merge = values["P"], values["m"]
    height, width = resized(*(DEFAULT_IMAGE_SIZE if size is None else size), merge * patch)
    rows, columns = height // patch, width // patch
    if "W_vis" not in values:  # no windows (Qwen2-VL): every block attends over the image
        return Grid((height, width), rows, columns, merge, 0, 0)
    window = values["W_vis"] // merge // patch
    if window == 0:
        if model.options.get("full_blocks", 0) < values.get("N_vis", 0):
            raise InvalidValueError(f"{model.label} cannot run a windowed block with W_vis = "
                                    f"{values['W_vis']} below m·P = {merge * patch}: its windows "
                                    "would hold no token (transformers divides by zero)")
        pairs = 0  # every block attends over the whole image
    else:
        pairs = merge**4 * windows(rows // merge, window) * windows(columns // merge, window)
    return Grid((height, width), rows, columns, merge, window, pairs)


@frozen
class ImageReading:
    """How a vision–language model reads ``images`` images a sequence: the patches its vision
    tower sees in each (rows × columns), the tokens each becomes in the language model's
    sequence, and their total; ``kernel``: the side of the blocks a pooling averages the
    patches in (Gemma 3), ``merge``: the side of the blocks of patches merged into one token
    (Qwen2.5-VL), both 0 where each token is one of the tower's states (LLaVA); ``pixels``: the
    image as the processor resized it (height, width), ``given``: the size asked for, if any;
    ``window``: the side of a windowed block's windows in tokens, ``pairs``: its query–key
    pairs an image (Q_win), 0 without windows; ``rows``: the tokens the processor adds an
    image, one after each row of its merged tokens (Mistral 3), 0 where it adds none;
    ``tiled``: each image is an R×R tile the processor cut (Idefics3: ``merge`` is the side of
    the blocks its pixel shuffle lays into one token)."""

    images: int
    rows: int
    columns: int
    kernel: int
    per_image: int
    merge: int = 0
    pixels: tuple[int, int] = (0, 0)
    given: tuple[int, int] | None = None
    window: int = 0
    pairs: int = 0
    rows_ended: int = 0
    tiled: bool = False
    #: LLaVA-NeXT's reading of the image (:class:`symparam.anyres.Anyres`), where it tiles it
    anyres: Any = None

    @property
    def side(self) -> int:
        return self.rows

    @property
    def patches(self) -> int:
        return self.rows * self.columns

    @property
    def tokens(self) -> int:
        return self.images * self.per_image

    def sentence(self) -> str:
        """One line saying it, every number from the model."""
        if self.anyres is not None:
            return self._anyres_sentence()
        if self.rows_ended:
            merged = self.per_image - self.rows_ended
            made = (f"its patches merged {self.merge}×{self.merge} into {merged:,} tokens, "
                    f"{self.rows_ended} rows of them, and after each row an [IMG_BREAK] (the "
                    "last an [IMG_END])")
            return (f"{self.images:,} image{'s' if self.images != 1 else ''} a sequence, "
                    f"each the largest the tower takes ({self.pixels[0]}×{self.pixels[1]} "
                    f"pixels): each is {self.patches:,} patches ({self.rows}×{self.columns}) in "
                    f"the vision tower and becomes {self.per_image:,} tokens in the language "
                    f"model's sequence ({made}); {self.tokens:,} image tokens beside the s of "
                    "the text")
        if self.tiled:
            return (f"{self.images:,} image{'s' if self.images != 1 else ''} a sequence, each "
                    f"a {self.pixels[0]}×{self.pixels[1]} tile as the processor cuts an image "
                    "(how many depends on its shape and the processor's own settings, its "
                    "longest edge or its most tiles; where an image is cut into several, the "
                    "whole image shrunk to one tile makes one more): "
                    f"each is {self.patches:,} patches ({self.rows}×{self.columns}) in the "
                    f"vision tower and becomes {self.per_image:,} tokens in the language "
                    f"model's sequence (the states of each {self.merge}×{self.merge} block of "
                    f"its patches laid side by side into one token, then projected); "
                    f"{self.tokens:,} image tokens beside the s of the text")
        if self.merge:
            made = f"its patches merged {self.merge}×{self.merge} into one token each"
        elif self.kernel:
            made = (f"its {self.rows}×{self.columns} patches averaged in "
                    f"{self.kernel}×{self.kernel} blocks")
        else:
            made = "the tower's states for it, each projected"
        height, width = self.pixels
        if self.merge:
            asked = (f"{self.given[0]}×{self.given[1]} pixels" if self.given else
                     f"{DEFAULT_IMAGE_SIZE[0]}×{DEFAULT_IMAGE_SIZE[1]} pixels, no --image-size "
                     "given")
            size = (f" ({asked}, resized by the processor to {height}×{width}, multiples of "
                    f"{height // self.rows * self.merge})")
        elif self.given:
            size = (f" (resized to {height}×{width} whatever its size: {self.given[0]}×"
                    f"{self.given[1]} changes no token)")
        else:
            size = ""
        windowed = (f"; its windowed blocks attend within windows of {self.window}×{self.window} "
                    f"tokens: {self.pairs:,} query–key pairs an image, not "
                    f"{self.patches**2:,}" if self.pairs else "")
        return (f"{self.images:,} image{'s' if self.images != 1 else ''} a sequence{size}: each "
                f"is {self.patches:,} patches ({self.rows}×{self.columns}) in the vision tower "
                f"and becomes {self.per_image:,} tokens in the language model's sequence "
                f"({made}){windowed}; {self.tokens:,} image tokens beside the s of the text")


    def _anyres_sentence(self) -> str:
        """LLaVA-NeXT's: the pinpoint, the tiles, the rows kept, the newlines."""
        found = self.anyres
        plural = "s" if self.images != 1 else ""
        asked = (f"{found.size[0]}×{found.size[1]} pixels" if self.given else
                 f"{found.size[0]}×{found.size[1]} pixels, no --image-size given")
        side, states = found.side, found.side**2
        if found.whole:
            return (f"{self.images:,} image{plural} a sequence ({asked}), each read whole as "
                    f"several images a sequence are: the vision tower reads one tile of "
                    f"{states:,} patches ({side}×{side}) and the image becomes "
                    f"{self.per_image:,} tokens in the language model's sequence (the "
                    f"{found.states:,} states the projector keeps and a newline); "
                    f"{self.tokens:,} image tokens beside the s of the text")
        rows, columns = found.pooled
        shrunk = (f", shrunk to {rows}×{columns} (at most about {found.anyres_max} tiles' "
                  "worth)" if found.pooled != found.kept else "")
        return (f"{self.images:,} image{plural} a sequence ({asked}): the processor resizes "
                f"each into {found.best[0]}×{found.best[1]} of the image_grid_pinpoints, cut "
                f"into {found.grid[0]}×{found.grid[1]} tiles of "
                f"{found.best[0] // found.grid[0]}×{found.best[1] // found.grid[1]} pixels, and "
                f"adds the whole image shrunk to one: the vision tower reads {found.tiles} "
                f"tiles of {states:,} patches ({side}×{side}); the grid's "
                f"{found.grid[0] * side}×{found.grid[1] * side} features cut back to the "
                f"image's aspect ratio are {found.kept[0]}×{found.kept[1]}{shrunk}, a newline "
                f"after each row: {states:,} + {rows}×{columns + 1} = {self.per_image:,} tokens "
                f"in the language model's sequence; {self.tokens:,} image tokens beside the s "
                "of the text")


def reading(model: Any, images: int | None, size: tuple[int, int] | None = None
            ) -> ImageReading:
    """The :class:`ImageReading` of ``model`` at ``images`` images a sequence, each of ``size``
    pixels (height, width) where the model reads images at their own resolution."""
    found = bound(model, images, size)
    count = found.get("n_img")
    if count is None:
        raise InvalidValueError(f"{model.label} puts no images into a language model's sequence")
    tokens = getattr(model.tree, "tokens", s_img)
    rows = getattr(model.tree, "rows", None)
    values = {**model.bind(), **found}
    if rows is not None and size is not None:
        raise InvalidValueError(f"{model.label} is counted at the largest image its tower takes "
                                "(R×R pixels); leave out ", Param("image_size"))
    if anyres(model):  # with no image, what one would be
        found_tiles = _anyres(model, size, count or 1)
        side = found_tiles.side
        return ImageReading(count, side, side, 0, found_tiles.tokens, 0, found_tiles.best, size,
                            anyres=found_tiles)
    if resizes(model):
        grid = _grid(model, size)
        return ImageReading(count, grid.rows, grid.columns, 0, grid.tokens, grid.merge,
                            grid.pixels, size, grid.window, grid.pairs)
    missing = sorted({s.name for s in tokens.free_symbols | {R, P}} - set(values))
    if missing:
        raise InvalidValueError(f"{model.name} has no value of {', '.join(missing)}: the "
                                "tokens an image becomes are not known (the pooling cannot run "
                                "with more tokens a side than patches)")
    side = values["R"] // values["P"]
    per_image = model.value_of(tokens)
    if rows is not None:  # merged m × m, a token the processor adds after each row
        return ImageReading(count, side, side, 0, per_image, values["m"],
                            (values["R"], values["R"]), None, rows_ended=model.value_of(rows))
    if tiled(model):  # the pixel shuffle lays each m × m block of patches into one token
        return ImageReading(count, side, side, 0, per_image, values["m"],
                            (values["R"], values["R"]), None, tiled=True)
    kernel = side // math.isqrt(per_image) if tokens == s_img and per_image else 0
    return ImageReading(count, side, side, kernel, per_image, 0, (values["R"], values["R"]),
                        size)
