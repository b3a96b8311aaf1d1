"""Memory per GPU and traffic per training step under data, ZeRO, tensor, sequence, pipeline and
expert parallelism, exactly, from the model's tensors: where each tensor lies and what a rank
holds of it (:mod:`symparam.placement`), the activations and KV cache on a GPU
(:mod:`symparam.parallel_activations`), the traffic (:mod:`symparam.parallel_traffic`)."""

from __future__ import annotations

from typing import Any

from symparam.errors import InvalidValueError, Param, SymparamError
from symparam.frozen import frozen
from symparam.memory import DTYPE_BYTES, OPTIMISERS
from symparam.parallel_activations import (
    activations_per_gpu,
    kv_by_stage,
    kv_per_gpu,
    latent,
    latent_cache_whole,
)
from symparam.parallel_traffic import Traffic, traffic_per_step
from symparam.placement import Layout, Part, Shard, stages, zero_parts


@frozen
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
    #: each stage's activations (micro-batches in flight times one's), where derived
    stage_activations: tuple[int, ...] | None
    #: why the activations are not derived (a :class:`SymparamError`'s message, or ours)
    activations_refused: str | SymparamError | None
    kv_cache: int | None
    kv_refused: str | None
    traffic: Traffic | None
    stage_totals: tuple[int, ...]
    shards: tuple[Shard, ...]
    #: the KV cache whole on each tensor-parallel rank (latent attention's), split by p (and
    #: c) alone
    kv_whole_on_ranks: bool = False
    #: its attention is latent (DeepSeek's): under sequence parallelism its latents and their
    #: norms are kept for a t-th of the tokens
    latent: bool = False
    #: the KV cache on a GPU of each pipeline stage, where the stages hold unlike shares (the
    #: figure is the most)
    kv_stages: tuple[int, ...] | None = None

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
    d = layout.replicas  # the GPUs holding alike weights: d·c
    d_e = d // layout.ep
    totals = []
    for st in found:
        parts = zero_parts(st.dense, st.experts, d, d_e, layout.zero, recipes[optimiser])
        totals.append(sum(p.bytes for p in parts))
    by_stage, refused = activations_per_gpu(model, layout, recompute, dtype)
    held = by_stage if by_stage is not None and len(by_stage) == len(found) else \
        (0,) * len(found)
    worst = max(range(len(found)), key=lambda q: (totals[q] + held[q], -q))
    st = found[worst]
    parts = zero_parts(st.dense, st.experts, d, d_e, layout.zero, recipes[optimiser])
    acts = None if by_stage is None else by_stage[worst if len(by_stage) > 1 else 0]
    kv, kv_refused = kv_per_gpu(model, layout, dtype)
    traffic = None
    if layout.seq is not None:
        traffic = traffic_per_step(model, layout, st, recipes[optimiser], recompute,
                                   DTYPE_BYTES[dtype])
    return PerGPU(layout, optimiser, worst, len(found), st.dense, st.experts, tuple(parts),
                  acts, by_stage, refused, kv, kv_refused, traffic, tuple(totals), tuple(st.shards),
                  kv is not None and latent_cache_whole(model, layout),
                  latent(model), kv_by_stage(model, layout, dtype))
