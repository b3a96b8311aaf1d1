"""A model's web page: self-contained (nothing it could fetch, a policy that forbids fetching),
its figures right before any script runs, its words in three languages, and — in a real
browser (headless Chromium) — the count ``symparam count`` prints for the values in its
address, for dense models and mixtures of experts past 2⁵³, with no console message and no
request. Each showcase page's screenshot is kept in ``tests/artefacts/pages`` to look at.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.catalog import example_values, families, model_types, of_model_type
from symparam.cli import main
from symparam.images import IMAGE_INPUTS
from symparam.live import grouped as live_grouped
from symparam.live import percent
from symparam.page import page
from symparam.presets import presets
from symparam.showcase import SHOWCASE
from symparam.wording import LANGUAGES
from tests.browser import elements, figures, load
from tests.test_prose import _names, latin_words
from tests.tools import ROOT, need

ARTEFACTS = ROOT / "tests" / "artefacts" / "pages"
CONFIG = ROOT / "tests" / "configs" / "qwen3-30b-a3b.json"


def _count(capsys: pytest.CaptureFixture[str], model: str, address: str = "",
           *extra: str) -> dict[str, int] | None:
    """What ``symparam count`` says for ``model`` with the values of ``address``: total and
    active, or None when it refuses them."""
    sets = [a for pair in address.split("&") if pair for a in ("--set", pair)]
    status = main(["count", model, *sets, *extra, "--json"])
    out = capsys.readouterr().out
    if status != 0:
        return None
    record = json.loads(out)
    return {"params": record["params"], "active": record["active_params_with_embedding_table"],
            "bare": record["active_params_without_embedding_table"]}


# -- the page as a file --------------------------------------------------------------------------


def _script_and_style(html: str) -> tuple[str, str]:
    (script,) = re.findall(r"<script>(.*?)</script>", html, re.S)
    (style,) = re.findall(r"<style>(.*?)</style>", html, re.S)
    return script, style


def _hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


@pytest.mark.parametrize("name", ["llama-3-8b", "bloom-1b4-zh", "deepseek-v3"])
def test_the_page_can_fetch_nothing(name: str) -> None:
    html = page(symparam.model(name))
    script, style = _script_and_style(html)
    (policy,) = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">',
                           html)
    assert policy.startswith("default-src 'none'; ")
    assert f"script-src '{_hash(script)}'" in policy and f"style-src '{_hash(style)}'" in policy
    assert "unsafe" not in policy
    # nothing that names something to load: no address, no source, no import
    rest = html.replace(policy, "")
    for pattern in (r"https?:", r"//[a-z0-9-]+\.[a-z]", r"\bsrc=", r"<link", r"<img",
                    r"<iframe", r"@import", r"url\(", r"\bfetch\(", r"XMLHttpRequest",
                    r"\beval\(", r"new Function", r"innerHTML", r"document\.write",
                    r"setTimeout\(", r"\bimport\("):
        assert not re.search(pattern, rest), pattern
    assert set(re.findall(r'href="([^"]*)"', html)) <= {"#"}


def test_the_script_reads_the_address_as_digits_only() -> None:
    runtime = (ROOT / "templates" / "page" / "page.js").read_text(encoding="utf-8")
    assert "const PAIR = /^([A-Za-z][A-Za-z0-9_]{0,39})=([0-9]{1,31})$/;" in runtime
    assert "textContent" in runtime and "innerHTML" not in runtime


@pytest.mark.parametrize("name", sorted(presets()))
def test_every_preset_shows_its_count_before_any_script(name: str) -> None:
    """Each preset's page holds its total (and active count) before any script runs, and no
    input of it is empty (below: one page rendered for both checks, issue 30)."""
    m = symparam.model(name)
    found = elements(page(m))
    results = [e.attrs["data-value"] for e in found if "data-value" in e.attrs]
    total, active = m.count(), m.active_count()
    assert results == ([str(total)] if active == total else [str(total), str(active)])
    assert not any("hidden" not in e.attrs for e in found if "data-check" in e.attrs)
    _no_empty_input(name, m, found)


@pytest.mark.parametrize("name", sorted(model_types()))
def test_every_model_type_has_a_family_page_in_every_language(name: str) -> None:
    """Each model type's symbolic page renders in each language, every figure waiting for
    values and every sentence in all three languages (the type, also where a family of
    another takes its name: llama4)."""
    m = of_model_type(name) if name not in presets() else symparam.model(name)
    # it opens on the values of transformers' defaults for the type (a preset of that name:
    # its own), the values a config.json giving only the type and the class is counted at
    config = symparam.from_hf_config({"model_type": name, "architectures": [m.label]})
    if name in presets():
        expected = m.count()
    else:
        needed = {s.name for s in m.params.free_symbols}
        expected = m.count(**{n: config.value_of(config.symbols[n]) for n in needed})
        if config.options == m.options:
            assert expected == config.count()
    for lang in LANGUAGES:
        html = page(m, lang=lang, symbolic=True, example=example_values(m))
        assert f'<html lang="{lang}"' in html and "<math" in html
        found = elements(html)
        total = next(e.attrs["data-value"] for e in found if "data-value" in e.attrs)
        assert total == str(expected)
        assert len(figures(found)) > 5
    for other in LANGUAGES:
        assert html.count(f'class="t" lang="{other}"') == html.count('class="t" lang="en"')


def test_user_text_is_escaped(tmp_path: Path) -> None:
    html = page(symparam.model(str(CONFIG)), title="<b onmouseover=alert(1)>&x")
    assert "<b onmouseover" not in html and "&lt;b onmouseover=alert(1)&gt;&amp;x" in html


def test_a_config_page_is_titled_by_the_model_not_its_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A shared page does not show the folders its config.json was read from: it is titled by
    the class it counts, or by --title."""
    folder = tmp_path / "home-of-alice" / "private-drafts"
    folder.mkdir(parents=True)
    shutil.copy(CONFIG, folder / "config.json")
    assert main(["page", str(folder)]) == 0
    html = capsys.readouterr().out
    assert "alice" not in html and "private" not in html and str(tmp_path) not in html
    assert "<title>Qwen3MoeForCausalLM: parameters, derived</title>" in html
    assert main(["page", str(folder), "--title", "Qwen3-30B-A3B, mine"]) == 0
    assert "<title>Qwen3-30B-A3B, mine: parameters, derived</title>" in capsys.readouterr().out
    assert main(["page", str(folder), "--title", " "]) == 2
    assert capsys.readouterr().err.startswith("symparam: error: the title must be text")
    # a preset keeps its name
    assert "<title>gpt2: parameters, derived</title>" in page(symparam.model("gpt2"))


