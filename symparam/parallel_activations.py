"""Activations and the KV cache on one GPU of a parallel layout: a micro-batch's saved tensors,
and under tensor parallelism one rank's (:func:`narrowed`)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import sympy

from symparam.architectures.common import sliding_pattern
from symparam.blocks.attention import Attention
from symparam.blocks.base import Block, tensor_leaves
from symparam.blocks.moe import Experts
from symparam.blocks.numbers import evaluate
from symparam.blocks.saved import Key, Saved, kind_bytes, union
from symparam.blocks.tree import Repeat
from symparam.errors import InvalidValueError, Param, SymparamError
from symparam.memory import DTYPE_BYTES, activations, kv_cache
from symparam.placement import Layout, layer_indices, layer_kinds, source, stack_of, stages
from symparam.symbols import B, N, n_img, symbol
from symparam.symbols import s as S


def activations_per_gpu(model: Any, layout: Layout, recompute: str, dtype: str
                        ) -> tuple[tuple[int, ...] | None, str | SymparamError | None]:
    """A micro-batch's saved tensors on one GPU of each pipeline stage, times the
    micro-batches the stage holds at once (:func:`in_flight`): the whole model's without
    parallelism; under tensor parallelism what one rank computes (:func:`narrowed`); under
    sequence parallelism the tensors outside the heads and inner widths a t-th
    (:func:`rank_bytes`); under expert parallelism the experts' rows those routed to the
    GPU's experts (:func:`routed_ratio`). (None, why) where not derived."""
    if layout.seq is None and model.sequence is None:
        return None, None
    try:
        if layout.pp == 1 and layout.ep == 1 and not layout.sp and layout.capacity is None \
                and layout.cp == 1:
            found = activations(model, layout.seq if model.sequence is None else None,
                                layout.micro_batch, recompute, dtype)
            return (found.bytes if layout.tp == 1 else
                    narrowed(model, layout, recompute, dtype),), None
        activations(model, layout.seq if model.sequence is None else None,
                    layout.micro_batch, recompute, dtype)  # its refusals
        if model.sequence is not None:
            return None, InvalidValueError("activations under pipeline, sequence or expert "
                                           "parallelism are derived for a model of tokens")
        env = _env(model, layout)
        ratio = routed_ratio(model, layout)
        if layout.pp == 1:
            saved = model.tree.saved(B, S, recompute)
            return (rank_bytes(saved, layout, env, dtype, ratio),), None
        held = [rank_bytes(one, layout, env, dtype, ratio)
                for one in stage_saved(model, layout, recompute, env, dtype)]
        return tuple(n * k for n, k in zip(held, in_flight(layout), strict=True)), None
    except SymparamError as error:
        return None, error


def in_flight(layout: Layout) -> tuple[int, ...]:
    """Micro-batches whose activations each pipeline stage holds at its peak under the
    non-interleaved 1F1B schedule (Narayanan et al. 2021; Megatron-LM's
    ``forward_backward_pipelining_without_interleaving``): stage q (from 0) runs
    min(p − q − 1, m) forward passes before its first backward and then one more, so it holds
    min(p − q, m); the first stage p where m ≥ p (Korthikanti et al. 2022, section 4.2.3)."""
    p, m = layout.pp, layout.micro_batches
    return tuple(min(p - q, m) for q in range(p))


def _env(model: Any, layout: Layout) -> dict[str, int]:
    env = narrowed_values(model, layout) if layout.tp > 1 else _values(model)
    env.update({"B": layout.micro_batch, "s": layout.seq, "s_dec": layout.seq})
    return env


