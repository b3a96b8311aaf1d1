"""Markdown math that reaches KaTeX unchanged, whichever renderer it is pasted into.

Each flavour is read the way its renderer reads it: ``dollars`` by a math-aware Markdown parser
(markdown-it with the dollarmath plugin, as MyST and Jupyter Book use), ``github`` by plain
CommonMark (```math fences and $`…`$ code spans), ``katex`` by plain CommonMark rendered to
HTML and then searched for delimiters the way KaTeX's auto-render does. Every derivation gives
the same math spans by all three routes, and each span renders with KaTeX.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest

import symparam
from symparam.analysis import structured
from symparam.catalog import model_names, presets
from symparam.cli import main
from symparam.errors import SymparamError
from symparam.printing import latex
from tests.tools import ROOT, katex_module, need, require

Span = tuple[str, bool]  # the TeX, and whether it is display math


LANGS = ("en", "zh", "ko")


@cache
def derivation(name: str) -> Any:
    """A model's derivation, made once for all the flavours a test process writes."""
    return symparam.model(name).derive(symbolic=name not in presets())


@cache
def document(name: str, lang: str, flavour: str) -> str:
    """A model's derivation in ``lang``, written with ``flavour`` (once a process)."""
    return derivation(name).to_markdown(lang=lang, math=flavour)


def documents(flavour: str) -> dict[str, str]:
    """Every model's derivation in every language, written with ``flavour``."""
    return {f"{name}.{lang}": document(name, lang, flavour)
            for name in model_names() for lang in LANGS}


@cache
def _parser(math_aware: bool) -> Any:
    markdown_it = need("markdown_it")
    parser = markdown_it.MarkdownIt("commonmark").enable("table")
    if math_aware:
        parser = parser.use(need("mdit_py_plugins.dollarmath").dollarmath_plugin)
    return parser


def _tokens(tokens: list[Any]) -> list[Any]:
    out = []
    for token in tokens:
        out.append(token)
        out.extend(_tokens(token.children or []))
    return out


def dollars_spans(text: str) -> list[Span]:
    return [(t.content.strip("\n"), t.type == "math_block")
            for t in _tokens(_parser(math_aware=True).parse(text))
            if t.type in ("math_inline", "math_block")]


def github_spans(text: str) -> list[Span]:
    spans = []
    for token in _parser(math_aware=False).parse(text):
        if token.type == "fence" and token.info == "math":
            spans.append((token.content.strip("\n"), True))
        for before, code, after in zip(token.children or [], (token.children or [])[1:],
                                       (token.children or [])[2:], strict=False):
            if code.type == "code_inline" and before.content.endswith("$") \
                    and after.content.startswith("$"):
                spans.append((code.content, False))
    return spans


