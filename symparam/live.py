"""The figures a page's script keeps up to date: the closed forms it computes (printed to
JavaScript by the project's printer), the rules the values must keep, and numbers written the
way the script writes them — exactly, from fractions, so that what the page shows before its
script runs is what the script shows after.

>>> from symparam.symbols import H, N
>>> formulas = Formulas({H: 768, N: 12})
>>> str(formulas.live(N * H**2))
'<span data-f="0">7,077,888</span>'
>>> percent(1, 3), percent(1, 30000), shown(Fraction(4096, 7))
('33.3%', '0.0033%', '4,096/7')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction

import sympy
from markupsafe import Markup, escape

from symparam.blocks.numbers import value as exact_value
from symparam.errors import SymparamError
from symparam.frozen import frozen
from symparam.printing import Terms, javascript
from symparam.rounding import in_units, percent

Number = int | Fraction


def grouped(number: int) -> str:
    """A whole number with thousands separators and a true minus sign: 8,030,261,248."""
    return ("−" if number < 0 else "") + f"{abs(number):,}"


def shown(number: Number) -> str:
    """A number as the page shows it: whole, or an exact fraction (``4,096/7``)."""
    number = Fraction(number)
    if number.denominator == 1:
        return grouped(number.numerator)
    return f"{grouped(number.numerator)}/{grouped(number.denominator)}"


#: units of the memory table: what one unit holds, in bytes
UNITS = {"gib": (2**30, "GiB"), "gb": (10**9, "GB")}


# -- what the page's script computes -----------------------------------------------------------


@frozen
class Check:
    """A rule the values must keep, as the command line checks it: ``whole`` (``a`` is a
    positive whole number), ``divides`` (``a`` divides ``b``; while either is not a whole
    number, the rule that says so is the one that fails) or ``at_most`` (``a ≤ b``).
    ``blocking``: while it fails there is no count; a rule that is not (one the model needs
    only to run, as transformers builds and counts it anyway) is said beside the count."""

    kind: str
    a: int
    b: int | None = None
    blocking: bool = True


class Formulas:
    """The closed forms the page's script computes, each printed once to JavaScript, with
    their values at the page's own values (``None`` where one is missing)."""

    def __init__(self, values: Mapping[sympy.Symbol, int]) -> None:
        self.values = dict(values)
        self.exprs: list[sympy.Expr] = []
        self.numbers: list[Number | None] = []
        self.index: dict[sympy.Expr, int] = {}
        self.checks: list[Check] = []
        self.ok = True

    def add(self, expr: sympy.Expr | Terms | int) -> int:
        """The index of ``expr`` in the script's list ``F``."""
        if isinstance(expr, Terms):
            expr = expr.expr
        elif isinstance(expr, int):
            expr = sympy.Integer(expr)
        if expr not in self.index:
            self.index[expr] = len(self.exprs)
            self.exprs.append(expr)
            try:
                number: Number | None = exact_value(expr, self.values)
            except (SymparamError, ZeroDivisionError):
                number = None
            self.numbers.append(number)
        return self.index[expr]

    def check(self, kind: str, a: sympy.Expr, b: sympy.Expr | None = None,
              blocking: bool = True) -> int:
        """Add a rule; its index, for the message shown while it fails."""
        self.checks.append(Check(kind, self.add(a), None if b is None else self.add(b),
                                 blocking))
        if blocking and self.failing(self.checks[-1]):
            self.ok = False
        return len(self.checks) - 1

    def failing(self, check: Check) -> bool:
        """Whether ``check`` fails at the page's own values (unknown: it does not, yet)."""
        a = self.numbers[check.a]
        b = None if check.b is None else self.numbers[check.b]
        if a is None or (check.b is not None and b is None):
            return False
        if check.kind == "whole":  # however large: a count past 10³⁰ is still whole
            return not (Fraction(a).denominator == 1 and a > 0)
        if check.kind == "divides":
            if Fraction(a).denominator != 1 or Fraction(b).denominator != 1:
                return False  # the rule that the value is whole says so, not this one
            return a == 0 or int(b) % int(a) != 0
        return a > b  # type: ignore[operator]

    def live(self, expr: sympy.Expr | Terms | int, *, of: sympy.Expr | None = None,
             unit: str | None = None, always: bool = False, tag: str = "span",
             machine: bool = False) -> Markup:
        """An element the script fills with ``expr``'s value (``of``: as a share of that;
        ``unit``: in GiB or GB; ``always``: even while the values break a rule, as a
        fraction if need be; ``machine``: with the digits in ``data-value`` as well),
        holding its value at the page's own values."""
        index = self.add(expr)
        number = self.numbers[index]
        attributes = [f'data-f="{index}"']
        text = "—"
        whole = None if of is None else self.numbers[self.add(of)]
        if of is not None:
            attributes.append(f'data-of="{self.add(of)}"')
        if unit is not None:
            attributes.append(f'data-unit="{unit}"')
        if always:
            attributes.append("data-always")
        if number is not None and (always or self.ok):
            if of is not None:
                text = percent(number, whole) if whole else "—"
            elif unit is not None:
                text = in_units(number, *UNITS[unit])
            else:
                text = shown(number)
        if machine:
            digits = str(number) if self.ok and number is not None and \
                Fraction(number).denominator == 1 else ""
            attributes.append(f'data-value="{digits}"')
        return Markup(f"<{tag} {' '.join(attributes)}>{escape(text)}</{tag}>")

    def sign(self, expr: sympy.Expr) -> Markup:
        """An element the script fills with ``expr``'s sign, ``+`` or ``−`` (a gap)."""
        index = self.add(expr)
        number = self.numbers[index]
        shown_ = "" if number is None or not self.ok else ("−" if number < 0 else "+")
        return Markup(f'<span data-sign="{index}">{shown_}</span>')

    def script(self) -> str:
        """``const F = [...]``: one function per closed form, from the project's printer."""
        lines = ",\n".join(f"  (v) => {javascript(e)}" for e in self.exprs)
        checks = [[c.kind, c.a, c.b, c.blocking] for c in self.checks]
        return f"const F = [\n{lines},\n];\nconst CHECKS = {json.dumps(checks)};\n"
