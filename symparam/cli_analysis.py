"""The analysis commands: depends, check, approx, sensitivity, solve (thin over the API)."""

from __future__ import annotations

import argparse
import itertools
import sys
from typing import Any

from symparam.cli_common import build_model, command, each_model, parse_set, whole
from symparam.errors import InvalidValueError
from symparam.limits import MAX_DEGREE, MAX_SOLVED
from symparam.output import json_line


def cmd_depends(args: argparse.Namespace) -> int:
    from symparam.analysis import depends

    result = depends(build_model(args.model, args))
    if args.json:
        print(json_line(result))
        return 0
    print(f"{args.model}: the total depends on {', '.join(result['affects']) or 'nothing'}")
    for drop in result["drops_out"]:
        print(f"  {drop['symbol']} drops out: {drop['reason']}")
    if not result["drops_out"]:
        print("  every hyperparameter of the model appears in the total")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from symparam.check import check
    from symparam.printing import text

    result = check(build_model(args.model, args), args.formula)
    if args.json:
        print(json_line({
            "model": args.model,
            "equal": result.equal,
            "equal_at_values": result.equal_at_values,
            "difference": str(result.difference),
            "terms": [{
                "term": str(t.difference),
                "engine": str(t.engine * t.monomial),
                "formula": str(t.formula * t.monomial),
                "value": t.value,
                "from": [{"tensor": name, "coefficient": str(c), "shape": shape}
                         for name, c, shape in t.sources],
            } for t in result.terms],
            "values": dict(result.values),
            "engine_value": result.engine_value,
            "formula_value": None if result.formula_value is None else str(result.formula_value),
        }))
        return 0
    if result.equal:
        print(f"equal: the formula is {args.model}'s exact count")
    else:
        print(f"not equal: engine − formula = {text(result.difference)}")
        for t in result.terms:
            shown = f"{text(t.monomial)}: the engine has {text(t.engine * t.monomial)}, " \
                    f"the formula {text(t.formula * t.monomial)}"
            if t.value is not None:
                shown += f" ({t.value:+,} at the model's values)"
            print(f"  {shown}")
            for name, coefficient, shape in t.sources[:12]:
                times = "" if coefficient == 1 else f", ×{coefficient}"
                print(f"      from {name} ({shape}{times})")
            if len(t.sources) > 12:
                print(f"      and {len(t.sources) - 12} more tensors")
    if result.engine_value is not None:
        print(f"at the model's values: engine {result.engine_value:,}, formula "
              f"{_number(result.formula_value)}"
              + (" (the same number)" if result.equal_at_values and not result.equal else ""))
    return 0


def _number(value: Any) -> str:
    return f"{int(value):,}" if value is not None and value.is_Integer else str(value)


def cmd_approx(args: argparse.Namespace) -> int:
    from symparam.approx import NAMED, approximate
    from symparam.printing import text

    if args.name is None and args.formula is None and args.order is None:
        raise InvalidValueError(
            f"give --order N, --formula TEXT or --name with one of {', '.join(NAMED)}")
    a = approximate(build_model(args.model, args), name=args.name, formula=args.formula,
                    order=args.order)
    record = {
        "model": args.model, "approximation": a.name, "source": a.source, "target": a.target,
        "exact": str(a.exact), "approx": str(a.approx), "error": str(a.error),
        "exact_value": a.exact_value, "approx_value": a.approx_value,
        "relative_error": a.relative_error,
        "dropped": [{"term": str(t), "value": v} for t, v in a.dropped],
    }
    if args.json:
        print(json_line(record))
        return 0
    what = "non-embedding count" if a.target == "non_embedding" else "total"
    print(f"{args.model}: {a.name} ({a.source})")
    print(f"  exact {what} = {text(a.exact)}")
    print(f"  approximation = {text(a.approx)}")
    if a.exact_value is not None and a.approx_value is not None:
        print(f"  at the model's values: exact {a.exact_value:,}, approximation "
              f"{a.approx_value:,} ({a.relative_error:+.2%})")
    if a.dropped:
        print("  what the approximation leaves out:")
        for term, value in a.dropped:
            print(f"    {text(term)}" + ("" if value is None else f"  = {value:,}"))
    return 0


