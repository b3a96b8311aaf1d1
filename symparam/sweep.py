"""Evaluating a count over many hyperparameter combinations at once, exactly.

The total is brought to one fraction p/q of integer polynomials (``d_head = H/h`` puts h in a
denominator); both are compiled once to exact integer code (:mod:`symparam.kernels`), run over
every combination, and p is divided by q exactly. Two routes give the same numbers:

- with numpy (extra ``fast``), on whole arrays in int64, after a bound on every intermediate
  value at the largest values has shown that int64 is safe; when it is not, the same code runs
  on arrays of Python integers, which cannot overflow, and a :class:`PrecisionWarning` says so;
- without numpy, on Python integers, one combination at a time.

Each combination is checked against the model's rules (heads divide the hidden size, k ≤ E …).
:func:`evaluate` refuses a set of arrays in which any combination breaks one, naming the first;
:func:`sweep` lists a grid and skips those combinations, saying which and why
(:attr:`Sweep.skipped`).

>>> import symparam
>>> symparam.model("bert-base-uncased").evaluate(N=[12, 24]).tolist()
[109482240, 194536704]
>>> table = sweep(symparam.model("bert-base-uncased"), {"H": [768, 770, 1536]})
>>> table.rows()
[(768, 109482240), (1536, 276730368)]
>>> print(table.skipped[0])
1 combination: h does not divide H: the heads split the hidden size evenly (H=770)
"""

from __future__ import annotations

import itertools
import json
import warnings
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any, TextIO

import sympy

from symparam import bounds
from symparam.assumptions import resolve
from symparam.errors import InvalidValueError, UnboundError
from symparam.frozen import frozen
from symparam.grid import Grid, column
from symparam.integers import as_int
from symparam.kernels import Kernel, bound, kernel
from symparam.limits import (
    MAX_GRID_POINTS,
    MAX_RANGE_POINTS,
)
from symparam.printing import text
from symparam.tables import Shown, Table

INT64_MAX = 2**63 - 1
#: symbols a polynomial may have to be rewritten in Horner's form (each one nests it deeper)
MAX_HORNER_SYMBOLS = 8
#: rows formatted at a time when a sweep is written out
CHUNK_ROWS = 50_000


class PrecisionWarning(UserWarning):
    """Counts that could pass int64 are computed with Python integers instead."""


class SkippedWarning(UserWarning):
    """A plot left out values a model cannot take (they break one of its rules)."""


def numpy_or_none(use: bool | None = None) -> Any:
    """numpy, if it is installed and ``use`` is not False (``True``: required)."""
    if use is False:
        return None
    try:
        import numpy
    except ImportError:
        if use:
            raise InvalidValueError("the fast route needs numpy: pip install 'symparam[fast]'"
                                    ) from None
        return None
    return numpy


def _symbol(name: str) -> sympy.Symbol:
    return sympy.Symbol(name, integer=True, positive=True)


@cache
def _fraction(expr: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr]:
    """``expr`` as p/q, each expanded, and written in Horner's form where it has few symbols
    (fewer multiplications per combination: as fast as the formula written out by hand)."""
    bounds.check(expr, what="the count as one fraction")
    numerator, denominator = sympy.fraction(sympy.together(expr))
    return _horner(sympy.expand(numerator)), _horner(sympy.expand(denominator))


def _horner(polynomial: sympy.Expr) -> sympy.Expr:
    symbols = sorted(polynomial.free_symbols, key=lambda s: s.name)
    if not symbols or len(symbols) > MAX_HORNER_SYMBOLS or polynomial.atoms(sympy.Function):
        return polynomial
    try:
        return sympy.horner(sympy.Poly(polynomial, *symbols))
    except sympy.PolynomialError:
        return polynomial


@cache
def _kernel(expr: sympy.Expr, names: tuple[str, ...]) -> Kernel:
    return kernel(expr, names)


# -- the rules ----------------------------------------------------------------------------------

