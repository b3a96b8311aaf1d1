"""Compute and memory from the block tree, under stated conventions: FLOPs as
``torch.utils.flop_counter`` counts them (with causal, training, recomputation and decoding
variants, and the work besides matrix products at stated costs), bytes per parameter of each
dtype, Adam's training state, the KV cache.

>>> row = weight_memory(102_267_648)[0]
>>> row.dtype, row.bytes, round(row.mib, 2)
('fp32', 409070592, 390.12)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DTYPE_BYTES = {"fp32": 4, "fp16": 2, "bf16": 2, "int8": 1}
MIB = 2**20
MB = 10**6
GIB = 2**30
GB = 10**9


@dataclass(frozen=True)
class MemoryRow:
    """The weights of a model stored in one dtype: bytes, and the same in MiB/GiB and MB/GB."""

    dtype: str
    bytes_per_param: int
    bytes: int

    @property
    def mib(self) -> float:
        return self.bytes / MIB

    @property
    def mb(self) -> float:
        return self.bytes / MB

    @property
    def gib(self) -> float:
        return self.bytes / GIB

    @property
    def gb(self) -> float:
        return self.bytes / GB


def weight_memory(params: int) -> list[MemoryRow]:
    """The weights' size in fp32, fp16, bf16 and int8."""
    return [MemoryRow(dtype, size, params * size) for dtype, size in DTYPE_BYTES.items()]


#: FLOPs per element of each kind of work besides matrix products, and what is counted
NONMATMUL: dict[str, tuple[int, str]] = {
    "layernorm": (5, "LayerNorm: 5 per element (mean, subtract it, square, mean of squares, "
                     "multiply by 1/σ; adding ε and the square root are per row, not counted)"),
    "rmsnorm": (3, "RMSNorm: 3 per element (square, mean of squares, multiply by 1/rms)"),
    "norm_weight": (1, "a norm's weight: 1 multiply per element"),
    "bias": (1, "bias adds (Linear, LayerNorm, convolution): 1 per output number"),
    "softmax": (3, "softmax: 3 per attention score (exp, sum, divide; as Hoffmann et al. 2022, "
                   "appendix F; subtracting the row maximum is not counted)"),
    "scale": (1, "scaling the scores by 1/√d_head: 1 per score (T5 does not scale; DeBERTa "
                 "scales its keys and each position term)"),
    "softcap": (3, "soft-capping c·tanh(x/c): 3 per element (divide, tanh, multiply; Gemma2)"),
    "activation": (1, "activation functions (GELU, ReLU, SiLU, tanh): 1 per element, as "
                      "fvcore and DeepSpeed's profiler count them"),
    "gate": (1, "the gate of a gated MLP, act(gate)·up: 1 multiply per element"),
    "add": (1, "residual adds and sums of embedding tables: 1 per element"),
    "routing": (3, "a router's softmax over its E logits: 3 per logit (choosing the top k and "
                   "renormalising their weights are not counted)"),
    "combine": (2, "mixing the experts' outputs: for each token and active expert, 2 per "
                   "output number (weight it, add it in)"),
    "expert_bias": (1, "the experts' bias adds: 1 per output number of each active expert"),
    "clamped_glu": (6, "gpt-oss's clamped SwiGLU besides its sigmoid: 6 per element (clamp the "
                       "gate, clamp the up projection, scale by α, gate·σ, up + 1, the product)"),
    "sink": (3, "an attention sink: one more logit per head and query in the softmax, 3 each"),
    "score_add": (1, "adding DeBERTa's content-to-position and position-to-content terms to the "
                     "scores: 1 per score and term"),
    "selective_scan": (6, "Mamba's selective scan: 6 per state number (inner width × state size) "
                          "and token (Δ·A and its exp, Δ·B and its product with x, the recurrence "
                          "h ← Ā·h + B̄·x: a multiply and an add); the read-out C·h is a matrix "
                          "product, among the FLOPs; A = −exp(A_log), once a layer, not counted"),
    "ssm_skip": (2, "a state-space layer's skip connection y + D·x: 2 per inner number"),
    "chunked_scan": (1, "Mamba-2's chunked scan besides its matrix products, 1 per operation: "
                        "per position of the padded chunks, 2Q per head (the decay mask of its "
                        "chunk, exp, and its product with C·Bᵀ), n per head (decaying B into the "
                        "chunk's state), 2 per inner number (decaying the read-out of the earlier "
                        "chunks' state, adding the two parts); Δ·x, 1 per inner number and token; "
                        "cumulative sums of the decays not counted"),
    "delta_rule": (1, "the gated delta rule in chunks of 64 besides the products torch's counter "
                      "sees, 1 per operation: per position of the padded chunks and value head, "
                      "the two triangular solves it does not see (63·(d_k + d_v)), the decay mask "
                      "and its products with both score matrices (3·64), normalising, scaling, "
                      "weighting and decaying q and k (11·d_k), weighting and correcting v "
                      "(3·d_v); per chunk and head, decaying and updating the state (2·d_k·d_v)"),
}
#: work that grows with the keys a query sees, like the attention products
PER_SCORE = ("softmax", "scale", "softcap", "score_add")
NOT_COUNTED = ("not counted: attention masks and position biases (ALiBi, T5's relative bias), "
               "rotary embeddings, dropout, multiplications by one scalar (Gemma's √H, T5's "
               "output scale), embedding lookups")


