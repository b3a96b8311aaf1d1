"""bench/run.py prints its table and writes bench/RESULTS.md only when asked (``--write``).

The measurements themselves take minutes and belong to bench/, not to a timed test: here every
one is replaced by a fixed figure, and only what the script does with them is checked.
"""

from __future__ import annotations

import importlib.util
import types
from pathlib import Path
from typing import Any

import pytest

from tests.tools import ROOT


def bench(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Any:
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def run(argv: list[str], **_: Any) -> Any:  # the scripts that print their own timings
        return types.SimpleNamespace(stdout="0.5 1.0\n")

    monkeypatch.setattr(module, "HERE", folder)
    monkeypatch.setattr(module, "paired", lambda *a, **k: (1.0, 2.0))
    monkeypatch.setattr(module, "printed", lambda *a, **k: 0.5)
    monkeypatch.setattr(module, "peak_kib", lambda *a, **k: 1024)
    monkeypatch.setattr(module, "compile_package", lambda: None)
    monkeypatch.setattr(module, "families_imported", lambda: (1, 33))
    monkeypatch.setattr(module, "cpu_seconds", lambda *a, **k: 1.5)
    monkeypatch.setattr(module, "subprocess", types.SimpleNamespace(run=run))
    monkeypatch.setattr(module.tempfile, "mkdtemp", lambda: str(folder))
    return module


def test_bench_writes_its_results_only_when_asked(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    module = bench(monkeypatch, tmp_path)
    status = module.main([])
    printed = capsys.readouterr().out
    assert "| writing 1,000,000 sweep rows as CSV | ≤ 2× numpy's `savetxt`, same array |" \
        in printed
    assert "`symparam sweep` of 1,000,000 rows to CSV, whole command" in printed
    assert not (tmp_path / "RESULTS.md").exists()
    assert module.main(["--write"]) == status
    written = (tmp_path / "RESULTS.md").read_text(encoding="utf-8")
    assert "Reproduce with `python bench/run.py --write`" in written
    assert capsys.readouterr().out.splitlines()[0] in written
