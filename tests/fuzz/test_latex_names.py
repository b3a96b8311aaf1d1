"""Names in any script through the LaTeX documents (issue 33, item 4): ``symparam derive 模型
--format latex`` wrote the folder's name into \\title, and the English document, made for
pdflatex, did not compile ("Unicode character 模 not set up"). Every document compiles with the
engine README names — pdflatex for English (a character its fonts cannot set is written as its
code point), xelatex for Chinese and Korean (which keep the name) — whatever the names hold."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symparam
from symparam.pdftex import RANGES
from tests.fuzz.harness import EXAMPLES, TALLY, run
from tests.fuzz.test_fuzz import FUZZ
from tests.test_latex import ENGINE, compile_tex

#: folder names of the issue: Chinese, Korean, emoji, combining marks, right to left
NAMES = {"chinese": "模型", "korean": "모델", "emoji": "🤖😀👍🏽",
         "combining": "e\u0301a\u0308o\u0323\u0308q\u0301", "hebrew": "מודל", "arabic": "نموذج",
         "mixed": "模型-모델-🤖-é-מודל-نموذج-Ωμέγα-Дом"}
CONFIG = {"model_type": "gpt2", "n_layer": 2, "n_embd": 64, "n_head": 4, "vocab_size": 100,
          "n_positions": 32}


def _tally(entry: str) -> None:
    tally = TALLY.setdefault(entry, Counter())
    tally["inputs"] += 1
    tally["accepted"] += 1


def test_every_character_the_table_admits(tmp_path: Path) -> None:
    """Each character of symparam.pdftex.RANGES, in text and in typewriter type, compiles in
    the English preamble: the table claims no character pdflatex stops at."""
    document = symparam.model("toy-net").derive().to_latex()
    head = document.partition("\\begin{document}")[0]
    characters = "".join(chr(c) for first, last in RANGES for c in range(first, last + 1))
    lines = [f"{c} \\texttt{{{c}}}\\par" for c in characters]
    compile_tex(head + "\\begin{document}\n" + "\n".join(lines) + "\n\\end{document}\n",
                "pdflatex", tmp_path)
    _tally("LaTeX: pdflatex's table")


def _derive_folder(name: str, lang: str, tmp_path: Path) -> str:
    folder = tmp_path / name
    folder.mkdir(parents=True)
    (folder / "config.json").write_text(json.dumps(CONFIG), encoding="utf-8")
    out = tmp_path / f"out.{lang}.tex"
    result = run("LaTeX: folder names", ["derive", str(folder), "--format", "latex", "--lang",
                                         lang, "--flops", "--seq", "16", "-o", str(out)])
    assert result.code == 0, result.err
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("script", sorted(NAMES))
def test_a_folder_named_in_any_script_in_english(script: str, tmp_path: Path) -> None:
    document = _derive_folder(NAMES[script], "en", tmp_path / "work")
    if script in ("chinese", "mixed"):
        assert "<U+6A21>" in document.replace("\\textless{}", "<").replace("\\textgreater{}",
                                                                             ">")
    compile_tex(document, ENGINE["en"], tmp_path)


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_a_folder_named_in_any_script_in_chinese_and_korean(lang: str, tmp_path: Path) -> None:
    document = _derive_folder(NAMES["mixed"], lang, tmp_path / "work")
    assert "模型-모델" in document  # xelatex sets them: the name is kept
    compile_tex(document, ENGINE[lang], tmp_path)


def test_blocks_named_anything(tmp_path: Path) -> None:
    """A tree of the Python API whose model and blocks are named by any text (the keyword
    names of Sequential are any strings): its English document compiles with pdflatex."""
    names = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=12)

    @settings(FUZZ, max_examples=max(3, EXAMPLES // 100))
    @given(names, st.lists(names, min_size=1, max_size=12, unique=True))
    def check(model: str, blocks: list[str]) -> None:
        from symparam import Linear, Sequential

        tree = Sequential(**{name: Linear(symparam.symbol("H"), 4) for name in blocks})
        document: Any = symparam.from_block(tree, model, H=8).derive().to_latex()
        compile_tex(document, ENGINE["en"], tmp_path)
        _tally("LaTeX: names of blocks")

    check()
