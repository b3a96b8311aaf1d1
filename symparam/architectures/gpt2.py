"""GPT-2 (Radford et al. 2019), as transformers' ``GPT2Model`` and ``GPT2LMHeadModel`` build it.

Token (V×H) and learned position (L×H) tables; N pre-LN blocks, each with LayerNorm, fused QKV
projection ``c_attn`` (H → 3H) and output projection ``c_proj``, LayerNorm, and an MLP
H → d_ff → H; a final LayerNorm. GPT-2 stores its projections as ``Conv1D``, whose weights are
(in, out). The LM head has no bias and is tied to the token table, so it adds nothing. With
``add_cross_attention`` each block also attends to an encoder's states (``crossattention``
and ``ln_cross_attn``). Heads split H without adding weights, so ``h`` must divide ``H`` but
does not enter the count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    CrossAttention,
    activation_of,
    activation_option,
    decoder_class,
    decoder_heads,
    tie_option,
)
from symparam.assumptions import FFN_4H
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
    marked,
)
from symparam.blocks.saved import Key, same_tensor
from symparam.family import Family, Option
from symparam.modeltype import ActivationName, Flag, ModelType, Size, heads
from symparam.symbols import H, L, N, V, d_ff, h


def block(cross: bool = False, activation: str = "gelu_new") -> Sequential:
    parts: dict[str, Block] = {
        "ln_1": LayerNorm(H),
        # q, k and v come to the core as slices of c_attn's output
        "attn": Attention(H, H, kv_cache=2 * H, heads=h, masked=True,
                          views=dict.fromkeys("qkv", (Key("c_attn output"), 3 * H)),
                          c_attn=Conv1D(H, 3 * H), c_proj=Conv1D(H, H)),
        "ln_2": LayerNorm(H),
    }
    if cross:
        parts["crossattention"] = marked(CrossAttention(
            "GPT-2", c_attn=Conv1D(H, 2 * H), q_attn=Conv1D(H, H), c_proj=Conv1D(H, H)),
            "attention")
        parts["ln_cross_attn"] = LayerNorm(H)
    layer = Sequential(**parts, mlp=mlp(activation), residual=Residual(H, adds=2))
    layer.called_with_mask = True  # GPT2Block(hidden_states, past, cache_position, mask, …)
    return layer


def mlp(activation: str) -> Sequential:
    """c_fc (H → d_ff), the activation, c_proj (d_ff → H), which reads the activation's
    output (one tensor, where the activation keeps its output too)."""
    act, c_proj = Activation(d_ff, fn=activation), Conv1D(d_ff, H)
    same_tensor("activation output", (act, "output"), (c_proj, "input"))
    return Sequential(kind="mlp", c_fc=Conv1D(H, d_ff), act=act, c_proj=c_proj)


def gpt2_model(cross: bool = False, activation: str = "gelu_new") -> Sequential:
    # wpe looks up one row of positions made for each forward pass
    return Sequential(
        wte=Embedding(V, H), wpe=Embedding(L, H, summed=True, indices="positions"),
        h=Repeat(N, block(cross, activation)), ln_f=LayerNorm(H),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    body = gpt2_model(bool(options["add_cross_attention"]), activation_of(options, "gelu_new"))
    return decoder_class(architecture, "transformer", body, body["wte"],
                         options["tie_word_embeddings"], token_head="classifier")


FAMILY = Family(
    name="gpt2",
    title="GPT-2",
    description="GPT-2 decoder (Radford et al. 2019): learned positions, pre-LN, tied LM head",
    architectures={
        "GPT2LMHeadModel": "decoder with the LM head tied to the token embeddings",
        "GPT2Model": "decoder without a head",
        "GPT2ForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("GPT2"),
    },
    build=build,
    options=(tie_option(True),
             Option("add_cross_attention", False,
                    "a cross-attention over an encoder's states in every block"),
             activation_option("gelu_new")),
    divides=(
        HEADS_SPLIT_HIDDEN,
    ),
)


MODEL_TYPES = (
    ModelType("gpt2", FAMILY, base="GPT2Model",
              classes=heads("GPT2", "GPT2", "LMHeadModel", "Model", "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(Size("N", "n_layer"), Size("V", "vocab_size"), Size("L", "n_positions"),
                     Size("H", "n_embd"), Size("d_ff", "n_inner", null=FFN_4H),
                     Size("h", "n_head")),
              rules=(Flag("tie_word_embeddings"), Flag("add_cross_attention"),
                     ActivationName("activation", "activation_function", "gelu_new"))),
)
