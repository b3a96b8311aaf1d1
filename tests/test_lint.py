"""The source stays ruff-clean (ruff is in the test extra)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed")
    done = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