def cmd_sensitivity(args: argparse.Namespace) -> int:
    from symparam.approx import sensitivity
    from symparam.printing import text

    rows = sensitivity(build_model(args.model, args))
    if args.json:
        print(json_line([{"symbol": r.symbol.name, "derivative": str(r.derivative),
                           "slope": r.slope, "elasticity": r.elasticity,
                           "step": r.stepped} for r in rows]))
        return 0
    print(f"{args.model}: how the count moves with each hyperparameter at its value")
    for r in rows:
        name = r.symbol.name
        slope = f"P({name} + 1) − P({name})" if r.stepped else f"∂P/∂{name}"
        print(f"  {name:<8} {slope} = {text(r.derivative)} = {r.slope:,.0f}; "
              f"1% more {name} adds {r.elasticity:.2f}% parameters")
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from symparam.solve import solve

    target = _target(args.target)
    result = solve(build_model(args.model, args), args.symbol, target, args.multiple_of)
    if args.json:
        print(json_line({"model": args.model, "symbol": result.symbol, "target": target,
                          "value": result.value, "count": result.count,
                          "below": result.below, "above": result.above}))
        return 0
    print(f"{args.model}: {result.symbol} = {result.value:,} gives {result.count:,} "
          f"({(result.count - target) / target:+.2%} from {target:,})")
    for label, pair in (("below", result.below), ("above", result.above)):
        if pair is not None:
            print(f"  {label}: {result.symbol} = {pair[0]:,} gives {pair[1]:,}")
    return 0


def _target(text: str) -> int:
    """``7e9``, ``7B``, ``7000000000`` or ``350M`` as an exact positive integer."""
    from decimal import Decimal, InvalidOperation

    from symparam.limits import MAX_TARGET

    units = {"K": 10**3, "M": 10**6, "B": 10**9, "G": 10**9, "T": 10**12}
    raw = text.strip().replace("_", "").replace(",", "")
    scale = 1
    if raw[-1:].upper() in units:
        raw, scale = raw[:-1], units[raw[-1:].upper()]
    wrong = f"--target {text!r} must be a positive whole count up to {MAX_TARGET:,}"
    if len(raw) > 40:
        raise InvalidValueError(wrong)
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise InvalidValueError(f"--target {text!r} is not a number (e.g. 7e9 or 7B)") from None
    # the size is judged from the exponent before any arithmetic (1e999999999 stays text)
    if not value.is_finite() or not 0 <= value.adjusted() <= 20:
        raise InvalidValueError(wrong)
    value *= scale
    if value > MAX_TARGET or value != value.to_integral_value():
        raise InvalidValueError(wrong)
    return int(value)


def cmd_plot(args: argparse.Namespace) -> int:
    import symparam
    from symparam import plots

    given = parse_set(args.set or ())
    sweep = plots.parse_range(args.sweep) if args.sweep else None
    plots.check_request(args.output, len(args.model), None if sweep is None else len(sweep[1]))
    models = []
    for name in args.model:  # each model takes the --set values it has
        base = symparam.model(name, arch=args.arch, base=args.base,
                              assume=list(args.assume or ()), free=list(args.free or ()))
        known = set(base.hyperparameters) | {o.name for o in base.family.options}
        models.append(symparam.model(name, arch=args.arch, base=args.base,
                                     assume=list(args.assume or ()), free=list(args.free or ()),
                                     **{k: v for k, v in given.items() if k in known}))
    if sweep is not None:
        plots.sweep(models, *sweep, args.output, args.force)
    else:
        plots.breakdown(models, args.output, args.force)
    print(f"wrote {args.output}")
    return 0


def cmd_flops(args: argparse.Namespace) -> int:
    import textwrap

    from symparam.compute import NONMATMUL, NOT_COUNTED, compute
    from symparam.printing import text

    if args.macs and args.with_nonmatmul:
        raise InvalidValueError("--macs counts the multiply-adds of matrix products; the work "
                                "of --with-nonmatmul is not made of them: leave out one")

    def work(name: str) -> tuple[dict[str, Any], Any]:
        m = build_model(name, args)
        result = compute(m, seq=args.seq, batch=args.batch, causal=args.causal,
                         training=args.training, recompute=args.recompute,
                         decode=args.decode, target_seq=args.target_seq,
                         nonmatmul=args.with_nonmatmul)
        published = _published(m, args)
        record = {
            "model": name, "flops": result.flops, "macs": result.macs,
            **({"compare": published} if published else {}),
            "formula": str(result.formula), "convention": result.convention,
            "batch": args.batch, "seq": args.seq,
            "breakdown": [{"name": n, "flops": f} for n, f in result.parts],
        }
        if args.with_nonmatmul:
            record["nonmatmul"] = [{"kind": kind, "flops": flops, "per_element": NONMATMUL[kind][0],
                                    "counts": NONMATMUL[kind][1]}
                                   for kind, flops in result.nonmatmul]
            record["not_counted"] = NOT_COUNTED

        def show() -> None:
            unit, value = ("MACs", result.macs) if args.macs else ("FLOPs", result.flops)
            shown_seq = args.seq if args.seq is not None else "(R/P)² + 1"
            print(f"{name}: {m.label}, B = {args.batch}, s = {shown_seq} "
                  f"({result.convention})")
            print(f"  FLOPs = {text(result.formula)}")
            width = max(len(n) for n, _ in result.parts)
            for part, flops in result.parts:
                shown = flops // 2 if args.macs else flops
                print(f"  {part:<{width}}  {shown:>22,}")
            print(f"  {'total':<{width}}  {value:>22,} {unit}"
                  + ("" if args.macs else f" ({result.macs:,} MACs)"))
            if result.nonmatmul:
                print("  of which, besides matrix products:")
                for kind, flops in result.nonmatmul:  # never with --macs (refused above)
                    print(textwrap.fill(NONMATMUL[kind][1], 100,
                                        initial_indent=f"    {flops:>20,}  ",
                                        subsequent_indent=" " * 28))
                print(textwrap.fill(NOT_COUNTED, 100, initial_indent="    ",
                                    subsequent_indent="    "))
            for row in published:
                print(f"  {row['name']:<{width}}  {row['flops']:>22,} FLOPs "
                      f"({row['relative_error']:+.2%}; {row['source']})")

        return record, show

    return each_model(args, work)


