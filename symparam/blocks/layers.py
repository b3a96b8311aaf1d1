"""The torch layers that hold weights, with the tensor names and shapes torch gives them.

>>> from symparam.symbols import H, V
>>> Linear(H, V, bias=False).params
H*V
>>> [t.name for t in LayerNorm(H).tensors()]
['weight', 'bias']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property
from typing import Any

import sympy

from symparam.blocks.base import (
    Block,
    Dim,
    Placed,
    Row,
    Tensor,
    adopt,
    as_size,
    merge,
    on_sequence,
)
from symparam.blocks.entries import as_expr
from symparam.blocks.roles import TABLE_FACETS, Form, Role, merge_forms
from symparam.blocks.saved import (
    ACT,
    ACTIVATION_SAVES,
    BATCH_POSITIONS,
    BOOL,
    BOOL_MASK,
    CAST,
    F32,
    FP32_ONLY,
    I64,
    INPUT_IDS,
    MASK,
    POSITION_IDS,
    ROTARY_COS,
    ROTARY_SIN,
    TOKEN_TYPES,
    UPCAST,
    Key,
    Saved,
    attention_core,
)
from symparam.errors import InvalidValueError, ModelDefinitionError
from symparam.symbols import L


class Linear(Block):
    """``torch.nn.Linear``: ``weight`` (out, in) and, by default as in torch, ``bias`` (out)."""

    #: the weight's dimension of its output features (GPT-2's Conv1D stores it second), and
    #: how tensor parallelism splits it (:mod:`symparam.blocks.sharding`): "column", "row"
    out_dim: int = 0
    parallel: str | None = None
    #: int64 indices per sequence that picking outputs after it keeps (a sequence classifier
    #: picks each sequence's last real token: the batch's positions and the token's)
    gathers: int = 0

    def __init__(
        self, in_features: Dim, out_features: Dim, bias: bool = True, tie: Tensor | None = None
    ) -> None:
        self.in_features = as_size(in_features, "in_features")
        self.out_features = as_size(out_features, "out_features")
        self.weight = Tensor(self.out_features, self.in_features, tie=tie)
        self.bias = Tensor(self.out_features) if bias else None

    def children(self) -> tuple[tuple[str, Block], ...]:
        if self.bias is None:
            return (("weight", self.weight),)
        return (("weight", self.weight), ("bias", self.bias))

    def roles(self, outer: str = "other") -> dict[Role, sympy.Expr]:
        """Its weight, and its bias under a role of its own (biases come and go as a
        design choice: GPT-2 has them, LLaMA has none)."""
        kind = self.kind or outer
        found = self.weight.roles(kind)
        return found if self.bias is None else {**found, (kind, "bias"): self.bias.params}

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """2·tokens·in·out: one multiply-add per weight and token (the bias add is not a
        matrix product and is not counted)."""
        return 2 * batch * self.own_seq(seq) * self.in_features * self.out_features

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        """The bias add: one per output number and token."""
        if self.bias is None:
            return {}
        return {"bias": batch * self.own_seq(seq) * self.out_features}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """Its input, for the weight's gradient (the whole storage it is a slice of, when it
        runs on the first token of a longer sequence)."""
        rows = self.own_seq(seq)
        if self.slices_sequence:  # a slice of a longer sequence: its whole storage is kept
            rows = view if view is not None else seq
        return Saved.of((self.input_key, ACT, batch * rows * self.in_features),
                        (None, I64, batch * self.gathers),
                        (None, UPCAST, batch * rows * self.in_features if self.upcast else 0),
                        (None, UPCAST, self.weight.params if self.upcast else 0))

    #: a projection that runs in fp32 on copies of its input and weight (DeepSeek-V3's
    #: router), which it keeps instead (another reader keeps the input itself)
    upcast: bool = False

    def checkpointed(self, batch: sympy.Expr, seq: sympy.Expr) -> Saved:
        return Saved.of((None, ACT, batch * self.own_seq(seq) * self.in_features))


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

    >>> from symparam.symbols import B, H, h, s, s_dec
    >>> cross = attends_to(s, Attention(H, H, heads=h, q=Linear(H, H), k=Linear(H, H)), "k")
    >>> sympy.expand(cross.flops(B, s_dec) - 2 * B * s_dec * H * (H + 2 * s))
    2*B*H**2*s
    """
    attention.key_seq = seq
    for name in projections:
        on_sequence(attention[name], seq)
    return attention


