"""What the page tests share: what ``symparam count`` says for the values of an address, a
page written to disk, a page's words by language, and a script added to a page (its hash in
the page's policy)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.catalog import example_values
from symparam.cli import main
from symparam.page import page
from symparam.wording import LANGUAGES
from tests.browser import load


def said_count(capsys: pytest.CaptureFixture[str], model: str, address: str = "",
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


def written(tmp_path: Path, model: str, lang: str = "en", symbolic: bool = False,
             name: str = "page") -> Path:
    path = tmp_path / f"{name}.html"
    m = symparam.model(model)
    path.write_text(page(m, lang=lang, symbolic=symbolic,
                         example=example_values(m) if symbolic else None), encoding="utf-8")
    return path


def clean(loaded: object) -> None:
    """The page loaded with no console message and no request."""
    assert loaded.console == [], loaded.console  # type: ignore[attr-defined]
    assert loaded.requests == [], loaded.requests  # type: ignore[attr-defined]


def script_hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()




def with_script(html: str, script: str) -> str:
    """``html`` with ``script`` run after its own, the script's hash added to its policy."""
    policy = re.search(r"script-src '([^']*)'", html)
    assert policy is not None
    html = html.replace(policy.group(0), f"{policy.group(0)} '{script_hash(script)}'")
    return html.replace("</body>", f"<script>{script}</script>\n</body>")


def opened(tmp_path: Path, html: str, script: str, name: str = "page.html") -> Any:
    """``html`` with ``script`` run after its own (:func:`with_script`), written to
    ``tmp_path`` and loaded in the browser, checked :func:`clean`."""
    path = tmp_path / name
    path.write_text(with_script(html, script), encoding="utf-8")
    loaded = load(path)
    clean(loaded)
    return loaded


def body_data(loaded: Any) -> dict[str, str]:
    """The ``data-*`` attributes the page's body holds once its scripts have run."""
    body = re.search(r"<body([^>]*)>", loaded.dom)
    assert body is not None
    return dict(re.findall(r'data-(\w+)="([^"]*)"', body.group(1)))


_VOID = {"input", "meta", "br", "img", "link", "hr", "wbr"}
_SKIPPED = {"math", "code", "script", "style", "title"}


class Words(HTMLParser):
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
