"""The torch layers that hold weights, with the tensor names and shapes torch gives them.

>>> from symparam.symbols import H, V
>>> Linear(H, V, bias=False).params
H*V
>>> [t.name for t in LayerNorm(H).tensors()]
['weight', 'bias']
"""

from __future__ import annotations

from collections.abc import Iterator

import sympy

from symparam.blocks.base import Block, Placed, Row, Size, Tensor, adopt, as_size, merge
from symparam.errors import ModelDefinitionError


class Linear(Block):
    """``torch.nn.Linear``: ``weight`` (out, in) and, by default as in torch, ``bias`` (out)."""

    def __init__(
        self, in_features: Size, out_features: Size, bias: bool = True, tie: Tensor | None = None
    ) -> None:
        self.in_features = as_size(in_features, "in_features")
        self.out_features = as_size(out_features, "out_features")
        self.weight = Tensor(self.out_features, self.in_features, tie=tie)
        self.bias = Tensor(self.out_features) if bias else None

    def children(self) -> tuple[tuple[str, Block], ...]:
        if self.bias is None:
            return (("weight", self.weight),)
        return (("weight", self.weight), ("bias", self.bias))

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """2·tokens·in·out: one multiply-add per weight and token (the bias add is not a
        matrix product and is not counted)."""
        return 2 * batch * self.own_seq(seq) * self.in_features * self.out_features

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        """The bias add: one per output number and token."""
        if self.bias is None:
            return {}
        return {"bias": batch * self.own_seq(seq) * self.out_features}


class Attention(Block):
    """A self-attention block: its projections, plus the two products over the sequence.

    The scores QKᵀ cost 2·B·s²·w_qk and the weighted values 2·B·s²·w_v, where w_qk and w_v are
    the total widths of the query and value heads (h·d_head each for standard attention, also
    with grouped key/value heads, whose keys and values are repeated to the h query heads).
    ``kv_cache`` is what a decoder stores per token: 2·h_kv·d_head for keys and values, or the
    compressed latent of multi-head latent attention. ``heads`` (the query heads) sizes the
    softmax, one per score; ``scaled`` says whether the scores are multiplied by 1/√d_head (T5's
    are not); ``softcap``: the scores pass through c·tanh(x/c) (Gemma2).
    """

    kind = "attention"
    across_tokens = True

    def __init__(self, qk_width: Size, v_width: Size, /, kv_cache: Size | None = None,
                 key_seq: sympy.Expr | None = None, heads: Size | None = None,
                 scaled: bool = True,
                 softcap: bool = False, sink: bool = False, **named: Block) -> None:
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
        self._children = adopt("an Attention", named.items())

    def children(self) -> tuple[tuple[str, Block], ...]:
        return self._children

    def __getitem__(self, name: str) -> Block:
        return dict(self._children)[name]

    def symbols(self) -> set[sympy.Symbol]:
        """The weights' symbols and those of its own rules (the heads size its softmax)."""
        own = [self.qk_width, self.v_width, self.kv_cache, self.heads]
        return super().symbols().union(*(e.free_symbols for e in own if e is not None))

    def cache(self, seq: sympy.Expr) -> sympy.Expr:
        """Keys and values (or their latent) of each of the ``seq`` tokens."""
        own = 0 if self.kv_cache is None else self.kv_cache * self.own_seq(seq)
        return super().cache(seq) + own

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

    def scores(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """Attention scores: one per head, query and key (what the softmax runs over)."""
        if self.heads is None:
            raise ModelDefinitionError("this attention block does not give its head count")
        seq = self.own_seq(seq)
        return batch * self.heads * seq * (seq if self.key_seq is None else self.key_seq)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        scores = self.scores(batch, seq)
        own = {"softmax": scores}
        if self.scaled:
            own["scale"] = scores
        if self.softcap:
            own["softcap"] = scores
        if self.sink:
            own["sink"] = batch * self.heads * self.own_seq(seq)
        return merge((super().nonmatmul(batch, seq), own))


class Conv1D(Linear):
    """GPT-2's ``Conv1D``: a Linear whose ``weight`` is stored transposed, (in, out)."""

    def __init__(self, in_features: Size, out_features: Size, bias: bool = True) -> None:
        super().__init__(in_features, out_features, bias)
        self.weight = Tensor(self.in_features, self.out_features)


class Embedding(Block):
    """``torch.nn.Embedding``: one ``weight`` table of (rows, dim); ``tie`` makes it an alias.

    A lookup costs nothing; ``summed`` says the rows looked up are added to another table's
    (position and token-type tables): one add per number and token.
    """

    kind = "embedding"

    def __init__(
        self, num_embeddings: Size, embedding_dim: Size, tie: Tensor | None = None,
        summed: bool = False,
    ) -> None:
        self.num_embeddings = as_size(num_embeddings, "num_embeddings")
        self.embedding_dim = as_size(embedding_dim, "embedding_dim")
        self.weight = Tensor(self.num_embeddings, self.embedding_dim, tie=tie)
        self.summed = summed

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("weight", self.weight),)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        if not self.summed:
            return {}
        return {"add": batch * self.own_seq(seq) * self.embedding_dim}


