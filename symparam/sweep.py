"""Evaluating a count over many hyperparameter combinations at once, exactly.

The total is brought to one fraction p/q of integer polynomials (``d_head = H/h`` puts h in a
denominator); both are compiled once to numpy code (``lambdify``) and evaluated on whole
arrays, and p is divided by q exactly. Before that, a bound on every term at the largest
values decides whether int64 is safe; when it is not, the same code runs on Python integers,
which cannot overflow, and a warning says so. numpy is optional (extra ``fast``); without it
the Python-integer path is used.

>>> import symparam
>>> symparam.model("bert-base-uncased").evaluate(N=[12, 24]).tolist()
[109482240, 194536704]
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import sympy

from symparam import bounds
from symparam.errors import InvalidValueError, UnboundError
from symparam.limits import MAX_GRID_POINTS, MAX_VALUE

INT64_MAX = 2**63 - 1


class PrecisionWarning(UserWarning):
    """Counts that could pass int64 are computed with Python integers instead."""


@cache
def _compiled(expr: sympy.Expr, names: tuple[str, ...]) -> tuple[Any, Any, sympy.Expr]:
    bounds.check(expr, what="the count as one fraction")
    numerator, denominator = sympy.fraction(sympy.together(expr))
    symbols = [sympy.Symbol(n, integer=True, positive=True) for n in names]
    top = sympy.lambdify(symbols, sympy.expand(numerator), modules="numpy")
    bottom = sympy.lambdify(symbols, sympy.expand(denominator), modules="numpy")
    return top, bottom, sympy.expand(numerator)


def _bound(numerator: sympy.Expr, largest: Mapping[str, int]) -> int:
    """An upper bound on |numerator| at values up to ``largest`` (every term taken positive)."""
    total = 0
    for monomial, coefficient in numerator.as_coefficients_dict().items():
        term = abs(int(coefficient))
        for base, exponent in monomial.as_powers_dict().items():
            if base.is_Symbol:
                term *= largest[base.name] ** int(exponent)
        total += term
    return total


def evaluate(model: Any, arrays: Mapping[str, Any]) -> Any:
    """See :meth:`symparam.Model.evaluate`."""
    expr = model.params
    fixed = model.bind({k: v for k, v in model.values.items() if k not in arrays})
    names = tuple(sorted(s.name for s in expr.free_symbols))
    missing = [n for n in names if n not in arrays and n not in fixed]
    if missing:
        raise UnboundError(missing)
    unknown = [n for n in arrays if n not in model.hyperparameters]
    if unknown:
        raise InvalidValueError(f"{', '.join(unknown)}: not hyperparameters of {model.name}")
    try:
        import numpy as np
    except ImportError:
        np = None
    columns: dict[str, Any] = {}
    for name in names:
        raw = arrays.get(name, fixed.get(name))
        values = _array(name, raw, np)
        _check_positive(name, values, np)
        columns[name] = values
    for name in arrays:  # a value the total does not use is still checked (h must divide H …)
        if name not in columns:
            columns[name] = _array(name, arrays[name], np)
            _check_positive(name, columns[name], np)
    if np is not None:
        try:
            shape = np.broadcast_shapes(*(np.shape(c) for c in columns.values()))
        except ValueError:
            raise InvalidValueError("the arrays given do not broadcast together") from None
    # the values that do not vary are put in before compiling: fewer operations per element
    constants = {sympy.Symbol(n, integer=True, positive=True): sympy.Integer(int(columns[n]))
                 for n in names if np is not None and columns[n].ndim == 0}
    varying = tuple(n for n in names if sympy.Symbol(n, integer=True, positive=True)
                    not in constants)
    top, bottom, numerator = _compiled(expr.xreplace(constants), varying)
    largest = {n: int(np.max(columns[n])) if np is not None else max(_flat(columns[n]))
               for n in names}
    exact_ints = np is None or _bound(numerator, largest) > INT64_MAX
    if exact_ints and np is not None:
        warnings.warn("counts could exceed int64: computing with exact Python integers",
                      PrecisionWarning, stacklevel=3)
    # the rules multiply values the total may not use (h, when it drops out): past √int64,
    # they are checked on Python integers too
    biggest = max(int(np.max(c)) if np is not None else max(_flat(c)) for c in columns.values())
    _check_rules(model, columns, fixed, np, exact_ints or biggest > math.isqrt(INT64_MAX))
    _check_order(model, {**fixed, **columns}, np)
    if np is None:
        return _python(top, bottom, names, columns)
    names = varying
    if exact_ints:
        inputs = [np.vectorize(int, otypes=[object])(np.asarray(columns[n], dtype=object))
                  for n in names]
    else:
        inputs = [np.asarray(columns[n], dtype=np.int64) for n in names]
    counts = _divide(top(*inputs), bottom(*inputs), np)
    # one count per combination, also when the total uses none of the arrays given
    return counts if np.shape(counts) == shape else np.broadcast_to(counts, shape).copy()


def _divide(p: Any, q: Any, np: Any) -> Any:
    if isinstance(q, int) and q == 1:
        return p
    if isinstance(q, int):  # one constant denominator: a single pass
        remainder = p % q
        if np.any(remainder != 0):
            raise InvalidValueError("some combinations give a non-integer count")
        return p // q
    if np.any(np.asarray(p % q != 0)):
        raise InvalidValueError("some combinations give a non-integer count (h must divide H)")
    return p // q


def _array(name: str, raw: Any, np: Any) -> Any:
    """``raw`` as a numpy array (as given without numpy); a ragged list is an error."""
    if np is None:
        return raw
    try:
        return np.asarray(raw)
    except (ValueError, TypeError, OverflowError):
        raise InvalidValueError(f"{name} takes an array (or list) of integers of one shape"
                                ) from None


def _check_positive(name: str, values: Any, np: Any) -> None:
    """Positive integers up to :data:`~symparam.limits.MAX_VALUE`, as a count takes them."""
    wrong = f"{name} takes positive integers up to 10^30"
    if np is not None:
        if values.size == 0 or values.dtype.kind not in "iuO" or values.dtype == bool:
            raise InvalidValueError(wrong)
        if values.dtype.kind == "O" and not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values.ravel()
        ):
            raise InvalidValueError(wrong)
        if values.min() <= 0 or values.max() > MAX_VALUE:
            raise InvalidValueError(wrong)
        return
    flat = _flat(values)
    if not flat or any(isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= MAX_VALUE
                       for v in flat):
        raise InvalidValueError(wrong)


def _check_order(model: Any, columns: Mapping[str, Any], np: Any) -> None:
    """No combination may put a size above one it must not exceed (k above E …)."""
    pairs = [(small, big, reason) for small, big, reason in model.family.at_most]
    pairs += [(s.name, b.name, reason) for s, b, reason in model.tree.at_most
              if s.is_Symbol and b.is_Symbol]
    for small, big, reason in pairs:
        if small not in columns or big not in columns:
            continue
        if np is not None:
            broken = np.any(np.asarray(columns[small], dtype=object)
                            > np.asarray(columns[big], dtype=object))
        else:
            smalls, bigs = _flat(columns[small]), _flat(columns[big])
            broken = any(a > b for a in smalls for b in bigs) if len(smalls) != len(bigs) \
                else any(a > b for a, b in zip(smalls, bigs, strict=True))
        if broken:
            raise InvalidValueError(f"some combinations put {small} above {big}: {reason}")


def _check_rules(model: Any, columns: Mapping[str, Any], fixed: Mapping[str, int],
                 np: Any, exact_ints: bool = True) -> None:
    """Every combination must keep the model's rules (h divides H, d_head = H/h whole …)."""
    from symparam.assumptions import resolve

    mapping = resolve(model.assumptions)
    pairs = [(rule.divisor.xreplace(mapping), rule.dividend.xreplace(mapping), rule.reason)
             for rule in model.family.divides]
    pairs += [(sympy.Integer(1), a.expr, f"the model assumes {a}") for a in model.assumptions]
    constants = {}
    for name, values in {**fixed, **columns}.items():
        if np is None or np.ndim(values) == 0:
            constants[sympy.Symbol(name, integer=True, positive=True)] = sympy.Integer(
                int(values))
    # every rule as "d divides a" in integers: d | a/b (with b | a) is d·b | a
    checks: dict[sympy.Expr, list[tuple[sympy.Expr, str]]] = {}
    for divisor, dividend, reason in pairs:
        top, bottom = sympy.fraction(sympy.together(dividend))
        for d, a in ((sympy.expand(divisor * bottom), sympy.expand(top)), (bottom, top)):
            d, a = d.xreplace(constants), sympy.expand(a).xreplace(constants)
            if d != 1:
                checks.setdefault(a, []).append((d, reason))
    for a, divisors in checks.items():
        numbers = [d for d, _ in divisors if d.is_Integer]
        others = [(d, r) for d, r in divisors if not d.is_Integer]
        if numbers:  # one pass for all the constant divisors of the same expression
            others.append((sympy.Integer(sympy.ilcm(*numbers)) if len(numbers) > 1 else numbers[0],
                           "; ".join(sorted({r for d, r in divisors if d.is_Integer}))))
        for d, reason in others:
            needed = sorted(x.name for x in d.free_symbols | a.free_symbols)
            if any(n not in columns for n in needed):
                continue  # a rule about a value nobody gave
            if not needed:
                if int(a) % int(d):
                    raise InvalidValueError(f"this combination breaks a rule of {model.name}:"
                                            f" {reason}")
                continue
            kind = object if exact_ints else np.int64 if np is not None else None
            inputs = [np.asarray(columns[n], dtype=kind) if np is not None else columns[n]
                      for n in needed]
            f_a, f_d = _rule(a, d, tuple(needed), np is not None)
            remainder = f_a(*inputs) % f_d(*inputs)
            if (np is not None and np.asarray(remainder).any()) or (np is None and remainder):
                raise InvalidValueError(
                    f"some combinations break a rule of {model.name}: {reason}")