class _Text(HTMLParser):
    """The text nodes of an HTML page outside code, as a browser holds them (entities read)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[str] = []
        self.code = 0
        self.open = False

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.code += tag in ("code", "pre")
        self.open = False

    def handle_endtag(self, tag: str) -> None:
        self.code -= tag in ("code", "pre")
        self.open = False

    def handle_data(self, data: str) -> None:
        if self.code:
            return
        if self.open:
            self.nodes[-1] += data
        else:
            self.nodes.append(data)
            self.open = True


DELIMITERS = (("$$", "$$", True), ("\\(", "\\)", False), ("\\[", "\\]", True))


def _end_of_math(text: str, start: int, right: str) -> int:
    """Where ``right`` closes the math that starts at ``start`` (KaTeX auto-render's rule:
    outside braces, a backslash skips the next character), or -1."""
    depth, i = 0, start
    while i < len(text):
        if depth <= 0 and text.startswith(right, i):
            return i
        if text[i] == "\\":
            i += 1
        elif text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
        i += 1
    return -1


def katex_spans(text: str) -> list[Span]:
    page = _Text()
    page.feed(_parser(math_aware=False).render(text))
    spans = []
    for node in page.nodes:
        found = _LEFT.search(node)
        while found:  # the next place a delimiter opens (auto-render looks at each in turn)
            i = found.start()
            left, right, display = next(d for d in DELIMITERS if node.startswith(d[0], i))
            end = _end_of_math(node, i + len(left), right)
            assert end >= 0, node[i:i + 80]
            spans.append((node[i + len(left):end].strip("\n"), display))
            found = _LEFT.search(node, end + len(right))
    return spans


#: where any of :data:`DELIMITERS` opens
_LEFT = re.compile("|".join(re.escape(left) for left, _, _ in DELIMITERS))


ROUTES = {"dollars": dollars_spans, "github": github_spans, "katex": katex_spans}


@cache
def spans(name: str, lang: str, flavour: str) -> list[Span]:
    """A document's math spans as ``flavour``'s renderer reads them (once a process)."""
    return ROUTES[flavour](document(name, lang, flavour))


def read_spans(flavour: str) -> dict[str, list[Span]]:
    """Every document's math spans as ``flavour``'s renderer reads them."""
    return {f"{name}.{lang}": spans(name, lang, flavour)
            for name in model_names() for lang in LANGS}


# a sweep, a model a case (issue 30: reading every document by the two other routes, in pure
# Python's markdown-it, was 57 s of CPU a run); every model by SYMPARAM_SWEEP=all
@pytest.mark.sweep
@pytest.mark.parametrize(("flavour", "name"), [(flavour, name) for flavour in ("github", "katex")
                                               for name in model_names()])
def test_every_flavour_hands_over_the_same_math(flavour: str, name: str) -> None:
    for lang in LANGS:
        assert spans(name, lang, flavour) == spans(name, lang, "dollars"), f"{name}.{lang}"


def test_bert_math_survives_a_markdown_renderer() -> None:
    """The issue's case: BERT-base's 64 spans, with their \\\\ and \\, intact."""
    spans = katex_spans(documents("katex")["bert-base-uncased.en"])
    assert spans == dollars_spans(documents("dollars")["bert-base-uncased.en"])
    assert len(spans) >= 60
    assert any("\\\\\n" in tex for tex, _ in spans)
    assert any("1\\,\\mathrm{MiB}" in tex for tex, _ in spans)
    # what made the katex flavour necessary: plain Markdown eats the \\ of the dollars' blocks
    dollars = documents("dollars")["bert-base-uncased.en"]
    blocks = [span for span in dollars_spans(dollars) if span[1]]
    assert [span for span in katex_spans(dollars) if span[1]] != blocks


def test_every_span_renders_with_katex() -> None:
    module = katex_module()
    require(module is not None, "node with the katex package")
    # the dollars flavour's: the other two hand over the same spans (the test above)
    every = sorted({span for read in read_spans("dollars").values() for span in read})
    assert len(every) > 300
    done = subprocess.run(["node", str(ROOT / "tests" / "katex_check.js")],
                          input=json.dumps([{"tex": tex, "display": display}
                                            for tex, display in every]),
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "SYMPARAM_KATEX": str(module)})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_math_flavour_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["derive", "gpt2", "--math", "github"]) == 0
    out = capsys.readouterr().out
    assert "```math\n\\begin{aligned}" in out and "| $`V \\times H`$ |" in out
    assert main(["derive", "gpt2", "--math", "katex"]) == 0
    assert "\\\\\\(V \\\\times H\\\\\\)" in capsys.readouterr().out
    with pytest.raises(SymparamError, match="math flavour"):
        symparam.model("gpt2").derive().to_markdown(math="mathml")


def _visible(row: str) -> int:
    """The characters a row of display math shows, roughly: commands as one glyph, no
    braces, spaces, alignment marks or invisible delimiters."""
    row = re.sub(r"\\(left|right)\.", "", row)
    row = re.sub(r"\\(left|right|mathrm|quad|begin\{aligned\}|end\{aligned\})", "", row)
    row = re.sub(r"\\[a-zA-Z]+", "x", row)
    return len(re.sub(r"\\,|[{}&\s]", "", row))


def test_long_displays_break_into_rows() -> None:
    """No row of display math is wider than a page's column: DeepSeek-V3's closed form was one
    row of 219 characters (2,603 pixels); Markdown now breaks it after a + or -, as the LaTeX
    document does (every derivation, every language)."""
    widest = max((_visible(row), name, row) for name, text in documents("dollars").items()
                 for tex, display in dollars_spans(text) if display
                 for row in tex.split("\\\\\n"))
    assert widest[0] <= 100, widest


def _rejoined(block: str) -> list[str]:
    """The lines of an aligned block with its broken rows put back together."""
    lines: list[str] = []
    for row in block.removeprefix("\\begin{aligned}\n").removesuffix("\n\\end{aligned}") \
            .split(" \\\\\n"):
        if row.startswith("&\\quad "):
            piece = row.removeprefix("&\\quad ").replace("\\left. ", "").replace("{} ", "")
            lines[-1] = lines[-1].replace(" \\right.", "") + " " + piece
        else:
            lines.append(row)
    return [line.replace(" \\right.", "") for line in lines]


def test_broken_rows_are_the_formula() -> None:
    """DeepSeek-V3's closed form, broken into rows, reads as the formula printed whole."""
    m = symparam.model("deepseek-v3")
    text = m.derive().to_markdown()
    blocks = [tex for tex, display in dollars_spans(text) if display]
    closed = next(b for b in blocks if b.startswith("\\begin{aligned}\nP &= N_{"))
    assert closed.count("\\\\\n&\\quad ") >= 4  # broken
    assert _rejoined(closed)[0] == "P &= " + latex(structured(m))


def _closed_form(md: str) -> str:
    """The aligned block of a Markdown derivation's closed form (English)."""
    after = md.split("In closed form", 1)[1]
    return after.split(r"\begin{aligned}", 1)[1].split(r"\end{aligned}", 1)[0]


@pytest.mark.parametrize("name", ["bert", "deepseek_v3", "jamba", "mamba", "t5", "gpt2"])
def test_the_symbolic_closed_form_is_the_pages(name: str) -> None:
    """A family's Markdown writes its expanded total beside the grouped one exactly where its
    page does (a mixed stack's expansion into negative terms, DeepSeek's, in neither); the
    symbolic Markdown used to leave it out wherever the page showed it."""
    from symparam.catalog import example_values
    from symparam.derivation import derive
    from symparam.page import page
    from symparam.printing import mathml

    m = symparam.model(name)
    d = derive(m, symbolic=True)
    rows = _closed_form(d.to_markdown()).splitlines()
    in_markdown = any(row.startswith("&= ") for row in rows)  # no values: a second formula
    in_page = mathml(d.total) in page(m, symbolic=True, example=example_values(m))
    assert in_markdown == in_page, (name, in_markdown, in_page)
    assert in_page == (name != "deepseek_v3")


def test_bert_symbolic_closed_form_expands() -> None:
    """BERT's layers hold 4H² + 2H·d_ff + 9H + d_ff (four H × H projections and their biases,
    the two feed-forward matrices and theirs, two LayerNorms), the rest H² + (V + L + T + 3)H:
    the symbolic Markdown writes that sum expanded after the grouped form."""
    block = _closed_form(symparam.model("bert").derive(symbolic=True).to_markdown())
    assert block.splitlines()[-1] == (
        r"&= 4 N H^{2} + 2 N H d_{\mathrm{ff}} + 9 N H + N d_{\mathrm{ff}} + H^{2} + V H + L H"
        r" + T H + 3 H")