def test_control_characters_in_a_name_are_shown_not_acted_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    title = "e\x1b[31mred\rx\u2028y\u202ez\x07"
    html = page(symparam.model(str(CONFIG)), title=title)
    assert not set("\x1b\r\u2028\u202e\x07") & set(html) and "\\x1b[31mred" in html
    assert main(["page", str(CONFIG), "--title", title]) == 0
    assert capsys.readouterr().out == html


def test_shares_are_rounded_as_the_script_rounds_them() -> None:
    assert percent(1, 8) == "12.5%" and percent(1, 800) == "0.12%"  # half to even, exactly
    assert percent(3, 8000) == "0.038%" and percent(0, 5) == "0%"
    # a part is never shown as the whole (Mamba's layers: 99.98%, not 100.0%)
    assert percent(9998, 10000) == "99.98%" and percent(5, 5) == "100%"
    assert percent(999996, 1000000) == "99.9996%"


_VOID = {"input", "meta", "br", "img", "link", "hr", "wbr"}
_SKIPPED = {"math", "code", "script", "style", "title"}


class _Words(HTMLParser):
    """The text of each language's sentences (``""``: text in no language's element, which
    every reader sees), formulas and code left out."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, str]] = []
        self.text: dict[str, list[str]] = {lang: [] for lang in (*LANGUAGES, "")}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        found = dict(attrs)
        inherited = self.stack[-1][1] if self.stack else ""
        own = found.get("lang") if tag != "html" else ""
        self.stack.append((tag, "skip" if tag in _SKIPPED or inherited == "skip"
                           else own or inherited))

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID:
            assert self.stack.pop()[0] == tag

    def handle_data(self, data: str) -> None:
        lang = self.stack[-1][1] if self.stack else ""
        if lang != "skip":
            self.text[lang].append(data)


@pytest.mark.parametrize(("name", "symbolic"), [("mixtral-8x7b", False), ("bert", True),
                                                ("deepseek-v3", False), ("gpt2", False)])
def test_every_sentence_is_in_three_languages(name: str, symbolic: bool) -> None:
    m = symparam.model(name)
    html = page(m, symbolic=symbolic)
    for lang in LANGUAGES:
        assert html.count(f'class="t" lang="{lang}"') == html.count('class="t" lang="en"')
    words = _Words()
    words.feed(html)
    allowed = {*_names(m), "English"}
    for lang in ("zh", "ko", ""):
        text = " ".join(words.text[lang])
        assert latin_words(text, allowed) == [], lang or "text in no language"


def test_the_page_strings_agree_across_languages() -> None:
    import tomllib

    keys = [set(tomllib.loads((ROOT / "templates" / "page" / "lang" / f"{lang}.toml")
                              .read_text(encoding="utf-8"))) for lang in LANGUAGES]
    assert keys[0] == keys[1] == keys[2]


# -- the commands ------------------------------------------------------------------------------


def test_page_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "llama.html"
    assert main(["page", "llama-3-8b", "-o", str(target)]) == 0
    first = target.read_text(encoding="utf-8")
    assert "8,030,261,248" in first and first.startswith("<!DOCTYPE html>")
    target.write_text("mine", encoding="utf-8")
    assert main(["page", "llama-3-8b", "-o", str(target)]) == 2
    assert target.read_text(encoding="utf-8") == "mine"
    assert main(["page", "llama-3-8b", "-o", str(target), "--force", "--lang", "ko"]) == 0
    assert '<html lang="ko">' in target.read_text(encoding="utf-8")
    assert main(["page", "llama-3-8b", "-o", str(tmp_path / "no" / "x.html")]) == 2
    assert main(["page", "no-such-model", "-o", str(tmp_path / "y.html")]) == 2
    assert main(["page", "bert", "-o", str(tmp_path / "y.html")]) == 2  # no values
    assert main(["page", "bert", "--symbolic", "-o", str(tmp_path / "bert.html")]) == 0
    assert main(["page", str(CONFIG), "--set", "N=4", "-o", str(tmp_path / "c.html")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bert.html", "c.html", "llama.html"]
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 4 and all(line.startswith("symparam: error: ")
                                              for line in err.splitlines())


def test_site_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "site"
    assert main(["site", str(folder)]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(["index.html", *(f"{n}.html" for n in presets())])
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert 'href="llama-3-8b.html"' in index and "8,030,261,248" in index
    assert "default-src 'none'" in index
    before = (folder / "gpt2.html").stat().st_mtime_ns
    assert main(["site", str(folder)]) == 2  # files exist: nothing is written
    assert (folder / "gpt2.html").stat().st_mtime_ns == before
    refused = capsys.readouterr().err
    assert main(["site", str(folder), "--force", "--lang", "zh", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sorted(Path(line["file"]).name for line in lines) == names
    # the help names the fields its lines have, and no other
    assert main(["site", "--help"]) == 0
    said = capsys.readouterr().out.split("--json prints", 1)[1].split("\n\n", 1)[0]
    assert set(re.findall(r'"(\w+)"', said)) == {key for line in lines for key in line}
    assert '<html lang="zh">' in (folder / "gpt2.html").read_text(encoding="utf-8")
    assert main(["site", str(tmp_path / "no" / "site")]) == 2
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert main(["site", str(tmp_path / "file")]) == 2
    err = refused + capsys.readouterr().err
    assert len(err.splitlines()) == 3


# -- in a browser ----------------------------------------------------------------------------------


def _written(tmp_path: Path, model: str, lang: str = "en", symbolic: bool = False,
             name: str = "page") -> Path:
    path = tmp_path / f"{name}.html"
    m = symparam.model(model)
    path.write_text(page(m, lang=lang, symbolic=symbolic,
                         example=example_values(m) if symbolic else None), encoding="utf-8")
    return path


def _clean(loaded: object) -> None:
    assert loaded.console == [], loaded.console  # type: ignore[attr-defined]
    assert loaded.requests == [], loaded.requests  # type: ignore[attr-defined]


def test_llama_3_8b_opened_with_values_in_its_address(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """The issue's must-show: the page with #H=8192&N=80 shows what count prints."""
    loaded = load(_written(tmp_path, "llama-3-8b"), "H=8192&N=80")
    _clean(loaded)
    expected = _count(capsys, "llama-3-8b", "H=8192&N=80")
    assert expected is not None and loaded.value() == str(expected["params"])
    assert f"{expected['params']:,}" in loaded.dom


