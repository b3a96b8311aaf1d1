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

from symparam.blocks.base import Block, Number, Row, join
from symparam.blocks.entries import Dim, as_size
from symparam.blocks.layers import Elementwise
from symparam.blocks.numbers import value
from symparam.blocks.roles import Form
from symparam.blocks.saved import ACT, ACTIVATION_SAVES, BOOL, F32, I64, Key, Saved
from symparam.blocks.tree import Tensor
from symparam.errors import InvalidValueError, ModelDefinitionError


class Experts(Block):
    """``count`` experts as stacked tensors whose first dimension is ``count``; ``active`` used.

    For the work besides matrix products: each active expert applies a gated activation to
    ``inner`` numbers (``clamped``: gpt-oss's clamped SwiGLU), adds its bias vectors, and its
    ``outer`` outputs are weighted and added into the token's result.
    """

    kind = "experts"

    def __init__(self, count: Dim, active: Dim, inner: Dim | None = None,
                 outer: Dim | None = None, clamped: bool = False, fn: str = "silu",
                 **tensors: Tensor) -> None:
        self.clamped = clamped
        self.fn = fn  # the gate's activation function (transformers' name)
        self.count_expr = as_size(count, "expert count")
        self.active = as_size(active, "experts per token")
        self.inner = None if inner is None else as_size(inner, "expert width")
        self.outer = None if outer is None else as_size(outer, "expert output")
        for name, tensor in tensors.items():
            if not isinstance(tensor, Tensor) or tensor.shape[0] != self.count_expr:
                raise InvalidValueError(f"expert tensor {name} must have {count} as its first size")
            tensor.expert = True
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

    def forms(self, outer: str = "other") -> dict[str, tuple[Form, ...]]:
        """Experts with how many there are and how many a token uses."""
        return {self.kind or outer: (Form("experts", (self.count_expr, self.active), (),
                                          self.fn),)}

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

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """What transformers' eager experts keep, for every (token, expert) pair whatever the
        routing (each expert keeps as many rows as it has tokens, one that has none keeps
        nothing): the token's positions (two int64: its row and its place among the k), its
        hidden state, the fused gate/up output, the activation's output and the gated product
        (gpt-oss's clamped SwiGLU: five tensors of d, and the gate/up output), the expert's
        output, its routing weight (``weights`` its kind) and the weighted output the sum
        reads."""
        if self.inner is None or self.outer is None:
            raise ModelDefinitionError("these experts do not give their widths")
        if not self.clamped and ACTIVATION_SAVES.get(self.fn) != (True, False, 0):
            raise InvalidValueError(f"symparam derives what experts keep for activations that "
                                    f"keep their input alone (SiLU, GELU), not {self.fn}")
        pairs = batch * self.own_seq(seq) * self.active
        inner = (7 if self.clamped else 4) * self.inner
        return Saved.of((Key("expert rows", routed=True), I64, 2 * pairs),
                        (Key("expert tensors", routed=True), ACT,
                         pairs * (3 * self.outer + inner)),
                        (Key("routing weights", routed=True), self.weights, pairs))

    #: the kind of storage of the routing weights (fp32 where the router keeps them so)
    weights: str = F32

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """Each token runs through k experts: 2 FLOPs per weight of their matrices (the
        3-D tensors; bias vectors add no products)."""
        matrices = sympy.Add(*(t.params for _, t in self._children if len(t.shape) == 3))
        return 2 * batch * seq * matrices * self.active / self.count_expr


class Routing(Elementwise):
    """A router's choice of experts, after its logits (FLOPs: ``kinds`` per number of
    ``width``, as :class:`~symparam.blocks.Elementwise`), and what its backward pass keeps,
    by ``style``: ``softmax``, the softmax over the E logits in fp32 and the top k's indices
    (``renorm``: the k weights renormalised in place, which keeps them and their sum;
    ``clamped``: their sum clamped from below first, which keeps the sum before the clamp too,
    ERNIE 4.5's);
    ``top_softmax`` (gpt-oss), the top k's indices and the softmax over them; ``grouped``
    (DeepSeek-V3), the sigmoid of the logits in fp32, the indices of the best two in each of
    ``groups`` groups and of the ``chosen`` groups, the mask of their experts, the top k's
    indices (and, ``renorm``, the weights and their sum)."""

    def __init__(self, width: Dim, style: str, experts: Dim, active: Dim,
                 renorm: bool = False, groups: Dim = 1, chosen: Dim = 1,
                 clamped: bool = False, **kinds: int) -> None:
        super().__init__(width, **kinds)
        self.clamped = clamped
        if style not in ("softmax", "top_softmax", "grouped"):
            raise ModelDefinitionError("a routing is softmax, top_softmax or grouped")
        self.style, self.renorm = style, renorm
        self.experts, self.active = as_size(experts, "experts"), as_size(active, "top k")
        self.groups, self.chosen = as_size(groups, "expert groups"), as_size(chosen, "groups")

    def symbols(self) -> set[sympy.Symbol]:
        own = (self.experts, self.active, self.groups, self.chosen)
        return super().symbols().union(*(e.free_symbols for e in own))

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        tokens = batch * self.own_seq(seq)
        e, k = self.experts, self.active
        if self.style == "top_softmax":
            return Saved.of((None, I64, tokens * k), (None, ACT, tokens * k))
        items = [(None, F32, tokens * e), (None, I64, tokens * k)]
        if self.style == "grouped":
            items += [(None, I64, tokens * self.groups * 2), (None, I64, tokens * self.chosen),
                      (None, BOOL, tokens * e)]
        if self.renorm:
            items += [(None, F32, tokens), (None, F32, tokens * k)]
        if self.renorm and self.clamped:
            items.append((None, F32, tokens))
        return Saved.of(*items)
