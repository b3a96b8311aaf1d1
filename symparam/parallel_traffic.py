"""Traffic one GPU sends per training step under a parallel layout, exactly, under the
conventions printed with it (:data:`CONVENTIONS`): data-parallel rounds by ZeRO stage,
Megatron-LM's tensor-parallel all-reduces, pipeline sends, expert all-to-all, and the bubble."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import sympy

from symparam.blocks.base import Block, tensor_leaves
from symparam.blocks.numbers import evaluate
from symparam.frozen import frozen
from symparam.memory import kv_cache
from symparam.placement import PSI, PSI_E, Layout, Stage, stack_of

CONVENTIONS = {
    "data": "a ring reduce-scatter or all-gather of Ψ elements sends (d − 1)·⌈Ψ/d⌉ from each "
            "GPU, an all-reduce both. ZeRO-0 and -1 accumulate the gradients over the step's m "
            "micro-batches and reduce them once (ZeRO-1: reduce-scatter, then all-gather the "
            "updated weights): 2; ZeRO-2 holds only its partition of the gradients, so it "
            "reduce-scatters after each micro-batch's backward and all-gathers the weights once: "
            "m + 1; ZeRO-3 also gathers the weights for each micro-batch's forward and "
            "backward: 3m (DeepSpeed's schedule). Rajbhandari et al.'s 2Ψ and 3Ψ are these for "
            "m = 1 and d → ∞",
    "tensor": "Megatron-LM: each row-parallel block's output is all-reduced in the forward "
              "pass and its column-parallel input's gradient in the backward pass (two each "
              "per transformer layer), b·s·H elements each; a ring all-reduce sends "
              "2(t − 1)/t of them per GPU (with sequence parallelism an all-gather and a "
              "reduce-scatter, the same volume); full recomputation runs the forward's again",
    "pipeline": "each micro-batch's activations (b·s·H) to the next stage and their gradient "
                "back; a middle stage sends both, the first and last one of them",
    "expert": "each MoE layer's dispatch and combine all-to-all, forward and backward: b·s·k·H "
              "elements a GPU each, of which (e − 1)/e leave it where the router spreads "
              "tokens evenly (routing decides the share)",
    "context": "ring attention (Liu et al. 2023; Megatron-LM's context parallelism): each GPU "
               "holds s/c of a sequence's tokens; in the forward pass it passes its keys and "
               "values on round the ring c − 1 times, in the backward pass the keys and values "
               "again and their gradients: 3(c − 1) sends a layer a micro-batch of b·(s/c) "
               "tokens' keys and values, 2·h_kv·d_head/t numbers a token on a tensor-parallel "
               "rank",
    "bubble": "Megatron-LM's 1F1B schedule (Narayanan et al. 2021): the bubble is (p − 1)/m "
              "of the ideal step time",
}


@frozen
class Traffic:
    """Bytes one GPU sends per training step, by kind, with formulas in the layout's sizes."""

    #: (kind, bytes, formula in elements, bytes an element, note)
    rows: tuple[tuple[str, int | Fraction, Any, int, str], ...]
    bubble: Fraction | None
    #: W_kv of the context-parallel ring's formula: numbers of keys and values a token a layer
    #: on a GPU, where derived
    kv_width: int | None = None
    #: N_stage of the formulas: the layers on the GPU
    layers: int = 0


def _row_blocks(layer: Block) -> Iterator[tuple[Block, Any]]:
    """The blocks of a layer whose output tensor parallelism all-reduces: row-parallel
    linears, and experts whose matrices it splits, with their output width."""
    if getattr(layer, "parallel", None) == "row":
        yield layer, layer.out_features
        return
    if getattr(layer, "count_expr", None) is not None and any(
            getattr(t, "split", None) is not None for _, t in layer.children()):
        yield layer, layer.outer
        return
    for _, child in layer.children():
        yield from _row_blocks(child)


def _experts_blocks(layer: Block) -> Iterator[Block]:
    if any(getattr(t, "expert", False) for _, t in layer.children()):
        yield layer
        return
    for _, child in layer.children():
        yield from _experts_blocks(child)


