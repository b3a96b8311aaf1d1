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
from symparam.parallel_activations import latent
from symparam.placement import PSI, PSI_E, Layout, Stage, layer_kinds, stack_of
from symparam.printing import text
from symparam.symbols import s as S

CONVENTIONS = {
    "data": "a ring reduce-scatter or all-gather of Ψ elements sends (d − 1)·⌈Ψ/d⌉ from each "
            "GPU, an all-reduce both. ZeRO-0 and -1 accumulate the gradients over the step's m "
            "micro-batches and reduce them once (ZeRO-1: reduce-scatter, then all-gather the "
            "updated weights): 2; ZeRO-2 holds only its partition of the gradients, so it "
            "reduce-scatters after each micro-batch's backward and all-gathers the weights once: "
            "m + 1; ZeRO-3 also gathers the weights for each micro-batch's forward and "
            "backward: 3m (DeepSpeed's schedule). Rajbhandari et al.'s 2Ψ and 3Ψ are these for "
            "m = 1 and d → ∞",
    "tensor": "Megatron-LM (Shoeybi et al. 2019, section 3): each row-parallel block's "
              "output is all-reduced in the forward pass (g), and in the backward pass the "
              "gradient of each tensor a split part reads whole (f): a block's input, b·s·H "
              "elements, or latent attention's three (its query latent, or the hidden state "
              "without one; its key/value latent; its shared rotary key: what Megatron-Core's "
              "multi-latent attention gathers under sequence parallelism); a ring all-reduce "
              "sends 2(t − 1)/t of them per GPU; with sequence parallelism an all-gather and a "
              "reduce-scatter in each pass, (t − 1)/t of the forward's and the backward's "
              "elements each; full recomputation runs the forward's again; summed over the "
              "kinds of layer on the GPU (N_1, N_2 … of those that all-reduce alike)",
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
               "rank (latent attention passes its h/t heads' keys and values, not its "
               "latents: h·(d_nope + d_rope + d_v)/t)",
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
    #: N_E of the experts' formula: the MoE layers on the GPU, where not all of its layers
    moe_layers: int | None = None
    #: N_1, N_2 … and W_1, W_2 … of the tensor-parallel formula: the layers on the GPU of
    #: each kind that all-reduces alike and the elements a token such a layer sends over
    #: 2(t − 1)/t (its widths), where there is more than one kind
    kinds: tuple[tuple[int, Any], ...] = ()


#: why latent attention's tensor-parallel traffic is not derived without sequence parallelism
LATENT_WITHOUT_SP = (
    "not derived without --sp: every rank's heads read latent attention's shared rotary key "
    "whole, and Megatron-Core's multi-latent attention sums that key's gradient over the "
    "tensor-parallel ranks only under sequence parallelism (megatron/core/transformer/"
    "multi_latent_attention.py gathers k_pos_emb over the sequence only then); give --sp")


def all_reduces(layer: Block) -> tuple[list[Any], list[Any]]:
    """The widths tensor parallelism all-reduces in a layer (:data:`CONVENTIONS`): in the
    forward pass each row-parallel block's output (experts whose matrices it splits count as
    one), in the backward pass the gradient of each tensor a split part reads whole — its
    input, as wide as the row-parallel output in a block that reads and writes the hidden
    state, unless the block says otherwise (:attr:`~symparam.blocks.Block.split_reads`:
    latent attention's latents and shared rotary key)."""
    if getattr(layer, "parallel", None) == "row":
        return [layer.out_features], [layer.out_features]
    if getattr(layer, "count_expr", None) is not None and any(
            getattr(t, "split", None) is not None for _, t in layer.children()):
        return [layer.outer], [layer.outer]
    forward: list[Any] = []
    backward: list[Any] = []
    for _, child in layer.children():
        ahead, back = all_reduces(child)
        forward += ahead
        backward += back
    if layer.split_reads is not None and forward:
        backward = list(layer.split_reads)
    return forward, backward


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
    sym_d, sym_m, sym_de = sympy.symbols("d m d_E", positive=True, integer=True)
    b_, s_, h_ = sympy.symbols("b s H", positive=True, integer=True)
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
    stack = stack_of(model, list(tensor_leaves(model.tree)))
    kinds = None if stack is None else layer_kinds(model, stack, stage.index, p)
    kinds = None if kinds is None else [(block, n) for block, n in kinds if n]
    layers = stage.layers if p > 1 else (stack.layers if stack is not None else 0)
    terms: tuple[tuple[int, Any], ...] = ()
    if t > 1 and latent(model) and not layout.sp:
        rows.append(("tensor-parallel all-reduces", 0, None, act_bytes, LATENT_WITHOUT_SP))
    elif t > 1 and kinds is None:
        rows.append(("tensor-parallel all-reduces", 0, None, act_bytes,
                     "not derived: the model has an encoder's and a decoder's stacks of layers"
                     if stack is not None and not stack.layers else
                     "not derived: the layers are not one numbered list of repeated layers"))
    elif t > 1 and kinds is not None:
        row, terms = _tensor_row(model, layout, kinds, recompute, act_bytes, layers)
        rows.append(row)
    if p > 1 and hidden is not None:
        middle = 0 < stage.index < p - 1
        sends = 2 if middle else 1
        rows.append(("pipeline sends", sends * m * b * s * hidden * act_bytes,
                     sends * sym_m * b_ * s_ * h_, act_bytes,
                     "a middle stage: activations on, gradients back" if middle
                     else "the first stage: activations on" if stage.index == 0
                     else "the last stage: gradients back"))
    moe = None
    if e > 1 and kinds is not None:
        row, moe = _expert_row(model, layout, kinds, act_bytes, layers)
        rows.append(row)
    width = None
    if c > 1:
        ring, width = ring_row(model, layout, layers, m, act_bytes)
        rows.append(ring)
    bubble = Fraction(p - 1, m) if p > 1 else None
    return Traffic(tuple(rows), bubble, width, layers, moe, terms)


def _tensor_row(model: Any, layout: Layout, kinds: list[tuple[Block, int]], recompute: str,
                act_bytes: int, layers: int
                ) -> tuple[tuple[str, int | Fraction, Any, int, str], tuple[int, ...]]:
    """Tensor parallelism's all-reduces a step, summed over the kinds of layer on the GPU
    (:func:`all_reduces`, :data:`CONVENTIONS`): 2(t − 1)/t · m · b · s · Σ N_k·W_k, where
    W_k is a layer's forward widths (twice under full recomputation) and backward widths;
    with sequence parallelism each all-reduce is an all-gather and a reduce-scatter, the
    forward's and the backward's volumes each half the sum of both. Kinds that all-reduce
    alike (Llama 4's MoE layers with and without rotary embeddings) are one term; the row
    and the layers of each term (N_1, N_2 …; none where there is one)."""
    b, s, m, t = layout.micro_batch, layout.seq, layout.micro_batches, layout.tp
    b_, s_, sym_m, sym_t = sympy.symbols("b s m t", positive=True, integer=True)
    if layout.cp > 1:
        s, s_ = s // layout.cp, s_ / sympy.Symbol("c", positive=True, integer=True)
    full = recompute == "full"
    terms: dict[tuple[int, Any], int] = {}
    for block, n in kinds:
        forward, backward = all_reduces(block)
        ahead, back = sympy.Add(*forward), sympy.Add(*backward)
        if layout.sp:  # all-gathers and reduce-scatters: a pass sends half of both
            width = (ahead + back) * sympy.Rational(3 if full else 2, 2)
        else:
            width = (2 if full else 1) * ahead + back
        key = (len(forward), width)
        terms[key] = terms.get(key, 0) + n
    several = len(terms) > 1
    counts = sympy.symbols(f"N_1:{len(terms) + 1}", positive=True, integer=True) \
        if several else (sympy.Symbol("N_stage", positive=True, integer=True),)
    names = sympy.symbols(f"W_1:{len(terms) + 1}", positive=True) if several else (None,)
    total, formula, said = Fraction(0), sympy.Integer(0), []
    for ((blocks, width), n), count, name in zip(terms.items(), counts, names, strict=True):
        total += n * Fraction(model.value_of(width))
        formula += count * (width if name is None else name)
        said.append(f"{blocks} row-parallel blocks a layer, {layers} layers on the GPU"
                    if not several else
                    f"{count} = {n} layer{'s' if n > 1 else ''} of {blocks} row-parallel "
                    f"blocks, {name} = {text(width)}")
    value = Fraction(2 * (t - 1), t) * m * b * s * total * act_bytes
    formula = sym_m * b_ * s_ * formula * 2 * (sym_t - 1) / sym_t
    note = said[0] if not several else "; ".join(said) + f"; {layers} layers on the GPU"
    return (("tensor-parallel all-reduces", int(value) if value.denominator == 1 else value,
             formula, act_bytes, note),
            tuple(zip(terms.values(), (w for _, w in terms), strict=True)) if several else ())


def _expert_row(model: Any, layout: Layout, kinds: list[tuple[Block, int]], act_bytes: int,
                layers: int) -> tuple[tuple[str, int | Fraction, Any, int, str], int | None]:
    """The experts' all-to-all a step: each MoE layer on the GPU, N_E of them, exchanges
    b·s·k·H elements four times (dispatch and combine, forward and backward); the row, and
    N_E where the GPU holds other layers too (None: N_stage)."""
    b, s, m = layout.micro_batch, layout.seq, layout.micro_batches
    b_, s_, sym_m = sympy.symbols("b s m", positive=True, integer=True)
    if layout.cp > 1:
        s, s_ = s // layout.cp, s_ / sympy.Symbol("c", positive=True, integer=True)
    sparse = [(n, [x.active * x.outer for x in _experts_blocks(block)]) for block, n in kinds]
    sparse = [(n, widths) for n, widths in sparse if widths]
    moe = sum(n for n, _ in sparse)
    per = sum(n * sum(model.value_of(w) for w in widths) for n, widths in sparse)
    shapes = {sympy.Add(*widths) for _, widths in sparse}
    count = sympy.Symbol("N_stage" if moe == layers else "N_E", positive=True, integer=True)
    if len(shapes) != 1:
        return ("expert all-to-all", 0, None, act_bytes,
                "not derived: the MoE layers' experts are not alike"), None
    return ("expert all-to-all", 4 * m * b * s * per * act_bytes,
            4 * sym_m * count * b_ * s_ * next(iter(shapes)), act_bytes,
            "buffers exchanged; (e − 1)/e of them leave the GPU under even routing"
            + ("" if moe == layers else f"; N_E = {moe} MoE layers of the {layers} on the GPU")
            ), None if moe == layers else moe


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
    kinds = layer_kinds(model, stack) or []
    if len({sympy.expand(block.cache(S) - block.held_state()) for block, _ in kinds}) != 1 \
            or not sympy.expand(kinds[0][0].cache(S) - kinds[0][0].held_state()):
        # Jamba's Mamba layers keep none: a stage's share is not its layers' count
        return ("context-parallel ring", 0, None, act_bytes,
                "not derived: the keys and values are not alike layer by layer"), None
    per_token = evaluate(formula, {**model.bind(), "s": 1, "s_dec": 1})
    b, s, c, t = layout.micro_batch, layout.seq, layout.cp, layout.tp
    if latent(model):
        # latent attention's ring passes its heads' keys and values, made by kv_b_proj, not
        # its cached latents (Megatron-Core runs its core attention on them)
        heads = {a.qk_width + a.v_width for a in _attentions(model.tree)}
        if len(heads) != 1:
            return ("context-parallel ring", 0, None, act_bytes,
                    "not derived: the keys and values are not alike layer by layer"), None
        per_token = model.value_of(heads.pop()) * stack.layers
    if per_token % (stack.layers * t):
        return ("context-parallel ring", 0, None, act_bytes,
                "not derived: the keys and values do not split evenly by layer and rank"), None
    width = per_token // (stack.layers * t)  # 2·h_kv·d_head/t; h·(d_qk + d_v)/t latent
    elements = 3 * (c - 1) * m * layers * b * (s // c) * width
    b_, s_, c_, m_, n_, kv_ = sympy.symbols("b s c m N_stage W_kv", positive=True, integer=True)
    return ("context-parallel ring", elements * act_bytes,
            3 * (c_ - 1) * m_ * n_ * b_ * s_ / c_ * kv_, act_bytes,
            f"W_kv = {width:,} numbers of keys and values a token a layer on the GPU, "
            f"{layers} layers"), width


def _attentions(block: Block) -> Iterator[Block]:
    """The attention blocks under ``block`` (those with a query/key and a value width)."""
    if getattr(block, "qk_width", None) is not None:
        yield block
        return
    for _, child in block.children():
        yield from _attentions(child)
