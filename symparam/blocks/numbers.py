"""Numbers from expressions without building new sympy objects: exact ints and Fractions,
read off an expression's tree (a count costs a walk, not a sympy sum or ``subs``)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

import sympy

from symparam.errors import InvalidValueError, UnboundError
from symparam.integers import as_int
from symparam.limits import check_digits
from symparam.symbols import order_key

Number = int | Fraction


def evaluate(expr: sympy.Expr, values: Mapping[str, int]) -> int:
    """``expr`` as an exact int, binding symbols by name; every free symbol must be bound (the
    missing ones are named in vocabulary order), and the result must be an integer.

    >>> from symparam.symbols import H, N
    >>> evaluate(N * (12 * H**2 + 13 * H), {"N": 12, "H": 768})
    85054464
    """
    free = sorted(expr.free_symbols, key=order_key)
    missing = [s.name for s in free if s.name not in values]
    if missing:
        raise UnboundError(missing)
    env: dict[sympy.Symbol, Number] = {}
    for sym in free:
        number = as_int(values[sym.name])
        if number is None or number <= 0:
            raise InvalidValueError(f"{sym.name} must be a positive integer, got "
                                    f"{values[sym.name]!r}")
        env[sym] = number
    result = printable(value(expr, env))
    if isinstance(result, Fraction) and result.denominator != 1:
        raise InvalidValueError(f"the count is not an integer ({result}) for these values")
    return int(result)


def printable(number: Number) -> Number:
    """``number``, if it can be written out: at most
    :data:`~symparam.limits.MAX_RESULT_DIGITS` digits (above and below a fraction's line)."""
    for whole in (number.numerator, number.denominator):
        check_digits(whole)
    return number


def value(expr: sympy.Expr, env: Mapping[sympy.Symbol, Number]) -> Number:
    """``expr`` at the numbers in ``env`` (exact: ints and Fractions), read off its tree without
    building new sympy objects. Raises :class:`UnboundError` for a symbol ``env`` lacks."""
    if expr.is_Symbol:
        if expr not in env:
            raise UnboundError([expr.name])
        return env[expr]
    if expr.is_Integer:
        return int(expr)
    if expr.is_Rational:
        return Fraction(int(expr.p), int(expr.q))
    if expr.is_Add:
        return sum((value(arg, env) for arg in expr.args), 0)
    if expr.is_Mul:
        return math.prod(value(arg, env) for arg in expr.args)
    if expr.is_Pow and expr.exp.is_Integer:
        base, power = value(expr.base, env), int(expr.exp)
        return Fraction(base) ** power if power < 0 else base**power
    if isinstance(expr, sympy.floor | sympy.ceiling):
        inner = value(expr.args[0], env)
        return math.floor(inner) if isinstance(expr, sympy.floor) else math.ceil(inner)
    if isinstance(expr, sympy.Min | sympy.Max):  # exact: ints and Fractions compare exactly
        found = [value(arg, env) for arg in expr.args]
        return min(found) if isinstance(expr, sympy.Min) else max(found)
    numbers = {s: sympy.Rational(env[s]) for s in expr.free_symbols if s in env}
    result = expr.xreplace(numbers)
    if not result.is_Rational:
        raise UnboundError(sorted(s.name for s in result.free_symbols) or [str(expr)])
    return Fraction(int(result.p), int(result.q))
