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

from symparam.blocks.attention import Attention
from symparam.blocks.base import Block, merge
from symparam.blocks.entries import Dim, as_size
from symparam.blocks.saved import ACT, BOOL, I64, Key, Saved
from symparam.blocks.tree import Inert
from symparam.errors import InvalidValueError


class OnTable(Block):
    """``block`` run once per forward pass on the ``rows`` rows of a table, not on each
    sequence's tokens (DeBERTa normalises its relative-position table once and projects it once
    in each layer). It adds no name of its own.

    For what a training step saves: ``reads``, the model-wide key of the table it reads where
    that is an activation (the normalised table, made once for every layer); None where it
    reads the table's weight itself, which is no activation (its storage is not counted)."""

    def __init__(self, rows: Dim, block: Block, reads: Key | None = None) -> None:
        self.rows = as_size(rows, "table rows")
        self.block = block
        self._weight = Key("the table's weight")  # what the block reads, where it is a weight
        block.input_key = self._weight if reads is None else reads

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("", self.block),)

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.block.flops(sympy.Integer(1), self.rows)

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.block.products(sympy.Integer(1), self.rows)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return self.block.nonmatmul(sympy.Integer(1), self.rows)

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """What the block keeps over the table's rows (a LayerNorm its mean and 1/σ of each, a
        projection its input), once; its input not where it is the table's weight."""
        found = self.block.saved(sympy.Integer(1), self.rows, policy)
        return Saved({k: v for k, v in found.layer.items() if k is not self._weight},
                     found.model, {k: v for k, v in found.each.items() if k is not self._weight})


class TableProduct(Block):
    """Each token's vector multiplied by a table another block owns (DeBERTa's masked-LM head
    reads the word table itself): 2·in·out FLOPs a token and no weights of its own;
    ``bias``: a bias vector (held elsewhere) added to each output."""

    def __init__(self, in_features: Dim, out_features: Dim, bias: bool = False) -> None:
        self.in_features = as_size(in_features, "in_features")
        self.out_features = as_size(out_features, "out_features")
        self.bias = bias

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * self.own_seq(seq) * self.in_features * self.out_features

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {"bias": batch * self.own_seq(seq) * self.out_features} if self.bias else {}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """Its input, for the gradient of the table it multiplies by."""
        return Saved.of((self.input_key, ACT, batch * self.own_seq(seq) * self.in_features))


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

    For what a training step keeps (:meth:`saved`), ``table``: the model-wide key of the
    normalised table that shared projections read (None where they read the table's weight).
    """

    def __init__(self, width: Dim, hidden: Dim, heads: Dim, rows: Dim, *, relative: bool,
                 c2p: bool, p2c: bool, shared: bool, table: Key | None = None,
                 **named: Block) -> None:
        super().__init__(width, width, heads=heads, scaled=False, recomputable=False, **named)
        self.width = as_size(width, "width")
        self.hidden = as_size(hidden, "hidden size")
        self.rows = as_size(rows, "table rows")
        self.relative = relative
        self.c2p, self.p2c = c2p and relative, p2c and relative
        self.terms = int(self.c2p) + int(self.p2c)
        self.shared = shared and relative
        self.table = table

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

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """What transformers' eager code keeps, each layer: the projections' input (and the
        table, where it is the normalised one they read); the queries and the keys divided by
        their scale (QKᵀ), that scale (a one-number tensor in the model's dtype), the values and
        the softmax's output (B·h·s²), and the inverted mask masked_fill keeps (B·s² booleans,
        made in each layer). Each position term keeps the 2·n_rel projected positions repeated
        for each sequence (B·2n_rel·h·d_head; the content-to-position term against the queries,
        the position-to-content one against the keys themselves, B·s·h·d_head more), the product
        (B·h·s·2n_rel) its gather picks from, the gather's int64 indices (s², expanded from one
        sequence's) and its own scale. The core is written inline: selective recomputation
        cannot wrap it."""
        if policy == "selective":
            raise InvalidValueError("selective recomputation is derived where transformers' "
                                    "attention core is a function that can be checkpointed; "
                                    "this model's is written inline")
        found = Block.saved(self, batch, seq, policy, view)  # the projections
        inner = self.own_seq(seq)
        tokens, pairs = batch * inner * self.width, inner * inner
        heads = self.heads
        items: list[tuple[Key | None, str, sympy.Expr]] = [
            (None, ACT, sympy.S.One), (None, ACT, tokens), (None, ACT, tokens),
            (None, ACT, tokens), (None, BOOL, batch * pairs), (None, ACT, batch * heads * pairs)]
        if self.shared and self.table is not None:  # query_proj and key_proj read the table
            items.append((self.table, ACT, self.rows * self.hidden))
        for _ in range(self.terms):
            items += [(None, ACT, batch * self.rows * self.width), (None, I64, pairs),
                      (None, ACT, batch * heads * inner * self.rows), (None, ACT, sympy.S.One)]
        if self.p2c:  # the keys, not divided by the scale
            items.append((None, ACT, tokens))
        return found | Saved.of(*items)


class Idle(Inert):
    """Weights a forward pass does not use: DeBERTa-v2 builds the relative-position table's
    LayerNorm whether or not it has relative attention, and runs it only when it has."""

    def __init__(self, block: Block) -> None:
        self.block = block

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("", self.block),)
