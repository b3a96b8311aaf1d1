"""What symparam prints from user strings is text, never markup: any string through the LaTeX
and Markdown escapers, and a hostile file name through a whole derivation."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from symparam.render import _MD_SPECIAL, _TEX_SPECIAL, code_md, escape_md, escape_tex
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
