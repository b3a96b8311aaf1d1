"""DeepSeek-V2 and DeepSeek-V3 (DeepSeek-AI 2024): multi-head latent attention and a mixture
of experts.

Multi-head latent attention (MLA) compresses what attention stores. Queries: H → r_q (with a
norm) → h·(d_nope + d_rope), or H → h·(d_nope + d_rope) directly without a query rank
(``q_lora``). Keys and values: H → r_kv + d_rope (the rotary part of the key is shared by all
heads), a norm over r_kv, then r_kv → h·(d_nope + d_v). The output maps h·d_v → H. Biases on the
input and output projections only with ``attention_bias``.

The first N_dense layers have a dense gated MLP (H → d_ff → H); the other N − N_dense layers an
MoE: a router (E × H), E routed experts of size d_moe stored as stacked tensors, and E_sh shared
experts fused into one MLP of size E_sh·d_moe. A token uses the router, k routed experts and the
shared experts. The router's score-correction bias is a buffer, not a parameter. The LM head is
untied by default.

DeepSeek-V2 routes with a softmax over the E logits (V3: a sigmoid, with the correction bias
steering the choice), keeps every layer sparse unless ``first_k_dense_replace`` says otherwise,
and puts biases on its dense MLP and shared experts with ``mlp_bias``.

GLM-4.5 (``glm4_moe``, Zhipu AI 2025) keeps DeepSeek-V3's layers (the first N_dense dense,
then the sigmoid router over groups of experts, the routed and the shared experts) with
grouped-query attention in place of latent attention (``grouped_attention``): q is
H → h·d_head, k and v H → h_kv·d_head, biases on q, k and v only with ``attention_bias``, o
h·d_head → H without one; an RMSNorm over each head of q and of k with ``use_qk_norm``;
rotary embeddings turn d_rot of each head's d_head (half, by default).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    activation_of,
    activation_option,
    decoder_heads,
    rmsnorm_decoder,
    tie_option,
    variant,
)
from symparam.architectures.llama import SILU, LlamaAttention, attention, rotated
from symparam.blocks import (
    Activation,
    Attention,
    Block,
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
from symparam.blocks.saved import Key, same_tensor
from symparam.blocks.sharding import column, replicated, row, split
from symparam.errors import ConfigError
from symparam.family import Divides, Family, Option
from symparam.frozen import frozen
from symparam.inputs import Runnable
from symparam.modeltype import (
    Flag,
    FloorHeadSize,
    Leave,
    ModelType,
    NonZero,
    Reader,
    Rule,
    SetSize,
    Size,
    heads,
)
from symparam.symbols import (
    E,
    E_g,
    E_sh,
    H,
    N,
    N_dense,
    d_ff,
    d_moe,
    d_nope,
    d_rope,
    d_v,
    h,
    h_kv,
    k,
    k_g,
    r_kv,
    r_q,
)


def gated_mlp(width: Any, reads: Key | None = None, activation: str = "silu",
              bias: bool = False) -> Sequential:
    """A gated MLP; ``reads``: the tensor its gate and up projections read, where the router
    reads it too; ``bias``: biases on its three projections (DeepSeek-V2's ``mlp_bias``)."""
    gate, up = column(Linear(H, width, bias=bias)), column(Linear(H, width, bias=bias))
    same_tensor("MLP input", (gate, "input"), (up, "input"), key=reads)
    return Sequential(kind="mlp", gate_proj=gate, up_proj=up,
                      down_proj=row(Linear(width, H, bias=bias)),
                      act_fn=Activation(width, gated=True, fn=activation))


def latent_attention(options: Mapping[str, Any]) -> Attention:
    """Multi-head latent attention. For what a training step keeps: the queries and keys are
    made anew (rotary part concatenated), the values come as a slice of kv_b_proj's output
    laid out per head; kv_a_layernorm normalises a slice of kv_a_proj_with_mqa's output (the
    rotary key is the rest).

    Under tensor parallelism (Megatron-LM's MLA; transformers' DeepSeek-V2 tp_plan) the down
    projections to the latents (q_a_proj, kv_a_proj_with_mqa) and their norms are replicated,
    every rank computing the whole latent and the shared rotary key; the up projections
    (q_proj or q_b_proj, kv_b_proj), laid out head by head, are column-parallel, each rank
    h/t whole heads; o_proj is row-parallel."""
    bias = bool(options["attention_bias"])
    parts: dict[str, Block] = {}
    first = replicated(Linear(H, r_q, bias=bias)) if options["q_lora"] else \
        column(Linear(H, h * (d_nope + d_rope), bias=False), units=h)
    kv_a = replicated(Linear(H, r_kv + d_rope, bias=bias))
    same_tensor("attention input", (first, "input"), (kv_a, "input"))
    if options["q_lora"]:
        parts.update(q_a_proj=first, q_a_layernorm=RMSNorm(r_q),
                     q_b_proj=column(Linear(r_q, h * (d_nope + d_rope), bias=False), units=h))
    else:
        parts["q_proj"] = first
    parts.update(
        kv_a_proj_with_mqa=kv_a,
        kv_a_layernorm=RMSNorm(r_kv, slice_of=r_kv + d_rope),
        kv_b_proj=column(Linear(r_kv, h * (d_nope + d_v), bias=False), units=h),
        o_proj=row(Linear(h * d_v, H, bias=bias)),
    )
    values = {"v": (Key("kv_b_proj output"), h * (d_nope + d_v))}
    # at decoding, transformers expands the cached latents into keys and values with kv_b_proj
    # every step; absorbed, its halves fold into the query and the output and the products
    # run on the latent (h heads of r_kv + d_rope against keys, r_kv of values)
    made = Attention(h * (d_nope + d_rope), h * d_v, kv_cache=r_kv + d_rope, heads=h,
                     rotary=d_rope, views=values, interleaved=True, softmax_fp32=True,
                     masked=True, expanded=("kv_b_proj",),
                     absorbed=(h * (r_kv + d_rope), h * r_kv), **parts)
    # the heads' split part reads three tensors whole: the query's latent (or the hidden
    # state), the key/value latent and the shared rotary key (Megatron-Core gathers these
    # three under sequence parallelism: transformer/multi_latent_attention.py)
    made.split_reads = (r_q if options["q_lora"] else H, r_kv, d_rope)
    return made


def grouped_attention(options: Mapping[str, Any]) -> Attention:
    """GLM-4.5's attention: LLaMA's grouped-query attention with biases on q, k and v only,
    per-head q/k norms where the type has them, rotary embeddings over d_rot of each head."""
    return attention(LlamaAttention(
        qkv_bias=bool(options["attention_bias"]), partial_rotary=True,
        qk_norm="per_head" if options["qk_norm_per_head"] else "none"))


def moe(options: Mapping[str, Any]) -> Sequential:
    """The routed experts, their router and the shared experts, which read what the router
    reads (the router an fp32 copy of it, in a 16-bit model: :data:`ROUTER_INPUT`)."""
    act = activation_of(options, "silu")
    gate = replicated(marked(Linear(H, E, bias=False), "router"))
    gate.input_key = ROUTER_INPUT
    gate.upcast = True
    return Sequential(
        experts=Experts(E, k, inner=d_moe, outer=H, fn=act,
                        gate_up_proj=split(Tensor(E, 2 * d_moe, H), 1),
                        down_proj=split(Tensor(E, H, d_moe), 2)),
        gate=gate,
        routing=routing(options),
        shared_experts=marked(gated_mlp(E_sh * d_moe, ROUTER_INPUT, act,
                                        bool(options["mlp_bias"])), "shared_experts"),
        shared_output=Residual(H),  # added to the routed experts' output
    )


def routing(options: Mapping[str, Any]) -> Routing:
    """V3: the router's sigmoid over its E logits (its correction bias only steers the choice),
    the best groups of experts, the top k of their experts; V2: a softmax over the E logits and
    its top k, scaled, not renormalised."""
    if options["softmax_routing"]:
        return Routing(E, "softmax", E, k, routing=1)
    return Routing(E, "grouped", E, k, renorm=bool(options["norm_topk_prob"]),
                   groups=E_g, chosen=k_g, activation=1)


#: the MoE's input, which the router and the shared experts read
ROUTER_INPUT = Key("MoE input")


def layer(options: Mapping[str, Any], sparse: bool) -> Sequential:
    dense = gated_mlp(d_ff, activation=activation_of(options, "silu"),
                      bias=bool(options["mlp_bias"]))
    attn = grouped_attention(options) if options["grouped_attention"] else \
        latent_attention(options)
    return Sequential(self_attn=attn, mlp=moe(options) if sparse else dense,
                      input_layernorm=RMSNorm(H), post_attention_layernorm=RMSNorm(H),
                      residual=Residual(H, adds=2))


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    layers: Block = Repeat(N, layer(options, True))
    if options["dense_first"]:
        layers = Stack(Repeat(N_dense, layer(options, False)),
                       Repeat(N - N_dense, layer(options, True), start=N_dense))
    return rmsnorm_decoder(architecture, layers, options)


FAMILY = Family(
    name="deepseek",
    title="DeepSeek",
    description="DeepSeek-V2/V3: latent attention, first layers dense, then routed + shared "
                "experts",
    architectures={
        "DeepseekV3ForCausalLM": "decoder with an LM head (untied by default)",
        "DeepseekV3Model": "decoder without a head",
        "DeepseekV3ForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("DeepseekV3", qa=False),
    },
    build=build,
    options=(
        tie_option(False),
        Option("attention_bias", False, "biases on the input and output projections"),
        Option("q_lora", True, "queries pass through the rank-r_q compression"),
        Option("dense_first", True, "the first N_dense layers are dense"),
        Option("norm_topk_prob", True, "the top k routing weights are renormalised"),
        activation_option("silu"),
        Option("mlp_bias", False, "biases on the dense MLP's and the shared experts' "
               "projections"),
        variant("softmax_routing", "a softmax over the router's E logits, not a sigmoid "
                "(DeepSeek-V2)"),
        variant("grouped_attention", "grouped-query attention with partial rotary embeddings, "
                "not latent attention (GLM-4.5)"),
        variant("qk_norm_per_head", "RMSNorm over each head of q and k (GLM-4.5's "
                "use_qk_norm)"),
    ),
    at_most=(("N_dense", "N", "the dense layers are among the N layers"),),
    runs_if_at_most=(("k_g", "E_g", "a token's experts come from k_g of the E_g groups"),),
    # transformers builds any E_g, but its router views the E logits as E_g groups of E/E_g
    divides=(Divides(E_g, E, "the router splits the routed experts into groups of equal size",
                     where_built=True, to_run=True),
             # GLM-4.5's grouped heads (its rotary embeddings turn d_rot, whatever d_head is):
             # only where the tree has h_kv, not under latent attention (DeepSeek's pages had
             # an h_kv input that no key of theirs sets and no count reads)
             Divides(h_kv, h, GROUPED_ROTARY_RULES[0].reason, where_built=True)),
    unchecked_layouts=(("softmax_routing", True),),
)


@frozen
class SoftmaxRouter(Rule):
    """DeepSeek-V2's router takes a softmax; its config refuses heads that do not split the
    hidden size (as transformers' validation does)."""

    option: str

    def reads(self) -> tuple[str, ...]:
        return ("hidden_size", "num_attention_heads")

    def read(self, config: Reader) -> bool:
        hidden = config.positive_int("hidden_size", config.given("hidden_size"))
        count = config.positive_int("num_attention_heads", config.given("num_attention_heads"))
        if hidden % count:
            raise ConfigError(f"{config.where}: num_attention_heads = {count} does not divide "
                              f"hidden_size = {hidden}; transformers refuses that config")
        return True


_SIZES = (Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
          Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
          Size("h", "num_attention_heads"), Size("E", "n_routed_experts"),
          Size("k", "num_experts_per_tok"), Size("d_moe", "moe_intermediate_size"),
          Size("E_sh", "n_shared_experts"),
          Size("N_dense", "first_k_dense_replace", zero_means_none=True),
          Size("r_q", "q_lora_rank", null=Leave("queries are not compressed")),
          Size("r_kv", "kv_lora_rank"), Size("d_rope", "qk_rope_head_dim"),
          Size("d_nope", "qk_nope_head_dim"), Size("d_v", "v_head_dim"))
_RULES = (Flag("attention_bias"), SILU,
          SetSize("q_lora", "q_lora_rank"), NonZero("dense_first", "first_k_dense_replace"))

#: DeepSeek-V3; V2 and GLM-4.5 extend it by what differs
DEEPSEEK_V3 = ModelType("deepseek_v3", FAMILY, base="DeepseekV3Model",
                        classes=heads("DeepseekV3", "DeepseekV3", "ForCausalLM", "Model",
                                      "ForSequenceClassification", "ForTokenClassification"),
                        sizes=(*_SIZES[:10], Size("E_g", "n_group"), Size("k_g", "topk_group"),
                               *_SIZES[10:]),
                        rules=(*_RULES, Flag("norm_topk_prob", null_is_false=True)))

MODEL_TYPES = (
    DEEPSEEK_V3.extend(
        "deepseek_v2", "DeepseekV2", without=("ForTokenClassification",),
        # a null top k leaves k unbound: the total is counted, the active share is not
        sizes=(*_SIZES[:6], Size("k", "num_experts_per_tok", null=Leave("no top k")),
               *_SIZES[7:]),
        rules=(*_RULES, Flag("mlp_bias"), SoftmaxRouter("softmax_routing"))),
    DEEPSEEK_V3,
    # GLM-4.5: DeepSeek-V3's layers, grouped-query attention; head_dim is read with
    # getattr(config, "head_dim", H // h): a file may give it, its config class defines none
    DEEPSEEK_V3.extend(
        "glm4_moe", "Glm4Moe", without=("ForSequenceClassification", "ForTokenClassification"),
        sizes=(*_SIZES[:5], Size("h_kv", "num_key_value_heads"),
               Size("d_head", "head_dim",
                    null=FloorHeadSize("hidden_size", "num_attention_heads")),
               *_SIZES[5:10], Size("E_g", "n_group"), Size("k_g", "topk_group"),
               rotated(0.5)),
        rules=(Flag("attention_bias"), SILU,
               NonZero("dense_first", "first_k_dense_replace"),
               Flag("norm_topk_prob", null_is_false=True),
               Flag("qk_norm_per_head", "use_qk_norm")),
        fixed={"grouped_attention": True, "q_lora": False},
        runnable=Runnable(head_multiple=4)),
)
