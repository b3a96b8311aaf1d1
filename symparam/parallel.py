"""Memory per GPU and traffic per training step under data, ZeRO, tensor, sequence, pipeline and
expert parallelism, exactly, from the model's tensors.

A layout puts G GPUs in a grid of t (tensor) × p (pipeline) × d (data) ranks, d = G/(t·p);
expert parallelism places the E experts of each MoE layer over e ranks of the data-parallel
group (e divides d; an expert's weights are then replicated over d/e ranks, their own
data-parallel group).

- Tensor parallelism splits each tensor as :mod:`symparam.blocks.sharding` marks it (Megatron-
  LM's rules, Shoeybi et al. 2019): a split tensor holds its shape with the split dimension
  divided by t; every other tensor is held whole by each rank. A matrix no rule decided is
  refused, not guessed.
- Pipeline parallelism splits the stack of layers into p stages of N/p consecutive layers; what
  comes before the stack (the tables) is on the first stage, what comes after it (the final
  norm, the head) on the last; a head tied to the token table keeps a copy of it on the last
  stage (Megatron's shared word embeddings, whose gradients the two stages all-reduce). The
  stage that holds most is the figure.
- ZeRO (Rajbhandari et al. 2020) partitions over the d data-parallel ranks the optimiser state
  (stage 1), the gradients too (stage 2) and the parameters too (stage 3): each rank holds
  ⌈Ψ/d⌉ of Ψ elements (the flat buffer padded to a multiple of d).

Traffic counts what one GPU sends per training step of m = B/(b·d) micro-batches of b
sequences, under the conventions printed with it (:data:`CONVENTIONS`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from symparam.blocks.base import Block, Repeat, Tensor, tensor_leaves
from symparam.blocks.entries import TensorInfo
from symparam.blocks.numbers import evaluate
from symparam.blocks.saved import kind_bytes
from symparam.errors import InvalidValueError, Param, SymparamError
from symparam.memory import DTYPE_BYTES, OPTIMISERS, activations, kv_cache
from symparam.symbols import B, N
from symparam.symbols import s as S

#: symbols of the per-GPU formulas
PSI = sympy.Symbol("Ψ", positive=True, integer=True)
PSI_E = sympy.Symbol("Ψ_E", positive=True, integer=True)
N_D = sympy.Symbol("N_d", positive=True, integer=True)
N_DE = sympy.Symbol("N_dE", positive=True, integer=True)

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
    "bubble": "Megatron-LM's 1F1B schedule (Narayanan et al. 2021): the bubble is (p − 1)/m "
              "of the ideal step time",
}


@dataclass(frozen=True)
class Layout:
    """G GPUs as t × p × d ranks; e experts' ranks within d; ZeRO stage; sequence parallelism;
    micro-batch b, global batch B (sequences), sequence length s."""

    gpus: int
    tp: int = 1
    pp: int = 1
    ep: int = 1
    zero: int = 0
    sp: bool = False
    micro_batch: int = 1
    batch: int | None = None
    seq: int | None = None

    @property
    def dp(self) -> int:
        return self.gpus // (self.tp * self.pp)

    def check(self) -> None:
        """One line naming what does not divide."""
        for name, n in (("gpus", self.gpus), ("tp", self.tp), ("pp", self.pp),
                        ("ep", self.ep), ("micro_batch", self.micro_batch)):
            if not isinstance(n, int) or n < 1:
                raise InvalidValueError(Param(name), f" takes a positive whole number, not {n!r}")
        if self.zero not in (0, 1, 2, 3):
            raise InvalidValueError(Param("zero"), f" takes 0, 1, 2 or 3, not {self.zero!r}")
        if self.gpus % (self.tp * self.pp):
            raise InvalidValueError(f"{self.gpus} GPUs (", Param("gpus"), ") do not divide by "
                                    f"t × p = {self.tp} × {self.pp} = {self.tp * self.pp} (",
                                    Param("tp"), ", ", Param("pp"), ")")
        if self.dp % self.ep:
            raise InvalidValueError(f"experts over e = {self.ep} (", Param("ep"), ") do not "
                                    f"divide the data-parallel group d = G/(t·p) = {self.dp}")
        if self.sp and self.tp == 1:
            raise InvalidValueError("sequence parallelism (", Param("sp"), ") splits "
                                    "activations over the tensor-parallel ranks: give ",
                                    Param("tp"), " > 1")
        if self.batch is not None and self.batch % (self.micro_batch * self.dp):
            raise InvalidValueError(f"a batch of {self.batch} (", Param("batch"), ") does not "
                                    f"divide by b × d = {self.micro_batch} × {self.dp} = "
                                    f"{self.micro_batch * self.dp} (", Param("micro_batch"),
                                    ")")

    @property
    def micro_batches(self) -> int:
        """m = B/(b·d): micro-batches a pipeline runs per step (1 without --batch)."""
        return 1 if self.batch is None else self.batch // (self.micro_batch * self.dp)


@dataclass(frozen=True)
class Shard:
    """One tensor on one GPU: its full name, shape, what a rank holds of one copy, copies on
    the stage, and how it is split (``column``/``row`` … or ``replicated``)."""

    name: str
    shape: tuple[int, ...]
    held: tuple[int, ...]
    copies: int
    expert: bool
    how: str

    @property
    def elements(self) -> int:
        return math.prod(self.held) * self.copies


@dataclass
class Stage:
    """What one pipeline stage's GPU holds: dense (Ψ) and expert (Ψ_E) parameters."""

    index: int
    layers: int
    dense: int = 0
    experts: int = 0
    shards: list[Shard] = field(default_factory=list)


