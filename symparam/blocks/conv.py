"""Convolutions, as ``torch.nn.Conv1d`` and ``torch.nn.Conv2d`` hold them.

A convolution's weight is (out, in/groups, k) or (out, in/groups, k, k) and its bias (out). Its
work is per output position: each of the out numbers there is a sum over in/groups channels
and the kernel's k (or k×k) taps, 2 FLOPs a multiply-add as FlopCounterMode counts it. The
sequence a convolution runs on is the number of its *output* positions (mark it with
:func:`~symparam.blocks.on_sequence` where that is not its parent's): a length-keeping
convolution (odd k, (k − 1)/2 padding, DeBERTa-v2's) runs on its input's s tokens, Whisper's
second one (stride 2) on half its frames, a patch embedding (kernel and stride P) on the
⌊R/P⌋² patches of an image. Depthwise is ``groups = in = out``: one k×k filter per channel
(ConvNeXt's 7×7).

>>> from symparam.symbols import B, H, s
>>> conv = Conv1d(H, H, 3)
>>> conv.params, conv.flops(B, s)
(3*H**2 + H, 6*B*H**2*s)
>>> depthwise = Conv2d(H, H, 7, groups=H)
>>> depthwise.params, depthwise.flops(B, s)
(50*H, 98*B*H*s)
"""

from __future__ import annotations

import sympy

from symparam.blocks.base import Block
from symparam.blocks.entries import Dim, as_size
from symparam.blocks.saved import ACT, Saved
from symparam.blocks.tree import Tensor


class Conv1d(Block):
    """``torch.nn.Conv1d``: ``weight`` (out, in/groups, kernel) and ``bias`` (out); each output
    position costs 2·out·(in/groups)·kernel FLOPs."""

    kind = "conv"
    dims = 1
    across_tokens = True

    def __init__(self, in_channels: Dim, out_channels: Dim, kernel: Dim, groups: Dim = 1,
                 bias: bool = True) -> None:
        self.in_channels = as_size(in_channels, "in_channels")
        self.out_channels = as_size(out_channels, "out_channels")
        self.kernel = as_size(kernel, "kernel size")
        self.groups = as_size(groups, "groups")
        taps = (self.kernel,) * self.dims
        self.weight = Tensor(self.out_channels, self.in_channels / self.groups, *taps)
        self.bias = Tensor(self.out_channels) if bias else None

    def children(self) -> tuple[tuple[str, Block], ...]:
        if self.bias is None:
            return (("weight", self.weight),)
        return (("weight", self.weight), ("bias", self.bias))

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        per_position = self.out_channels * self.in_channels / self.groups * self.kernel**self.dims
        return 2 * batch * self.own_seq(seq) * per_position

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        if self.bias is None:
            return {}
        return {"bias": batch * self.own_seq(seq) * self.out_channels}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """Its input (channels first: DeBERTa-v2 makes that copy for it), for the weight's
        gradient."""
        return Saved.of((self.input_key, ACT, batch * self.own_seq(seq) * self.in_channels))


class Conv2d(Conv1d):
    """``torch.nn.Conv2d`` with a square kernel: ``weight`` (out, in/groups, k, k), ``bias``
    (out); each output position (a pixel of its output map) costs 2·out·(in/groups)·k² FLOPs.
    """

    dims = 2
    # what it keeps, as types-20 had it (none of its own): the families that use one keep
    # their own rule (ConvNeXt's stem, downsampling and depthwise convolutions)
    saved = Block.saved
