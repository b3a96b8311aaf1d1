"""``symparam diff A B``: what changed between two models, term by term, and what each change
costs (:mod:`symparam.diff` works it out; this module parses and prints)."""

from __future__ import annotations

import argparse
import copy
from typing import Any

from symparam.analysis import structured
from symparam.cli_common import (
    FLAGS,
    JSON_HELP,
    build_model,
    emit_document,
    model_options,
    output_format,
    subcommand,
    whole,
)
from symparam.diff import Change, Diff, Shown, diff
from symparam.errors import InvalidValueError, SymparamError
from symparam.output import json_line
from symparam.printing import text
from symparam.units import human_count

#: how the text output names each part
PART_NAMES = {"embeddings": "embeddings", "attention": "attention", "mlp": "MLP/experts",
              "norms": "norms", "head": "head", "other": "other"}

#: how it names a unit that was added, removed or replaced
UNIT_NAMES = {"tokens": "token table", "positions": "position table",
              "token_types": "token-type table", "table": "table", "bias": "biases",
              "scores": "attention scores", "pooler": "pooler (a layer on the first token)"}

#: what each cause is called
CAUSE_NAMES = {"added": "added", "removed": "removed", "replaced": "replaced",
               "tying": "tying", "width": "width"}

#: forms, in English
FORM_NAMES = {"multi_head": "multi-head attention", "grouped_query": "grouped-query attention",
              "multi_query": "multi-query attention", "latent": "latent attention",
              "layernorm": "LayerNorm", "layernorm_no_bias": "LayerNorm without bias",
              "layernorm_no_affine": "LayerNorm without weights", "rmsnorm": "RMSNorm",
              "mlp": "MLP", "gated_mlp": "gated MLP", "experts": "experts"}

#: what a quantity is called in the heading
QUANTITY_NAMES = {"params": "parameters", "flops": "forward FLOPs",
                  "kv_cache": "KV cache (numbers kept)"}


def add_diff_command(commands: Any) -> None:
    """Register ``diff`` with the command line's subcommands."""
    p = subcommand(commands, "diff", "what changed between two models, term by term: by part "
                   "and by cause, summing to count(B) − count(A)")
    p.add_argument("model_a", metavar="A", help="preset, family, model type or config.json")
    p.add_argument("model_b", metavar="B", help="the model to compare A with, read as A is")
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    model_options(p)  # --set, --assume … apply to both sides
    p.add_argument("--set-a", action="append", metavar="NAME=VALUE",
                   help="as --set, for A only")
    p.add_argument("--set-b", action="append", metavar="NAME=VALUE",
                   help="as --set, for B only")
    p.add_argument("--assume-a", action="append", metavar="NAME=EXPR",
                   help="as --assume, for A only")
    p.add_argument("--assume-b", action="append", metavar="NAME=EXPR",
                   help="as --assume, for B only")
    p.add_argument("--flops", action="store_true",
                   help="also the forward FLOPs of --batch sequences of --seq tokens")
    p.add_argument("--memory", action="store_true",
                   help="also the memory: weights, training state and the KV cache after "
                        "--seq tokens")
    p.add_argument("--seq", type=whole(), metavar="S", help="tokens per sequence")
    p.add_argument("--batch", type=whole(), default=1, metavar="B",
                   help="sequences (default 1)")
    p.add_argument("--dtype", choices=("fp32", "fp16", "bf16", "int8"), default="fp16",
                   help="the weights' and cache's dtype for --memory (default fp16)")
    p.add_argument("--format", type=output_format("text", "markdown", "latex", "html"),
                   default="text", metavar="{text,markdown,latex,html}",
                   help="plain text (default), or a document in Markdown or LaTeX, or one "
                        "self-contained HTML page showing both models")
    p.add_argument("--lang", choices=("en", "zh", "ko"), default=None,
                   help="the document's language: English (default), Chinese or Korean")
    p.add_argument("--math", choices=("dollars", "github", "katex"),
                   help="Markdown math, as for derive (default dollars)")
    p.add_argument("--fragment", action="store_true",
                   help="LaTeX body only, to paste into a paper (its packages on line 1)")
    p.add_argument("--heading-level", metavar="LEVEL",
                   help="LaTeX command of the outermost headings, as for derive")
    p.add_argument("-o", "--output", metavar="FILE", help="write the document to FILE")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    p.set_defaults(run=cmd_diff)


