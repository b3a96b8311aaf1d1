"""External tools the document tests use: skipped where missing, required when CI is set."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def require(ok: bool, what: str) -> None:
    """Skip (locally) or fail (in CI, where .ci/run installs every tool) when a tool is missing."""
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing in CI; .ci/run should have installed it")
    pytest.skip(f"{what} is not installed")


def need(module: str) -> Any:
    """``module``, imported: skipped where it is missing, a failure in CI (the test extra
    installs it), so that a suite cannot pass there by not running."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module)


def katex_module() -> str | None:
    """Where node finds the katex package, or None."""
    node = shutil.which("node")
    if node is None:
        return None
    for candidate in (os.environ.get("SYMPARAM_KATEX"), "katex"):
        if not candidate:
            continue
        done = subprocess.run([node, "-e", f"require.resolve({candidate!r})"],
                              capture_output=True, check=False)
        if done.returncode == 0:
            return candidate
    return None
