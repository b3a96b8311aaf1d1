"""``symparam page MODEL --gpus …``: the page's static section on the most loaded GPU gives the
figures ``memory --gpus --json`` gives for the same layout (parts, total, activations by
stage, KV cache, traffic, bubble, fit), says which layout they are for, takes the layout
flags with memory's checks (a bad layout refused in one line, no file written), is written
in full in Chinese and Korean, and leaves a page without ``--gpus`` as it was."""

from __future__ import annotations

import html as entities
import json
import re
import shlex
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.cli import main
from symparam.page import page
from tests.pages import Words
from tests.test_parallel_derive import LAYOUTS, TRAFFIC_SAID, _shown
from tests.test_prose import _names, latin_words
from tests.tools import need

IDS = [f"{m}-{i}" for i, (m, _) in enumerate(LAYOUTS)]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) in (0, 1)
    return capsys.readouterr().out


def _section(html: str) -> str:
    """The page's per-GPU section (its div, up to the end of the memory section)."""
    start = html.index('<div id="per-gpu">')
    return html[start:html.index("</section>", start)]


def _english(html: str) -> str:
    """``html`` with the Chinese and Korean sentences left out (each is a span of its own,
    with no span inside) and every element's tags dropped, math and code kept as their text."""
    assert not re.search(r'<span class="t" lang="(?:zh|ko)">[^<]*(?:<(?!/span>)[^<]*)*'
                         r'<span', html), "a span inside a sentence"
    kept = re.sub(r'<span class="t" lang="(?:zh|ko)">.*?</span>', "", html, flags=re.S)
    return kept


def _rows(html: str, table: str) -> list[list[str]]:
    """The body rows of the table marked ``table``, each cell's text."""
    body = re.search(rf"<table {table}>.*?<tbody>(.*?)</tbody>", html, re.S)
    assert body is not None, table
    return [[entities.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)]


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", entities.unescape(re.sub(r"<[^>]+>", "", html)))


def _gib(value: Any) -> str:
    """Bytes in GiB to two places, halves to even (as every table of the page rounds)."""
    hundredths = round(Fraction(value) * 100 / 2**30)
    return f"{hundredths // 100:,}.{hundredths % 100:02d} GiB"


def _page(model: str, flags: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
          lang: str = "en") -> tuple[str, dict[str, Any]]:
    target = tmp_path / f"{model}-{lang}.html"
    said = json.loads(_run(["page", model, *flags, "--lang", lang, "-o", str(target),
                            "--json"], capsys))
    return target.read_text(encoding="utf-8"), said


