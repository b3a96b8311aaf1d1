"""Mixture-of-experts decoders: Mixtral, Qwen2-MoE, Qwen3-MoE, gpt-oss, OLMoE and GraniteMoE, as
transformers 5 builds them.

The attention is LLaMA's (grouped-query, rotary; Qwen2's q/k/v biases, Qwen3's per-head q/k
norms, OLMoE's RMSNorm over all of q and of k, gpt-oss's biases everywhere and one learned
attention "sink" per head). The MLP of a sparse layer is a router (``gate``: H → E, no bias;
gpt-oss's ``router`` has one) and E experts, each a gated MLP H → d_moe → H stored as stacked
tensors (gpt-oss stores them transposed, with biases); GraniteMoE keeps them under
``block_sparse_moe`` and, like gpt-oss, takes the softmax of the router's top k logits only.
Qwen2-MoE adds a shared expert (H → d_sh → H) with a one-unit gate. A token passes
through the router, its top k experts and the shared expert: its active parameters count k of
the E experts.

Which layers are sparse: all of them by default; every ``sparse_step``-th layer (layer i when
s divides i + 1), the others dense LLaMA MLPs of size d_ff; or an explicit per-layer list
(``layer_pattern``, Qwen's ``mlp_only_layers``), where the depth is a number, not N.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import sympy

from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    QA_UNDER_TRANSFORMER,
    WINDOW_OPTIONS,
    activation_of,
    activation_option,
    decoder_heads,
    rmsnorm_decoder,
    sliding,
    tie_option,
    variant,
)
from symparam.architectures.interleave import runs
from symparam.architectures.llama import (
    SILU,
    WINDOW,
    LlamaAttention,
    LlamaMLP,
    attention,
    mlp,
    rms,
    windows,
)
from symparam.assumptions import HEAD_SIZE, KV_HEADS
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Elementwise,
    Embedding,
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
from symparam.blocks.moe import Routing
from symparam.blocks.saved import ACT, F32, same_tensor
from symparam.blocks.sharding import column, replicated, row, split
from symparam.errors import ConfigError
from symparam.family import Choice, Family, Option
from symparam.frozen import frozen
from symparam.inputs import Runnable
from symparam.limits import MAX_LAYERS_LISTED
from symparam.modeltype import Count, Flag, HeadSize, ModelType, Reader, Rule, Size, heads
from symparam.symbols import E, H, N, V, d_head, d_moe, d_sh, h, h_kv, k


@frozen
class MoEMLP:
    """The sparse MLP, by what differs between the types that build it (:meth:`of` reads it
    off this family's options; Qwen3-Next says its own): ``block_sparse``, experts under
    ``block_sparse_moe``, a softmax over the router's top k logits (GraniteMoE);
    ``expert_biases``, a router and experts with biases (gpt-oss); ``experts_first``, the
    experts registered before the router (Qwen3-MoE); ``shared_expert``, a shared expert with a
    one-unit gate (Qwen2-MoE, Qwen3-Next); ``norm_topk_prob``, Qwen's renormalised top k;
    ``activation`` by transformers' name."""

    block_sparse: bool = False
    expert_biases: bool = False
    experts_first: bool = False
    shared_expert: bool = False
    norm_topk_prob: bool = False
    activation: str = "silu"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> MoEMLP:
        return cls(block_sparse=bool(options.get("block_sparse_moe")),
                   expert_biases=bool(options["expert_biases"]),
                   experts_first=bool(options["experts_first"]),
                   shared_expert=bool(options["shared_expert"]),
                   norm_topk_prob=bool(options["norm_topk_prob"]),
                   activation=activation_of(options, "silu"))


def moe_mlp(layout: MoEMLP) -> Sequential:
    act = layout.activation
    if layout.block_sparse:  # GraniteMoE: router first, softmax of its top k
        return Sequential(router=replicated(marked(Linear(H, E, bias=False), "router")),
                          experts=Experts(E, k, inner=d_moe, outer=H, fn=act,
                                          gate_up_proj=split(Tensor(E, 2 * d_moe, H), 1),
                                          down_proj=split(Tensor(E, H, d_moe), 2)),
                          routing=Elementwise(k, routing=1))
    if layout.expert_biases:  # gpt-oss: a router with bias, transposed experts with biases
        experts = Experts(E, k, inner=d_moe, outer=H, clamped=True,
                          gate_up_proj=split(Tensor(E, H, 2 * d_moe), 2),
                          gate_up_proj_bias=split(Tensor(E, 2 * d_moe), 1),
                          down_proj=split(Tensor(E, d_moe, H), 1),
                          down_proj_bias=replicated(Tensor(E, H)))
        experts.weights = ACT  # its softmax stays in the model's dtype
        # the softmax runs over the router's top k logits only
        return Sequential(router=replicated(marked(Linear(H, E), "router")), experts=experts,
                          routing=Routing(k, "top_softmax", E, k, routing=1))
    experts = Experts(E, k, inner=d_moe, outer=H, fn=act,
                      gate_up_proj=split(Tensor(E, 2 * d_moe, H), 1),
                      down_proj=split(Tensor(E, H, d_moe), 2))
    # Mixtral keeps the routing weights in fp32, Qwen casts them back to the model's dtype
    experts.weights = ACT if layout.shared_expert or layout.experts_first else F32
    gate = replicated(marked(Linear(H, E, bias=False), "router"))
    parts: dict[str, Block] = (
        {"experts": experts, "gate": gate} if layout.experts_first
        else {"gate": gate, "experts": experts}
    )
    # the softmax over the router's E logits; Mixtral renormalises the top k always, Qwen where
    # norm_topk_prob says so
    renorm = not (layout.shared_expert or layout.experts_first) or layout.norm_topk_prob
    parts["routing"] = Routing(E, "softmax", E, k, renorm=renorm, routing=1)
    if layout.shared_expert:  # it reads what the router reads, as does its gate
        shared_gate = column(Linear(H, d_sh, bias=False))
        shared_up = column(Linear(H, d_sh, bias=False))
        shared_gating = replicated(Linear(H, 1, bias=False))
        same_tensor("MLP input", (gate, "input"), (shared_gate, "input"), (shared_up, "input"),
                    (shared_gating, "input"))
        parts["shared_expert"] = Sequential(
            kind="shared_experts", gate_proj=shared_gate, up_proj=shared_up,
            down_proj=row(Linear(d_sh, H, bias=False)), act_fn=Activation(d_sh, gated=True, fn=act),
        )
        parts["shared_expert_gate"] = marked(shared_gating, "shared_experts")
        # its sigmoid keeps its output, the product keeps the shared expert's output
        parts["shared_gating"] = Elementwise(1, keeps=1, activation=1)
        parts["shared_output"] = Elementwise(H, keeps=1, gate=1, add=1)
    return Sequential(**parts)


def decoder_layer(options: Mapping[str, Any], sparse: bool) -> Sequential:
    attn: Block = attention(LlamaAttention(
        bias=bool(options["attention_bias"]), qkv_bias=bool(options["qkv_bias"]),
        qk_norm=options["qk_norm"], norm=options["norm"],
        window_period=options["window_period"], window_layers=options["window_layers"]))
    if options["sinks"]:  # gpt-oss: its rotary tables are half a head wide
        attn = Attention(h * d_head, h * d_head, kv_cache=2 * h_kv * d_head, heads=h, sink=True,
                         kv_heads=h_kv, rotary=d_head / 2, masked=True, **sliding(options),
                         sinks=split(Tensor(h), 0), **dict(attn.children()))
    feed = "block_sparse_moe" if options["block_sparse_moe"] else "mlp"
    return Sequential(
        self_attn=attn,
        **{feed: moe_mlp(MoEMLP.of(options)) if sparse else
           mlp(LlamaMLP(activation=activation_of(options, "silu")))},
        residual=Residual(H, adds=2),
        input_layernorm=RMSNorm(H, impl=rms(options["norm"])),
        post_attention_layernorm=RMSNorm(H, impl=rms(options["norm"])),
    )


def layers(options: Mapping[str, Any],
           make: Callable[[Mapping[str, Any], bool], Block] | None = None) -> Block:
    """The N layers, sparse as ``layer_pattern`` or ``sparse_step`` says; ``make`` builds a
    layer (sparse or not) where a family's layer is not this module's (Llama 4's)."""
    decoder_layer_ = make or decoder_layer
    pattern = options["layer_pattern"]
    if pattern:
        layer = {kind: decoder_layer_(options, bool(kind)) for kind in set(pattern)}
        return Stack(*(Repeat(count, layer[kind], start, stride)
                       for kind, start, count, stride in runs(pattern)))
    step = int(options["sparse_step"])
    if step == 1:
        return Repeat(N, decoder_layer_(options, True))
    # unevaluated floors: sympy's evaluation of each costs milliseconds, and there are s; one
    # dense layer for every position of the step, so that they are one part (Runs)
    dense_layer = decoder_layer_(options, False)
    dense = [Repeat(sympy.floor((N - 1 - r) / step, evaluate=False) + 1, dense_layer, r, step)
             for r in range(step - 1)]
    sparse_count = sympy.floor(N / step, evaluate=False)
    sparse = Repeat(sparse_count, decoder_layer_(options, True), step - 1, step)
    return Stack(*dense, sparse, totals={dense_layer: N - sparse_count})


def text_model(settings: Mapping[str, Any]) -> Sequential:
    """A vision–language model's language model as this family builds its decoder (token
    table, N layers, final norm): ``settings`` are the MoE options it sets, the family's
    defaults the others (an unknown name refused), as :func:`llama.text_model`."""
    options = FAMILY.resolve_options(settings)
    return Sequential(embed_tokens=Embedding(V, H), layers=layers(options),
                      norm=RMSNorm(H, impl=rms(options["norm"])))


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    return rmsnorm_decoder(architecture, layers(options), options,
                           norm=RMSNorm(H, impl=rms(options["norm"])))



FAMILY = Family(
    name="moe",
    title="MoE decoder",
    description="mixture-of-experts decoder (Mixtral, Qwen-MoE, gpt-oss, OLMoE, GraniteMoE): k of "
                "E experts a token",
    architectures={
        "MoEForCausalLM": "decoder with an LM head (untied by default)",
        "MoEModel": "decoder without a head",
        "MoEForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("MoE"),
    },
    build=build,
    options=(
        tie_option(False),
        QA_UNDER_TRANSFORMER,
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        Option("sparse_step", 1, "every s-th layer is an MoE layer, the others dense"),
        Option("layer_pattern", (), "1 for each MoE layer, 0 for each dense one (explicit list)"),
        variant("qkv_bias", "biases on q, k and v only (Qwen2-MoE)"),
        Choice("qk_norm", "none", "the norm over q and k: none; per_head, an RMSNorm over each "
               "head (Qwen3-MoE); full, an RMSNorm over all of q and of k (OLMoE)",
               values=("none", "per_head", "full"),
               aliases={"qk_norm_per_head": "per_head", "qk_norm_full": "full"}),
        variant("block_sparse_moe", "experts under block_sparse_moe, a softmax over the "
                "router's top k logits (GraniteMoE)"),
        variant("experts_first", "experts registered before the router (Qwen3-MoE)"),
        variant("shared_expert", "a shared expert with a one-unit gate (Qwen2-MoE)"),
        variant("sinks", "one learned attention sink per head (gpt-oss)"),
        variant("expert_biases", "a router with bias and experts with biases (gpt-oss)"),
        *WINDOW_OPTIONS,
        activation_option("silu"),
        Option("norm_topk_prob", False, "Qwen-MoE renormalises its top k routing weights"),
        Choice("norm", "rms", "the RMSNorm: rms, LLaMA's; rms_olmo2, one that multiplies its "
               "weight in fp32 (gpt-oss)", values=("rms", "rms_olmo2"),
               aliases={"olmo2_norm": "rms_olmo2"}),
    ),
    assumptions=(HEAD_SIZE,),
    divides=GROUPED_ROTARY_RULES,
    unchecked_layouts=(("block_sparse_moe", True), ("qk_norm", "full")),
)


@frozen
class SparseLayers(Rule):
    """Qwen-MoE: layer i is sparse when the step divides i + 1 and it is not listed in
    ``mlp_only_layers`` (an explicit per-layer pattern; none when the list is empty)."""

    option: str
    key: str
    step: str
    depth: str

    def reads(self) -> tuple[str, ...]:
        return (self.key, self.step, self.depth)

    def read(self, config: Reader) -> tuple[int, ...]:
        present, listed = config.lookup(self.key)
        if not present or listed is None or listed == []:
            return ()
        if not isinstance(listed, list) or any(
            isinstance(i, bool) or not isinstance(i, int) for i in listed
        ):
            raise ConfigError(f"{config.where}: {self.key} must be a list of layer indices")
        step = config.positive_int(self.step, config.given(self.step))
        depth = config.positive_int(self.depth, config.given(self.depth))
        if depth > MAX_LAYERS_LISTED:
            raise ConfigError(f"{config.where}: {depth} layers is more than symparam lists "
                              "one by one")
        skip = set(listed)
        return tuple(int(i not in skip and (i + 1) % step == 0) for i in range(depth))


@frozen
class HiddenNorms(Rule):
    """OLMoE's q norm spans the hidden size, its k norm h_kv·(H // h): transformers builds them
    whatever the heads, but runs them only where h heads of ``head_dim`` make H, so a file
    where they do not is refused rather than counted as a model that does not run."""

    option: str

    def reads(self) -> tuple[str, ...]:
        return ("head_dim", "hidden_size", "num_attention_heads")

    def read(self, config: Reader) -> bool:
        hidden = config.positive_int("hidden_size", config.given("hidden_size"))
        count = config.positive_int("num_attention_heads", config.given("num_attention_heads"))
        present, head = config.lookup("head_dim")
        head = config.positive_int("head_dim", head) if present else hidden // count
        if head * count != hidden:
            raise ConfigError(f"{config.where}: OLMoE normalises all of q over hidden_size = "
                              f"{hidden}, but its {count} heads of {head} make {head * count}; "
                              "transformers cannot run that model")
        return True


_ATTENTION = (
    Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True), Size("H", "hidden_size"),
    Size("h", "num_attention_heads"), Size("h_kv", "num_key_value_heads", null=KV_HEADS),
    Size("d_head", "head_dim", null=HeadSize("hidden_size", "num_attention_heads")),
)
_QWEN_LAYERS = (Count("sparse_step", "decoder_sparse_step"),
                SparseLayers("layer_pattern", "mlp_only_layers", "decoder_sparse_step",
                             "num_hidden_layers"))

