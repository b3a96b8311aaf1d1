"""Gather the CPU each test took into tests/costs.json, which weighs the oracle sweeps' samples
and orders the suite (tests/conftest.py).

    SYMPARAM_COSTS=/tmp/costs python -m pytest -q        # each worker appends its tests' CPU
    python tools/test_costs.py /tmp/costs                # what was measured: totals, costliest
    python tools/test_costs.py /tmp/costs --write        # merged into tests/costs.json

A test's cost is its process's CPU and its children's (xelatex, node, the command line's
subprocesses), in seconds; CPU, not wall, so that a loaded machine measures the same. A run
measures the cases its sample drew: a new measurement replaces the old one of the same test,
and the others are kept (``SYMPARAM_SWEEP=all`` measures every case). Only the tests that take
``KEEP`` seconds or more, and every sweep case, are written: the rest cost too little to weigh.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COSTS = ROOT / "tests" / "costs.json"
#: a test under this many CPU seconds is not written (unless it is a sweep case, whose sample
#: is weighed by every case's cost)
KEEP = 1.0


def measured(folder: Path) -> dict[str, float]:
    """The CPU seconds of each test a run measured (its workers' files in ``folder``)."""
    found: dict[str, float] = {}
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            nodeid, seconds = json.loads(line)
            found[nodeid] = seconds
    return found


def sweep_cases() -> set[str]:
    """The node ids of every oracle sweep case, as pytest collects them (no test runs)."""
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", "-n", "0",
                          "-m", "sweep", "-p", "no:cacheprovider", "tests"],
                         cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "SYMPARAM_SWEEP": "all"})
    return {line.strip() for line in out.stdout.splitlines() if "::" in line}


def merged(old: dict[str, float], new: dict[str, float], sweeps: set[str]) -> dict[str, float]:
    """``old`` with ``new``'s measurements in place of its own, the cheap tests left out."""
    both = {**old, **new}
    return {k: round(v, 1) for k, v in sorted(both.items()) if v >= KEEP or k in sweeps}


def report(costs: dict[str, float]) -> None:
    total = sum(costs.values())
    by_file: Counter[str] = Counter()
    for nodeid, seconds in costs.items():
        by_file[nodeid.split("::")[0]] += seconds
    print(f"{len(costs):,} tests measured, {total:,.0f} s of CPU")
    for path, seconds in by_file.most_common(15):
        print(f"  {seconds:8.1f} s  {seconds / total:5.1%}  {path}")
    print("costliest:")
    for nodeid, seconds in sorted(costs.items(), key=lambda kv: -kv[1])[:15]:
        print(f"  {seconds:8.1f} s  {nodeid}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="SYMPARAM_COSTS's folder of a run")
    parser.add_argument("--write", action="store_true", help="merge into tests/costs.json")
    args = parser.parse_args(argv)
    new = measured(args.folder)
    if not new:
        print(f"test_costs: no measurement in {args.folder}", file=sys.stderr)
        return 2
    report(new)
    if args.write:
        old = json.loads(COSTS.read_text(encoding="utf-8"))["costs"] if COSTS.exists() else {}
        costs = merged(old, new, sweep_cases())
        COSTS.write_text(json.dumps({"about": "CPU seconds per test (tools/test_costs.py)",
                                     "costs": costs}, indent=0, ensure_ascii=False) + "\n",
                         encoding="utf-8")
        print(f"wrote {COSTS.relative_to(ROOT)}: {len(costs):,} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
