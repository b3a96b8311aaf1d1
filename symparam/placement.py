"""Where each tensor of a model lies under a parallel layout, and what one GPU holds of it.

A layout puts G GPUs in a grid of t (tensor) × p (pipeline) × c (context) × d (data) ranks,
d = G/(t·p·c); the c context-parallel ranks hold alike weights, so gradients are reduced and
ZeRO partitions over the d·c of them (Megatron-LM's data-parallel group with context
parallelism);
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
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from symparam.blocks.base import Block, tensor_leaves
from symparam.blocks.entries import TensorInfo
from symparam.blocks.sharding import KV_HEADS, QUERY_HEADS
from symparam.blocks.tree import Repeat, Stack, Tensor
from symparam.errors import InvalidValueError, Param
from symparam.frozen import frozen
from symparam.printing import text

#: symbols of the per-GPU formulas
PSI = sympy.Symbol("Ψ", positive=True, integer=True)
PSI_E = sympy.Symbol("Ψ_E", positive=True, integer=True)
N_D = sympy.Symbol("N_d", positive=True, integer=True)
N_DE = sympy.Symbol("N_dE", positive=True, integer=True)

@frozen
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
    #: experts' capacity factor c (each expert takes at most ⌈c·b·s·k/E⌉ rows from a GPU)
    capacity: Fraction | None = None
    #: context parallelism: each sequence's tokens split over c GPUs
    cp: int = 1

    @property
    def dp(self) -> int:
        return self.gpus // (self.tp * self.pp * self.cp)

    @property
    def replicas(self) -> int:
        """d·c: the GPUs that hold alike weights (a data-parallel rank's c context-parallel
        ones among them), over which gradients are reduced and ZeRO partitions (Megatron-LM's
        data-parallel group with context parallelism)."""
        return self.dp * self.cp

    def check(self) -> None:
        """One line naming what does not divide."""
        for name, n in (("gpus", self.gpus), ("tp", self.tp), ("pp", self.pp),
                        ("ep", self.ep), ("cp", self.cp), ("micro_batch", self.micro_batch)):
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise InvalidValueError(Param(name), f" takes a positive whole number, not {n!r}")
        for name, n in (("seq", self.seq), ("batch", self.batch)):
            if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
                raise InvalidValueError(Param(name), f" takes a positive whole number, not {n!r}")
        if self.capacity is not None and not (isinstance(self.capacity, Fraction) and
                                              0 < self.capacity <= 10**6):
            raise InvalidValueError(Param("capacity_factor"), " takes a positive number, at "
                                    f"most 10^6, not {self.capacity!r}")
        if self.sp and self.seq is not None and self.seq % self.tp:
            raise InvalidValueError("sequence parallelism (", Param("sp"), f") splits the "
                                    f"{self.seq} tokens (", Param("seq"), f") over t = "
                                    f"{self.tp}, which does not divide them")
        if self.zero not in (0, 1, 2, 3):
            raise InvalidValueError(Param("zero"), f" takes 0, 1, 2 or 3, not {self.zero!r}")
        if self.cp > 1 and self.gpus % (self.tp * self.pp * self.cp):
            raise InvalidValueError(f"{self.gpus} GPUs (", Param("gpus"), ") do not divide by "
                                    f"t × p × c = {self.tp} × {self.pp} × {self.cp} = "
                                    f"{self.tp * self.pp * self.cp} (", Param("tp"), ", ",
                                    Param("pp"), ", ", Param("cp"), ")")
        if self.gpus % (self.tp * self.pp):
            raise InvalidValueError(f"{self.gpus} GPUs (", Param("gpus"), ") do not divide by "
                                    f"t × p = {self.tp} × {self.pp} = {self.tp * self.pp} (",
                                    Param("tp"), ", ", Param("pp"), ")")
        if self.cp > 1 and self.seq is not None and self.seq % (2 * self.cp):
            raise InvalidValueError(f"context parallelism splits each sequence into 2c = "
                                    f"{2 * self.cp} chunks, two a GPU (Megatron-LM's balanced "
                                    f"causal split): the {self.seq} tokens (", Param("seq"),
                                    f") do not divide by {2 * self.cp} (", Param("cp"), ")")
        if self.dp % self.ep:
            raise InvalidValueError(f"experts over e = {self.ep} (", Param("ep"), ") do not "
                                    f"divide the data-parallel group d = G/(t·p·c) = "
                                    f"{self.dp}")
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


@frozen
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
class LayerStack:
    prefix: str
    layers: int
    repeat: Repeat | None


def stack_of(model: Any, entries: list[tuple[Tensor, TensorInfo]]) -> LayerStack | None:
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
        return LayerStack("", 0, None)
    prefix, layers = next(iter(prefixes.items()))
    return LayerStack(prefix, layers, _repeat_at(model.tree, prefix))


def _repeat_at(block: Block, path: str) -> Repeat | None:
    """The one :class:`Repeat` at ``path`` (a plain Repeat, not a Stack of several)."""
    node = block
    for part in path.split(".") if path else []:
        children = dict(node.children())
        if part not in children:
            return None
        node = children[part]
    return node if type(node) is Repeat else None


def layer_kinds(model: Any, stack: LayerStack, stage: int = 0, stages: int = 1
                ) -> list[tuple[Block, int]] | None:
    """The kinds of layer of ``stack`` (a Repeat's one layer, a :class:`Stack`'s repeats of
    one layer object together) with how many of each lie on pipeline stage ``stage`` of
    ``stages`` (N/p consecutive layers each), in the order each kind first appears; None where
    the stack is not one numbered list of repeated layers."""
    found = layer_indices(model, stack, stage, stages)
    return None if found is None else [(block, len(at)) for block, at in found]


def layer_indices(model: Any, stack: LayerStack, stage: int = 0, stages: int = 1
                  ) -> list[tuple[Block, list[int]]] | None:
    """:func:`layer_kinds` with the layers themselves: the indices (from 0, in the stack) of
    each kind's layers on the stage."""
    if not stack.layers or stack.layers % stages:
        return None
    node: Block = model.tree
    for part in stack.prefix.split(".") if stack.prefix else []:
        children = dict(node.children())
        if part not in children:
            return None
        node = children[part]
    if type(node) is Repeat:
        repeats: tuple[Repeat, ...] = (node,)
    elif isinstance(node, Stack):
        repeats = node.repeats
    else:
        return None
    per = stack.layers // stages
    kinds: dict[int, tuple[Block, list[int]]] = {}
    for repeat in repeats:
        count, start = model.value_of(repeat.count_expr), model.value_of(repeat.start)
        here = _on_stage(count, start, repeat.stride, stage * per, (stage + 1) * per)
        block, before = kinds.get(id(repeat.block), (repeat.block, []))
        kinds[id(repeat.block)] = (block, sorted(before + here))
    return list(kinds.values())


