"""The analysis, compute and plotting commands (depends, check, approx, sensitivity, solve, flops,
memory, sweep, plot): each parses its arguments, calls the API and prints; thin over the API."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import sympy

import symparam
from symparam import cli_images
from symparam.cli_common import FLAGS, build_model, command, each_model, parse_set, whole
from symparam.errors import InvalidValueError, SymparamError
from symparam.limits import MAX_DEGREE, MAX_SOLVED
from symparam.output import json_line
from symparam.printing import text
from symparam.rounding import gib, signed_percent
from symparam.symbols import B, s
from symparam.units import human_ops

#: ``check``'s exit statuses: the formula is the exact count, or it is not (bad input: 2)
EXIT_EQUAL, EXIT_NOT_EQUAL = 0, 1


def cmd_depends(args: argparse.Namespace) -> int:
    from symparam.analysis import depends
    from symparam.reports import depends_lines

    result = depends(build_model(args.model, args))
    if args.json:
        print(json_line({"model": args.model, **result}))
        return 0
    print("\n".join(depends_lines(args.model, result)))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from symparam.check import check
    from symparam.reports import check_lines

    result = check(build_model(args.model, args), args.formula)
    if args.json:
        print(json_line({"model": args.model, **result.to_dict()}))
    else:
        print("\n".join(check_lines(args.model, result)))
    return EXIT_EQUAL if result.equal else EXIT_NOT_EQUAL


def _slope(model: Any, row: Any) -> int | float:
    """∂P/∂x at the model's values: an exact integer where it is one, else the float."""
    try:
        return int(model.value_of(row.derivative))
    except SymparamError:
        return float(row.slope)


def cmd_approx(args: argparse.Namespace) -> int:
    from symparam.approx import NAMED, approximate
    from symparam.reports import approx_lines

    if args.name is None and args.formula is None and args.order is None:
        raise InvalidValueError(
            f"give --order N, --formula TEXT or --name with one of {', '.join(NAMED)}")
    a = approximate(build_model(args.model, args), name=args.name, formula=args.formula,
                    order=args.order)
    if args.json:
        print(json_line({"model": args.model, **a.to_dict()}))
        return 0
    print("\n".join(approx_lines(args.model, a)))
    return 0


def cmd_sensitivity(args: argparse.Namespace) -> int:
    from symparam.approx import sensitivity
    from symparam.reports import sensitivity_lines

    m = build_model(args.model, args)
    rows = sensitivity(m)
    if args.json:  # one line a hyperparameter; the slope exact where it is a whole number
        for r in rows:
            print(json_line({"model": args.model, "symbol": r.symbol.name,
                             "derivative": str(r.derivative), "slope": _slope(m, r),
                             "elasticity": r.elasticity, "step": r.stepped}))
        return 0
    print("\n".join(sensitivity_lines(args.model, rows)))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from symparam.reports import solve_lines
    from symparam.solve import parse_target, solve

    target = parse_target(args.target)
    result = solve(build_model(args.model, args), args.symbol, target, args.multiple_of)
    if args.json:
        print(json_line({"model": args.model, **result.to_dict()}))
        return 0
    print("\n".join(solve_lines(args.model, result)))
    return 0


def cmd_plot(args: argparse.Namespace) -> int:
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
                                     **{k: v for k, v in given.items()
                                        if k in known or base.family.knows(k)}))
    if sweep is not None:
        import warnings

        from symparam.sweep import SkippedWarning

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", SkippedWarning)
            plots.sweep(models, *sweep, args.output, args.force)
        for warning in caught:
            print(f"symparam: note: {warning.message}", file=sys.stderr)
    else:
        plots.breakdown(models, args.output, args.force)
    if args.json:  # one line a model, each naming the file that shows it
        for name in args.model:
            print(json_line({"model": name, "output": args.output}))
    else:
        print(f"wrote {args.output}")
    return 0


