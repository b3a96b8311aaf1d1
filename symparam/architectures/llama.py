"""A LLaMA-style decoder (Touvron et al. 2023), as transformers' ``LlamaModel`` builds it.

A token table (V×H) and no position table (rotary embeddings have no weights). Each of the N
blocks: RMSNorm; attention with h query heads and h_kv key/value heads of size d_head (grouped
query attention: q is H → h·d_head, k and v are H → h_kv·d_head, o is h·d_head → H), biases only
with ``attention_bias``; RMSNorm; a gated (SwiGLU) MLP with three matrices, gate and up
(H → d_ff) and down (d_ff → H), biases only with ``mlp_bias``. A final RMSNorm and an LM head
(V×H, no bias), untied by default. The default assumption is d_head = H/h; h_kv = h is available.
transformers requires h to divide H even when the head size is given explicitly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import tie_option, with_lm_head
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import Embedding, Linear, Repeat, RMSNorm, Sequential
from symparam.family import Divides, Family, Option
from symparam.symbols import H, N, V, d_ff, d_head, h, h_kv


def decoder_layer(attention_bias: bool, mlp_bias: bool) -> Sequential:
    return Sequential(
        self_attn=Sequential(
            q_proj=Linear(H, h * d_head, bias=attention_bias),
            k_proj=Linear(H, h_kv * d_head, bias=attention_bias),
            v_proj=Linear(H, h_kv * d_head, bias=attention_bias),
            o_proj=Linear(h * d_head, H, bias=attention_bias),
        ),
        mlp=Sequential(
            gate_proj=Linear(H, d_ff, bias=mlp_bias),
            up_proj=Linear(H, d_ff, bias=mlp_bias),
            down_proj=Linear(d_ff, H, bias=mlp_bias),
        ),
        input_layernorm=RMSNorm(H),
        post_attention_layernorm=RMSNorm(H),
    )


def llama_model(options: Mapping[str, Any]) -> Sequential:
    layer = decoder_layer(bool(options["attention_bias"]), bool(options["mlp_bias"]))
    return Sequential(embed_tokens=Embedding(V, H), layers=Repeat(N, layer), norm=RMSNorm(H))


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    body = llama_model(options)
    if architecture == "LlamaModel":
        return body
    return with_lm_head("model", body, body["embed_tokens"], options["tie_word_embeddings"])


FAMILY = Family(
    name="llama",
    title="LLaMA",
    description="LLaMA-style decoder: RMSNorm, SwiGLU MLP, grouped-query attention, rotary",
    architectures={
        "LlamaForCausalLM": "decoder with an LM head (untied by default)",
        "LlamaModel": "decoder without a head",
    },
    build=build,
    options=(
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        Option("mlp_bias", False, "biases on the gate, up and down projections"),
        tie_option(False),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(
        Divides(h_kv, h, "each key/value head serves a whole group of query heads"),
        Divides(h, H, "transformers requires it even when the head size is given"),
        Divides(sympy.Integer(2), d_head, "rotary embeddings rotate pairs of dimensions"),
    ),
    config_keys={
        "N": "num_hidden_layers",
        "V": "vocab_size",
        "H": "hidden_size",
        "d_ff": "intermediate_size",
        "h": "num_attention_heads",
        "h_kv": "num_key_value_heads",
        "d_head": "head_dim",
    },
)