CASES = [
    ("bert-base-uncased", "en", "N=24&H=1024&h=16&d_ff=4096&V=50000", []),
    ("mixtral-8x7b", "zh", "E=100000&H=65536", []),  # past 2^53, the active count under it
    ("deepseek-v3", "ko", "E=1000000&H=16384&N=200&d_moe=65536&r_q=4096", []),
    ("gpt-oss-120b", "en", "E=500000&H=32768&N=400", []),
    ("gpt2", "en", "V=100000&N=96&L=8192", []),
    ("qwen3-30b-a3b", "en", "N=500&E=2048", []),  # a config.json, below
    ("qwen2_moe", "en", "N=31&V=1000&H=512&h=8&h_kv=2&E=60&k=4&d_moe=64&d_ff=2048&d_sh=128",
     ["--set", "sparse_step=3", "--symbolic"]),  # floors: every third layer is an MoE layer
    ("llama", "en", "N=32&V=32000&h=32&h_kv=8&M=100&H=5120",
     ["--assume", "llama-ffn", "--symbolic"]),  # a ceiling: d_ff = M·⌈8H/3M⌉
]


@pytest.mark.parametrize(("model", "lang", "address", "extra"), CASES,
                         ids=[c[0] for c in CASES])
def test_the_browser_shows_the_command_lines_count(model: str, lang: str, address: str,
                                                   extra: list[str], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The page, written by ``symparam page``, opened with values in its address, shows what
    ``symparam count`` prints for them."""
    source = str(CONFIG) if model == "qwen3-30b-a3b" else model
    path = tmp_path / "page.html"
    assert main(["page", source, *extra, "--lang", lang, "-o", str(path)]) == 0
    loaded = load(path, address)
    _clean(loaded)
    expected = _count(capsys, source, address, *(a for a in extra if a != "--symbolic"))
    assert expected is not None
    assert loaded.value(0) == str(expected["params"])
    outputs = [e.text for e in loaded.elements if e.tag == "output"]
    if expected["active"] != expected["params"]:
        assert loaded.value(1) == str(expected["active"])
        # and without the embedding table, as gpt-oss's and DeepSeek-V3's cards count
        assert outputs[2] == live_grouped(expected["bare"])
    else:
        assert len(outputs) == 1
    if model in ("mixtral-8x7b", "deepseek-v3", "gpt-oss-120b"):
        assert expected["params"] > 2**53
    assert not any(loaded.shown("data-check").values())


def test_the_family_page_opens_on_example_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _written(tmp_path, "bert", symbolic=True)
    # not a red error: it opens on BertConfig()'s values, which are BERT base's
    opened = load(path)
    _clean(opened)
    base = _count(capsys, "bert-base-uncased")
    assert base is not None and opened.value() == str(base["params"])
    assert not any(opened.shown("data-status").values())
    assert "defaults for the model type" in opened.dom
    # BERT large: 16 heads of 64, as 12 would not divide 1,024 (the page has h, as BERT does)
    address = "N=24&V=32000&L=1024&T=1&H=1024&d_ff=4096&h=16"
    full = load(path, address)
    _clean(full)
    expected = _count(capsys, "bert", address)
    assert expected is not None and full.value() == str(expected["params"])


def _no_empty_input(name: str, m: symparam.Model, found: list[Any]) -> None:
    """Each input of a preset's page that a count or a rule reads, or that a config key
    sets, holds the preset's value: DeepSeek-V3's page showed an empty h_kv with no config
    key, a rule of GLM-4.5's grouped heads kept under latent attention. A vision–language
    model's images (n_img; Qwen2.5-VL's s_img and Q_win, the image size's, read by FLOPs
    alone) are inputs beside s and B, each holding where the commands start. Checked on
    every preset's page by test_every_preset_shows_its_count_before_any_script."""
    read = {s.name for s in m.params.free_symbols | m.active_params.free_symbols}
    read |= {s.name for rule in m.divisibility for s in rule.symbols}
    found = [e for e in found if e.tag == "input" and "data-name" in e.attrs]
    shown = {e.attrs["data-name"]: e.attrs.get("value", "") for e in found
             if "data-run" not in e.attrs}  # the memory and compute section's s and B
    empty = [n for n, v in shown.items() if not v and (n in read or n in m.config_keys)]
    assert shown and not empty, (name, empty)
    assert all(int(v) == m.values[n] for n, v in shown.items() if v), name
    run = {e.attrs["data-name"]: e.attrs.get("value", "") for e in found
           if "data-run" in e.attrs}
    assert set(run) <= {"s", "B", *IMAGE_INPUTS} and all(v.isdigit() and int(v) > 0
                                          for v in run.values()), (name, run)


