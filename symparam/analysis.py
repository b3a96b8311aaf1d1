"""Canonical forms of a count: expanded, and grouped the way a person writes it.

The grouped form factors out each layer count (``N·(…)``) and collects the rest by powers of the
hidden size (``(V + L + T + 3)·H``). It is a sympy expression equal to the expanded one, built
with ``evaluate=False`` so the grouping survives until it is printed.

>>> from symparam.symbols import H, N, V, L, T, d_ff
>>> from symparam.printing import text
>>> text(grouped(N * (12 * H**2 + 13 * H) + (V + L + T + 3) * H + H**2, [N]))
'N·(12·H² + 13·H) + H² + (V + L + T + 3)·H'
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy

from symparam.symbols import H


def grouped(
    expr: sympy.Expr, counts: Sequence[sympy.Symbol], primary: sympy.Symbol = H
) -> sympy.Expr:
    """``expr`` grouped by the layer-count symbols, the rest collected by powers of ``primary``."""
    expr = sympy.expand(expr)
    by_count: dict[sympy.Expr, list[sympy.Expr]] = {}
    for term in sympy.Add.make_args(expr):
        powers = term.as_powers_dict()
        key = sympy.Mul(*(c ** powers[c] for c in counts if c in powers))
        by_count.setdefault(key, []).append(term / key)
    parts: list[sympy.Expr] = []
    for key, terms in by_count.items():
        inner = sympy.Add(*terms)
        if key == 1:
            parts.extend(_collect(inner, primary))
        elif inner.is_Add:
            parts.append(sympy.Mul(key, inner, evaluate=False))
        else:
            parts.append(key * inner)
    if len(parts) == 1:
        return parts[0]
    return sympy.Add(*parts, evaluate=False)


def _collect(expr: sympy.Expr, primary: sympy.Symbol) -> list[sympy.Expr]:
    if primary not in expr.free_symbols:
        return list(sympy.Add.make_args(expr))
    out = []
    for power, coefficient in sympy.collect(expr, primary, evaluate=False).items():
        if coefficient.is_Add and power != 1:
            out.append(sympy.Mul(coefficient, power, evaluate=False))
        elif coefficient.is_Add:
            out.extend(sympy.Add.make_args(coefficient))
        else:
            out.append(coefficient * power)
    return out
