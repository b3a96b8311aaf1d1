"""Regenerate the fitted records (``symparam/fitted/records/*.json`` and the index) from the
installed, pinned transformers: each model type's classes read off their module trees on the
meta device (:mod:`symparam.fitting.records`).

    python tools/fit_records.py                  # every type no hand-written family serves
    python tools/fit_records.py gemma3 llama4    # those types only (the index keeps the rest)
    python tools/fit_records.py --list           # the types it would fit

Each type is fitted in a child process of bounded CPU time (``--cpu``, default 600 s) and
niceness 10, one at a time; a type whose fit fails or runs out of time is listed in
``symparam/fitted/refused.json`` with why. ``tests/test_fitted.py`` checks the records are
up to date: the transformers version they name, and a sample fitted again.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FITTED = ROOT / "symparam" / "fitted"
RECORDS = FITTED / "records"


def candidates() -> list[str]:
    """Every model type transformers registers a config and a class for that no
    hand-written family serves."""
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES

    from symparam.catalog import model_types
    from symparam.fitting.transformers_types import classes_of

    served = set(model_types())
    return sorted(t for t in CONFIG_MAPPING_NAMES if t not in served and classes_of(t))


def fit_one(model_type: str, cpu: int) -> dict[str, Any]:
    """The record of one type, fitted in a child of at most ``cpu`` seconds of CPU time."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
        os.nice(10)

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "record.json"
        done = subprocess.run([sys.executable, "-m", "symparam.fitting.records", model_type,
                               str(out)], preexec_fn=limit, capture_output=True, text=True,
                              cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                              check=False)
        if out.exists():
            return json.loads(out.read_text(encoding="utf-8"))
    why = "ran out of CPU time" if done.returncode in (-9, -24, 137, 152) else \
        (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1][:200]
    return {"model_type": model_type, "refused": why}


def write_index() -> None:
    """The index: the transformers version and each type's classes, from the records."""
    import transformers

    types = {}
    for path in sorted(RECORDS.glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        types[record["model_type"]] = list(record["classes"])
    index = {"format": 1, "transformers": transformers.__version__, "types": types}
    (FITTED / "index.json").write_text(json.dumps(index, indent=0, sort_keys=True) + "\n",
                                       encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("types", nargs="*", help="model types (default: every candidate)")
    parser.add_argument("--cpu", type=int, default=600, help="CPU seconds a type may take")
    parser.add_argument("--list", action="store_true", help="print the types and stop")
    args = parser.parse_args(argv)
    from symparam.catalog import model_types

    served = [t for t in args.types if t in model_types()]
    if served:  # a hand-written family takes precedence: its record would never be read
        print(f"served by a hand-written family, not fitted: {', '.join(served)}")
    wanted = [t for t in args.types if t not in served] if args.types else candidates()
    if args.list:
        print("\n".join(wanted))
        return 0
    RECORDS.mkdir(parents=True, exist_ok=True)
    refused_path = FITTED / "refused.json"
    refused = json.loads(refused_path.read_text()) if refused_path.exists() else {}
    for model_type in wanted:
        started = time.time()
        data = fit_one(model_type, args.cpu)
        target = RECORDS / f"{model_type}.json"
        if "refused" in data and "classes" not in data:
            refused[model_type] = data["refused"]
            target.unlink(missing_ok=True)
            print(f"{model_type}: refused: {data['refused']}", flush=True)
            continue
        refused.pop(model_type, None)
        target.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{model_type}: {len(data['classes'])} classes, {data.get('builds')} builds, "
              f"{data.get('cpu_seconds')} s CPU ({time.time() - started:.0f} s)", flush=True)
    refused_path.write_text(json.dumps(dict(sorted(refused.items())), indent=1) + "\n",
                            encoding="utf-8")
    write_index()
    return 0


if __name__ == "__main__":
    sys.exit(main())