def _check_document_flags(args: argparse.Namespace) -> None:
    """A flag that shapes another format than the one asked for is refused, not ignored."""
    if args.format != "latex":
        given = [flag for flag, on in (("--fragment", args.fragment),
                                       ("--heading-level", args.heading_level is not None))
                 if on]
        if given:
            verb = "shapes" if len(given) == 1 else "shape"
            raise InvalidValueError(f"{' and '.join(given)} {verb} a LaTeX document: add "
                                    "--format latex")
    if args.format != "markdown" and args.math is not None:
        raise InvalidValueError("--math says how Markdown writes its math: add --format "
                                "markdown")
    if args.format == "text":
        given = [flag for flag, on in (("--lang", args.lang is not None),
                                       ("-o", args.output is not None)) if on]
        if given:
            verb = "is" if len(given) == 1 else "are"
            raise InvalidValueError(f"{' and '.join(given)} {verb} for a document: add "
                                    "--format markdown, latex or html")


def _side(args: argparse.Namespace, which: str) -> argparse.Namespace:
    """The model arguments of one side: the shared ones, then that side's own."""
    own_set, own_assume = (args.set_a, args.assume_a) if which == "a" else \
        (args.set_b, args.assume_b)
    side = copy.copy(args)
    side.set = [*(args.set or ()), *(own_set or ())]
    side.assume = [*(args.assume or ()), *(own_assume or ())]
    return side


def _model(args: argparse.Namespace, which: str) -> Any:
    """Side ``which``'s model; an error says which side it is about."""
    name = args.model_a if which == "a" else args.model_b
    try:
        return build_model(name, _side(args, which))
    except SymparamError as error:
        shown = error.shown(FLAGS)
        raise InvalidValueError(f"{which.upper()} ({name}): {shown}") from error


def cmd_diff(args: argparse.Namespace) -> int:
    if args.model_a == "-" and args.model_b == "-":
        raise InvalidValueError("A and B cannot both be read from standard input")
    if (args.flops or args.memory) and args.seq is None:
        flag = "--flops" if args.flops else "--memory"
        raise InvalidValueError(f"{flag} needs --seq S (tokens per sequence)")
    if args.seq is not None and not (args.flops or args.memory):
        raise InvalidValueError("--seq is for --flops or --memory")
    _check_document_flags(args)
    a, b = (_model(args, which) for which in ("a", "b"))
    a.name, b.name = args.model_a, args.model_b  # as the user named them
    if args.format != "text":
        return _document(a, b, args)
    found = {"params": diff(a, b)}
    if args.flops:
        found["flops"] = diff(a, b, "flops", seq=args.seq, batch=args.batch)
    if args.memory:
        found["kv_cache"] = diff(a, b, "kv_cache", seq=args.seq, batch=args.batch)
    if args.json:
        print(json_line(_record(found, args)))
        return 0
    first = True
    for quantity, result in found.items():
        if not first:
            print()
        first = False
        _print(result, args, quantity, (a, b))
    return 0


def _document(a: Any, b: Any, args: argparse.Namespace) -> int:
    """The comparison as a Markdown or LaTeX document or an HTML page, on standard output or
    in a file."""

    from symparam.render_diff import comparison

    found = comparison(a, b, seq=args.seq, batch=args.batch, flops=args.flops,
                       cache=args.memory)
    lang = args.lang or "en"
    if args.format == "html":
        text = found.to_html(lang=lang)
    elif args.format == "latex":
        text = found.to_latex(lang=lang, fragment=args.fragment,
                              heading_level=args.heading_level)
    else:
        text = found.to_markdown(lang=lang, math=args.math or "dollars")
    record = {"a": args.model_a, "b": args.model_b, "format": args.format, "lang": lang,
              "delta": found.params.delta}
    emit_document(text, record, args.output, args.force, args.json)
    return 0


# -- JSON -----------------------------------------------------------------------------------