def _published(model: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    from symparam.published import SOURCES, compare

    if not args.compare:
        return []
    wanted = [w.strip() for w in args.compare.split(",") if w.strip()]
    unknown = [w for w in wanted if w not in SOURCES]
    if unknown:
        raise InvalidValueError(f"--compare: unknown {', '.join(unknown)}; "
                                f"choose from {', '.join(SOURCES)}")
    rows = compare(model, seq=args.seq, batch=args.batch)
    return [{"name": r.name, "flops": r.value, "relative_error": r.relative_error,
             "formula": str(r.formula), "source": r.source}
            for r in rows if r.name in wanted]


def cmd_memory(args: argparse.Namespace) -> int:
    from symparam.compute import activation_bytes, memory
    from symparam.printing import text

    m = build_model(args.model, args)
    result = memory(m, seq=args.seq, batch=args.batch, dtype=args.dtype)
    record = {
        "model": args.model, "params": result.params,
        "weights": {row.dtype: row.bytes for row in result.weights},
        "training_adam_mixed": {part: total for part, _, total in result.training},
        "training_bytes": sum(total for _, _, total in result.training),
        "kv_cache_formula": None if result.kv_formula is None else str(result.kv_formula),
        "kv_cache_bytes_per_token": result.kv_per_token,
        "kv_cache_bytes": result.kv_total, "dtype": args.dtype,
        "state_formula": None if result.state_formula is None else str(result.state_formula),
        "state_bytes": result.state_total,
        "activations": {r: activation_bytes(m, args.seq, args.batch, r)
                        for r in ("none", "selective", "full")} if args.seq else None,
        "batch": args.batch, "seq": args.seq,
    }
    if args.json:
        print(json_line(record))
        return 0
    gib = 2**30
    print(f"{args.model}: {result.params:,} parameters")
    print("  weights:")
    for row in result.weights:
        print(f"    {row.dtype:<5} {row.bytes:>20,} B = {row.bytes / gib:,.2f} GiB")
    print("  training with Adam in mixed precision (16 bytes per parameter):")
    for part, size, total in result.training:
        print(f"    {part:<24} {size} B × P = {total / gib:,.2f} GiB")
    print(f"    {'total':<24} 16 B × P = {record['training_bytes'] / gib:,.2f} GiB"
          " (activations not included)")
    if record["activations"] and record["activations"]["none"] is not None:
        print(f"  training activations for B = {args.batch}, s = {args.seq} "
              "(Korthikanti et al. 2022, 16-bit):")
        for mode, size in record["activations"].items():
            print(f"    recompute {mode:<9} {size / gib:,.2f} GiB")
    if result.kv_formula is None and result.state_formula is not None:
        print("  KV cache: none (no layer keeps keys and values)")
    elif result.kv_formula is None:
        print("  KV cache: none (an encoder keeps no keys and values between tokens)")
    else:
        print(f"  KV cache per token = ({text(result.kv_formula)}) × {result.dtype_bytes} B"
              f" = {result.kv_per_token:,} B ({args.dtype})")
        if result.kv_total is not None:
            print(f"  KV cache for B = {args.batch}, s = {args.seq}: {result.kv_total:,} B"
                  f" = {result.kv_total / gib:,.2f} GiB")
    if result.state_formula is not None:
        print(f"  state per sequence, whatever s = ({text(result.state_formula)}) × "
              f"{result.dtype_bytes} B; for B = {args.batch}: {result.state_total:,} B"
              f" = {result.state_total / gib:,.4f} GiB ({args.dtype})")
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    import warnings

    from symparam.plots import parse_range
    from symparam.sweep import PrecisionWarning, grid

    ranges: dict[str, list[int]] = {}
    for text in args.ranges:
        name, points = parse_range(text)
        if name in ranges:
            raise InvalidValueError(f"{name} is given two ranges: give it one")
        ranges[name] = points
    m = build_model(args.model, args)
    columns = grid(ranges)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PrecisionWarning)
        counts = m.evaluate(**columns)
    for warning in caught:
        print(f"symparam: note: {warning.message}", file=sys.stderr)
    names = list(columns)
    rows = zip(*(columns[n] for n in names), (int(c) for c in counts), strict=True)
    if args.csv:
        print(",".join([*names, "params"]))
        lines = (",".join(str(v) for v in row) for row in rows)
    else:  # the JSON of a row of whole numbers, from a template (json.dumps a row: 5 µs)
        keys = [json_line(n).replace("{", "{{").replace("}", "}}")
                for n in [*names, "params"]]
        template = "{{" + ", ".join(f"{key}: {{}}" for key in keys) + "}}"
        lines = (template.format(*row) for row in rows)
    while chunk := list(itertools.islice(lines, 10_000)):  # a write per chunk, not per row
        sys.stdout.write("\n".join(chunk) + "\n")
    return 0