@pytest.mark.parametrize("name", [f.name for f in families()])
def test_every_family_page_opens_on_a_count(name: str) -> None:
    """``symparam page FAMILY --symbolic`` opens on a count, not on a red error, for every
    family (the MoE family's and DeepSeek's from a model type whose class their architecture
    builds; the original Transformer's and the MLP's, which transformers has no class for,
    from their preset): each input the count needs has a value, and each input with a value
    holds what transformers' config class with no arguments holds under its key (BERT's
    num_attention_heads too, which the count does not need but d_head = H/h does)."""
    transformers = need("transformers")
    m = symparam.model(name)
    values, kind, preset = example_values(m)
    html = page(m, symbolic=True, example=(values, kind, preset))
    found = elements(html)
    total = next(e.attrs["data-value"] for e in found if "data-value" in e.attrs)
    assert total.isdigit(), name
    # it says where its values come from, and not that it has none
    assert "with no values put in" not in html and "The inputs start from" in html, name
    shown = {e.attrs["data-name"]: e.attrs.get("value", "") for e in found
             if e.tag == "input" and "data-name" in e.attrs
             and "data-run" not in e.attrs}  # not the memory and compute section's s and B
    needed = {s.name for s in m.params.free_symbols}
    assert needed <= {n for n, v in shown.items() if v}, (name, shown)
    if preset or not kind:  # a preset's values, or the model's own (gpt2 is a type too)
        assert not preset or (kind, m.family.name) == ("", presets()[preset].family)
        own = symparam.model(preset).values if preset else m.values
        assert all(own[n] == int(v) for n, v in shown.items() if v)
        return
    config = transformers.AutoConfig.for_model(kind)
    compared = 0
    for n, v in shown.items():
        key = m.config_keys.get(n)
        if not v or key is None or key.endswith("_ratio"):  # a ratio: mlp_ratio·H_vis
            continue
        held = config
        for part in key.split("."):
            held = getattr(held, part, None)
        if isinstance(held, int) and not isinstance(held, bool):
            assert int(v) == held, (name, n, key)
            compared += 1
    assert compared >= 3, (name, shown)
    if name == "bert":
        assert shown["h"] == str(config.num_attention_heads)


