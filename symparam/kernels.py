"""Expressions compiled to exact integer arithmetic, for numpy arrays and Python ints alike.

A count brought to one fraction p/q has integer polynomials above and below, with floors and
ceilings of fractions in them (LLaMA's d_ff = M·⌈8H/3M⌉). :func:`kernel` turns such an
expression into nested Python closures that use only ``+``, ``*``, ``**`` and ``//``: run on
numpy int64 (or object) arrays they are vectorised, run on Python ints they are exact. A floor
is an integer division, never a float one. Nothing is generated as source or executed: the
closures are built from the expression's tree.

>>> from symparam.symbols import H, M
>>> import sympy
>>> f = kernel(M * sympy.ceiling(8 * H / (3 * M)), ("H", "M"))
>>> f((4096, 256))
11008
>>> bound(M * sympy.ceiling(8 * H / (3 * M)), {"H": 4096, "M": 256})
8388864
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import sympy

from symparam.errors import InvalidValueError

#: a compiled expression: takes the values in the order of its names, returns the result
Kernel = Callable[[Sequence[Any]], Any]


def kernel(expr: sympy.Expr, names: Sequence[str]) -> Kernel:
    """``expr`` as a function of a sequence of values, one per name in ``names`` (integers,
    or numpy arrays that broadcast together). Rational coefficients are allowed only inside
    floors and ceilings; bring the rest to p/q with :func:`sympy.together` first."""
    position = {name: i for i, name in enumerate(names)}
    return _build(expr, position)


def _build(expr: sympy.Expr, position: Mapping[str, int]) -> Kernel:
    if expr.is_Symbol:
        if expr.name not in position:
            raise InvalidValueError(f"no value for {expr.name}")
        index = position[expr.name]
        return lambda values: values[index]
    if expr.is_Integer:
        number = int(expr)
        return lambda values: number
    if expr.is_Add:
        terms = [_build(arg, position) for arg in expr.args]
        first, rest = terms[0], terms[1:]

        def add(values: Sequence[Any]) -> Any:
            total = first(values)
            for term in rest:
                total = total + term(values)
            return total
        return add
    if expr.is_Mul:
        coefficient, factors = expr.as_coeff_mul()
        if not coefficient.is_Integer:
            raise InvalidValueError(f"not an integer polynomial: {expr}")
        built = [_build(arg, position) for arg in factors]
        scale = int(coefficient)

        def mul(values: Sequence[Any]) -> Any:
            product = built[0](values)
            for factor in built[1:]:
                product = product * factor(values)
            return product * scale if scale != 1 else product
        return mul
    if expr.is_Pow and expr.exp.is_Integer and expr.exp > 0:
        base, power = _build(expr.base, position), int(expr.exp)
        return lambda values: base(values) ** power
    if isinstance(expr, sympy.floor | sympy.ceiling):
        top, bottom = sympy.fraction(sympy.together(expr.args[0]))
        p, q = _build(sympy.expand(top), position), _build(sympy.expand(bottom), position)
        if isinstance(expr, sympy.floor):
            return lambda values: p(values) // q(values)
        return lambda values: -((-p(values)) // q(values))
    raise InvalidValueError(f"cannot evaluate {expr} exactly on integers")


def bound(expr: sympy.Expr, largest: Mapping[str, int]) -> int:
    """An upper bound on |``expr``| and on every intermediate value :func:`kernel` computes,
    for values from 1 to ``largest`` (each term taken positive; a floor or ceiling of p/q at
    most |p| + 1, as q is a nonzero integer)."""
    if expr.is_Symbol:
        return largest[expr.name]
    if expr.is_Integer:
        return abs(int(expr))
    if expr.is_Add:
        return sum(bound(arg, largest) for arg in expr.args)
    if expr.is_Mul:
        product = 1
        for arg in expr.args:
            product *= bound(arg, largest)
        return product
    if expr.is_Pow and expr.exp.is_Integer and expr.exp > 0:
        return bound(expr.base, largest) ** int(expr.exp)
    if isinstance(expr, sympy.floor | sympy.ceiling):
        top, bottom = sympy.fraction(sympy.together(expr.args[0]))
        return max(bound(sympy.expand(top), largest), bound(sympy.expand(bottom), largest)) + 1
    raise InvalidValueError(f"cannot evaluate {expr} exactly on integers")
