"""The pages on a phone: at 390 CSS pixels wide (an iPhone's), in each language, the page
never scrolls sideways (a formula wider than the screen scrolls in its own box), the
hyperparameters' meanings are not squeezed to a character a line, and "At a glance" shows
each part's count and share. Measured in headless Chromium: a window is at least 500 pixels
wide, so each page is opened in a frame 390 pixels wide, and a script the test adds (its hash
added to the page's policy) measures it in each language and posts what it found to the
frames' parent: every preset's page, every family's symbolic page and the index, in one
browser.
Controls' borders contrast 3:1 with the page (WCAG 1.4.11), and every table has a caption.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import symparam
from symparam.catalog import example_values, families
from symparam.page import page
from symparam.site import site
from symparam.wording import LANGUAGES
from tests.browser import load
from tests.pages import script_hash, with_script
from tests.tools import ROOT

PHONE = 390

_MEASURE = """
addEventListener("load", () => {
  const clipped = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== "visible") return true;
    }
    return false;
  };
  const measured = () => {
    const wide = [];
    for (const el of document.querySelectorAll("body *")) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > innerWidth + 0.5 && !clipped(el)) {
        wide.push(`${el.tagName.toLowerCase()} in #${(el.closest("section") || {}).id}`);
      }
    }
    const widths = (selector) => Array.from(document.querySelectorAll(selector))
      .filter((el) => el.getClientRects().length).map((el) => el.getBoundingClientRect().width);
    const glance = Array.from(document.querySelectorAll("#summary thead th.n"))
      .map((el) => el.getBoundingClientRect().right);
    return {scrollWidth: document.documentElement.scrollWidth, width: innerWidth,
            wide: wide.slice(0, 5), meanings: widths(".inputs .meaning"), glance};
  };
  // ?each=en&each=zh: measured in each language in turn, as its buttons switch them
  const each = new URLSearchParams(location.search).getAll("each");
  const found = {};
  for (const lang of each.length ? each : [document.documentElement.lang]) {
    document.documentElement.lang = lang;
    found[lang] = measured();
  }
  parent.postMessage({page: location.pathname.split("/").pop(), found}, "*");
});
"""

#: the frame page: it listens before any frame can report
_FRAMES = """<!DOCTYPE html><html><head><script>
const found = {{}};
addEventListener("message", (e) => {{
  found[e.data.page] = e.data.found;
  document.documentElement.dataset.found = JSON.stringify(found);
}});
</script></head><body style="margin:0">
{frames}
</body></html>"""
_FRAME = ('<iframe src="{src}" style="display:block;width:{width}px;height:1500px;border:0">'
          '</iframe>')


def _measurable(html: str) -> str:
    """``html`` with the measuring script, its hash added to the page's policy."""
    return with_script(html, _MEASURE)


def measure_all(pages: dict[str, str], query: str, tmp_path: Path,
                width: int = PHONE, address: str = "") -> dict[str, dict[str, Any]]:
    """What the measuring script found in each of ``pages`` (file name: HTML), each opened with
    ``query`` after its ``?`` (and ``address`` after its ``#``) in a frame ``width`` pixels
    wide, all in one browser: by file name, then by language."""
    for name, html in pages.items():
        (tmp_path / name).write_text(_measurable(html), encoding="utf-8")
    outer = tmp_path / "_frames.html"
    outer.write_text(_FRAMES.format(frames="\n".join(
        _FRAME.format(src=f"{quote(name)}?{query}" + (f"#{address}" if address else ""),
                      width=width) for name in pages)),
        encoding="utf-8")
    loaded = load(outer, width=max(width, 500), height=2000)
    found = re.search(r'data-found="([^"]*)"', loaded.dom)
    assert found is not None, "no page's measuring script reported"
    result: dict[str, dict[str, Any]] = json.loads(unescape(found.group(1)))
    assert sorted(result) == sorted(pages), "some pages did not report"
    for langs in result.values():
        assert all(shown["width"] == width for shown in langs.values())
    return result


def measure(html: str, lang: str, tmp_path: Path, width: int = PHONE) -> dict[str, Any]:
    """What the measuring script found in ``html`` shown in ``lang`` (by its address),
    ``width`` pixels wide."""
    return measure_all({"page.html": html}, f"lang={lang}", tmp_path, width)["page.html"][lang]


def _fits(found: dict[str, Any], width: int = PHONE, inputs: bool = True) -> list[str]:
    """What is wrong with a page measured ``width`` pixels wide: it scrolls sideways, a
    meaning of a hyperparameter is squeezed (``inputs``: the page has them), or "At a glance"
    has its count or share off the screen."""
    wrong = []
    if found["scrollWidth"] > width or found["wide"]:
        wrong.append(f"scrolls sideways to {found['scrollWidth']} px: {found['wide']}")
    # a meaning reads as words, not a column of single characters
    if inputs and (not found["meanings"] or min(found["meanings"]) < 0.6 * width):
        wrong.append(f"meanings {found['meanings']} px wide")
    # "At a glance": count and share on the screen, without scrolling the table
    if inputs and (len(found["glance"]) != 2 or max(found["glance"]) > width):
        wrong.append(f"At a glance's count and share end at {found['glance']} px")
    return wrong