def _split_dims(tensor: Tensor, entry: TensorInfo, layout: Layout) -> tuple[int | None, bool]:
    """(the dimension tensor parallelism divides or None, whether expert parallelism divides
    the first), refusing what no rule decided."""
    if tensor.tie is not None:  # an alias: it holds nothing, a copy follows its owner
        return tensor.tie.split, False
    dim = tensor.split
    if layout.tp > 1:
        if tensor.unsplit:
            raise InvalidValueError(Param("tp"), f": {entry.name} is not split by symparam: "
                                    f"{tensor.unsplit}")
        if len(entry.shape) >= 2 and not tensor.decided and not tensor.expert:
            raise InvalidValueError(Param("tp"), f": symparam does not know how tensor "
                                    f"parallelism splits {entry.name}; it is refused rather "
                                    "than guessed")
    return dim, tensor.expert


@dataclass
class _Stack:
    prefix: str
    layers: int
    repeat: Repeat | None


def _stack(model: Any, entries: list[tuple[Tensor, TensorInfo]]) -> _Stack | None:
    """The stack of layers the pipeline splits: the repeated tensors' outer list of layers
    (None where there is none); more than one is refused under pipeline parallelism."""
    prefixes: dict[str, int] = {}
    for _, entry in entries:
        if entry.indices:
            index = entry.indices[0]
            prefix = entry.name.split(".{" + index.letter + "}", 1)[0]
            count, start = model.value_of(index.count), model.value_of(index.start)
            last = start + index.stride * (count - 1) + 1
            prefixes[prefix] = max(prefixes.get(prefix, 0), last)
    if not prefixes:
        return None
    if len(prefixes) > 1:  # an encoder's and a decoder's: not one pipeline of layers
        return _Stack("", 0, None)
    prefix, layers = next(iter(prefixes.items()))
    return _Stack(prefix, layers, _repeat_at(model.tree, prefix))


def _repeat_at(block: Block, path: str) -> Repeat | None:
    """The one :class:`Repeat` at ``path`` (a plain Repeat, not a Stack of several)."""
    node = block
    for part in path.split(".") if path else []:
        children = dict(node.children())
        if part not in children:
            return None
        node = children[part]
    return node if type(node) is Repeat else None


def _on_stage(count: int, start: int, stride: int, low: int, high: int) -> int:
    """How many of start, start + stride, … (count of them) lie in [low, high)."""
    return sum(1 for r in range(count) if low <= start + stride * r < high)


