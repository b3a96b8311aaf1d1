"""Attention as torch runs it: projections, heads, the scores and weighted values over the
keys each query sees, what a step saves and what decoding keeps.

>>> from symparam.blocks import Linear
>>> from symparam.symbols import H, h
>>> Attention(H, H, heads=h, q=Linear(H, H), k=Linear(H, H), v=Linear(H, H),
...           o=Linear(H, H)).params
4*H**2 + 4*H
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy

from symparam.blocks.base import Block, adopt, merge, on_sequence
from symparam.blocks.entries import Dim, as_expr, as_size
from symparam.blocks.roles import Form, merge_forms
from symparam.blocks.saved import (
    ACT,
    BOOL,
    BOOL_MASK,
    CAST,
    F32,
    I64,
    MASK,
    ROTARY_COS,
    ROTARY_SIN,
    Key,
    Saved,
    attention_core,
)
from symparam.errors import InvalidValueError, ModelDefinitionError


class Attention(Block):
    """A self-attention block: its projections, plus the two products over the sequence.

    The scores QKᵀ cost 2·B·s²·w_qk and the weighted values 2·B·s²·w_v, where w_qk and w_v are
    the total widths of the query and value heads (h·d_head each for standard attention, also
    with grouped key/value heads, whose keys and values are repeated to the h query heads).
    ``kv_cache`` is what a decoder stores per token: 2·h_kv·d_head for keys and values, or the
    compressed latent of multi-head latent attention. ``heads`` (the query heads) sizes the
    softmax, one per score; ``scaled`` says whether the scores are multiplied by 1/√d_head (T5's
    are not); ``softcap``: the scores pass through c·tanh(x/c) (Gemma2). ``window``: a
    sliding window of that many positions, over which ``windowed`` (a share) of the layers
    this attention is repeated over attend and which is all they cache (gpt-oss, Gemma2 …);
    ``layers``: how many layers of the model there are, of which ``sliding_layers`` slide
    (default ``windowed`` of them; each kind has its own mask).
    ``expanded``: children that a decoding step runs over every key it attends to, not only
    on the new token (multi-head latent attention's kv_b_proj, which transformers applies to
    the cached latents at every step); ``absorbed``: the query/key and value widths of its
    products where those up-projections are folded into the query and the output instead
    (the latent and rotary key, and the latent).

    For what a training step saves: the core keeps the queries, keys and values
    (:func:`~symparam.blocks.saved.attention_core`: ``kv_heads`` key/value heads repeated to
    the ``heads``, ``views`` those that come as slices of a projection's output), the softmax's
    output (in fp32 with ``softmax_fp32``, and a copy in the model's dtype), the soft-capping's
    tanh; ``rotary`` heads share the rotary tables (cos and sin of one row of positions,
    ``rotary`` wide; ``rotary_layers`` "each": every layer keeps fp32 copies of its own).
    Under selective recomputation the core keeps its inputs instead, and,
    ``masked``, the (B, 1, s, s) mask every layer is given.
    """

    kind = "attention"
    across_tokens = True

    def __init__(self, qk_width: Dim, v_width: Dim, /, kv_cache: Dim | None = None,
                 key_seq: sympy.Expr | None = None, heads: Dim | None = None,
                 scaled: bool = True, softcap: bool = False, sink: bool = False,
                 window: Dim | None = None, windowed: sympy.Expr | int = 1,
                 layers: sympy.Expr | int = 1, sliding_layers: sympy.Expr | int | None = None,
                 rotary_layers: str = "all",
                 rotary_fp32: bool = False,
                 rotary: Dim | None = None, kv_heads: Dim | None = None,
                 views: Mapping[str, tuple[Key, Dim]] | None = None,
                 softmax_fp32: bool = False, masked: bool = False, recomputable: bool = True,
                 interleaved: bool = False, indices: int = 0, derived: str = "",
                 fp32_inputs: tuple[str, ...] = (), fills_mask: bool = False,
                 masks_from: Dim | None = None, expanded: tuple[str, ...] = (),
                 absorbed: tuple[Dim, Dim] | None = None,
                 **named: Block) -> None:
        self.qk_width = as_size(qk_width, "query/key width")
        self.v_width = as_size(v_width, "value width")
        # numbers a decoder keeps per token for later tokens (keys and values; None: encoder)
        self.kv_cache = None if kv_cache is None else as_size(kv_cache, "cache width")
        # the keys' sequence when it is not the queries' (cross-attention)
        self.key_seq = key_seq
        self.heads = None if heads is None else as_size(heads, "head count")
        self.scaled = scaled
        self.softcap = softcap  # Gemma2's tanh soft-capping of the scores
        self.sink = sink  # gpt-oss: one more logit per head and query in the softmax
        self.window = None if window is None else as_size(window, "sliding window")
        self.windowed = as_expr(windowed)
        # of how many layers: with windows, sliding and full ones may each have their own mask
        # (and, rotary_layers "per_kind", rotary tables: Gemma3; "sliding": only they turn)
        self.layers = as_expr(layers)
        # of those, how many slide, where not ``windowed`` of them (an attention whose copies
        # are one kind of a model's layers: its own share is 1 or 0, the model's is not)
        self.sliding_layers = None if sliding_layers is None else as_expr(sliding_layers)
        self.rotary_layers = rotary_layers
        self.rotary_fp32 = rotary_fp32
        # for the tensors a training step saves: the rotated width of each head (the rotary
        # tables' width), the width of the keys (and values) as computed, before grouped heads
        # are repeated, and whether the softmax is taken in fp32 whatever the model's dtype
        self.rotary = None if rotary is None else as_size(rotary, "rotary width")
        self.kv_heads = None if kv_heads is None else as_size(kv_heads, "key/value heads")
        self.views = {name: (key, as_size(width, "projection width"))
                      for name, (key, width) in (views or {}).items()}
        self.softmax_fp32 = softmax_fp32
        self.masked = masked
        # transformers runs the core as a function a checkpoint can wrap (not BLOOM's, Falcon's)
        self.recomputable = recomputable
        self.interleaved = interleaved  # BLOOM's fused output: (B, s, heads, 3, d_head)
        self.indices = indices  # one-element index tensors a layer keeps (Falcon's k/v picks)
        self.fp32_inputs = fp32_inputs  # of q, k, v: those the core casts to fp32 (GPT-Neo's)
        # the scores are masked by masked_fill with the model's boolean mask, which it keeps
        self.fills_mask = fills_mask
        # a bidirectional encoder given no padding (ModernBERT): its global layers get no mask,
        # its sliding ones one only where the sequence is at least this long
        self.masks_from = None if masks_from is None else as_size(masks_from, "mask length")
        self.underived = derived  # why what it keeps is not derived, where it is not
        self.expanded = expanded
        self.absorbed = None if absorbed is None else (
            as_size(absorbed[0], "absorbed query/key width"),
            as_size(absorbed[1], "absorbed value width"))
        self._children = adopt("an Attention", named.items())

    def children(self) -> tuple[tuple[str, Block], ...]:
        return self._children

    def __getitem__(self, name: str) -> Block:
        return dict(self._children)[name]

    def forms(self, outer: str = "other") -> dict[str, tuple[Form, ...]]:
        """Attention with its query heads, key/value heads and query/key width per head
        (``latent``: multi-head latent attention, whose up-projections can be absorbed)."""
        kind = self.kind or outer
        heads = self.heads if self.heads is not None else sympy.S.One
        kv = self.kv_heads if self.kv_heads is not None else heads
        own = Form("attention", (heads, kv, self.qk_width / heads),
                   ("latent",) if self.absorbed is not None else ())
        return merge_forms(({kind: (own,)}, super().forms(outer)))

    def symbols(self) -> set[sympy.Symbol]:
        """The weights' symbols and those of its own rules (the heads size its softmax)."""
        own = [self.qk_width, self.v_width, self.kv_cache, self.heads, self.window, self.rotary,
               self.kv_heads]
        return super().symbols().union(*(e.free_symbols for e in own if e is not None))

    def attends_elsewhere(self) -> bool:
        return self.key_seq is not None or super().attends_elsewhere()

    def positions(self, seq: sympy.Expr) -> sympy.Expr:
        """The positions whose keys and values (or latent) it keeps after ``seq`` tokens: a
        self-attention its own tokens', a cross-attention the sequence it attends to (the
        encoder's); a layer that slides a window of W its last W − 1, as transformers'
        DynamicCache keeps them (a new token then sees W: them and itself; its StaticCache
        allocates W)."""
        inner = self.own_seq(seq) if self.key_seq is None else self.key_seq
        if self.window is None:
            return inner
        return (1 - self.windowed) * inner + self.windowed * sympy.Min(inner, self.window - 1)

    def cache(self, seq: sympy.Expr) -> sympy.Expr:
        """Keys and values (or their latent) of the :meth:`positions` it keeps."""
        if self.kv_cache is None:
            return super().cache(seq)
        return super().cache(seq) + self.kv_cache * self.positions(seq)

    def decoded(self, batch: sympy.Expr, seq: sympy.Expr, absorb: bool = False) -> sympy.Expr:
        """One new token a sequence after ``seq``: its projections on that token (not those
        that run on the encoder's states: what they make is cached), the ``expanded`` ones over
        every key it attends to, and the products of its one query with those keys: the
        positions it keeps and the new token (a cross-attention's: the encoder's). With
        ``absorb`` and ``absorbed`` widths, the expanded projections fold into the query and
        the output (on the one token) and the products run on the latent."""
        folded = absorb and self.absorbed is not None
        keys = self.key_seq if self.key_seq is not None else self.positions(seq) + 1
        qk, v = self.absorbed if folded and self.absorbed else (self.qk_width, self.v_width)
        steps = [child.flops(batch, keys) if name in self.expanded and not folded
                 else child.decoded(batch, seq, absorb)
                 for name, child in self.children() if child.sequence is None]
        return sympy.Add(*steps) + 2 * batch * keys * (qk + v)

    def decoded_nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        """The work besides products of one decoding step: its projections' on the new token
        (the ``expanded`` ones' over every key), the work per score over the keys it sees."""
        keys = self.key_seq if self.key_seq is not None else self.positions(seq) + 1
        found = [child.nonmatmul(batch, keys) if name in self.expanded
                 else child.decoded_nonmatmul(batch, seq)
                 for name, child in self.children() if child.sequence is None]
        return merge((*found, self._own_kinds(batch, sympy.S.One, keys)))

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return super().flops(batch, seq) + self._own_products(batch, seq)

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return super().products(batch, seq) + self._own_products(batch, seq)

    def flops_by_kind(self, batch: sympy.Expr, seq: sympy.Expr,
                      outer: str = "other") -> dict[str, sympy.Expr]:
        kind = self.kind or outer
        inner = self.own_seq(seq)
        projections = merge(child.flops_by_kind(batch, inner, kind)
                            for _, child in self.children())
        # what the attention adds to its projections' FLOPs, by its own rule (a subclass's
        # extra terms included): the work over the sequence
        own = sympy.expand(self.flops(batch, seq) - sympy.Add(*projections.values()))
        return merge((projections, {"scores": own}))

    def _own_products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """QKᵀ and the weighted values: 2 FLOPs per multiply-add over every query and key."""
        seq = self.own_seq(seq)
        keys = seq if self.key_seq is None else self.key_seq
        return 2 * batch * seq * keys * (self.qk_width + self.v_width)

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        around = super().saved(batch, seq, policy, view)  # projections and q/k norms
        inner = self.own_seq(seq)
        keys = inner if self.key_seq is None else self.key_seq
        found = around
        kinds = self._kinds()
        if self.rotary is not None and self.rotary_layers == "each":
            # ERNIE 4.5: each layer interleaves the fp32 tables anew (half of each repeated
            # twice), and multiplies by its own copies
            table = inner * self.rotary
            found = found | Saved.of((None, F32, table), (None, F32, table))
        elif self.rotary is not None:  # cos and sin for one row of positions, for every layer
            table = inner * self.rotary * {"all": 1, "per_kind": kinds,
                                           "sliding": sympy.Min(self._sliding(), 1)}[
                self.rotary_layers]
            kind = F32 if self.rotary_fp32 else ACT  # OLMo's tables stay in fp32
            found = found | Saved.of((ROTARY_COS, kind, table), (ROTARY_SIN, kind, table))
        if self.underived:
            raise InvalidValueError(self.underived)
        if policy == "selective" and not self.recomputable:
            raise InvalidValueError("selective recomputation is derived where transformers' "
                                    "attention core is a function that can be checkpointed; "
                                    "this model's is written inline")
        core = attention_core(batch, inner, keys, self.heads, self.kv_heads, self.qk_width,
                              self.v_width, self.views, policy, self.interleaved,
                              self.fp32_inputs)
        if policy == "selective":  # the core runs again from its inputs, the mask among them
            masks = kinds
            if self.masks_from is not None:
                masks = sympy.Min(self._sliding(), 1) * \
                    sympy.Min(sympy.Max(inner - self.masks_from + 1, 0), 1)
            return found | Saved.of(*core, (MASK, ACT, batch * inner * keys * masks
                                            if self.masked else 0))
        scores = self.scores(batch, seq)
        if self.sink:  # the softmax over one more logit a row, whose maximum keeps its index
            scores = scores + batch * self.heads * inner
            core.append((None, I64, batch * self.heads * inner))
        core.append((None, F32 if self.softmax_fp32 else ACT, scores))
        core += [(None, I64, sympy.S.One)] * self.indices
        if self.fills_mask:
            core.append((BOOL_MASK, BOOL, batch * inner * keys))
        if self.softmax_fp32:
            core.append((None, CAST, scores))
        if self.softcap:
            core.append((None, ACT, scores))
        return found | Saved.of(*core)

    def _sliding(self) -> sympy.Expr:
        """How many of the ``layers`` slide a window."""
        if self.window is None:
            return sympy.S.Zero
        if self.sliding_layers is not None:
            return self.sliding_layers
        return sympy.expand(self.windowed * self.layers)

    def _kinds(self) -> sympy.Expr:
        """How many kinds of layer there are (sliding, full): each has its own mask."""
        if self.window is None:
            return sympy.S.One
        sliding = self._sliding()
        return sympy.Min(sliding, 1) + sympy.Min(self.layers - sliding, 1)

    def checkpointed(self, batch: sympy.Expr, seq: sympy.Expr) -> Saved:
        """An attention is called with what its input projections read (marked as one
        tensor), else what its first child reads."""
        readers = [c for _, c in self.children() if c.input_key is not None]
        first = readers[0] if readers else self.children()[0][1]
        return first.checkpointed(batch, self.own_seq(seq))

    def scores(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """Attention scores: one per head, query and key (what the softmax runs over)."""
        seq = self.own_seq(seq)
        return self._scores(batch, seq, seq if self.key_seq is None else self.key_seq)

    def _scores(self, batch: sympy.Expr, queries: sympy.Expr, keys: sympy.Expr) -> sympy.Expr:
        if self.heads is None:
            raise ModelDefinitionError("this attention block does not give its head count")
        return batch * self.heads * queries * keys

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        inner = self.own_seq(seq)
        keys = inner if self.key_seq is None else self.key_seq
        return merge((super().nonmatmul(batch, seq), self._own_kinds(batch, inner, keys)))

    def _own_kinds(self, batch: sympy.Expr, queries: sympy.Expr, keys: sympy.Expr
                   ) -> dict[str, sympy.Expr]:
        """Its own work besides products, for ``queries`` against ``keys`` a head: the
        softmax, scaling and soft-capping of each score, a sink's logit for each query."""
        scores = self._scores(batch, queries, keys)
        own = {"softmax": scores}
        if self.scaled:
            own["scale"] = scores
        if self.softcap:
            own["softcap"] = scores
        if self.sink:
            own["sink"] = batch * self.heads * queries
        return own


def attends_to(seq: sympy.Expr, attention: Attention, *projections: str) -> Attention:
    """``attention`` made a cross-attention: its queries are its own sequence's tokens (a
    decoder's), its keys and values the ``seq`` states of another (the encoder's), projected by
    the children named ``projections``, which run on those ``seq`` tokens. The products cost
    2·B·s_q·seq·(w_qk + w_v) and the softmax runs over s_q·seq scores a head.

    >>> from symparam.blocks import Linear
    >>> from symparam.symbols import B, H, h, s, s_dec
    >>> cross = attends_to(s, Attention(H, H, heads=h, q=Linear(H, H), k=Linear(H, H)), "k")
    >>> sympy.expand(cross.flops(B, s_dec) - 2 * B * s_dec * H * (H + 2 * s))
    2*B*H**2*s
    """
    attention.key_seq = seq
    for name in projections:
        on_sequence(attention[name], seq)
    return attention