def _families() -> dict[str, str]:
    """Each family's symbolic page, opened on its example values, and a config.json's page."""
    pages = {}
    for family in families():
        m = symparam.model(family.name)
        pages[f"{family.name}.symbolic.html"] = page(m, symbolic=True, example=example_values(m))
    pages["config.html"] = page(symparam.model(str(ROOT / "tests" / "configs" /
                                                   "qwen3-30b-a3b.json")))
    return pages


def test_no_page_scrolls_sideways_on_a_phone(tmp_path: Path) -> None:
    """Every preset's page, the index, every family's symbolic page and a config page, each in
    every language, 390 pixels wide: in one browser, its frames each measured in en, zh and
    ko in turn."""
    pages = {**site(), **_families()}
    found = measure_all(pages, "&".join(f"each={lang}" for lang in LANGUAGES), tmp_path)
    wrong = {f"{name} ({lang})": problems for name, langs in found.items()
             for lang, shown in langs.items()
             if (problems := _fits(shown, inputs=name != "index.html"))}
    assert not wrong, wrong


def test_at_a_glance_fits_a_laptop(tmp_path: Path) -> None:
    """At 1,280 pixels, the pages with the widest formulas by part keep each part's count and
    share on the screen."""
    width = 1280
    pages = {f"{name}.html": page(symparam.model(name))
             for name in ("deepseek-v3", "deepseek-v2-lite", "qwen3-next-80b-a3b")}
    found = measure_all(pages, "&".join(f"each={lang}" for lang in LANGUAGES), tmp_path, width)
    wrong = {f"{name} ({lang})": problems for name, langs in found.items()
             for lang, shown in langs.items()
             if (problems := [p for p in _fits(shown, width) if "meanings" not in p])}
    assert not wrong, wrong


def test_a_page_opens_in_the_language_its_address_names(tmp_path: Path) -> None:
    """The measurement of a page opened with ?lang=ko is of its Korean."""
    found = measure(page(symparam.model("llama-3-8b")), "ko", tmp_path)
    assert _fits(found) == []


def test_a_total_past_10_to_the_30_on_a_phone(tmp_path: Path) -> None:
    """N = V = 10³⁰ give a total of 39 digits, wider than a phone: it breaks inside its box
    (and a part's count scrolls in At a glance's), the page does not scroll sideways."""
    big = 10**30
    found = measure_all({"page.html": page(symparam.model("llama-3-8b"))},
                        "&".join(f"each={lang}" for lang in LANGUAGES), tmp_path,
                        address=f"N={big}&V={big}")["page.html"]
    for shown in found.values():
        assert [p for p in _fits(shown) if "At a glance" not in p] == [], shown


def test_the_index_on_a_phone(tmp_path: Path) -> None:
    html = site(names=["deepseek-v3", "qwen3-next-80b-a3b", "gpt2"])["index.html"]
    found = measure(html, "zh", tmp_path)
    assert _fits(found, inputs=False) == [], found


def test_the_layout_checks_can_fail(tmp_path: Path) -> None:
    """A page with a formula forced wider than the phone is caught."""
    html = page(symparam.model("deepseek-v3")).replace(
        "<style>", "<style>.formulas li { overflow: visible !important; }", 1)
    style = re.search(r"<style>(.*?)</style>", html, re.S)
    assert style is not None
    html = re.sub(r"style-src '[^']*'", f"style-src '{script_hash(style.group(1))}'", html)
    found = measure(html, "en", tmp_path)
    assert found["scrollWidth"] > PHONE and found["wide"]


# -- without a browser ---------------------------------------------------------------------


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_controls_stand_out_from_the_page() -> None:
    """An input's and a button's border against the page and the panel they sit on, in the
    light scheme and the dark: at least 3:1."""
    css = (ROOT / "templates" / "page" / "page.css").read_text(encoding="utf-8")
    for control in ("input", "button"):
        rule = re.search(rf"^{control} {{([^}}]*)}}", css, re.M)
        assert rule is not None and "border: 1px solid var(--control)" in rule.group(1)
    light, dark = (dict(re.findall(r"--(\w+): (#[0-9a-f]{6})", block)) for block in
                   (css.split(":root {", 1)[1].split("}", 1)[0],
                    css.split("prefers-color-scheme: dark", 1)[1].split("}", 1)[0]))
    for scheme in (light, dark):
        for ground in ("paper", "soft"):
            assert _contrast(scheme["control"], scheme[ground]) >= 3, (scheme, ground)


@pytest.mark.parametrize("name", ["deepseek-v3", "gpt2"])
def test_every_table_has_a_caption(name: str) -> None:
    for html in (page(symparam.model(name)), site(names=[name])["index.html"]):
        tables = re.findall(r"<table[^>]*>\s*(<[a-z]+)", html)
        assert tables and all(first == "<caption" for first in tables)