def routed_ratio(model: Any, layout: Layout) -> Fraction:
    """The rows a GPU's experts keep over the (token, expert) pairs of its own micro-batch,
    b·s·k a layer: 1 without expert parallelism and without a capacity; with a capacity
    factor c, each of the E experts takes at most ⌈c·b·s·k/E⌉ rows from each of the e GPUs
    of its group, padded to that (Megatron-LM's ``--moe-expert-capacity-factor`` with
    ``--moe-pad-expert-input-to-capacity``), so a GPU's E/e experts keep E·⌈c·b·s·k/E⌉. Under
    expert parallelism without a capacity the rows depend on the routing, and are refused."""
    c = layout.capacity
    if c is None:
        if layout.ep > 1:
            raise InvalidValueError("under expert parallelism a GPU's experts keep the rows "
                                    "routed to them from the e GPUs of their group, which the "
                                    "routing decides: give ", Param("capacity_factor"),
                                    " c (each expert padded to ⌈c·b·s·k/E⌉ rows from each "
                                    "GPU; 1 is an even routing)")
        return Fraction(1)
    sizes = {(model.value_of(f.sizes[0]), model.value_of(f.sizes[1]))
             for forms in model.tree.forms().values() for f in forms if f.name == "experts"}
    if not sizes:
        raise InvalidValueError(Param("capacity_factor"), ": this model has no experts")
    if len(sizes) > 1:
        raise InvalidValueError(Param("capacity_factor"), ": the layers' experts differ in "
                                "number or experts a token; one capacity is not derived")
    (experts, k), = sizes
    _every_token(model)
    pairs = layout.micro_batch * layout.seq * k
    return Fraction(experts * math.ceil(c * pairs / experts), pairs)


def _every_token(model: Any) -> None:
    """Refuse experts that keep rows for every token, not the tokens routed (Llama 4's)."""
    for block in _blocks(model.tree):
        if isinstance(block, Experts) and type(block).saved is not Experts.saved:
            raise InvalidValueError(f"{type(block).__name__} runs every expert on every token "
                                    "as transformers does: the rows a GPU's experts keep under "
                                    "expert parallelism or a capacity are not derived")


def _blocks(block: Block) -> Iterator[Block]:
    yield block
    for _, child in block.children():
        yield from _blocks(child)


def rank_bytes(saved: Saved, layout: Layout, env: dict[str, int], dtype: str,
               ratio: Fraction = Fraction(1)) -> int:
    """The bytes one GPU keeps of ``saved`` at the values ``env`` (a rank's heads and inner
    widths under tensor parallelism). Under sequence parallelism (Korthikanti et al. 2022,
    section 4.2.2) a layer's storage whose size holds none of the split widths lies outside
    the tensor-parallel region (the norms' inputs and statistics, the residual stream, the
    column-parallel linears' inputs, which Megatron-LM keeps as the rank's part of the
    sequence and gathers again in the backward pass, a router's tensors): a t-th of the
    tokens; it must grow as s (else refused). The model's shared storages (token ids, rotary
    tables, mask) stay whole. Experts' rows are times ``ratio`` (:func:`routed_ratio`). Under
    context parallelism a GPU runs s/c of each sequence's tokens: every storage a c-th, each
    of which must grow as s (an eager attention's s × s scores or mask do not: a ring
    attention keeps per-token statistics instead, and they are refused)."""
    size = DTYPE_BYTES[dtype]
    total = Fraction(0)
    for scope, (key, (kind, n)) in [*(("layer", item) for item in saved.each.items()),
                                    *(("model", item) for item in saved.model.items())]:
        value = Fraction(evaluate(n, env))
        routed = isinstance(key, Key) and key.routed
        if layout.cp > 1:
            if not _grows_as_s(n):
                raise InvalidValueError("context parallelism (", Param("cp"), "): a tensor the "
                                        "model keeps grows faster than the sequence (an eager "
                                        "attention's scores or mask, s × s), which a ring "
                                        "attention does not keep: not derived; try full "
                                        "recomputation (", Param("recompute", "recompute="
                                        "'full'"), ")")
            value /= layout.cp
        if routed:
            value *= ratio
        elif layout.sp and scope == "layer" and not {x.name for x in n.free_symbols} & \
                set(NARROWED) and S in n.free_symbols:  # a weight's copy (a router's fp32
            # one) holds no token: whole on every rank
            if not _grows_as_s(n):
                raise InvalidValueError("sequence parallelism: a tensor outside the heads and "
                                        "inner widths does not grow as the sequence; its split "
                                        "is not derived")
            value /= layout.tp
        total += kind_bytes(kind, size) * value
    if total.denominator != 1:
        raise InvalidValueError("the activations do not divide evenly over the GPUs")
    return int(total)


def _grows_as_s(n: sympy.Expr) -> bool:
    """Whether ``n`` is proportional to the sequence length s."""
    return sympy.expand(n.xreplace({S: 2 * S}) - 2 * n) == 0


