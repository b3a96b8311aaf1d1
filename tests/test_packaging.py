"""The wheel carries the package, its data (presets, py.typed) and the top-level templates/;
the sdist carries what its tests and README need, no stray files, and its tests pass from it."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
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


#: what the sdist must carry: what its tests read and what its README points to
SDIST_NEEDS = ("LICENSE", "README.md", "SECURITY.md", "pyproject.toml", ".ci/run",
               "docs/config-semantics.md", "docs/adding-a-model-type.md",
               "tests/configs/mpt-7b.json", "tests/fuzz/harness.py", "tests/katex_check.js",
               "templates/derivation.md.j2", "derivations/bert-base-uncased.en.md",
               "examples/quickstart.ipynb", "tools/hf_defaults.py", "bench/run.py",
               "symparam/py.typed", "symparam/presets/bert-base-uncased.json")
#: a subset of the tests, run from the unpacked sdist: the ones that read its documents
#: (SECURITY.md, docs/, derivations/ with templates/) and a command of the README
FROM_SDIST = ("tests/test_showcase.py::test_showcase_is_up_to_date",
              "tests/test_security.py::test_no_user_text_reaches_code",
              "tests/test_security.py::test_limits_are_what_security_md_says",
              "tests/test_config_semantics.py::test_every_case_is_documented",
              "tests/test_sweep.py::test_sweep_cli", "symparam/sweep.py")
#: CPU seconds the tests from the sdist may take (about 7 alone)
SDIST_CPU = 90


def _cpu_bound() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_CPU, (SDIST_CPU, SDIST_CPU + 1))


def test_sdist_carries_what_its_tests_need_and_they_pass(tmp_path: Path) -> None:
    need("hatchling")
    done = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d",
                           str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                          check=False, preexec_fn=_cpu_bound)
    assert done.returncode == 0, done.stderr[-2000:]
    (sdist,) = tmp_path.glob("symparam-*.tar.gz")
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/")[0]
        names = {n.removeprefix(top + "/") for n in archive.getnames() if "/" in n}
        archive.extractall(tmp_path, filter="data")
    assert set(SDIST_NEEDS) <= names, sorted(set(SDIST_NEEDS) - names)
    stray = [n for n in names if any(part in n for part in
                                     ("__pycache__", ".pyc", ".hypothesis", ".pytest_cache",
                                      ".egg-info", ".ruff_cache", "/build/", "/dist/"))]
    assert stray == []
    if (ROOT / ".git").exists():  # a checkout: nothing but what git tracks (and PKG-INFO)
        tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True,
                                 text=True, check=True).stdout.splitlines()
        files = {n for n in names if (tmp_path / top / n).is_file()}
        assert files - set(tracked) - {"PKG-INFO"} == set()
    unpacked = tmp_path / top
    environment = {**os.environ, "PYTHONPATH": str(unpacked)}
    # in one process (-n 0): six small tests do not pay for two workers' start-up (issue 30)
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "0", "-p",
                            "no:cacheprovider", *FROM_SDIST], cwd=unpacked,
                           capture_output=True, text=True, check=False, env=environment,
                           preexec_fn=_cpu_bound)
    assert tests.returncode == 0, tests.stdout[-3000:]
    assert f"{len(FROM_SDIST)} passed" in tests.stdout
    where = subprocess.run([sys.executable, "-c", "import symparam; print(symparam.__file__)"],
                           cwd=unpacked, capture_output=True, text=True, check=True,
                           env=environment)
    assert where.stdout.startswith(str(unpacked))


def test_metadata() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith(
        "MIT License")
    assert project["keywords"] and any("Typed" in c for c in project["classifiers"])
    assert {"plot", "fast", "pandas"} <= set(project["optional-dependencies"])


def test_the_classifiers_name_the_pythons_that_work() -> None:
    """requires-python and the version classifiers agree: 3.11 to 3.13, this one among them."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    versions = [c.rsplit(":: ", 1)[1] for c in project["classifiers"]
                if c.startswith("Programming Language :: Python :: 3.")]
    assert versions == ["3.11", "3.12", "3.13"]
    assert project["requires-python"] == ">=3.11"
    assert f"{sys.version_info.major}.{sys.version_info.minor}" in versions