def _record(found: dict[str, Diff], args: argparse.Namespace) -> dict[str, Any]:
    params = found["params"]
    record: dict[str, Any] = {"a": args.model_a, "b": args.model_b, **_data(params)}
    record["depends"] = [{"symbol": d.name, "matters_in": d.matters_in, "kind": d.kind,
                          "reason": d.reason} for d in params.depends]
    if "flops" in found:
        record["flops"] = {"seq": args.seq, "batch": args.batch, **_data(found["flops"])}
    if "kv_cache" in found:
        kv = found["kv_cache"]
        size = _bytes(args)
        record["memory"] = {
            "dtype": args.dtype, "seq": args.seq, "batch": args.batch,
            "weights_bytes_a": _times(params.count_a, size),
            "weights_bytes_b": _times(params.count_b, size),
            "kv_cache": {**_data(kv), "bytes_per_number": size, "batch": args.batch,
                         "bytes_a": _times(kv.count_a, size * args.batch),
                         "bytes_b": _times(kv.count_b, size * args.batch)}}
    return record


def _times(count: int | None, factor: int) -> int | None:
    return None if count is None else count * factor


def _bytes(args: argparse.Namespace) -> int:
    from symparam.memory import DTYPE_BYTES

    return DTYPE_BYTES[args.dtype]


def _data(result: Diff) -> dict[str, Any]:
    return {
        "quantity": result.quantity, "count_a": result.count_a, "count_b": result.count_b,
        "delta": result.delta, "formula_a": str(result.formula_a),
        "formula_b": str(result.formula_b), "difference": str(result.difference),
        "order": result.order, "at": dict(result.at),
        "changes": [_change(c) for c in result.changes],
        "by_part": result.by_part(), "by_cause": result.by_cause(),
        "forms_a": {p: [_form(f) for f in fs] for p, fs in result.forms_a.items()},
        "forms_b": {p: [_form(f) for f in fs] for p, fs in result.forms_b.items()},
    }


def _change(change: Change) -> dict[str, Any]:
    return {"part": change.part, "cause": change.cause, "subject": list(change.subject),
            "before": change.before, "after": change.after, "delta": change.delta,
            "formula": None if change.formula is None else str(change.formula),
            "steps": [{"symbol": n, "from": x, "to": y} for n, x, y in change.steps],
            "at_a": change.at_a, "at_b": change.at_b,
            "forms_before": [_form(f) for f in change.forms[0]],
            "forms_after": [_form(f) for f in change.forms[1]]}


def _form(form: Shown) -> dict[str, Any]:
    return {"form": form.key, "sizes": dict(form.sizes), "activation": form.fn or None}


# -- text ------------------------------------------------------------------------------------


def _signed(number: int | None) -> str:
    if number is None:
        return "?"
    return f"+{number:,}" if number > 0 else f"−{-number:,}" if number < 0 else "+0"


def _form_text(form: Shown) -> str:
    name = FORM_NAMES.get(form.key, form.key)
    inside = [n if v is None else f"{n}={v:,}" for n, v in form.sizes]
    if form.fn:
        inside.insert(0, form.fn)
    return f"{name} ({', '.join(inside)})" if inside else name


def _what(change: Change, result: Diff) -> str:
    """What changed, in words."""
    unit = change.subject[0]
    if change.cause == "tying":
        return ("head untied from the token table" if unit == "untied" else
                "head tied to the token table")
    name = UNIT_NAMES.get(unit, PART_NAMES[change.part])
    if change.cause == "replaced" and unit == "body":
        before = " + ".join(_form_text(f) for f in change.forms[0]) or PART_NAMES[change.part]
        after = " + ".join(_form_text(f) for f in change.forms[1]) or PART_NAMES[change.part]
        if before == after:
            return f"{PART_NAMES[change.part]} built otherwise ({after})"
        return f"{before} → {after}"
    return name


def _formula(change: Change, result: Diff, a: str, b: str) -> str:
    """A structural change's formula, and what it comes to at the other model's widths."""
    if change.formula is None:
        return ""
    shown = text(change.formula)
    if change.delta is None:
        return shown
    other, name = (change.at_b, b) if result.order != "widths_first" else (change.at_a, a)
    if other is None or other == change.delta:
        return shown
    return f"{shown}   ({_signed(other)} at {name}'s widths)"


