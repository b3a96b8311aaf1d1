"""Compute from the block tree, under stated conventions: FLOPs as ``torch.utils.flop_counter``
counts them (with causal, training, recomputation and decoding variants, and the work besides
matrix products at stated costs). Memory (weights, training state, activations, KV cache) is
:mod:`symparam.memory`; its names are re-exported here for the code that imports them from
this module.

>>> import symparam
>>> compute(symparam.model("gpt2"), seq=128).flops
32228179968
"""

from __future__ import annotations

import textwrap
from typing import Any

import sympy

from symparam.assumptions import resolve
from symparam.blocks.numbers import evaluate as _evaluate
from symparam.bounds import expand, finite
from symparam.errors import InvalidValueError, Param
from symparam.frozen import frozen
from symparam.images import bound
from symparam.limits import check_lengths
from symparam.memory import (  # memory lived here: re-exported
    DTYPE_BYTES,
    Memory,
    MemoryRow,
    kv_cache,
    kv_cache_width,
    memory,
    state_size,
    weight_memory,
    windows,
)
from symparam.printing import text
from symparam.rounding import signed_percent
from symparam.symbols import B, W, W_chunk, n_img, s
from symparam.tables import Shown, Table, human, share
from symparam.units import human_ops

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
    "temperature": (1, "Llama 4's attention temperature: each query number of its layers "
                       "without rotary embeddings multiplied by its position's scale, 1 per "
                       "element (the scales, a few operations a position, not counted)"),
    "sink": (3, "an attention sink: one more logit per head and query in the softmax, 3 each"),
    "layer_scale": (1, "layer scale: each output multiplied by a learned vector, 1 per element "
                       "(DINOv2, ConvNeXt)"),
    "pool": (1, "mean pooling over positions: 1 per element averaged (DINOv2's classifier over "
                "the patch tokens, ConvNeXt's over the feature map)"),
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


#: what someone cross-checking with torch's counter must know
TORCH_COUNTER = ("torch.utils.flop_counter counts attention products only where they run as "
                 "matrix products: under transformers' default SDPA attention on the CPU it "
                 "omits them (BERT-base at s = 128: 21,744,451,584 under SDPA, 22,348,431,360 "
                 "with eager attention, which symparam matches)")

#: what someone cross-checking a mixture of experts with torch's counter must know
GROUPED_EXPERTS = ("torch.utils.flop_counter counts no FLOPs for the grouped matrix products "
                   "of transformers' default experts (experts_implementation \"grouped_mm\"): "
                   "under it a mixture of experts counts without its routed experts' products "
                   "(a small Mixtral, 4 experts of 128 and 2 a token, at s = 32: 2,539,520 "
                   "against 8,830,976 with "
                   "experts_implementation=\"eager\", which symparam matches)")

#: what each recomputation policy runs again in the backward pass
RECOMPUTED = {
    "full": "full recomputation (each layer's forward runs again, as Megatron-LM and "
            "transformers' gradient checkpointing checkpoint the layers; the embeddings, final "
            "norm and head outside them are not run again)",
    "selective": "selective recomputation (the attention products QKᵀ and AV, with the "
                 "softmax, run again: Korthikanti et al. 2022)",
}


