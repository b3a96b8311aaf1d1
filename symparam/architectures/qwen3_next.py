"""Qwen3-Next (Qwen team 2025): a hybrid of gated delta-net linear attention and gated full
attention, with a mixture of experts and a shared expert in every layer, as transformers'
``Qwen3NextModel`` builds it.

Three of every four layers (``full_attention_interval``, or a config's explicit
``layer_types``) mix tokens with a gated delta-net (``linear_attn``, Yang et al. 2024):
``in_proj_qkvz`` makes queries and keys (h_lk heads of d_lk), values and the output gate z
(h_lv heads of d_lv), ``in_proj_ba`` the update strength β and the decay's input a (one each
per value head); q, k and v pass through a causal depthwise convolution of width d_conv and a
SiLU. Each value head keeps a d_lk × d_lv state S, decayed by exp(g) — g =
−exp(A_log)·softplus(a + dt_bias), so ``A_log`` and ``dt_bias`` play the part of Mamba's A and
Δ — and corrected towards each new key's value by the delta rule, S ← exp(g)·S + β·k·(v −
Sᵀk)ᵀ; queries read it out. The output is normalised per head (an RMSNorm of d_lv with
weights), gated by SiLU(z) and mapped back by ``out_proj``. The other layers use full attention
with an output gate: ``q_proj`` makes the queries and, as wide again, a gate whose sigmoid
multiplies the attention's output before ``o_proj``; an RMSNorm over each head of q and k;
grouped key/value heads; rotary embeddings on a quarter of each head.

Every layer's feed-forward block is Qwen2-MoE's: a router over E experts of d_moe (k a token)
and a shared expert of d_sh behind a one-unit sigmoid gate; where ``decoder_sparse_step`` or
``mlp_only_layers`` says so (or with no experts), a dense gated MLP of d_ff. Token table, final
RMSNorm, LM head untied by default. A linear-attention layer keeps its state (and the last
d_conv inputs of its convolution), a full-attention layer keys and values for every token.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    MIXERS_ELEMENTS_UNCHECKED,
    QA_UNDER_TRANSFORMER,
    activation_of,
    activation_option,
    decoder_heads,
    rmsnorm_decoder,
    tie_option,
)
from symparam.architectures.interleave import listed, periodic
from symparam.architectures.llama import SILU, LlamaMLP, mlp
from symparam.architectures.moe import MoEMLP, SparseLayers, moe_mlp
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Elementwise,
    Linear,
    Residual,
    RMSNorm,
    Sequential,
    Tensor,
)
from symparam.blocks.sharding import (
    KEY_HEADS,
    KV_HEADS,
    QUERY_HEADS,
    column,
    laid_out,
    replicated,
    row,
    split,
)
from symparam.blocks.ssm import CausalConv1d, DeltaRule
from symparam.errors import ConfigError, quoted
from symparam.family import Divides, Family, Option
from symparam.frozen import frozen
from symparam.limits import MAX_LAYERS_LISTED
from symparam.modeltype import (
    Count,
    Flag,
    HeadSize,
    KeyPair,
    KeyRule,
    ModelType,
    NonZero,
    Reader,
    Size,
)
from symparam.modeltype import heads as class_heads
from symparam.symbols import H, d_conv, d_head, d_lk, d_lv, h, h_kv, h_lk, h_lv


def gated_delta_net() -> Any:
    """The gated delta-net mixer, in the order its forward pass runs, marked as
    Megatron-Core's GatedDeltaNet splits it over t tensor-parallel ranks
    (megatron/core/ssm/gated_delta_net.py): its one column-parallel in_proj of q, k, v, z, β
    and α, each part a t-th (transformers' in_proj_qkvz and in_proj_ba, laid out key head by
    key head: a rank's h_lk/t key heads and their value heads, whole key heads as its
    reshape to key_head_dim needs); the convolution's q, k and v channels, dt_bias and A_log
    a t-th (tensor_model_parallel); the gated norm over one value head (out_norm) whole;
    out_proj row-parallel."""
    key, value = h_lk * d_lk, h_lv * d_lv
    convolved = 2 * key + value  # q, k and v
    conv = CausalConv1d(convolved, d_conv, bias=False)
    laid_out(split(conv.weight, 0), h_lk, KEY_HEADS)
    return Sequential(
        kind="mixer",
        in_proj_qkvz=column(Linear(H, 2 * key + 2 * value, bias=False), units=h_lk,
                            unit=KEY_HEADS),
        in_proj_ba=column(Linear(H, 2 * h_lv, bias=False), units=h_lk, unit=KEY_HEADS),
        conv1d=conv,
        act=Activation(convolved),
        dt_bias=split(Tensor(h_lv), 0),
        A_log=split(Tensor(h_lv), 0),
        # a + dt_bias, its softplus (the decay g) and β = sigmoid(b), per value head
        gates=Elementwise(h_lv, bias=1, activation=2),
        delta_rule=DeltaRule(h_lv, d_lk, d_lv),
        norm=replicated(RMSNorm(d_lv, per_token=h_lv)),
        gate=Activation(value, gated=True),  # · SiLU(z)
        out_proj=row(Linear(value, H, bias=False)),
    )


def gated_attention(options: Mapping[str, Any]) -> Attention:
    """Full attention whose output a sigmoid gate (made by ``q_proj`` beside the queries)
    scales before ``o_proj``."""
    bias = bool(options["attention_bias"])
    # split by heads as Megatron splits attention, each head's gate with its query (q_proj's
    # output is (h, 2·d_head): a rank's h/t heads whole; Megatron-Core's attention_output_gate
    # puts each query group's gates in its linear_qkv output, split by query groups)
    return Attention(h * d_head, h * d_head, kv_cache=2 * h_kv * d_head, heads=h,
                     q_proj=column(Linear(H, 2 * h * d_head, bias=bias), units=h,
                                   unit=QUERY_HEADS),
                     k_proj=column(Linear(H, h_kv * d_head, bias=bias), units=h_kv,
                                   unit=KV_HEADS),
                     v_proj=column(Linear(H, h_kv * d_head, bias=bias), units=h_kv,
                                   unit=KV_HEADS),
                     o_proj=row(Linear(h * d_head, H, bias=bias)),
                     q_norm=RMSNorm(d_head, per_token=h), k_norm=RMSNorm(d_head, per_token=h_kv),
                     output_gate=Elementwise(h * d_head, activation=1, gate=1))


def layer(options: Mapping[str, Any], kind: tuple[bool, bool]) -> Sequential:
    full, sparse = kind
    mixes: dict[str, Block] = ({"self_attn": gated_attention(options)} if full
                               else {"linear_attn": gated_delta_net()})
    activation = activation_of(options, "silu")
    feed = moe_mlp(MoEMLP(shared_expert=True, norm_topk_prob=bool(options["norm_topk_prob"]),
                          activation=activation)) if sparse else \
        mlp(LlamaMLP(activation=activation))
    return Sequential(**mixes, mlp=feed, input_layernorm=RMSNorm(H),
                      post_attention_layernorm=RMSNorm(H), residual=Residual(H, adds=2))


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    attention, sparse = options["attention_pattern"], options["layer_pattern"]
    interval, step = int(options["full_attention_interval"]), int(options["sparse_step"])
    moe = bool(options["moe"])

    def kind(i: int) -> tuple[bool, bool]:
        full = bool(attention[i]) if attention else (i + 1) % interval == 0
        routed = bool(sparse[i]) if sparse else (i + 1) % step == 0
        return full, moe and routed

    if attention or sparse:
        pattern = [kind(i) for i in range(len(attention or sparse))]
        layers = listed(pattern, lambda k: layer(options, k))
    else:
        layers = periodic([kind(r) for r in range(math.lcm(interval, step))],
                          lambda k: layer(options, k))
    return rmsnorm_decoder(architecture, layers, options)


FAMILY = Family(
    name="qwen3_next",
    title="Qwen3-Next",
    description="Qwen3-Next: gated delta-net linear attention and gated full attention "
                "interleaved, experts and a shared expert",
    architectures={
        "Qwen3NextForCausalLM": "decoder with an LM head (untied by default)",
        "Qwen3NextModel": "decoder without a head",
        "Qwen3NextForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("Qwen3Next"),
    },
    build=build,
    options=(
        tie_option(False),
        QA_UNDER_TRANSFORMER,
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        Option("moe", True, "MoE layers (some experts)"),
        Option("norm_topk_prob", True, "the top k routing weights are renormalised"),
        activation_option("silu"),
        Option("full_attention_interval", 4, "every n-th layer has full attention, the others "
               "linear attention"),
        Option("attention_pattern", (), "1 for each full-attention layer, 0 for each "
               "linear-attention one (explicit list)"),
        Option("sparse_step", 1, "every s-th layer is an MoE layer, the others dense"),
        Option("layer_pattern", (), "1 for each MoE layer, 0 for each dense one (explicit "
               "list)"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(Divides(h_kv, h, "each key/value head serves a whole group of query heads"),
             Divides(h_lk, h_lv, "each query/key head of the linear attention serves a whole "
                     "group of value heads")),
    activations_checked=False,
    elements_unchecked=MIXERS_ELEMENTS_UNCHECKED,
)


#: the spellings transformers accepts in ``layer_types`` for the two kinds of mixer
_KINDS = {"linear_attention": 0, "mamba": 0, "full_attention": 1, "attention": 1}


@frozen
class AttentionLayers(KeyPair):
    """``layer_types``: 1 for each full-attention layer, 0 for each linear one; none (the
    interval decides) when it is null or absent. transformers refuses a list that is not one
    entry per layer; symparam refuses kinds Qwen3-Next builds no mixer for."""

    depth: str
    also = "depth"

    def read(self, config: Reader) -> tuple[int, ...]:
        present, listed_ = config.lookup(self.key)
        if not present or listed_ is None:
            return ()
        depth = config.positive_int(self.depth, config.given(self.depth))
        if not isinstance(listed_, list) or len(listed_) != depth or depth > MAX_LAYERS_LISTED:
            raise ConfigError(f"{config.where}: {self.key} must list one kind per layer "
                              f"({self.depth} = {depth})")
        wrong = [kind for kind in listed_ if not isinstance(kind, str) or kind not in _KINDS]
        if wrong:
            raise ConfigError(f"{config.where}: {self.key} holds {quoted(wrong[0])}; Qwen3-Next "
                              "layers are linear_attention or full_attention")
        return tuple(_KINDS[kind] for kind in listed_)


@frozen
class Interval(KeyRule):
    """``full_attention_interval``: read by transformers (4 when absent) only to make the
    layer kinds when a config gives no ``layer_types``."""

    default: int

    def read(self, config: Reader) -> int:
        present, value = config.lookup(self.key)
        return config.positive_int(self.key, value) if present else self.default


MODEL_TYPES = (
    ModelType("qwen3_next", FAMILY, base="Qwen3NextModel",
              classes=class_heads("Qwen3Next", "Qwen3Next", "ForCausalLM", "Model",
                                  "ForSequenceClassification", "ForTokenClassification",
                                  "ForQuestionAnswering"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
                     Size("H", "hidden_size"), Size("h", "num_attention_heads"),
                     Size("h_kv", "num_key_value_heads"),
                     Size("d_head", "head_dim",
                          null=HeadSize("hidden_size", "num_attention_heads")),
                     Size("d_ff", "intermediate_size"), Size("d_moe", "moe_intermediate_size"),
                     Size("d_sh", "shared_expert_intermediate_size"),
                     Size("E", "num_experts", zero_means_none=True),
                     Size("k", "num_experts_per_tok"),
                     Size("d_conv", "linear_conv_kernel_dim"),
                     Size("h_lk", "linear_num_key_heads"), Size("h_lv", "linear_num_value_heads"),
                     Size("d_lk", "linear_key_head_dim"), Size("d_lv", "linear_value_head_dim")),
              rules=(Flag("attention_bias"),
                     Flag("norm_topk_prob"), SILU, NonZero("moe", "num_experts"),
                     Interval("full_attention_interval", "full_attention_interval", 4),
                     AttentionLayers("attention_pattern", "layer_types", "num_hidden_layers"),
                     Count("sparse_step", "decoder_sparse_step"),
                     SparseLayers("layer_pattern", "mlp_only_layers", "decoder_sparse_step",
                                  "num_hidden_layers")),
              fixed={"qa_under_transformer": True}),
)
