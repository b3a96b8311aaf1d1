"""Jamba (Lieber et al. 2024, AI21): a hybrid of attention and Mamba layers with a mixture of
experts, as transformers' ``JambaModel`` builds it.

Each of the N layers mixes tokens by one of two means — attention (grouped-query, no biases and
no position embedding at all: the Mamba layers give the order) or a Mamba mixer (as in
:mod:`symparam.architectures.mamba`, with RMSNorms over Δ, B and C that have weights) — and then
applies a feed-forward block: a gated MLP (H → d_ff → H) or a mixture of E such MLPs, of which a
token's router picks k. Both patterns are periodic: layer i attends when i mod p_attn is the
attention offset (Jamba-v0.1: every 8th layer, from the 5th: 1 attention layer to 7 Mamba
layers) and is an MoE layer when i mod p_moe is the expert offset (every 2nd, from the 2nd), so
with any depth N the layers of each kind are counted with floors of N (⌊N/2⌋ MoE layers). With
one expert there is no MoE layer. Each layer has an RMSNorm before the mixer
(``input_layernorm``) and one before the feed-forward block (``pre_ff_layernorm``); the body
ends with ``final_layernorm``; the LM head is untied by default. An attention layer keeps keys
and values for every token, a Mamba layer only its state.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import MIXERS_ELEMENTS_UNCHECKED, decoder_class, tie_option
from symparam.architectures.deepseek import gated_mlp
from symparam.architectures.interleave import periodic
from symparam.architectures.mamba import DT_RANK, INNER_WIDTH, StepRank, mixer
from symparam.assumptions import HEAD_SIZE, KV_HEADS
from symparam.blocks import (
    Attention,
    Block,
    Elementwise,
    Embedding,
    Experts,
    Linear,
    Residual,
    RMSNorm,
    Sequential,
    Tensor,
    marked,
)
from symparam.errors import ConfigError, InvalidValueError, quoted
from symparam.family import Divides, Family, Option
from symparam.frozen import frozen
from symparam.modeltype import (
    Count,
    Flag,
    HeadSize,
    KeyPair,
    KeyRule,
    ModelType,
    Reader,
    Size,
    heads,
)
from symparam.symbols import E, H, V, d_ff, d_head, h, h_kv, k


def attention() -> Attention:
    """Grouped-query attention without biases or rotary embeddings."""
    return Attention(h * d_head, h * d_head, kv_cache=2 * h_kv * d_head, heads=h,
                     q_proj=Linear(H, h * d_head, bias=False),
                     k_proj=Linear(H, h_kv * d_head, bias=False),
                     v_proj=Linear(H, h_kv * d_head, bias=False),
                     o_proj=Linear(h * d_head, H, bias=False))


def moe() -> Sequential:
    """A router (softmax over its E logits) and E gated experts of d_ff, k of them a token."""
    return Sequential(router=marked(Linear(H, E, bias=False), "router"),
                      experts=Experts(E, k, inner=d_ff, outer=H,
                                      gate_up_proj=Tensor(E, 2 * d_ff, H),
                                      down_proj=Tensor(E, H, d_ff)),
                      routing=Elementwise(E, routing=1))


def layer(options: Mapping[str, Any], kind: tuple[bool, bool]) -> Sequential:
    attends, sparse = kind
    mixes: dict[str, Block] = ({"self_attn": attention()} if attends
                               else {"mamba": mixer(options, "weighted")})
    return Sequential(input_layernorm=RMSNorm(H), **mixes, pre_ff_layernorm=RMSNorm(H),
                      feed_forward=moe() if sparse else gated_mlp(d_ff),
                      residual=Residual(H, adds=2))


def kinds(options: Mapping[str, Any]) -> list[tuple[bool, bool]]:
    """Each layer's kind, (attention?, MoE?), over one period of both patterns."""
    attn, experts = int(options["attn_period"]), int(options["expert_period"])
    size = math.lcm(attn, experts)
    return [(r % attn == options["attn_offset"],
             bool(options["moe"]) and r % experts == options["expert_offset"])
            for r in range(size)]


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    for period, offset in (("attn_period", "attn_offset"), ("expert_period", "expert_offset")):
        if options[offset] >= options[period]:
            raise InvalidValueError(f"option {offset} = {options[offset]} must be below "
                                    f"{period} = {options[period]}")
    table = Embedding(V, H)
    body = Sequential(embed_tokens=table,
                      layers=periodic(kinds(options), lambda kind: layer(options, kind)),
                      final_layernorm=RMSNorm(H))
    return decoder_class(architecture, "model", body, table, options["tie_word_embeddings"])


