"""The source stays ruff-clean (ruff is in the test extra)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from tests.tools import require

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_clean() -> None:
    require(importlib.util.find_spec("ruff") is not None, "ruff (the test extra)")
    done = subprocess.run([sys.executable, "-m", "ruff", "check", str(ROOT)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