def test_before_and_after_the_script_every_figure_agrees(tmp_path: Path) -> None:
    """At the page's own values the script writes exactly what the page held before it ran:
    the same exact arithmetic, the same rounding, every figure."""
    for model in ("deepseek-v3", "bloom-1b4-zh", "gemma-3-1b"):
        path = _written(tmp_path, model, name=model)
        before = elements(path.read_text(encoding="utf-8"))
        loaded = load(path)
        _clean(loaded)
        static = figures(before)
        assert loaded.figures() == static
        assert any(name.startswith("sign") for name, _ in static)
        assert len(static) > 50


def test_values_that_break_a_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _written(tmp_path, "llama-3-8b")
    assert _count(capsys, "llama-3-8b", "h=48") is None  # d_head = 4096/48: count refuses
    loaded = load(path, "h=48")
    _clean(loaded)
    assert loaded.value() == "" and sum(loaded.shown("data-check").values()) >= 1
    assert "4,096/48" not in loaded.dom and "256/3" in loaded.dom  # the fraction, exact
    assert _count(capsys, "llama-3-8b", "h_kv=7") is None
    assert load(path, "h_kv=7").value() == ""
    # a hyperparameter given something not digits is an error with no count (#N=-4), not
    # the page's own total beside a note; a name the page does not take is left out
    odd = load(path, "H=abc&foo=1&N=4&N=-4&")
    _clean(odd)
    assert odd.value() == "" and odd.shown("data-status")["invalid"]
    assert odd.listed("invalid") == "N, H" and odd.listed("ignored") == "foo"
    assert _total_text(odd) == "—"
    # empty pieces (a trailing &) are nothing left out
    fine = load(path, "&N=4&&")
    _clean(fine)
    assert not any(fine.shown("data-status").values())
    expected = _count(capsys, "llama-3-8b", "N=4")
    assert expected is not None and fine.value() == str(expected["params"])


def _total_text(loaded: object) -> str:
    found = [e.text for e in loaded.elements  # type: ignore[attr-defined]
             if e.tag == "output" and "data-value" in e.attrs]
    return found[0]


def _messages(loaded: object) -> list[str]:
    """The English text of each message shown (its formulas left out)."""
    shown = re.findall(r'<li data-check="\d+"(?: class="runs")?>(.*?)</li>',
                       loaded.dom)  # type: ignore[attr-defined]
    out = []
    for html in shown:
        words = _Words()
        words.feed(f"<p>{html}</p>")
        out.append("".join(words.text["en"]))
    return out


