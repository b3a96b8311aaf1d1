"""The combinations a sweep or an evaluation runs over: columns of values by name, checked
(positive integers up to 10^30) and broadcast together as numpy does — numpy arrays where
numpy is installed, flat lists of Python integers otherwise (:class:`Grid`).

>>> grid = Grid({"H": [[1, 2], [3, 4]], "N": [10, 20]}, None)
>>> grid.shape, grid.columns["N"]
((2, 2), [10, 20, 10, 20])
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from symparam.errors import InvalidValueError
from symparam.kernels import Kernel
from symparam.limits import MAX_EVALUATE_POINTS, MAX_EVALUATE_POINTS_WITHOUT_NUMPY, MAX_VALUE

#: dimensions a nested list may have without numpy (numpy's own limit is 64)
MAX_DIMENSIONS = 32


class Grid:
    """Values by name, broadcast together: numpy arrays (``np``), or, without numpy, flat
    lists of Python ints of one length (``shape`` says how to nest the results)."""

    def __init__(self, columns: dict[str, Any], np: Any) -> None:
        self.np = np
        if np is not None:
            try:
                self.shape = np.broadcast_shapes(*(np.shape(c) for c in columns.values()))
            except ValueError:
                raise InvalidValueError("the arrays given do not broadcast together") from None
            self.columns = columns
        else:
            shapes = {name: _shape(name, raw) for name, raw in columns.items()}
            self.shape = _broadcast(shapes.values())
            check_points(self.shape, np)
            self.columns = {name: _spread(raw, shapes[name], self.shape)
                            for name, raw in columns.items()}
        self.size = check_points(self.shape, np)
        self._largest: dict[str, int] = {}
        #: the names whose values vary (the others are put into formulas before compiling)
        self.varying = tuple(n for n, c in self.columns.items() if not self.constant(n))

    def constant(self, name: str) -> bool:
        """Whether ``name`` has one value, given as such (not as an array of one)."""
        column = self.columns[name]
        return self.np.ndim(column) == 0 if self.np is not None else isinstance(column, int)

    def value(self, name: str) -> int:
        column = self.columns[name]
        return int(column) if self.np is not None or isinstance(column, int) else column[0]

    def largest(self, name: str) -> int:
        if name not in self._largest:
            column = self.columns[name]
            self._largest[name] = int(self.np.max(column)) if self.np is not None else \
                column if isinstance(column, int) else max(column, default=1)
        return self._largest[name]

    def run(self, f: Kernel, names: Sequence[str], exact: bool) -> Any:
        """``f`` over every combination of ``names``' values."""
        if self.np is not None:
            kind = object if exact else self.np.int64
            return f([self._as(self.columns[n], kind) for n in names])
        if not names:
            return [f(())] * self.size
        return [f(row) for row in zip(*(self.columns[n] for n in names), strict=True)]

    def _as(self, column: Any, kind: Any) -> Any:
        np = self.np
        if kind is object:
            return np.vectorize(int, otypes=[object])(np.asarray(column, dtype=object))
        return np.asarray(column, dtype=kind)

    def mask(self, values: Any) -> Any:
        """Where ``values`` (a comparison's result) is true, over the whole grid."""
        if self.np is not None:
            return self.np.broadcast_to(self.np.asarray(values, dtype=bool), self.shape)
        return values if isinstance(values, list) else [bool(values)] * self.size

    def count(self, mask: Any) -> int:
        return int(self.np.count_nonzero(mask)) if self.np is not None else sum(mask)

    def where(self, mask: Any, limit: int) -> list[dict[str, int]]:
        """The values that vary at the first ``limit`` combinations ``mask`` marks."""
        if self.np is not None:
            flat = self.np.flatnonzero(mask)[:limit]
            spots = [self.np.unravel_index(i, self.shape) for i in flat]
            return [{n: int(self.np.broadcast_to(self.columns[n], self.shape)[spot])
                     for n in self.varying} for spot in spots]
        spots = list(itertools.islice((i for i, bad in enumerate(mask) if bad), limit))
        return [{n: self.columns[n][i] for n in self.varying} for i in spots]

    def exceeds(self, small: str, big: str) -> Any:
        """Where the value of ``small`` is above that of ``big``."""
        first, second = self.columns[small], self.columns[big]
        if self.np is not None:
            return self.mask(self.np.asarray(first, dtype=object)
                             > self.np.asarray(second, dtype=object))
        if isinstance(first, int) and isinstance(second, int):
            return self.mask(first > second)
        firsts = [first] * self.size if isinstance(first, int) else first
        seconds = [second] * self.size if isinstance(second, int) else second
        return [a > b for a, b in zip(firsts, seconds, strict=True)]

    def either(self, first: Any, second: Any) -> Any:
        if self.np is not None:
            return first | second
        return [a or b for a, b in zip(first, second, strict=True)]

    def nested(self, flat: list[int]) -> Any:
        """A flat list of results in the grid's shape (no numpy: nested lists)."""
        if not self.shape:
            return flat[0]
        for n in reversed(self.shape[1:]):
            flat = [flat[i:i + n] for i in range(0, len(flat), n)]
        return flat