def stage_saved(model: Any, layout: Layout, recompute: str, env: dict[str, int], dtype: str
                ) -> list[Saved]:
    """What one micro-batch leaves on each pipeline stage: its N/p layers' storages (of each
    kind of layer, where a :class:`~symparam.blocks.Stack` lists several, those on the
    stage) and the model's shared ones they use (each stage makes its own), the blocks before
    the stack on the first stage, those after it on the last. Checked: the stages with every
    layer on one keep what the whole model keeps."""
    stack = stack_of(model, list(tensor_leaves(model.tree)))
    if stack is None or not stack.layers:
        raise InvalidValueError(Param("pp"), ": activations over pipeline stages are derived "
                                "for one numbered list of layers")
    before: list[Saved] = []
    after: list[Saved] = []
    node: Block = model.tree
    seq, view = S, None
    for part in stack.prefix.split("."):
        if type(node).saved is not Block.saved:
            raise InvalidValueError(Param("pp"), f": {type(node).__name__} keeps tensors of its "
                                    "own around the layers; its stages' activations are not "
                                    "derived")
        inner = node.own_seq(seq)
        outer = seq if node.first_token else view
        children = node.children()
        at = [name for name, _ in children].index(part)
        before += [c.saved(B, inner, recompute, outer) for _, c in children[:at]]
        after += [c.saved(B, inner, recompute, outer) for _, c in children[at + 1:]]
        node, seq, view = children[at][1], inner, outer
    repeats = [node] if type(node) is Repeat else \
        [r for _, r in node.children() if isinstance(r, Repeat)]
    ones: dict[int, Saved] = {}
    for repeat in repeats:  # a kind of layer's saved tensors, asked once
        if id(repeat.block) not in ones:
            inner = repeat.own_seq(seq)
            ones[id(repeat.block)] = repeat.block.checkpointed(B, inner) \
                if recompute == "full" else repeat.block.saved(B, inner, recompute)
    p = layout.pp
    kinds = [layer_kinds(model, stack, q, p) for q in range(p)]
    everything = layer_kinds(model, stack)
    if everything is None or any(k is None for k in kinds) or \
            len(ones) != len(everything) or not repeats:
        raise InvalidValueError(Param("pp"), ": activations over pipeline stages are derived "
                                "for one numbered list of repeated layers")

    def held(on: list[tuple[Block, int]]) -> list[Saved]:
        return [ones[id(block)].repeated(sympy.Integer(n)) for block, n in on if n]

    whole = union([*before, *after, *held(everything)])
    alone = Layout(1, micro_batch=layout.micro_batch, seq=layout.seq)
    if rank_bytes(whole, alone, env, dtype) != rank_bytes(
            model.tree.saved(B, S, recompute), alone, env, dtype):
        raise InvalidValueError(Param("pp"), ": the stages' activations do not add up to the "
                                "model's; not derived for this model")
    return [union([*(before if q == 0 else []), *(after if q == p - 1 else []),
                   *held(kinds[q] or [])]) for q in range(p)]


#: the sizes a tensor-parallel rank holds a t-th of: query and key/value heads, the MLP's and
#: the experts' inner widths (Megatron splits attention by heads and MLPs by their width)
NARROWED = ("h", "h_kv", "d_ff", "d_moe", "d_sh")
#: each of them as a refusal names it, with its verb
NARROWED_WHAT = {"h": ("the query heads", "do"), "h_kv": ("the key/value heads", "do"),
                 "d_ff": ("the MLP's inner width", "does"),
                 "d_moe": ("each expert's inner width", "does"),
                 "d_sh": ("the shared expert's inner width", "does")}


def narrowed(model: Any, layout: Layout, recompute: str, dtype: str) -> int:
    """What one tensor-parallel rank's forward pass saves, without sequence parallelism: the
    model's saved tensors with its heads and inner widths a t-th (:data:`NARROWED`, each head
    as wide as before), which is the computation of one rank's column- and row-parallel
    shards (Shoeybi et al. 2019): its q, k, v and heads, its share of the MLP, the full-width
    inputs of the column-parallel linears, the norms and residuals whole. Checked against the
    shards first: every tensor of the layers at the narrowed sizes must be the rank's shard
    (else the model writes a split width in other terms, and it is refused). The token lookup
    is counted as transformers keeps it (its indices; Megatron's vocab-parallel lookup also
    keeps which tokens fall outside the rank's rows)."""
    env = narrowed_values(model, layout)
    seq = layout.seq if model.sequence is None else model.value_of(model.sequence)
    env.update({"B": layout.micro_batch, "s": seq, "s_dec": seq})
    size = DTYPE_BYTES[dtype]
    return sum(kind_bytes(kind, size) * evaluate(n, env)
               for kind, n in model.tree.saved(B, S, recompute).totals().items())


