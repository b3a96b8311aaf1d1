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
from html.parser import HTMLParser
from pathlib import Path

import pytest

import symparam
from symparam.catalog import model_types
from symparam.cli import main
from symparam.live import percent
from symparam.page import page
from symparam.presets import presets
from symparam.render import LANGUAGES
from symparam.showcase import SHOWCASE
from tests.browser import elements, figures, load
from tests.test_prose import _names, latin_words
from tests.tools import ROOT

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
    return {"params": record["params"], "active": record["active_params_with_embedding_table"]}


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
    m = symparam.model(name)
    found = elements(page(m))
    results = [e.attrs["data-value"] for e in found if "data-value" in e.attrs]
    total, active = m.count(), m.active_count()
    assert results == ([str(total)] if active == total else [str(total), str(active)])
    assert not any("hidden" not in e.attrs for e in found if "data-check" in e.attrs)


@pytest.mark.parametrize("name", sorted(model_types()))
def test_every_model_type_has_a_family_page_in_every_language(name: str) -> None:
    """Each model type's symbolic page renders in each language, every figure waiting for
    values and every sentence in all three languages."""
    m = symparam.model(name)
    for lang in LANGUAGES:
        html = page(m, lang=lang, symbolic=True)
        assert f'<html lang="{lang}"' in html and "<math" in html
        found = elements(html)
        assert next(e.attrs["data-value"] for e in found if "data-value" in e.attrs) == ""
        assert len(figures(found)) > 5
    for other in LANGUAGES:
        assert html.count(f'class="t" lang="{other}"') == html.count('class="t" lang="en"')


def test_user_text_is_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "<b onmouseover=alert(1)>&x"
    folder.mkdir()
    shutil.copy(CONFIG, folder / "config.json")
    html = page(symparam.model(str(folder)))
    assert "<b onmouseover" not in html and "&lt;b onmouseover=alert(1)&gt;&amp;x" in html


def test_control_characters_in_a_name_are_shown_not_acted_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "e\x1b[31mred\rx\u2028y\u202ez\x07"
    folder.mkdir()
    shutil.copy(CONFIG, folder / "config.json")
    html = page(symparam.model(str(folder)))
    assert not set("\x1b\r\u2028\u202e\x07") & set(html) and "\\x1b[31mred" in html
    assert main(["page", str(folder)]) == 0
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
    assert main(["site", str(folder), "--force", "--lang", "zh"]) == 0
    assert '<html lang="zh">' in (folder / "gpt2.html").read_text(encoding="utf-8")
    assert main(["site", str(tmp_path / "no" / "site")]) == 2
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert main(["site", str(tmp_path / "file")]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 3


# -- in a browser ----------------------------------------------------------------------------------


def _written(tmp_path: Path, model: str, lang: str = "en", symbolic: bool = False,
             name: str = "page") -> Path:
    path = tmp_path / f"{name}.html"
    path.write_text(page(symparam.model(model), lang=lang, symbolic=symbolic), encoding="utf-8")
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
    if expected["active"] != expected["params"]:
        assert loaded.value(1) == str(expected["active"])
    if model in ("mixtral-8x7b", "deepseek-v3", "gpt-oss-120b"):
        assert expected["params"] > 2**53
    assert not any(loaded.shown("data-check").values())


def test_the_family_page_counts_once_every_value_is_given(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _written(tmp_path, "bert", symbolic=True)
    empty = load(path, "H=768")
    _clean(empty)
    assert empty.value() == "" and empty.shown("data-status")["empty"]
    assert empty.listed("empty") == "N, V, L, T, d_ff"  # not h: it drops out
    address = "N=12&V=30522&L=512&T=2&H=768&d_ff=3072"
    full = load(path, address)
    _clean(full)
    expected = _count(capsys, "bert", address)
    assert expected is not None and full.value() == str(expected["params"]) == "109482240"


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
    odd = load(path, "H=abc&foo=1&N=4&N=x")
    _clean(odd)
    assert odd.shown("data-status")["ignored"] and odd.listed("ignored") == "H=abc, foo, N=x"
    expected = _count(capsys, "llama-3-8b", "N=4")
    assert expected is not None and odd.value() == str(expected["params"])


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
    assert attrs == {"hash": "#H=1024", "share": "#H=1024", "lang": "zh",
                     "title": "llama-3-8b：参数量推导", "shown": "none inline none"}