@frozen
class Compute(Shown):
    """FLOPs of one forward (or training) step, with MACs and the parts they come from;
    with ``nonmatmul``, the FLOPs of each kind of other work, (kind, FLOPs), included.
    Its ``str()`` is what ``symparam flops`` prints for the model; in Jupyter it shows as
    tables; ``to_dict()``, ``to_pandas()`` (the parts)."""

    formula: Any
    flops: int
    parts: tuple[tuple[str, int], ...]
    convention: str
    nonmatmul: tuple[tuple[str, int], ...] = ()
    #: what the figure assumes of this model beyond the convention, each a sentence computed
    #: from the tree (weights that do not run, how a decoding step attends, …)
    notes: tuple[str, ...] = ()
    #: the same quantity run another way, as (how, FLOPs, formula): a decoding step of latent
    #: attention with its up-projections absorbed
    alternatives: tuple[tuple[str, int, Any], ...] = ()
    #: what was asked: the model (its name and class), the batch and the sequence as shown
    #: (a ViT's is its own, a formula in its image and patch sizes)
    model: str = ""
    label: str = ""
    batch: int = 1
    seq: Any = None

    @property
    def macs(self) -> int:
        return self.flops // 2

    def _lines(self) -> list[str]:
        return [flops_heading(self.model or "model", self.label, self.batch, self.seq,
                              self.convention), *flops_lines(self)]

    def _summary(self) -> str:
        return f"{self.model or 'model'}: {self.flops:,} FLOPs = {human_ops(self.flops)}, " \
               f"B = {self.batch}, s = {self.seq} ({self.convention})"

    def to_dict(self) -> dict[str, Any]:
        return {"flops": self.flops, "macs": self.macs, "convention": self.convention,
                "formula": text(self.formula),
                "parts": [{"part": p, "flops": f} for p, f in self.parts],
                "nonmatmul": [{"kind": k, "flops": f} for k, f in self.nonmatmul],
                "notes": list(self.notes),
                "alternatives": [{"how": how, "flops": f, "formula": text(formula)}
                                 for how, f, formula in self.alternatives]}

    def _tables(self) -> list[Table]:
        data = self.to_dict()
        summary = Table(f"FLOPs: {self.convention}", ("", "exact", "about"), (
            ("FLOPs", self.flops, human(self.flops, "FLOPs")),
            ("MACs", self.macs, human(self.macs, "MACs")),
            *((how, f, human(f, "FLOPs")) for how, f, _ in self.alternatives)),
            (f"FLOPs = {data['formula']}", *self.notes))
        shares = [(p["part"], p["flops"], share(p["flops"], self.flops)) for p in data["parts"]]
        tables = [summary, Table("by part", ("part", "FLOPs", "share"), tuple(shares))]
        if self.nonmatmul:
            tables.append(Table("besides matrix products", ("kind", "FLOPs", "as counted"),
                                tuple((k, f, NONMATMUL[k][1] if k in NONMATMUL else None)
                                      for k, f in self.nonmatmul)))
        return tables

    def _frame(self) -> Table:
        return self._tables()[1]


def flops_heading(name: str, label: str, batch: int, seq: Any, convention: str) -> str:
    """``symparam flops``'s first line for a model: its class, B, s and the convention."""
    return f"{name}: {label}, B = {batch}, s = {seq} ({convention})"


def flops_lines(result: Any, macs: bool = False, width: int | None = None) -> list[str]:
    """The FLOPs (``result``: a :class:`~symparam.compute.Compute`) as ``symparam flops``
    prints them under its heading: the formula, each part, the total, the work besides matrix
    products, the same step run another way, and what the figure assumes of the model; in
    multiply-adds with ``macs``; the names padded to ``width``."""
    unit, value = ("MACs", result.macs) if macs else ("FLOPs", result.flops)
    lines = [f"  MACs = {text(sympy.expand(result.formula / 2))}" if macs  # 2 FLOPs a MAC
             else f"  FLOPs = {text(result.formula)}"]
    width = max(len(n) for n, _ in result.parts) if width is None else width
    for part, flops in result.parts:
        lines.append(f"  {part:<{width}}  {flops // 2 if macs else flops:>22,}")
    lines.append(f"  {'total':<{width}}  {value:>22,} {unit} = {human_ops(value, unit)}"
                 + ("" if macs else f" ({result.macs:,} MACs)"))
    if result.nonmatmul:
        lines.append("  of which, besides matrix products:")
        for kind, flops in result.nonmatmul:  # never in MACs: they are not multiply-adds
            lines.append(textwrap.fill(NONMATMUL[kind][1], 100,
                                       initial_indent=f"    {flops:>20,}  ",
                                       subsequent_indent=" " * 28))
        lines.append(textwrap.fill(NOT_COUNTED, 100, initial_indent="    ",
                                   subsequent_indent="    "))
    for how, flops, _ in result.alternatives:
        change = signed_percent(flops - result.flops, result.flops)
        lines.append(textwrap.fill(f"{flops // 2 if macs else flops:,} {unit} ({change}) "
                                   f"{how}", 100, initial_indent="  or ",
                                   subsequent_indent="    "))
    lines += [textwrap.fill(f"note: {note}", 100, initial_indent="  ", subsequent_indent="    ")
              for note in result.notes]
    return lines


