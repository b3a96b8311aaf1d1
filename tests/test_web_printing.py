"""The printer's web styles: MathML that reads back to the expression it was printed from, and
JavaScript that computes it exactly (run in node over the page's own rational helpers), for
every formula of every model type's symbolic derivation and every preset's.

MathML is read by a small reader of symparam's own MathML (below: ``mi``, ``mn``, ``mo``,
``mrow``, ``mfrac``, ``msup``, ``msub``) that hands the whitelist parser plain text; the
JavaScript is evaluated at distinct primes (and at values past 2⁵³) and compared with the
expression evaluated exactly in Python.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
import sympy

import symparam
from symparam.blocks.numbers import value as exact_value
from symparam.printing import INVISIBLE_TIMES, Terms, javascript, mathml
from symparam.symbols import VOCABULARY, d_ff, h, h_kv
from tests.test_readback import CASES, formulas_of, read_text, squeezed
from tests.tools import ROOT, require

_OPERATORS = {"+": "+", "−": "-", "-": "-", "(": "(", ")": ")", "⌊": "⌊", "⌋": "⌋",
              "⌈": "⌈", "⌉": "⌉", "·": "*", "×": "*", "=": "=", "\u2062": "*"}


def _text(node: ET.Element) -> str:
    """symparam's MathML as the whitelist parser's text."""
    tag, children = node.tag, list(node)
    if tag == "mi":
        assert node.text is not None
        return f" {node.text} "
    if tag == "mn":
        assert node.text is not None and node.text.isdigit(), node.text
        return node.text
    if tag == "mo":
        return f" {_OPERATORS[node.text or '']} "
    if tag in ("mrow", "math"):
        return "".join(_text(c) for c in children)
    if tag == "mfrac":
        top, bottom = children
        return f"(({_text(top)})/({_text(bottom)}))"
    if tag == "msup":
        base, exponent = children
        return f"({_text(base)})^({_text(exponent)})"
    if tag == "msub":
        base, sub = children
        assert base.tag == "mi" and sub.tag in ("mi", "mn")
        return f" {base.text}_{sub.text} "
    raise AssertionError(f"unexpected MathML element {tag}")


def read_mathml(printed: str) -> sympy.Expr:
    markup = printed.replace(INVISIBLE_TIMES, "\u2062")
    return read_text(squeezed(_text(ET.fromstring(f"<math>{markup}</math>"))))


def _same(a: sympy.Expr, b: sympy.Expr) -> bool:
    return sympy.expand(a - b) == 0


@pytest.mark.parametrize(("name", "symbolic"), CASES, ids=[c for c, _ in CASES])
def test_every_formula_reads_back_from_mathml(name: str, symbolic: bool) -> None:
    for expr in formulas_of(name, symbolic):
        value = expr.expr if isinstance(expr, Terms) else expr
        assert _same(read_mathml(mathml(expr)), value), mathml(expr)


def test_mathml_names_and_shapes() -> None:
    assert mathml(d_ff) == '<msub><mi>d</mi><mi mathvariant="normal">ff</mi></msub>'
    assert mathml(VOCABULARY["r_q"].symbol) == "<msub><mi>r</mi><mi>q</mi></msub>"
    assert "<mfrac>" in mathml(2 * h_kv / h) and "<msup>" in mathml(d_ff**2)
    floor = mathml(sympy.floor(VOCABULARY["N"].symbol / 3))
    assert floor.startswith("<mrow><mo>⌊</mo>") and floor.endswith("<mo>⌋</mo></mrow>")


def test_mathml_reader_is_not_lenient() -> None:
    """A bracket dropped in printing changes what is read: the check can fail."""
    n, dense, hidden = (VOCABULARY[k].symbol for k in ("N", "N_dense", "H"))
    assert not _same(read_mathml("<mi>N</mi><mo>−</mo><msub><mi>N</mi><mi>dense</mi></msub>"
                                 f"<mo>{INVISIBLE_TIMES}</mo><mi>H</mi>"), (n - dense) * hidden)


def test_user_symbols_are_escaped() -> None:
    odd = sympy.Symbol("a<b", integer=True, positive=True)
    assert "<b" not in mathml(odd).replace("<mi>", "").replace("</mi>", "")
    assert javascript(odd) == 'v["a\\u003cb"]'


def test_js_refuses_what_it_cannot_compute_exactly() -> None:
    with pytest.raises(symparam.SymparamError, match="JavaScript"):
        javascript(sympy.sqrt(h))


# -- JavaScript, run in node -------------------------------------------------------------------

_PRIMES = (101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181)
_BIG = 2**61 - 1  # a prime: totals far past 2⁵³


def _values(exprs: list[sympy.Expr], big: bool) -> dict[sympy.Symbol, int]:
    symbols = sorted({s for e in exprs for s in e.free_symbols}, key=lambda s: s.name)
    return {s: (_BIG + 2 * i if big else _PRIMES[i % len(_PRIMES)] + 200 * (i // 17))
            for i, s in enumerate(symbols)}


def run_node(exprs: list[sympy.Expr], *values: dict[sympy.Symbol, int]) -> list[list[str]]:
    """Each expression computed by node over rational.js at each set of ``values`` (one node
    process for them all): ``p/q`` strings, a list per set."""
    node = shutil.which("node")
    require(node is not None, "node")
    runtime = (ROOT / "templates" / "page" / "rational.js").read_text(encoding="utf-8")
    sets = ", ".join("{" + ", ".join(f"{json.dumps(s.name)}: [{v}n, 1n]" for s, v in each.items())
                     + "}" for each in values)
    body = ",\n".join(f"(v) => {javascript(e)}" for e in exprs)
    script = (f'"use strict";\n{runtime}\nconst V = [{sets}];\nconst F = [{body}];\n'
              "console.log(JSON.stringify(V.map((v) => F.map((f) => { const x = f(v); "
              "return `${x[0]}/${x[1]}`; }))));\n")
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, check=False,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def _exact(expr: sympy.Expr, values: dict[sympy.Symbol, int]) -> str:
    number = Fraction(exact_value(expr, values))
    return f"{number.numerator}/{number.denominator}"


@pytest.mark.parametrize(("name", "symbolic"), CASES, ids=[c for c, _ in CASES])
def test_javascript_computes_every_formula_exactly(name: str, symbolic: bool) -> None:
    exprs = [e.expr if isinstance(e, Terms) else e
             for e in formulas_of(name, symbolic)]
    sets = [_values(exprs, big) for big in (False, True)]
    assert run_node(exprs, *sets) == [[_exact(e, values) for e in exprs] for values in sets]


def test_javascript_floors_ceilings_and_fractions() -> None:
    n, big_h = VOCABULARY["N"].symbol, VOCABULARY["H"].symbol
    exprs = [sympy.floor((n - 1) / 3), sympy.ceiling(8 * big_h / 3), sympy.floor(-n / 3),
             sympy.ceiling(-n / 3), h_kv / h, sympy.Rational(-5, 6) * n, (n - 7) ** -2 + n]
    values = {n: 10, big_h: 4097, h: 12, h_kv: 8}
    assert run_node(exprs, values) == [[_exact(e, values) for e in exprs]]
