"""How large an expression becomes when sympy expands it, worked out before it is expanded.

Expanding ``(H + N + V + L + T + d_ff + h + d_head)⁸`` makes 6,435 terms, and a short formula can
ask for millions: the size is read off the unexpanded tree (a sum adds the terms of its parts,
a product multiplies them, a power of a t-term sum has at most C(t + n − 1, n) terms), and too
large a result is refused with one line before sympy starts. Degrees add up the same way, so
``H¹⁶·H¹⁶·…`` is bounded too, not only a single power.

>>> from symparam.symbols import H, N, V
>>> size((H + N + V)**4)
Extent(degree=4, terms=15)
>>> size(12 * N * H**2 + (V + 3) * H)
Extent(degree=3, terms=3)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from math import comb
from typing import NamedTuple

import sympy

from symparam import limits
from symparam.errors import InvalidValueError
from symparam.limits import COUNT_BOUND as _SCALE_CAP
from symparam.limits import MAX_COUNT_DIGITS, MAX_DEGREE


class ExpressionTooLargeError(InvalidValueError):
    """An expression whose expanded form would be too large to work with."""


class Extent(NamedTuple):
    """An upper bound on the expanded form: its degree (absolute values of the exponents
    added up) and its number of terms."""

    degree: int
    terms: int


class _Bound(NamedTuple):
    degree: int
    terms: int  # terms of sympy.expand
    top: int  # terms of the numerator of sympy.together, expanded
    bottom: int  # terms of its denominator
    scale: int = 1  # the numbers of the expanded form are at most this (capped past the limit)


def size(expr: sympy.Expr, terms_limit: int | None = None) -> Extent:
    """An upper bound on the degree and number of terms of ``sympy.expand(expr)``, and of the
    one fraction ``sympy.together`` makes of it (a sum over k different denominators has
    their product below). Counts past ``terms_limit`` are capped just above it, so the bound
    stays a small number; a denominator that would expand past it raises (sympy expands
    denominators too). The limit is :data:`~symparam.limits.MAX_EXPANDED_TERMS` unless
    given, read when called (a benchmark may lift it)."""
    if terms_limit is None:
        terms_limit = limits.MAX_EXPANDED_TERMS
    cap = terms_limit + 1
    seen: dict[sympy.Basic, _Bound] = {}

    def walk(node: sympy.Basic) -> _Bound:
        if node in seen:
            return seen[node]
        if node.is_Rational:
            found = _Bound(0, 1, 1, 1, min(_SCALE_CAP, max(abs(int(node.p)), int(node.q))))
        elif node.is_Number or not node.free_symbols:
            found = _Bound(0, 1, 1, 1)
        elif node.is_Symbol:
            found = _Bound(1, 1, 1, 1)
        elif node.is_Add:
            parts = [walk(arg) for arg in node.args]
            bottom = _product((p.bottom for p in parts), cap)
            found = _Bound(max(p.degree for p in parts), min(cap, sum(p.terms for p in parts)),
                           min(cap, sum(p.top for p in parts) * bottom), bottom,
                           min(_SCALE_CAP, sum(p.scale for p in parts)))
        elif node.is_Mul:
            parts = [walk(arg) for arg in node.args]
            found = _Bound(sum(p.degree for p in parts), _product((p.terms for p in parts), cap),
                           _product((p.top for p in parts), cap),
                           _product((p.bottom for p in parts), cap),
                           _product((p.scale for p in parts), _SCALE_CAP))
        elif node.is_Pow and node.exp.is_Integer:
            base, power = walk(node.base), int(node.exp)
            n = abs(power)
            top, bottom = _power_terms(base.top, n, cap), _power_terms(base.bottom, n, cap)
            scale = _product([base.scale] * min(n, MAX_DEGREE + 1), _SCALE_CAP)
            if power >= 0:
                found = _Bound(base.degree * n, _power_terms(base.terms, n, cap), top, bottom,
                               scale)
            else:  # one term, but sympy expands the denominator too
                if _power_terms(base.terms, n, cap) > terms_limit:
                    raise _too_large(terms_limit)
                found = _Bound(base.degree * n, 1, bottom, top, scale)
        else:  # floor, ceiling, a root …: one term whose arguments are expanded in place
            parts = [walk(arg) for arg in node.args]
            found = _Bound(max((p.degree for p in parts), default=0), 1, 1, 1,
                           _product((p.scale for p in parts), _SCALE_CAP))
        if found.degree > MAX_DEGREE:
            raise ExpressionTooLargeError(
                f"the expression has degree {found.degree}, more than {MAX_DEGREE}")
        if found.scale >= _SCALE_CAP:
            raise ExpressionTooLargeError(
                f"the expression holds a number of more than {MAX_COUNT_DIGITS:,} digits")
        seen[node] = found
        return found

    found = walk(expr)
    together = found.top + (found.bottom if found.bottom > 1 else 0)
    return Extent(found.degree, max(found.terms, min(cap, together)))


def _product(counts: Iterable[int], cap: int) -> int:
    out = 1
    for count in counts:
        out = min(cap, out * count)
    return out


def _power_terms(terms: int, power: int, cap: int) -> int:
    """At most C(t + n − 1, n) monomials in a t-term sum to the n-th power."""
    if terms <= 1 or power <= 1:
        return terms if power else 1
    return min(cap, comb(terms + power - 1, power))


def _too_large(limit: int, what: str = "the expression") -> ExpressionTooLargeError:
    return ExpressionTooLargeError(f"{what} would expand to more than {limit:,} terms")


def check(expr: sympy.Expr, limit: int | None = None, what: str = "the expression"
          ) -> Extent:
    """Raise :class:`ExpressionTooLargeError` unless ``expr`` expands within ``limit`` terms
    and :data:`~symparam.limits.MAX_DEGREE`; the bound otherwise."""
    if limit is None:
        limit = limits.MAX_EXPANDED_TERMS
    try:
        found = size(expr, limit)
    except ExpressionTooLargeError as error:
        raise ExpressionTooLargeError(str(error).replace("the expression", what, 1)) from None
    if found.terms > limit:
        raise _too_large(limit, what)
    return found


def expand(expr: sympy.Expr, limit: int | None = None, what: str = "the expression"
           ) -> sympy.Expr:
    """``sympy.expand(expr)``, refused with one line if it would be too large or divides by
    zero (``H/(d_ff − 4H)`` under ``d_ff = 4H``)."""
    check(expr, limit, what)
    return finite(expanded(expr), what)


def expanded(expr: sympy.Expr) -> sympy.Expr:
    """``sympy.expand(expr)``, remembered: a derivation expands a layer's count for its table,
    its summary and its grouping, and sympy's own cache has long forgotten the result by then
    (its inner steps fill it). An expanded form is remembered as its own expansion."""
    if isinstance(expr, int):  # a sum of no terms, 0
        expr = sympy.Integer(expr)
    found = _EXPANDED.get(expr)
    if found is not None:
        _EXPANDED.move_to_end(expr)
        return found
    found = sympy.expand(expr)
    for key in (expr, found):
        _EXPANDED[key] = found
    while len(_EXPANDED) > _KEEP:
        _EXPANDED.popitem(last=False)
    return found


#: the expansions remembered, the oldest first, and how many
_EXPANDED: OrderedDict[sympy.Basic, sympy.Expr] = OrderedDict()
_KEEP = 512


def finite(expr: sympy.Expr, what: str = "the expression") -> sympy.Expr:
    """``expr``, unless it holds a division by zero (``zoo``, ``nan``) or an infinity."""
    if expr.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        raise InvalidValueError(f"{what} divides by zero")
    return expr
