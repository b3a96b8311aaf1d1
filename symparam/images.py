"""The images a vision–language model reads with its text (Gemma 3): how many each sequence
holds (n_img, 1 unless told), how many tokens each becomes and why, for FLOPs and memory.

>>> import symparam
>>> m = symparam.model("gemma-3-4b")
>>> bound(m, None), bound(m, 3)
({'n_img': 1}, {'n_img': 3})
>>> reading(m, 2).tokens
512
"""

from __future__ import annotations

import math
from typing import Any

from symparam.errors import InvalidValueError, Param
from symparam.frozen import frozen
from symparam.integers import as_int
from symparam.limits import MAX_VALUE
from symparam.symbols import P, R, s_img

#: the images a sequence holds when none is said (as ``--images`` defaults)
DEFAULT_IMAGES = 1


def reads_images(model: Any) -> bool:
    """Whether the model's language model reads images as tokens."""
    return bool(getattr(model.family, "images", False))


def bound(model: Any, images: int | None) -> dict[str, int]:
    """``{"n_img": K}`` for a model that reads images (K = 1 where ``images`` is None), ``{}``
    for another, which refuses ``images``; K is a whole number, 0 for text alone."""
    if not reads_images(model):
        if images is not None:
            raise InvalidValueError(f"{model.label} reads no images; leave out ",
                                    Param("images"))
        return {}
    if images is None:
        return {"n_img": DEFAULT_IMAGES}
    count = as_int(images)
    if count is None or count < 0 or count > MAX_VALUE:
        raise InvalidValueError(Param("images"), f" must be a whole number of images (0 for "
                                f"text alone), got {images!r}")
    return {"n_img": count}


@frozen
class ImageReading:
    """How a vision–language model reads ``images`` images a sequence: the patches its vision
    tower sees in each (side × side), the tokens each becomes in the language model's
    sequence, and their total; ``kernel``: the side of the blocks a pooling averages the
    patches in (Gemma 3), 0 where each token is one of the tower's states (LLaVA)."""

    images: int
    side: int
    patches: int
    kernel: int
    per_image: int

    @property
    def tokens(self) -> int:
        return self.images * self.per_image

    def sentence(self) -> str:
        """One line saying it, every number from the model."""
        made = (f"its {self.side}×{self.side} patches averaged in {self.kernel}×{self.kernel} "
                "blocks" if self.kernel else "the tower's states for it, each projected")
        return (f"{self.images:,} image{'s' if self.images != 1 else ''} a sequence: each is "
                f"{self.patches:,} patches ({self.side}×{self.side}) in the vision tower and "
                f"becomes {self.per_image:,} tokens in the language model's sequence "
                f"({made}); {self.tokens:,} image tokens beside the s of the text")


def reading(model: Any, images: int | None) -> ImageReading:
    """The :class:`ImageReading` of ``model`` at ``images`` images a sequence."""
    count = bound(model, images).get("n_img")
    if count is None:
        raise InvalidValueError(f"{model.label} reads no images")
    tokens = getattr(model.tree, "tokens", s_img)
    values = model.bind()
    missing = sorted({s.name for s in tokens.free_symbols | {R, P}} - set(values))
    if missing:
        raise InvalidValueError(f"{model.name} has no value of {', '.join(missing)}: the "
                                "tokens an image becomes are not known (the pooling cannot run "
                                "with more tokens a side than patches)")
    side = values["R"] // values["P"]
    per_image = model.value_of(tokens)
    kernel = side // math.isqrt(per_image) if tokens == s_img and per_image else 0
    return ImageReading(count, side, side * side, kernel, per_image)
