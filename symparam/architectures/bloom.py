"""BLOOM (BigScience 2022), as transformers' ``BloomModel`` and ``BloomForCausalLM`` build it.

A token table (V×H) followed by a LayerNorm; no position table (ALiBi biases the attention
scores instead). N pre-LN blocks, each with a fused ``query_key_value`` projection (H → 3H) and
a ``dense`` output projection, and an MLP whose inner size is fixed at 4H by the code (the config
has no FFN size). A final LayerNorm; the LM head has no bias and is tied to the token table by
default (``tie_word_embeddings``). ``h`` must divide ``H``; it adds no weights.
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
from symparam.blocks.saved import Key
from symparam.blocks.sharding import column, row
from symparam.family import Family
from symparam.modeltype import ModelType, Size, heads
from symparam.symbols import H, N, V, h


def block() -> Sequential:
    # q, k and v reach the core as slices of query_key_value's output; the softmax is in fp32
    fused = dict.fromkeys("qkv", (Key("query_key_value output"), 3 * H))
    return Sequential(
        input_layernorm=LayerNorm(H),
        self_attention=Attention(H, H, kv_cache=2 * H, heads=h, views=fused, softmax_fp32=True,
                                 recomputable=False, interleaved=True,
                                 query_key_value=column(Linear(H, 3 * H), units=h),
                                 dense=row(Linear(H, H))),
        post_attention_layernorm=LayerNorm(H),
        mlp=Sequential(kind="mlp", dense_h_to_4h=column(Linear(H, 4 * H)),
                       gelu_impl=Activation(4 * H, fn="bloom_gelu"),
                       dense_4h_to_h=row(Linear(4 * H, H))),
        residual=Residual(H, adds=2),
    )


def bloom_model() -> Sequential:
    return Sequential(
        word_embeddings=Embedding(V, H),
        word_embeddings_layernorm=LayerNorm(H),
        h=Repeat(N, block()),
        ln_f=LayerNorm(H),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    body = bloom_model()
    return decoder_class(architecture, "transformer", body, body["word_embeddings"],
                         options["tie_word_embeddings"], token_head="classifier")


FAMILY = Family(
    name="bloom",
    title="BLOOM",
    description="BLOOM decoder (BigScience 2022): ALiBi, fused QKV, LayerNorm after the embedding",
    architectures={
        "BloomForCausalLM": "decoder with an LM head (tied to the token embeddings by default)",
        "BloomModel": "decoder without a head",
        "BloomForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("Bloom"),
    },
    build=build,
    options=(tie_option(True),),
    divides=(
        HEADS_SPLIT_HIDDEN,
    ),
)


MODEL_TYPES = (
    ModelType("bloom", FAMILY, base="BloomModel",
              classes=heads("Bloom", "Bloom", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(Size("N", "n_layer"), Size("V", "vocab_size"), Size("H", "hidden_size"),
                     Size("h", "n_head"))),
)
