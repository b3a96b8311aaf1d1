"""The tree's own blocks: the named tensor at its leaves, and the composites that compute from
their children — :class:`Sequential` sums, :class:`Repeat` multiplies by a count that may be
a symbol, :class:`Stack` numbers several repeats as one list of layers.

>>> from symparam.blocks import Linear
>>> from symparam.symbols import H, N
>>> layer = Sequential(fc=Linear(H, H))
>>> Repeat(N, layer).params
N*(H**2 + H)
>>> Repeat(3, Linear(4, 4)).count()
60
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from functools import cached_property
from typing import Any

import sympy

from symparam.blocks.base import Block, Number, Placed, Row, adopt, of_kind, once
from symparam.blocks.entries import Dim, Index, TensorInfo, as_size
from symparam.blocks.numbers import value
from symparam.blocks.roles import Role
from symparam.blocks.saved import Saved
from symparam.errors import InvalidValueError, ModelDefinitionError

#: the letters that stand for a repeated layer's index in a tensor's name, outermost first
_INDEX_LETTERS = "ijklmn"


class Inert(Block):
    """A block a forward pass computes nothing in and saves nothing for: a bare tensor (read by
    its parent block's own rule; a weight is the model's, not an activation) or weights the
    forward pass does not use."""

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return sympy.Integer(0)

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return sympy.Integer(0)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        return Saved()


class Tensor(Inert):
    """A named weight tensor with a symbolic shape; ``tie`` makes it an alias of another."""

    is_tensor = True
    #: under tensor parallelism (:mod:`symparam.blocks.sharding`): the dimension split over the
    #: ranks (None: each holds it whole), whether a rule decided that, and whether it is an
    #: expert's stacked tensor (its first dimension split by expert parallelism)
    split: int | None = None
    decided: bool = False
    expert: bool = False
    unsplit: str = ""
    #: a fused output laid out by these units (heads, key/value groups), each of which a rank
    #: must hold whole: they must divide by t
    units: Any = None
    #: what those units are, one and several (("head", "heads")), as a refusal names them
    unit: tuple[str, str] = ("head", "heads")
    #: a leaf: one level, one block (plain attributes: a tree of 100,000 tensors asks each)
    depth = 1  # type: ignore[assignment]
    size = 1  # type: ignore[assignment]

    def __init__(self, *shape: Dim, tie: Tensor | None = None) -> None:
        self.shape = tuple(as_size(dim, "tensor dimension") for dim in shape)
        if tie is not None:
            if not isinstance(tie, Tensor):
                raise InvalidValueError("tie must be a Tensor")
            if tie.tie is not None:
                tie = tie.tie
        self.tie = tie

    @cached_property
    def params(self) -> sympy.Expr:
        if self.tie is not None:
            return sympy.Integer(0)
        return sympy.Mul(*self.shape)

    @cached_property
    def active_params(self) -> sympy.Expr:
        return self.params

    @cached_property
    def vocabulary_params(self) -> sympy.Expr:
        return sympy.S.Zero  # a bare tensor: its module says whether it is a table

    def stored(self, fmt: Any) -> sympy.Expr:
        return sympy.S.Zero if self.tie is not None else fmt.tensor(self.shape)

    def numeric(self, env: Mapping[sympy.Symbol, Number], active: bool = False) -> Number:
        if self.tie is not None:
            return 0
        return math.prod(value(dim, env) for dim in self.shape)

    def symbols(self) -> set[sympy.Symbol]:
        return set().union(*(dim.free_symbols for dim in self.shape))

    def by_kind(self, outer: str = "other", active: bool = False) -> dict[str, sympy.Expr]:
        params = self.params
        return {self.kind or outer: params} if params != 0 else {}

    def roles(self, outer: str = "other") -> dict[Role, sympy.Expr]:
        kind = self.kind or outer
        if self.tie is not None:  # adds nothing; held here as what it would hold untied
            return {(kind, "tied"): sympy.Mul(*self.shape)}
        return {(kind, "weight"): self.params}

    def table_rows(self, path: str = "") -> Iterator[Row]:
        yield Row(path, "Tensor", self.shape, None, self.params, self.tie)

    def leaves(self, prefix: str = "", indices: tuple[Index, ...] = ()
               ) -> Iterator[tuple[Block, TensorInfo]]:
        yield self, TensorInfo(prefix, self.shape, indices)


class Sequential(Block):
    """A composite of named children, summed. Positional children are named ``0``, ``1`` …

    >>> from symparam.blocks import Linear
    >>> Sequential(Linear(2, 3), Linear(3, 1, bias=False)).count()
    12
    """

    def __init__(self, /, *blocks: Block, first_token: bool = False, kind: str | None = None,
                 **named: Block) -> None:
        self.first_token = first_token
        if kind is not None:
            self.kind = of_kind(kind)
        items = [(str(i), b) for i, b in enumerate(blocks)] + list(named.items())
        self._children = adopt("a Sequential", items)

    def children(self) -> tuple[tuple[str, Block], ...]:
        return self._children

    def __getitem__(self, name: str) -> Block:
        for child_name, child in self._children:
            if child_name == name:
                return child
        raise KeyError(name)


class Repeat(Block):
    """``count`` copies of ``block``, each with its own weights; ``count`` may be a symbol.

    The copies are numbered ``start``, ``start + stride`` …, so that two repeats can share one
    list of layers (DeepSeek's first k dense layers, then the MoE ones).
    """

    def __init__(self, count: Dim, block: Block, start: Dim | int = 0, stride: int = 1) -> None:
        if not isinstance(block, Block):
            raise InvalidValueError(f"Repeat needs a Block, not {type(block).__name__}")
        adopt("a Repeat", [("{}", block)])
        self.count_expr = as_size(count, "repeat count")
        self.start = sympy.Integer(start) if isinstance(start, int) else start
        self.stride = stride
        self.block = block

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("{}", self.block),)

    @cached_property
    def params(self) -> sympy.Expr:
        return self.count_expr * self.block.params

    @cached_property
    def active_params(self) -> sympy.Expr:
        if self.block.active_params is self.block.params:
            return self.params
        return self.count_expr * self.block.active_params

    @cached_property
    def vocabulary_params(self) -> sympy.Expr:
        return self.count_expr * self.block.vocabulary_params

    @cached_property
    def tied_unembedding(self) -> sympy.Expr:
        return self.count_expr * self.block.tied_unembedding

    def stored(self, fmt: Any) -> sympy.Expr:
        return self.count_expr * once(self.block.stored, fmt)

    def numeric(self, env: Mapping[sympy.Symbol, Number], active: bool = False) -> Number:
        return value(self.count_expr, env) * self.block.numeric(env, active)

    def symbols(self) -> set[sympy.Symbol]:
        return self.count_expr.free_symbols | self.block.symbols()

    @property
    def runs(self) -> sympy.Expr:
        """How many times the forward pass runs the block: once per copy."""
        return self.count_expr

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.runs * once(self.block.flops, batch, self.own_seq(seq))

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.runs * once(self.block.products, batch, self.own_seq(seq))

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        below = once(self.block.nonmatmul, batch, self.own_seq(seq))
        return {kind: self.runs * elements for kind, elements in below.items()}

    def decoded(self, batch: sympy.Expr, seq: sympy.Expr, absorb: bool = False) -> sympy.Expr:
        return self.runs * self.block.decoded(batch, self.own_seq(seq), absorb)

    def decoded_nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        below = self.block.decoded_nonmatmul(batch, self.own_seq(seq))
        return {kind: self.runs * elements for kind, elements in below.items()}

    is_stack = True

    def stacks(self, seq: sympy.Expr) -> list[tuple[Block, sympy.Expr]]:
        return [(self, seq)]

    def cache(self, seq: sympy.Expr) -> sympy.Expr:
        return self.count_expr * once(self.block.cache, self.own_seq(seq))

    def held_state(self) -> sympy.Expr:
        return self.count_expr * self.block.held_state()

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """Each run of the layer keeps its own tensors (the model's shared ones once); under
        full recomputation a run keeps only what its checkpoint does, its input."""
        inner = self.own_seq(seq)
        if policy == "full":
            return once(self.block.checkpointed, batch, inner).repeated(self.runs)
        return once(self.block.saved, batch, inner, policy).repeated(self.runs)

    def by_kind(self, outer: str = "other", active: bool = False) -> dict[str, sympy.Expr]:
        below = once(self.block.by_kind, self.kind or outer, active)
        return {kind: self.count_expr * params for kind, params in below.items()}

    def roles(self, outer: str = "other") -> dict[Role, sympy.Expr]:
        below = once(self.block.roles, self.kind or outer)
        return {role: self.count_expr * params for role, params in below.items()}

    def flops_by_kind(self, batch: sympy.Expr, seq: sympy.Expr,
                      outer: str = "other") -> dict[str, sympy.Expr]:
        below = once(self.block.flops_by_kind, batch, self.own_seq(seq), self.kind or outer)
        return {kind: self.runs * flops for kind, flops in below.items()}

    def placed(self, path: str, seq: sympy.Expr | None, weightless: bool) -> list[Placed]:
        return [Placed(path, self, seq)]  # a stack is a part of its own, never opened

    def leaves(self, prefix: str = "", indices: tuple[Index, ...] = ()
               ) -> Iterator[tuple[Block, TensorInfo]]:
        """The layer's tensors, named ``prefix.{i}`` (a letter for each level of repeats)."""
        letter = _INDEX_LETTERS[len(indices) % len(_INDEX_LETTERS)]
        name = f"{prefix}.{{{letter}}}" if prefix else f"{{{letter}}}"
        index = Index(letter, self.count_expr, self.start, self.stride)
        yield from self.block.leaves(name, (*indices, index))

    def table_rows(self, path: str = "") -> Iterator[Row]:
        """A stack nested inside a part: its layer's rows, named ``path.{j}``, each times the
        number of layers."""
        for row in self.block.table_rows(f"{path}.{{j}}" if path else "{j}"):
            yield Row(row.name, row.module, row.weight, row.bias, self.count_expr * row.params,
                      row.tie)


class Stack(Block):
    """Several :class:`Repeat` s that together make one numbered list of layers.

    DeepSeek-V3's ``layers`` are k dense layers then N − k MoE layers; every s-th layer of
    Qwen-MoE is sparse. Each repeat numbers its copies itself (``start``, ``stride``); the stack
    adds no name of its own.
    """

    def __init__(self, *repeats: Repeat,
                 totals: Mapping[Block, sympy.Expr] | None = None) -> None:
        """``totals``: for a layer several repeats share, how many copies they make together,
        in one term where the family knows it (Qwen-MoE's dense layers between every s-th
        sparse one are N − ⌊N/s⌋, not a sum of s − 1 floors)."""
        for repeat in repeats:
            if not isinstance(repeat, Repeat):
                raise InvalidValueError("a Stack holds Repeat blocks")
        adopt("a Stack", [("", r) for r in repeats])
        self.repeats = repeats
        self.totals = {id(block): count for block, count in (totals or {}).items()}

    def children(self) -> tuple[tuple[str, Block], ...]:
        return tuple(("", repeat) for repeat in self.repeats)

    def numeric(self, env: Mapping[sympy.Symbol, Number], active: bool = False) -> Number:
        return sum((kind.numeric(env, active) for kind in self._kinds), 0)

    def symbols(self) -> set[sympy.Symbol]:
        return set().union(*(kind.symbols() for kind in self._kinds))

    @cached_property
    def _kinds(self) -> tuple[Repeat, ...]:
        """The repeats, those of one layer object together (:class:`Runs`), each kind's
        layer asked once."""
        kinds: dict[int, list[Repeat]] = {}
        for repeat in self.repeats:
            kinds.setdefault(id(repeat.block), []).append(repeat)
        return tuple(group[0] if len(group) == 1 else
                     Runs(*group, count=self.totals.get(id(group[0].block)))
                     for group in kinds.values())

    def placed(self, path: str, seq: sympy.Expr | None, weightless: bool) -> list[Placed]:
        """One part per kind of layer: the repeats of one layer object (the dense layers a
        Qwen-MoE lists between its sparse ones, in runs) together as :class:`Runs`, in the
        order each kind first appears, so that a list of a thousand runs is a few parts."""
        return [Placed(path, kind, seq) for kind in self._kinds]


class Runs(Repeat):
    """The runs of one layer in a shared list, as one part: ``Σ count`` copies of the same
    block (each run's copies numbered by its own start and stride). It answers every question
    as a :class:`Repeat` of that many copies does — the runs share the layer and its sequence —
    and names its tensors run by run. Made by :meth:`Stack.placed`; never built into a tree."""

    def __init__(self, *repeats: Repeat, count: sympy.Expr | None = None) -> None:
        """``count``: the runs' copies in one term, where their maker knows it (else the sum
        of the runs' counts)."""
        if len({id(r.block) for r in repeats}) != 1:
            raise ModelDefinitionError("Runs holds repeats of one layer")
        total = sympy.Add(*(r.count_expr for r in repeats)) if count is None else count
        super().__init__(total, repeats[0].block)
        self.repeats = repeats

    def leaves(self, prefix: str = "", indices: tuple[Index, ...] = ()
               ) -> Iterator[tuple[Block, TensorInfo]]:
        """Each run's tensors, numbered by its own start and stride."""
        for repeat in self.repeats:
            yield from repeat.leaves(prefix, indices)
