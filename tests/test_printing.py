"""Readable forms: the order a person writes terms in, and equality with the expanded form."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import symparam
from symparam.analysis import grouped
from symparam.parsing import parse_formula
from symparam.printing import latex, text
from symparam.symbols import VOCABULARY


def form(name: str, **kw: object) -> sympy.Expr:
    m = symparam.model(name, **kw)
    return grouped(m.params, m.repeat_symbols)


def test_bert_grouped_form() -> None:
    assert text(form("bert")) == "N·(4·H² + 2·H·d_ff + 9·H + d_ff) + H² + (V + L + T + 3)·H"


def test_bert_with_d_ff_4h() -> None:
    m = symparam.model("bert", assume=["d_ff=4*H"])
    assert text(m.params).startswith("12·N·H² + 13·N·H + ")
    assert text(grouped(m.params, m.repeat_symbols)).startswith("N·(12·H² + 13·H) + ")


def test_latex_names() -> None:
    out = latex(form("llama"))
    assert r"d_{\mathrm{ff}}" in out and r"h_{\mathrm{kv}}" in out
    assert r"\frac{2 H^{2} h_{\mathrm{kv}}}{h}" in out


@pytest.mark.parametrize("name", ["bert", "gpt2", "bloom", "llama", "transformer", "mlp"])
def test_grouped_equals_expanded_and_text_parses_back(name: str) -> None:
    m = symparam.model(name)
    g = grouped(m.params, m.repeat_symbols)
    assert sympy.expand(g - m.params) == 0
    names = [s.name for s in m.params.free_symbols]
    assert sympy.expand(parse_formula(text(g), names) - m.params) == 0
    assert sympy.expand(parse_formula(text(m.params), names) - m.params) == 0


polynomials = st.lists(
    st.tuples(st.integers(-50, 50).filter(bool), st.integers(0, 2), st.integers(0, 3),
              st.sampled_from(["V", "L", "T", "d_ff", "h", "1"])),
    min_size=1, max_size=8,
)


@settings(max_examples=150, deadline=None)
@given(polynomials)
def test_any_polynomial_prints_to_text_that_parses_back(terms: list) -> None:
    sym = {n: VOCABULARY[n].symbol for n in VOCABULARY}
    expr = sympy.Add(*(c * sym["N"] ** n * sym["H"] ** k * (sym[o] if o != "1" else 1)
                       for c, n, k, o in terms))
    g = grouped(expr, [sym["N"]])
    assert sympy.expand(g - expr) == 0
    assert sympy.expand(parse_formula(text(g), VOCABULARY) - expr) == 0
    assert sympy.expand(parse_formula(text(expr), VOCABULARY) - expr) == 0
