"""``symparam memory MODEL --gpus G …``: bytes per GPU and traffic per step under a parallel
layout (:mod:`symparam.parallel`), as JSON and as text; thin over the API."""

from __future__ import annotations

import argparse
import textwrap
from fractions import Fraction
from typing import Any

from symparam.cli_common import FLAGS
from symparam.errors import InvalidValueError, SymparamError
from symparam.printing import text
from symparam.rounding import decimal, gib, signed_percent

GIB = 2**30
#: names ``memory --compare`` takes
COMPARE = ("korthikanti", "zero", "bubble")


#: what the activations per GPU count
ACTIVATIONS_ONE = ("each tensor torch saves for the backward pass of one micro-batch, once, as "
                   "transformers' code runs the whole model")
ACTIVATIONS_TP = ("one tensor-parallel rank's: the model's saved tensors with a t-th of the "
                  "heads and of the MLP's and experts' inner widths (each head as wide), as a "
                  "rank of column- and row-parallel linears computes; {rest}; the token "
                  "lookup's indices as transformers keeps them (Megatron's vocabulary-parallel "
                  "lookup also keeps which tokens fall outside the rank's rows)")
ACTIVATIONS_WHOLE = "norms, residuals and the column-parallel inputs whole"
#: why a latent KV cache is not split by tensor parallelism
KV_WHOLE = ("latent attention's cache (its latents and shared rotary key) is not split by "
            "heads: each of the t tensor-parallel GPUs keeps all of it, as vLLM decodes it as "
            "one key/value head (ModelConfig.get_num_kv_heads, vllm/config/model.py)")


#: the schedule the activations over pipeline stages assume
PIPELINE_SCHEDULE = ("Megatron-LM's non-interleaved 1F1B schedule: stage q (from 1) runs "
                     "min(p − q, m) forward passes before its first backward, then one more, "
                     "so it holds min(p − q + 1, m) micro-batches' activations at its peak "
                     "(the first stage p where m ≥ p); each stage makes its own rotary tables "
                     "and mask")
ACTIVATIONS_SP = ("with sequence parallelism (Korthikanti et al. 2022) the tensors outside the "
                  "heads and inner widths (norms, residual stream, the column-parallel "
                  "linears' inputs, routers) for a t-th of the tokens")
ACTIVATIONS_SP_LATENT = (", latent attention's latents and their norms among them (Megatron-Core's "
                         "multi-latent attention computes them on a rank's s/t tokens)")
ACTIVATIONS_CP = ("with context parallelism each GPU keeps the tensors of s/c = s/{c} of each "
                  "sequence's tokens (ring attention: no tensor of s × s is kept)")
ACTIVATIONS_EP = ("the experts' rows those a GPU's E/e experts take at their capacity, "
                  "E·⌈c·b·s·k/E⌉ a layer for c = {c}")


def add_arguments(p: argparse.ArgumentParser, whole: Any) -> None:
    """The layout flags of ``memory``."""
    g = p
    g.add_argument("--gpus", type=whole(10**7), metavar="G",
                   help="GPUs: bytes on the most loaded one and traffic per step")
    g.add_argument("--zero", type=int, choices=(0, 1, 2, 3), default=0,
                   help="ZeRO stage: 1 partitions optimiser state over the data-parallel "
                        "ranks, 2 gradients too, 3 parameters too (default 0)")
    g.add_argument("--tp", type=whole(10**5), default=1, metavar="T",
                   help="tensor parallelism (Megatron's column- and row-parallel linears)")
    g.add_argument("--pp", type=whole(10**5), default=1, metavar="P",
                   help="pipeline stages (layers split evenly)")
    g.add_argument("--sp", action="store_true", help="sequence parallelism (with --tp)")
    g.add_argument("--cp", type=whole(10**5), default=1, metavar="C",
                   help="context parallelism: each sequence's tokens split over C GPUs (ring "
                        "attention)")
    g.add_argument("--ep", type=whole(10**5), default=1, metavar="E",
                   help="expert parallelism (the experts split over E data-parallel ranks)")
    g.add_argument("--capacity-factor", metavar="C",
                   help="experts' capacity factor: each expert takes at most ⌈C·b·s·k/E⌉ rows "
                        "from each GPU, padded to it (needed for activations under --ep; 1 is "
                        "an even routing)")
    g.add_argument("--micro-batch", type=whole(), default=1, metavar="b",
                   help="sequences a GPU runs at once (default 1); --batch is then the "
                        "global batch B")
    g.add_argument("--optimizer", default="adam-mixed", metavar="NAME",
                   help="adam-mixed (default), adam-fp32-grads or adam-fp32")
    g.add_argument("--recompute", choices=("none", "selective", "full"), default="none",
                   help="recomputation policy of the activations per GPU (default none)")
    g.add_argument("--gpu-memory", type=float, metavar="GIB",
                   help="each GPU's memory in GiB: say whether the layout fits (exit status 1 "
                        "when it does not)")


