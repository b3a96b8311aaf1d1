"""What LLaVA-NeXT's and LLaVA-OneVision's processor and model make of an image ("anyres"),
with transformers' own arithmetic: how many R×R tiles the vision tower reads (n_tile) and how
many tokens the image becomes in the language model's sequence (s_img). Neither is a closed
form in the image's size: each is worked out here for one size and bound as a number.

The processor picks, of the config's ``image_grid_pinpoints``, the resolution that keeps most
of the image's pixels and wastes fewest (``select_best_resolution``), resizes the image into it
and cuts it into a grid of R×R tiles; the whole image shrunk to one tile more comes first. The
tower runs on every tile; the projector maps each tile's states (⌊R/P⌋² of them: the model lays
them on a ⌊R/P⌋ × ⌊R/P⌋ grid). The grid's features, side by side, are cut back to the image's
own aspect ratio (``unpad_image``: the rows or columns that were padding dropped); LLaVA-OneVision
then shrinks them (bilinear) where they hold more than about ``anyres_max`` tiles' worth. A
learned ``image_newline`` follows each row. An image so becomes the whole image's ⌊R/P⌋²
tokens, then rows × (columns + 1).

LLaVA-OneVision reads each of several images a sequence whole, as one tile and a newline.

>>> best_resolution((600, 800), ((336, 672), (672, 336), (672, 672), (1008, 336), (336, 1008)))
(672, 672)
>>> unpadded(48, 48, 600, 800)
(36, 48)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from symparam.errors import InvalidValueError
from symparam.frozen import frozen

#: LlavaNextConfig's pinpoints where a file gives none (transformers' ``__post_init__``)
NEXT_PINPOINTS = ((336, 672), (672, 336), (672, 672), (1008, 336), (336, 1008))
#: LlavaOnevisionConfig's: every (i·384, j·384) for i, j from 1 to 6, rows first
ONEVISION_PINPOINTS = tuple((384 * i, 384 * j) for i in range(1, 7) for j in range(1, 7))


def best_resolution(size: tuple[int, int], pinpoints: Sequence[tuple[int, int]]
                    ) -> tuple[int, int]:
    """transformers' ``select_best_resolution``: of the (height, width) ``pinpoints``, the one
    an image of ``size`` (height, width) keeps most pixels in, resized into it with its aspect
    ratio kept, and of those the one with fewest pixels wasted; the first listed on a tie."""
    height, width = size
    best, most, least = pinpoints[0], 0, math.inf
    for h, w in pinpoints:
        scale = min(w / width, h / height)
        kept = min(int(width * scale) * int(height * scale), width * height)
        wasted = w * h - kept
        if kept > most or (kept == most and wasted < least):
            best, most, least = (h, w), kept, wasted
    return best


def unpadded(rows: int, columns: int, height: int, width: int) -> tuple[int, int]:
    """transformers' ``unpad_image``: a ``rows`` × ``columns`` grid of features, of an image of
    ``height`` × ``width`` pixels resized into it with its aspect ratio kept, less the rows (or
    columns) the padding took, as many on each side."""
    if width / height > columns / rows:
        new = int(round(height * (columns / width), 7))
        padding = (rows - new) // 2
        return rows - 2 * padding, columns
    new = int(round(width * (rows / height), 7))
    padding = (columns - new) // 2
    return rows, columns - 2 * padding


def pinpoints_of(raw: Any) -> tuple[int, ...] | None:
    """A config's ``image_grid_pinpoints`` as a flat (h₁, w₁, h₂, w₂, …), or None where it is
    not a list of (height, width) pairs of positive whole numbers."""
    if not isinstance(raw, list) or not raw:
        return None
    out: list[int] = []
    for pair in raw:
        if not isinstance(pair, list | tuple) or len(pair) != 2 or not all(
                isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in pair):
            return None
        out.extend(pair)
    return tuple(out)


@frozen
class Anyres:
    """An image of ``size`` pixels (height, width) as the model reads it: resized into
    ``best`` (a pinpoint) and cut into ``grid`` (rows, columns) tiles of R×R pixels, each
    ``side`` × ``side`` states; their features cut back to ``kept`` (rows, columns) and shrunk
    to ``pooled`` (LLaVA-OneVision; the same as ``kept`` where not shrunk); ``whole``: read as
    one tile alone (one of several images a sequence, LLaVA-OneVision), ``states``: the states
    the projector keeps of a tile, ``anyres_max``: the tiles' worth of features LLaVA-OneVision
    shrinks the grid's to (0: LLaVA-NeXT, which does not)."""

    size: tuple[int, int]
    best: tuple[int, int]
    grid: tuple[int, int]
    side: int
    kept: tuple[int, int]
    pooled: tuple[int, int]
    whole: bool = False
    states: int = 0
    anyres_max: int = 0

    @property
    def tiles(self) -> int:
        """The tiles the tower reads: the whole image shrunk to one, and the grid's."""
        return 1 if self.whole else 1 + self.grid[0] * self.grid[1]

    @property
    def tokens(self) -> int:
        """The tokens the image becomes: the whole image's tile, then each row of the grid's
        features and a newline after it (one tile and a newline, read whole)."""
        if self.whole:
            return self.states + 1
        rows, columns = self.pooled
        return self.side**2 + rows * (columns + 1)


