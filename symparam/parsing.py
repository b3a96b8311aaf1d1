"""A whitelist parser for formulas people type: ``12·N·H² + 13NH``, ``4*H``, ``(3L + 11N + 2)H``.

It accepts numbers, the names it is given, ``+ - * / ^ **``, ``×``, ``·``, Unicode superscripts,
parentheses, floor and ceiling brackets (``⌊N/2⌋``, ``⌈8H/3M⌉``) and implicit multiplication,
and builds the sympy expression itself — user text never reaches ``eval``, ``sympify`` or
``parse_expr``. Inputs are bounded in length, nesting, digits and exponent size, so no formula
can make sympy work for long.

>>> from symparam.symbols import VOCABULARY
>>> parse_formula("12NH^2 + 13·N·H", VOCABULARY)
12*H**2*N + 13*H*N
>>> parse_formula("d_ff = 4 × H", VOCABULARY, equation=True)
(d_ff, 4*H)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import sympy

from symparam.bounds import ExpressionTooLargeError, check
from symparam.errors import FormulaSyntaxError
from symparam.frozen import frozen
from symparam.limits import MAX_DEGREE, MAX_EXPONENT, MAX_RESULT_DIGITS
from symparam.limits import MAX_FORMULA_DEPTH as MAX_DEPTH
from symparam.limits import MAX_FORMULA_DIGITS as MAX_DIGITS
from symparam.limits import MAX_FORMULA_LENGTH as MAX_LENGTH
from symparam.limits import MAX_FORMULA_TERMS as MAX_TERMS
from symparam.symbols import lookup

_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_TOKEN = re.compile(
    r"""(?P<space>\s+)
      | (?P<number>[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)
      | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<sup>[⁰¹²³⁴⁵⁶⁷⁸⁹]+)
      | (?P<op>\*\*|[-+*/^()=×·⋅−⌊⌋⌈⌉])""",
    re.VERBOSE,
)


@frozen
class _Token:
    """One token of a formula: its kind (a group of :data:`_TOKEN`), text and position."""

    kind: str
    text: str
    pos: int


def _split_name(word: str, names: Iterable[str]) -> list[str] | None:
    """Split ``NH`` into known names (``N``, ``H``), longest name first; None if impossible."""
    known = sorted(set(names), key=len, reverse=True)

    def split(rest: str) -> list[str] | None:
        if not rest:
            return []
        for name in known:
            if rest.startswith(name):
                tail = split(rest[len(name) :])
                if tail is not None:
                    return [name, *tail]
        return None

    return split(word) if len(word) <= 40 else None


def _tokenize(text: str, names: Mapping[str, Any]) -> list[_Token]:
    tokens: list[_Token] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise FormulaSyntaxError(f"unexpected character {text[pos]!r} at position {pos + 1}")
        kind = match.lastgroup or ""
        word = match.group()
        if kind == "name":
            parts = [word] if word in names else _split_name(word, names)
            if parts is None:
                raise FormulaSyntaxError(
                    f"unknown name {word!r} at position {pos + 1}; known: {', '.join(names)}"
                )
            tokens.extend(_Token("name", part, pos) for part in parts)
        elif kind == "sup":
            tokens.append(_Token("op", "^", pos))
            tokens.append(_Token("number", word.translate(_SUPERSCRIPTS), pos))
        elif kind == "op":
            op = {"**": "^", "×": "*", "·": "*", "⋅": "*", "−": "-"}.get(word, word)
            tokens.append(_Token("op", op, pos))
        elif kind == "number":
            if _digits(word) > MAX_DIGITS:
                raise FormulaSyntaxError(
                    f"number at position {pos + 1} has over {MAX_DIGITS} digits"
                )
            tokens.append(_Token("number", word, pos))
        pos = match.end()
    return tokens


def _digits(number: str) -> int:
    """How many digits ``number`` has once written out, its exponent applied (``1e5000`` has
    5,001), worked out from the text: the exponent is never applied to find out."""
    mantissa, _, exponent = number.lower().partition("e")
    whole, _, fraction = mantissa.partition(".")
    if len(exponent.lstrip("+-")) > 6:
        return 10**6
    shift = int(exponent or 0) - len(fraction)
    written = len((whole + fraction).lstrip("0")) or 1
    return written + shift if shift >= 0 else max(written, -shift)


class _Parser:
    def __init__(self, tokens: list[_Token], symbols: Mapping[str, sympy.Symbol]) -> None:
        self.tokens = tokens
        self.index = 0
        self.depth = 0
        self.symbols = symbols

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> _Token:
        token = self.peek()
        if token is None:
            raise FormulaSyntaxError("formula ends too early")
        self.index += 1
        return token

    def expect_end(self) -> None:
        token = self.peek()
        if token is not None:
            raise FormulaSyntaxError(f"unexpected {token.text!r} at position {token.pos + 1}")

    def expr(self) -> sympy.Expr:
        value = self.term()
        while (token := self.peek()) is not None and token.text in "+-" and token.kind == "op":
            self.take()
            right = self.term()
            value = value + right if token.text == "+" else value - right
        return value

    def term(self) -> sympy.Expr:
        value = self.unary()
        while (token := self.peek()) is not None:
            if token.kind == "op" and token.text in "*/":
                self.take()
                right = self.unary()
                if token.text == "/":
                    if right == 0:
                        raise FormulaSyntaxError(f"division by zero at position {token.pos + 1}")
                    value = value / right
                else:
                    value = value * right
            elif token.kind in ("number", "name") or token.text in ("(", "⌊", "⌈"):
                value = value * self.power()
            else:
                break
        return value

    def unary(self) -> sympy.Expr:
        token = self.peek()
        if token is not None and token.kind == "op" and token.text in "+-":
            self.take()
            self.enter()
            value = self.unary()
            self.depth -= 1
            return -value if token.text == "-" else value
        return self.power()

    def power(self) -> sympy.Expr:
        base = self.atom()
        token = self.peek()
        if token is not None and token.kind == "op" and token.text == "^":
            self.take()
            self.enter()
            exponent = self.unary()
            self.depth -= 1
            if not exponent.is_Integer or abs(int(exponent)) > MAX_EXPONENT:
                raise FormulaSyntaxError(
                    f"exponent at position {token.pos + 1} must be an integer within "
                    f"±{MAX_EXPONENT}, got {exponent}"
                )
            if base == 0 and exponent < 0:
                raise FormulaSyntaxError(f"division by zero at position {token.pos + 1}")
            _check_power_size(base, int(exponent), token.pos)
            return base**exponent
        return base

    def atom(self) -> sympy.Expr:
        token = self.take()
        if token.kind == "number":
            return sympy.Rational(token.text) if "." in token.text or "e" in token.text.lower() \
                else sympy.Integer(token.text)
        if token.kind == "name":
            return self.symbols[token.text]
        closes = {"(": ")", "⌊": "⌋", "⌈": "⌉"}
        if token.text in closes:
            self.enter()
            value = self.expr()
            self.depth -= 1
            closing = self.take()
            if closing.text != closes[token.text]:
                raise FormulaSyntaxError(f"expected {closes[token.text]!r} at position "
                                         f"{closing.pos + 1}")
            if token.text == "⌊":
                return sympy.floor(value)
            return sympy.ceiling(value) if token.text == "⌈" else value
        raise FormulaSyntaxError(f"unexpected {token.text!r} at position {token.pos + 1}")

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise FormulaSyntaxError(f"formula nests deeper than {MAX_DEPTH} levels")


def _check_power_size(base: sympy.Expr, exponent: int, pos: int) -> None:
    """Refuse powers whose value or degree would grow past what a formula can need."""
    if base.is_Number and base != 0:
        digits = abs(exponent) * max(len(str(abs(sympy.Rational(base).p))),
                                     len(str(sympy.Rational(base).q)))
        too_big = digits > MAX_RESULT_DIGITS
    else:
        degree = max((abs(int(e)) for _, e in base.as_powers_dict().items() if e.is_Integer),
                     default=1)
        too_big = degree * abs(exponent) > MAX_DEGREE
    if too_big:
        raise FormulaSyntaxError(f"the power at position {pos + 1} is too large")


def parse_formula(
    text: str, names: Mapping[str, Any] | Iterable[str], equation: bool = False
) -> Any:
    """Parse ``text`` over the allowed ``names``; with ``equation``, ``lhs = rhs`` as a pair."""
    if not isinstance(text, str):
        raise FormulaSyntaxError("a formula must be text")
    if len(text) > MAX_LENGTH:
        raise FormulaSyntaxError(f"formula longer than {MAX_LENGTH} characters")
    symbols = {name: _symbol_for(name) for name in names}
    tokens = _tokenize(text, symbols)
    if not tokens:
        raise FormulaSyntaxError("empty formula")
    if not equation:
        parser = _Parser(tokens, symbols)
        value = parser.expr()
        parser.expect_end()
        return _bounded(value)
    equals = [i for i, token in enumerate(tokens) if token.text == "="]
    if len(equals) != 1:
        raise FormulaSyntaxError(f"expected one '=' in {text!r}")
    sides = []
    for part in (tokens[: equals[0]], tokens[equals[0] + 1 :]):
        if not part:
            raise FormulaSyntaxError(f"'=' needs a side on each hand in {text!r}")
        parser = _Parser(part, symbols)
        sides.append(_bounded(parser.expr()))
        parser.expect_end()
    return tuple(sides)


def _bounded(value: sympy.Expr) -> sympy.Expr:
    """``value``, refused if expanding it would take more than a formula can need."""
    try:
        check(value, MAX_TERMS, "the formula")
    except ExpressionTooLargeError as error:
        raise FormulaSyntaxError(str(error)) from None
    return value


def _symbol_for(name: str) -> sympy.Symbol:
    try:
        return lookup(name).symbol
    except FormulaSyntaxError:
        raise
    except Exception:
        return sympy.Symbol(name, integer=True, positive=True)