def compute(model: Any, seq: int | None = None, batch: int = 1, causal: bool = False,
            training: bool = False, recompute: str = "none", decode: bool = False,
            target_seq: int | None = None, nonmatmul: bool = False,
            images: int | None = None, image_size: tuple[int, int] | None = None,
            by_part: bool = True, expanded: bool = True) -> Compute:
    """Exact FLOPs for ``batch`` sequences of ``seq`` tokens (FlopCounterMode's convention:
    every matrix product at 2 FLOPs per multiply-add, attention over the full s×s).

    ``causal`` halves the attention products (only the lower triangle is needed).
    ``target_seq`` is an encoder–decoder's decoder length (T5; the same as ``seq`` if not given).
    ``training`` counts forward and backward, the backward at twice the forward; with
    ``recompute`` ``full`` each stack of layers runs its forward again (Megatron-LM's
    accounting: the embeddings, final norm and LM head are not recomputed), with
    ``selective`` the attention products (Korthikanti et al. 2022) are recomputed.
    ``decode`` counts one new token per sequence against a cache of ``seq`` tokens, as
    transformers runs it with its DynamicCache: every projection on one token, each attention
    over the keys it keeps and the new one (seq + 1; a sliding-window layer's last W − 1 and
    the new one), multi-head latent attention's keys and values expanded from the cached
    latents every step (with the up-projections absorbed, as an inference engine can run it,
    in ``alternatives``). ``images``: the images each sequence holds, for a vision–language
    model (1 if not given, 0 for text alone; :mod:`symparam.images`): its vision tower runs on
    each, its language model reads s text tokens and each image's tokens; ``image_size``
    (height, width in pixels) for a model that reads images at their own resolution
    (Qwen2.5-VL; :data:`~symparam.images.DEFAULT_IMAGE_SIZE` if not given). ``nonmatmul`` adds
    norms,
    softmax, activations and adds, each at the cost :data:`NONMATMUL` states (the softmax and
    score scaling count as attention work: halved by ``causal``, recomputed by ``selective``).
    ``by_part`` False leaves out the figure of each part and of each kind of other work (the
    formula and its value alone, as a page's script needs: each part is derived again).
    ``expanded`` False gives the formula as the tree's sums and products make it, not
    expanded, and no other way to run the step (``alternatives`` empty): the same value, for
    a page's script to evaluate (expanding is most of the work, and printing its terms).
    """

    fixed_sequence = model.sequence
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
    pictures = bound(model, images, image_size)
    text_alone = {n_img: sympy.S.Zero} if pictures.get("n_img") == 0 else {}
    if decode:
        _has_a_decoding_step(model)
    mapping = resolve(model.assumptions)

    def fixed(expr: Any) -> Any:
        if fixed_sequence is not None:
            expr = expr.xreplace({s: fixed_sequence})
        if text_alone:  # no image: its terms are 0 (a symbol's value is positive)
            expr = expr.xreplace(text_alone)
        expr = expr.xreplace(mapping)
        if not expanded:
            return finite(expr, "the FLOPs under these assumptions")
        return expand(expr, what="the FLOPs under these assumptions")

    def kinds(block: Any, seq: Any) -> dict[str, tuple[Any, Any]]:
        """``block``'s other work by kind, as (FLOPs, the part of them that is per score)."""
        if not nonmatmul:
            return {}
        out = {}
        found = block.decoded_nonmatmul(B, seq) if decode else block.nonmatmul(B, seq)
        for kind, elements in found.items():
            flops = NONMATMUL[kind][0] * fixed(elements)
            out[kind] = (flops, flops if kind in PER_SCORE else sympy.S.Zero)
        return out

    def forward(block: Any, seq: Any = s, found: dict[str, tuple[Any, Any]] | None = None
                ) -> tuple[Any, Any]:
        """``block`` run once on ``seq`` tokens, or its decoding step after them (``found``:
        its other work, when already known): its FLOPs and the attention products among them
        (a decoding step's need not be told apart)."""
        if decode:
            full, products = fixed(block.decoded(B, seq)), sympy.S.Zero
        else:
            full, products = fixed(block.flops(B, seq)), fixed(block.products(B, seq))
        for flops, per_score in (kinds(block, seq) if found is None else found).values():
            full, products = full + flops, products + per_score
        return full, products

    def under_convention(full: Any, products: Any, rerun: Any = 0) -> Any:
        """One forward pass under the chosen convention, or forward + backward + what
        recomputation runs again (``rerun``: the forward of the checkpointed layers)."""
        once, attention = once_under_convention(full, products)
        if not training:
            return once
        extra = {"none": 0, "full": rerun, "selective": attention}[recompute]
        return sympy.expand(3 * once + extra) if expanded else 3 * once + extra

    def once_under_convention(full: Any, products: Any) -> tuple[Any, Any]:
        """One forward pass: everything, and the attention products among it."""
        if causal:
            once = full - products / 2
            return sympy.expand(once) if expanded else once, products / 2
        return full, products

    def rerun_of(block: Any, seq: Any, kind: str | None = None) -> Any:
        """What full recomputation runs again under ``block``: the forward of each stack of
        layers (of the work of ``kind`` only, when given)."""
        if not (training and recompute == "full"):
            return sympy.S.Zero
        total = []
        for stack, inner in block.stacks(seq):
            if kind is None:
                total.append(once_under_convention(*forward(stack, inner))[0])
            elif kind in (found := kinds(stack, inner)):
                total.append(once_under_convention(*found[kind])[0])
        return sympy.Add(*total)

    def step(block: Any, seq: Any = s, found: dict[str, tuple[Any, Any]] | None = None) -> Any:
        """``block`` under the chosen convention (``found``: its other work, when known)."""
        return under_convention(*forward(block, seq, found), rerun_of(block, seq))

    values = {**model.bind(), "B": batch, "s": seq, "s_dec": target_seq or seq,
              **({} if text_alone else pictures)}
    found = kinds(model.tree, s)
    formula = step(model.tree, s, found)
    parts = tuple((placed.path, _evaluate(step(placed.block, placed.seq), values))
                  for placed in model.tree.parts("", s, weightless=True)) if by_part else ()
    other = tuple((kind, _evaluate(under_convention(*found[kind], rerun_of(model.tree, s, kind)),
                                   values))
                  for kind in NONMATMUL if kind in found) if by_part else ()
    convention = "training (forward + 2× backward)" if training else "forward"
    if recompute != "none":
        convention += ", " + RECOMPUTED[recompute]
    if causal:
        convention += ", causal attention (products halved)"
    if decode:
        convention = f"decoding one token per sequence against a cache of {seq}"
    if nonmatmul:
        convention += ", with the work besides matrix products"
    notes, alternatives = model.tree.idle(), ()
    if decode:
        notes += tuple(DECODING_NOTES[w] for w in windows(formula))
    if decode and expanded:
        # the same step with the up-projections of latent attention absorbed
        plain = fixed(model.tree.decoded(B, s))
        folded = sympy.expand(formula - plain + fixed(model.tree.decoded(B, s, absorb=True)))
        if sympy.expand(folded - formula) != 0:
            notes += (LATENT_DECODING,)
            alternatives = ((ABSORBED, _evaluate(folded, values), folded),)
    return Compute(formula, _evaluate(formula, values), parts, convention, other, notes,
                   alternatives, model.name, model.label, batch,
                   seq if fixed_sequence is None else text(fixed_sequence))