def cmd_flops(args: argparse.Namespace) -> int:
    import textwrap

    from symparam.compute import (
        GROUPED_EXPERTS,
        NONMATMUL,
        NOT_COUNTED,
        TORCH_COUNTER,
        compute,
        flops_heading,
        flops_lines,
    )

    if args.macs and args.with_nonmatmul:
        raise InvalidValueError("--macs counts the multiply-adds of matrix products; the work "
                                "of --with-nonmatmul is not made of them: leave out one")
    #: what a check with torch's counter must know, said once under all the models printed
    checking: dict[str, None] = {}

    def work(name: str) -> tuple[dict[str, Any], Any]:
        m = build_model(name, args)
        if getattr(m, "record", None) is not None:  # a fitted record: torch's counter's FLOPs
            return _fitted_flops(name, m, args)
        result = compute(m, seq=args.seq, batch=args.batch, causal=args.causal,
                         training=args.training, recompute=args.recompute,
                         decode=args.decode, target_seq=args.target_seq,
                         nonmatmul=args.with_nonmatmul, images=args.images,
                         image_size=cli_images.sized(args))
        published = _published(m, args)

        attends = m.tree.products(B, s) != 0  # attention products, which the note is about
        routed = "experts" in m.tree.flops_by_kind(B, s)  # routed experts, which the other is
        record = {
            "model": name, "flops": result.flops, "macs": result.macs,
            **({"compare": published} if published else {}),
            "formula": str(result.formula), "convention": result.convention,
            **({"macs_formula": str(sympy.expand(result.formula / 2))} if args.macs else {}),
            "batch": args.batch, "seq": args.seq, **cli_images.record(m, args),
            "breakdown": [{"name": n, "flops": f} for n, f in result.parts],
            "notes": list(result.notes),
            "alternatives": [{"how": how, "flops": flops, "formula": str(formula)}
                             for how, flops, formula in result.alternatives],
            **({"sdpa_note": TORCH_COUNTER} if attends else {}),
            **({"experts_note": GROUPED_EXPERTS} if routed else {}),
        }
        if args.with_nonmatmul:
            record["nonmatmul"] = [{"kind": kind, "flops": flops, "per_element": NONMATMUL[kind][0],
                                    "counts": NONMATMUL[kind][1]}
                                   for kind, flops in result.nonmatmul]
            record["not_counted"] = NOT_COUNTED

        def show() -> None:
            shown_seq = args.seq if m.sequence is None else text(m.sequence)
            print(flops_heading(name, m.label, args.batch, shown_seq, result.convention))
            cli_images.show(m, args)
            width = max([len(n) for n, _ in result.parts]
                        + [len(row["name"]) for row in published])
            print("\n".join(flops_lines(result, args.macs, width)))
            _show_published(published, width, args.macs, args.training)
            checking.update(dict.fromkeys(
                [TORCH_COUNTER] * attends + [GROUPED_EXPERTS] * routed))

        return record, show

    status = each_model(args, work)
    for note in checking:  # once, however many models it applies to
        print(textwrap.fill(f"note: {note}", 100, subsequent_indent="  "))
    return status