@frozen
class Broken:
    """Combinations that break one rule of the model: why, how many, and the first few."""

    reason: str
    count: int
    examples: tuple[dict[str, int], ...]

    def __str__(self) -> str:
        noun = "combination" if self.count == 1 else "combinations"
        return f"{self.count:,} {noun}: {self.described()}"

    def described(self) -> str:
        """The reason, and the first combinations that break it."""
        shown = ", ".join(_combination(e) for e in self.examples)
        more = ", …" if self.count > len(self.examples) else ""
        return f"{self.reason} ({shown}{more})"


def _combination(values: Mapping[str, int]) -> str:
    text = ", ".join(f"{k}={v}" for k, v in values.items())
    return f"[{text}]" if len(values) > 1 else text


def _checks(model: Any, grid: Grid) -> list[tuple[str, sympy.Expr, sympy.Expr]]:
    """Every rule of the model as (why, d, a): d must divide a, in integers, with the values
    that do not vary put in (d | a/b, with b | a, is d·b | a). Kept on the model for the
    values that do not vary."""
    constants = tuple(sorted((n, grid.value(n)) for n in grid.columns if grid.constant(n)))
    cache = model.__dict__.setdefault("_sweep_checks", {})
    if constants not in cache:
        numbers = {_symbol(n): sympy.Integer(v) for n, v in constants}
        out, seen = [], set()
        for why, divisor, dividend in _rules(model):
            top, bottom = sympy.fraction(sympy.together(dividend))
            for d, a in ((sympy.expand(divisor * bottom), sympy.expand(top)), (bottom, top)):
                d, a = sympy.expand(d.xreplace(numbers)), sympy.expand(a.xreplace(numbers))
                if d != 1 and (d, a) not in seen:  # a rule and an assumption may ask the same
                    seen.add((d, a))
                    out.append((why, d, a))
        cache[constants] = out
    return cache[constants]


def _rules(model: Any) -> list[tuple[str, sympy.Expr, sympy.Expr]]:
    """The model's divisibility rules and assumptions as (why, divisor, dividend), under its
    assumptions."""
    mapping = resolve(model.assumptions)
    rules = []
    for rule in model.divides:
        if rule.divisor.is_Number:
            what = f"{text(rule.dividend)} is not a multiple of {rule.divisor}"
        else:
            what = f"{text(rule.divisor)} does not divide {text(rule.dividend)}"
        rules.append((f"{what}: {rule.reason}", rule.divisor.xreplace(mapping),
                      rule.dividend.xreplace(mapping)))
    rules += [(f"{a.name} = {text(a.expr)} is not a whole number: the model assumes {a}",
               sympy.Integer(1), a.expr) for a in model.assumptions]
    return rules


def broken(model: Any, grid: Grid, limit: int = 3) -> tuple[list[Broken], Any]:
    """The combinations that break a rule of ``model`` — grouped by rule, with the first
    ``limit`` of each — and where any rule is broken (a mask over the grid, or None)."""
    by_dividend: dict[sympy.Expr, list[tuple[str, sympy.Expr]]] = {}
    for why, d, a in _checks(model, grid):
        if all(s.name in grid.columns for s in d.free_symbols | a.free_symbols):
            by_dividend.setdefault(a, []).append((why, d))  # else: a value nobody gave
    found: dict[str, Any] = {}
    for a, divisors in by_dividend.items():
        numbers = [d for _, d in divisors if d.is_Integer]
        if len(numbers) > 1 and not grid.count(_indivisible(grid, sympy.ilcm(*numbers), a)):
            divisors = [(why, d) for why, d in divisors if not d.is_Integer]  # one pass: all kept
        for why, d in divisors:
            mask = _indivisible(grid, d, a)
            found[why] = mask if why not in found else grid.either(found[why], mask)
    for small, big, reason in _order_pairs(model):
        if small in grid.columns and big in grid.columns:
            found[f"{small} exceeds {big}: {reason}"] = grid.exceeds(small, big)
    out, anywhere = [], None
    for why, mask in found.items():
        count = grid.count(mask)
        if count:
            out.append(Broken(why, count, tuple(grid.where(mask, limit))))
            anywhere = mask if anywhere is None else grid.either(anywhere, mask)
    return out, anywhere