#: the experts as Mixtral's config names them
_EXPERTS = (Size("d_moe", "intermediate_size"), Size("E", "num_local_experts"),
            Size("k", "num_experts_per_tok"))
#: biases on the attention, as most MoE configs say (besides the tied head)
_ATTENTION_BIAS = Flag("attention_bias")
_BARE = ("ForSequenceClassification", "ForTokenClassification", "ForQuestionAnswering")

#: Mixtral; the other types extend it by what differs
MIXTRAL = ModelType("mixtral", FAMILY, base="MixtralModel",
                    classes=heads("Mixtral", "MoE", "ForCausalLM", "Model",
                                  "ForSequenceClassification", "ForTokenClassification",
                                  "ForQuestionAnswering"),
                    sizes=(*_ATTENTION, *_EXPERTS, WINDOW),
                    rules=(*windows(), SILU))

MODEL_TYPES = (
    MIXTRAL,
    # its attention divides by num_key_value_heads as written: null is no "h_kv = h" here
    MIXTRAL.extend("qwen2_moe", "Qwen2Moe",
                   sizes=(*_ATTENTION[:4], Size("h_kv", "num_key_value_heads"), _ATTENTION[5],
                          Size("d_ff", "intermediate_size"),
                          Size("d_moe", "moe_intermediate_size"),
                          Size("d_sh", "shared_expert_intermediate_size"),
                          Size("E", "num_experts"), Size("k", "num_experts_per_tok")),
                   rules=(Flag("qkv_bias"), *_QWEN_LAYERS, SILU,
                          Flag("norm_topk_prob")),
                   fixed={"shared_expert": True}),
    MIXTRAL.extend("qwen3_moe", "Qwen3Moe",
                   sizes=(*_ATTENTION, Size("d_ff", "intermediate_size"),
                          Size("d_moe", "moe_intermediate_size"), *_EXPERTS[1:]),
                   rules=(_ATTENTION_BIAS, *_QWEN_LAYERS, SILU, Flag("norm_topk_prob")),
                   fixed={"qk_norm": "per_head", "experts_first": True,
                          "qa_under_transformer": True}),
    MIXTRAL.extend("gpt_oss", "GptOss", without=_BARE[2:],
                   rules=(_ATTENTION_BIAS, *windows(2)),
                   fixed={"sinks": True, "expert_biases": True, "norm": "rms_olmo2"},
                   runnable=Runnable(window_needed=True)),
    MIXTRAL.extend("olmoe", "Olmoe", without=_BARE,
                   sizes=(*_ATTENTION, _EXPERTS[0], Size("E", "num_experts"), _EXPERTS[2]),
                   rules=(_ATTENTION_BIAS, HiddenNorms("qk_norm_full")),
                   runnable=Runnable(heads_split_hidden=True)),
    MIXTRAL.extend("granitemoe", "GraniteMoe", without=_BARE,
                   sizes=(*_ATTENTION, *_EXPERTS), rules=(_ATTENTION_BIAS,),
                   fixed={"block_sparse_moe": True}),
)
