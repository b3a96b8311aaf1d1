"""Every formula symparam prints reads back to the expression it was printed from.

Plain text goes back through the project's own whitelist parser; LaTeX through a small reader
of symparam's own LaTeX (below: the vocabulary's names, ``\\frac``, ``\\left(``, floors, implicit
products) that hands the whitelist parser plain text. Checked for every model type's symbolic
derivation and every preset's, formula by formula: the closed form, each part, each row, the
rule of thumb, the summary's shares and, where a family has compute, the FLOPs.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
import sympy

import symparam
from symparam.analysis import structured
from symparam.catalog import model_types
from symparam.parsing import parse_formula
from symparam.presets import presets
from symparam.printing import Terms, latex, text
from symparam.symbols import VOCABULARY, latex_name

NAMES = [*VOCABULARY, "d_0", "d_1", "d_2", "d_3",
         *(f"{base}_{i}" for base in ("H", "N") for i in range(1, 9))]  # a stage's (ConvNeXt)


def _latex_to_text(printed: str) -> str:
    """symparam's LaTeX as the whitelist parser's text (symbols by name)."""
    out = printed
    replacements = [(r"\left\lfloor", "⌊"), (r"\right\rfloor", "⌋"), (r"\left\lceil", "⌈"),
                    (r"\right\rceil", "⌉"), (r"\left(", "("), (r"\right)", ")"),
                    (r"\cdot", "*"), (r"\times", "*"), ("{,}", "")]
    for old, new in replacements:
        out = out.replace(old, new)
    # the vocabulary's longer names (d_{\mathrm{ff}}, r_{q}); one-letter names read as they are
    for name in sorted(NAMES, key=lambda n: -len(latex_name(sympy.Symbol(n)))):
        form = latex_name(sympy.Symbol(name))
        if len(form) > 1:
            out = out.replace(form, f" {name} ")
    out = re.sub(r"\^\{([^{}]*)\}", r"^(\1)", out)
    for _ in range(printed.count(r"\frac")):  # innermost first: \frac{a}{b} → ((a)/(b))
        out = re.sub(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", r"((\1)/(\2))", out)
    assert "\\" not in out and "{" not in out, (printed, out)
    return squeezed(out)


def squeezed(text: str) -> str:
    """The spaces a reading added squeezed out again, so that the LaTeX or MathML of a formula
    whose text the parser reads (within its length limit) is read within it too (Qwen3-Next's
    FLOPs)."""
    out = re.sub(r" {2,}", " ", text)
    out = re.sub(r" ?([+\-*/]) ?", r"\1", out)
    return re.sub(r" \)", ")", re.sub(r"\( ", "(", out)).strip()


def read_latex(printed: str) -> sympy.Expr:
    return parse_formula(_latex_to_text(printed), NAMES)


def read_text(printed: str) -> sympy.Expr:
    return parse_formula(printed, NAMES)


def _same(a: sympy.Expr, b: sympy.Expr) -> bool:
    return sympy.expand(a - b) == 0


def check(expr: sympy.Expr | Terms) -> None:
    value = expr.expr if isinstance(expr, Terms) else expr
    assert _same(read_text(text(expr)), value), text(expr)
    assert _same(read_latex(latex(expr)), value), latex(expr)


def formulas(m: symparam.Model, symbolic: bool) -> list[sympy.Expr | Terms]:
    d = m.derive(symbolic=symbolic)
    found: list[sympy.Expr | Terms] = [structured(m), structured(m, active=True), m.params]
    for section in d.sections:
        found.append(section.subtotal)
        found.extend(row.params for row in section.rows)
        found.extend(dim for row in section.rows for dim in row.weight)
    if d.summary is not None:
        found.extend(p.params for p in d.summary.parts)
        found.extend(k.params for k in d.summary.layer)
        if d.summary.thumb is not None:
            found.append(d.summary.thumb.total)
    if m.family.compute:
        found.append(m.flops())
    return found


@cache
def formulas_of(name: str, symbolic: bool) -> tuple[sympy.Expr | Terms, ...]:
    """:func:`formulas` of the model ``name``, once a process: three tests read them (the text
    and LaTeX readers here, MathML and JavaScript in tests/test_web_printing.py)."""
    return tuple(formulas(symparam.model(name), symbolic))


CASES = [(t, True) for t in sorted(model_types())] + \
    [(p, False) for p in sorted(presets())]


@pytest.mark.parametrize(("name", "symbolic"), CASES, ids=[c for c, _ in CASES])
def test_every_printed_formula_reads_back(name: str, symbolic: bool) -> None:
    for expr in formulas_of(name, symbolic):
        check(expr)


def test_a_mixed_stack_and_a_floor_read_back() -> None:
    check(structured(symparam.model("deepseek-v3")))
    check(structured(symparam.model("qwen2_moe", sparse_step=3)))


def test_the_reader_is_not_lenient() -> None:
    """A bracket dropped in printing changes what is read: the check can fail."""
    n, dense = sympy.Symbol("N", integer=True, positive=True), VOCABULARY["N_dense"].symbol
    h = VOCABULARY["H"].symbol
    assert not _same(read_text("N − N_dense·H"), (n - dense) * h)
    assert not _same(read_latex(r"N - N_{\mathrm{dense}} H"), (n - dense) * h)
