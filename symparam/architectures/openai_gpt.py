"""GPT (Radford et al. 2018, "Improving Language Understanding by Generative Pre-Training"), as
transformers' ``OpenAIGPTModel`` builds it.

A 12-layer decoder-only Transformer over token (V×H) and learned position (L×H) tables, added.
Each block is post-LN, as in the original Transformer: masked self-attention (a fused
``c_attn`` H → 3H and ``c_proj`` H → H), then ``ln_1`` over the residual sum; a position-wise
MLP whose inner size is fixed at 4H (``c_fc`` H → 4H, ``c_proj`` 4H → H, GELU), then ``ln_2``.
There is no final LayerNorm (GPT-2 moved the norms in front and added one). Projections are
``Conv1D``, weights stored (in, out). The LM head has no bias and is tied to the token table.
Heads split H without adding weights, so ``h`` must divide ``H`` but does not enter the count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import HEADS_SPLIT_HIDDEN, decoder_class, tie_option
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Conv1D,
    Embedding,
    LayerNorm,
    Repeat,
    Residual,
    Sequential,
)
from symparam.family import Family
from symparam.modeltype import Flag, ModelType, Size, heads
from symparam.symbols import H, L, N, V, h


def block() -> Sequential:
    """One post-LN block, its modules in transformers' order (attention, its norm, MLP, its
    norm); the MLP is 4H wide whatever the config says."""
    return Sequential(
        attn=Attention(H, H, kv_cache=2 * H, heads=h, c_attn=Conv1D(H, 3 * H),
                       c_proj=Conv1D(H, H)),
        ln_1=LayerNorm(H),
        mlp=Sequential(c_fc=Conv1D(H, 4 * H), act=Activation(4 * H), c_proj=Conv1D(4 * H, H),
                       kind="mlp"),
        ln_2=LayerNorm(H),
        residual=Residual(H, adds=2),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    body = Sequential(tokens_embed=Embedding(V, H), positions_embed=Embedding(L, H, summed=True),
                      h=Repeat(N, block()))
    return decoder_class(architecture, "transformer", body, body["tokens_embed"],
                         options["tie_word_embeddings"])


FAMILY = Family(
    name="openai_gpt",
    title="GPT",
    description="GPT (Radford et al. 2018): post-LN decoder, learned positions, 4H MLP",
    architectures={
        "OpenAIGPTLMHeadModel": "decoder with the LM head tied to the token embeddings",
        "OpenAIGPTModel": "decoder without a head",
        "OpenAIGPTForSequenceClassification": "decoder with a bias-free H → n_labels score",
    },
    build=build,
    options=(tie_option(True),),
    divides=(HEADS_SPLIT_HIDDEN,),
)


MODEL_TYPES = (
    ModelType("openai-gpt", FAMILY, base="OpenAIGPTModel",
              classes=heads("OpenAIGPT", "OpenAIGPT", "LMHeadModel", "Model",
                            "ForSequenceClassification"),
              sizes=(Size("N", "n_layer"), Size("V", "vocab_size"), Size("L", "n_positions"),
                     Size("H", "n_embd"), Size("h", "n_head")),
              rules=(Flag("tie_word_embeddings"),)),
)
