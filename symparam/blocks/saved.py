"""What a training step keeps for the backward pass: each block's rule names the tensors its
operations save, each tensor once.

A tensor that two operations save (the input of q, k and v; the output of a ReLU that the
next projection reads) is one storage: blocks that share it carry one :class:`Key` (set by
the family that builds them: :func:`same_tensor`), and a union keeps one entry per key.
Tensors a whole model shares (the rotary tables, the position ids) carry a model-wide key and
are counted once however many layers save them; the others are a layer's, and a
:class:`~symparam.blocks.Repeat` multiplies them by its count.

Kinds of storage, each with its bytes for a model's dtype (:func:`kind_bytes`): ``act`` in
the model's dtype (and a LayerNorm's mean and 1/σ per row, which torch's CPU kernel keeps in
it; its CUDA kernel keeps them in fp32); ``f32``, what the model code computes in fp32 whatever
its dtype (RMSNorm's upcast input, a softmax taken in fp32); ``cast``, the copy in the model's
dtype of such an fp32 tensor (none when the model runs in fp32); ``upcast``, an fp32 copy of a
tensor of the model's (none in an fp32 model, where it is the tensor itself); ``fp32_only``,
the part of a storage kept only in an fp32 model (a slice an upcast copies otherwise);
``i64`` integer indices, ``bool`` masks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from typing import Any

import sympy

from symparam.blocks.entries import as_expr
from symparam.frozen import frozen

ACT, F32, CAST, UPCAST, FP32_ONLY, I64, BOOL = ("act", "f32", "cast", "upcast", "fp32_only",
                                                  "i64", "bool")
KINDS = (ACT, F32, CAST, UPCAST, FP32_ONLY, I64, BOOL)


def kind_bytes(kind: str, dtype_bytes: int) -> int:
    """Bytes per element of a storage of ``kind`` in a model of ``dtype_bytes`` a number."""
    fp32 = dtype_bytes == 4
    return {ACT: dtype_bytes, F32: 4, CAST: 0 if fp32 else dtype_bytes, UPCAST: 0 if fp32 else 4,
            FP32_ONLY: 4 if fp32 else 0, I64: 8, BOOL: 1}[kind]


class Key:
    """One tensor, saved by several operations: its name says which (for reading).
    ``routed``: a storage of experts, whose rows are the (token, expert) pairs routed to them
    (under expert parallelism they follow the tokens, not the GPU's own micro-batch)."""

    def __init__(self, name: str, model_wide: bool = False, routed: bool = False) -> None:
        self.name = name
        self.model_wide = model_wide
        self.routed = routed

    def __repr__(self) -> str:
        return f"Key({self.name!r})"


#: the token ids a model reads (its token tables' lookups save them)
INPUT_IDS = Key("input_ids", model_wide=True)
#: the index tensors a lookup's backward keeps: the token ids, a row of positions made each
#: forward pass (GPT-2), positions made per sequence (OPT, from its attention mask); none where
#: the positions are a slice of a buffer (BERT)
POSITION_IDS = Key("position_ids", model_wide=True)
BATCH_POSITIONS = Key("positions of each sequence", model_wide=True)
TOKEN_TYPES = Key("token type ids", model_wide=True)
#: the rotary tables every layer multiplies its queries and keys by
ROTARY_COS, ROTARY_SIN = Key("rotary cos", model_wide=True), Key("rotary sin", model_wide=True)
#: the (B, 1, s, s) attention mask a model makes once and gives every layer
MASK = Key("attention mask", model_wide=True)
#: the (B, 1, s, s) boolean mask a model makes once and every layer's masked_fill keeps (MPT's)
BOOL_MASK = Key("boolean attention mask", model_wide=True)


@frozen
class Saved:
    """Saved storages by key: ``layer`` those of a layer (a Repeat multiplies them), ``model``
    those the whole model shares (counted once). Values: (kind, number of elements)."""

    layer: Mapping[Any, tuple[str, sympy.Expr]] = field(default_factory=dict)
    model: Mapping[Any, tuple[str, sympy.Expr]] = field(default_factory=dict)
    #: the layer's storages one by one, where ``layer`` sums a Repeat's by kind: for the
    #: questions that treat storages apart (what one GPU of a parallel layout keeps of each)
    each: Mapping[Any, tuple[str, sympy.Expr]] = field(default_factory=dict)

    @staticmethod
    def of(*items: tuple[Key | None, str, Any]) -> Saved:
        """Storages as (key or None for one no other operation saves, kind, elements)."""
        layer: dict[Any, tuple[str, sympy.Expr]] = {}
        model: dict[Any, tuple[str, sympy.Expr]] = {}
        for key, kind, elements in items:
            elements = as_expr(elements)
            if elements == 0:
                continue
            if key is not None and key.model_wide:
                model.setdefault(key, (kind, elements))
            else:
                layer.setdefault(object() if key is None else key, (kind, elements))
        return Saved(layer, model, layer)

    def __or__(self, other: Saved) -> Saved:
        return Saved({**other.layer, **self.layer}, {**other.model, **self.model},
                     {**other.each, **self.each})

    def repeated(self, count: sympy.Expr) -> Saved:
        """``count`` copies of a layer: its own storages times the count, the model's once."""
        totals = self.layer_totals()
        each = {Key("repeated", routed=isinstance(key, Key) and key.routed): (kind, count * n)
                for key, (kind, n) in self.each.items()}
        return Saved({object(): (kind, count * n) for kind, n in totals.items()},
                     dict(self.model), each)

    def layer_totals(self) -> dict[str, sympy.Expr]:
        return _totals(self.layer.values())

    def totals(self) -> dict[str, sympy.Expr]:
        """Elements of each kind of storage, every storage once."""
        return _totals([*self.layer.values(), *self.model.values()])


def union(parts: Iterable[Saved]) -> Saved:
    """The storages of all ``parts``, each key once: ``parts[0] | parts[1] | …`` (an earlier
    part's storage wins a key), built in one pass — the operator copies what it has joined so
    far at each step, quadratic in a thousand runs of layers."""
    parts = list(parts)
    layer: dict[Any, tuple[str, sympy.Expr]] = {}
    model: dict[Any, tuple[str, sympy.Expr]] = {}
    each: dict[Any, tuple[str, sympy.Expr]] = {}
    for part in reversed(parts):  # as ``a | b`` orders them: b's keys first, a's values
        layer.update(part.layer)
        model.update(part.model)
        each.update(part.each)
    return Saved(layer, model, each)


def _totals(values: Iterable[tuple[str, sympy.Expr]]) -> dict[str, sympy.Expr]:
    found: dict[str, list[sympy.Expr]] = {}
    for kind, elements in values:
        found.setdefault(kind, []).append(elements)
    return {kind: sympy.Add(*found[kind]) for kind in KINDS if kind in found}


def same_tensor(name: str, *ends: tuple[Any, str], key: Key | None = None) -> Key:
    """Mark ``ends`` — (block, "input") or (block, "output") — as one tensor: the operations
    that save it save one storage (q, k and v read the same normalised hidden states);
    ``key``: a tensor already named (attention and MLP side by side read one norm's output)."""
    key = Key(name) if key is None else key
    for block, end in ends:
        if end == "input":
            block.input_key = key
        elif end == "output":
            block.output_key = key
        else:
            raise ValueError(f"a tensor's end is input or output, not {end!r}")
    return key


#: what each activation function of transformers saves for its backward pass, in units of its
#: input (each a new storage unless named): ``input`` its input, ``output`` its output,
#: ``more`` other tensors of the same size (GPT-2's tanh approximation keeps four)
ACTIVATION_SAVES: dict[str, tuple[bool, bool, int]] = {
    # (saves its input, saves its output, further tensors)
    "gelu": (True, False, 0),
    "gelu_pytorch_tanh": (True, False, 0),
    "gelu_new": (True, False, 3),  # x³ needs x; tanh's output; 0.5·x and 1 + tanh(…)
    "gelu_fast": (True, False, 3),
    "silu": (True, False, 0),
    "swish": (True, False, 0),
    "relu": (False, True, 0),
    "tanh": (False, True, 0),
    "sigmoid": (False, True, 0),
    "quick_gelu": (True, False, 1),  # x and σ(1.702·x)
    "bloom_gelu": (True, False, 0),  # BLOOM's own autograd function keeps its input
}


def at_most_one(n: Any) -> sympy.Expr:
    """``min(n, 1)`` of a whole number ``n`` ≥ 0: 0 where it is 0, 1 where it is more. A
    number is worked out; a formula is left as it is (sympy would try to prove which argument
    is smaller from the symbols' assumptions, 4 ms each, and cannot where ``n`` may be 0: the
    number at the model's values is what is read)."""
    if isinstance(n, int) or n.is_Number:
        return sympy.Integer(min(n, 1))
    return sympy.Min(n, 1, evaluate=False)


def many(n: Any) -> sympy.Expr:
    """1 where the positive integer ``n`` is 2 or more, 0 where it is 1."""
    return at_most_one(n - 1)


def one(n: Any) -> sympy.Expr:
    """1 where the positive integer ``n`` is 1, 0 where it is more."""
    return 1 - many(n)


def attention_core(batch: Any, queries: Any, keys: Any, heads: Any, kv_heads: Any,
                   qk_width: Any, v_width: Any, views: Mapping[str, tuple[Key, Any]],
                   policy: str, interleaved: bool = False, fp32: Iterable[str] = ()
                   ) -> list[tuple[Key | None, str, sympy.Expr]]:
    """The queries, keys and values an attention's core keeps, as torch's matmul keeps them.

    Each reaches the core fresh (a rotary embedding or a norm made it) or, named in ``views``
    with its storage's (key, width), as a slice of a projection's output. Grouped key/value
    heads (``kv_heads`` of ``heads``) are repeated into a new tensor unless there is one
    sequence and one key/value head (then the repeat is a view). A slice torch's matmul folds
    (B, heads, s, d) → (B·heads, s, d) without a copy where B or the heads are 1 (or, for
    ``interleaved`` heads of a fused output laid out (B, s, heads, 3, d) as BLOOM's, s is 1),
    and keeps the whole storage it is a slice of; otherwise it keeps a copy. Under ``selective``
    recomputation the core keeps its inputs as they come (views: their storage). ``fp32``: those
    of q, k and v the core casts to fp32 first (GPT-Neo's queries and keys): the copy it keeps is
    fp32 whatever the model's dtype."""
    items: list[tuple[Key | None, str, sympy.Expr]] = []
    grouped = kv_heads is not None
    for name, rows, width in (("q", queries, qk_width), ("k", keys, qk_width),
                              ("v", keys, v_width)):
        own_heads = kv_heads if grouped and name != "q" else heads
        own = width / heads * own_heads  # before grouped heads are repeated
        view = views.get(name)
        if name in fp32 and policy != "selective":  # a fresh fp32 tensor, whatever it came as
            items.append((None, F32, batch * rows * own))
            continue
        if policy == "selective":
            items.append((view[0], ACT, batch * rows * view[1]) if view
                         else (None, ACT, batch * rows * own))
            continue
        repeated = 0
        if grouped and name != "q":  # a copy, unless one sequence and one key/value head
            repeated = at_most_one(heads - kv_heads) * (1 - one(batch) * one(kv_heads))
            items.append((None, ACT, batch * rows * width * repeated))
        if view is None:
            items.append((None, ACT, batch * rows * own * (1 - repeated)))
            continue
        copied = many(batch) * many(own_heads) * (many(rows) if interleaved else 1)
        items.append((None, ACT, batch * rows * own * (1 - repeated) * copied))
        items.append((view[0], ACT, batch * rows * view[1] * (1 - repeated) * (1 - copied)))
    return items
