"""A model's web page: self-contained (nothing it could fetch, a policy that forbids fetching),
its figures right before any script runs, its words in three languages, the commands that
write pages and sites, and — in a real browser (headless Chromium) — a reader's steps: a
value typed, the language switched or taken from the address, the site's index searched.
What the browser shows for the values in a page's address is tests/test_page_browser.py's.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.catalog import example_values, model_types, of_model_type
from symparam.cli import main
from symparam.images import IMAGE_INPUTS
from symparam.live import percent
from symparam.page import page
from symparam.presets import presets
from symparam.wording import LANGUAGES
from tests.browser import elements, figures, load
from tests.pages import Words, body_data, clean, opened, said_count, script_hash
from tests.test_prose import _names, latin_words
from tests.tools import ROOT

ARTEFACTS = ROOT / "tests" / "artefacts" / "pages"
CONFIG = ROOT / "tests" / "configs" / "qwen3-30b-a3b.json"


# -- the page as a file --------------------------------------------------------------------------


def _script_and_style(html: str) -> tuple[str, str]:
    (script,) = re.findall(r"<script>(.*?)</script>", html, re.S)
    (style,) = re.findall(r"<style>(.*?)</style>", html, re.S)
    return script, style


@pytest.mark.parametrize("name", ["llama-3-8b", "bloom-1b4-zh", "deepseek-v3"])
def test_the_page_can_fetch_nothing(name: str) -> None:
    html = page(symparam.model(name))
    script, style = _script_and_style(html)
    (policy,) = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">',
                           html)
    assert policy.startswith("default-src 'none'; ")
    assert f"script-src '{script_hash(script)}'" in policy
    assert f"style-src '{script_hash(style)}'" in policy
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


@pytest.mark.parametrize(("name", "symbolic"), [("mixtral-8x7b", False), ("bert", True),
                                                ("deepseek-v3", False), ("gpt2", False)])
def test_every_sentence_is_in_three_languages(name: str, symbolic: bool) -> None:
    m = symparam.model(name)
    html = page(m, symbolic=symbolic)
    for lang in LANGUAGES:
        assert html.count(f'class="t" lang="{lang}"') == html.count('class="t" lang="en"')
    words = Words()
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
    loaded = opened(tmp_path, html, _HARNESS)
    expected = said_count(capsys, "llama-3-8b", "H=1024")
    assert expected is not None and loaded.value() == str(expected["params"])
    assert body_data(loaded) == {"hash": "#H=1024", "share": "#H=1024", "lang": "zh",
                                 "search": "?lang=zh", "title": "llama-3-8b：参数量推导",
                                 "shown": "none inline none"}


@pytest.mark.parametrize(("query", "languages", "shown"), [
    ("", "en-US", "en"), ("", "ko-KR,ko", "ko"), ("", "fr-FR,zh-CN", "zh"),
    ("", "fr-FR", "ko"),  # none the page has: the language it was written in
    ("lang=zh", "ko-KR", "zh"), ("lang=xx", "en-US", "en")])
def test_the_language_comes_from_the_address_then_the_browser(
        query: str, languages: str, shown: str, tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text(page(symparam.model("gpt2"), lang="ko"), encoding="utf-8")
    loaded = load(path, "N=4", query=query, languages=languages)
    clean(loaded)
    assert re.search(r'<html lang="(\w+)"', loaded.dom).group(1) == shown  # type: ignore[union-attr]


def test_the_index_links_carry_the_language(tmp_path: Path) -> None:
    from symparam.site import site

    files = site(names=["gpt2", "llama-3-8b"])
    assert 'href="gpt2.html"' in files["index.html"]  # without a script: the page's own
    path = tmp_path / "index.html"
    path.write_text(files["index.html"], encoding="utf-8")
    loaded = load(path, languages="ko-KR")
    clean(loaded)
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
    attrs = body_data(opened(tmp_path, html, _SEARCH, "index.html"))
    assert attrs["deepseek"] == "deepseek-v2-lite deepseek-v3 glm-4.5-air"
    masked = [n for n in presets() if "formaskedlm" in symparam.model(n).label.lower()
              and "bert" in f"{n} {symparam.model(n).label} {symparam.model(n).family.title}"
              .lower()]
    assert masked and sorted(attrs["words"].split()) == sorted(masked)
    assert attrs["none"] == "" and attrs["said"] == "true"
