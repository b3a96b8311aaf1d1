"""Assumptions such as ``d_head = H/h``: explicit objects that a model switches on or off.

A family states the assumptions it makes by default; a user adds more (``d_ff = 4H``) or drops one.
Applying an assumption is a substitution of its symbol. Binding values checks that each assumption
still yields a positive integer, which is how "h must divide H" is enforced.

>>> from symparam.symbols import H, h, d_head
>>> HEAD_SIZE.apply(h * d_head * H)
H**2
>>> parse_assumption("d_ff=4*H")
Assumption(d_ff = 4*H)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import sympy

from symparam.errors import InvalidValueError
from symparam.frozen import frozen
from symparam.limits import MAX_VALUE
from symparam.parsing import parse_formula
from symparam.symbols import (
    VOCABULARY,
    H,
    M,
    N,
    N_dec,
    V,
    V_dec,
    d_ff,
    d_ff_dec,
    d_head,
    d_pool,
    h,
    h_dec,
    h_kv,
)


@frozen
class Assumption:
    """``symbol = expr``, with a one-line reason people give for it."""

    symbol: sympy.Symbol
    expr: sympy.Expr
    reason: str = ""

    @property
    def name(self) -> str:
        """The assumed symbol's name, which identifies the assumption (``d_head``)."""
        return self.symbol.name

    def apply(self, expr: sympy.Expr) -> sympy.Expr:
        """``expr`` with the symbol replaced (``xreplace``: linear in the size of ``expr``)."""
        return expr.xreplace({self.symbol: self.expr})

    def check(self, values: Mapping[str, int]) -> None:
        """Raise when the bound values make ``expr`` anything but a positive integer."""
        needed = {s.name: s for s in self.expr.free_symbols}
        if any(name not in values for name in needed):
            return
        result = self.expr.xreplace({s: sympy.Integer(values[n]) for n, s in needed.items()})
        shown = ", ".join(f"{n}={values[n]}" for n in sorted(needed))
        if result.is_Integer and 0 < result <= MAX_VALUE:
            return
        if result.is_Integer and result > MAX_VALUE:
            raise InvalidValueError(f"{self} gives {self.symbol} = {result} for {shown}, more "
                                    "than symparam takes (10^30)")
        if not result.is_finite:  # zoo or nan: a denominator is zero at these values
            raise InvalidValueError(f"{self} divides by zero for {shown}")
        numerator, denominator = sympy.fraction(self.expr)
        if not denominator.is_Number or denominator != 1:
            raise InvalidValueError(
                f"{_show(denominator, values)} does not divide {_show(numerator, values)}"
                f" (the model assumes {self})"
            )
        raise InvalidValueError(f"{self} gives {result} for {shown}, not a positive integer")

    def __str__(self) -> str:
        return f"{self.symbol} = {self.expr}"

    def __repr__(self) -> str:
        return f"Assumption({self})"


def _show(expr: sympy.Expr, values: Mapping[str, int]) -> str:
    if expr.is_Symbol:
        return f"{expr}={values[expr.name]}"
    value = expr.xreplace({s: sympy.Integer(values[s.name]) for s in expr.free_symbols})
    return f"{expr}={value}"


HEAD_SIZE = Assumption(d_head, H / h, "each of the h heads gets H/h dimensions, so h·d_head = H")
FFN_4H = Assumption(d_ff, 4 * H, "the FFN is four times as wide as the hidden size")
KV_HEADS = Assumption(h_kv, h, "every query head has its own key/value head (no grouping)")
DECODER_DEPTH = Assumption(N_dec, N, "the decoder is as deep as the encoder")
DECODER_FFN = Assumption(d_ff_dec, d_ff, "the decoder's FFN is as wide as the encoder's")
DECODER_HEADS = Assumption(h_dec, h, "the decoder has as many heads as the encoder")
DECODER_VOCAB = Assumption(V_dec, V, "the decoder reads the encoder's vocabulary")
POOLER_SIZE = Assumption(d_pool, H, "the pooler keeps the hidden size")
LLAMA_FFN = Assumption(
    d_ff, M * sympy.ceiling(8 * H / (3 * M), evaluate=False),  # as written (and no sum built)
    "LLaMA's FFN: 8H/3 (two thirds of 4H, for three matrices) rounded up to a multiple of M",
)

NAMED: dict[str, Assumption] = {
    "d_head=H/h": HEAD_SIZE,
    "d_ff=4*H": FFN_4H,
    "h_kv=h": KV_HEADS,
    "N_dec=N": DECODER_DEPTH,
    "d_ff_dec=d_ff": DECODER_FFN,
    "h_dec=h": DECODER_HEADS,
    "V_dec=V": DECODER_VOCAB,
    "d_pool=H": POOLER_SIZE,
    "llama-ffn": LLAMA_FFN,
}


def parse_assumption(text: str, names: Iterable[str] = VOCABULARY) -> Assumption:
    """Read ``NAME=EXPR`` (whitelist parser) or a named assumption (``llama-ffn``).

    The right side must be able to give a positive size: ``d_ff = -H`` or ``d_ff = H - H`` is
    refused here, ``d_ff = H - 100`` when values are bound."""
    if not isinstance(text, str):
        raise InvalidValueError(f"an assumption is text such as 'd_ff=4*H' or an Assumption, "
                                f"not {type(text).__name__}")
    if text.strip() in NAMED and "=" not in text:
        return NAMED[text.strip()]
    lhs, rhs = parse_formula(text, list(names), equation=True)
    if not isinstance(lhs, sympy.Symbol):
        raise InvalidValueError(f"the left side of {text!r} must be one hyperparameter name")
    if lhs in rhs.free_symbols:
        raise InvalidValueError(f"{text!r} defines {lhs} in terms of itself")
    if rhs.is_positive is False or rhs.is_zero:  # every symbol is a positive integer
        raise InvalidValueError(f"{text!r} makes {lhs} {'zero' if rhs.is_zero else 'negative'}"
                                "; a size is a positive integer")
    for known in NAMED.values():  # the same expression, written another way (bounded: parsed)
        if known.symbol == lhs and rhs.free_symbols == known.expr.free_symbols and \
                sympy.expand(known.expr - rhs) == 0:
            return known
    return Assumption(lhs, rhs, "assumed by the user")


def resolve(assumptions: Iterable[Assumption]) -> dict[sympy.Symbol, sympy.Expr]:
    """One substitution map with chains followed (``d_head = H/h`` and ``h = 8`` …)."""
    mapping = {a.symbol: a.expr for a in assumptions}
    for _ in range(len(mapping)):
        updated = {s: e.xreplace(mapping) for s, e in mapping.items()}
        if updated == mapping:
            break
        mapping = updated
    for sym, expr in mapping.items():
        if sym in expr.free_symbols:
            raise InvalidValueError(f"assumptions about {sym} refer to each other in a cycle")
    return mapping
