"""The pages on a phone: at 390 CSS pixels wide (an iPhone's), in each language, the page
never scrolls sideways (a formula wider than the screen scrolls in its own box), the
hyperparameters' meanings are not squeezed to a character a line, and "At a glance" shows
each part's count and share. Measured in headless Chromium: a window is at least 500 pixels
wide, so the page is opened in a frame 390 pixels wide, and a script the test adds (its hash
added to the page's policy) measures it and posts what it found to the frame's parent.
Controls' borders contrast 3:1 with the page (WCAG 1.4.11), and every table has a caption.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.catalog import example_values
from symparam.page import page
from symparam.site import site
from tests.browser import load
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
  parent.postMessage({scrollWidth: document.documentElement.scrollWidth, width: innerWidth,
                      wide: wide.slice(0, 5), meanings: widths(".inputs .meaning"),
                      glance}, "*");
});
"""

_FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe src="{src}" style="width:{width}px;height:2000px;border:0"></iframe>
<script>
addEventListener("message", (e) => {{ document.body.dataset.found = JSON.stringify(e.data); }});
</script></body></html>"""


def _hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def measure(html: str, lang: str, tmp_path: Path, width: int = PHONE) -> dict[str, Any]:
    """What the measuring script found in ``html`` shown in ``lang``, ``width`` pixels wide."""
    policy = re.search(r"script-src '([^']*)'", html)
    assert policy is not None
    html = html.replace(policy.group(0), f"{policy.group(0)} '{_hash(_MEASURE)}'")
    html = html.replace("</body>", f"<script>{_MEASURE}</script>\n</body>")
    inner = tmp_path / "page.html"
    inner.write_text(html, encoding="utf-8")
    outer = tmp_path / "phone.html"
    outer.write_text(_FRAME.format(src=f"page.html?lang={lang}", width=width), encoding="utf-8")
    loaded = load(outer, width=max(width, 500), height=2000)
    found = re.search(r'data-found="([^"]*)"', loaded.dom)
    assert found is not None, "the page's measuring script did not report"
    result: dict[str, Any] = json.loads(unescape(found.group(1)))
    assert result["width"] == width
    return result


#: the widest pages (DeepSeek's and Mamba's formulas by kind of block), a config page, a family
#: page, each in a language: CJK text breaks anywhere, so a column can shrink to a character
SAMPLE = [("deepseek-v3", "ko"), ("mamba2-2.7b", "zh"), ("deepseek-v2-lite", "en"),
          ("qwen3-next-80b-a3b", "ko"), ("llama-3-8b", "zh"), ("gpt-oss-120b", "en"),
          ("config", "zh"), ("bert --symbolic", "ko")]


@pytest.mark.parametrize(("name", "lang"), SAMPLE, ids=[f"{n}-{lang}" for n, lang in SAMPLE])
def test_no_page_scrolls_sideways_on_a_phone(name: str, lang: str, tmp_path: Path) -> None:
    if name == "config":
        m = symparam.model(str(ROOT / "tests" / "configs" / "qwen3-30b-a3b.json"))
    else:
        m = symparam.model(name.split()[0])
    symbolic = "--symbolic" in name
    found = measure(page(m, symbolic=symbolic, example=example_values(m) if symbolic else None),
                    lang, tmp_path)
    assert found["scrollWidth"] <= PHONE and found["wide"] == [], found
    # a meaning reads as words, not a column of single characters
    assert found["meanings"] and min(found["meanings"]) >= 0.6 * PHONE, found["meanings"]
    # "At a glance": count and share on the screen, without scrolling the table
    assert len(found["glance"]) == 2 and max(found["glance"]) <= PHONE, found["glance"]


def test_the_index_on_a_phone(tmp_path: Path) -> None:
    html = site(names=["deepseek-v3", "qwen3-next-80b-a3b", "gpt2"])["index.html"]
    found = measure(html, "zh", tmp_path)
    assert found["scrollWidth"] <= PHONE and found["wide"] == [], found


def test_the_layout_checks_can_fail(tmp_path: Path) -> None:
    """A page with a formula forced wider than the phone is caught."""
    html = page(symparam.model("deepseek-v3")).replace(
        "<style>", "<style>.formulas li { overflow: visible !important; }", 1)
    style = re.search(r"<style>(.*?)</style>", html, re.S)
    assert style is not None
    html = re.sub(r"style-src '[^']*'", f"style-src '{_hash(style.group(1))}'", html)
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
