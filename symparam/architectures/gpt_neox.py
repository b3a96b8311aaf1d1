"""GPT-NeoX (Black et al. 2022; Pythia), as transformers' ``GPTNeoXModel`` builds it.

A token table (V×H), no position table (rotary). Each of the N layers: two LayerNorms, a fused
``query_key_value`` projection H → 3H and a ``dense`` output projection (biases with
``attention_bias``), and an MLP H → d_ff → H with biases. A final LayerNorm and an LM head
(V×H, no bias), untied by default. ``h`` must divide ``H``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    decoder_class,
    decoder_heads,
    tie_option,
)
from symparam.blocks import (
    Activation,
    Attention,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
)
from symparam.family import Family, Option
from symparam.modeltype import Flag, ModelType, Size, heads
from symparam.symbols import H, N, V, d_ff, h


def layer(bias: bool) -> Sequential:
    return Sequential(
        input_layernorm=LayerNorm(H),
        post_attention_layernorm=LayerNorm(H),
        attention=Attention(H, H, kv_cache=2 * H, heads=h,
                            query_key_value=Linear(H, 3 * H, bias=bias),
                            dense=Linear(H, H, bias=bias)),
        mlp=Sequential(kind="mlp", dense_h_to_4h=Linear(H, d_ff), act=Activation(d_ff),
                       dense_4h_to_h=Linear(d_ff, H)),
        residual=Residual(H, adds=2),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    body = Sequential(embed_in=Embedding(V, H),
                      layers=Repeat(N, layer(bool(options["attention_bias"]))),
                      final_layer_norm=LayerNorm(H))
    return decoder_class(architecture, "gpt_neox", body, body["embed_in"],
                         options["tie_word_embeddings"], token_head="classifier")


FAMILY = Family(
    name="gpt_neox",
    title="GPT-NeoX",
    description="GPT-NeoX decoder (Black et al. 2022; Pythia): rotary, fused QKV, LayerNorm",
    architectures={
        "GPTNeoXForCausalLM": "decoder with an LM head (untied by default)",
        "GPTNeoXModel": "decoder without a head",
        "GPTNeoXForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("GPTNeoX"),
    },
    build=build,
    options=(tie_option(False), Option("attention_bias", True, "biases on the attention")),
    divides=(HEADS_SPLIT_HIDDEN,),
)


MODEL_TYPES = (
    ModelType("gpt_neox", FAMILY, base="GPTNeoXModel",
              classes=heads("GPTNeoX", "GPTNeoX", "ForCausalLM", "Model",
                            "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size"),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads")),
              rules=(Flag("tie_word_embeddings"), Flag("attention_bias"))),
)