#: the flags that lay out ``--gpus`` and their defaults (given without it: refused)
LAYOUT_FLAGS = (("--tp", "tp", 1), ("--pp", "pp", 1), ("--ep", "ep", 1), ("--zero", "zero", 0),
                ("--sp", "sp", False), ("--cp", "cp", 1),
                ("--capacity-factor", "capacity_factor", None),
                ("--gpu-memory", "gpu_memory", None))
#: what only a derivation's layout reads (``memory`` reads them without ``--gpus`` too)
DERIVE_FLAGS = (("--micro-batch", "micro_batch", 1), ("--optimizer", "optimizer", "adam-mixed"),
                ("--recompute", "recompute", "none"), ("--dtype", "dtype", None))

#: what a page's layout reads besides (a page has no other use for them: without ``--gpus``
#: they are refused)
PAGE_FLAGS = LAYOUT_FLAGS + DERIVE_FLAGS + (("--seq", "seq", None), ("--batch", "batch", None))


def layout_of(args: argparse.Namespace, batch_given: int | None,
              flags: tuple[tuple[str, str, Any], ...] = LAYOUT_FLAGS) -> Any:
    """The :class:`~symparam.placement.Layout` the flags give (None without ``--gpus``, where
    each of ``flags`` given is refused; the parallel modules are imported only with it)."""
    if args.gpus is None:
        for flag, name, default in flags:
            if vars(args).get(name, default) != default:
                raise InvalidValueError(f"{flag} needs --gpus G")
        return None
    from symparam.placement import Layout

    if args.gpu_memory is not None and not 0 < args.gpu_memory <= 2**40:
        raise InvalidValueError("--gpu-memory takes a positive number of GiB, at most 2^40")
    if args.dtype not in ("fp32", "fp16", "bf16"):
        raise InvalidValueError(f"--gpus: a training step's activations and traffic are in "
                                f"fp32, fp16 or bf16, not --dtype {args.dtype}")
    capacity = None
    if args.capacity_factor is not None:
        try:
            capacity = Fraction(args.capacity_factor)
        except (ValueError, ZeroDivisionError):
            raise InvalidValueError("--capacity-factor takes a positive number, not "
                                    f"{args.capacity_factor!r}") from None
    return Layout(args.gpus, args.tp, args.pp, args.ep, args.zero, args.sp, args.micro_batch,
                  batch_given, args.seq, capacity, args.cp)


def gpu_memory_bytes(args: argparse.Namespace) -> int | None:
    """``--gpu-memory`` GiB in bytes (None without it)."""
    return None if args.gpu_memory is None else int(Fraction(str(args.gpu_memory)) * GIB)