FAMILY = Family(
    name="jamba",
    title="Jamba",
    description="Jamba: attention and Mamba layers interleaved, a mixture of experts every "
                "other layer",
    architectures={
        "JambaForCausalLM": "Jamba with an LM head (untied by default)",
        "JambaModel": "Jamba without a head",
        "JambaForSequenceClassification": "Jamba with a bias-free H → n_labels score",
    },
    build=build,
    options=(
        tie_option(False),
        Option("conv_bias", True, "a bias on the Mamba layers' convolution"),
        Option("proj_bias", False, "biases on the Mamba layers' in and out projections"),
        Option("moe", True, "MoE layers (more than one expert)"),
        Option("attn_period", 8, "one attention layer every p_attn layers"),
        Option("attn_offset", 4, "the first attention layer's index", minimum=0),
        Option("expert_period", 2, "one MoE layer every p_moe layers"),
        Option("expert_offset", 1, "the first MoE layer's index", minimum=0),
    ),
    assumptions=(HEAD_SIZE, INNER_WIDTH, DT_RANK),
    divides=(Divides(h_kv, h, "each key/value head serves a whole group of query heads"),),
    activations_checked=False,
    elements_unchecked=MIXERS_ELEMENTS_UNCHECKED,
)


@frozen
class Offset(KeyPair):
    """A layer offset within its period: 0 up to the period (transformers refuses more)."""

    period: str
    also = "period"

    def read(self, config: Reader) -> int:
        value, period = config.given(self.key), config.given(self.period)
        config.positive_int(self.period, period)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < period:
            raise ConfigError(f"{config.where}: {self.key} must be a layer offset from 0 to "
                              f"{self.period} − 1 = {period - 1}, got {quoted(value)}")
        return value


@frozen
class ManyExperts(KeyRule):
    """MoE layers only with more than one expert (``num_experts`` of 1: every layer dense)."""

    def read(self, config: Reader) -> bool:
        return config.positive_int(self.key, config.given(self.key)) > 1


MODEL_TYPES = (
    ModelType("jamba", FAMILY, base="JambaModel",
              classes=heads("Jamba", "Jamba", "ForCausalLM", "Model",
                            "ForSequenceClassification"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads"),
                     Size("h_kv", "num_key_value_heads", null=KV_HEADS),
                     Size("d_head", "head_dim",
                          null=HeadSize("hidden_size", "num_attention_heads")),
                     Size("E", "num_experts"), Size("k", "num_experts_per_tok"),
                     Size("e", "mamba_expand"), Size("d_state", "mamba_d_state"),
                     Size("d_conv", "mamba_d_conv"),
                     Size("r_dt", "mamba_dt_rank", computed=True,
                          null=StepRank("mamba_dt_rank"))),
              rules=(Flag("conv_bias", "mamba_conv_bias"),
                     Flag("proj_bias", "mamba_proj_bias"), ManyExperts("moe", "num_experts"),
                     Count("attn_period", "attn_layer_period"),
                     Offset("attn_offset", "attn_layer_offset", "attn_layer_period"),
                     Count("expert_period", "expert_layer_period"),
                     Offset("expert_offset", "expert_layer_offset", "expert_layer_period"))),
)