def test_a_count_past_ten_to_the_thirty_is_a_count(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Values are at most 10³⁰, counts are not: N = 10³⁰ layers give a whole count of 39
    digits, shown as count prints it, with no message that it is not a whole number."""
    address = f"N={10**30}&V={10**30}"
    loaded = load(_written(tmp_path, "llama-3-8b"), address)
    _clean(loaded)
    expected = _count(capsys, "llama-3-8b", address)
    assert expected is not None and expected["params"] > 10**30
    assert loaded.value() == str(expected["params"]) and _messages(loaded) == []
    assert f"{expected['params']:,}" in loaded.dom


def test_a_message_names_each_figure_once(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """#H=4097 makes d_head = 4,097/32: the page says that, and not also that 2 fails to
    divide a fraction (\"2 = 2 does not divide …\"); at H = 4,128, d_head = 129 is whole and
    odd, said once as not a multiple of 2."""
    path = _written(tmp_path, "llama-3-8b")
    fraction = load(path, "H=4097")
    _clean(fraction)
    (message,) = _messages(fraction)
    assert "4,097/32" in message and "not a whole number" in message
    assert "divide" not in message
    odd = load(path, "H=4128")
    (message,) = _messages(odd)
    assert message.startswith(" = 129 is not a multiple of :") and "divide" not in message
    assert odd.value() == "" and _count(capsys, "llama-3-8b", "H=4128") is None


def test_a_rule_needed_only_to_run_keeps_the_count(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """DeepSeek's E_g groups need not divide E for transformers to build the model (and for
    count to count it): the page counts, as count does, and says the forward pass fails."""
    path = _written(tmp_path, "deepseek-v3")
    for address, said in (("E_g=7", "does not divide"), ("k_g=9", "exceeds")):
        loaded = load(path, address)
        _clean(loaded)
        expected = _count(capsys, "deepseek-v3", address)
        assert expected is not None and loaded.value() == str(expected["params"])
        (message,) = _messages(loaded)
        assert said in message and "forward pass fails" in message
        assert main(["flops", "deepseek-v3", "--set", address, "--seq", "8"]) == 2
        assert "forward pass fails" in capsys.readouterr().err


def test_the_detectors_can_fail(tmp_path: Path) -> None:
    """A page that asks for an image and logs an error is caught by both checks."""
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><img src="http://192.0.2.1/x.png">'
                   '<script>console.error("x")</script>', encoding="utf-8")
    loaded = load(bad)
    assert loaded.requests == ["http://192.0.2.1/x.png"] and len(loaded.console) == 1


SHOWN = [e for e in SHOWCASE if "html" in e.formats]


@pytest.mark.parametrize("entry", SHOWN, ids=[e.filename("html") for e in SHOWN])
def test_showcase_pages_in_a_browser(entry: object) -> None:
    """Each showcase page loads clean; its screenshot is kept for a person to look at."""
    name = entry.filename("html")  # type: ignore[attr-defined]
    path = ROOT / "derivations" / name
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTEFACTS / f"{Path(name).stem}.png"
    shot.unlink(missing_ok=True)
    loaded = load(path, screenshot=shot, height=3000)
    _clean(loaded)
    assert shot.stat().st_size > 20_000  # a page, not a blank


_HARNESS = """
const input = document.querySelector('input[data-name="H"]');
input.value = "1024";
input.dispatchEvent(new Event("input"));
document.querySelector('button[data-lang="zh"]').click();
const shown = (lang) => getComputedStyle(document.querySelector(`.t[lang="${lang}"]`)).display;
const out = document.body.dataset;
out.hash = location.hash;
out.search = location.search;
out.share = document.querySelector("a[data-share]").getAttribute("href");
out.lang = document.documentElement.lang;
out.title = document.title;
out.shown = ["en", "zh", "ko"].map(shown).join(" ");
"""


def test_typing_a_value_and_switching_language(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """A reader's steps, played by a second script the test adds (its hash added to the
    page's policy): type H, switch to Chinese. The count follows, the address holds the value,
    the Chinese words show and the others hide."""
    html = page(symparam.model("llama-3-8b"))
    policy = re.search(r"script-src '([^']*)'", html)
    assert policy is not None
    html = html.replace(policy.group(0), f"{policy.group(0)} '{_hash(_HARNESS)}'")
    html = html.replace("</body>", f"<script>{_HARNESS}</script>\n</body>")
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    loaded = load(path)
    _clean(loaded)
    expected = _count(capsys, "llama-3-8b", "H=1024")
    assert expected is not None and loaded.value() == str(expected["params"])
    body = re.search(r"<body([^>]*)>", loaded.dom)
    assert body is not None
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', body.group(1)))
    assert attrs == {"hash": "#H=1024", "share": "#H=1024", "lang": "zh", "search": "?lang=zh",
                     "title": "llama-3-8b：参数量推导", "shown": "none inline none"}


@pytest.mark.parametrize(("query", "languages", "shown"), [
    ("", "en-US", "en"), ("", "ko-KR,ko", "ko"), ("", "fr-FR,zh-CN", "zh"),
    ("", "fr-FR", "ko"),  # none the page has: the language it was written in
    ("lang=zh", "ko-KR", "zh"), ("lang=xx", "en-US", "en")])
def test_the_language_comes_from_the_address_then_the_browser(
        query: str, languages: str, shown: str, tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text(page(symparam.model("gpt2"), lang="ko"), encoding="utf-8")
    loaded = load(path, "N=4", query=query, languages=languages)
    _clean(loaded)
    assert re.search(r'<html lang="(\w+)"', loaded.dom).group(1) == shown  # type: ignore[union-attr]


def test_the_index_links_carry_the_language(tmp_path: Path) -> None:
    from symparam.site import site

    files = site(names=["gpt2", "llama-3-8b"])
    assert 'href="gpt2.html"' in files["index.html"]  # without a script: the page's own
    path = tmp_path / "index.html"
    path.write_text(files["index.html"], encoding="utf-8")
    loaded = load(path, languages="ko-KR")
    _clean(loaded)
    links = re.findall(r'<a href="([^"]*)" data-page', loaded.dom)
    assert links == ["gpt2.html?lang=ko", "llama-3-8b.html?lang=ko"]


_SEARCH = """
const box = document.querySelector("input[data-search]");
const seen = () => Array.from(document.querySelectorAll("tr[data-text]"))
  .filter((row) => !row.hidden && !row.closest("tbody").hidden)
  .map((row) => row.querySelector("a").textContent).join(" ");
const out = document.body.dataset;
box.value = "DeepSeek"; box.dispatchEvent(new Event("input")); out.deepseek = seen();
box.value = "bert  masked"; box.dispatchEvent(new Event("input")); out.words = seen();
box.value = "no such model"; box.dispatchEvent(new Event("input")); out.none = seen();
out.said = String(!document.querySelector("[data-none]").hidden);
"""


def test_the_index_groups_by_family_and_finds_a_model(tmp_path: Path) -> None:
    """The site's index: a heading a family with its presets under it, and a search box that
    keeps the rows whose name, class or family holds every word typed."""
    from symparam.site import site

    html = site()["index.html"]
    groups = re.findall(r'<tbody data-family>\s*<tr class="family"><th[^>]*>(.*?)</th></tr>'
                        r"(.*?)</tbody>", html, re.S)
    found = {re.sub(r"<[^>]+>", " ", title).split()[0]: re.findall(r'data-page="([^"]*)\.html"',
                                                                  rows)
             for title, rows in groups}
    assert sorted(n for names in found.values() for n in names) == sorted(presets())
    # GLM-4.5 is built by the DeepSeek family (its router, dense first layers, shared experts)
    assert found["DeepSeek"] == ["deepseek-v2-lite", "deepseek-v3", "glm-4.5-air"]
    policy = re.search(r"script-src '([^']*)'", html)
    assert policy is not None
    html = html.replace(policy.group(0), f"{policy.group(0)} '{_hash(_SEARCH)}'")
    html = html.replace("</body>", f"<script>{_SEARCH}</script>\n</body>")
    path = tmp_path / "index.html"
    path.write_text(html, encoding="utf-8")
    loaded = load(path)
    _clean(loaded)
    body = re.search(r"<body([^>]*)>", loaded.dom)
    assert body is not None
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', body.group(1)))
    assert attrs["deepseek"] == "deepseek-v2-lite deepseek-v3 glm-4.5-air"
    masked = [n for n in presets() if "formaskedlm" in symparam.model(n).label.lower()
              and "bert" in f"{n} {symparam.model(n).label} {symparam.model(n).family.title}"
              .lower()]
    assert masked and sorted(attrs["words"].split()) == sorted(masked)
    assert attrs["none"] == "" and attrs["said"] == "true"


_COPY = """
const button = document.querySelector("#total button[data-latex]");
button.click();
document.body.dataset.latex = button.nextElementSibling.textContent;
document.body.dataset.shown = String(!button.nextElementSibling.hidden);
"""


def test_a_closed_form_copies_as_latex(tmp_path: Path) -> None:
    """The closed form's button gives it as LaTeX — what ``m.formula()`` shows in Jupyter —
    and shows it under the equation; every displayed closed form has one."""
    m = symparam.model("llama-3-8b")
    html = page(m)
    assert html.count("data-latex=") == 2 + len(m.derive().sections)  # thumb, total, parts
    policy = re.search(r"script-src '([^']*)'", html)
    assert policy is not None
    html = html.replace(policy.group(0), f"{policy.group(0)} '{_hash(_COPY)}'")
    html = html.replace("</body>", f"<script>{_COPY}</script>\n</body>")
    path = tmp_path / "page.html"
    path.write_text(html, encoding="utf-8")
    loaded = load(path)
    _clean(loaded)
    body = re.search(r"<body([^>]*)>", loaded.dom)
    assert body is not None
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', body.group(1)))
    assert unescape(attrs["latex"]) == f"P = {m.formula().latex}" and attrs["shown"] == "true"


def test_the_share_bar_follows_the_values(tmp_path: Path) -> None:
    """The share-by-part bar, drawn in inline SVG: each part's rectangle as wide as its share
    of the exact total (of 1,000 units), side by side, before the script and after it at other
    values."""
    from symparam.printing import Terms

    def widths(found: list[Any]) -> list[float]:
        return [float(e.attrs[key]) for e in found if "data-bar" in e.attrs
                for key in ("x", "width")]

    def expected(m: Any) -> list[float]:
        summary = m.derive().summary
        counts = [m.value_of(p.params.expr if isinstance(p.params, Terms) else p.params)
                  for p in summary.parts]
        out, x = [], 0.0
        for count in counts:
            out += [x, 1000 * count / m.count()]
            x += 1000 * count / m.count()
        return out

    path = _written(tmp_path, "llama-3-8b")
    before = widths(elements(path.read_text(encoding="utf-8")))
    assert before == pytest.approx(expected(symparam.model("llama-3-8b")), abs=0.011)
    loaded = load(path, "N=80&H=8192")
    _clean(loaded)
    after = widths(loaded.elements)
    assert after == pytest.approx(expected(symparam.model("llama-3-8b", N=80, H=8192)),
                                  abs=0.011)
    assert after != pytest.approx(before, abs=0.5)  # it moved


def _memory_figures(found: list[Any], html: str) -> tuple[list[str], list[str]]:
    """The training-state bytes and the KV cache's bytes a token that a page shows."""
    tables = {}
    for name in ("training", "kv"):
        table = re.search(rf'<table data-{name}(?:="")?>(.*?)</table>', html, re.S)
        indexes = [] if table is None else re.findall(r'data-f="(\d+)"(?![^>]*data-unit)',
                                                      table.group(1))
        texts = {e.attrs["data-f"]: e.text for e in found if "data-f" in e.attrs
                 and "data-unit" not in e.attrs}
        tables[name] = [texts[i] for i in indexes]
    return tables["training"], tables["kv"]


@pytest.mark.parametrize(("model", "address"), [("llama-3-8b", "N=80&H=8192&h_kv=16"),
                                                ("deepseek-v3", "N=100&r_kv=1024"),
                                                ("whisper-small", "N_dec=24&V=60000")])
def test_the_memory_figures_are_the_memory_commands(model: str, address: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The training state under each optimiser recipe and the KV cache's bytes a token, on
    the page at its own values and in a browser at other values, are what ``symparam memory
    --json`` prints for those values (for each dtype)."""
    def expected(values: str) -> tuple[list[str], list[str]]:
        sets = [a for pair in values.split("&") if pair for a in ("--set", pair)]
        training, kv = [], []
        for dtype in ("fp32", "fp16", "bf16", "int8"):
            assert main(["memory", model, *sets, "--dtype", dtype, "--json"]) == 0
            record = json.loads(capsys.readouterr().out)
            kv.append(f"{record['kv_cache_bytes_per_token']:,}")
        training = [f"{o['bytes']:,}" for o in record["optimisers"].values()]
        return training, kv

    path = _written(tmp_path, model)
    html = path.read_text(encoding="utf-8")
    assert _memory_figures(elements(html), html) == expected("")
    loaded = load(path, address)
    _clean(loaded)
    assert _memory_figures(loaded.elements, loaded.dom) == expected(address)