def layer_bytes(model: Any, layout: Layout, recompute: str, dtype: str) -> int:
    """What one layer of the stack keeps on one GPU of ``layout`` (tensor and sequence
    parallelism: :func:`rank_bytes`), its own storages without the model's shared ones."""
    activations(model, layout.seq, layout.micro_batch, recompute, dtype)  # its refusals
    stack = stack_of(model, list(tensor_leaves(model.tree)))
    if stack is None or stack.repeat is None:
        raise InvalidValueError("a layer's activations are derived for one stack of alike "
                                "layers")
    block = stack.repeat.block
    one = block.checkpointed(B, S) if recompute == "full" else block.saved(B, S, recompute)
    return rank_bytes(Saved(each=one.each), layout, _env(model, layout), dtype)


def _values(model: Any) -> dict[str, int]:
    """The model's values, its assumed sizes (d_head = H/h) among them."""
    env = dict(model.bind())
    for assumption in model.assumptions:
        if assumption.name not in env:
            env[assumption.name] = model.value_of(assumption.symbol)
    return env


def narrowed_values(model: Any, layout: Layout) -> dict[str, int]:
    """The values one tensor-parallel rank computes with (:func:`narrowed`), checked against
    its shards."""
    t = layout.tp
    env = _values(model)
    for name in NARROWED:  # d_head = H/h stays as wide as before
        if name in env:
            if env[name] % t:
                what = NARROWED_WHAT[name]
                raise InvalidValueError(f"{what[0]} ({source(model, symbol(name))}) "
                                        f"{what[1]} not divide by t = {t} (", Param("tp"), ")")
            env[name] //= t
    probe = Layout(t, tp=t)  # a rank's tensor-parallel shards, all experts and layers
    held = {s.name: s.held for st in stages(model, probe) for s in st.shards}
    for _, entry in tensor_leaves(model.tree):
        if entry.tied_to is not None:
            continue
        shape = tuple(evaluate(d, env) for d in entry.shape)
        whole = tuple(model.value_of(d) for d in entry.shape)
        want = held[entry.name] if entry.indices else whole
        if shape != want:
            raise InvalidValueError(f"activations under tensor parallelism: {entry.name} is "
                                    "split in other terms than the heads and inner widths")
    return env


def latent_cache_whole(model: Any, layout: Layout) -> bool:
    """Whether each tensor-parallel rank keeps the whole KV cache: latent attention's cache
    (its latents and shared rotary key) is not split by heads; vLLM decodes it as one
    key/value head, which tensor parallelism does not divide (``ModelConfig.get_num_kv_heads``
    in vllm/config/model.py: "When using MLA during decode it becomes MQA", return 1)."""
    return layout.tp > 1 and latent(model)