class Elementwise(Block):
    """A step without weights on ``width`` numbers per token: an activation function, the gate
    product of a gated MLP, a residual add. It adds no parameters and no matrix products; it
    is there to be counted by ``--with-nonmatmul`` (``kinds``: how many of each per number).

    >>> from symparam.symbols import B, s, d_ff
    >>> Activation(d_ff, gated=True).nonmatmul(B, s)
    {'activation': B*d_ff*s, 'gate': B*d_ff*s}
    """

    def __init__(self, width: Size, **kinds: int) -> None:
        self.width = as_size(width, "width")
        self.kinds = {kind: times for kind, times in kinds.items() if times}

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
    projection (the gate of a gated MLP, one more product per number)."""

    def __init__(self, width: Size, gated: bool = False) -> None:
        super().__init__(width, activation=1, gate=int(gated))


class Residual(Elementwise):
    """``adds`` elementwise sums of width ``width`` per token (residual connections, the sum
    of embedding tables)."""

    def __init__(self, width: Size, adds: int = 1) -> None:
        super().__init__(width, add=adds)


class LayerNorm(Block):
    """``torch.nn.LayerNorm``: ``weight`` and (unless ``bias=False``) ``bias``, each (dim);
    neither when ``affine=False`` (it still normalises: OLMo's). ``per_token``: how many vectors
    of ``dim`` it normalises per token (each head of q or k); ``per_vector``: each of them has
    its own weight, one tensor of (per_token, dim) (Cohere's q/k norms).

    >>> from symparam.symbols import d_head, h
    >>> LayerNorm(d_head, bias=False, per_token=h, per_vector=True).params
    d_head*h
    """

    kind = "norm"

    def __init__(self, dim: Size, bias: bool = True, affine: bool = True,
                 per_token: Size = 1, per_vector: bool = False) -> None:
        self.dim = as_size(dim, "dim")
        self.per_token = as_size(per_token, "vectors per token")
        shape = (self.per_token, self.dim) if per_vector else (self.dim,)
        self.weight = Tensor(*shape) if affine else None
        self.bias = Tensor(*shape) if bias and affine else None

    def children(self) -> tuple[tuple[str, Block], ...]:
        return tuple((name, tensor) for name, tensor in (("weight", self.weight),
                                                         ("bias", self.bias)) if tensor)

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
    vectors of ``dim`` it normalises per token (Qwen3 normalises each head of q and k)."""

    kind = "norm"

    def __init__(self, dim: Size, per_token: Size = 1) -> None:
        self.dim = as_size(dim, "dim")
        self.per_token = as_size(per_token, "vectors per token")
        self.weight = Tensor(self.dim)

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("weight", self.weight),)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        elements = batch * self.own_seq(seq) * self.per_token * self.dim
        return {"rmsnorm": elements, "norm_weight": elements}
