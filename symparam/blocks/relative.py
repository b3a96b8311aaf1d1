"""Blocks for attention with relative positions: DeBERTa's disentangled attention and the
shared relative-position table it projects.

DeBERTa (He et al. 2021) keeps one table of relative-position embeddings (2·n_rel × H) for all
layers. Work on that table is done once per forward pass, whatever the batch and sequence
(:class:`OnTable`); each layer's attention adds to its content-to-content scores the
content-to-position and position-to-content terms (:class:`DisentangledAttention`).

>>> from symparam.blocks import Linear
>>> from symparam.symbols import B, H, n_rel, s
>>> OnTable(2 * n_rel, Linear(H, H)).flops(B, s)
4*H**2*n_rel
"""

from __future__ import annotations

import sympy

from symparam.blocks.base import Block, Size, as_size, merge
from symparam.blocks.layers import Attention


class OnTable(Block):
    """``block`` run once per forward pass on the ``rows`` rows of a table, not on each
    sequence's tokens (DeBERTa normalises its relative-position table once and projects it once
    in each layer). It adds no name of its own."""

    def __init__(self, rows: Size, block: Block) -> None:
        self.rows = as_size(rows, "table rows")
        self.block = block

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("", self.block),)

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.block.flops(sympy.Integer(1), self.rows)

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.block.products(sympy.Integer(1), self.rows)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return self.block.nonmatmul(sympy.Integer(1), self.rows)


class TableProduct(Block):
    """Each token's vector multiplied by a table another block owns (DeBERTa's masked-LM head
    reads the word table itself): 2·in·out FLOPs a token and no weights of its own;
    ``bias``: a bias vector (held elsewhere) added to each output."""

    def __init__(self, in_features: Size, out_features: Size, bias: bool = False) -> None:
        self.in_features = as_size(in_features, "in_features")
        self.out_features = as_size(out_features, "out_features")
        self.bias = bias

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * self.own_seq(seq) * self.in_features * self.out_features

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {"bias": batch * self.own_seq(seq) * self.out_features} if self.bias else {}


class DisentangledAttention(Attention):
    """DeBERTa's self-attention: the content scores QKᵀ plus, with ``relative``, a
    content-to-position term (each query against the 2·n_rel projected positions, ``c2p``)
    and a position-to-content term (each key against them, ``p2c``), each gathered to s×s,
    divided by its scale and added in.

    ``width`` is h·d_head, ``hidden`` the input width H, ``rows`` the table's 2·n_rel rows.
    The positions are projected by ``pos_key_proj`` and ``pos_query_proj`` (children, on the
    table), or, with ``shared``, by the content projections themselves: ``query_proj`` and
    ``key_proj`` run over the table once more (both, whichever terms are used). FLOPs, as
    FlopCounterMode counts the eager code: the projections, QKᵀ and the weighted values
    (2·B·s²·width each, the attention products), and 2·B·s·rows·width for each term. The keys
    are divided by √(d_head·(1 + terms)) before QKᵀ (``scale``: B·s·width numbers), each term's
    scores after (B·h·s² more); each term is added to the scores (``score_add``).
    """

    def __init__(self, width: Size, hidden: Size, heads: Size, rows: Size, *, relative: bool,
                 c2p: bool, p2c: bool, shared: bool, **named: Block) -> None:
        super().__init__(width, width, heads=heads, scaled=False, **named)
        self.width = as_size(width, "width")
        self.hidden = as_size(hidden, "hidden size")
        self.rows = as_size(rows, "table rows")
        self.relative = relative
        self.terms = int(c2p) + int(p2c) if relative else 0
        self.shared = shared and relative

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        seq = self.own_seq(seq)
        own = self.terms * 2 * batch * seq * self.rows * self.width
        if self.shared:  # query_proj and key_proj over the table
            own += 2 * (2 * self.rows * self.hidden * self.width)
        return super().flops(batch, seq) + own

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        seq = self.own_seq(seq)
        scores = self.scores(batch, seq)
        own = {"scale": batch * seq * self.width + self.terms * scores}
        if self.terms:
            own["score_add"] = self.terms * scores
        if self.shared:  # the biases of query_proj and key_proj, over the table
            own["bias"] = 2 * self.rows * self.width
        return merge((super().nonmatmul(batch, seq), own))


class Idle(Block):
    """Weights a forward pass does not use: DeBERTa-v2 builds the relative-position table's
    LayerNorm whether or not it has relative attention, and runs it only when it has."""

    def __init__(self, block: Block) -> None:
        self.block = block

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("", self.block),)

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return sympy.Integer(0)

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return sympy.Integer(0)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {}
