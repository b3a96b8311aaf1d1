"""Formulas printed the way a person writes them: ``N·(4·H² + 2·H·d_ff + 9·H + d_ff) + …``.

One printer holds every rule — the order of terms (layer counts first, then descending degree in
H, then vocabulary order), the order of factors (``N·V·H``), and the names (``d_ff`` in text,
``d_{\\mathrm{ff}}`` in LaTeX). It walks the expression tree; it never edits printed strings.

>>> import sympy
>>> from symparam.symbols import H, N, V, d_ff
>>> text(N * (4 * H**2 + 2 * H * d_ff) + V * H)
'N·(4·H² + 2·H·d_ff) + V·H'
>>> text(sympy.expand(N * (4 * H**2 + 2 * H * d_ff) + V * H))
'4·N·H² + 2·N·H·d_ff + V·H'
>>> latex(H * d_ff / 2)
'\\\\frac{H d_{\\\\mathrm{ff}}}{2}'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sympy
from sympy.printing.printer import Printer

from symparam.symbols import VOCABULARY, H, latex_name, order_key

_COUNTS = tuple(entry.symbol for entry in VOCABULARY.values() if entry.counts_layers)
_LEADING = (VOCABULARY["B"].symbol, VOCABULARY["s"].symbol)  # batch and sequence come first
_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def _degree(expr: sympy.Expr, symbols: tuple[sympy.Symbol, ...] | None) -> int:
    """Degree of one term in ``symbols`` (all symbols when None); Add factors count their max."""
    total = 0
    for factor in sympy.Mul.make_args(expr):
        if factor.is_Add:
            total += max(_degree(t, symbols) for t in factor.args)
            continue
        if isinstance(factor, sympy.floor | sympy.ceiling):  # ⌊N/2⌋ counts as N does
            total += _degree(factor.args[0], symbols)
            continue
        base, exponent = factor.as_base_exp()
        if base.is_Symbol and exponent.is_Integer and exponent > 0 and (
            symbols is None or base in symbols
        ):
            total += int(exponent)
    return total


def term_key(term: sympy.Expr) -> tuple[Any, ...]:
    """Order of terms in a sum: layer counts, then degree in H, total degree, vocabulary order."""
    names = sorted(term.free_symbols, key=order_key)
    return (
        -_degree(term, _COUNTS),
        -_degree(term, (H,)),
        -_degree(term, None),
        tuple(order_key(s) for s in names),
        str(term),
    )


def _factor_key(factor: sympy.Expr) -> tuple[Any, ...]:
    base = factor.as_base_exp()[0]
    if base in _LEADING:
        return (-1, _LEADING.index(base))
    if base in _COUNTS:
        return (0, order_key(base))
    if _counted_sum(factor) or (isinstance(factor, sympy.floor | sympy.ceiling)
                                and factor.free_symbols <= set(_COUNTS)):
        return (0, (99, 0, ""))
    if factor.is_Add:
        return (1, ())
    if base.is_Symbol:
        return (2, order_key(base))
    return (3, str(factor))


@dataclass(frozen=True)
class Terms:
    """A sum printed in the order given, not sorted: a model's stacks of layers in the order
    the tree holds them (``N_dense·(…) + (N − N_dense)·(…)``), then what the layers do not
    repeat. ``expr`` is the sum itself."""

    terms: tuple[sympy.Expr, ...]

    @property
    def expr(self) -> sympy.Expr:
        return sympy.Add(*self.terms)

    @property
    def free_symbols(self) -> set[sympy.Symbol]:
        return self.expr.free_symbols


def _counted_sum(factor: sympy.Expr) -> bool:
    """A sum of layer counts (``N − N_dense``): written first in a product, like a count."""
    return factor.is_Add and bool(factor.free_symbols) and factor.free_symbols <= set(_COUNTS)


class ReadablePrinter(Printer):
    """Prints sums, products and powers in reading order, as ``text`` or ``latex``."""

    printmethod = "_symparam_print"
    _default_settings = {"style": "text", "values": None, "cdot": False,  # noqa: RUF012
                         "sized": True}

    @property
    def latex(self) -> bool:
        return self._settings["style"] == "latex"

    def emptyPrinter(self, expr: Any) -> str:
        return sympy.latex(expr) if self.latex else str(expr)

    def _print_Symbol(self, expr: sympy.Symbol) -> str:
        shown = (self._settings["values"] or {}).get(expr)
        if shown is not None:
            return self._wrap(shown) if not shown.is_Atom else self._print(shown)
        return latex_name(expr) if self.latex else expr.name

    def _print_Integer(self, expr: sympy.Integer) -> str:
        return str(int(expr))

    def _print_Rational(self, expr: sympy.Rational) -> str:
        if self.latex:
            sign = "-" if expr < 0 else ""
            return rf"{sign}\frac{{{abs(expr.p)}}}{{{expr.q}}}"
        return f"{expr.p}/{expr.q}"

    def _print_Add(self, expr: sympy.Add) -> str:
        return self._print_terms(sorted(expr.args, key=term_key))

    def _print_Terms(self, expr: Terms) -> str:
        return self._print_terms(list(expr.terms))

    def _print_terms(self, terms: list[sympy.Expr]) -> str:
        out = self._print(terms[0])
        for term in terms[1:]:
            coefficient = term.as_coeff_Mul()[0]
            if coefficient.is_negative:
                out += f" {self._minus} {self._print(-term)}"
            else:
                out += f" + {self._print(term)}"
        return out

    @property
    def _minus(self) -> str:
        return "-" if self.latex else "−"

    def _print_floor(self, expr: sympy.floor) -> str:
        inner = self._print(sympy.together(expr.args[0]))
        return rf"\left\lfloor {inner} \right\rfloor" if self.latex else f"⌊{inner}⌋"

    def _print_ceiling(self, expr: sympy.ceiling) -> str:
        inner = self._print(sympy.together(expr.args[0]))
        return rf"\left\lceil {inner} \right\rceil" if self.latex else f"⌈{inner}⌉"

    def _print_Pow(self, expr: sympy.Pow) -> str:
        base, exponent = expr.as_base_exp()
        if exponent.is_Integer and exponent < 0:
            return self._print_Mul(sympy.Mul(1, expr, evaluate=False))
        shown = self._wrap(base)
        if self.latex:
            return f"{shown}^{{{self._print(exponent)}}}"
        if exponent.is_Integer:
            return shown + str(int(exponent)).translate(_SUPERSCRIPT)
        return f"{shown}^({self._print(exponent)})"

    def _wrap(self, expr: sympy.Expr) -> str:
        printed = self._print(expr)
        if expr.is_Add or (expr.is_Mul and not self.latex) or (
            expr.is_Rational and not expr.is_Integer
        ):
            if self.latex:
                return rf"\left({printed}\right)" if self._settings["sized"] else f"({printed})"
            return f"({printed})"
        return printed

    def _print_Mul(self, expr: sympy.Mul) -> str:
        coefficient, rest = expr.as_coeff_Mul()
        numerator, denominator = [], []
        for factor in sympy.Mul.make_args(rest):
            base, exponent = factor.as_base_exp()
            if exponent.is_Integer and exponent < 0:
                denominator.append(base**-exponent)
            elif factor != 1:
                numerator.append(factor)
        sign = ""
        if coefficient.is_negative:
            sign, coefficient = "-" if self.latex else "−", -coefficient
        if coefficient.is_Rational and not coefficient.is_Integer:
            if coefficient.p != 1:
                numerator.insert(0, sympy.Integer(coefficient.p))
            denominator.insert(0, sympy.Integer(coefficient.q))
        elif coefficient != 1 or not numerator:
            numerator.insert(0, coefficient)
        top = self._product(numerator) if numerator else "1"
        if not denominator:
            return sign + top
        bottom = self._product(denominator)
        if self.latex:
            if len(numerator) == 1:  # the fraction bar groups it: no brackets
                top = self._print(numerator[0])
            if len(denominator) == 1:
                bottom = self._print(denominator[0])
            return rf"{sign}\frac{{{top}}}{{{bottom}}}"
        if len(denominator) > 1:
            bottom = f"({bottom})"
        return f"{sign}{top}/{bottom}"

    def _product(self, factors: list[sympy.Expr]) -> str:
        numbers = [f for f in factors if f.is_Number]
        others = sorted((f for f in factors if not f.is_Number), key=_factor_key)
        parts = [self._print(f) for f in numbers] + [
            self._wrap(f) if f.is_Add or f.is_Mul else self._print(f) for f in others
        ]
        if self.latex:
            explicit = self._settings["values"] or self._settings["cdot"]
            return (r" \cdot " if explicit else " ").join(parts)
        return "·".join(parts)


def text(expr: sympy.Expr, values: Mapping[sympy.Symbol, Any] | None = None) -> str:
    """Unicode reading form: ``12·N·H² + 13·N·H``; with ``values``, those symbols shown as values.

    >>> from symparam.symbols import H, N
    >>> text(12 * N * H**2, {H: 768, N: 12})
    '12·12·768²'
    """
    return ReadablePrinter({"style": "text", "values": _as_exprs(values)}).doprint(expr)


def latex(
    expr: sympy.Expr, values: Mapping[sympy.Symbol, Any] | None = None, cdot: bool = False,
    sized: bool = True,
) -> str:
    """LaTeX reading form with the vocabulary's symbol names (or ``values`` put in).

    ``cdot`` writes every product with ``\\cdot`` (``h \\cdot d_{\\mathrm{head}}``);
    ``sized=False`` writes plain brackets, not ``\\left( … \\right)``, so that a formula in
    running text or a table cell can break inside them.
    """
    settings = {"style": "latex", "values": _as_exprs(values), "cdot": cdot, "sized": sized}
    return ReadablePrinter(settings).doprint(expr)


def _as_exprs(values: Mapping[sympy.Symbol, Any] | None) -> dict[sympy.Symbol, sympy.Expr] | None:
    if not values:
        return None
    return {k: sympy.Integer(v) if isinstance(v, int) else v for k, v in values.items()}
