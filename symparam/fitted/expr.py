"""Expressions as JSON data, read by a whitelist (never ``sympify``).

A size is written as an integer, a symbol's name, or a list whose first item names the
operation: ``["+", a, b, …]``, ``["*", a, b, …]``, ``["/", p, q]`` (a rational number),
``["^", a, n]`` (a whole power), ``["floor", a]``, ``["ceil", a]``.

>>> from symparam.symbols import H, h
>>> import sympy
>>> data = encode(3 * sympy.floor(H / h) + 2)
>>> data
['+', 2, ['*', 3, ['floor', ['*', 'H', ['^', 'h', -1]]]]]
>>> decode(data) == 3 * sympy.floor(H / h) + 2
True
"""

from __future__ import annotations

import re
from typing import Any

import sympy

from symparam.errors import ConfigError
from symparam.symbols import symbol

#: how deep an expression may nest, and how many digits a number may have
MAX_DEPTH = 32
MAX_DIGITS = 40
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")


def encode(expr: sympy.Expr) -> Any:
    """``expr`` as JSON data (see the module's docstring)."""
    if expr.is_Integer:
        return int(expr)
    if expr.is_Rational:
        return ["/", int(expr.p), int(expr.q)]
    if expr.is_Symbol:
        return expr.name
    if expr.is_Add:
        return ["+", *(encode(a) for a in _ordered(expr))]
    if expr.is_Mul:
        return ["*", *(encode(a) for a in _ordered(expr))]
    if expr.is_Pow and expr.exp.is_Integer:
        return ["^", encode(expr.base), int(expr.exp)]
    if isinstance(expr, sympy.floor):
        return ["floor", encode(expr.args[0])]
    if isinstance(expr, sympy.ceiling):
        return ["ceil", encode(expr.args[0])]
    raise ValueError(f"cannot write {expr} as a record's size")


def _ordered(expr: sympy.Expr) -> list[sympy.Expr]:
    return sorted(expr.args, key=sympy.default_sort_key)


def decode(data: Any, where: str = "record", depth: int = 0) -> sympy.Expr:
    """The expression ``data`` writes; anything else is a :class:`ConfigError` naming
    ``where``."""
    if depth > MAX_DEPTH:
        raise ConfigError(f"{where}: a size nested more than {MAX_DEPTH} deep")
    if isinstance(data, bool):
        raise ConfigError(f"{where}: a size is not true or false")
    if isinstance(data, int):
        if len(str(abs(data))) > MAX_DIGITS:
            raise ConfigError(f"{where}: a number of more than {MAX_DIGITS} digits")
        return sympy.Integer(data)
    if isinstance(data, str):
        if not _NAME.fullmatch(data):
            raise ConfigError(f"{where}: {data!r} is not a size's name")
        return symbol(data)
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ConfigError(f"{where}: a size is a number, a name or [operation, …]")
    op, args = data[0], data[1:]
    if op == "/" and len(args) == 2 and all(type(a) is int for a in args) and args[1] > 0:
        return sympy.Rational(decode(args[0], where, depth + 1), decode(args[1], where,
                                                                        depth + 1))
    if op == "^" and len(args) == 2 and type(args[1]) is int and abs(args[1]) <= 16:
        return decode(args[0], where, depth + 1) ** args[1]
    if op in ("floor", "ceil") and len(args) == 1:
        inner = decode(args[0], where, depth + 1)
        return sympy.floor(inner) if op == "floor" else sympy.ceiling(inner)
    if op in ("+", "*") and args:
        parts = [decode(a, where, depth + 1) for a in args]
        return sympy.Add(*parts) if op == "+" else sympy.Mul(*parts)
    raise ConfigError(f"{where}: {op!r} with {len(args)} arguments is not a size")