@pytest.mark.parametrize(("model", "flags"), LAYOUTS, ids=IDS)
def test_the_section_gives_memorys_figures(model: str, flags: list[str], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    record = json.loads(_run(["memory", model, *flags, "--json"], capsys))["per_gpu"]
    html, said = _page(model, flags, tmp_path, capsys)
    assert said["per_gpu"] == record  # --json: the section's own figures, as memory's
    section = _english(_section(html))
    text = _text(section)
    rows = {cells[0]: cells[1:] for cells in _rows(section, "data-gpu")}
    names = {"weights": "Weights", "gradients": "Gradients",
             "optimiser state": "Optimiser state"}
    for part in record["parts"]:
        assert rows[names[part["name"]]][1:] == [_shown(part["bytes"]), _gib(part["bytes"])]
    assert rows["Total"][1:] == [_shown(record["total_bytes"]), _gib(record["total_bytes"])]
    assert f"{record['params_per_gpu']:,} parameters" in text
    if record["expert_params_per_gpu"]:
        assert f"{record['expert_params_per_gpu']:,} parameters of experts" in text
    acts = record["activations"]
    if acts is not None and "bytes" in acts:
        assert rows["Activations"][1] == _shown(acts["bytes"])
        if record["stage_activations"]:
            assert "By stage: " + ", ".join(_shown(b) for b in record["stage_activations"]) \
                + " B." in text
    else:
        assert "Activations" not in rows and "Activations are not included." in text
    assert len(rows) == len(record["parts"]) + 1 + ("Activations" in rows)
    if isinstance(record["kv_cache"], int):
        assert f"takes {_shown(record['kv_cache'])} B ({_gib(record['kv_cache'])})" in text
    kinds = TRAFFIC_SAID
    traffic = record.get("traffic", [])
    assert bool(traffic) == ("--seq" in flags) == ("<table data-gpu-traffic>" in section)
    sent = {_text(cells[0]): cells[1:] for cells in _rows(section, "data-gpu-traffic")} \
        if traffic else {}
    for t in traffic:
        if t["formula_elements"] is None:
            assert f"{kinds[t['kind']]}: not derived" in text
            continue
        assert sent[kinds[t["kind"]]][1:] == [str(t["bytes_per_element"]),
                                               _shown(t["bytes"]), _gib(t["bytes"])]
    if record.get("bubble"):
        bubble = Fraction(record["bubble"])
        assert f"<mfrac><mrow><mn>{bubble.numerator}</mn></mrow><mrow><mn>" \
               f"{bubble.denominator}</mn></mrow></mfrac>" in section
        assert f"({float(bubble) * 100:.2f}%)" in text or bubble >= Fraction(1, 10)
    else:
        assert "bubble" not in text
    if "fits" in record:
        assert (f"with {_shown(record['spare_bytes'])} B to spare" if record["fits"] else
                f"it is {_shown(record['over_by_bytes'])} B") in text


@pytest.mark.parametrize(("model", "flags"), LAYOUTS[:3], ids=IDS[:3])
def test_the_layout_said_is_the_one_given(model: str, flags: list[str], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The options the page says its figures are for give memory's record again (reordered,
    defaults left out), and the page says the figures do not follow its inputs, hiding them
    while the values differ from its own."""
    html, said = _page(model, flags, tmp_path, capsys)
    section = _section(html)
    stated = re.search(r'\(<code>(--gpus[^<]*(?:<wbr>[^<]*)*)</code>\)', _english(section))
    assert stated is not None
    again = shlex.split(stated.group(1).replace("<wbr>", ""))
    assert again != flags  # not the argv copied: worked out from the layout
    record = json.loads(_run(["memory", model, *again, "--json"], capsys))["per_gpu"]
    assert record == said["per_gpu"]
    assert "they do not change with the values above" in _text(_english(section))
    assert "<div data-defaults>" in section and "<p data-changed hidden>" in section


@pytest.mark.parametrize(("model", "flags"), [LAYOUTS[2], LAYOUTS[5], LAYOUTS[1]],
                         ids=["moe", "latent", "cp-fit"])
def test_chinese_and_korean_are_written_in_full(model: str, flags: list[str], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    html, _ = _page(model, flags, tmp_path, capsys, "zh")
    words = Words()
    words.feed(_section(html))
    # the names the section keeps in every language: libraries, schedules, papers' authors
    kept = {"ZeRO", "ZeRO-3", "ZeRO-0", "ZeRO-1", "ZeRO-2", "Megatron-LM", "Megatron-Core",
            "DeepSpeed", "Shoeybi", "Rajbhandari", "Narayanan", "Korthikanti", "vLLM",
            "transformers", "up", "gate", "down", "adam-mixed", "q", "k", "v",
            "expert"}  # a Korean writer's gloss of a term at its first use: 전문가(expert)
    for lang in ("zh", "ko"):
        assert words.text[lang], lang
        assert latin_words(" ".join(words.text[lang]), _names(symparam.model(model)) | kept) \
            == [], lang
    assert latin_words(" ".join(words.text[""]), set()) == []  # no text outside a language
    english = latin_words(" ".join(words.text["en"]), set())
    assert len(english) > 40  # the check can fail: English has them


@pytest.mark.parametrize(("argv", "says"), [
    (["llama-3-8b", "--gpus", "64", "--tp", "7"], None),
    (["llama-3-8b", "--gpus", "64", "--tp", "64"], None),  # 32 heads
    (["llama-3-8b", "--gpus", "6", "--pp", "3"], None),  # 32 layers
    (["mixtral-8x7b", "--gpus", "12", "--ep", "3"], None),  # 8 experts
    (["llama-3-8b", "--tp", "8"], "--tp needs --gpus G"),
    (["llama-3-8b", "--seq", "4096"], "--seq needs --gpus G"),
    (["llama-3-8b", "--gpus", "8", "--symbolic"], "--gpus needs the model's values"),
    (["llama-3-8b", "--gpus", "8", "--dtype", "int8"], "invalid choice"),
])
def test_a_bad_layout_is_refused_in_one_line(argv: list[str], says: str | None, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Refused as ``memory --gpus`` refuses it (the same line), exit status 2, no file."""
    target = tmp_path / "page.html"
    assert main(["page", *argv, "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert not target.exists()
    assert err.count("\n") == 1 and "Traceback" not in err
    if says is None:
        assert main(["memory", *argv]) == 2
        assert capsys.readouterr().err == err
    else:
        assert says in err, err


def test_a_page_without_gpus_has_no_section() -> None:
    m = symparam.model("gpt2")
    html = page(m)
    assert 'id="per-gpu"' not in html and html == page(m, per_gpu=None)


def test_the_section_hides_while_the_values_differ(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """In Chromium: at the page's own values the figures show; with another value in the
    address (N = 16 layers) they are hidden and the line saying why shows, with no console
    message and no request."""
    from tests.browser import load
    from tests.pages import clean

    target = tmp_path / "page.html"
    assert main(["page", "llama-3-8b", "--gpus", "64", "--zero", "3", "--tp", "8",
                 "-o", str(target)]) == 0
    for address, hidden in (("", False), ("N=16", True)):
        loaded = load(target, address)
        clean(loaded)
        section = _section(loaded.dom)
        figures = re.search(r"<div data-defaults=\"\"( hidden=\"\")?>", section)
        changed = re.search(r"<p data-changed=\"\"( hidden=\"\")?>", section)
        assert figures is not None and changed is not None, section[:400]
        assert (figures.group(1) is not None) == hidden, address
        assert (changed.group(1) is None) == hidden, address


@pytest.mark.parametrize(("model", "flags"), LAYOUTS, ids=IDS)
def test_korean_reads_in_the_pages_register(model: str, flags: list[str], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The page is written in 해라체 (…한다, …이다); its per-GPU section, whose sentences are
    the derivation's, is too: no sentence of it ends in …니다."""
    html, _ = _page(model, flags, tmp_path, capsys, "ko")
    words = Words()
    words.feed(_section(html))
    korean = " ".join(words.text["ko"])
    assert korean and "니다" not in korean, re.findall(r"[^ ]*니다", korean)
    assert re.search(r"(?:한|는|이)다\.", korean)


def test_the_korean_gpu_sentences_read_in_one_register() -> None:
    """The derivation's per-GPU sentences (``text.gpu_*``), which the page's section says too,
    are in 해라체 (…한다, …이다) like the rest of a Korean derivation and page: none in 합니다체
    (…니다; 아니다 is 해라체)."""
    import tomllib

    root = Path(__file__).resolve().parent.parent / "templates"
    said = tomllib.loads((root / "lang" / "ko.toml").read_text(encoding="utf-8"))["text"]
    gpu = {key: text for key, text in said.items() if key.startswith("gpu_")}
    assert len(gpu) > 40
    polite = [key for key, text in said.items() if "니다" in text.replace("아니다", "")]
    assert polite == [], polite


def _latex_value(printed: str, values: dict[str, int]) -> Fraction:
    """A part's LaTeX read back by sympy's LaTeX parser and evaluated on ``values``."""
    from sympy.parsing.latex import parse_latex

    parsed = parse_latex(re.sub(r"\\mathrm\{(\w+)\}", r"\1", printed))
    named = {"Psi": "Ψ", "Psi_{E}": "Ψ_E", "N_{d}": "N_d", "N_{dE}": "N_dE"}
    return Fraction(str(parsed.subs({s: values[named[s.name]] for s in parsed.free_symbols})))


def _mathml_value(printed: str, values: dict[str, int]) -> Fraction:
    """A part's MathML read as XML, written out as arithmetic and evaluated on ``values``."""
    import math
    import xml.etree.ElementTree as ET

    def said(node: ET.Element) -> str:
        if node.tag == "mn":
            return f"Fraction({node.text})"
        if node.tag == "mi":
            return node.text or ""
        if node.tag == "mo":
            return {"\u2062": "*", "+": "+", "⌈": "ceil(", "⌉": ")"}[node.text or ""]
        if node.tag == "msub":
            return "_".join(said(child) for child in node)
        if node.tag == "mfrac":
            top, bottom = (said(child) for child in node)
            return f"({top}) / ({bottom})"
        return "(" + " ".join(said(child) for child in node) + ")"

    written = said(ET.fromstring(f"<math>{printed}</math>"))
    return Fraction(eval(written, {"Fraction": Fraction, "ceil": math.ceil}, values))


@pytest.mark.parametrize(("model", "layout"), [
    ("llama-3-8b", {"gpus": 64, "tp": 8}), ("llama-3-8b", {"gpus": 64, "tp": 8, "zero": 1}),
    ("llama-3-8b", {"gpus": 48, "tp": 2, "pp": 2, "zero": 2}),
    ("gpt2", {"gpus": 7, "zero": 3}),
    ("mixtral-8x7b", {"gpus": 64, "tp": 4, "pp": 2, "ep": 4}),
    ("mixtral-8x7b", {"gpus": 64, "tp": 4, "pp": 2, "ep": 4, "zero": 3})])
def test_a_parts_latex_and_mathml_say_one_formula(model: str, layout: dict[str, int]) -> None:
    """The derivation's LaTeX of each part and the page's MathML of it, each read back by its
    own parser (sympy's LaTeX parser; XML), give the part's bytes on the layout's values: Ψ and
    Ψ_E the stage's dense and expert parameters, N_d the replicas, N_dE the replicas by e."""
    from symparam.page_gpu import part_formula
    from symparam.parallel import per_gpu
    from symparam.placement import Layout
    from symparam.render_gpu import gpu_formula

    need("antlr4")
    lay = Layout(**layout)
    found = per_gpu(symparam.model(model), lay)
    values = {"Ψ": found.dense, "Ψ_E": found.experts, "N_d": lay.replicas,
              "N_dE": lay.replicas // lay.ep}
    for part in found.parts:
        latex, mathml = gpu_formula(part.terms), str(part_formula(part.terms))
        assert mathml.startswith("<math") and mathml.endswith("</math>")
        mathml = mathml[mathml.index(">") + 1:-len("</math>")]
        assert _latex_value(latex, values) == part.bytes, latex
        assert _mathml_value(mathml, values) == part.bytes, mathml
