"""A family's name in a Chinese or Korean sentence is that language's (MoE 解码器, not
MoE decoder), and Chinese puts no space between Han characters, one between a Latin name and
the Han word after it."""

from __future__ import annotations

import re

import pytest

from symparam import model
from symparam.catalog import FAMILY_MODULES
from symparam.render import render
from symparam.wording import family_name

HAN = "\u4e00-\u9fff"


@pytest.mark.parametrize(("title", "lang", "expected"), [
    ("MoE decoder", "zh", "MoE 解码器"), ("MoE decoder", "ko", "MoE 디코더"),
    ("MLP", "zh", "多层感知机"), ("LLaMA", "zh", "LLaMA "), ("LLaMA", "ko", "LLaMA"),
    ("MoE decoder", "en", "MoE decoder"),
])
def test_family_name(title: str, lang: str, expected: str) -> None:
    assert family_name(title, lang) == expected


@pytest.mark.parametrize("name", ["moe", "mlp", "llama", "transformer"])
def test_symbolic_intro_names_the_family_in_its_language(name: str) -> None:
    m = model(name)
    zh = render(m.derive(symbolic=True), "md", "zh")
    intro = next(line for line in zh.splitlines() if "系列（" in line)
    assert not re.search(f"[{HAN}] [{HAN}]", intro), intro
    assert "decoder" not in intro and "MLP 系列" not in intro, intro
    if m.family.title[-1:].isascii() and family_name(m.family.title, "zh").strip().isascii():
        assert f"{m.family.title} 系列（" in intro


def test_every_family_has_a_name_in_each_language() -> None:
    """Every family's title is a proper name (kept) or translated: none is English prose."""
    for name in FAMILY_MODULES:
        title = model(name).family.title
        for lang in ("zh", "ko"):
            shown = family_name(title, lang)
            assert not re.search(r"\b(decoder|encoder|model|network)\b", shown, re.I), \
                (name, lang, shown)
