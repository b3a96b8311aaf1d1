"""``--images K`` and ``--image-size HxW`` of ``symparam flops`` and ``memory``: the images each
sequence holds and their size, for a vision–language model (Gemma 3, LLaVA, Qwen2.5-VL), and
the line that says what they become."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from symparam.cli_common import whole
from symparam.errors import SymparamError
from symparam.images import image_size, reading, reads_images


def _size(text: str) -> tuple[int, int]:
    try:
        return image_size(text)
    except SymparamError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_argument(parser: argparse.ArgumentParser) -> None:
    """``--images K`` (0 for text alone; 1 when not given, for a model that reads images) and
    ``--image-size HxW`` (or N for a square)."""
    parser.add_argument("--images", type=whole(least=0), metavar="K",
                        help="images each sequence holds, for a vision–language model "
                             "(default 1; 0: text alone); --seq counts the text's tokens")
    parser.add_argument("--image-size", type=_size, metavar="HxW",
                        help="each image's height and width in pixels (or N: N×N), as the "
                             "processor is given it: Qwen2.5-VL reads it at its own resolution "
                             "(default 448x448), LLaVA-NeXT cuts it into tiles by its "
                             "size; Gemma 3 and LLaVA resize it to their own; a model "
                             "read off transformers whose config sizes no image (ResNet) "
                             "reads N, the side R of its square images")


def sized(args: argparse.Namespace) -> tuple[int, int] | None:
    """The ``--image-size`` given, if any."""
    return getattr(args, "image_size", None)


def record(model: Any, args: argparse.Namespace) -> dict[str, Any]:
    """What ``--json`` says of the images: their count, size, the patches and tokens of each."""
    if not reads_images(model):
        return {}
    found = reading(model, args.images, sized(args))
    tiles = found.anyres
    extra = {} if tiles is None else {  # LLaVA-NeXT's anyres: the pinpoint, tiles, rows kept
        "pinpoint": list(tiles.best), "tile_grid": list(tiles.grid),
        "tiles_per_image": tiles.tiles, "features_kept": list(tiles.kept),
        "features_shrunk_to": list(tiles.pooled), "read_whole": tiles.whole}
    return {"images": {**extra, "count": found.images, "patches_per_image": found.patches,
                       "patch_grid": [found.rows, found.columns], "pooled_by": found.kernel,
                       "merged_by": found.merge, "resized_to": list(found.pixels),
                       "tokens_per_image": found.per_image, "image_tokens": found.tokens,
                       "text": found.sentence()}}


def show(model: Any, args: argparse.Namespace) -> None:
    """The line that says what the images become, where the model reads images."""
    if reads_images(model):
        print(textwrap.fill(reading(model, args.images, sized(args)).sentence(), 100,
                            initial_indent="  ", subsequent_indent="    "))
