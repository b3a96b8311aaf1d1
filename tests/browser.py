"""Headless Chromium for the page tests: load a page from disk with values in its address, let
its script run, and keep what it left — the DOM, every console message, every network
request the page started, and (if asked) a screenshot.

Debian's ``chromium`` is the browser (``.ci/run`` installs it): skipped where it is missing,
a failure in CI. It runs with no sandbox (as root in a container it must), in a profile of its
own, with its own background traffic (updates, sync …) off and every host name unresolvable,
so that nothing leaves the machine; the net log still records any request the page starts.
"""

from __future__ import annotations

import json
import resource
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from tests.tools import require

#: a last resort against a browser that hangs without using CPU time
WALL_GUARD = 180
#: CPU seconds each of the browser's processes may use
CPU_LIMIT = 120


def chromium() -> str:
    """The browser's path: skipped (locally) or failed (in CI) when it is missing."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    require(found is not None, "chromium (Debian's package)")
    assert found is not None
    return found


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT + 1))


@dataclass
class Loaded:
    """What a page left after its script ran."""

    dom: str
    console: list[str]
    requests: list[str]
    elements: list[Element] = field(default_factory=list)

    def figures(self) -> list[tuple[str, str]]:
        """Every figure and sign the script keeps up to date, in document order: (formula,
        text)."""
        return figures(self.elements)

    def value(self, index: int = 0) -> str:
        """The machine-readable digits of the page's ``index``-th result (0: the total)."""
        found = [e.attrs["data-value"] for e in self.elements if "data-value" in e.attrs]
        return found[index]

    def shown(self, attribute: str) -> dict[str, bool]:
        """Which messages (by their ``attribute``'s value) are shown."""
        return {e.attrs[attribute]: "hidden" not in e.attrs
                for e in self.elements if attribute in e.attrs}

    def listed(self, name: str) -> str:
        """The names the script wrote into a message's list."""
        return next(e.text for e in self.elements if e.attrs.get("data-list") == name)


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    text: str = ""


class _Collector(HTMLParser):
    """The elements that carry a data- attribute, each with the text inside it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self.open: list[tuple[str, Element | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        element = Element(tag, found) if any(k.startswith("data-") for k in found) else None
        if element is not None:
            self.elements.append(element)
        if tag not in ("input", "meta", "br", "link"):
            self.open.append((tag, element))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, _ = self.open.pop()
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, element in self.open:
            if element is not None:
                element.text += data


def figures(found: list[Element]) -> list[tuple[str, str]]:
    """The figures and signs among ``found``: (formula, text)."""
    return [(e.attrs.get("data-f") or "sign " + e.attrs["data-sign"], e.text)
            for e in found if "data-f" in e.attrs or "data-sign" in e.attrs]


def elements(html: str) -> list[Element]:
    """The elements of ``html`` that carry a data- attribute."""
    collector = _Collector()
    collector.feed(html)
    return collector.elements


def load(page: Path, address: str = "", screenshot: Path | None = None,
         width: int = 1000, height: int = 2400, query: str = "",
         languages: str = "en-US") -> Loaded:
    """Open ``page`` (with ``query`` after its ``?`` and ``address`` after its ``#``) in a
    browser whose readers prefer ``languages``, run its script, and return the DOM it left,
    its console messages and the requests it started; ``screenshot``: save one."""
    browser = chromium()
    url = page.resolve().as_uri() + (f"?{query}" if query else "") + \
        (f"#{address}" if address else "")
    work = Path(tempfile.mkdtemp(prefix="symparam-chromium-"))
    netlog = work / "net.json"
    flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-extensions", "--disable-default-apps", "--no-pings",
        "--disable-domain-reliability", "--disable-client-side-phishing-detection",
        "--host-resolver-rules=MAP * ~NOTFOUND", f"--user-data-dir={work / 'profile'}",
        "--enable-logging=stderr", "--v=0", f"--log-net-log={netlog}",
        "--virtual-time-budget=10000", "--hide-scrollbars", f"--window-size={width},{height}",
        f"--lang={languages.split(',')[0]}", f"--accept-lang={languages}",
    ]
    action = [f"--screenshot={screenshot}"] if screenshot is not None else ["--dump-dom"]
    done = subprocess.run([browser, *flags, *action, url], capture_output=True, text=True,
                          timeout=WALL_GUARD, preexec_fn=_limited, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    requests = page_requests(netlog)
    shutil.rmtree(work, ignore_errors=True)
    return Loaded(done.stdout, console, requests, elements(done.stdout))


def page_requests(netlog: Path) -> list[str]:
    """The URLs of the network requests a page started (not the browser's own: those have no
    origin), read off Chromium's net log."""
    try:
        log = json.loads(netlog.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):  # a log cut short: end the list yourself
        text = netlog.read_text(encoding="utf-8").rstrip().rstrip(",")
        log = json.loads(text + "]}")
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    found = []
    for event in log["events"]:
        params = event.get("params", {})
        if event["type"] == start and "url" in params \
                and params.get("initiator") != "not an origin":  # the start, not its end
            found.append(params["url"])
    return found