def check_points(shape: tuple[int, ...], np: Any) -> int:
    """The combinations of a grid of ``shape``, at most MAX_EVALUATE_POINTS (with numpy), or
    MAX_EVALUATE_POINTS_WITHOUT_NUMPY (each worked out in Python), before any is made."""
    size = 1
    for n in shape:
        size *= n
    most = MAX_EVALUATE_POINTS if np is not None else MAX_EVALUATE_POINTS_WITHOUT_NUMPY
    if size > most:
        raise InvalidValueError(f"the arrays given make {size:,} combinations, more than "
                                f"symparam works out at once ({most:,}"
                                f"{'' if np is not None else ' without numpy'})")
    return size


def _shape(name: str, raw: Any) -> tuple[int, ...]:
    """The shape of a nested list of values (no numpy); a ragged one is an error. Read a level
    at a time (a list of a million values is one pass, not a call each)."""
    wrong = f"{name} takes an array (or list) of integers of one shape"
    shape: list[int] = []
    level = [raw]
    while True:
        lists = [item for item in level if isinstance(item, list | tuple | range)]
        if not lists:
            return tuple(shape)
        if len(lists) != len(level):  # lists beside single values
            raise InvalidValueError(wrong)
        if len(shape) >= MAX_DIMENSIONS:
            raise InvalidValueError(f"{wrong} (at most {MAX_DIMENSIONS} dimensions)")
        lengths = set(map(len, lists))
        if len(lengths) > 1:
            raise InvalidValueError(wrong)
        shape.append(lengths.pop())
        level = list(itertools.chain.from_iterable(lists))


def _broadcast(shapes: Any) -> tuple[int, ...]:
    """numpy's broadcasting rule on shapes."""
    shapes = list(shapes)
    ndim = max((len(s) for s in shapes), default=0)
    out = []
    for axis in range(ndim):
        sizes = {s[axis - ndim + len(s)] for s in shapes if axis - ndim + len(s) >= 0} - {1}
        if len(sizes) > 1:
            raise InvalidValueError("the arrays given do not broadcast together")
        out.append(sizes.pop() if sizes else 1)
    return tuple(out)


def _spread(raw: Any, shape: tuple[int, ...], target: tuple[int, ...]) -> Any:
    """A nested list of ``shape`` as a flat list over the broadcast ``target`` (a single
    value stays itself)."""
    if not shape:
        return raw
    flat = _flatten(raw, len(shape))
    if shape == target:
        return flat
    padded = (1,) * (len(target) - len(shape)) + shape
    strides, step = [], 1
    for n in reversed(padded):
        strides.append(step if n != 1 else 0)
        step *= n
    strides.reverse()
    return [flat[sum(i * s for i, s in zip(index, strides, strict=True))]
            for index in itertools.product(*(range(n) for n in target))]


def column(name: str, raw: Any, np: Any) -> Any:
    """``raw`` as a column: positive integers up to :data:`~symparam.limits.MAX_VALUE`."""
    wrong = f"{name} takes positive integers up to 10^30"
    if np is not None:
        try:
            values = np.asarray(raw)
        except (ValueError, TypeError, OverflowError):
            raise InvalidValueError(f"{name} takes an array (or list) of integers of one shape"
                                    ) from None
        if values.size == 0 or values.dtype.kind not in "iuO" or values.dtype == bool:
            raise InvalidValueError(wrong)
        if values.dtype.kind == "O" and not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values.ravel()
        ):
            raise InvalidValueError(wrong)
        if values.min() <= 0 or values.max() > MAX_VALUE:
            raise InvalidValueError(wrong)
        return values
    flat = _flatten(raw, len(_shape(name, raw)))
    if not flat or any(isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= MAX_VALUE
                       for v in flat):
        raise InvalidValueError(wrong)
    return raw


def _flatten(values: Any, dimensions: int) -> list[Any]:
    if not dimensions:
        return [values]
    flat = list(values)
    for _ in range(dimensions - 1):
        flat = [v for row in flat for v in row]
    return flat