def _indivisible(grid: Grid, d: sympy.Expr, a: sympy.Expr) -> Any:
    """Where ``d`` does not divide ``a`` (a mask over the grid)."""
    d = sympy.Integer(d) if isinstance(d, int) else d
    names = tuple(sorted(s.name for s in d.free_symbols | a.free_symbols))
    largest = {n: grid.largest(n) for n in names}
    exact = max(bound(a, largest), bound(d, largest)) > INT64_MAX
    top, bottom = _kernel(a, names), _kernel(d, names)
    if d.is_Integer and not exact and int(d) & (int(d) - 1) == 0:  # 2^k: a mask, not a division
        low = int(d) - 1
        remainders = grid.run(lambda row: top(row) & low, names, exact)
    else:
        remainders = grid.run(lambda row: top(row) % bottom(row), names, exact)
    if grid.np is not None:
        return grid.mask(remainders != 0)
    return grid.mask([bool(r) for r in remainders])


def _order_pairs(model: Any) -> list[tuple[str, str, str]]:
    """No size may exceed one it must not (k above E …): (small, big, why) by name."""
    pairs = list(model.family.at_most)
    pairs += [(s.name, b.name, reason) for s, b, reason in model.tree.at_most
              if s.is_Symbol and b.is_Symbol]
    return pairs


# -- counting -----------------------------------------------------------------------------------

def _columns(model: Any, arrays: Mapping[str, Any], np: Any) -> tuple[Grid, tuple[str, ...]]:
    """The combinations asked for, checked, with the model's own values for the rest; and the
    names the total uses."""
    unknown = [n for n in arrays if n not in model.hyperparameters]
    if unknown:
        raise InvalidValueError(f"{', '.join(unknown)}: not hyperparameters of {model.name}")
    expr = model.params
    fixed = model.bind({k: v for k, v in model.values.items() if k not in arrays})
    names = tuple(sorted(s.name for s in expr.free_symbols))
    missing = [n for n in names if n not in arrays and n not in fixed]
    if missing:
        raise UnboundError(missing)
    columns = {n: column(n, arrays[n], np) for n in arrays}
    for name, value in fixed.items():
        columns.setdefault(name, value)
    return Grid(columns, np), names