def _on_stage(count: int, start: int, stride: int, low: int, high: int) -> list[int]:
    """Those of start, start + stride, … (count of them) that lie in [low, high)."""
    return [start + stride * r for r in range(count) if low <= start + stride * r < high]


def stages(model: Any, layout: Layout) -> list[Stage]:
    """What each pipeline stage's GPU holds under ``layout`` (checked, one line a refusal)."""
    layout.check()
    entries = list(tensor_leaves(model.tree))
    stack = stack_of(model, entries)
    p = layout.pp
    if p > 1:
        if stack is None:
            raise InvalidValueError(Param("pp"), ": this model has no stack of layers to split")
        if stack.repeat is None and stack.layers == 0:
            raise InvalidValueError(Param("pp"), ": the pipeline split is derived for a model "
                                    "with one stack of layers; this one has several")
        if stack.layers % p:
            raise InvalidValueError(f"the {stack.layers} layers of {stack.prefix} "
                                    f"({_layers_source(model, stack)}) do not divide into {p} "
                                    "stages (", Param("pp"), ")")
    if layout.ep > 1 and not any(t.expert for t, _ in entries):
        raise InvalidValueError(Param("ep"), ": this model has no experts to place")
    if layout.capacity is not None and not any(t.expert for t, _ in entries):
        raise InvalidValueError(Param("capacity_factor"), ": this model has no experts")
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
            owner = tensor if tensor.tie is None else tensor.tie
            if owner.units is not None and model.value_of(owner.units) % layout.tp:
                n = model.value_of(owner.units)
                raise InvalidValueError(_indivisible(n, owner.unit, source(model, owner.units),
                                                     layout.tp), Param("tp"),
                                        f"): {entry.name} is split by them, each whole on one "
                                        "rank")
            if shape[dim] % layout.tp:
                raise InvalidValueError(f"{entry.name} has {shape[dim]:,} along the dimension "
                                        f"tensor parallelism splits "
                                        f"({source(model, entry.shape[dim])}), which does not "
                                        f"divide by t = {layout.tp} (", Param("tp"), ")")
            held[dim] //= layout.tp
            how = f"dim {dim} / t"
        if expert and layout.ep > 1:
            if shape[0] % layout.ep:
                raise InvalidValueError(f"the {shape[0]} experts of {entry.name} "
                                        f"({source(model, entry.shape[0])}) do not divide "
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
            places = [(q, len(_on_stage(count, start, index.stride, q * per, (q + 1) * per)))
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
    """Query and key/value heads divide by t (Megatron gives each rank whole heads; latent
    attention's key/value heads are its h heads, its latents whole on every rank)."""
    if layout.tp == 1:
        return
    for form in model.tree.forms().get("attention", ()):
        if form.name != "attention":
            continue
        for what, size in zip((QUERY_HEADS, KV_HEADS), form.sizes[:2], strict=False):
            n = model.value_of(size)
            if n % layout.tp:
                raise InvalidValueError(_indivisible(n, what, source(model, size), layout.tp),
                                        Param("tp"), ")")


def _indivisible(n: int, unit: tuple[str, str], where: str, t: int) -> str:
    """The start of a refusal of n units (``unit``: singular, plural) that t does not divide:
    'the 1 group of B and C (n_groups = 1) does not divide by t = 2 ('."""
    return (f"the {n} {unit[n != 1]} ({where}) {'do' if n != 1 else 'does'} not divide by "
            f"t = {t} (")


def source(model: Any, expr: Any) -> str:
    """Where ``expr``'s value comes from, as a refusal says it: the config key and its value
    (``n_groups = 1``), the hyperparameter where the model has no config (``g_ssm = 1``), a
    formula with each of its symbols so (``2·d_inner + … = 5,408 with …``), multi-query
    attention's one key/value head as its option (``multi_query = true``)."""
    if isinstance(expr, int):
        expr = sympy.Integer(expr)
    value = model.value_of(expr)
    if isinstance(expr, sympy.Symbol):
        return f"{model.config_keys.get(expr.name, expr.name)} = {value}"
    if expr.is_Number:
        if value == 1 and model.options.get("multi_query") is True:
            return "multi-query attention, multi_query = true"
        return f"{value}, fixed by the architecture"
    symbols = sorted(expr.free_symbols, key=lambda x: x.name)
    return f"{text(expr)} = {value:,}, with " + ", ".join(source(model, x) for x in symbols)


def _layers_source(model: Any, stack: LayerStack) -> str:
    """The config key that numbers ``stack``'s layers and its value, or how they are counted."""
    if stack.repeat is not None:
        start, stride = model.value_of(stack.repeat.start), stack.repeat.stride
        if start == 0 and stride == 1:
            return source(model, stack.repeat.count_expr)
    layers = sympy.Symbol("N")
    if "N" in model.config_keys and model.value_of(layers) == stack.layers:
        return source(model, layers)
    return "counted from its layers' indices"


@frozen
class Part:
    """One component of a GPU's memory: bytes, its formula, and how the formula reads."""

    name: str
    bytes: int
    formula: Any
    #: the formula's terms, to lay it out: (bytes a parameter, of experts, partitioned)
    terms: tuple[tuple[int, bool, bool], ...] = ()


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
        terms = ((size, False, split),) + (((size, True, split),) if experts else ())
        out.append(Part(name, value, formula, terms))
    return out