class Conv1D(Linear):
    """GPT-2's ``Conv1D``: a Linear whose ``weight`` is stored transposed, (in, out)."""

    out_dim = 1

    def __init__(self, in_features: Dim, out_features: Dim, bias: bool = True) -> None:
        super().__init__(in_features, out_features, bias)
        self.weight = Tensor(self.in_features, self.out_features)


#: what a lookup reads, by the name ``Embedding(indices=…)`` takes: the model-wide tensor its
#: backward keeps and whether it has a row per sequence ("batch") or one row for all ("one")
LOOKUPS: dict[str, tuple[Key | None, str]] = {
    "tokens": (INPUT_IDS, "batch"),
    "positions": (POSITION_IDS, "one"),
    "batch_positions": (BATCH_POSITIONS, "batch"),
    "token_types": (TOKEN_TYPES, "one"),
    "batch_token_types": (TOKEN_TYPES, "batch"),
    "decoder_tokens": (Key("decoder_input_ids", model_wide=True), "batch"),
    "pairs": (Key("relative position buckets"), "pairs"),
    "buffer": (None, "one"),
}


class Embedding(Block):
    """``torch.nn.Embedding``: one ``weight`` table of (rows, dim); ``tie`` makes it an alias.

    A lookup costs nothing; ``summed`` says the rows looked up are added to another table's
    (position and token-type tables): one add per number and token. ``indices``: what the
    lookup reads (:data:`LOOKUPS`), which its backward keeps.
    """

    kind = "embedding"

    def __init__(
        self, num_embeddings: Dim, embedding_dim: Dim, tie: Tensor | None = None,
        summed: bool = False, indices: str = "tokens",
    ) -> None:
        self.num_embeddings = as_size(num_embeddings, "num_embeddings")
        self.embedding_dim = as_size(embedding_dim, "embedding_dim")
        self.weight = Tensor(self.num_embeddings, self.embedding_dim, tie=tie)
        # Megatron: the token table vocab-parallel (its rows split), other tables replicated
        self.weight.split = 0 if indices in ("tokens", "decoder_tokens") else None
        self.weight.decided = True
        self.summed = summed
        if indices not in LOOKUPS:
            raise ModelDefinitionError(f"an embedding's indices are one of {', '.join(LOOKUPS)}")
        self.indices = indices

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("weight", self.weight),)

    @cached_property
    def vocabulary_params(self) -> sympy.Expr:
        return self.params

    def roles(self, outer: str = "other") -> dict[Role, sympy.Expr]:
        """A table by what it looks up: tokens, positions, token types (a buffer of rows read
        by position is a position table when it has L rows), or another ``table``."""
        kind = self.kind or outer
        if self.weight.tie is not None:
            return self.weight.roles(kind)
        facet = TABLE_FACETS.get(self.indices, "table")
        if self.indices == "buffer" and L in self.num_embeddings.free_symbols:
            facet = "positions"
        return {(kind, facet): self.params}

    def stored(self, fmt: Any) -> sympy.Expr:
        return fmt.kept(self.params)

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """The lookup's indices (int64), which its backward scatters the gradient by."""
        key, rows = LOOKUPS[self.indices]
        if key is None:
            return Saved()
        inner = self.own_seq(seq)
        if rows == "pairs":  # a bucket for each query and key position (T5's relative bias)
            return Saved.of((None, I64, inner * inner))
        return Saved.of((key, I64, (batch if rows == "batch" else 1) * inner))

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        if not self.summed:
            return {}
        return {"add": batch * self.own_seq(seq) * self.embedding_dim}


class Elementwise(Block):
    """A step without weights on ``width`` numbers per token: an activation function, the gate
    product of a gated MLP, a residual add. It adds no parameters and no matrix products; it
    is there to be counted by ``--with-nonmatmul`` (``kinds``: how many of each per number),
    and for what a training step keeps (``keeps``: tensors of its width).

    >>> from symparam.symbols import B, s, d_ff
    >>> Activation(d_ff, gated=True).nonmatmul(B, s)
    {'activation': B*d_ff*s, 'gate': B*d_ff*s}
    """

    def __init__(self, width: Dim, keeps: int = 0, **kinds: int) -> None:
        self.width = as_size(width, "width")
        self.kinds = {kind: times for kind, times in kinds.items() if times}
        self.keeps = keeps

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """``keeps`` tensors of its width for the backward pass (a residual add keeps none,
        soft-capping's tanh its output)."""
        n = batch * self.own_seq(seq) * self.width
        return Saved.of(*[(None, ACT, n)] * self.keeps)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        elements = batch * self.own_seq(seq) * self.width
        return {kind: times * elements for kind, times in self.kinds.items()}

    def placed(self, path: str, seq: sympy.Expr | None, weightless: bool) -> list[Placed]:
        return [Placed(path, self, seq)] if weightless else []

    def symbols(self) -> set[sympy.Symbol]:
        return set(self.width.free_symbols)

    def table_rows(self, path: str = "") -> Iterator[Row]:
        return iter(())