def _print(result: Diff, args: argparse.Namespace, quantity: str, models: tuple[Any, Any]
           ) -> None:
    a, b = args.model_a, args.model_b
    label = QUANTITY_NAMES[quantity]
    if quantity == "flops":
        label += f" ({args.batch:,} × {args.seq:,} tokens)"
    elif quantity == "kv_cache":
        label += f" after {args.seq:,} tokens, per sequence"
    if result.delta is not None:
        print(f"{a} → {b}: {label} {result.count_a:,} → {result.count_b:,}: "
              f"{_signed(result.delta)}")
    else:
        print(f"{a} → {b}: {label} (no values: formulas only)")
    width = max(len(a), len(b))
    closed = (structured(models[0]), structured(models[1])) if quantity == "params" else \
        (result.formula_a, result.formula_b)
    print(f"  A  {a:<{width}}  {text(closed[0])}")
    print(f"  B  {b:<{width}}  {text(closed[1])}")
    print(f"  B − A, each at its own values of the same symbols: "
          f"{text(result.grouped_difference)}")
    if quantity == "params":
        for part in ("attention", "mlp", "norms"):
            fa = " + ".join(_form_text(f) for f in result.forms_a.get(part, ())) or "none"
            fb = " + ".join(_form_text(f) for f in result.forms_b.get(part, ())) or "none"
            if fa != fb:
                print(f"  {PART_NAMES[part]}: {fa} → {fb}")
    structural = [c for c in result.changes if c.cause != "width"]
    widths = [c for c in result.changes if c.cause == "width"]
    at = ", ".join(f"{n}={v:,}" for n, v in result.at.items() if n not in ("s", "B"))
    first, second = (
        (f"structure, at {a}'s widths ({at}):", f"widths and counts, in {b}'s structure, "
         "one at a time:") if result.order == "structure_first" else
        (f"structure, at {b}'s widths ({at}):", f"widths and counts first, in {a}'s "
         "structure, one at a time:") if result.order == "widths_first" else
        ("structure and widths together, each model at its own values:", ""))
    if result.delta is None:
        first = "structure (formulas in the shared symbols; no values to count them at):"
    rows = [(PART_NAMES[c.part], CAUSE_NAMES[c.cause], _what(c, result), _signed(c.delta),
             _formula(c, result, a, b)) for c in structural]
    blocks = [(first, rows)]
    wide = []
    for change in widths:
        moved = ", ".join(f"{n} {x:,} → {y:,}" for n, x, y in change.steps)
        wide.append((PART_NAMES[change.part], CAUSE_NAMES["width"], moved,
                     _signed(change.delta), ""))
    if wide:
        blocks.append((second, wide))
    if result.order == "widths_first":
        blocks.reverse()
    columns = [max([len(r[i]) for _, rs in blocks for r in rs] + [1]) for i in range(4)]
    for heading, block in blocks:
        if not block:
            continue
        print(f"  {heading}")
        for part, cause, what, delta, formula in block:
            line = (f"    {part:<{columns[0]}}  {cause:<{columns[1]}}  {what:<{columns[2]}}  "
                    f"{delta:>{columns[3]}}")
            print(f"{line}   {formula}" if formula else line)
    if result.delta is None:
        return
    parts = "; ".join(f"{PART_NAMES[p]} {_signed(v)}" for p, v in result.by_part().items())
    causes = "; ".join(f"{CAUSE_NAMES[c]} {_signed(v)}" for c, v in result.by_cause().items())
    print(f"  by part: {parts or 'no change'}")
    print(f"  by cause: {causes or 'no change'}")
    print(f"  total: {_signed(result.delta)} = {result.count_b:,} − {result.count_a:,}"
          + (f" ({human_count(result.count_b)} vs {human_count(result.count_a)})"
             if quantity == "params" else ""))
    for d in result.depends:
        where, other, name = (f"A ({a})", f"B ({b})", b) if d.matters_in == "a" else \
            (f"B ({b})", f"A ({a})", a)
        why = f"; in {name}, {d.reason}" if d.reason else ""  # why it drops out there
        print(f"  depends: {d.name} enters the count of {where}, not of {other}{why}")
    if quantity == "kv_cache":
        size = _bytes(args)
        print(f"  weights ({args.dtype}): {_times(found_a := models[0].count(), size):,} B → "
              f"{models[1].count() * size:,} B: "
              f"{_signed((models[1].count() - found_a) * size)} B, the parameters' change "
              f"times {size}")
        size *= args.batch
        print(f"  KV cache in bytes ({args.dtype}, batch {args.batch:,}): "
              f"{result.count_a * size:,} B → {result.count_b * size:,} B: "
              f"{_signed(result.delta * size)} B")
