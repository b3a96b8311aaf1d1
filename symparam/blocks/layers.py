"""The torch layers that hold weights, with the tensor names and shapes torch gives them.

>>> from symparam.symbols import H, V
>>> Linear(H, V, bias=False).params
H*V
>>> [t.name for t in LayerNorm(H).tensors()]
['weight', 'bias']
"""

from __future__ import annotations

import sympy

from symparam.blocks.base import Block, Size, Tensor, as_size


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


class Attention(Block):
    """A self-attention block: its projections, plus the two products over the sequence.

    The scores QKᵀ cost 2·B·s²·w_qk and the weighted values 2·B·s²·w_v, where w_qk and w_v are
    the total widths of the query and value heads (h·d_head each for standard attention, also
    with grouped key/value heads, whose keys and values are repeated to the h query heads).
    ``kv_cache`` is what a decoder stores per token: 2·h_kv·d_head for keys and values, or the
    compressed latent of multi-head latent attention.
    """

    def __init__(self, qk_width: Size, v_width: Size, /, kv_cache: Size | None = None,
                 keys: sympy.Expr | None = None, **named: Block) -> None:
        self.qk_width = as_size(qk_width, "query/key width")
        self.v_width = as_size(v_width, "value width")
        # numbers a decoder keeps per token for later tokens (keys and values; None: encoder)
        self.kv_cache = None if kv_cache is None else as_size(kv_cache, "cache width")
        self.keys = keys  # the keys' sequence when it is not the queries' (cross-attention)
        self._children = tuple(named.items())

    def children(self) -> tuple[tuple[str, Block], ...]:
        return self._children

    def __getitem__(self, name: str) -> Block:
        return dict(self._children)[name]

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        seq = self.own_seq(seq)
        keys = seq if self.keys is None else self.keys
        products = 2 * batch * seq * keys * (self.qk_width + self.v_width)
        return super().flops(batch, seq) + products


class Conv1D(Linear):
    """GPT-2's ``Conv1D``: a Linear whose ``weight`` is stored transposed, (in, out)."""

    def __init__(self, in_features: Size, out_features: Size, bias: bool = True) -> None:
        super().__init__(in_features, out_features, bias)
        self.weight = Tensor(self.in_features, self.out_features)


class Embedding(Block):
    """``torch.nn.Embedding``: one ``weight`` table of (rows, dim); ``tie`` makes it an alias."""

    def __init__(
        self, num_embeddings: Size, embedding_dim: Size, tie: Tensor | None = None
    ) -> None:
        self.num_embeddings = as_size(num_embeddings, "num_embeddings")
        self.embedding_dim = as_size(embedding_dim, "embedding_dim")
        self.weight = Tensor(self.num_embeddings, self.embedding_dim, tie=tie)

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("weight", self.weight),)


class LayerNorm(Block):
    """``torch.nn.LayerNorm``: ``weight`` and (unless ``bias=False``) ``bias``, each (dim)."""

    def __init__(self, dim: Size, bias: bool = True) -> None:
        self.dim = as_size(dim, "dim")
        self.weight = Tensor(self.dim)
        self.bias = Tensor(self.dim) if bias else None

    def children(self) -> tuple[tuple[str, Block], ...]:
        if self.bias is None:
            return (("weight", self.weight),)
        return (("weight", self.weight), ("bias", self.bias))


class RMSNorm(Block):
    """RMSNorm (LLaMA and its kin): one ``weight`` of (dim), no bias."""

    def __init__(self, dim: Size) -> None:
        self.dim = as_size(dim, "dim")
        self.weight = Tensor(self.dim)

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("weight", self.weight),)