class Activation(Elementwise):
    """An activation function on ``width`` numbers per token; ``gated``: times an up
    projection (the gate of a gated MLP, one more product per number). ``fn``: transformers'
    name of the function (``silu``, ``gelu_new`` …), which says what its backward keeps
    (:data:`~symparam.blocks.saved.ACTIVATION_SAVES`)."""

    def __init__(self, width: Dim, gated: bool = False, fn: str | None = None,
                 halves: bool = False) -> None:
        super().__init__(width, activation=1, gate=int(gated))
        self.gated = gated
        self.fn = fn
        # gated, its input and the gate are the two halves of one projection's output
        # (ModernBERT's Wi): whatever the function keeps of its input, the product keeps the
        # gate, a view of that whole storage
        self.halves = halves

    def forms(self, outer: str = "other") -> dict[str, tuple[Form, ...]]:
        """The MLP it makes: gated (an activation times an up projection) or not."""
        return {self.kind or outer: (Form("mlp", (), ("gated",) if self.gated else (),
                                          self.fn or ""),)}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """What the function keeps (its input or its output, and GPT-2's tanh approximation
        more); gated, the product act(gate)·up keeps both its factors."""
        if self.fn not in ACTIVATION_SAVES:
            raise ModelDefinitionError(f"symparam does not know what the activation "
                                       f"{self.fn or 'of this block'} keeps for its backward pass")
        takes_input, takes_output, more = ACTIVATION_SAVES[self.fn]
        n = batch * self.own_seq(seq) * self.width
        items: list[tuple[Key | None, str, sympy.Expr]] = [(None, ACT, n)] * more
        if self.gated and self.halves:  # the projection's output, and act(input)
            return Saved.of(*items, (None, ACT, 2 * n), (None, ACT, n))
        if takes_input:  # a slice of a longer sequence keeps that sequence's storage
            rows = (view if view is not None else seq) if self.slices_sequence else \
                self.own_seq(seq)
            items.append((self.input_key, ACT, batch * rows * self.width))
        if self.gated:  # act(gate) (the one a ReLU keeps itself) and the up projection
            items += [(None, ACT, n), (None, ACT, n)]
        elif takes_output:
            items.append((self.output_key, ACT, n))
        return Saved.of(*items)


class Residual(Elementwise):
    """``adds`` elementwise sums of width ``width`` per token (residual connections, the sum
    of embedding tables)."""

    def __init__(self, width: Dim, adds: int = 1) -> None:
        super().__init__(width, add=adds)