def add_commands(commands: Any) -> None:
    """Register the analysis commands on the main parser's subcommands."""
    command(commands, "depends", "which hyperparameters change the count, and why",
             cmd_depends)
    p = command(commands, "check", "a hand-derived formula against the exact one", cmd_check)
    p.add_argument("formula", metavar="FORMULA", help='e.g. "(3L + 11N + 2)·H + 12·N·H²"')
    p = command(commands, "approx", "an approximation and its exact error", cmd_approx)
    p.add_argument("--order", type=whole(MAX_DEGREE), metavar="D",
                   help="keep the terms of at least this degree")
    p.add_argument("--name", help="kaplan, bert-shortcut or nanogpt")
    p.add_argument("--formula", help="your own approximation (P is the exact total)")
    command(commands, "sensitivity", "∂P/∂x and elasticities at the model's values",
             cmd_sensitivity)
    p = command(commands, "solve", "the size that gives a target count", cmd_solve)
    p.add_argument("--target", required=True, help="e.g. 7e9 or 7B")
    p.add_argument("--for", dest="symbol", required=True, metavar="NAME")
    p.add_argument("--multiple-of", type=whole(MAX_SOLVED), default=1, metavar="M")
    p = command(commands, "flops", "forward (or training) FLOPs for B sequences of s tokens",
                 cmd_flops, many=True)
    p.add_argument("--seq", type=whole(), metavar="S",
                   help="tokens per sequence (not for ViT, whose image fixes it)")
    p.add_argument("--batch", type=whole(), default=1, metavar="B",
                   help="sequences (default 1)")
    p.add_argument("--target-seq", type=whole(), metavar="S_DEC",
                   help="an encoder–decoder's decoder length (default: --seq)")
    p.add_argument("--macs", action="store_true", help="print multiply-accumulates")
    p.add_argument("--causal", action="store_true", help="halve the attention products")
    p.add_argument("--training", action="store_true", help="forward + backward (2× forward)")
    p.add_argument("--recompute", choices=("none", "selective", "full"), default="none",
                   help="activation recomputation during --training")
    p.add_argument("--decode", action="store_true",
                   help="one new token per sequence against a KV cache of --seq tokens")
    p.add_argument("--with-nonmatmul", action="store_true",
                   help="add norms, softmax, activations and adds (each convention printed)")
    p.add_argument("--compare", metavar="NAMES", help="published formulas beside the exact "
                   "count: kaplan,chinchilla,megatron,palm")
    p = command(commands, "sweep", "the count over a grid of hyperparameter values",
                 cmd_sweep, json_output=False)
    p.add_argument("ranges", nargs="+", metavar="NAME=RANGE",
                   help="H=256:8192:256 (steps), H=256:8192 (doubling) or N=12,24,48")
    output = p.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="one JSON object a line (default)")
    output.add_argument("--csv", action="store_true", help="a CSV table with a header")
    p = command(commands, "memory", "weights per dtype, Adam training state, KV cache",
                 cmd_memory)
    p.add_argument("--seq", type=whole(), metavar="S",
                   help="tokens per sequence, for the KV cache")
    p.add_argument("--batch", type=whole(), default=1, metavar="B")
    p.add_argument("--dtype", default="fp16", choices=("fp32", "fp16", "bf16", "int8"),
                   help="dtype of the KV cache (default fp16)")
    p = command(commands, "plot", "where the parameters are, or the count against a size",
                 cmd_plot, many=True, json_output=False)
    what = p.add_mutually_exclusive_group()
    what.add_argument("--breakdown", action="store_true", help="stacked bars by part (default)")
    what.add_argument("--sweep", metavar="NAME=RANGE", help="e.g. H=256:8192 or N=12,24,48")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=".svg, .png or .pdf")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
