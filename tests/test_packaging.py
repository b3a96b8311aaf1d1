"""The wheel carries the package, its data (presets, py.typed) and the top-level templates/."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.tools import need

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_contents(tmp_path: Path) -> None:
    need("hatchling")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w",
         str(tmp_path), str(ROOT)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = tmp_path.glob("symparam-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "symparam/py.typed" in names
    assert "symparam/presets/bert-base-uncased.json" in names
    templates = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "templates").rglob("*")
                       if p.is_file())
    assert templates, "templates/ is empty"
    for path in templates:
        assert f"symparam/{path}" in names, path
    metadata = next(n for n in names if n.endswith("METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    requires = [line for line in text.splitlines() if line.startswith("Requires-Dist:")
                and "extra ==" not in line]
    assert sorted(line.split()[1].split(">")[0] for line in requires) == ["jinja2", "sympy"]