def _most(model: Any) -> int:
    """LLaVA-OneVision's K of ``anyres_max_K`` (0 for LLaVA-NeXT, which shrinks nothing), read
    as transformers reads it (``int(ratio.strip("anyres_max_"))``)."""
    written = model.options["aspect_ratio"]
    if not written:
        return 0
    digits = written.strip("anyres_max_")  # noqa: B005 - transformers' own reading
    if not (digits.isascii() and digits.isdigit() and 0 < int(digits) <= 10**6):
        raise InvalidValueError(f"{model.label}: vision_aspect_ratio {written!r} is no "
                                "anyres_max_K with K a positive whole number, which transformers "
                                "reads when it reads an image")
    return int(digits)


def image_values(model: Any, names: tuple[str, ...]) -> dict[str, int]:
    """``model``'s bound values, refused in one line where one of ``names`` (the sizes its
    processor reads an image by) has none."""
    values: dict[str, int] = model.bind()
    missing = [name for name in names if name not in values]
    if missing:
        raise InvalidValueError(f"{model.name} has no value of {', '.join(missing)}: what its "
                                "processor makes of an image is not known")
    return values


def anyres(model: Any, size: tuple[int, int], images: int) -> Anyres:
    """How ``model`` (LLaVA-NeXT or LLaVA-OneVision) reads an image of ``size`` pixels with
    ``images`` images a sequence; a one-line refusal where transformers cannot run it."""
    values = image_values(model, ("R", "P"))
    tile, patch = values["R"], values["P"]
    side = tile // patch
    options = model.options
    states = side**2 + (0 if options["siglip_tower"] else 1) - (0 if options["full_features"]
                                                                 else 1)
    height, width = size
    if options["whole_when_several"] and not options["full_features"]:
        raise InvalidValueError(f"{model.label}: with vision_feature_select_strategy default, "
                                "transformers' processor counts an image's tokens one fewer "
                                "than its model makes (it drops a class token from the whole "
                                "image's, which LLaVA-OneVision's model keeps), so it cannot run")
    if images > 1 and options["whole_when_several"]:
        return Anyres(size, (tile, tile), (1, 1), side, (side, side), (side, side), True, states)
    flat = options["grid_pinpoints"]
    if not flat:
        raise InvalidValueError(f"{model.label}: image_grid_pinpoints is not a list of (height, "
                                "width) pairs in pixels, so the tiles of an image are not known")
    pinpoints = tuple(zip(flat[::2], flat[1::2], strict=True))
    odd = [p for p in pinpoints if p[0] % tile or p[1] % tile]
    if odd:
        raise InvalidValueError(f"{model.label}: image_grid_pinpoints {list(odd[0])} is not a "
                                f"whole number of the tower's {tile}-pixel tiles a side, which "
                                "transformers cannot lay out")
    if states != side**2:
        strategy = "full" if options["full_features"] else "default"
        raise InvalidValueError(f"{model.label} lays each tile's states on a {side} × {side} "
                                f"grid, but the {strategy} vision_feature_select_strategy keeps "
                                f"{states} of them: transformers cannot run it")
    best = best_resolution(size, pinpoints)
    grid = (best[0] // tile, best[1] // tile)
    kept = unpadded(grid[0] * side, grid[1] * side, height, width)
    pooled = kept
    most = _most(model)
    if most:  # LLaVA-OneVision: bilinear down to about anyres_max tiles' features
        ratio = math.sqrt(kept[0] * kept[1] / (most * side**2))
        if ratio > 1.1:
            pooled = (int(kept[0] // ratio), int(kept[1] // ratio))
            if not all(pooled):
                raise InvalidValueError(f"{model.label}: an image of {height} × {width} pixels "
                                        "is shrunk to no row of features, which transformers "
                                        "cannot interpolate")
    return Anyres(size, best, grid, side, kept, pooled, False, states, most)