def stages(model: Any, layout: Layout) -> list[Stage]:
    """What each pipeline stage's GPU holds under ``layout`` (checked, one line a refusal)."""
    layout.check()
    entries = list(tensor_leaves(model.tree))
    stack = _stack(model, entries)
    p = layout.pp
    if p > 1:
        if stack is None:
            raise InvalidValueError(Param("pp"), ": this model has no stack of layers to split")
        if stack.repeat is None and stack.layers == 0:
            raise InvalidValueError(Param("pp"), ": the pipeline split is derived for a model "
                                    "with one stack of layers; this one has several")
        if stack.layers % p:
            raise InvalidValueError(f"the {stack.layers} layers do not divide into {p} stages (",
                                    Param("pp"), ")")
    if layout.ep > 1 and not any(t.expert for t, _ in entries):
        raise InvalidValueError(Param("ep"), ": this model has no experts to place")
    _check_heads(model, layout)
    per = stack.layers // p if stack is not None and stack.layers else 0
    out = [Stage(q, per) for q in range(p)]
    owner_stage: dict[str, int] = {}
    seen_stack = False
    pending_ties: list[tuple[Tensor, TensorInfo, int]] = []
    for tensor, entry in entries:
        dim, expert = _split_dims(tensor, entry, layout)
        shape = tuple(model.value_of(d) for d in entry.shape)
        held = list(shape)
        how = "replicated"
        if dim is not None and layout.tp > 1:
            if shape[dim] % layout.tp:
                raise InvalidValueError(f"{entry.name} has {shape[dim]:,} along the dimension "
                                        f"tensor parallelism splits, which does not divide by "
                                        f"t = {layout.tp} (", Param("tp"), ")")
            held[dim] //= layout.tp
            how = f"dim {dim} / t"
        if expert and layout.ep > 1:
            if shape[0] % layout.ep:
                raise InvalidValueError(f"the {shape[0]} experts of {entry.name} do not divide "
                                        f"by e = {layout.ep} (", Param("ep"), ")")
            held[0] //= layout.ep
            how = "experts / e" if how == "replicated" else f"experts / e, {how}"
        in_stack = bool(entry.indices) and stack is not None and stack.layers and \
            entry.name.startswith(stack.prefix + ".{")
        inner = math.prod(model.value_of(i.count) for i in entry.indices[1:]) \
            if entry.indices else 1
        if in_stack:
            seen_stack = True
            index = entry.indices[0]
            count, start = model.value_of(index.count), model.value_of(index.start)
            places = [(q, _on_stage(count, start, index.stride, q * per, (q + 1) * per))
                      for q in range(p)]
        else:
            copies = math.prod(model.value_of(i.count) for i in entry.indices)
            places = [(p - 1 if seen_stack else 0, copies)]
            inner = 1
        for q, n in places:
            if n == 0:
                continue
            if entry.tied_to is None:
                owner_stage[entry.name] = q
            else:
                pending_ties.append((tensor, entry, q))
                continue
            shard = Shard(entry.name, shape, tuple(held), n * inner, expert, how)
            _add(out[q], shard)
    for tensor, entry, q in pending_ties:  # a tied head on another stage than its table
        where = owner_stage.get(entry.tied_to or "")
        if where is not None and where != q:
            owner = tensor.tie
            dim = owner.split if owner is not None else None
            shape = tuple(model.value_of(d) for d in entry.shape)
            held = list(shape)
            if dim is not None and layout.tp > 1:
                held[dim] //= layout.tp
            _add(out[q], Shard(entry.name + " (copy of " + entry.tied_to + ")", shape,
                               tuple(held), 1, False, "tied copy"))
    return out


def _add(stage: Stage, shard: Shard) -> None:
    stage.shards.append(shard)
    if shard.expert:
        stage.experts += shard.elements
    else:
        stage.dense += shard.elements


