"""The torch layers that hold weights, with the tensor names and shapes torch gives them.

>>> from symparam.symbols import H, V
>>> Linear(H, V, bias=False).params
H*V
>>> [t.name for t in LayerNorm(H).tensors()]
['weight', 'bias']
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any

import sympy

from symparam.blocks.base import Block, Placed, Row
from symparam.blocks.entries import Dim, as_size
from symparam.blocks.roles import TABLE_FACETS, Form, Role
from symparam.blocks.saved import (
    ACT,
    ACTIVATION_SAVES,
    BATCH_POSITIONS,
    CAST,
    F32,
    FP32_ONLY,
    I64,
    INPUT_IDS,
    POSITION_IDS,
    TOKEN_TYPES,
    UPCAST,
    Key,
    Saved,
)
from symparam.blocks.tree import Tensor
from symparam.errors import ModelDefinitionError
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