def _fitted_flops(name: str, m: Any, args: argparse.Namespace
                  ) -> tuple[dict[str, Any], Any]:
    """The forward FLOPs of a fitted record's class, as read off transformers' forward with
    torch's counter (:mod:`symparam.fitted.forward`); what was not fitted is refused."""
    import textwrap

    from symparam.fitted.forward import flops, free_side, input_shapes, run_on, takes_sequence

    asked = [flag for flag, on in (("--causal", args.causal), ("--training", args.training),
                                   ("--decode", args.decode),
                                   ("--recompute", args.recompute != "none"),
                                   ("--with-nonmatmul", args.with_nonmatmul),
                                   ("--target-seq", args.target_seq is not None),
                                   ("--compare", getattr(args, "compare", None)),
                                   ("--images", getattr(args, "images", None) is not None))
             if on]
    if asked:
        raise InvalidValueError(f"{', '.join(asked)}: a fitted record's FLOPs are its forward "
                                "pass's as torch's counter counts it, nothing else")
    defaults = not m.sizes  # a type by name: transformers' default config of it
    if defaults:
        from symparam.fitted import model_for_config

        m = model_for_config({"model_type": m.record["model_type"],
                              "architectures": [m.label]}, name)
    side = _side(m, cli_images.sized(args))
    got = flops(m, args.batch, args.seq, side)
    ran = run_on(m, args.batch, args.seq, side=side)
    shapes = {k: list(v) for k, v in input_shapes(m, args.batch, args.seq, side).items()}
    record = {"model": name, "class": m.label, "default_config": defaults,
              "flops": got.flops, "macs": got.flops // 2,
              "formula": str(got.formula), "convention": got.convention,
              "batch": args.batch, "seq": args.seq,
              **({"image_size": side} if free_side(m) else {}),
              "inputs": shapes, "run_on": ran,
              "breakdown": [{"name": n, "flops": f} for n, f in got.parts]}

    def show() -> None:
        unit = "MACs" if args.macs else "FLOPs"
        shown = got.flops // 2 if args.macs else got.flops
        at = ", transformers' default config" if defaults else ""
        seq = f", s = {args.seq}" if takes_sequence(m) else ""
        seq += f", R = {side}" if side is not None and free_side(m) else ""
        print(f"{name}: {m.label}{at}, B = {args.batch}{seq}: {ran}")
        print(textwrap.fill(got.convention, 100, initial_indent="  ",
                            subsequent_indent="  "))
        formula = sympy.expand(got.formula / 2) if args.macs else got.formula
        print(f"  {unit} = {text(formula)}")
        width = max([len(n) for n, _ in got.parts] + [5])
        for part, value in got.parts:
            print(f"  {part:<{width}}  {value // 2 if args.macs else value:>22,}")
        print(f"  {'total':<{width}}  {shown:>22,} {unit} = {human_ops(shown, unit)}")

    return record, show


def _side(m: Any, size: tuple[int, int] | None) -> int | None:
    """The side of the square images ``--image-size`` gives a fitted record's forward (R),
    or None where it is not given; a height other than the width is refused, as the FLOPs
    were read off square images."""
    if size is None:
        return None
    height, width = size
    if height != width:
        raise InvalidValueError(f"--image-size {height}x{width}: FLOPs of {m.label} were read "
                                "off square images (R × R pixels): give one side, "
                                "--image-size R")
    return height


