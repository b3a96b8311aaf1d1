"""derivations/ is exactly what the generator makes: a stale file fails with the fix to run."""

from __future__ import annotations

from symparam.showcase import render_all
from tests.tools import ROOT

HOW = "derivations/ is stale; regenerate it with `python -m symparam.showcase` and commit"


def test_showcase_is_up_to_date() -> None:
    folder = ROOT / "derivations"
    expected = render_all()
    present = {p.name for p in folder.iterdir() if p.is_file()}
    assert present == set(expected), HOW
    for name, text in expected.items():
        assert (folder / name).read_text(encoding="utf-8") == text, f"{name}: {HOW}"


def test_regeneration_is_byte_identical() -> None:
    assert render_all() == render_all()
