"""What a walk of a block tree yields, named tensors with their repeats (:class:`TensorInfo`),
and the check that a size is one. (Blocks where they sit and a derivation's table rows hold
blocks: :mod:`symparam.blocks.base` declares them.)"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import sympy

from symparam.errors import InvalidValueError, UnboundError, shown, whole
from symparam.frozen import frozen
from symparam.integers import as_int
from symparam.limits import MAX_VALUE

#: a dimension of a tensor or block: an int or a sympy expression in the hyperparameters
Dim = int | sympy.Expr


def as_expr(value: int | sympy.Expr) -> sympy.Expr:
    """A number of the tree as a sympy expression (an int made an Integer; never a string, which
    sympify would parse)."""
    if isinstance(value, sympy.Basic):
        return value
    number = as_int(value)
    if number is None:
        raise InvalidValueError(f"expected an int or a sympy expression, not "
                                f"{type(value).__name__}")
    return sympy.Integer(number)


def as_size(value: Dim, what: str = "size") -> sympy.Expr:
    """A block size as a sympy expression: a positive int or an expression, never a string."""
    number = int(value) if isinstance(value, sympy.Integer) else \
        None if isinstance(value, sympy.Expr) else as_int(value)
    if number is not None:
        value = number  # numpy's integers too
    if isinstance(value, bool) or not isinstance(value, int | sympy.Expr):
        raise InvalidValueError(
            f"{what} must be an int or a sympy expression, not {type(value).__name__}"
        )
    if isinstance(value, int):  # checked as a Python int: sympy's comparisons cost 30× more
        if not 0 < value <= MAX_VALUE:
            raise InvalidValueError(
                f"{what} must be a positive integer, got {whole(value)}" if value <= 0 else
                f"{what} = {whole(value)} is more than symparam takes (10^30)")
        return sympy.Integer(value)
    if value.is_number:
        if not (value.is_integer and value.is_positive):
            raise InvalidValueError(f"{what} must be a positive integer, got {_number(value)}")
        if value > MAX_VALUE:  # as for a hyperparameter's value: any count stays printable
            raise InvalidValueError(f"{what} = {_number(value)} is more than symparam takes "
                                    "(10^30)")
    return value


def _number(value: sympy.Expr) -> str:
    """A sympy number for a message (an Integer of 5,000 digits by how many it has)."""
    return whole(int(value)) if value.is_Integer else shown(value)


@frozen
class Index:
    """One enclosing :class:`Repeat`: its placeholder letter, count, first index and stride."""

    letter: str
    count: sympy.Expr
    start: sympy.Expr = sympy.S.Zero
    stride: int = 1

    def __iter__(self) -> Iterator[Any]:  # ``for letter, count in entry.indices`` still works
        return iter((self.letter, self.count))

    def substitute(self, mapping: Mapping[sympy.Symbol, sympy.Expr]) -> Index:
        return Index(self.letter, self.count.xreplace(mapping), self.start.xreplace(mapping),
                     self.stride)


@frozen
class TensorInfo:
    """A leaf tensor as seen from the root of a tree.

    ``name`` holds ``{i}``-style placeholders for each enclosing :class:`Repeat`, listed in
    ``indices`` as (letter, count) pairs; ``copies`` is the product of those counts. A tied tensor
    names its owner in ``tied_to`` and adds nothing to the total.
    """

    name: str
    shape: tuple[sympy.Expr, ...]
    indices: tuple[Index, ...] = ()
    tied_to: str | None = None

    @property
    def numel(self) -> sympy.Expr:
        """Elements in one copy of the tensor."""
        return sympy.Mul(*self.shape)

    @property
    def copies(self) -> sympy.Expr:
        """How many distinct copies the enclosing repeats make."""
        return sympy.Mul(*(index.count for index in self.indices))

    @property
    def params(self) -> sympy.Expr:
        """What this entry adds to the total: 0 when tied."""
        if self.tied_to is not None:
            return sympy.Integer(0)
        return self.copies * self.numel

    @property
    def kind(self) -> str:
        """``weight``, ``bias`` or the tensor's own last name component."""
        return self.name.rsplit(".", 1)[-1]

    def substitute(self, mapping: Mapping[sympy.Symbol, sympy.Expr | int]) -> TensorInfo:
        """The same entry with ``mapping`` applied to its shape and repeat counts."""
        mapping = {k: sympy.Integer(v) if isinstance(v, int) else v for k, v in mapping.items()}
        return TensorInfo(
            self.name,
            tuple(dim.xreplace(mapping) for dim in self.shape),
            tuple(index.substitute(mapping) for index in self.indices),
            self.tied_to,
        )

    def expand(self) -> Iterator[tuple[str, tuple[int, ...]]]:
        """Concrete ``(name, shape)`` pairs, one per layer index (needs numeric counts)."""
        counts = []
        for index in self.indices:
            if not (index.count.is_Integer and index.start.is_Integer):
                unbound = index.count.free_symbols | index.start.free_symbols
                raise UnboundError(sorted(str(s) for s in unbound))
            counts.append((index.letter, int(index.count), int(index.start), index.stride))
        if any(not dim.is_Integer for dim in self.shape):
            unbound = set().union(*(dim.free_symbols for dim in self.shape))
            raise UnboundError(sorted(str(s) for s in unbound))
        shape = tuple(int(dim) for dim in self.shape)

        def walk(level: int, name: str) -> Iterator[tuple[str, tuple[int, ...]]]:
            if level == len(counts):
                yield name, shape
                return
            letter, count, start, stride = counts[level]
            for k in range(count):
                shown = str(start + stride * k)
                yield from walk(level + 1, name.replace("{" + letter + "}", shown, 1))

        yield from walk(0, self.name)
