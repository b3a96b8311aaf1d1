"""A convolution over the sequence, as ``torch.nn.Conv1d`` holds it.

>>> from symparam.symbols import B, H, s
>>> conv = Conv1d(H, H, 3)
>>> conv.params, conv.flops(B, s)
(3*H**2 + H, 6*B*H**2*s)
"""

from __future__ import annotations

import sympy

from symparam.blocks.base import Block, Size, Tensor, as_size
from symparam.blocks.saved import ACT, Saved


class Conv1d(Block):
    """``torch.nn.Conv1d``: ``weight`` (out, in/groups, kernel) and ``bias`` (out). With an odd
    kernel and (kernel − 1)/2 padding on each side (DeBERTa-v2's) the sequence keeps its
    length, so each token costs 2·out·(in/groups)·kernel FLOPs, as FlopCounterMode counts a
    convolution."""

    kind = "conv"
    across_tokens = True

    def __init__(self, in_channels: Size, out_channels: Size, kernel: Size, groups: Size = 1,
                 bias: bool = True) -> None:
        self.in_channels = as_size(in_channels, "in_channels")
        self.out_channels = as_size(out_channels, "out_channels")
        self.kernel = as_size(kernel, "kernel size")
        self.groups = as_size(groups, "groups")
        self.weight = Tensor(self.out_channels, self.in_channels / self.groups, self.kernel)
        self.bias = Tensor(self.out_channels) if bias else None

    def children(self) -> tuple[tuple[str, Block], ...]:
        if self.bias is None:
            return (("weight", self.weight),)
        return (("weight", self.weight), ("bias", self.bias))

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        per_token = self.out_channels * self.in_channels / self.groups * self.kernel
        return 2 * batch * self.own_seq(seq) * per_token

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        if self.bias is None:
            return {}
        return {"bias": batch * self.own_seq(seq) * self.out_channels}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """Its input (channels first: DeBERTa-v2 makes that copy for it), for the weight's
        gradient."""
        return Saved.of((self.input_key, ACT, batch * self.own_seq(seq) * self.in_channels))