def layout_record(model: Any, args: argparse.Namespace, batch_given: int | None,
                  found: Any = None) -> dict[str, Any] | None:
    """The per-GPU record for ``--gpus`` (None without it), of ``found`` where the caller has
    reckoned :func:`~symparam.parallel.per_gpu` already (a derivation's section)."""
    layout = layout_of(args, batch_given)
    if layout is None:
        return None
    from symparam.parallel import per_gpu
    from symparam.parallel_activations import in_flight
    from symparam.parallel_traffic import CONVENTIONS

    dtype = args.dtype
    if found is None:
        found = per_gpu(model, layout, args.optimizer, args.recompute, dtype)
    stage = found.stage
    where = "the only stage" if found.stages == 1 else \
        "the first stage" if stage == 0 else \
        "the last stage" if stage == found.stages - 1 else f"stage {stage + 1}"
    record: dict[str, Any] = {
        "gpus": layout.gpus, "dp": layout.dp, "tp": layout.tp, "pp": layout.pp,
        "ep": layout.ep, "cp": layout.cp, "zero": layout.zero, "sp": layout.sp,
        "zero_group": layout.replicas,
        "micro_batch": layout.micro_batch, "batch": batch_given, "seq": layout.seq,
        "micro_batches": layout.micro_batches, "optimizer": found.optimiser,
        "most_loaded": {"stage": stage + 1, "of": found.stages, "where": where,
                        "rank": "any tensor-, data- and expert-parallel rank of it (they "
                                "hold alike shards)"},
        "params_per_gpu": found.dense, "expert_params_per_gpu": found.experts,
        "parts": [{"name": p.name, "bytes": p.bytes, "formula": text(p.formula)}
                  for p in found.parts],
        "activations": {"bytes": found.activations, "recompute": args.recompute,
                        "dtype": dtype, "micro_batch": layout.micro_batch,
                        "counts": "; ".join(
                            [ACTIVATIONS_TP.format(rest=(ACTIVATIONS_SP + (
                                ACTIVATIONS_SP_LATENT if found.latent else ""))
                                if layout.sp else ACTIVATIONS_WHOLE)
                             if layout.tp > 1 else ACTIVATIONS_ONE]
                            + ([ACTIVATIONS_EP.format(c=layout.capacity)]
                               if layout.capacity is not None else [])
                            + ([ACTIVATIONS_CP.format(c=layout.cp)] if layout.cp > 1 else []))}
        if found.activations is not None else
        ({"refused": _shown(found.activations_refused)} if found.activations_refused
         else None),
        "kv_cache": found.kv_cache if found.kv_cache is not None else
        ({"refused": found.kv_refused} if found.kv_refused else None),
        "kv_cache_split": None if found.kv_cache is None else
        ("p, c" if layout.cp > 1 else "p") if found.kv_whole_on_ranks else
        ("t, p, c" if layout.cp > 1 else "t, p"),
        "kv_cache_note": KV_WHOLE if found.kv_whole_on_ranks else None,
        "kv_cache_by_stage": None if found.kv_stages is None else list(found.kv_stages),
        "total_bytes": found.total,
        "stage_bytes": list(found.stage_totals),
        "stage_activations": None if found.stage_activations is None or layout.pp == 1
        else list(found.stage_activations),
        "in_flight": list(in_flight(layout)) if layout.pp > 1 else None,
        "schedule": PIPELINE_SCHEDULE if layout.pp > 1 and found.stage_activations else None,
    }
    if found.traffic is not None:
        record["traffic"] = [{"kind": kind, "bytes": _plain(value),
                              "formula_elements": None if formula is None else text(formula),
                              "bytes_per_element": size, "note": note}
                             for kind, value, formula, size, note in found.traffic.rows]
        record["traffic_layer_kinds"] = [
            {"symbol": f"N_{i}", "layers": n, "width_symbol": f"W_{i}", "width": text(w)}
            for i, (n, w) in enumerate(found.traffic.kinds, 1)] or None
        record["traffic_moe_layers"] = found.traffic.moe_layers
        record["bubble"] = None if found.traffic.bubble is None else str(found.traffic.bubble)
        record["conventions"] = CONVENTIONS
    if args.gpu_memory is not None:
        limit = gpu_memory_bytes(args) or 0
        record["gpu_memory_bytes"] = limit
        record["fits"] = found.total <= limit
        record["over_by_bytes"] = max(0, found.total - limit)
        record["spare_bytes"] = max(0, limit - found.total)
        record["fits_counts_activations"] = found.activations is not None
    return record


def _shown(reason: Any) -> str:
    """A refusal as the command line names its parameters (``--tp``, not ``tp``)."""
    return reason.shown(FLAGS) if isinstance(reason, SymparamError) else str(reason)


