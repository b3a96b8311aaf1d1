"""The core commands, ``symparam list``, ``count``, ``formula`` and ``derive``: call the API and
print; :mod:`symparam.cli` parses the command line and runs them."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from symparam.cli_common import build_model, each_model, emit_document
from symparam.errors import InvalidValueError, UnboundError
from symparam.output import json_line
from symparam.reported import Reported
from symparam.symbols import describe
from symparam.units import human_count

# -- list -----------------------------------------------------------------------------------------


def cmd_list(args: argparse.Namespace) -> int:
    from symparam.catalog import listing

    rows = listing()
    if args.json:
        for row in rows:
            print(json_line(row))
        return 0
    width = max(len(r["name"]) for r in rows)
    print("families (count with --set NAME=VALUE for each hyperparameter):")
    for r in rows:
        if r["kind"] == "family":
            print(f"  {r['name']:<{width}}  {r['description']}; classes: "
                  f"{', '.join(r['architectures'])}")
    print("config.json model types (count a file or folder: symparam count path/config.json):")
    for r in rows:
        if r["kind"] == "model_type":
            print(f"  {r['name']:<{width}}  {', '.join(r['architectures'])}")
    print("presets:")
    for r in rows:
        if r["kind"] == "preset":
            print(f"  {r['name']:<{width}}  {r['architecture']}: {r['description']}")
    return 0


# -- count ----------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _formula_text(formula: Any) -> str:
    """A formula as sympy prints it, printed once for the configs of a run that share it
    (a hundred config.json files of one type differing only in their values)."""
    return str(formula)


def _count_record(name: str, args: argparse.Namespace) -> dict[str, Any]:
    m = build_model(name, args)
    total = m.count()
    try:
        active = m.active_count()
    except UnboundError:  # a config without a top k (DeepSeek-V2's default): the total only
        active = None
    bound = m.bind()
    breakdown, tied = [], []
    for part in m.parts():
        row: dict[str, Any] = {"name": part.name, "params": m.count_of(part.block, bound)}
        if part.repeat is not None:
            row["repeat"] = m.value_of(part.repeat)
        breakdown.append(row)
        for entry in part.tied:
            tied.append({
                "name": entry.name,
                "tied_to": entry.tied_to,
                "params_if_untied": m.value_of(entry.copies * entry.numel),
            })
    record: dict[str, Any] = {
        "model": name,
        "description": m.description,
        "params": total,
        # the parameters one token uses, under both conventions, each named (a dense model:
        # all of them, less its embedding tables without them)
        **{f"active_params_{key}": None for key in ACTIVE_LABELS},
        "architecture": m.label,
        "family": m.family.name,
        "values": m.values,
        "options": m.options,
        # and what the config asks for that transformers builds otherwise (it is counted as
        # built: an assumption about what the file meant)
        "assumptions": [str(a) for a in (*m.assumptions, *m.overridden())],
        "breakdown": breakdown,
        "tied": tied,
    }
    if active is None:  # a mixture of experts without a top k: neither figure is known
        record["active"] = {"with_embedding_table": None, "without_embedding_table": None,
                            "counts": ACTIVE_CONVENTIONS,
                            "unknown": "no top k (num_experts_per_tok) in the config"}
    elif active != total or getattr(args, "json", False):  # the text shows a dense model's
        # total alone, and the tables by kind cost a sympy sum: worked out where shown
        tables = m.by_kind(active=True).get("embedding", 0)
        record["active_params_with_embedding_table"] = active
        record["active_params_without_embedding_table"] = active - tables
        if active != total:  # a mixture of experts: both conventions, labelled
            record["active"] = {"with_embedding_table": active,
                                "without_embedding_table": active - tables,
                                "counts": ACTIVE_CONVENTIONS}
    overridden = m.overridden()
    record["overridden"] = [str(o) for o in overridden]
    if overridden:  # by key: the value asked for, the counts as built and as written
        record["overridden_by_transformers"] = [{
            "option": o.option, "value": o.value, "builds": o.builds, "params": o.count,
            "params_as_written": o.as_written} for o in overridden]
    if getattr(args, "json", False):  # the formula costs a sympy sum: only where it is shown
        record["formula"] = _formula_text(m.params)
    if args.depth is not None:
        record["modules"] = [{
            "path": row.path, "module": row.module, "depth": row.depth, "params": row.params,
            "copies": row.copies, "total": row.total,
            **({"repeat": row.repeat} if row.repeat is not None else {}),
            **({"shape": list(row.shape)} if row.shape is not None else {}),
            **({"tied": True} if row.tied else {}),
        } for row in m.modules(args.depth)]
    # counted as transformers builds it, though its forward pass would fail (DeepSeek's E_g)
    record["cannot_run"] = m.cannot_run()
    if m.reported is not None:
        record["reported"] = {"params": m.reported.params, "source": m.reported.source}
        if m.reported.note:
            from symparam.figures import figures, fill_note

            record["reported"]["note"] = fill_note(m.reported.note, figures(m))
    return record


def _print_count(record: dict[str, Any]) -> None:
    print(f"{record['model']}: {record['architecture']} ({record['family']} family)")
    if record["description"]:
        print(f"  {record['description']}")
    if "modules" in record:
        _print_modules(record)
        return
    rows = []
    for row in record["breakdown"]:
        label, note = row["name"], ""
        if "repeat" in row:
            label += f" ×{row['repeat']}"
            note = f"{row['params'] // row['repeat']:,} per layer" if row["repeat"] else \
                "no such layer at these values"
        for tie in record["tied"]:
            if tie["name"].startswith(row["name"] + ".") or tie["name"] == row["name"]:
                untied = record["params"] + tie["params_if_untied"]
                note = (f"{tie['name']} is {tie['tied_to']} (tied): +0; untied it would add "
                        f"{tie['params_if_untied']:,}, making {untied:,}")
        rows.append((label, row["params"], note))
    width = max([len(r[0]) for r in rows] + [5])
    digits = len(f"{record['params']:,}")
    for label, value, note in rows:
        shown = f"{value:,}" if value else "+0"
        line = f"  {label:<{width}}  {shown:>{digits}}"
        print(f"{line}   {note}" if note else line)
    _print_totals(record, width, digits)


def _print_totals(record: dict[str, Any], width: int, digits: int) -> None:
    from symparam.printing import percent  # never a gap shown as 0.00%
    """The total (and both active counts of a mixture of experts) in human units beside the
    exact number, then the published figure it is set against."""
    print(f"  {'total':<{width}}  {record['params']:>{digits},}   "
          f"{human_count(record['params'])}")
    if "active" in record:
        for key, note in ACTIVE_LABELS.items():
            value = record["active"][key]
            if value is None:
                print(f"  {'active':<{width}}  {'?':>{digits}}   per token, {note}: unknown, "
                      f"{record['active']['unknown']}")
                continue
            print(f"  {'active':<{width}}  {value:>{digits},}   {human_count(value)} per token, "
                  f"{note}: {percent(value, record['params'])}")
        print(f"  active: {ACTIVE_CONVENTIONS}")
    for overridden in record["overridden"]:
        print(f"  assuming: {overridden}")
    if record.get("cannot_run"):
        print(f"  note: {record['cannot_run']}")
    reported = record.get("reported")
    if reported:
        diff = Reported(reported["params"], reported["source"]).gap(record["params"])
        side = "above" if diff > 0 else "below"

        print(f"  reported: {reported['params']:,} ({reported['source']}); "
              f"the exact count is {percent(diff)} {side} it")
        if "note" in reported:
            print(f"  note: {reported['note']}")


#: the two conventions for a mixture of experts' active parameters, and who publishes by each
ACTIVE_LABELS = {
    "with_embedding_table": "with the embedding table (as Mixtral's 12.9B and Qwen3-30B-A3B's "
                            "3.3B)",
    "without_embedding_table": "without it (as gpt-oss's 5.1B and DeepSeek-V3's 37B)",
}

#: what the active parameters of a mixture of experts count
ACTIVE_CONVENTIONS = ("what one token uses: everything dense, the router, its top k experts and "
                      "the shared ones; with or without the token embedding table, of which a "
                      "token reads one row")


def _print_modules(record: dict[str, Any]) -> None:
    """``count --depth``: the tree as torchinfo lists a model, each block under its parent,
    with what all its copies hold (a stack's layer once, with its count)."""
    rows, parents = [], {0: ""}
    for row in record["modules"]:
        parent = parents[row["depth"] - 1]
        name = row["path"].removeprefix(parent).removeprefix(".").removeprefix("{i}.")
        name = name or row["path"].rsplit(".", 1)[-1]  # a stack's runs of layers share a name
        parents[row["depth"]] = row["path"]
        if "shape" in row:
            name += f" [{', '.join(str(d) for d in row['shape'])}]"
        if "repeat" in row:
            name += f" ×{row['repeat']}"
        note = ""
        if "repeat" in row:
            note = f"{row['params']:,} per layer"
        elif row.get("tied"):
            note = "tied: +0"
        elif row["copies"] > 1:
            note = f"×{row['copies']:,} of {row['params']:,}"
        rows.append(("  " * row["depth"] + name, row["module"], row["total"], note))
    width = max([len(r[0]) for r in rows] + [7])
    kind = max([len(r[1]) for r in rows] + [6])
    digits = len(f"{record['params']:,}")
    for label, module, total, note in rows:
        line = f"{label:<{width}}  {module:<{kind}}  {total:>{digits},}"
        print(f"{line}   {note}" if note else line)
    _print_totals(record, width + kind, digits)


def cmd_count(args: argparse.Namespace) -> int:
    def work(name: str) -> tuple[dict[str, Any], Callable[[], None]]:
        record = _count_record(name, args)
        return record, lambda: _print_count(record)

    return each_model(args, work, separate=True)


# -- formula --------------------------------------------------------------------------------------


def cmd_formula(args: argparse.Namespace) -> int:
    from symparam.printing import latex, text

    m = build_model(args.model, args)
    from symparam.analysis import structured

    total = m.active_params if args.active else m.params
    form = structured(m, active=bool(args.active))
    present = {s.name for s in total.free_symbols}
    assumed = {a.name for a in m.assumptions}
    absent = [n for n in m.hyperparameters if n not in present and n not in assumed]
    if args.format == "latex" and not args.json:
        print(latex(form))
        return 0
    if args.json or args.format == "json":
        print(json_line({
            "model": args.model,
            "architecture": m.label,
            "formula": str(total),
            "active": bool(args.active),
            "latex": latex(form),
            "text": text(form),
            "expanded": text(total),
            "symbols": [
                {"name": s.name, "meaning": describe(s.name).meaning,
                 "latex": describe(s.name).latex}
                for s in sorted(total.free_symbols, key=lambda s: m.hyperparameters.index(
                    s.name))
            ],
            "assumptions": [str(a) for a in m.assumptions],
            "not_in_total": absent,
        }))
        return 0
    print(f"{args.model}: {m.label}")
    label = "active" if args.active else "params"
    print(f"  {label} = {text(form)}")
    print(f"  {' ' * len(label)} = {text(total)}")
    for a in m.assumptions:
        print(f"  assuming {a.symbol} = {text(a.expr)}: {a.reason}")
    if absent:
        print(f"  not in the total: {', '.join(absent)}")
    return 0


# -- derive -------------------------------------------------------------------------------------


def cmd_derive(args: argparse.Namespace) -> int:
    # an option that shapes only the other format is refused, not silently ignored
    if args.format != "latex":
        given = [flag for flag, on in (("--fragment", args.fragment),
                                       ("--heading-level", args.heading_level is not None)) if on]
        if given:
            verb = "shapes" if len(given) == 1 else "shape"
            raise InvalidValueError(f"{' and '.join(given)} {verb} a LaTeX document: add "
                                    "--format latex (Markdown has no preamble to leave out)")
    elif args.math is not None:
        raise InvalidValueError("--math says how Markdown writes its math; --format latex "
                                "writes LaTeX")
    m = build_model(args.model, args)
    fixed = m.sequence is not None  # a ViT's image fixes its sequence
    if args.flops and args.seq is None and not fixed:
        raise InvalidValueError("--flops needs --seq S (tokens per sequence)")
    seq = (1 if fixed else args.seq) if args.flops else None
    from symparam.cli_parallel import DERIVE_FLAGS, LAYOUT_FLAGS, gpu_memory_bytes, layout_of

    if args.gpus is not None and args.dtype is None:
        args.dtype = "fp16"  # as memory's activations and traffic
    layout = layout_of(args, args.batch, LAYOUT_FLAGS + DERIVE_FLAGS)
    derivation = m.derive(symbolic=args.symbolic, seq=seq, batch=args.batch or 1,
                          layout=layout, optimizer=args.optimizer, recompute=args.recompute,
                          dtype=args.dtype or "fp16", gpu_memory=gpu_memory_bytes(args))
    if args.format == "latex":
        text = derivation.to_latex(lang=args.lang, fragment=args.fragment,
                                   heading_level=args.heading_level)
    else:
        text = derivation.to_markdown(lang=args.lang, math=args.math or "dollars")
    record = {"model": args.model, "format": args.format, "lang": args.lang,
              "params": derivation.value}
    if layout is not None and args.json:  # the document's per-GPU figures, as memory's
        from symparam.cli_parallel import layout_record

        section = derivation.per_gpu  # the section's own figures, not reckoned again
        record["per_gpu"] = layout_record(m, args, args.batch,
                                          None if section is None else section.found)
    emit_document(text, record, args.output, args.force, args.json)
    return 0