def traffic_per_step(model: Any, layout: Layout, stage: Stage, optimiser: Any,
                     recompute: str, act_bytes: int) -> Traffic:
    """What one GPU of ``stage`` sends per training step (:data:`CONVENTIONS`)."""
    b, s, m = layout.micro_batch, layout.seq, layout.micro_batches
    d, t, p, e, c = layout.replicas, layout.tp, layout.pp, layout.ep, layout.cp
    d_e = d // e
    grad_bytes = max(size for part, size in optimiser.parts if "gradients" in part)
    rows: list[tuple[str, int | Fraction, Any, int, str]] = []
    sym_d, sym_m, sym_t, sym_de = sympy.symbols("d m t d_E", positive=True, integer=True)
    b_, s_, h_, k_, n_stage = sympy.symbols("b s H k N_stage", positive=True, integer=True)
    # data parallel: the dense parameters over d, the experts' over their own d_E = d/e
    zero3 = layout.zero == 3
    rounds = (2, 2, m + 1, 3 * m)[layout.zero]
    sym_rounds = (2, 2, sym_m + 1, 3 * sym_m)[layout.zero]
    sent = rounds * (d - 1) * -(-stage.dense // d)
    formula = sym_rounds * (sym_d - 1) * sympy.ceiling(PSI / sym_d)
    if stage.experts:
        sent += rounds * (d_e - 1) * -(-stage.experts // d_e)
        formula += sym_rounds * (sym_de - 1) * sympy.ceiling(PSI_E / sym_de)
    paper = (3 if zero3 else 2) * (stage.dense + stage.experts)
    rows.append(("data-parallel gradients" + (" and ZeRO-3 gathers" if zero3 else ""),
                 sent * grad_bytes, formula, grad_bytes,
                 f"Rajbhandari et al.: {3 if zero3 else 2}Ψ = {paper * grad_bytes:,} B"))
    hidden = model.bind().get("H")
    if c > 1:  # each GPU runs s/c of each sequence's tokens
        s, s_ = s // c, s_ / sympy.Symbol("c", positive=True, integer=True)
    repeat = stack_of(model, list(tensor_leaves(model.tree)))
    layer = repeat.repeat.block if repeat is not None and repeat.repeat is not None else None
    layers = stage.layers if p > 1 else (repeat.layers if repeat is not None else 0)
    if t > 1 and layer is None:
        rows.append(("tensor-parallel all-reduces", 0, None, act_bytes,
                     "not derived: the layers are not one stack of alike layers"))
    elif t > 1 and layer is not None:
        widths = [model.value_of(w) for _, w in _row_blocks(layer)]
        times = 3 if recompute == "full" else 2
        elements = Fraction(2 * (t - 1), t) * m * layers * times * sum(widths) * b * s
        width = h_ if all(w == hidden for w in widths) else sympy.Symbol("W")
        formula = times * len(widths) * sym_m * n_stage * 2 * (sym_t - 1) / sym_t * b_ * s_ \
            * width
        total = elements * act_bytes
        rows.append(("tensor-parallel all-reduces", int(total) if total.denominator == 1
                     else total, formula, act_bytes,
                     f"{len(widths)} row-parallel blocks a layer, {layers} layers on the GPU"))
    if p > 1 and hidden is not None:
        middle = 0 < stage.index < p - 1
        sends = 2 if middle else 1
        rows.append(("pipeline sends", sends * m * b * s * hidden * act_bytes,
                     sends * sym_m * b_ * s_ * h_, act_bytes,
                     "a middle stage: activations on, gradients back" if middle
                     else "the first stage: activations on" if stage.index == 0
                     else "the last stage: gradients back"))
    if e > 1 and layer is not None:
        blocks = list(_experts_blocks(layer))
        per = sum(model.value_of(x.active) * model.value_of(x.outer) for x in blocks)
        rows.append(("expert all-to-all", 4 * m * layers * b * s * per * act_bytes,
                     4 * sym_m * n_stage * b_ * s_ * k_ * h_, act_bytes,
                     "buffers exchanged; (e − 1)/e of them leave the GPU under even routing"))
    width = None
    if c > 1:
        ring, width = ring_row(model, layout, layers, m, act_bytes)
        rows.append(ring)
    bubble = Fraction(p - 1, m) if p > 1 else None
    return Traffic(tuple(rows), bubble, width, layers)


def ring_row(model: Any, layout: Layout, layers: int, m: int, act_bytes: int
             ) -> tuple[tuple[str, int | Fraction, Any, int, str], int | None]:
    """Ring attention's sends a step (:data:`CONVENTIONS`): 3(c − 1) passes of a GPU's keys
    and values a layer a micro-batch; their width read off the KV cache a token (refused for a
    cache that is not alike layer by layer), and that width W_kv (None where refused)."""
    formula = kv_cache(model)
    stack = stack_of(model, list(tensor_leaves(model.tree)))
    if formula is None or stack is None or not stack.layers or formula.has(sympy.Min):
        return ("context-parallel ring", 0, None, act_bytes,
                "not derived: the keys and values are not alike layer by layer"), None
    per_token = evaluate(formula, {**model.bind(), "s": 1, "s_dec": 1})
    b, s, c, t = layout.micro_batch, layout.seq, layout.cp, layout.tp
    if per_token % (stack.layers * t):
        return ("context-parallel ring", 0, None, act_bytes,
                "not derived: the keys and values do not split evenly by layer and rank"), None
    width = per_token // (stack.layers * t)  # 2·h_kv·d_head/t
    elements = 3 * (c - 1) * m * layers * b * (s // c) * width
    b_, s_, c_, m_, n_, kv_ = sympy.symbols("b s c m N_stage W_kv", positive=True, integer=True)
    return ("context-parallel ring", elements * act_bytes,
            3 * (c_ - 1) * m_ * n_ * b_ * s_ / c_ * kv_, act_bytes,
            f"W_kv = {width:,} numbers of keys and values a token a layer on the GPU, "
            f"{layers} layers"), width
