"""``--images K`` of ``symparam flops`` and ``memory``: the images each sequence holds, for a
vision–language model (Gemma 3), and the line that says what they become."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from symparam.cli_common import whole
from symparam.images import reading, reads_images


def add_argument(parser: argparse.ArgumentParser) -> None:
    """``--images K`` (0 for text alone; 1 when not given, for a model that reads images)."""
    parser.add_argument("--images", type=whole(least=0), metavar="K",
                        help="images each sequence holds, for a vision–language model "
                             "(default 1; 0: text alone); --seq counts the text's tokens")


def record(model: Any, args: argparse.Namespace) -> dict[str, Any]:
    """What ``--json`` says of the images: their count, the patches and tokens of each."""
    if not reads_images(model):
        return {}
    found = reading(model, args.images)
    return {"images": {"count": found.images, "patches_per_image": found.patches,
                       "patch_grid": found.side, "pooled_by": found.kernel,
                       "tokens_per_image": found.per_image, "image_tokens": found.tokens,
                       "text": found.sentence()}}


def show(model: Any, args: argparse.Namespace) -> None:
    """The line that says what the images become, where the model reads images."""
    if reads_images(model):
        print(textwrap.fill(reading(model, args.images).sentence(), 100, initial_indent="  ",
                            subsequent_indent="    "))