def kv_by_stage(model: Any, layout: Layout, dtype: str) -> tuple[int, ...] | None:
    """The KV cache of B sequences on a GPU of each pipeline stage, where the stages hold
    unlike shares of it (None where they hold alike ones, or it is not derived)."""
    if layout.pp == 1 or layout.seq is None or kv_per_gpu(model, layout, dtype)[0] is None:
        return None
    held = stage_caches(model, layout) or []
    if len(set(held)) < 2:
        return None
    share = (1 if latent_cache_whole(model, layout) else layout.tp) * layout.cp
    batch = layout.batch or layout.micro_batch
    return tuple(n * batch * DTYPE_BYTES[dtype] // share for n in held)


def stage_caches(model: Any, layout: Layout) -> list[int] | None:
    """The numbers each pipeline stage's layers keep for a sequence of s tokens: each kind of
    layer's keys and values (:func:`~symparam.placement.layer_kinds`) times its layers on the
    stage — a layer whose attention slides a window in some of the model's layers and not in
    others (a share of them, Gemma3's every sixth layer full) counted as the layers on the
    stage are, each sliding or full as :func:`~symparam.architectures.common.sliding_pattern`
    says; None where the stages' do not add up to the model's, or there is no one list of
    layers."""
    stack = stack_of(model, list(tensor_leaves(model.tree)))
    if stack is None or not stack.layers:
        return None
    env = {**_values(model), "s": layout.seq, "s_dec": layout.seq}
    every = layer_kinds(model, stack)
    if every is None:
        return None
    per_layer = {id(block): block.cache(S) - block.held_state() for block, _ in every}
    mixed = {}  # a kind whose layers slide or not by their place: (full, sliding) caches
    for block, _ in every:
        if N in per_layer[id(block)].free_symbols:
            split = _sliding_or_full(model, block, per_layer[id(block)], stack.layers)
            if split is None:
                return None
            mixed[id(block)] = split
    out = []
    try:
        for q in range(layout.pp):
            kinds = layer_indices(model, stack, q, layout.pp)
            if kinds is None:
                return None
            held = 0
            for block, at in kinds:
                if id(block) not in mixed:
                    held += len(at) * evaluate(per_layer[id(block)], env) if at else 0
                    continue
                (full, sliding), pattern = mixed[id(block)]
                slides = sum(1 for i in at if pattern[i])
                held += slides * evaluate(sliding, env) + (len(at) - slides) * evaluate(full,
                                                                                        env)
            out.append(held)
        formula = kv_cache(model)
        if formula is None or sum(out) != evaluate(formula, env):
            return None
    except SymparamError:
        return None
    return out


def _sliding_or_full(model: Any, layer: Block, kept: Any, layers: int
                     ) -> tuple[tuple[Any, Any], tuple[bool, ...]] | None:
    """What ``layer`` keeps (``kept``, for s tokens) where its attention is a full one and
    where it slides its window, and which of the stack's ``layers`` slide; None where its
    cache holds a share of the model's layers some other way than one attention's sliding
    share of the N layers, or the model's options do not list which layers slide."""
    attentions = [b for b in _blocks(layer) if isinstance(b, Attention) and b.window is not None
                  and b.kv_cache is not None and N in b.windowed.free_symbols]
    if len(attentions) != 1 or model.value_of(N) != layers:
        return None
    a = attentions[0]
    if a.layers != N or a.sliding_layers is not None:
        return None
    pattern = sliding_pattern(model.options, layers)
    if pattern is None or sum(pattern) != evaluate(a.windowed * a.layers, _values(model)):
        return None
    inner = a.own_seq(S) if a.key_seq is None else a.key_seq
    rest = kept - a.kv_cache * a.positions(S)
    full, sliding = rest + a.kv_cache * inner, rest + a.kv_cache * sympy.Min(inner, a.window - 1)
    if N in full.free_symbols or N in sliding.free_symbols:
        return None
    return (full, sliding), pattern


def _blocks(block: Block) -> Iterator[Block]:
    """``block`` and every block inside it."""
    yield block
    for _, child in block.children():
        yield from _blocks(child)


def latent(model: Any) -> bool:
    """Whether the model's attention is latent (DeepSeek's multi-head latent attention)."""
    return any("latent" in f.flags for f in model.tree.forms().get("attention", ()))


def kv_per_gpu(model: Any, layout: Layout, dtype: str) -> tuple[int | None, str | None]:
    """The KV cache of B sequences of s tokens on one GPU (inference: t and p split it; p
    alone a latent cache, whole on each of the t ranks: :func:`latent_cache_whole`)."""
    if layout.seq is None:
        return None, None
    formula = kv_cache(model)
    if formula is None:
        return None, None
    if n_img in formula.free_symbols:
        return None, "the KV cache per GPU is derived for text alone, not yet with images' tokens"
    values = {**model.bind(), "s": layout.seq, "s_dec": layout.seq}
    batch = layout.batch or layout.micro_batch
    total = evaluate(formula, values) * batch * DTYPE_BYTES[dtype]
    if layout.pp > 1:
        held = stage_caches(model, layout)
        if held is None:
            return None, "the KV cache's split over pipeline stages is derived for a list of " \
                         "layers whose kinds each keep their own keys and values"
        # the stage holding most (written as p times it: divided by p below)
        total = max(held) * batch * DTYPE_BYTES[dtype] * layout.pp
    if layout.cp > 1 and not _grows_as_s(formula):
        return None, "the KV cache's split over context-parallel GPUs is derived for a cache " \
                     "that grows as the sequence (no window)"
    # context parallelism: s/c tokens a GPU; a latent cache whole on each tensor-parallel rank
    share = (1 if latent_cache_whole(model, layout) else layout.tp) * layout.pp * layout.cp
    if total % share:
        return None, "the KV cache does not divide evenly over the GPUs"
    return total // share, None
