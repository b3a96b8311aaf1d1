"""What symparam prints from user strings is text, never markup: any string through the LaTeX
and Markdown escapers, and a hostile file name through a whole derivation."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from symparam.escaping import _MD_SPECIAL, _TEX_SPECIAL, code_md, escape_md, escape_tex
from tests.fuzz.harness import TALLY, run
from tests.fuzz.test_fuzz import FUZZ, PAYLOADS

TEX_ESCAPES = re.compile("|".join(re.escape(v) for v in _TEX_SPECIAL.values()))
strings = st.text() | st.sampled_from(PAYLOADS)


def test_latex_escaping() -> None:
    @FUZZ
    @given(strings)
    def check(text: str) -> None:
        tally = TALLY.setdefault("LaTeX escaping", Counter())
        tally["inputs"] += 1
        out = str(escape_tex(text))
        bare = TEX_ESCAPES.sub("", out)  # what is left must hold no TeX syntax at all
        assert not set(bare) & set("\\{}$&#^_~%")
        assert "\n" not in out and "\r" not in out
        tally["accepted"] += 1

    check()


def test_markdown_escaping() -> None:
    @FUZZ
    @given(strings)
    def check(text: str) -> None:
        tally = TALLY.setdefault("Markdown escaping", Counter())
        tally["inputs"] += 1
        for out in (str(escape_md(text)), str(code_md(text))):
            assert "<" not in out and "\n" not in out and "\r" not in out
            assert not re.search(r"(?<!\\)\|", out.replace("\\\\", ""))  # no bare | (a cell)
        bare = str(escape_md(text))
        for special in _MD_SPECIAL.values():
            bare = bare.replace(special, "")
        assert not set(bare) & set("*_`[]<>$#|")
        tally["accepted"] += 1

    check()


def test_code_spans_under_a_commonmark_renderer() -> None:
    """A tensor name as a code span renders as one code element holding the name, whatever
    runs of backticks it holds (a name with a double backtick once closed its span early and
    left a live javascript: link)."""
    from markdown_it import MarkdownIt

    renderer = MarkdownIt("commonmark")
    names = strings | st.sampled_from(["a``[x](javascript:alert(1))``b", "`", "``", "a```b`",
                                       "`a`", "[x](javascript:alert(1))", "![i](x.png)"])

    @FUZZ
    @given(names)
    def check(text: str) -> None:
        tally = TALLY.setdefault("Markdown code spans", Counter())
        tally["inputs"] += 1
        html = renderer.render(f"| {code_md(text)} |\n|---|\n")
        assert "<a" not in html and "<img" not in html and "<script" not in html
        if "|" not in text and text.strip(" ") and "`" in text:
            assert html.count("<code>") == 1, html
        tally["accepted"] += 1

    check()


def test_plain_text_output_shows_control_characters(tmp_path: Path) -> None:
    """A path holding ESC, CR, U+2028 or a bidi override reaches no command's plain output
    raw: each is written as its escape (errors and --json were already escaped)."""
    config = {"model_type": "gpt2", "n_layer": 2}
    folder = tmp_path / "e\x1b[31mred\rx\u2028y\u202ez\x07"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config))
    raw = set("\x1b\r\u2028\u202e\x07")
    for argv in (["count"], ["formula"], ["flops", "--seq", "8"], ["memory", "--seq", "8"],
                 ["depends"], ["solve", "--target", "1B", "--for", "H"], ["check", "H"],
                 ["approx", "--order", "2"], ["sensitivity"], ["derive"]):
        result = run("plain text of a hostile name", [argv[0], str(folder), *argv[1:]])
        assert result.code == (1 if argv[0] == "check" else 0), result.err
        assert not raw & set(result.out), argv
        assert "\\x1b" in result.out or argv[0] in ("derive", "check")  # the name is shown


def test_hostile_file_names_in_derivations(tmp_path: Path) -> None:
    config = {"model_type": "bert", "hidden_size": 64, "num_attention_heads": 4,
              "intermediate_size": 128, "vocab_size": 100, "num_hidden_layers": 2}
    names = [r"\input{etc}", r"\write18{ls}", "<script>x<", "a|b|c", "$x$", "#1 %2 &3",
             "line\nbreak", "back\\slash", "`code`", "~^_"]
    for name in names:
        folder = tmp_path / name.replace("/", "_")
        folder.mkdir()
        (folder / "config.json").write_text(json.dumps(config))
        for fmt in ("tex", "md"):
            result = run("derive of a hostile name", ["derive", str(folder), "--format", fmt])
            assert result.code == 0
            title = result.out
            if fmt == "tex":
                assert r"\input{" not in title and r"\write18{" not in title
            else:
                assert "<script>" not in title and "a|b|c" not in title
