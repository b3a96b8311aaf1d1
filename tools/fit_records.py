"""Regenerate the fitted records (``symparam/fitted/records/*.json`` and the index) from the
installed, pinned transformers: each model type's classes read off their module trees on the
meta device (:mod:`symparam.fitting.records`).

    python tools/fit_records.py                  # every type no hand-written family serves
    python tools/fit_records.py gemma3 llama4    # those types only (the index keeps the rest)
    python tools/fit_records.py --list           # the types it would fit
    python tools/fit_records.py --missing        # only those with no record nor refusal yet
    python tools/fit_records.py --flops apertus  # a type's forward FLOPs (flops/<type>.json)
    python tools/fit_records.py --flops --missing --cpu 120  # every record with no FLOPs file
    python tools/fit_records.py --flops --heads --cpu 60  # only the classes the files lack

Each type is fitted in a child process of bounded CPU time (``--cpu``, default 600 s) and
niceness 10, one at a time; a type whose fit fails or runs out of time is listed in
``symparam/fitted/refused.json`` with why. Each type's record, the refused list and the
index are written whole as the type is done, so a run stopped midway keeps what it did.
``tests/test_fitted.py`` checks the records are up to date: the transformers version they
name, and a sample fitted again.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this tree's symparam, which the forked children fit with
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


#: why a type with no class of its own is not fitted (refused.json, the coverage document)
NO_CLASS = "transformers' auto mappings register no class for it (a part of another type's model)"


def unclassed() -> list[str]:
    """The model types transformers registers a config for but no class, that no
    hand-written family serves (a tower or a decoder another type's classes hold)."""
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES

    from symparam.catalog import model_types
    from symparam.fitting.transformers_types import classes_of

    served = set(model_types())
    return sorted(t for t in CONFIG_MAPPING_NAMES if t not in served and not classes_of(t))


def fit_one(model_type: str, cpu: int, flops: bool = False,
            classes: tuple[str, ...] = ()) -> dict[str, Any]:
    """The record of one type, fitted in a child of at most ``cpu`` seconds of CPU time.

    The child is forked from this process once torch and transformers are imported here, so
    each type does not pay for importing them again (a third of a small type's time).
    With ``flops``, its FLOPs file (:mod:`symparam.fitting.flops`) instead, of ``classes``
    alone where named."""
    import torch  # noqa: F401  (imported once, before the children fork)
    import transformers.models.auto  # noqa: F401

    from symparam.fitting import flops as flops_fit
    from symparam.fitting import records

    with tempfile.TemporaryDirectory() as folder:
        out, err = Path(folder) / "record.json", Path(folder) / "stderr"
        child = os.fork()
        if child == 0:  # the child: bounded, quiet, and never back into this loop
            code = 1
            try:
                resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
                os.nice(max(0, 10 - os.nice(0)))  # niceness 10, run under nice or not
                with open(err, "w", encoding="utf-8") as handle:
                    os.dup2(handle.fileno(), 2)
                    os.dup2(handle.fileno(), 1)
                code = (flops_fit.main if flops else records.main)([model_type, str(out),
                                                                     *classes])
            except BaseException:  # its last line is the reason given
                import traceback

                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(child, 0)
        if out.exists() and out.stat().st_size:
            try:
                return json.loads(out.read_text(encoding="utf-8"))
            except ValueError:
                pass  # cut short while writing: the child's status says why
        stderr = err.read_text(encoding="utf-8", errors="replace") if err.exists() else ""
    signal = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
    why = f"ran out of CPU time (more than {cpu} s)" if signal in (9, 24) else \
        (stderr.strip().splitlines() or [f"exit status {os.waitstatus_to_exitcode(status)}"]
         )[-1][:200]
    return {"model_type": model_type, "refused": why}


def write_index() -> None:
    """The index: the transformers version and each type's classes, from the records."""
    import transformers

    types = {}
    for path in sorted(RECORDS.glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        types[record["model_type"]] = list(record["classes"])
    index = {"format": 1, "transformers": transformers.__version__, "types": types}
    _write(FITTED / "index.json", json.dumps(index, indent=0, sort_keys=True) + "\n")


def _write(path: Path, text: str) -> None:
    """``text`` into ``path`` whole or not at all (a kill leaves the old file)."""
    part = path.with_name(f".{path.name}.part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


def _write_compact(path: Path, data: Any) -> None:
    """A record or a FLOPs file as every one is stored: JSON on one line, whole."""
    _write(path, json.dumps(data, separators=(",", ":")) + "\n")


def _note(model_type: str, data: dict[str, Any] | None, refused: dict[str, str]) -> None:
    """One type done: its record (or none), the refused list and the index, each written
    whole, so that stopping between two types loses neither."""
    import transformers

    target = RECORDS / f"{model_type}.json"
    if data is None:
        target.unlink(missing_ok=True)
    else:
        _write_compact(target, data)
    _write(FITTED / "refused.json", json.dumps(dict(sorted(refused.items())), indent=1) + "\n")
    index_path = FITTED / "index.json"
    index = json.loads(index_path.read_text(encoding="utf-8")) if index_path.exists() else {}
    types = dict(index.get("types", {}))
    types.pop(model_type, None)
    if data is not None:
        types[model_type] = list(data["classes"])
    index = {"format": 1, "transformers": transformers.__version__, "types": types}
    _write(index_path, json.dumps(index, indent=0, sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("types", nargs="*", help="model types (default: every candidate)")
    parser.add_argument("--cpu", type=int, default=600, help="CPU seconds a type may take")
    parser.add_argument("--list", action="store_true", help="print the types and stop")
    parser.add_argument("--missing", action="store_true",
                        help="leave out the types with a record or a refusal (resume a run)")
    parser.add_argument("--flops", action="store_true",
                        help="fit the forward FLOPs of records (flops/<type>.json) instead")
    parser.add_argument("--heads", action="store_true",
                        help="with --flops: fit only the classes a type's FLOPs file refuses "
                             "as not fitted yet and the fitter now reads, each in a child of "
                             "--cpu seconds; the fitted ones are kept as they are")
    args = parser.parse_args(argv)
    if args.heads and not args.flops:
        parser.error("--heads fits FLOPs: give --flops with it")
    if args.flops:
        return fit_heads(args) if args.heads else fit_flops(args)
    from symparam.catalog import model_types

    served = [t for t in args.types if t in model_types()]
    if served:  # a hand-written family takes precedence: its record would never be read
        print(f"served by a hand-written family, not fitted: {', '.join(served)}")
    wanted = [t for t in args.types if t not in served] if args.types else candidates()
    refused_path = FITTED / "refused.json"
    refused = json.loads(refused_path.read_text()) if refused_path.exists() else {}
    if args.missing:
        wanted = [t for t in wanted if t not in refused and not (RECORDS / f"{t}.json").exists()]
    if args.list:
        print("\n".join(wanted))
        return 0
    RECORDS.mkdir(parents=True, exist_ok=True)
    if not args.types:  # each type transformers has is fitted or refused with why
        refused.update({t: NO_CLASS for t in unclassed() if t not in refused})
        _write(refused_path, json.dumps(dict(sorted(refused.items())), indent=1) + "\n")
    for model_type in wanted:
        started = time.time()
        data = fit_one(model_type, args.cpu)
        if "refused" in data and "classes" not in data:
            refused[model_type] = data["refused"]
            _note(model_type, None, refused)
            print(f"{model_type}: refused: {data['refused']}", flush=True)
            continue
        refused.pop(model_type, None)
        _note(model_type, data, refused)
        print(f"{model_type}: {len(data['classes'])} classes, {data.get('builds')} builds, "
              f"{data.get('cpu_seconds')} s CPU ({time.time() - started:.0f} s)", flush=True)
    write_index()
    return 0


def flops_order(types: list[str]) -> list[str]:
    """The order a run over every record fits FLOPs in: text decoders first (a causal
    language-model head and no sub-config), then text encoders (a masked one), then the other
    text types (a vocabulary), then the rest (images, audio, several towers)."""

    def rank(model_type: str) -> int:
        record = json.loads((RECORDS / f"{model_type}.json").read_text(encoding="utf-8"))
        text = not record.get("sections")
        sizes = {e.get("size") for e in record["keys"].values() if isinstance(e, dict)}
        if text and any(c.endswith(("ForCausalLM", "LMHeadModel")) for c in record["classes"]):
            return 0
        if text and any(c.endswith("ForMaskedLM") for c in record["classes"]):
            return 1
        return 2 if text and "V" in sizes else 3

    return sorted(types, key=lambda t: (rank(t), t))


def fit_flops(args: argparse.Namespace) -> int:
    """Each type's forward FLOPs fitted alone, in a child of bounded CPU time, and written
    beside its record as ``symparam/fitted/flops/<type>.json`` (the record is not touched)."""
    from symparam import fitted

    wanted = args.types or flops_order(fitted.names())
    unknown = [t for t in wanted if not fitted.has(t)]
    if unknown:
        print(f"no record, no FLOPs fitted: {', '.join(unknown)}")
    folder = FITTED / "flops"
    wanted = [t for t in wanted if fitted.has(t)
              and not (args.missing and (folder / f"{t}.json").exists())]
    if args.list:
        print("\n".join(wanted))
        return 0
    folder.mkdir(exist_ok=True)
    for model_type in wanted:
        started = time.time()
        data = fit_one(model_type, args.cpu, flops=True)
        if "format" not in data:  # the child died: why, for every class
            data = {"format": 1, "model_type": model_type, "classes": {},
                    "refused": {"*": data.get("refused", "the fit failed")}}
        _write_compact(folder / f"{model_type}.json", data)
        print(f"{model_type}: FLOPs of {len(data['classes'])} classes, "
              f"{len(data['refused'])} refused, {data.get('cpu_seconds')} s CPU "
              f"({time.time() - started:.0f} s)", flush=True)
    return 0


def fit_heads(args: argparse.Namespace) -> int:
    """The classes each type's FLOPs file lacks (:func:`symparam.fitting.heads.new_classes`),
    each fitted alone in a child of ``--cpu`` seconds and merged into the file, which is
    written whole after each; the classes fitted before are kept as they are. A file fitted
    with another transformers or torch than the installed ones is left alone (its classes
    would mix versions); a type with no file is fitted whole by ``--flops``, not here."""
    import torch
    import transformers

    from symparam import fitted
    from symparam.fitted.forward import flops_file
    from symparam.fitting import heads

    folder = FITTED / "flops"
    versions = (transformers.__version__, torch.__version__.split("+")[0])
    for model_type in args.types or flops_order(fitted.names()):
        path = folder / f"{model_type}.json"
        if not fitted.has(model_type) or not path.exists():
            print(f"{model_type}: no FLOPs file: fit it whole (--flops {model_type})")
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        record = fitted.load(model_type)
        wanted = heads.new_classes(data, record)
        if wanted and (data.get("transformers"), data.get("torch")) != versions:
            print(f"{model_type}: fitted with transformers {data.get('transformers')}, torch "
                  f"{data.get('torch')}, not {versions[0]}, {versions[1]}: left alone")
            continue
        if args.list:
            print(f"{model_type}: {', '.join(wanted) or '-'}")
            continue
        for cls in wanted:
            started = time.time()
            got = fit_one(model_type, args.cpu, flops=True, classes=(cls,))
            data = heads.merged(data, record, cls, got)
            _write_compact(path, data)
            print(f"{model_type}: {cls}: "
                  f"{'fitted' if cls in data['classes'] else data['refused'][cls][:150]}, "
                  f"{got.get('cpu_seconds')} s CPU ({time.time() - started:.0f} s)", flush=True)
        again = heads.reworded(data, record)
        if again != data:  # the classes still not read, said as they are now
            _write_compact(path, again)
    flops_file.cache_clear()
    return 0


if __name__ == "__main__":
    sys.exit(main())