#: what a decoding step's figure is, where layers slide a window
WINDOW_DECODING = ("a sliding-window layer attends over the last W − 1 positions it keeps and "
                   "the new token (W keys once s ≥ W − 1), as transformers runs it with its "
                   "DynamicCache; the other layers over all s and the new token")
#: and where layers attend in chunks (Llama 4)
CHUNKED_DECODING = ("a chunked-attention layer's products run over the last W_chunk − 1 "
                    "positions it keeps and the new token (W_chunk keys once s ≥ W_chunk − 1), "
                    "as transformers runs it with its DynamicCache, the mask leaving the new "
                    "token only the positions of its own chunk; the other layers over all s and "
                    "the new token")
#: each kind of window by its symbol (:func:`~symparam.memory.windows`)
DECODING_NOTES = {W: WINDOW_DECODING, W_chunk: CHUNKED_DECODING}
#: what it is for multi-head latent attention, and the other way to run it
LATENT_DECODING = ("latent attention keeps its latent and rotary key (r_kv + d_rope numbers a "
                   "token and layer: memory's KV cache); transformers expands them into keys and "
                   "values with kv_b_proj at every step, over all s + 1 positions, which this "
                   "figure counts")
ABSORBED = ("with the up-projections absorbed (kv_b_proj's key half folded into the query, its "
            "value half into the output, attention run on the cached latent: as DeepSeek-V3's "
            "own inference code runs it, attn_impl \"absorb\")")


def _has_a_decoding_step(model: Any) -> None:
    """Refuse a decoding step where it is not derived: a model that keeps no keys and values
    (an encoder), a state-space or linear-attention layer (its cached step runs other
    operations than its forward pass), a cross-attention over an encoder's states."""
    if state_size(model) is not None:
        raise InvalidValueError(f"a decoding step of {model.label} is not derived yet: its "
                                "state-space or linear-attention layers run another step with "
                                "their cached state than their forward pass")
    if model.tree.attends_elsewhere():
        raise InvalidValueError(f"a decoding step of {model.label} is not derived yet: its "
                                "cross-attention over an encoder's states")
    if kv_cache(model) is None:
        raise InvalidValueError(f"{model.label} keeps no keys and values between tokens: it "
                                "has no decoding step")


__all__ = [
    "DTYPE_BYTES",
    "GROUPED_EXPERTS",
    "NONMATMUL",
    "Compute",
    "Memory",
    "MemoryRow",
    "check_lengths",
    "compute",
    "kv_cache_width",
    "memory",
    "weight_memory",
]
