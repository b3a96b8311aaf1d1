"""Activations and the KV cache on one GPU of a parallel layout: a micro-batch's saved tensors,
and under tensor parallelism one rank's (:func:`narrowed`)."""

from __future__ import annotations

from typing import Any

import sympy

from symparam.blocks.base import tensor_leaves
from symparam.blocks.numbers import evaluate
from symparam.blocks.saved import kind_bytes
from symparam.errors import InvalidValueError, Param, SymparamError
from symparam.memory import DTYPE_BYTES, activations, kv_cache
from symparam.placement import Layout, stages
from symparam.symbols import B, N
from symparam.symbols import s as S


def activations_per_gpu(model: Any, layout: Layout, recompute: str, dtype: str
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


def kv_per_gpu(model: Any, layout: Layout, dtype: str) -> tuple[int | None, str | None]:
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
