"""Llama 4's language model (Meta 2025), as transformers' ``Llama4TextModel`` builds it.

A token table (V×H, no position table), N layers, a final RMSNorm and an LM head (untied by
default). Each layer: an RMSNorm; grouped-query attention (q: H → h·d_head, k and v:
H → h_kv·d_head, o: h·d_head → H, biases on all four with ``attention_bias``); an RMSNorm; and a
feed-forward block under ``feed_forward``, of one of two kinds:

- dense: a gated MLP H → d_ff → H (``intermediate_size_mlp``);
- mixture of experts: a router (H → E, no bias), E experts each a gated MLP H → d_moe → H
  stored as stacked tensors (``gate_up_proj`` E × H × 2·d_moe, ``down_proj`` E × d_moe × H:
  input first), and a shared expert of the same width (``intermediate_size``) every token
  passes through. The router keeps a token's top k logits and takes their sigmoid: a token's
  active parameters count k of the E experts. transformers runs every expert on every token,
  its input scaled by the expert's score (0 where the router did not choose it): its FLOPs
  count all E experts a token, as torch's counter sees them.

Which layers are MoE layers: ``moe_layers`` lists them; else every ``interleave_moe_layer_step``-th
(layer i where the step divides i + 1; Scout: every layer, Maverick: every other).

What adds no weights: layers without rotary embeddings (NoPE: every ``no_rope_layer_interval``-th
layer, or those ``no_rope_layers`` marks 0), whose queries are scaled by a temperature that grows
with the position; the L2 norm (no weight) over each head of q and k in the rotary layers
(``use_qk_norm``); chunked attention in the rotary layers (``attention_chunk_size``, W_chunk: a
token attends within its own chunk of W_chunk positions). transformers' eager attention computes
every score and masks those outside the chunk, so the FLOPs of a forward pass are the full
products; a chunked layer's cache keeps its last W_chunk − 1 positions, as a sliding window of
W_chunk would (transformers' cache treats the two alike; only the mask differs).

Where MoE and dense layers, or rotary and NoPE ones, interleave, each kind is a layer of its
own (:func:`decoder_layers`), so that every part of a breakdown is exact; the work besides
products and what a training step keeps are those of transformers' eager code, every expert on
every token (:class:`EveryTokenExperts`, :class:`Llama4Attention`).

The composite ``llama4`` file (``Llama4ForConditionalGeneration``: this language model under
``language_model`` with a vision encoder) is :mod:`symparam.architectures.llama4_vision`'s,
which reads these sizes and rules under ``text_config.`` (:func:`sizes`, :func:`rules`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    activation_of,
    activation_option,
    rmsnorm_decoder,
    sliding,
    tie_option,
    variant,
)
from symparam.architectures.interleave import runs
from symparam.assumptions import HEAD_SIZE, KV_HEADS
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Elementwise,
    Experts,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
    Stack,
    Tensor,
    marked,
)
from symparam.blocks.base import merge
from symparam.blocks.entries import as_expr
from symparam.blocks.saved import (
    ACT,
    ACTIVATION_SAVES,
    CAST,
    F32,
    I64,
    Key,
    Saved,
    at_most_one,
    many,
    same_tensor,
)
from symparam.blocks.sharding import column, replicated, row, split
from symparam.errors import ConfigError, InvalidValueError, ModelDefinitionError, quoted
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.limits import MAX_LAYERS_LISTED
from symparam.modeltype import (
    ActivationName,
    Count,
    Flag,
    HeadSize,
    Leave,
    ModelType,
    Reader,
    Rule,
    Size,
)
from symparam.symbols import E, H, N, W_chunk, d_ff, d_head, d_moe, h, h_kv, k

#: the complex table of rotary frequencies (s × d_head/2, complex64) every rotary layer
#: multiplies q and k by: made once a forward pass, in fp32 whatever the model's dtype
FREQS_CIS = Key("rotary frequencies (complex)", model_wide=True)
#: the normalised hidden states an MoE layer's router and shared expert both read
MOE_INPUT = Key("MoE input")


class EveryTokenExperts(Experts):
    """Llama 4's experts as transformers runs them: every expert on every token (its input
    scaled by the router's score, 0 for the experts not chosen), in two batched products. The
    parameters a token uses are still k of the E experts' (:attr:`active_params`)."""

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """2 FLOPs per weight of the stacked matrices, for every token and every expert."""
        return 2 * batch * seq * sympy.Add(*(t.params for _, t in self.children()))

    def idle(self) -> tuple[str, ...]:
        """Said beside the FLOPs: they are transformers', not those of a k-expert kernel."""
        return ("transformers' Llama 4 runs every expert on every token (each scaled by its "
                "router score, 0 for the experts not chosen), as torch's counter sees it: the "
                "FLOPs count all E experts a token (their products, and with the work besides "
                "products their activation, gate and mixing); a kernel that runs only the "
                "chosen k does k/E of the experts' products",)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        """Every (token, expert) pair: the activation and the gate on the expert's width, the
        token's input weighted by its score and the expert's output added in (``combine``,
        2 per number of H)."""
        if self.inner is None or self.outer is None:
            raise ModelDefinitionError("these experts do not give their widths")
        pairs = batch * self.own_seq(seq) * self.count_expr
        return {"activation": pairs * self.inner, "gate": pairs * self.inner,
                "combine": pairs * self.outer}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """What transformers' Llama 4 keeps for every (token, expert) pair, whatever the
        routing: the router's top-k indices (int64) and its sigmoid in fp32, the scores as a
        column (a copy in the model's dtype; in fp32 the sigmoid's own storage where the
        tokens or the experts are 1, a view), every token's hidden state repeated for each
        expert and that copy scaled by its score, the fused gate/up output, the activation's
        output and the gated product."""
        if self.inner is None or self.outer is None:
            raise ModelDefinitionError("these experts do not give their widths")
        if ACTIVATION_SAVES.get(self.fn) != (True, False, 0):
            raise InvalidValueError(f"symparam derives what experts keep for activations that "
                                    f"keep their input alone (SiLU, GELU), not {self.fn}")
        tokens = batch * self.own_seq(seq)
        pairs = tokens * self.count_expr
        copied = many(tokens) * many(self.count_expr)  # the transposed scores' reshape
        return Saved.of((None, I64, tokens * self.active), (None, F32, pairs),
                        (None, ACT, pairs * copied), (None, CAST, pairs * (1 - copied)),
                        (None, ACT, pairs * (2 * self.outer + 4 * self.inner)))


