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

import sympy

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    activation_of,
    activation_option,
    decoder_class,
    tie_option,
)
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
from symparam.blocks.saved import Key, Saved, same_tensor
from symparam.errors import ConfigError, InvalidValueError, quoted
from symparam.family import Family
from symparam.frozen import frozen
from symparam.modeltype import KeyRule, ModelType, Reader, Size, heads
from symparam.symbols import H, L, N, V, h


def block(activation: str) -> Sequential:
    """One post-LN block, its modules in transformers' order (attention, its norm, MLP, its
    norm); the MLP is 4H wide whatever the config says.

    For what a training step keeps: the attention's core is a method written inline (nothing
    to checkpoint), q, k and v are slices of c_attn's output (split, then its heads permuted),
    and its mask a buffer it multiplies by; the activation's output is what c_proj reads."""
    views = dict.fromkeys("qkv", (Key("c_attn output"), 3 * H))
    act, c_proj = Activation(4 * H, fn=activation), Conv1D(4 * H, H)
    same_tensor("activation output", (act, "output"), (c_proj, "input"))
    return Sequential(
        attn=Attention(H, H, kv_cache=2 * H, heads=h, views=views, recomputable=False,
                       c_attn=Conv1D(H, 3 * H), c_proj=Conv1D(H, H)),
        ln_1=LayerNorm(H),
        mlp=Sequential(c_fc=Conv1D(H, 4 * H), act=act, c_proj=c_proj, kind="mlp"),
        ln_2=LayerNorm(H),
        residual=Residual(H, adds=2),
    )


class Layers(Repeat):
    """GPT's blocks: transformers runs them without gradient checkpointing."""

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        if policy == "full":
            raise InvalidValueError("transformers' OpenAI GPT has no gradient checkpointing: "
                                    "symparam derives full recomputation as it runs")
        return super().saved(batch, seq, policy, view)


#: ``afn`` → the function transformers' GPT runs (its "gelu" is the tanh approximation)
AFN = {"gelu": "gelu_new", "relu": "relu", "silu": "silu", "swish": "silu"}


@frozen
class Afn(KeyRule):
    """GPT's ``afn``: one of transformers' ``ACT_FNS`` (its "gelu" is GPT-2's tanh GELU), read
    as the function it runs; "" for the default, "gelu"."""

    def read(self, config: Reader) -> str:
        value = config.given(self.key)
        if value is None or value == "gelu":
            return ""
        if not isinstance(value, str) or value not in AFN:
            raise ConfigError(f"{config.where}: {self.key} must be one of "
                              f"{', '.join(AFN)}, got {quoted(value)}")
        return AFN[value]


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    # the positions are a slice of a buffer: their lookup keeps no index tensor of its own
    body = Sequential(tokens_embed=Embedding(V, H),
                      positions_embed=Embedding(L, H, summed=True, indices="buffer"),
                      h=Layers(N, block(activation_of(options, "gelu_new"))))
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
    options=(tie_option(True), activation_option("gelu_new")),
    divides=(HEADS_SPLIT_HIDDEN,),
)


MODEL_TYPES = (
    ModelType("openai-gpt", FAMILY, base="OpenAIGPTModel",
              classes=heads("OpenAIGPT", "OpenAIGPT", "LMHeadModel", "Model",
                            "ForSequenceClassification"),
              sizes=(Size("N", "n_layer"), Size("V", "vocab_size"), Size("L", "n_positions"),
                     Size("H", "n_embd"), Size("h", "n_head")),
              rules=(Afn("activation", "afn"),)),
)