def _published(model: Any, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The published formulas ``--compare`` names, for the quantity the total is printed for."""
    from symparam.published import SOURCES, compare

    if not args.compare:
        return []
    wanted = [w.strip() for w in args.compare.split(",") if w.strip()]
    unknown = [w for w in wanted if w not in SOURCES]
    if unknown:
        raise InvalidValueError(f"--compare: unknown {', '.join(unknown)}; "
                                f"choose from {', '.join(SOURCES)}")
    rows = compare(model, seq=args.seq, batch=args.batch, causal=args.causal,
                   training=args.training, recompute=args.recompute, decode=args.decode,
                   target_seq=args.target_seq, nonmatmul=args.with_nonmatmul,
                   names=tuple(dict.fromkeys(wanted)))
    out = []
    for r in rows:
        row: dict[str, Any] = {"name": r.name, "source": r.source, "counts": r.terms}
        if r.refused is not None:
            row["refused"] = r.refused
        else:
            row.update(flops=r.value, relative_error=r.relative_error, formula=str(r.formula),
                       does_not_fit=list(r.notes))
            if r.ratio is not None:
                row["ratio_to_6nd"] = r.ratio
        out.append(row)
    return out


def _show_published(rows: list[dict[str, Any]], width: int, macs: bool,
                    training: bool = False) -> None:
    import textwrap

    for row in rows:
        if "refused" in row:
            print(f"  {row['name']:<{width}}  not comparable: {row['refused']} "
                  f"({row['source']})")
            continue
        unit, shown = ("MACs", row["flops"] // 2) if macs else ("FLOPs", row["flops"])
        print(f"  {row['name']:<{width}}  {shown:>22,} {unit} "
              f"({signed_percent(row['relative_error'])}; {row['source']})")
        if "ratio_to_6nd" in row:  # the paper's own column
            rule = "6·N·D" if training else "2·N·D (a forward pass: a third of 6·N·D)"
            print(textwrap.fill(
                f"over {rule}, N the parameters a token uses and D the B·s tokens, as table "
                f"A4's column gives it: {row['ratio_to_6nd']:.2f}", 100,
                initial_indent=" " * (width + 6), subsequent_indent=" " * (width + 8)))
        for label, text_ in (("counts", row["counts"]),
                             *(("does not fit", n) for n in row["does_not_fit"])):
            print(textwrap.fill(f"{label}: {text_}", 100, initial_indent=" " * (width + 6),
                                subsequent_indent=" " * (width + 8)))


def cmd_memory(args: argparse.Namespace) -> int:
    from symparam.cli_parallel import COMPARE, compare_record, layout_record, show
    from symparam.memory import (
        POLICIES,
        cache_lines,
        cache_notes,
        korthikanti_bytes,
        memory,
        memory_heading,
        training_lines,
        weights_key,
        weights_lines,
    )

    m = build_model(args.model, args)
    batch_given, args.batch = args.batch, args.batch or 1  # with --gpus: the global batch
    wanted = [w.strip() for w in (args.compare or "").split(",") if w.strip()]
    unknown = [w for w in wanted if w not in COMPARE]
    if unknown:
        raise InvalidValueError(f"--compare: memory compares with {', '.join(COMPARE)}, not "
                                f"{', '.join(unknown)}")
    per_gpu = layout_record(m, args, batch_given)
    result = memory(m, seq=args.seq, batch=args.batch, dtype=args.dtype,
                    target_seq=args.target_seq, images=args.images,
                    image_size=cli_images.sized(args))
    windowed = cache_notes(result.kv_formula)  # what the windowed layers keep, if any
    layer, layer_params = m.largest_layer()
    record = {
        "model": args.model, "params": result.params,
        "largest_layer": {"name": layer, "params": layer_params,
                          "bytes": {weights_key(row.dtype): row.bytes_per_param * layer_params
                                    for row in result.weights}},
        "weights": {weights_key(row.dtype): row.bytes for row in result.weights},
        "quantized": {fmt.name: {"bytes": size, "counts": fmt.description}
                      for fmt, size in result.formats},
        "training_adam_mixed": {part: total for part, _, total in result.training},
        "training_bytes": sum(total for _, _, total in result.training),
        "optimisers": {o.name: {"bytes": total, "per_param": o.per_param, "source": o.source,
                                "parts": dict(o.parts)} for o, total in result.optimisers},
        "kv_cache_formula": None if result.kv_formula is None else str(result.kv_formula),
        "kv_cache_bytes_per_token": result.kv_per_token,
        "kv_cache_bytes": result.kv_total, "dtype": args.dtype,
        "kv_cache_note": " ".join(windowed) if windowed else None,
        "state_formula": None if result.state_formula is None else str(result.state_formula),
        "state_bytes": result.state_total,
        "activations": _activations(m, args),
        "batch": args.batch, "seq": args.seq, **cli_images.record(m, args),
    }
    compared = compare_record(m, args, [*wanted, *(["korthikanti_table_2"] if "korthikanti"
                                                  in wanted and per_gpu else [])], per_gpu)
    if per_gpu is not None:
        record["per_gpu"] = {**per_gpu, **({"compare": compared} if compared else {})}
    if "korthikanti" in wanted:
        record["compare"] = {"korthikanti": {
            r: korthikanti_bytes(m, args.seq, args.batch, r) for r in POLICIES}
            if args.seq else None, "source": KORTHIKANTI}
    fits = 1 if per_gpu is not None and per_gpu.get("fits") is False else 0
    if args.json:
        print(json_line(record))
        return fits
    print(memory_heading(args.model, result))
    cli_images.show(m, args)
    print("\n".join(weights_lines(result)))
    sizes = ", ".join(f"{row.dtype} {gib(row.bytes_per_param * layer_params)}"
                      for row in result.weights[:3])
    print(f"  largest layer: {layer} ({layer_params:,} parameters; {sizes})")
    print("\n".join(training_lines(result)))
    _show_activations(record, args)
    for line in cache_lines(result):
        print(line)
    if per_gpu is not None:
        show(per_gpu, compared)
    elif compared:
        from symparam.cli_parallel import show_compared

        show_compared(compared)
    return fits


def _activations(model: Any, args: argparse.Namespace) -> dict[str, Any] | None:
    """What a training step keeps for its backward pass under each recomputation policy, in
    the dtype asked for: bytes and the formula, or why it is not derived."""
    from symparam.memory import POLICIES, activations

    if args.seq is None and model.sequence is None:
        return None
    if args.dtype not in ("fp32", "fp16", "bf16"):
        return {"refused": "activations are in fp32, fp16 or bf16"}
    out: dict[str, Any] = {}
    for policy in POLICIES:
        try:
            found = activations(model, args.seq, args.batch, policy, args.dtype,
                                getattr(args, "target_seq", None))
        except SymparamError as error:
            out[policy] = {"refused": error.shown(FLAGS)}
            continue
        out[policy] = {"bytes": found.bytes, "formula": str(found.formula)}
    return out


def _show_activations(record: dict[str, Any], args: argparse.Namespace) -> None:
    found = record["activations"]
    if not found:
        return
    if "refused" in found:
        print(f"  activations: not derived ({found['refused']})")
        return
    print(f"  activations a training step keeps for B = {args.batch}, s = {args.seq} "
          f"({args.dtype}; {ACTIVATIONS_COUNT}):")
    exact = {}
    for policy, row in found.items():
        if "refused" in row:
            print(f"    recompute {policy:<9} not derived: {row['refused']}")
            continue
        exact[policy] = row["bytes"]
        print(f"    recompute {policy:<9} {row['bytes']:>20,} B = {gib(row['bytes'])}")
    compared = record.get("compare", {}).get("korthikanti")
    if compared and compared.get("none") is not None:
        print(f"  korthikanti ({KORTHIKANTI}):")
        for policy, size in compared.items():
            share = f" ({signed_percent(size - exact[policy], exact[policy])})" \
                if exact.get(policy) else ""
            print(f"    recompute {policy:<9} {size:>20,} B = {gib(size)}{share}")


#: what the activation figures count
ACTIVATIONS_COUNT = ("each tensor torch saves, once, as the model's code runs in eager mode; "
                     "none, selective (attention cores run again) or full (layers run again) "
                     "recomputation; the loss's own tensors not included")
#: the compared formula
KORTHIKANTI = ("Korthikanti et al. 2022: s·b·h·(34 + 5·a·s/h) bytes a layer, 16-bit, dropout "
               "masks, a GPT-3 layer of 4h")


def cmd_sweep(args: argparse.Namespace) -> int:
    import warnings

    from symparam.plots import parse_range
    from symparam.sweep import PrecisionWarning, sweep, write

    ranges: dict[str, list[int]] = {}
    for given in args.ranges:
        name, points = parse_range(given)
        if name in ranges:
            raise InvalidValueError(f"{name} is given two ranges: give it one")
        ranges[name] = points
    m = build_model(args.model, args)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PrecisionWarning)
        table = sweep(m, ranges)
    for warning in caught:
        print(f"symparam: note: {warning.message}", file=sys.stderr)
    # progress on a terminal, when the rows go elsewhere (rows on the screen show their own)
    shown = sys.stderr.isatty() and not sys.stdout.isatty()
    write(table, sys.stdout, csv=args.csv, progress=sys.stderr if shown else None)
    if table.skipped:
        print(f"symparam: skipped {table.skipped_count:,} of {table.asked:,} combinations, "
              f"which break a rule of {m.name}:", file=sys.stderr)
        for skipped in table.skipped:
            print(f"symparam:   {skipped}", file=sys.stderr)
    return 0


def add_commands(commands: Any) -> None:
    """Register the analysis commands on the main parser's subcommands."""
    command(commands, "depends", "which hyperparameters change the count, and why",
            cmd_depends)
    p = command(commands, "check", "a hand-derived formula against the exact one (exit "
                "status 1 when it is not the count)", cmd_check)
    p.add_argument("formula", metavar="FORMULA",
                   help='your formula in the model\'s symbols, e.g. "(3L + 11N + 2)·H + '
                        '12·N·H²" (· × * for products, ² or ^ for powers)')
    p = command(commands, "approx", "an approximation and its exact error", cmd_approx)
    p.add_argument("--order", type=whole(MAX_DEGREE), metavar="D",
                   help="keep the terms of at least this degree")
    p.add_argument("--name", metavar="NAME",
                   help="a named approximation: kaplan, bert-shortcut or nanogpt")
    p.add_argument("--formula", metavar="TEXT",
                   help="your own approximation (P is the exact total)")
    command(commands, "sensitivity", "∂P/∂x and elasticities at the model's values",
            cmd_sensitivity)
    p = command(commands, "solve", "the size that gives a target count", cmd_solve)
    p.add_argument("--target", required=True, metavar="COUNT",
                   help="the count wanted, e.g. 7e9, 7B or 350M")
    p.add_argument("--for", dest="symbol", required=True, metavar="NAME",
                   help="the hyperparameter to solve for, e.g. H or N")
    p.add_argument("--multiple-of", type=whole(MAX_SOLVED), default=1, metavar="M",
                   help="only values that are multiples of M (default 1)")
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
    cli_images.add_argument(p)
    if isinstance(p, argparse.ArgumentParser):  # built: this run is flops (or --help)
        from symparam.published import SOURCES

        p.add_argument("--compare", metavar="NAMES", help="published formulas beside the "
                       f"exact count: {','.join(SOURCES)}")
    p = command(commands, "sweep", "the count over a grid of hyperparameter values",
                cmd_sweep, json_output=False)
    p.add_argument("ranges", nargs="+", metavar="NAME=RANGE",
                   help="H=256:8192:256 (steps), H=256:8192 (doubling) or N=12,24,48")
    output = p.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true",
                        help="JSON Lines: one object a row, counts as integers (default)")
    output.add_argument("--csv", action="store_true", help="a CSV table with a header")
    p = command(commands, "memory", "weights per dtype and quantized, training state, "
                "activations, KV cache, the largest layer", cmd_memory)
    p.add_argument("--seq", type=whole(), metavar="S",
                   help="tokens per sequence, for the KV cache")
    p.add_argument("--batch", type=whole(), metavar="B",
                   help="sequences, for the KV cache (default 1); with --gpus the global "
                        "batch of a training step")
    p.add_argument("--dtype", default="fp16", choices=("fp32", "fp16", "bf16", "int8"),
                   help="dtype of the KV cache and the activations (default fp16)")
    p.add_argument("--target-seq", type=whole(), metavar="S_DEC",
                   help="an encoder–decoder's decoder length (default: --seq)")
    cli_images.add_argument(p)
    p.add_argument("--compare", metavar="NAMES", help="published figures beside the exact "
                   "bytes: korthikanti (activations; with --gpus Table 2 a layer), zero "
                   "(Figure 1), bubble (with --pp)")
    from symparam.cli_parallel import add_arguments

    add_arguments(p, whole)
    p = command(commands, "plot", "where the parameters are, or the count against a size",
                cmd_plot, many=True, stdin=False)
    what = p.add_mutually_exclusive_group()
    what.add_argument("--breakdown", action="store_true", help="stacked bars by part (default)")
    what.add_argument("--sweep", metavar="NAME=RANGE", help="e.g. H=256:8192 or N=12,24,48")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help=".svg, .png or .pdf")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