class Llama4Attention(Attention):
    """Llama 4's attention: what a training step keeps besides the projections' inputs and
    the core's q, k, v and softmax (:class:`~symparam.blocks.Attention`, its own rotary
    tables left out). The rotary layers (``rotated`` of the ``total`` layers) multiply q and k,
    as complex numbers, by one complex table of frequencies the model makes once (complex64:
    s·d_head/2 of them, s·d_head fp32 numbers); with ``qk_norm`` their L2 norm keeps, for q and
    for k, its fp32 input and 1/rms of each head; the layers without rotary embeddings, with
    ``tuned`` (attn_temperature_tuning), keep the fp32 scale of each position their queries
    are multiplied by."""

    def __init__(self, *args: Any, rotated: Any = 1, total: Any = 1, qk_norm: bool = False,
                 tuned: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rotated, self.total = as_expr(rotated), as_expr(total)
        self.qk_norm, self.tuned = qk_norm, tuned

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        inner = self.own_seq(seq)
        rows = batch * inner
        share = self.rotated / self.total  # of the layers this attention is repeated over
        heads, kv_heads = self.heads, self.kv_heads
        assert heads is not None and kv_heads is not None
        items = [(FREQS_CIS, F32, inner * d_head * at_most_one(self.rotated))]
        if self.qk_norm:
            items += [(None, F32, rows * share * self.qk_width), (None, F32, rows * share * heads),
                      (None, F32, rows * share * self.qk_width / heads * kv_heads),
                      (None, F32, rows * share * kv_heads)]
        if self.tuned:
            items.append((None, F32, inner * (1 - share)))
        return super().saved(batch, seq, policy, view) | Saved.of(*items)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return merge((super().nonmatmul(batch, seq), self._own(batch, self.own_seq(seq))))

    def decoded_nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return merge((super().decoded_nonmatmul(batch, seq), self._own(batch, sympy.S.One)))

    def _own(self, batch: sympy.Expr, queries: sympy.Expr) -> dict[str, sympy.Expr]:
        """Its work besides the softmax and scaling, on ``queries`` tokens a sequence: the L2
        norms of q and k in the rotary layers (an RMSNorm without weight, x·rsqrt(mean(x²) +
        ε)), the temperature each query is multiplied by in the others; the complex rotary
        products are not counted, as no family's rotary embeddings are."""
        heads, kv_heads = self.heads, self.kv_heads
        assert heads is not None and kv_heads is not None
        rows, share = batch * queries, self.rotated / self.total
        out = {}
        if self.qk_norm:
            out["rmsnorm"] = rows * share * self.qk_width * (heads + kv_heads) / heads
        if self.tuned:
            out["temperature"] = rows * (1 - share) * self.qk_width
        return out


def gated(width: Any, **marks: Any) -> Sequential:
    gate, up = column(Linear(H, width, bias=False)), column(Linear(H, width, bias=False))
    same_tensor("MLP input", (gate, "input"), (up, "input"))
    return Sequential(kind="mlp", gate_proj=gate, up_proj=up,
                      down_proj=row(Linear(width, H, bias=False)),
                      activation_fn=Activation(width, gated=True, fn=marks.get("fn", "silu")))


def moe(options: Mapping[str, Any]) -> Sequential:
    """Experts, router and shared expert, registered in that order; the router and the shared
    expert read one tensor."""
    act = activation_of(options, "silu")
    router, shared = replicated(Linear(H, E, bias=False)), gated(d_moe, fn=act)
    same_tensor("MoE input", (router, "input"), (shared["gate_proj"], "input"),
                (shared["up_proj"], "input"), key=MOE_INPUT)
    return Sequential(
        experts=EveryTokenExperts(E, k, inner=d_moe, outer=H, fn=act,
                                  gate_up_proj=split(Tensor(E, H, 2 * d_moe), 2),
                                  down_proj=split(Tensor(E, d_moe, H), 1)),
        router=marked(router, "router"),
        routing=Elementwise(E, activation=1),  # the sigmoid of the kept logits
        shared_expert=marked(shared, "shared_experts"),
        shared_output=Residual(H),  # the experts' sum added to it
    )


def rotary_layers(options: Mapping[str, Any], rotary: bool | None) -> tuple[Any, Any]:
    """How many of the layers an attention is repeated over turn q and k, of how many: all or
    none for a layer that knows (``rotary``); else, of N, all but every ``rope_period``-th
    (layer i has no rotary embeddings where the period divides i + 1)."""
    if rotary is not None:
        return int(rotary), 1
    return N - sympy.floor(N / int(options["rope_period"]), evaluate=False), N


def attention(options: Mapping[str, Any], rotary: bool | None = None,
              chunked: bool | None = None, depth: int = 0) -> Attention:
    """Grouped-query attention; the layers that attend within chunks of W_chunk positions (the
    rotary ones, where a chunk size is given) keep W_chunk − 1 in their cache: all of this
    attention's copies or none for a layer that knows (``chunked``), else the share of the N
    layers (or of the ``depth`` a listed pattern gives) that do."""
    bias = bool(options["attention_bias"])
    q, k_, v = (column(Linear(H, width * d_head, bias=bias)) for width in (h, h_kv, h_kv))
    same_tensor("attention input", (q, "input"), (k_, "input"), (v, "input"))
    rotated, total = rotary_layers(options, rotary)
    return Llama4Attention(h * d_head, h * d_head, kv_cache=2 * h_kv * d_head, heads=h,
                           kv_heads=h_kv, masked=True, rotated=rotated, total=total,
                           qk_norm=bool(options["qk_norm"]),
                           tuned=bool(options["temperature_tuning"]),
                           **sliding(options, sympy.Integer(depth) or None, window=W_chunk,
                                     own=chunked),
                           q_proj=q, k_proj=k_, v_proj=v,
                           o_proj=row(Linear(h * d_head, H, bias=bias)))


def layer(options: Mapping[str, Any], sparse: bool, rotary: bool | None = None,
          chunked: bool | None = None, depth: int = 0) -> Sequential:
    """An MoE or dense layer, with rotary embeddings or without (``rotary``), attending in
    chunks or not (``chunked``), or, None, as many of the N layers as the periods give."""
    feed = moe(options) if sparse else gated(d_ff, fn=activation_of(options, "silu"))
    return Sequential(self_attn=attention(options, rotary, chunked, depth), feed_forward=feed,
                      input_layernorm=RMSNorm(H), post_attention_layernorm=RMSNorm(H),
                      residual=Residual(H, adds=2))


def chunked_at(options: Mapping[str, Any], i: int) -> bool:
    """Whether layer i attends in chunks: as ``window_layers`` lists, else by
    ``window_period`` (0 none, 1 every layer, p every layer but each p-th)."""
    listed, period = options["window_layers"], int(options["window_period"])
    if listed:
        return bool(listed[i])
    return period == 1 or (period > 1 and (i + 1) % period != 0)


def decoder_layers(options: Mapping[str, Any]) -> Block:
    """The N layers, each kind — MoE or dense, with rotary embeddings or without, attending
    in chunks or not — a layer of its own wherever the kinds interleave: by the listed
    patterns (MoE layers, rotary layers, chunked layers) where a file lists one, else by
    position modulo the periods (every ``sparse_step``-th layer MoE, every ``rope_period``-th
    without rotary, every ``window_period``-th not chunked). Where every layer is MoE and
    neither the MoE nor the rotary layers are listed, one layer N times, of which the
    periods' (or the chunked list's) share turn and attend in chunks."""
    pattern, listed, chunks = (options["layer_pattern"], options["rope_layers"],
                               options["window_layers"])
    step, period = int(options["sparse_step"]), int(options["rope_period"])
    windows = int(options["window_period"])
    if not pattern and not listed and step == 1:
        return Repeat(N, layer(options, True))
    if pattern or listed or chunks:
        depth = len(pattern or listed or chunks)
        sparse = pattern or tuple(int((i + 1) % step == 0) for i in range(depth))
        rotary = listed or tuple(int((i + 1) % period != 0) for i in range(depth))
        chunked = tuple(int(chunked_at(options, i)) for i in range(depth))
        kinds = tuple(zip(sparse, rotary, chunked, strict=True))
        made = {kind: layer(options, *map(bool, kind), depth=depth) for kind in set(kinds)}
        return Stack(*(Repeat(count, made[kind], start, stride)
                       for kind, start, count, stride in runs(kinds)))
    cycle = math.lcm(step, period, max(windows, 1))
    kinds = tuple(((r + 1) % step == 0, (r + 1) % period != 0, chunked_at(options, r))
                  for r in range(cycle))
    made = {kind: layer(options, *kind) for kind in set(kinds)}

    def every(n: int) -> Any:  # the layers i < N where n divides i + 1 (unevaluated floors)
        return N if n == 1 else sympy.floor(N / n, evaluate=False)

    # each kind's layers in one term: MoE (step | i + 1) and without rotary (period | i + 1),
    # where those two say which layers attend in chunks (chunked are the rotary ones, all or
    # none, as transformers' configs give them)
    sparse_nope = every(math.lcm(step, period))
    pairs = {(True, False): sparse_nope, (True, True): every(step) - sparse_nope,
             (False, False): every(period) - sparse_nope,
             (False, True): N - every(step) - every(period) + sparse_nope}
    totals = ({kind: pairs[kind[:2]] for kind in made}
              if len({kind[:2] for kind in made}) == len(made) else {})
    return Stack(*(Repeat(totals[kind] if kind in totals and kinds.count(kind) == 1 else
                          sympy.floor((N + cycle - 1 - r) / cycle, evaluate=False), made[kind],
                          r, cycle) for r, kind in enumerate(kinds)),
                 totals={block: totals[kind] for kind, block in made.items() if kind in totals})


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    return rmsnorm_decoder(architecture, decoder_layers(options), options)


FAMILY = Family(
    name="llama4",
    title="Llama 4",
    description="Llama 4's language model: MoE layers (a router's top k of E experts and a "
                "shared expert) interleaved with dense ones, NoPE layers, chunked attention",
    architectures={
        "Llama4ForCausalLM": "decoder with an LM head (untied by default)",
        "Llama4TextModel": "decoder without a head",
    },
    build=build,
    options=(
        tie_option(False),
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        Option("sparse_step", 1, "every s-th layer is an MoE layer, the others dense"),
        Option("layer_pattern", (), "1 for each MoE layer, 0 for each dense one (explicit "
               "list)"),
        Option("window_period", 0, "layers attending in chunks: 0 none, 1 all, p all but "
               "each p-th", variant=True),
        Option("window_layers", (), "1 for each layer that attends in chunks, 0 for each "
               "other (explicit list)", variant=True),
        variant("qk_norm", "an L2 norm (no weight) over each head of q and k in the rotary "
                "layers"),
        Option("rope_period", 4, "every p-th layer without rotary embeddings (no_rope_layer_"
               "interval)", variant=True),
        Option("rope_layers", (), "1 for each layer with rotary embeddings, 0 for each other "
               "(explicit list)", variant=True),
        Option("temperature_tuning", True, "the layers without rotary embeddings scale their "
               "queries by a temperature that grows with the position"),
        activation_option("silu"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=GROUPED_ROTARY_RULES,
)


def _listed(config: Reader, key: str) -> Any:
    present, value = config.lookup(key)
    return value if present else None


def _depth(config: Reader, prefix: str = "") -> int:
    key = prefix + "num_hidden_layers"
    depth = config.positive_int(key, config.given(key))
    if depth > MAX_LAYERS_LISTED:
        raise ConfigError(f"{config.where}: {depth} layers is more than symparam lists one by "
                          "one")
    return depth


@frozen
class MoeLayers(Rule):
    """The MoE layers one by one (1 for each) where a file lists ``moe_layers`` (indices;
    transformers makes layer i an MoE layer when i is listed), () where it does not (then
    every ``interleave_moe_layer_step``-th layer is)."""

    option: str
    prefix: str = ""  # a composite config's section ("text_config.")

    def reads(self) -> tuple[str, ...]:
        return (self.prefix + "moe_layers", self.prefix + "num_hidden_layers")

    def read(self, config: Reader) -> tuple[int, ...]:
        listed = _listed(config, self.prefix + "moe_layers")
        if listed is None:
            return ()
        if not isinstance(listed, list) or any(isinstance(i, bool) or not isinstance(i, int)
                                               for i in listed):
            raise ConfigError(f"{config.where}: {self.prefix}moe_layers must be a list of layer "
                              f"indices, got {quoted(listed)}")
        chosen = set(listed)
        return tuple(int(i in chosen) for i in range(_depth(config, self.prefix)))


def _rotary(config: Reader, prefix: str = "") -> list[bool] | None:
    """Each layer's rotary embeddings where ``no_rope_layers`` lists them (1: rotary), None
    where it does not (an empty list is none, as transformers reads it)."""
    listed = _listed(config, prefix + "no_rope_layers")
    if not listed:
        return None
    depth = _depth(config, prefix)
    if not isinstance(listed, list) or len(listed) < depth:
        raise ConfigError(f"{config.where}: {prefix}no_rope_layers must give each of the {depth} "
                          f"layers 1 (rotary) or 0 (no rotary), got {quoted(listed)}")
    return [bool(x) for x in listed[:depth]]


@frozen
class ChunkedPeriod(Rule):
    """Where no list says which layers attend in chunks: the rotary ones, all but every
    ``no_rope_layer_interval``-th (:func:`~symparam.architectures.common.sliding`'s period;
    0, none, where the interval is 1 or no chunk size is given)."""

    option: str
    prefix: str = ""

    def reads(self) -> tuple[str, ...]:
        return (self.prefix + "no_rope_layer_interval", self.prefix + "attention_chunk_size")

    def read(self, config: Reader) -> int:
        interval_key, chunk_key = self.reads()
        interval = config.positive_int(interval_key, config.given(interval_key))
        chunk = config.given(chunk_key)
        if chunk is None:
            return 0
        config.positive_int(chunk_key, chunk)
        return 0 if interval == 1 else interval


@frozen
class ChunkedLayers(Rule):
    """The layers that attend in chunks one by one (1 for each) where a file lists
    ``layer_types`` (each "chunked_attention") or ``no_rope_layers`` (transformers' default
    layer types chunk the rotary layers); () where neither is listed, or no chunk size given
    or no layer chunked (:class:`ChunkedPeriod` then says)."""

    option: str
    prefix: str = ""

    def reads(self) -> tuple[str, ...]:
        return tuple(self.prefix + k for k in ("layer_types", "no_rope_layers",
                                               "attention_chunk_size", "num_hidden_layers"))

    def read(self, config: Reader) -> tuple[int, ...]:
        types = _listed(config, self.prefix + "layer_types")
        rotary = _rotary(config, self.prefix)
        if types is not None:
            depth = _depth(config, self.prefix)
            if not isinstance(types, list) or len(types) != depth or not all(
                    t in ("chunked_attention", "full_attention") for t in types):
                raise ConfigError(f"{config.where}: {self.prefix}layer_types must name each "
                                  f"of the {depth} layers chunked_attention or "
                                  f"full_attention, got {quoted(types)}")
            found = [t == "chunked_attention" for t in types]
        elif rotary is not None:
            found = rotary
        else:
            return ()
        if config.given(self.prefix + "attention_chunk_size") is None:
            return ()
        return tuple(map(int, found)) if any(found) else ()


@frozen
class RotaryLayers(Rule):
    """The layers with rotary embeddings one by one (1 for each) where a file lists
    ``no_rope_layers``; () where it does not (``no_rope_layer_interval`` then says)."""

    option: str
    prefix: str = ""

    def reads(self) -> tuple[str, ...]:
        return (self.prefix + "no_rope_layers", self.prefix + "num_hidden_layers")

    def read(self, config: Reader) -> tuple[int, ...]:
        rotary = _rotary(config, self.prefix)
        return () if rotary is None else tuple(map(int, rotary))


def sizes(prefix: str = "") -> tuple[Size, ...]:
    """The language model's sizes, read from the keys under ``prefix`` (a composite config's
    ``text_config.``; none in a ``llama4_text`` file)."""
    p = prefix
    return (
        Size("N", p + "num_hidden_layers"), Size("V", p + "vocab_size", pads=True),
        Size("H", p + "hidden_size"), Size("h", p + "num_attention_heads"),
        Size("h_kv", p + "num_key_value_heads", null=KV_HEADS),
        Size("d_head", p + "head_dim",
             null=HeadSize(p + "hidden_size", p + "num_attention_heads")),
        Size("d_moe", p + "intermediate_size"), Size("d_ff", p + "intermediate_size_mlp"),
        Size("E", p + "num_local_experts"), Size("k", p + "num_experts_per_tok"),
        Size("W_chunk", p + "attention_chunk_size", null=Leave("no layer attends in chunks"),
             when=("window_period", "window_layers")),
    )


def rules(prefix: str = "") -> tuple[Rule, ...]:
    """The language model's options, read from the keys under ``prefix``."""
    p = prefix
    return (Flag("tie_word_embeddings", p + "tie_word_embeddings"),
            Flag("attention_bias", p + "attention_bias"),
            ActivationName("activation", p + "hidden_act", "silu"),
            Flag("qk_norm", p + "use_qk_norm"),
            Count("sparse_step", p + "interleave_moe_layer_step"),
            MoeLayers("layer_pattern", p), ChunkedPeriod("window_period", p),
            ChunkedLayers("window_layers", p),
            Count("rope_period", p + "no_rope_layer_interval"),
            RotaryLayers("rope_layers", p),
            Flag("temperature_tuning", p + "attn_temperature_tuning"))


SIZES = sizes()

MODEL_TYPES = (
    ModelType("llama4_text", FAMILY, base="Llama4TextModel",
              classes={"Llama4ForCausalLM": "Llama4ForCausalLM",
                       "Llama4TextModel": "Llama4TextModel"},
              sizes=SIZES, rules=rules()),
)