def _counts(model: Any, grid: Grid, names: tuple[str, ...], np: Any) -> tuple[Any, Any]:
    """The total at every combination, and where it is not a whole number (or None)."""
    constants = {_symbol(n): sympy.Integer(grid.value(n)) for n in names if grid.constant(n)}
    varying = tuple(n for n in names if _symbol(n) not in constants)
    top, bottom = _fraction(model.params.xreplace(constants))
    largest = {n: grid.largest(n) for n in varying}
    exact = max(bound(top, largest), bound(bottom, largest)) > INT64_MAX
    if exact and np is not None:
        warnings.warn("counts could exceed int64: computing with exact Python integers",
                      PrecisionWarning, stacklevel=4)
    p = grid.run(_kernel(top, varying), varying, exact)
    q = grid.run(_kernel(bottom, varying), varying, exact)
    if np is not None:
        if bottom == 1:
            return p, None
        wrong = np.asarray(p % q != 0)
        return p // q, (wrong if wrong.any() else None)
    if bottom == 1:
        return p, None
    wrong = [bool(a % b) for a, b in zip(p, q, strict=True)]
    return [a // b for a, b in zip(p, q, strict=True)], (wrong if any(wrong) else None)


def evaluate(model: Any, arrays: Mapping[str, Any], numpy: bool | None = None) -> Any:
    """See :meth:`symparam.Model.evaluate`. ``numpy``: None uses numpy if it is installed,
    False never (lists in, nested lists of ints out), True requires it."""
    np = numpy_or_none(numpy)
    grid, names = _columns(model, arrays, np)
    found, anywhere = broken(model, grid, limit=1)
    if found:
        first, total = found[0], grid.count(anywhere)
        where = _combination(first.examples[0])
        some = "the values given break" if not where else \
            f"{total:,} of {grid.size:,} combinations {'breaks' if total == 1 else 'break'}"
        at = f" (the first: {where})" if where else ""
        raise InvalidValueError(f"{some} a rule of {model.name}{at}: {first.reason}")
    counts, wrong = _counts(model, grid, names, np)
    if wrong is not None:
        where = grid.where(grid.mask(wrong), 1)[0]
        raise InvalidValueError(f"the count is not a whole number at {_combination(where)}")
    if np is None:
        return grid.nested(counts if isinstance(counts, list) else [counts] * grid.size)
    # one count per combination, also when the total uses none of the arrays given
    return counts if np.shape(counts) == grid.shape else \
        np.broadcast_to(counts, grid.shape).copy()


# -- a grid, as a table -------------------------------------------------------------------------

def grid(ranges: Mapping[str, Sequence[int]], np: Any = None) -> dict[str, Any]:
    """Every combination of the given values, as equal-length columns (first name slowest):
    numpy arrays with ``np``, else lists."""
    names = list(ranges)
    size = 1
    for values in ranges.values():
        size *= len(values)
    if size > MAX_GRID_POINTS:
        raise InvalidValueError(f"{size:,} combinations is more than {MAX_GRID_POINTS:,}")
    if np is not None:
        arrays = [np.asarray(ranges[n], dtype=object if max(ranges[n], default=0) > INT64_MAX
                             else np.int64) for n in names]
        return {n: a.ravel() for n, a in zip(names, np.meshgrid(*arrays, indexing="ij"),
                                             strict=True)}
    rows = list(itertools.product(*(ranges[n] for n in names)))
    return {n: [row[i] for row in rows] for i, n in enumerate(names)}


@frozen(repr=False)
class Sweep(Shown):
    """The count over a grid of values: one row per valid combination (``columns`` by name,
    then ``counts``), and the combinations skipped because they break a rule of the model."""

    model: str
    names: tuple[str, ...]
    columns: Mapping[str, Any]
    counts: Any
    asked: int
    skipped: tuple[Broken, ...]

    def __len__(self) -> int:
        return len(self.counts)

    def __getitem__(self, column: str) -> list[int]:
        """A column as plain ints, by its name, or ``params`` for the counts (as a table of
        columns: ``pandas.DataFrame(sweep.to_dict())`` for a frame)."""
        if column == "params":
            return _ints(self.counts)
        if column not in self.names:
            raise KeyError(column)
        return _ints(self.columns[column])

    def rows(self) -> list[tuple[int, ...]]:
        """Every row as plain ints: the values, then the count."""
        return list(zip(*(_ints(self.columns[n]) for n in self.names), _ints(self.counts),
                        strict=True))

    @property
    def skipped_count(self) -> int:
        """Combinations skipped (one that breaks two rules counts once)."""
        return self.asked - len(self)

    def lines(self, csv: bool = False) -> Iterator[tuple[int, str]]:
        """The table as text, a chunk of rows at a time with the rows written so far: CSV
        with a header, or JSON Lines (one object a row, integers as JSON numbers)."""
        keys = [*self.names, "params"]
        if csv:
            yield 0, ",".join(keys) + "\n"
            template = ",".join(["%d"] * len(keys)) + "\n"
        else:
            fields = ", ".join(f"{json.dumps(k).replace('%', '%%')}: %d" for k in keys)
            template = "{" + fields + "}\n"
        columns = [*(self.columns[n] for n in self.names), self.counts]
        for start in range(0, len(self), CHUNK_ROWS):
            part = [_ints(c[start:start + CHUNK_ROWS]) for c in columns]
            yield min(start + CHUNK_ROWS, len(self)), "".join(
                map(template.__mod__, zip(*part, strict=True)))

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, "names": list(self.names),
                "rows": [dict(zip([*self.names, "params"], row, strict=True))
                         for row in self.rows()],
                "skipped": [{"reason": b.reason, "count": b.count,
                             "examples": list(b.examples)} for b in self.skipped]}

    def _tables(self) -> list[Table]:
        shown = self.rows()[:20]
        notes = tuple(f"skipped {b}" for b in self.skipped)
        if len(self) > len(shown):
            notes = (f"the first {len(shown)} of {len(self):,} rows", *notes)
        return [Table(f"{self.model}: the count over {self.asked:,} combinations",
                      (*self.names, "params"), tuple(shown), notes)]

    def _frame(self) -> Table:
        return Table(self.model, (*self.names, "params"), tuple(self.rows()))

    def _lines(self) -> list[str]:
        """The table as text: its first rows, and what was skipped."""
        return self._tables()[0].text()

    def __repr__(self) -> str:
        skipped = f", {self.skipped_count:,} skipped" if self.skipped_count else ""
        return f"<Sweep {self.model}: {len(self):,} rows over {', '.join(self.names)}{skipped}>"