class LayerNorm(Block):
    """``torch.nn.LayerNorm``: ``weight`` and (unless ``bias=False``) ``bias``, each (dim);
    neither when ``affine=False`` (it still normalises: OLMo's). ``per_token``: how many vectors
    of ``dim`` it normalises per token (each head of q or k); ``per_vector``: each of them has
    its own weight, one tensor of (per_token, dim) (Cohere's q/k norms). ``impl``: how the
    model computes it, which decides what it keeps (:meth:`saved`).

    >>> from symparam.symbols import d_head, h
    >>> LayerNorm(d_head, bias=False, per_token=h, per_vector=True).params
    d_head*h
    """

    kind = "norm"

    def __init__(self, dim: Dim, bias: bool = True, affine: bool = True,
                 per_token: Dim = 1, per_vector: bool = False, impl: str = "torch") -> None:
        self.dim = as_size(dim, "dim")
        self.per_token = as_size(per_token, "vectors per token")
        shape = (self.per_token, self.dim) if per_vector else (self.dim,)
        self.weight = Tensor(*shape) if affine else None
        self.bias = Tensor(*shape) if bias and affine else None
        if impl not in ("torch", "fp32", "manual"):
            raise ModelDefinitionError("a LayerNorm is torch's, torch's on an fp32 copy, or "
                                       "written out (manual)")
        self.impl = impl

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """torch's kernel keeps its input and each row's mean and 1/σ (``fp32``: of an fp32
        copy, OLMo's); written out in fp32 (Cohere's), x − mean twice (the variance's square
        and the normalisation each make it), 1/σ, and the normalised x its weight multiplies."""
        rows = batch * self.own_seq(seq) * self.per_token
        if self.impl == "manual":  # and, in a 16-bit model, the fp32 copy of its weight
            weight = 0 if self.weight is None else self.weight.params
            return Saved.of((None, F32, rows * self.dim), (None, F32, rows * self.dim),
                            (None, F32, rows), (None, F32, rows * self.dim),
                            (None, UPCAST, weight))
        kind = F32 if self.impl == "fp32" else ACT
        return Saved.of((None if kind == F32 else self.input_key, kind, rows * self.dim),
                        (None, kind, rows), (None, kind, rows))

    def checkpointed(self, batch: sympy.Expr, seq: sympy.Expr) -> Saved:
        return Saved.of((None, ACT, batch * self.own_seq(seq) * self.per_token * self.dim))

    def children(self) -> tuple[tuple[str, Block], ...]:
        return tuple((name, tensor) for name, tensor in (("weight", self.weight),
                                                         ("bias", self.bias)) if tensor)

    def forms(self, outer: str = "other") -> dict[str, tuple[Form, ...]]:
        flags = ("no_affine",) if self.weight is None else ("no_bias",) if self.bias is None \
            else ()
        return {self.kind or outer: (Form("layernorm", (), flags),)}

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        elements = batch * self.own_seq(seq) * self.per_token * self.dim
        out = {"layernorm": elements}
        if self.weight is not None:
            out["norm_weight"] = elements
        if self.bias is not None:
            out["bias"] = elements
        return out


class RMSNorm(Block):
    """RMSNorm (LLaMA and its kin): one ``weight`` of (dim), no bias. ``per_token``: how many
    vectors of ``dim`` it normalises per token (Qwen3 normalises each head of q and k);
    ``impl``: whose code computes it (LLaMA's, Gemma's 1 + weight, OLMo2's weight in fp32,
    T5's), which decides what it keeps for the backward pass."""

    kind = "norm"

    def __init__(self, dim: Dim, per_token: Dim = 1, impl: str = "llama",
                 slice_of: Dim | None = None) -> None:
        # the width of the storage its input is a slice of (DeepSeek's kv_a_layernorm): an
        # fp32 model keeps that whole storage, a 16-bit one an fp32 copy of the slice
        self.slice_of = None if slice_of is None else as_size(slice_of, "storage width")
        self.dim = as_size(dim, "dim")
        self.per_token = as_size(per_token, "vectors per token")
        self.weight = Tensor(self.dim)
        if impl not in ("llama", "gemma", "olmo2", "t5"):
            raise ModelDefinitionError("an RMSNorm is LLaMA's, Gemma's, OLMo2's or T5's")
        self.impl = impl

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """LLaMA's keeps its input in fp32 (a copy, in a 16-bit model), 1/rms, and the
        normalised x in the model's dtype for its weight; T5's the input in the model's dtype
        too; Gemma's and OLMo2's the normalised x in fp32, Gemma's the vector 1 + weight it
        multiplies by."""
        rows = batch * self.own_seq(seq) * self.per_token
        items: list[tuple[Key | None, str, sympy.Expr]] = [
            (None, F32, rows * self.dim), (None, F32, rows),
            (None, F32 if self.impl in ("gemma", "olmo2") else ACT, rows * self.dim)]
        if self.impl == "t5":
            items.append((None, CAST, rows * self.dim))
        if self.impl == "gemma":
            items.append((None, F32, self.dim))
        if self.slice_of is not None:
            items.append((None, FP32_ONLY, rows * (self.slice_of - self.dim)))
        return Saved.of(*items)

    def checkpointed(self, batch: sympy.Expr, seq: sympy.Expr) -> Saved:
        return Saved.of((None, ACT, batch * self.own_seq(seq) * self.per_token * self.dim))

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("weight", self.weight),)

    def forms(self, outer: str = "other") -> dict[str, tuple[Form, ...]]:
        return {self.kind or outer: (Form("rmsnorm"),)}

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        elements = batch * self.own_seq(seq) * self.per_token * self.dim
        return {"rmsnorm": elements, "norm_weight": elements}
