"""Exact fits of a whole number observed at several sizes: the sparsest sum of candidate terms
whose rational coefficients solve the observations exactly (Gaussian elimination over
:class:`~fractions.Fraction`, no least squares), or nothing.

A term is a product of atoms: a size (``H``), an integer quotient of two sizes (``⌊H/h⌋``) or of
a product by a size (``⌊e·H/d⌋``), or — asked for — a size halved (``⌊K/2⌋``, a convolution's
"same" padding). The search tries one term, then two, … in order of
simplicity, keeps every sum that reproduces all the observations with coefficients the points
fix uniquely, and returns those; :func:`fit` then asks them about the points it was not
given, and refuses when none or several disagreeing ones remain.

>>> points = [{"H": 64, "h": 4}, {"H": 128, "h": 4}, {"H": 64, "h": 8}, {"H": 32, "h": 2}]
>>> values = [p["H"] // p["h"] * 3 for p in points]
>>> found = candidates(["H", "h"], points, values)
>>> [str(c.expr()) for c in found]
['3*floor(H/h)']
>>> c = found[0]
>>> c.at({"H": 96, "h": 8})
36
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import sympy

from symparam.symbols import symbol

Point = Mapping[str, int]

#: the most terms one fit may have, and the most subsets of terms one search may try
MAX_TERMS = 4
MAX_TRIES = 20_000
#: the most sizes one number may be fitted in
MAX_KEYS = 5


@dataclass(frozen=True, order=True)
class Atom:
    """A size (``("H",)``), ``⌊a/b⌋`` (``("H", "h")``) or ``⌊a·b/c⌋`` (``("e", "H", "d")``);
    with ``half``, a size halved (``⌊K/2⌋``)."""

    names: tuple[str, ...]
    half: bool = False

    def at(self, point: Point) -> int:
        if len(self.names) == 1:
            return point[self.names[0]] // 2 if self.half else point[self.names[0]]
        *top, below = self.names
        return math.prod(point[n] for n in top) // point[below]

    def expr(self) -> sympy.Expr:
        syms = [symbol(n) for n in self.names]
        if len(syms) == 1:
            return sympy.floor(syms[0] / 2) if self.half else syms[0]
        *top, below = syms
        return sympy.floor(sympy.Mul(*top) / below)


@dataclass(frozen=True)
class Term:
    """A product of atoms (none: the constant 1)."""

    atoms: tuple[Atom, ...]

    def at(self, point: Point) -> int:
        return math.prod(a.at(point) for a in self.atoms)

    def expr(self) -> sympy.Expr:
        return sympy.Mul(*(a.expr() for a in self.atoms))

    @property
    def names(self) -> frozenset[str]:
        return frozenset(n for a in self.atoms for n in a.names)


@dataclass(frozen=True)
class Candidate:
    """A sum of terms with exact rational coefficients."""

    terms: tuple[Term, ...]
    coefficients: tuple[Fraction, ...]

    def at(self, point: Point) -> Fraction | int:
        total = sum((c * t.at(point) for c, t in zip(self.coefficients, self.terms,
                                                      strict=True)), Fraction(0))
        return int(total) if total.denominator == 1 else total

    def expr(self) -> sympy.Expr:
        return sympy.Add(*(sympy.Rational(c.numerator, c.denominator) * t.expr()
                           for c, t in zip(self.coefficients, self.terms, strict=True)))


def marginal_linear(base: Point, points: Sequence[Point], values: Sequence[int],
                    key: str) -> bool | None:
    """Whether the value moves linearly with ``key`` alone (every other size at ``base``):
    None when fewer than three values of ``key`` were tried, or it does not move."""
    along = {p[key]: v for p, v in zip(points, values, strict=True)
             if all(p[k] == base[k] for k in base if k != key)}
    if len(along) < 3 or len(set(along.values())) == 1:
        return None
    (x0, y0), (x1, y1), *rest = sorted(along.items())
    slope = Fraction(y1 - y0, x1 - x0)
    return all(y0 + slope * (x - x0) == y for x, y in rest)


def terms_for(keys: Sequence[str], linear: Mapping[str, bool | None],
              squares: bool = False, halves: bool = False) -> list[Term]:
    """The candidate terms in ``keys``, simplest first. A size that moves the value linearly
    is not squared and divides nothing. ``squares``: also a size times a quotient squared
    (an image's patches over F frames, ``F·⌊R/P⌋²``), which the FLOPs fitter asks for on
    images alone; ``halves``: also each size halved, alone, even one that moved it linearly
    where it was tried at even values (``⌊K/2⌋``: the padding of a convolution of K taps
    that keeps a sequence's length, asked for on audio alone)."""
    keys = sorted(keys)
    bent = [k for k in keys if linear.get(k) is not True]
    atoms = [Atom((k,)) for k in keys]
    atoms += [Atom((a, b)) for a in keys for b in bent if a != b]
    if len(keys) >= 3:
        atoms += [Atom((a, b, c)) for a, b in itertools.combinations(keys, 2) for c in bent
                  if c not in (a, b)]
    out = [Term(())] + [Term((a,)) for a in atoms]
    for a, b in itertools.combinations_with_replacement(atoms, 2):
        repeated = set(a.names) & set(b.names)
        if any(linear.get(k) is True for k in repeated):
            continue
        out.append(Term((a, b)))
    for trio in itertools.combinations_with_replacement(keys, 3):  # C·P² (a patch, flattened)
        repeated = {k for k in trio if trio.count(k) > 1}
        if not any(linear.get(k) is True for k in repeated):
            out.append(Term(tuple(Atom((k,)) for k in trio)))
    if squares:
        out += [Term((Atom((k,)), q, q)) for k in keys for q in atoms
                if len(q.names) > 1 and k not in q.names]
    if halves:
        out += [Term((Atom((k,), half=True),)) for k in keys]
    out.sort(key=lambda t: (len(t.atoms), sum(len(a.names) + a.half for a in t.atoms),
                            t.atoms))
    return out


def reduced(rows: Sequence[Sequence[int | Fraction]], width: int
            ) -> tuple[list[list[Fraction]], list[int]]:
    """``rows`` (each ``width`` coefficients and a right-hand side) in reduced row echelon
    form over the rationals, exactly, and the columns that hold a pivot (the row of the
    k-th is k; the rows past the last pivot have zero coefficients).

    >>> matrix, pivots = reduced([[2, 4, 6], [1, 3, 4], [1, 1, 2]], 2)
    >>> [[str(x) for x in row] for row in matrix], pivots
    ([['1', '0', '1'], ['0', '1', '1'], ['0', '0', '0']], [0, 1])
    """
    matrix = [[Fraction(x) for x in row] for row in rows]
    pivots: list[int] = []
    for col in range(width):
        r = len(pivots)
        found = next((i for i in range(r, len(matrix)) if matrix[i][col] != 0), None)
        if found is None:
            continue
        matrix[r], matrix[found] = matrix[found], matrix[r]
        lead = matrix[r][col]
        matrix[r] = [x / lead for x in matrix[r]]
        for i in range(len(matrix)):
            if i != r and matrix[i][col] != 0:
                factor = matrix[i][col]
                matrix[i] = [x - factor * y for x, y in zip(matrix[i], matrix[r], strict=True)]
        pivots.append(col)
    return matrix, pivots


def solve_exact(rows: Sequence[Sequence[int]], rhs: Sequence[int]) -> tuple[Fraction, ...] | None:
    """The unique exact solution of ``rows · x = rhs`` (more rows than unknowns allowed), or
    None where there is none or it is not unique.

    >>> solve_exact([[1, 1], [1, 2], [1, 3]], [3, 5, 7])
    (Fraction(1, 1), Fraction(2, 1))
    >>> solve_exact([[1, 2], [2, 4]], [3, 6]) is None
    True
    """
    width = len(rows[0]) if rows else 0
    matrix, pivots = reduced([[*row, b] for row, b in zip(rows, rhs, strict=True)], width)
    if len(pivots) < width:
        return None  # a free unknown: not unique
    if any(row[-1] != 0 for row in matrix[width:]):
        return None  # inconsistent
    return tuple(matrix[i][-1] for i in range(width))


def candidates(keys: Sequence[str], points: Sequence[Point], values: Sequence[int],
               linear: Mapping[str, bool | None] | None = None,
               required: Sequence[str] | None = None, squares: bool = False,
               halves: bool = False) -> list[Candidate]:
    """Every sum of the fewest candidate terms in ``keys`` that reproduces ``values`` at
    ``points`` exactly, each of ``required`` (by default every key) in some term. Empty when
    nothing fits within :data:`MAX_TERMS` terms."""
    keys = sorted(set(keys))
    if len(keys) > MAX_KEYS:
        return []  # a number of so many sizes is no dimension a module is built with
    if not keys:
        first = values[0]
        return [Candidate((Term(()),), (Fraction(first),))] if all(
            v == first for v in values) else []
    # distinct points only: a repeated point adds no equation
    seen: dict[tuple[int, ...], int] = {}
    for p, v in zip(points, values, strict=True):
        at = tuple(p[k] for k in keys)
        if seen.setdefault(at, v) != v:
            return []  # two values at one point: something else moves it
    rows = [dict(zip(keys, at, strict=True)) for at in seen]
    rhs = list(seen.values())
    terms = terms_for(keys, linear or {}, squares, halves)
    columns = {t: [t.at(p) for p in rows] for t in terms}
    floats = {t: [float(x) for x in column] for t, column in columns.items()}
    float_rhs = [float(x) for x in rhs]
    wanted = frozenset(keys if required is None else required)
    tries = 0
    for size in range(1, min(MAX_TERMS, len(rows)) + 1):
        found = []
        for subset in itertools.combinations(terms, size):
            if not wanted <= frozenset().union(*(t.names for t in subset)):
                continue
            tries += 1
            if tries > MAX_TRIES:
                return found
            if not _plausible([floats[t] for t in subset], float_rhs):
                continue
            matrix = [[columns[t][i] for t in subset] for i in range(len(rows))]
            solution = solve_exact(matrix, rhs)
            if solution is not None and all(c != 0 for c in solution):
                found.append(Candidate(subset, solution))
        if found:
            return found
    return []


def _plausible(columns: Sequence[Sequence[float]], rhs: Sequence[float]) -> bool:
    """Whether ``rhs`` may lie in the span of ``columns``: Gaussian elimination in floats, a
    cheap test that rejects most subsets before the exact one in fractions (it errs only
    towards yes, by its tolerance)."""
    width = len(columns)
    rows = [[col[i] for col in columns] + [rhs[i]] for i in range(len(rhs))]
    scale = max((abs(x) for row in rows for x in row), default=1.0) or 1.0
    rows = [[x / scale for x in row] for row in rows]
    r = 0
    for c in range(width):
        pivot = max(range(r, len(rows)), key=lambda i: abs(rows[i][c]), default=None)
        if pivot is None or abs(rows[pivot][c]) < 1e-12:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        lead = rows[r]
        for i in range(len(rows)):
            if i != r and rows[i][c] != 0.0:
                f = rows[i][c] / lead[c]
                rows[i] = [x - f * y for x, y in zip(rows[i], lead, strict=True)]
        r += 1
    return all(abs(row[-1]) < 1e-7 for row in rows[r:])


def agree(found: Sequence[Candidate]) -> bool:
    """Whether the candidates are one expression (the same sum written two ways)."""
    first = sympy.expand(found[0].expr())
    return all(sympy.expand(c.expr() - first) == 0 for c in found[1:])


def settle(found: Sequence[Candidate], points: Sequence[Point], values: Sequence[int]
           ) -> tuple[Candidate | None, str, list[Candidate]]:
    """The one candidate that also gives ``values`` at ``points`` (points it was not fitted
    on), or None and why not: none of them does, or several disagreeing ones do (then listed,
    for a point that tells them apart)."""
    if not found:
        return None, "no sum of products and integer quotients of the sizes fits", []
    kept = [c for c in found if all(c.at(p) == v for p, v in zip(points, values, strict=True))]
    if not kept:
        return None, "the fit found does not hold at the sizes kept to check it", []
    if not agree(kept):
        return None, (f"{len(kept)} different formulas fit every size tried: "
                      f"{', '.join(str(c.expr()) for c in kept[:3])}"), kept
    return kept[0], "", []
