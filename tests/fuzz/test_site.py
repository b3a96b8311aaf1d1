"""``symparam site DIR`` under attack (issue 33, item 5): without ``--force`` it rendered every
page (4 s of CPU) before refusing because files exist; with ``--force`` a failure half-way (a full
disk, Ctrl-C) left a site half old and half new. Refused before a page is rendered; all of the
new site or all of the old one, whatever fails at whichever file, nothing else left in the
folder. The site here is four presets' pages and the index (every preset's: 4 s a site)."""

from __future__ import annotations

import errno
import os
import signal
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symparam.cli import main
from tests.fuzz.harness import EXAMPLES, TALLY
from tests.fuzz.test_fuzz import FUZZ

#: the presets of the site the tests write
PRESETS = ["toy-net", "gpt2", "bert-base-uncased", "mamba-130m"]
FILES = sorted([f"{name}.html" for name in PRESETS] + ["index.html"])


@pytest.fixture(autouse=True)
def few_presets(monkeypatch: pytest.MonkeyPatch) -> None:
    import symparam.presets
    import symparam.site

    every = symparam.presets.presets()
    monkeypatch.setattr(symparam.site, "presets", lambda: {n: every[n] for n in PRESETS})


def _tally(entry: str, outcome: str) -> None:
    tally = TALLY.setdefault(entry, Counter())
    tally["inputs"] += 1
    tally[outcome] += 1


def _old_site(folder: Path) -> dict[str, str]:
    folder.mkdir(exist_ok=True)
    old = {name: f"the old {name}\n" for name in FILES}
    for name, text in old.items():
        (folder / name).write_text(text, encoding="utf-8")
    return old


def _contents(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("there", ["index.html", "gpt2.html", "a folder", "a link"])
def test_without_force_nothing_is_rendered(there: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    import symparam.site

    def no_page(*args: Any, **kwargs: Any) -> str:
        raise AssertionError("a page was rendered")

    monkeypatch.setattr(symparam.site, "page", no_page)
    folder = tmp_path / "site"
    folder.mkdir()
    if there == "a folder":
        (folder / "toy-net.html").mkdir()
    elif there == "a link":
        (folder / "bert-base-uncased.html").symlink_to("/dev/null")
    else:
        (folder / there).write_text("mine\n", encoding="utf-8")
    before = _contents(folder) if there not in ("a folder", "a link") else None
    assert main(["site", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "exists" in err and "--force" in err and len(err.splitlines()) == 1
    if before is not None:
        assert _contents(folder) == before
    _tally("site: files exist", "rejected")


def test_a_failure_at_any_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """A full disk, or Ctrl-C, while the k-th file is written: the old site stays whole (and a
    folder the run made is gone); past the last file, the new site is all there."""
    import symparam.site

    real = symparam.site.write_all
    new = None

    @settings(FUZZ, max_examples=max(10, EXAMPLES // 50))
    @given(st.integers(0, len(FILES)), st.sampled_from(["full disk", "Ctrl-C"]),
           st.booleans())
    def check(failing: int, how: str, existing: bool) -> None:
        nonlocal new
        folder = tmp_path / f"site-{failing}-{how}-{existing}"
        old = _old_site(folder) if existing else None
        calls = Counter[str]()

        def write_all(fd: int, data: bytes) -> None:
            if fd in (1, 2):  # standard output and error: not the site's files
                return real(fd, data)
            calls["writes"] += 1
            if calls["writes"] == failing + 1:
                if how == "Ctrl-C":
                    raise KeyboardInterrupt
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real(fd, data)

        monkeypatch.setattr(symparam.site, "write_all", write_all)
        status = main(["site", str(folder), "--force"])
        err = capsys.readouterr().err
        if failing < len(FILES):
            assert status == (130 if how == "Ctrl-C" else 2), err
            if existing:
                assert _contents(folder) == old
            else:
                assert not folder.exists()
            _tally("site --force: a failure", "rejected")
        else:
            assert status == 0, err
            written = _contents(folder)
            assert sorted(written) == FILES and not set(written.values()) & {*(old or {})}
            if new is None:
                new = written
            assert written == new  # the same site, into a new folder or over an old one
            _tally("site --force: a failure", "accepted")

    check()


@pytest.fixture(scope="module")
def rendered() -> dict[str, str]:
    """The site's files, rendered once (the signals below fall on the writing)."""
    from symparam.site import site

    return site(names=PRESETS)


def test_a_signal_at_any_file(rendered: dict[str, str], tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    """SIGINT or SIGTERM sent to the process the moment the k-th page's temporary file is
    created, or the moment the k-th page is moved into place: while they are written the
    old site stays whole (a new folder is gone); once they move, the signal waits for the
    last one (every file new), and the run ends with one line and 130 or 143."""
    import symparam.site

    monkeypatch.setattr(symparam.site, "site", lambda lang="en": dict(rendered))
    real = {"open": os.open, "replace": os.replace, "link": os.link}

    @settings(FUZZ, max_examples=max(40, EXAMPLES // 50))
    @given(st.sampled_from(["create", "move"]), st.integers(1, len(FILES)),
           st.sampled_from([signal.SIGINT, signal.SIGTERM]), st.booleans())
    def check(phase: str, k: int, stop: int, existing: bool) -> None:
        folder = tmp_path / f"site-{phase}-{k}-{int(stop)}-{existing}"
        old = _old_site(folder) if existing else None
        seen = Counter[str]()

        def at(kind: str, path: str) -> None:
            if ".symparam-" in os.path.basename(path):
                seen[kind] += 1
                if seen[kind] == k:
                    os.kill(os.getpid(), stop)

        def opened(path: str, flags: int, *args: Any, **kwargs: Any) -> int:
            fd = real["open"](path, flags, *args, **kwargs)
            if flags & os.O_EXCL and phase == "create":
                at("create", path)
            return fd

        def moved(kind: str) -> Any:
            def move(source: str, target: str, *args: Any, **kwargs: Any) -> None:
                real[kind](source, target, *args, **kwargs)
                if phase == "move":
                    at("move", source)
            return move

        with monkeypatch.context() as patched:
            patched.setattr(os, "open", opened)
            patched.setattr(os, "replace", moved("replace"))
            patched.setattr(os, "link", moved("link"))
            status = main(["site", str(folder), "--force"])
        err = capsys.readouterr().err
        assert status == {signal.SIGINT: 130, signal.SIGTERM: 143}[stop], err
        if phase == "create":
            assert _contents(folder) == old if existing else not folder.exists()
        else:
            assert _contents(folder) == rendered
        _tally("site --force: a signal", "rejected")

    check()
