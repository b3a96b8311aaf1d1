"""Blocks of a vision–language model: the parts that run once per image, and the language
model whose sequence holds each image's tokens beside the text's.

A forward pass reads B sequences, each of s text tokens and n_img images. The vision tower
runs on each image alone (B·n_img images, each its own sequence of patches: attention does
not cross images); each image becomes s_img tokens in the language model's sequence, which is
then s + n_img·s_img tokens long. A decoding step runs no image again: the images were read
with the prompt, and the cache holds their tokens.
"""

from __future__ import annotations

from typing import Any

import sympy

from symparam.blocks.base import Block, Placed, adopt
from symparam.blocks.saved import Saved
from symparam.symbols import n_img, s_img


class PerImage(Block):
    """``inner`` run on each image alone: on B·n_img images a forward pass, each a sequence of
    ``seq`` positions (its patches). Transparent in tensor names (its one child is unnamed);
    one part in a breakdown of compute (its FLOPs are for B·n_img images, not B sequences);
    ``copies``: the times it runs on each image (LLaVA-NeXT's tower on n_tile tiles of it)."""

    def __init__(self, inner: Block, seq: sympy.Expr, copies: sympy.Expr = sympy.S.One) -> None:
        self._children = adopt("PerImage", [("", inner)])
        self.inner = inner
        self.sequence = seq
        self.copies = copies
        self.kind = inner.kind

    def children(self) -> tuple[tuple[str, Block], ...]:
        return self._children

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.inner.flops(batch * n_img * self.copies, self.own_seq(seq))

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.inner.products(batch * n_img * self.copies, self.own_seq(seq))

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return self.inner.nonmatmul(batch * n_img * self.copies, self.own_seq(seq))

    def flops_by_kind(self, batch: sympy.Expr, seq: sympy.Expr,
                      outer: str = "other") -> dict[str, sympy.Expr]:
        return self.inner.flops_by_kind(batch * n_img * self.copies, self.own_seq(seq),
                                        self.kind or outer)

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        return self.inner.saved(batch * n_img * self.copies, self.own_seq(seq), policy, None)

    def decoded(self, batch: sympy.Expr, seq: sympy.Expr, absorb: bool = False) -> sympy.Expr:
        return sympy.S.Zero  # the images were read with the prompt

    def decoded_nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {}

    def cache(self, seq: sympy.Expr) -> sympy.Expr:
        return sympy.S.Zero  # an image's tower keeps nothing for later tokens

    def stacks(self, seq: sympy.Expr) -> list[tuple[Block, sympy.Expr]]:
        """The tower's stacks of layers, each run on every image (so that full recomputation
        runs them again on B·n_img images)."""
        inner = self.own_seq(seq)
        return [(PerImage(stack, at, self.copies), inner) for stack, at in self.inner.stacks(inner)]

    def placed(self, path: str, seq: sympy.Expr | None, weightless: bool) -> list[Any]:
        """Opened down to its stacks for a breakdown of the weights (no sequence); one part
        for compute, whose FLOPs are its own (on B·n_img images)."""
        if seq is None:
            return super().placed(path, seq, weightless)
        return [Placed(path, self, seq)]


class WithImageTokens(Block):
    """``inner`` (the language model, its head) on its parent's s text tokens and the tokens
    the images became, ``tokens`` each (s_img unless the tree says otherwise): s + n_img·s_img
    positions, for its FLOPs, its cache and the keys a decoding step attends over; ``rows``:
    of those, the tokens the processor adds an image, one after each row of its tokens (Mistral
    3's [IMG_BREAK] and [IMG_END]), where it adds any; ``side``: the side of the square grid
    an image's tokens form where they are its patches merged m × m (⌊⌊R/P⌋/m⌋; Mistral 3's
    rows), which a derivation writes as one symbol, r_img. Transparent in tensor names and
    breakdowns."""

    def __init__(self, inner: Block, tokens: sympy.Expr = s_img,
                 rows: sympy.Expr | None = None, side: sympy.Expr | None = None) -> None:
        self._children = adopt("WithImageTokens", [("", inner)])
        self.inner = inner
        self.tokens = tokens
        self.rows = rows
        self.side = rows if side is None else side
        self.kind = inner.kind

    def children(self) -> tuple[tuple[str, Block], ...]:
        return self._children

    def own_seq(self, seq: sympy.Expr) -> sympy.Expr:
        return seq + n_img * self.tokens

    def decoded(self, batch: sympy.Expr, seq: sympy.Expr, absorb: bool = False) -> sympy.Expr:
        return self.inner.decoded(batch, self.own_seq(seq), absorb)

    def decoded_nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return self.inner.decoded_nonmatmul(batch, self.own_seq(seq))