def write(table: Sweep, out: TextIO, csv: bool = False, progress: TextIO | None = None
          ) -> None:
    """Write ``table`` to ``out`` (JSON Lines, or CSV), a chunk of rows at a time; with
    ``progress`` (a terminal), say on it how many rows are written, on one line that is
    cleared at the end."""
    total = len(table)
    for done, line in table.lines(csv):
        out.write(line)
        if progress is not None and total:
            progress.write(f"\rsymparam: {done:,} of {total:,} rows ({100 * done // total}%)")
            progress.flush()
    out.flush()
    if progress is not None and total:
        progress.write("\r\x1b[K")
        progress.flush()


def _ints(values: Any) -> list[int]:
    return values.tolist() if hasattr(values, "tolist") else list(values)


def sweep(model: Any, ranges: Mapping[str, Sequence[int]], numpy: bool | None = None) -> Sweep:
    """The count at every combination of ``ranges`` (name → values; the first name varies
    slowest), skipping the combinations that break a rule of the model (named in
    :attr:`Sweep.skipped`). Raises if every combination breaks one."""
    checked: dict[str, list[int]] = {}
    for name, values in ranges.items():
        if isinstance(values, str | bytes) or not hasattr(values, "__len__"):
            raise InvalidValueError(f"{name} takes a list, range or array of whole numbers")
        if len(values) > MAX_RANGE_POINTS:
            raise InvalidValueError(f"{name}: more than {MAX_RANGE_POINTS:,} values")
        whole = [as_int(v) for v in values]
        if any(v is None for v in whole):
            raise InvalidValueError(f"{name} takes whole numbers only")
        checked[name] = [int(v) for v in whole if v is not None]
    ranges = checked
    np = numpy_or_none(numpy)
    columns = grid(ranges, np)
    table, names = _columns(model, columns, np)
    found, anywhere = broken(model, table)
    kept = columns
    if anywhere is not None:
        if table.count(anywhere) == table.size:
            raise InvalidValueError(f"every one of the {table.size:,} combinations breaks a rule "
                                    f"of {model.name}: {found[0].described()}")
        keep = ~anywhere if np is not None else [not bad for bad in anywhere]
        kept = {n: (c[keep] if np is not None else
                    list(itertools.compress(c, keep))) for n, c in columns.items()}
        table, names = _columns(model, kept, np)
    counts, wrong = _counts(model, table, names, np)
    if wrong is not None:
        where = table.where(table.mask(wrong), 1)[0]
        raise InvalidValueError(f"the count is not a whole number at {_combination(where)}")
    if np is not None and np.ndim(counts) == 0:  # the total uses none of the names swept
        counts = np.full(table.shape, counts, dtype=object if counts > INT64_MAX else np.int64)
    return Sweep(model.name, tuple(columns), kept, counts, len(next(iter(columns.values()))),
                 tuple(found))