@dataclass(frozen=True)
class Compute:
    """FLOPs of one forward (or training) step, with MACs and the parts they come from;
    with ``nonmatmul``, the FLOPs of each kind of other work, (kind, FLOPs), included."""

    formula: Any
    flops: int
    parts: tuple[tuple[str, int], ...]
    convention: str
    nonmatmul: tuple[tuple[str, int], ...] = ()

    @property
    def macs(self) -> int:
        return self.flops // 2


def compute(model: Any, seq: int | None = None, batch: int = 1, causal: bool = False,
            training: bool = False, recompute: str = "none", decode: bool = False,
            target_seq: int | None = None, nonmatmul: bool = False) -> Compute:
    """Exact FLOPs for ``batch`` sequences of ``seq`` tokens (FlopCounterMode's convention:
    every matrix product at 2 FLOPs per multiply-add, attention over the full s×s).

    ``causal`` halves the attention products (only the lower triangle is needed).
    ``target_seq`` is an encoder–decoder's decoder length (T5; the same as ``seq`` if not given).
    ``training`` counts forward and backward, the backward at twice the forward; with
    ``recompute`` ``full`` the forward runs twice, with ``selective`` the attention products
    (Korthikanti et al. 2022) are recomputed. ``decode`` counts one new token per sequence
    against a cache of ``seq`` tokens: every projection on one token, attention over the
    seq + 1 keys. ``nonmatmul`` adds norms, softmax, activations and adds, each at the cost
    :data:`NONMATMUL` states (the softmax and score scaling count as attention work: halved by
    ``causal``, recomputed by ``selective``).
    """
    import sympy

    from symparam.assumptions import resolve
    from symparam.blocks.base import evaluate as _evaluate
    from symparam.bounds import expand
    from symparam.errors import InvalidValueError, Param
    from symparam.symbols import B, s

    fixed_sequence = model.family.sequence
    if fixed_sequence is not None:
        if seq is not None or decode or causal:
            raise InvalidValueError(f"{model.family.title}'s input fixes its sequence; leave out ",
                                    Param("seq"), ", ", Param("decode"), " and ",
                                    Param("causal"))
        seq = 1  # placeholder: s is replaced by the model's own sequence below
    elif seq is None:
        raise InvalidValueError("give the sequence length: ", Param("seq", "seq=S"))
    check_lengths(seq=seq, batch=batch, target_seq=target_seq)
    if recompute not in ("none", "selective", "full"):
        raise InvalidValueError(Param("recompute"), " takes none, selective or full")
    if recompute != "none" and not training:
        raise InvalidValueError(Param("recompute"), " applies to ", Param("training"))
    if decode and training:
        raise InvalidValueError(Param("decode"), " counts inference; leave out ",
                                Param("training"))
    model.require_compute()
    mapping = resolve(model.assumptions)

    def fixed(expr: Any) -> Any:
        if fixed_sequence is not None:
            expr = expr.xreplace({s: fixed_sequence})
        return expand(expr.xreplace(mapping), what="the FLOPs under these assumptions")

    def kinds(block: Any, seq: Any) -> dict[str, tuple[Any, Any]]:
        """``block``'s other work by kind, as (FLOPs, the part of them that is per score)."""
        if not nonmatmul:
            return {}
        out = {}
        for kind, elements in block.nonmatmul(B, seq).items():
            flops = NONMATMUL[kind][0] * fixed(elements)
            out[kind] = (flops, flops if kind in PER_SCORE else sympy.S.Zero)
        return out

    def step(block: Any, seq: Any = s, found: dict[str, tuple[Any, Any]] | None = None) -> Any:
        """``block`` run on ``seq`` tokens under the chosen convention; ``found``: its other
        work, when already known."""
        full, products = fixed(block.flops(B, seq)), fixed(block.products(B, seq))
        for flops, per_score in (kinds(block, seq) if found is None else found).values():
            full, products = full + flops, products + per_score
        return under_convention(full, products)

    def under_convention(full: Any, products: Any) -> Any:
        """One forward pass under the chosen convention, or forward + backward (+ what
        recomputation runs again)."""
        if decode:  # projections on one token; attention: 1 query against seq + 1 keys
            once = sympy.expand(full.xreplace({s: 1}) - products.xreplace({s: 1})
                                + products.xreplace({s: 1}) * (s + 1))
        elif causal:
            once = sympy.expand(full - products / 2)
        else:
            once = full
        if not training:
            return once
        extra = {"none": 0, "full": once, "selective": products / (2 if causal else 1)}
        return sympy.expand(3 * once + extra[recompute])

    values = {**model.bind(), "B": batch, "s": seq, "s_dec": target_seq or seq}
    found = kinds(model.tree, s)
    formula = step(model.tree, s, found)
    parts = tuple((placed.path, _evaluate(step(placed.block, placed.seq), values))
                  for placed in model.tree.parts("", s, weightless=True))
    other = tuple((kind, _evaluate(under_convention(*found[kind]), values))
                  for kind in NONMATMUL if kind in found)
    convention = "training (forward + 2× backward)" if training else "forward"
    if recompute != "none":
        convention += f", {recompute} recomputation"
    if causal:
        convention += ", causal attention (products halved)"
    if decode:
        convention = f"decoding one token per sequence against a cache of {seq}"
    if nonmatmul:
        convention += ", with the work besides matrix products"
    return Compute(formula, _evaluate(formula, values), parts, convention, other)


