"""Formulas printed the way a person writes them: ``N·(4·H² + 2·H·d_ff + 9·H + d_ff) + …``.

One printer holds every rule — the order of terms (layer counts first, then descending degree in
H, then vocabulary order), the order of factors (``N·V·H``), and the names (``d_ff`` in text,
``d_{\\mathrm{ff}}`` in LaTeX, ``d`` with an upright subscript ``ff`` in MathML). It walks the
expression tree; it never edits printed strings. Four styles: ``text``, ``latex``, ``mathml``
(for a web page: browsers typeset it natively) and ``js`` (exact arithmetic for a page's
script, over a small rational type: see ``templates/page/page.js``).

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

import html
import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import sympy
from sympy.printing.printer import Printer

from symparam.errors import InvalidValueError
from symparam.frozen import frozen
from symparam.rounding import decimal as decimal
from symparam.rounding import in_units as in_units
from symparam.rounding import percent as percent
from symparam.symbols import VOCABULARY, H, latex_name, order_key

_COUNTS = tuple(entry.symbol for entry in VOCABULARY.values() if entry.counts_layers)
_LEADING = (VOCABULARY["B"].symbol, VOCABULARY["s"].symbol)  # batch and sequence come first
#: U+2062 INVISIBLE TIMES as a character reference: a product in MathML, read aloud, not shown
#: (a reference, not the character, so that no tool on the way drops or escapes it)
INVISIBLE_TIMES = "&#x2062;"
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


@lru_cache(maxsize=1 << 14)
def term_key(term: sympy.Expr) -> tuple[Any, ...]:
    """Order of terms in a sum: layer counts, then degree in H, total degree, vocabulary order
    (kept for the terms seen last: a derivation prints its sums in several forms)."""
    names = sorted(term.free_symbols, key=order_key)
    return (
        -_degree(term, _COUNTS),
        -_degree(term, (H,)),
        -_degree(term, None),
        tuple(order_key(s) for s in names),
        _Written(term),
    )


class _Written:
    """A term's written form as the last tie-break of :func:`term_key`, printed only when two
    terms tie on all before it (sympy's printer is most of a sort's cost; few terms tie)."""

    __slots__ = ("_text", "term")

    def __init__(self, term: sympy.Expr) -> None:
        self.term = term
        self._text: str | None = None

    def text(self) -> str:
        if self._text is None:
            self._text = str(self.term)
        return self._text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Written) and self.text() == other.text()

    def __lt__(self, other: _Written) -> bool:
        return self.text() < other.text()

    def __hash__(self) -> int:
        return hash(self.text())


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


@frozen
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
    """Prints sums, products and powers in reading order, as ``text``, ``latex``, ``mathml``
    (presentation MathML: the content of a ``<math>`` element) or ``js`` (a JavaScript
    expression over exact rationals, for a page's script; it reads the values from ``v``)."""

    printmethod = "_symparam_print"
    _default_settings = {"style": "text", "values": None, "cdot": False,  # noqa: RUF012
                         "sized": True}

    @property
    def style(self) -> str:
        return self._settings["style"]

    @property
    def latex(self) -> bool:
        return self.style == "latex"

    @property
    def mathml(self) -> bool:
        return self.style == "mathml"

    def emptyPrinter(self, expr: Any) -> str:
        if self.style == "js":  # a number printed wrong would be worse than none
            raise InvalidValueError(f"cannot write {type(expr).__name__} as JavaScript: {expr}")
        if self.mathml:
            return f"<mtext>{_escape(str(expr))}</mtext>"
        return sympy.latex(expr) if self.latex else str(expr)

    def _print_Symbol(self, expr: sympy.Symbol) -> str:
        shown = (self._settings["values"] or {}).get(expr)
        if shown is not None and self.style != "js":
            return self._wrap(shown) if not shown.is_Atom else self._print(shown)
        if self.style == "js":
            name = expr.name
            return f"v.{name}" if name.isidentifier() and name.isascii() else \
                f"v[{_js_string(name)}]"
        if self.mathml:
            return mathml_name(expr)
        return latex_name(expr) if self.latex else expr.name

    def _print_Integer(self, expr: sympy.Integer) -> str:
        if self.style == "js":
            return f"R.n({int(expr)}n)"
        if self.mathml:
            return f"<mn>{int(expr)}</mn>" if expr >= 0 else \
                f"<mrow><mo>−</mo><mn>{-int(expr)}</mn></mrow>"
        return str(int(expr))

    def _print_Rational(self, expr: sympy.Rational) -> str:
        if self.style == "js":
            return f"R.q({expr.p}n, {expr.q}n)"
        sign = "-" if expr < 0 else ""
        if self.mathml:
            fraction = f"<mfrac><mn>{abs(expr.p)}</mn><mn>{expr.q}</mn></mfrac>"
            return f"<mrow><mo>−</mo>{fraction}</mrow>" if sign else fraction
        if self.latex:
            return rf"{sign}\frac{{{abs(expr.p)}}}{{{expr.q}}}"
        return f"{expr.p}/{expr.q}"

    def _print_Add(self, expr: sympy.Add) -> str:
        if self.style == "js":  # no reading order to keep: every term as sympy holds them
            return self._print_terms(list(expr.args))
        terms = sorted(expr.args, key=term_key)
        # a sum opens with a term added, not one taken away (N − ⌊N/4⌋, not −⌊N/4⌋ + N)
        first = next((t for t in terms if not t.as_coeff_Mul()[0].is_negative), None)
        if first is not None and first is not terms[0]:
            terms.remove(first)
            terms.insert(0, first)
        return self._print_terms(terms)

    def _print_Terms(self, expr: Terms) -> str:
        return self._print_terms(list(expr.terms))

    def _print_terms(self, terms: list[sympy.Expr]) -> str:
        if self.style == "js":
            return "R.a(" + ", ".join(self._print(t) for t in terms) + ")"
        plus = "<mo>+</mo>" if self.mathml else " + "
        minus = f"<mo>{self._minus}</mo>" if self.mathml else f" {self._minus} "
        out = self._print(terms[0])
        for term in terms[1:]:
            coefficient = term.as_coeff_Mul()[0]
            if coefficient.is_negative:
                out += minus + self._print(-term)
            else:
                out += plus + self._print(term)
        return out

    @property
    def _minus(self) -> str:
        return "-" if self.latex else "−"

    def _print_floor(self, expr: sympy.floor) -> str:
        return self._rounded(expr, "f", ("⌊", "⌋"), (r"\lfloor", r"\rfloor"))

    def _print_ceiling(self, expr: sympy.ceiling) -> str:
        return self._rounded(expr, "c", ("⌈", "⌉"), (r"\lceil", r"\rceil"))

    def _rounded(self, expr: sympy.Expr, js: str, signs: tuple[str, str],
                 tex: tuple[str, str]) -> str:
        """A floor or a ceiling: ``⌊…⌋``, ``\\left\\lfloor … \\right\\rfloor``, ``<mo>⌊</mo>…``."""
        if self.style == "js":
            return f"R.{js}({self._print(expr.args[0])})"
        inner = self._print(_together(expr.args[0]))
        if self.mathml:
            return f"<mrow><mo>{signs[0]}</mo>{inner}<mo>{signs[1]}</mo></mrow>"
        if self.latex:
            return rf"\left{tex[0]} {inner} \right{tex[1]}"
        return f"{signs[0]}{inner}{signs[1]}"

    def _print_Min(self, expr: sympy.Min) -> str:
        return self._function(expr, "min")

    def _print_Max(self, expr: sympy.Max) -> str:
        return self._function(expr, "max")

    def _function(self, expr: sympy.Expr, name: str) -> str:
        """``min(s, W − 1)`` (a sliding window's positions), its arguments printed as
        everything else is."""
        args = [self._print(arg) for arg in expr.args]
        if self.style == "js":  # R.lo, R.hi: the least and the greatest, exactly
            return f"R.{'lo' if name == 'min' else 'hi'}({', '.join(args)})"
        if self.mathml:
            return (f"<mrow><mi>{name}</mi><mo>(</mo>{'<mo>,</mo>'.join(args)}"
                    "<mo>)</mo></mrow>")
        if self.latex:
            return rf"\{name}\left({', '.join(args)}\right)"
        return f"{name}({', '.join(args)})"

    def _print_Pow(self, expr: sympy.Pow) -> str:
        base, exponent = expr.as_base_exp()
        if self.style == "js":
            if not exponent.is_Integer:
                return self.emptyPrinter(expr)
            return f"R.p({self._print(base)}, {int(exponent)})"
        if exponent.is_Integer and exponent < 0:
            return self._print_Mul(sympy.Mul(1, expr, evaluate=False))
        shown = self._wrap(base)
        if self.mathml:
            return f"<msup>{_row(shown)}{_row(self._print(exponent))}</msup>"
        if self.latex:
            return f"{shown}^{{{self._print(exponent)}}}"
        if exponent.is_Integer:
            return shown + str(int(exponent)).translate(_SUPERSCRIPT)
        return f"{shown}^({self._print(exponent)})"

    def _wrap(self, expr: sympy.Expr) -> str:
        printed = self._print(expr)
        if expr.is_Add or (expr.is_Mul and not (self.latex or self.mathml)) or (
            expr.is_Rational and not expr.is_Integer
        ):
            if self.mathml:
                return f"<mrow><mo>(</mo>{printed}<mo>)</mo></mrow>"
            if self.latex:
                return rf"\left({printed}\right)" if self._settings["sized"] else f"({printed})"
            return f"({printed})"
        return printed

    def _print_Mul(self, expr: sympy.Mul) -> str:
        if self.style == "js":  # no reading order to keep: every factor as it is
            return "R.m(" + ", ".join(self._print(f) for f in sympy.Mul.make_args(expr)) + ")"
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
        top = self._product(numerator) if numerator else self._print(sympy.Integer(1))
        if self.mathml and sign:
            sign = "<mo>−</mo>"
        if not denominator:
            return _row(sign + top) if self.mathml and sign else sign + top
        bottom = self._product(denominator)
        if self.latex or self.mathml:
            if len(numerator) == 1:  # the fraction bar groups it: no brackets
                top = self._print(numerator[0])
            if len(denominator) == 1:
                bottom = self._print(denominator[0])
            if self.mathml:
                return _row(f"{sign}<mfrac>{_row(top)}{_row(bottom)}</mfrac>")
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
        explicit = self._settings["values"] or self._settings["cdot"]
        if self.mathml:  # U+2062 INVISIBLE TIMES: a product read aloud, not shown
            return ("<mo>·</mo>" if explicit else f"<mo>{INVISIBLE_TIMES}</mo>").join(parts)
        if self.latex:
            return (r" \cdot " if explicit else " ").join(parts)
        return "·".join(parts)


def _row(markup: str) -> str:
    """MathML as one element (an ``<mrow>`` unless it already is one), for the places that
    take exactly one: each side of ``<mfrac>``, base and exponent of ``<msup>``."""
    if markup.startswith("<mrow>") and markup.endswith("</mrow>") and \
            _single(markup):
        return markup
    if markup.count("<") == 2 and markup.startswith(("<mi", "<mn")):  # <mi>H</mi>, <mn>2</mn>
        return markup
    return f"<mrow>{markup}</mrow>"


def _single(markup: str) -> bool:
    """Whether an ``<mrow>…</mrow>`` closes only at its end (``<mrow>a</mrow><mrow>b</mrow>``
    does not)."""
    depth = 0
    for index in range(len(markup)):
        if markup.startswith("<mrow>", index):
            depth += 1
        elif markup.startswith("</mrow>", index):
            depth -= 1
            if depth == 0 and index + len("</mrow>") != len(markup):
                return False
    return True


def _escape(text: str) -> str:
    return html.escape(text, quote=True)


def _js_string(text: str) -> str:
    """A JavaScript string literal that is also safe inside an HTML ``<script>``."""
    return json.dumps(text).replace("<", "\\u003c").replace(">", "\\u003e") \
        .replace("&", "\\u0026").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def mathml_name(sym: sympy.Symbol) -> str:
    """A symbol in MathML, named as the vocabulary's LaTeX names it: ``d_ff`` as ``d`` with an
    upright subscript ``ff``, ``r_q`` with an italic ``q``, ``d_2`` with the number 2.

    >>> from symparam.symbols import d_ff
    >>> mathml_name(d_ff)
    '<msub><mi>d</mi><mi mathvariant="normal">ff</mi></msub>'
    """
    head, _, tail = sym.name.partition("_")
    upright = r"\mathrm{" in latex_name(sym)
    first = f"<mi>{_escape(head)}</mi>"
    if not tail:
        return first
    if tail.isdigit():
        return f"<msub>{first}<mn>{tail}</mn></msub>"
    variant = ' mathvariant="normal"' if upright else ""
    return f"<msub>{first}<mi{variant}>{_escape(tail)}</mi></msub>"


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
    if not values and _hashable(expr):
        return _printed(expr, "latex", cdot, sized)
    settings = {"style": "latex", "values": _as_exprs(values), "cdot": cdot, "sized": sized}
    return ReadablePrinter(settings).doprint(expr)


def _hashable(expr: Any) -> bool:
    try:
        hash(expr)
    except TypeError:
        return False
    return True


@lru_cache(maxsize=4096, typed=True)
def _printed(expr: Any, style: str, cdot: bool, sized: bool = True) -> str:
    """``expr`` printed in ``style`` without values, once: a page prints most of its formulas
    twice or more (as MathML and read as LaTeX, a subtotal in its equation and in the LaTeX
    its button copies). Printing reads nothing but the expression and these settings."""
    settings: dict[str, Any] = {"style": style, "cdot": cdot}
    if style == "latex":
        settings.update(values=None, sized=sized)
    return ReadablePrinter(settings).doprint(expr)


def _as_exprs(values: Mapping[sympy.Symbol, Any] | None) -> dict[sympy.Symbol, sympy.Expr] | None:
    if not values:
        return None
    return {k: sympy.Integer(v) if isinstance(v, int) else v for k, v in values.items()}


def mathml(expr: sympy.Expr | Terms, cdot: bool = False) -> str:
    """MathML reading form (the content of a ``<math>`` element), with the same names and
    order as :func:`latex`; ``cdot`` writes every product with a visible dot.

    >>> from symparam.symbols import H, h
    >>> mathml(2 * H**2 / h)
    '<mrow><mfrac><mrow><mn>2</mn><mo>&#x2062;</mo><msup><mi>H</mi><mn>2</mn></msup></mrow><mi>h</mi></mfrac></mrow>'
    """
    if _hashable(expr):
        return _printed(expr, "mathml", cdot)
    return ReadablePrinter({"style": "mathml", "cdot": cdot}).doprint(expr)


#: how a style writes a factor in brackets, the sign between a shape's dimensions, and the
#: shape of a scalar
_PRODUCTS = {"latex": ("({})", r" \times ", "()"),
             "mathml": ("<mrow><mo>(</mo>{}<mo>)</mo></mrow>", "<mo>×</mo>",
                        "<mo>(</mo><mo>)</mo>")}


def factor(expr: sympy.Expr, style: str = "latex") -> str:
    """``expr`` as one factor of a product in ``style`` (``latex`` or ``mathml``): a sum in
    brackets (``(N - N_dense) P_3``); in LaTeX plain brackets, which a narrow cell may break
    inside. The derivation's documents and the page write a stack's count and a weight's
    shape with it.

    >>> from symparam.symbols import N, N_dense
    >>> factor(N - N_dense), factor(N, "mathml")
    ('(N - N_{\\\\mathrm{dense}})', '<mi>N</mi>')
    """
    printed = latex(expr, sized=False) if style == "latex" else mathml(expr)
    return _PRODUCTS[style][0].format(printed) if expr.is_Add else printed


def shape(dims: tuple[sympy.Expr, ...], style: str = "latex") -> str:
    """A weight's shape in ``style``: its dimensions multiplied, each a :func:`factor`
    (``(h d_nope + h d_rope) × r_q``); a scalar's (CLIP's temperature) is ``()``, as torch and
    numpy write it."""
    _, times, scalar = _PRODUCTS[style]
    return times.join(factor(d, style) for d in dims) if dims else scalar


def letter(name: str, style: str = "latex", index: int | None = None) -> str:
    """A parameter count's letter (:attr:`~symparam.document.Document.count_letter`: ``P``,
    or ``Θ`` where P is a hyperparameter) in ``style``, with a part's ``index`` below it.

    >>> letter("Θ"), letter("P", index=2), letter("Θ", "mathml", 1)
    ('\\\\Theta', 'P_{2}', '<msub><mi>Θ</mi><mn>1</mn></msub>')
    """
    if style == "latex":
        name = {"Θ": r"\Theta"}.get(name, name)
        return name if index is None else f"{name}_{{{index}}}"
    return f"<mi>{name}</mi>" if index is None else \
        f"<msub><mi>{name}</mi><mn>{index}</mn></msub>"


def part_term(name: str, index: int, repeat: sympy.Expr | None, style: str = "latex") -> str:
    """The ``index``-th part of the sum of parts, after its stack's count (``N P_{2}``); in
    MathML the two joined by an invisible times."""
    own = letter(name, style, index)
    if repeat is None:
        return own
    return factor(repeat, style) + (" " if style == "latex" else
                                    f"<mo>{INVISIBLE_TIMES}</mo>") + own


def javascript(expr: sympy.Expr | Terms) -> str:
    """A JavaScript expression computing ``expr`` exactly: the values are read from ``v``
    (rationals, as ``templates/page/page.js`` makes them) and combined by its ``R`` helpers —
    sums, products, integer powers, floors — so a count stays exact past 2⁵³ and a
    fraction such as ``h_kv/h`` is never rounded.

    >>> from symparam.symbols import H, h, h_kv
    >>> javascript(2 * H**2 * h_kv / h)
    'R.m(R.n(2n), v.h_kv, R.p(v.H, 2), R.p(v.h, -1))'
    """
    return ReadablePrinter({"style": "js"}).doprint(expr)


@lru_cache(maxsize=1024)
def _together(expr: sympy.Expr) -> sympy.Expr:
    """``sympy.together(expr)``, remembered: a count with a sparse step of 64 prints the same
    ⌊(N − k)/64⌋ in hundreds of terms."""
    return sympy.together(expr)