def _check_heads(model: Any, layout: Layout) -> None:
    """Query and key/value heads divide by t (Megatron gives each rank whole heads)."""
    if layout.tp == 1:
        return
    for form in model.tree.forms().get("attention", ()):
        if form.name != "attention":
            continue
        if "latent" in form.flags:
            raise InvalidValueError(Param("tp"), ": multi-head latent attention's split is not "
                                    "derived")
        heads, kv = (model.value_of(x) for x in form.sizes[:2])
        for what, n in (("query heads", heads), ("key/value heads", kv)):
            if n % layout.tp:
                raise InvalidValueError(f"the {n} {what} do not divide by t = {layout.tp} (",
                                        Param("tp"), ")")


@dataclass(frozen=True)
class Part:
    """One component of a GPU's memory: bytes, its formula, and how the formula reads."""

    name: str
    bytes: int
    formula: Any


def _parts(optimiser: Any) -> tuple[int, int, int]:
    """Bytes per parameter of weights, gradients and optimiser state in a recipe."""
    weights = grads = state = 0
    for part, size in optimiser.parts:
        if "gradients" in part:
            grads += size
        elif "weights" in part and "master" not in part:
            weights += size
        else:
            state += size
    return weights, grads, state


def zero_parts(dense: int, experts: int, d: int, d_e: int, zero: int, optimiser: Any
               ) -> list[Part]:
    """Weights, gradients and optimiser state on one GPU holding ``dense`` parameters
    partitioned over d ranks and ``experts`` over d_e (ZeRO stage ``zero``)."""
    w, g, k = _parts(optimiser)
    out = []
    for name, size, from_stage in (("weights", w, 3), ("gradients", g, 2),
                                   ("optimiser state", k, 1)):
        split = zero >= from_stage
        formula = size * (sympy.ceiling(PSI / N_D) if split else PSI)
        value = size * (-(-dense // d) if split else dense)
        if experts:
            formula += size * (sympy.ceiling(PSI_E / N_DE) if split else PSI_E)
            value += size * (-(-experts // d_e) if split else experts)
        out.append(Part(name, value, formula))
    return out


@dataclass(frozen=True)
class Traffic:
    """Bytes one GPU sends per training step, by kind, with formulas in the layout's sizes."""

    #: (kind, bytes, formula in elements, bytes an element, note)
    rows: tuple[tuple[str, int | Fraction, Any, int, str], ...]
    bubble: Fraction | None


@dataclass(frozen=True)
class PerGPU:
    """The most loaded GPU under a layout: which stage, its parts and total."""

    layout: Layout
    optimiser: str
    stage: int
    stages: int
    dense: int
    experts: int
    parts: tuple[Part, ...]
    activations: int | None
    #: why the activations are not derived (a :class:`SymparamError`'s message, or ours)
    activations_refused: str | SymparamError | None
    kv_cache: int | None
    kv_refused: str | None
    traffic: Traffic | None
    stage_totals: tuple[int, ...]
    shards: tuple[Shard, ...]

    @property
    def total(self) -> int:
        return sum(p.bytes for p in self.parts) + (self.activations or 0)


def per_gpu(model: Any, layout: Layout, optimiser: str = "adam-mixed",
            recompute: str = "none", dtype: str = "bf16") -> PerGPU:
    """Bytes on the most loaded GPU of ``layout`` training ``model`` with ``optimiser``;
    activations under ``recompute`` for a micro-batch where derived; the KV cache per GPU for
    inference; traffic per step where the sequence is given."""
    recipes = {o.name: o for o in OPTIMISERS}
    if optimiser not in recipes:
        raise InvalidValueError(Param("optimizer"), f": choose {', '.join(recipes)}, not "
                                f"{optimiser!r}")
    found = stages(model, layout)
    d = layout.dp
    d_e = d // layout.ep
    totals = []
    for st in found:
        parts = zero_parts(st.dense, st.experts, d, d_e, layout.zero, recipes[optimiser])
        totals.append(sum(p.bytes for p in parts))
    worst = max(range(len(found)), key=lambda q: (totals[q], -q))
    st = found[worst]
    parts = zero_parts(st.dense, st.experts, d, d_e, layout.zero, recipes[optimiser])
    acts, refused = _activations(model, layout, recompute, dtype)
    kv, kv_refused = _kv(model, layout, dtype)
    traffic = None
    if layout.seq is not None:
        traffic = traffic_per_step(model, layout, st, recipes[optimiser], recompute,
                                   DTYPE_BYTES[dtype])
    return PerGPU(layout, optimiser, worst, len(found), st.dense, st.experts, tuple(parts),
                  acts, refused, kv, kv_refused, traffic, tuple(totals), tuple(st.shards))


def _activations(model: Any, layout: Layout, recompute: str, dtype: str
                 ) -> tuple[int | None, str | SymparamError | None]:
    """A micro-batch's saved tensors on one GPU: the whole model's without tensor parallelism;
    with it (no sequence parallelism), what one rank computes (:func:`narrowed`). Refused
    under pipeline or expert parallelism and sequence parallelism."""
    if layout.seq is None and model.sequence is None:
        return None, None
    if layout.pp > 1 or layout.ep > 1 or layout.sp:
        return None, ("activations per GPU are derived without pipeline, expert or sequence "
                      "parallelism: how each saved tensor splits there is not derived yet "
                      "(--compare korthikanti gives Korthikanti et al.'s formulas)")
    try:
        found = activations(model, layout.seq if model.sequence is None else None,
                            layout.micro_batch, recompute, dtype)
        if layout.tp == 1:
            return found.bytes, None
        return narrowed(model, layout, recompute, dtype), None
    except SymparamError as error:
        return None, error


#: the sizes a tensor-parallel rank holds a t-th of: query and key/value heads, the MLP's and
#: the experts' inner widths (Megatron splits attention by heads and MLPs by their width)
NARROWED = ("h", "h_kv", "d_ff", "d_moe", "d_sh")


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
    """What one layer of the stack saves on one tensor-parallel rank (the whole layer with
    t = 1): the coefficient of N in the saved bytes (refused where they do not grow by the
    same bytes each layer)."""
    activations(model, layout.seq, layout.micro_batch, recompute, dtype)  # its refusals
    env = narrowed_values(model, layout) if layout.tp > 1 else _values(model)
    env.update({"B": layout.micro_batch, "s": layout.seq, "s_dec": layout.seq})
    size = DTYPE_BYTES[dtype]
    total = sympy.Add(*(kind_bytes(kind, size) * n for kind, n in
                        model.tree.saved(B, S, recompute).totals().items()))
    per_layer = sympy.expand(sympy.diff(total, N))
    if per_layer.has(sympy.Heaviside, sympy.Derivative) or N in per_layer.free_symbols:
        raise InvalidValueError("the layers do not each save the same bytes")
    return evaluate(per_layer, env)


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
                raise InvalidValueError(f"{name} = {env[name]} does not divide by t = {t} (",
                                        Param("tp"), ")")
            env[name] //= t
    held = {s.name: s.held for st in stages(model, layout) for s in st.shards}
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


def _kv(model: Any, layout: Layout, dtype: str) -> tuple[int | None, str | None]:
    """The KV cache of B sequences of s tokens on one GPU (inference: t and p split it)."""
    if layout.seq is None:
        return None, None
    formula = kv_cache(model)
    if formula is None:
        return None, None
    if layout.tp > 1:
        forms = model.tree.forms().get("attention", ())
        if any("latent" in f.flags for f in forms):
            return None, "a latent KV cache is not split by heads"
    values = {**model.bind(), "s": layout.seq, "s_dec": layout.seq}
    batch = layout.batch or layout.micro_batch
    total = evaluate(formula, values) * batch * DTYPE_BYTES[dtype]
    if layout.pp > 1 and (formula.has(sympy.Min) or sympy.expand(
            formula.xreplace({N: 0})) != 0):
        return None, "the KV cache's split over pipeline stages is derived for a stack " \
                         "of alike layers only"
    share = layout.tp * layout.pp
    if total % share:
        return None, "the KV cache does not divide evenly over the GPUs"
    return total // share, None


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
    d, t, p, e = layout.dp, layout.tp, layout.pp, layout.ep
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
    repeat = _stack(model, list(tensor_leaves(model.tree)))
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
    bubble = Fraction(p - 1, m) if p > 1 else None
    return Traffic(tuple(rows), bubble)