def check_lengths(**lengths: int | None) -> None:
    """Each of ``seq``, ``batch``, ``target_seq`` … a whole number from 1 to
    :data:`~symparam.limits.MAX_SEQUENCE` (None: not given)."""
    from symparam.errors import InvalidValueError, Param
    from symparam.limits import MAX_SEQUENCE

    for name, value in lengths.items():
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_SEQUENCE:
            shown = repr(value) if isinstance(value, int) and abs(value) < 10**40 else \
                f"a {type(value).__name__}"
            raise InvalidValueError(Param(name), f" must be a whole number from 1 to "
                                                 f"{MAX_SEQUENCE:,}, got {shown}")


def activation_bytes(model: Any, seq: int, batch: int, recompute: str = "none") -> int | None:
    """Activation memory of a training step after Korthikanti et al. 2022 (16-bit, no tensor
    parallelism): s·b·H·N·(34 + 5·h·s/H) bytes, 34·s·b·H·N with selective recomputation,
    2·s·b·H·N (each layer's input) with full recomputation. None when N, H or h is missing."""
    check_lengths(seq=seq, batch=batch)
    values = model.bind()
    if not {"N", "H", "h"} <= set(values):
        return None
    n, hidden, heads = values["N"], values["H"], values["h"]
    base = seq * batch * hidden * n
    if recompute == "full":
        return 2 * base
    if recompute == "selective":
        return 34 * base
    return 34 * base + 5 * heads * seq * seq * batch * n


#: Mixed-precision training with Adam, per parameter (Rajbhandari et al. 2020, ZeRO, section 3)
ADAM_MIXED = (
    ("fp16/bf16 weights", 2),
    ("fp16/bf16 gradients", 2),
    ("fp32 master weights", 4),
    ("fp32 Adam first moment", 4),
    ("fp32 Adam second moment", 4),
)


def _kept(model: Any, seq: int) -> Any:
    """The numbers a model keeps for later tokens after ``seq`` tokens, over all layers."""
    import sympy

    from symparam.assumptions import resolve

    return sympy.expand(model.tree.cache(sympy.Integer(seq)).xreplace(resolve(model.assumptions)))


def kv_cache_width(model: Any) -> Any:
    """Numbers a decoder keeps per token, over all layers (None where nothing is kept): keys
    and values, not a state-space layer's state, which does not grow with the sequence."""
    import sympy

    width = sympy.expand(_kept(model, 1) - _kept(model, 0))
    return None if width == 0 else width


def state_size(model: Any) -> Any:
    """Numbers a model keeps per sequence however long it is (None where it keeps none): each
    state-space layer's convolution inputs and state, each linear-attention layer's state."""
    state = _kept(model, 0)
    return None if state == 0 else state


@dataclass(frozen=True)
class Memory:
    """Weights per dtype, training state with Adam, the KV cache and a state-space model's
    state."""

    params: int
    weights: tuple[MemoryRow, ...]
    training: tuple[tuple[str, int, int], ...]
    kv_formula: Any
    kv_per_token: int | None
    kv_total: int | None
    dtype_bytes: int
    #: what a state-space or linear-attention layer keeps, the same for any s (numbers per
    #: sequence, and bytes for the batch)
    state_formula: Any = None
    state_total: int | None = None


def memory(model: Any, seq: int | None = None, batch: int = 1, dtype: str = "fp16") -> Memory:
    """The memory a model needs: its weights, its Adam training state, its KV cache."""
    from symparam.errors import InvalidValueError

    if not isinstance(dtype, str) or dtype not in DTYPE_BYTES:
        raise InvalidValueError(f"unknown dtype {dtype!r}; choose {', '.join(DTYPE_BYTES)}")
    check_lengths(seq=seq, batch=batch)
    params = model.count()
    training = tuple((part, size, size * params) for part, size in ADAM_MIXED)
    width = kv_cache_width(model)
    per_token = total = None
    if width is not None:
        per_token = model.value_of(width) * DTYPE_BYTES[dtype]
        if seq is not None:
            total = per_token * seq * batch
    state = state_size(model)
    state_total = None if state is None else model.value_of(state) * DTYPE_BYTES[dtype] * batch
    return Memory(params, tuple(weight_memory(params)), training, width, per_token, total,
                  DTYPE_BYTES[dtype], state, state_total)
