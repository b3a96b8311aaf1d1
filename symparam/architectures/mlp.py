"""A plain stack of Linear layers, like the toy ``Net`` of seed 003.

``layers`` Linear layers named ``linear1`` … ``linearK``; layer k maps d_{k-1} → d_k, so the
widths d_0 (input) … d_K are the hyperparameters. Activations carry no weights.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.blocks import Linear, Sequential
from symparam.family import Family, Option
from symparam.symbols import width


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    count, bias = int(options["layers"]), bool(options["bias"])
    widths = [width(k).symbol for k in range(count + 1)]
    return Sequential(
        kind="mlp",
        **{f"linear{k}": Linear(widths[k - 1], widths[k], bias=bias) for k in range(1, count + 1)}
    )


FAMILY = Family(
    name="mlp",
    title="MLP",
    description="a plain stack of Linear layers with widths d_0 … d_K",
    architectures={"MLP": "Linear layers in sequence, no other weights"},
    build=build,
    options=(
        Option("layers", 2, "number of Linear layers"),
        Option("bias", True, "biases on the Linear layers (torch's default)"),
    ),
)
