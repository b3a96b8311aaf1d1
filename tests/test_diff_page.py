"""``symparam diff --format html``: one self-contained page showing both models. Its figures
are the comparison's (read back out of the HTML and set against counts worked out tensor by
tensor, and against the changes summed here), it is well formed and loads nothing, Chinese and
Korean pages hold no English prose, and on a phone the page does not scroll sideways."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from symparam.render_diff import comparison, render_comparison
from tests.test_diff import model, run, tensor_count

VOID = {"meta", "br", "wbr", "hr", "img", "input", "link", "col", "area", "base", "source"}


class Tables(HTMLParser):
    """Each table's rows of cell texts, by the table's class; and whether every element
    opened is closed in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tables: dict[str, list[list[str]]] = defaultdict(list)
        self.table: str | None = None
        self.cell: list[str] | None = None
        self.row: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        self.stack.append(tag)
        if tag == "table":
            self.table = dict(attrs).get("class") or ""
        elif tag == "tr" and self.table is not None:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:]}")
            return
        self.stack.pop()
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None and self.table is not None:
            self.tables[self.table].append(self.row)
            self.row = None
        elif tag == "table":
            self.table = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def parsed(html: str) -> Tables:
    found = Tables()
    found.feed(html)
    found.close()
    assert found.errors == [] and found.stack == [], (found.errors, found.stack)
    return found


def figure(number: int) -> str:
    """A change as the page should show it, written here: a sign, then digits in threes."""
    return ("+" if number >= 0 else "−") + f"{abs(number):,}"


@cache
def pages() -> dict[str, str]:
    found = comparison(model("gpt2"), model("llama-3-8b"), seq=64, flops=True, cache=True)
    return {lang: found.to_html(lang) for lang in ("en", "zh", "ko")}


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_the_figures_are_the_comparison_s(lang: str) -> None:
    from symparam.diff import diff

    a, b = model("gpt2"), model("llama-3-8b")
    d = diff(a, b)
    tables = parsed(pages()[lang]).tables
    # the counts, against the tensor lists
    counts = [row[1] for row in tables["counts"][1:]]
    assert counts == [f"{tensor_count(a):,}", f"{tensor_count(b):,}",
                      figure(tensor_count(b) - tensor_count(a))]
    # every term, in the order of the changes (the first table is the parameters')
    structure = [c for c in d.changes if c.cause != "width"]
    widths = [c for c in d.changes if c.cause == "width"]
    assert [row[3] for row in tables["structure"][1:len(structure) + 1]] == \
        [figure(c.delta) for c in structure]
    assert [row[2] for row in tables["widths"][1:len(widths) + 1]] == \
        [figure(c.delta) for c in widths]
    # the sums by part and by cause, summed here
    by_part: dict[str, int] = defaultdict(int)
    by_cause: dict[str, int] = defaultdict(int)
    for c in d.changes:
        by_part[c.part] += c.delta
        by_cause[c.cause] += c.delta
    assert sorted(row[1] for row in tables["by-part"][1:len(by_part) + 1]) == \
        sorted(figure(v) for v in by_part.values())
    assert sorted(row[1] for row in tables["by-cause"][1:len(by_cause) + 1]) == \
        sorted(figure(v) for v in by_cause.values())
    # FLOPs and the KV cache: their own tables after the parameters'
    for quantity in ("flops", "kv_cache"):
        q = diff(a, b, quantity, seq=64)
        assert figure(q.count_b - q.count_a) in pages()[lang]
        assert sum(c.delta for c in q.changes) == q.count_b - q.count_a
        for c in q.changes:
            assert figure(c.delta) in pages()[lang]


def test_the_page_loads_nothing_and_runs_nothing() -> None:
    html = pages()["en"]
    assert html.startswith("<!DOCTYPE html>")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert policy is not None
    assert "default-src 'none'" in policy.group(1) and "script-src 'none'" in policy.group(1)
    assert "<script" not in html and not re.search(r"\b(src|href)=", html)
    assert "<math" in html and "<style>" in html


def _prose(html: str) -> str:
    """The page's text, its head, code and math left out."""
    body = html.split("</head>", 1)[1]
    body = re.sub(r"<code>.*?</code>|<math[^>]*>.*?</math>", " ", body, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_the_page_is_written_in_the_language(lang: str) -> None:
    from tests.test_prose import latin_words

    names = {"gpt2", "llama-3-8b", "GPT2LMHeadModel", "LlamaForCausalLM", "A", "B"}
    assert latin_words(_prose(pages()[lang]), names) == []
    # and the check can fail: the English page is English
    assert len(latin_words(_prose(pages()["en"]), names)) > 20


def test_the_api_and_the_command_line_agree(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    found = comparison(model("gpt2"), model("llama-3-8b"))
    out_file = tmp_path / "diff.html"
    status, out, err = run(capsys, "diff", "gpt2", "llama-3-8b", "--format", "html",
                           "--lang", "ko", "-o", str(out_file))
    assert status == 0 and out == "" and err == ""
    assert out_file.read_text(encoding="utf-8") == render_comparison(found, "html", "ko") \
        == found.to_html("ko")


@pytest.mark.parametrize("argv", [
    ["gpt2", "llama-3-8b", "--format", "html", "--fragment"],
    ["gpt2", "llama-3-8b", "--format", "html", "--math", "github"],
    ["gpt2", "llama-3-8b", "--format", "html", "--lang", "fr"],
    ["gpt2", "llama-3-8b", "--format", "html", "--flops"],
    ["gpt2", "no-such-model", "--format", "html", "-o", "OUT"],
])
def test_bad_input_is_one_line(argv: list[str], capsys: pytest.CaptureFixture[str],
                               tmp_path: Path) -> None:
    out_file = tmp_path / "diff.html"
    argv = [str(out_file) if x == "OUT" else x for x in argv]
    try:
        status = run(capsys, "diff", *argv)
    except SystemExit as exit_:  # argparse's own refusals
        status = (int(exit_.code or 0), *capsys.readouterr())
    code, out, err = status
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert not out_file.exists()


def test_no_sideways_scroll_on_a_phone(tmp_path: Path) -> None:
    """In Korean (CJK text breaks anywhere, so a column could shrink to a character a line),
    with FLOPs and the cache: the page is no wider than the phone, a formula or a table wider
    than it scrolls in its own box."""
    from tests.test_page_layout import PHONE, measure

    found = measure(pages()["ko"], "ko", tmp_path)
    assert found["scrollWidth"] <= PHONE and found["wide"] == [], found


def test_the_showcase_page_loads_clean() -> None:
    """derivations/'s comparison page in a browser: no console message (its policy refuses
    nothing it holds: the style is allowed by its hash) and no request."""
    from tests.browser import load
    from tests.tools import ROOT

    loaded = load(ROOT / "derivations" / "gpt2-to-llama-2-7b.en.html", width=1280)
    assert loaded.console == [] and loaded.requests == [], (loaded.console, loaded.requests)
    assert "+6,613,975,808" in loaded.dom


def test_a_hostile_name_is_text() -> None:
    """A model named like markup (a config file's path is its name) shows as that text."""
    import symparam

    a, b = symparam.model("gpt2"), symparam.model("llama-2-7b")
    a.name = '<i x="1">a&b</i>'
    html = comparison(a, b).to_html("ko")
    parsed(html)
    assert "<i" not in html and "&lt;i x=&#34;1&#34;&gt;a&amp;b&lt;/i&gt;" in html