@cache
def _rule(dividend: sympy.Expr, divisor: sympy.Expr, names: tuple[str, ...],
          vectorised: bool) -> tuple[Any, Any]:
    symbols = [sympy.Symbol(n, integer=True, positive=True) for n in names]
    modules = "numpy" if vectorised else "math"
    return (sympy.lambdify(symbols, dividend, modules=modules),
            sympy.lambdify(symbols, divisor, modules=modules))


def _flat(values: Any) -> list[Any]:
    if isinstance(values, int):
        return [values]
    try:
        return list(itertools.chain.from_iterable(_flat(v) for v in values))
    except TypeError:
        return [values]


def _python(top: Any, bottom: Any, names: Sequence[str], columns: Mapping[str, Any]) -> Any:
    lists = [columns[n] if isinstance(columns[n], list) else [columns[n]] for n in names]
    size = max(len(c) for c in lists)
    out = []
    for i in range(size):
        row = [int(c[i] if len(c) > 1 else c[0]) for c in lists]
        p, q = top(*row), bottom(*row)
        if p % q:
            raise InvalidValueError("a combination gives a non-integer count (h must divide H)")
        out.append(p // q)
    return out


def grid(ranges: Mapping[str, Sequence[int]]) -> dict[str, list[int]]:
    """Every combination of the given values, as equal-length columns (first name slowest)."""
    names = list(ranges)
    size = 1
    for values in ranges.values():
        size *= len(values)
    if size > MAX_GRID_POINTS:
        raise InvalidValueError(f"{size:,} combinations is more than {MAX_GRID_POINTS:,}")
    rows = list(itertools.product(*(ranges[n] for n in names)))
    return {n: [row[i] for row in rows] for i, n in enumerate(names)}
