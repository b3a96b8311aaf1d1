"""Mixture-of-experts: E experts stored as stacked tensors, of which a token uses k.

transformers 5 keeps an MoE layer's experts as 3-D parameters (``experts.gate_up_proj`` of
E × 2·d × H, ``experts.down_proj`` of E × H × d, …). :class:`Experts` holds them and knows
that a token routed to k of the E experts touches k/E of their weights.

>>> from symparam.symbols import E, H, k, d_moe
>>> experts = Experts(E, k, gate_up_proj=Tensor(E, 2 * d_moe, H), down_proj=Tensor(E, H, d_moe))
>>> experts.params, experts.active_params
(3*E*H*d_moe, 3*H*d_moe*k)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import cached_property

import sympy

from symparam.blocks.base import Block, Number, Row, Size, Tensor, as_size, join, value
from symparam.errors import InvalidValueError, ModelDefinitionError


class Experts(Block):
    """``count`` experts as stacked tensors whose first dimension is ``count``; ``active`` used.

    For the work besides matrix products: each active expert applies a gated activation to
    ``inner`` numbers (``clamped``: gpt-oss's clamped SwiGLU), adds its bias vectors, and its
    ``outer`` outputs are weighted and added into the token's result.
    """

    kind = "experts"

    def __init__(self, count: Size, active: Size, inner: Size | None = None,
                 outer: Size | None = None, clamped: bool = False, **tensors: Tensor) -> None:
        self.clamped = clamped
        self.count_expr = as_size(count, "expert count")
        self.active = as_size(active, "experts per token")
        self.inner = None if inner is None else as_size(inner, "expert width")
        self.outer = None if outer is None else as_size(outer, "expert output")
        for name, tensor in tensors.items():
            if not isinstance(tensor, Tensor) or tensor.shape[0] != self.count_expr:
                raise InvalidValueError(f"expert tensor {name} must have {count} as its first size")
        self._children = tuple(tensors.items())

    def children(self) -> tuple[tuple[str, Block], ...]:
        return self._children

    @cached_property
    def at_most(self) -> tuple[tuple[sympy.Expr, sympy.Expr, str], ...]:
        return ((self.active, self.count_expr,
                 "a token is routed to that many of the experts"),)

    @cached_property
    def active_params(self) -> sympy.Expr:
        return self.params * self.active / self.count_expr

    def numeric(self, env: Mapping[sympy.Symbol, Number], active: bool = False) -> Number:
        total = super().numeric(env)
        if not active:
            return total
        return Fraction(total) * value(self.active, env) / value(self.count_expr, env)

    def symbols(self) -> set[sympy.Symbol]:
        return super().symbols() | self.active.free_symbols | self.count_expr.free_symbols

    def by_kind(self, outer: str = "other", active: bool = False) -> dict[str, sympy.Expr]:
        return {self.kind or outer: self.active_params if active else self.params}

    def table_rows(self, path: str = "") -> Iterator[Row]:
        """One row per stacked tensor (E × …), not one for the module."""
        for name, tensor in self._children:
            yield from tensor.table_rows(join(path, name))

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        if self.inner is None or self.outer is None:
            raise ModelDefinitionError("these experts do not give their widths")
        routed = batch * self.own_seq(seq) * self.active  # (token, expert) pairs
        out = {"activation": routed * self.inner,
               "clamped_glu" if self.clamped else "gate": routed * self.inner,
               "combine": routed * self.outer}
        biases = sympy.Add(*(t.params for _, t in self._children if len(t.shape) == 2))
        if biases != 0:
            out["expert_bias"] = routed * biases / self.count_expr
        return out

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """Each token runs through k experts: 2 FLOPs per weight of their matrices (the
        3-D tensors; bias vectors add no products)."""
        matrices = sympy.Add(*(t.params for _, t in self._children if len(t.shape) == 3))
        return 2 * batch * seq * matrices * self.active / self.count_expr