def _number(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else str(value)


def _plain(value: Any) -> Any:
    return value if isinstance(value, int) else str(value)


def compare_record(model: Any, args: argparse.Namespace, names: list[str],
                   layout: dict[str, Any] | None) -> dict[str, Any]:
    """The published figures ``--compare`` names for a layout (none: nothing imported)."""
    if not names:
        return {}
    from symparam.parallel_compare import (
        KORTHIKANTI_COUNTS,
        KORTHIKANTI_SOURCE,
        ZERO_SOURCE,
        korthikanti_rows,
        zero_rows,
    )

    out: dict[str, Any] = {}
    if "zero" in names:
        out["zero"] = {"source": ZERO_SOURCE, "figure_1": zero_rows()}
        if layout is not None:
            params = layout["params_per_gpu"] + layout["expert_params_per_gpu"]
            out["zero"]["this_layout"] = zero_rows(params, layout["zero_group"])
    if "korthikanti_table_2" in names and args.seq:
        out["korthikanti_table_2"] = {
            "source": KORTHIKANTI_SOURCE, "counts": KORTHIKANTI_COUNTS,
            "rows": korthikanti_rows(model, args.seq, args.micro_batch,
                                     layout["tp"] if layout else 1,
                                     args.dtype if args.dtype != "int8" else "bf16")}
    if "bubble" in names:
        if layout is None or layout["pp"] == 1:
            out["bubble"] = {"refused": "the bubble needs --gpus with --pp P > 1"}
        else:
            out["bubble"] = {"source": "Narayanan et al. 2021 (Megatron-LM), 1F1B: (p − 1)/m",
                             "value": str(Fraction(layout["pp"] - 1, layout["micro_batches"])),
                             "p": layout["pp"], "m": layout["micro_batches"]}
    return out


def show(record: dict[str, Any], compared: dict[str, Any]) -> None:
    """The per-GPU section of ``memory``'s text."""
    r = record
    print(f"  per GPU: G = {r['gpus']} as d {r['dp']} × t {r['tp']} × p {r['pp']}"
          + (f" × c {r['cp']} (ZeRO and the gradients over d·c = {r['zero_group']})"
             if r["cp"] > 1 else "")
          + (f", experts over e = {r['ep']}" if r["ep"] > 1 else "")
          + (", sequence parallel" if r["sp"] else "")
          + f"; ZeRO-{r['zero']}; {r['optimizer']}")
    most = r["most_loaded"]
    print(f"    most loaded: {most['where']} ({most['stage']} of {most['of']}), "
          f"{r['params_per_gpu']:,} parameters"
          + (f" and {r['expert_params_per_gpu']:,} of experts" if r["expert_params_per_gpu"]
             else "") + " a GPU (Ψ" + (", Ψ_E" if r["expert_params_per_gpu"] else "") + ")")
    for part in r["parts"]:
        print(f"    {part['name']:<16} {part['formula']:<28} {part['bytes']:>20,} B = "
              f"{gib(part['bytes'])}")
    acts = r["activations"]
    if acts and "refused" in acts:
        print(textwrap.fill(f"activations: not derived ({acts['refused']})", 100,
                            initial_indent="    ", subsequent_indent="      "))
    elif acts:
        how = f"b = {acts['micro_batch']}, {acts['recompute']}"
        print(f"    {'activations':<16} {how:<28} {acts['bytes']:>20,} B = "
              f"{gib(acts['bytes'])}")
        print(textwrap.fill(acts["counts"], 100, initial_indent="      ",
                            subsequent_indent="      "))
    # what the total leaves out, as the derivation's GPU section says it
    left_out = "" if acts and "refused" not in acts else \
        ", without activations (not derived)" if acts else \
        ", without activations (--seq gives them)"
    print(f"    {'total':<16} {'':<28} {r['total_bytes']:>20,} B = "
          f"{gib(r['total_bytes'])}{left_out}")
    if r["pp"] > 1:
        print("    by stage: " + ", ".join(decimal(Fraction(b) / GIB, 2) for b in r["stage_bytes"])
              + " GiB (weights, gradients, optimiser state)")
        if r["stage_activations"]:
            print("    activations by stage: " + ", ".join(
                decimal(Fraction(b) / GIB, 2) for b in r["stage_activations"]) + " GiB, of "
                + ", ".join(str(k) for k in r["in_flight"]) + " micro-batches in flight")
            print(textwrap.fill(r["schedule"], 100, initial_indent="      ",
                                subsequent_indent="      "))
    kv = r["kv_cache"]
    if isinstance(kv, int):
        parts = r["kv_cache_split"].split(", ")
        split = f"{', '.join(parts[:-1])} and {parts[-1]} split" if len(parts) > 1 else \
            f"{parts[0]} splits"
        print(f"    inference: KV cache of the B sequences on one replica's GPU ({split} it): "
              f"{kv:,} B = {gib(kv)}")
        if r["kv_cache_by_stage"]:
            print("      by stage: " + ", ".join(f"{b:,}" for b in r["kv_cache_by_stage"])
                  + " B (the stage that holds most above)")
        if r["kv_cache_note"]:
            print(textwrap.fill(r["kv_cache_note"], 100, initial_indent="      ",
                                subsequent_indent="      "))
    elif kv:
        print(f"    inference KV cache a GPU: not derived ({kv['refused']})")
    for row in r.get("traffic", ()):
        if row["formula_elements"] is None:
            print(textwrap.fill(f"traffic, {row['kind']}: {row['note']}", 100,
                                initial_indent="    ", subsequent_indent="      "))
            continue
        value = row["bytes"]
        shown = f"{value:,} B" if isinstance(value, int) else f"{value} B"
        print(textwrap.fill(f"traffic a step, {row['kind']}: {shown} = "
                            f"({row['formula_elements']}) × {row['bytes_per_element']} B "
                            f"({row['note']})", 100, initial_indent="    ",
                            subsequent_indent="      "))
    kinds = {"data": "data-parallel", "tensor": "tensor-parallel", "pipeline": "pipeline",
             "expert": "expert", "context": "context-parallel", "bubble": "bubble"}
    for key, convention in r.get("conventions", {}).items():
        if any(row["kind"].startswith(kinds[key]) for row in r.get("traffic", ())) or (
                key == "bubble" and r.get("bubble")):
            print(textwrap.fill(f"{kinds[key]}: {convention}", 100, initial_indent="      ",
                                subsequent_indent="        "))
    if r.get("bubble"):
        print(f"    pipeline bubble (p − 1)/m = {r['bubble']} of the ideal step (m = "
              f"{r['micro_batches']})")
    if "fits" in r:
        if not r["fits_counts_activations"]:
            print("    (weights, gradients and optimiser state only: the activations are "
                  + ("not derived here)" if r["activations"] else "for a given --seq)"))
        if r["fits"]:
            print(f"    fits in {gib(r['gpu_memory_bytes'])} with "
                  f"{gib(r['spare_bytes'])} to spare")
        else:
            print(f"    does not fit in {gib(r['gpu_memory_bytes'])}: "
                  f"{r['over_by_bytes']:,} B = {gib(r['over_by_bytes'])} over")
    show_compared(compared)


def show_compared(compared: dict[str, Any]) -> None:
    zero = compared.get("zero")
    if zero:
        print(f"  {zero['source']}:")
        for row in zero["figure_1"]:
            print(f"    {row['name']:<9} {row['formula']:<20} printed {row['printed']:>8}; "
                  f"symparam {decimal(Fraction(row['exact_bytes'], 10**9), 4)} GB "
                  f"({row['exact_bytes']:,} B)")
        for row in zero.get("this_layout", ()):
            print(f"    this layout, {row['name']:<9} paper {row['paper_bytes']} B; symparam "
                  f"{row['exact_bytes']:,} B")
    table = compared.get("korthikanti_table_2")
    if table:
        print(f"  {table['source']}, bytes a layer:")
        for row in table["rows"]:
            exact = row.get("exact_bytes")
            if exact is None:
                print(f"    {row['name']:<32} {row['formula']} = {_number(row['paper_bytes'])}; "
                      f"symparam: not derived ({row.get('refused', '')})")
                continue
            print(f"    {row['name']:<32} {row['formula']} = {_number(row['paper_bytes'])}; "
                  f"symparam {exact:,} ({signed_percent(Fraction(row['paper_over']) - 1)} in the "
                  "paper)")
        print(textwrap.fill(table["counts"], 100, initial_indent="    ",
                            subsequent_indent="    "))
    bubble = compared.get("bubble")
    if bubble:
        shown = bubble.get("refused") or f"{bubble['value']} ({bubble['source']})"
        print(f"  bubble: {shown}")
