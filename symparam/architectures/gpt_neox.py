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
    activation_of,
    activation_option,
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
from symparam.blocks.saved import Key, same_tensor
from symparam.blocks.sharding import column, row
from symparam.family import Family, Option
from symparam.inputs import Runnable
from symparam.modeltype import ActivationName, Flag, ModelType, RotaryWidth, Size, heads
from symparam.symbols import H, N, V, d_ff, d_rot, h


def layer(bias: bool, parallel: bool = True, activation: str = "gelu") -> Sequential:
    """One layer; ``parallel``: both norms read the layer's input (attention and MLP side by
    side), else the MLP's norm reads the input plus the attention's output."""
    attention_norm, mlp_norm = LayerNorm(H), LayerNorm(H)
    if parallel:
        same_tensor("layer input", (attention_norm, "input"), (mlp_norm, "input"))
    act, down = Activation(d_ff, fn=activation), row(Linear(d_ff, H))
    same_tensor("activation output", (act, "output"), (down, "input"))
    # q and k are turned (partly: d_rot of each head), v reaches the core as a slice of the
    # fused output, laid out (B, s, h, 3·d_head)
    fused = {"v": (Key("query_key_value output"), 3 * H)}
    return Sequential(
        input_layernorm=attention_norm,
        post_attention_layernorm=mlp_norm,
        attention=Attention(H, H, kv_cache=2 * H, heads=h, rotary=d_rot, views=fused,
                            interleaved=True, softmax_fp32=True, masked=True,
                            query_key_value=column(Linear(H, 3 * H, bias=bias), units=h),
                            dense=row(Linear(H, H, bias=bias))),
        mlp=Sequential(kind="mlp", dense_h_to_4h=column(Linear(H, d_ff)), act=act,
                       dense_4h_to_h=down),
        residual=Residual(H, adds=2),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    body = Sequential(embed_in=Embedding(V, H),
                      layers=Repeat(N, layer(bool(options["attention_bias"]),
                                             bool(options["parallel_residual"]),
                                             activation_of(options, "gelu"))),
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
    options=(tie_option(False), Option("attention_bias", True, "biases on the attention"),
             Option("parallel_residual", True, "attention and MLP side by side, each with its "
                    "own norm of the layer's input"),
             activation_option("gelu")),
    divides=(HEADS_SPLIT_HIDDEN,),
    weightless={"d_rot": "rotary"},  # rotary embeddings have no weights
)


MODEL_TYPES = (
    ModelType("gpt_neox", FAMILY, base="GPTNeoXModel",
              classes=heads("GPTNeoX", "GPTNeoX", "ForCausalLM", "Model",
                            "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size"),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads"),
                     Size("d_rot", "rotary_pct", computed=True,
                          null=RotaryWidth(("rotary_pct", "partial_rotary_factor"), 0.25,
                                           "hidden_size", "num_attention_heads"))),
              rules=(Flag("attention_bias"),
                     Flag("parallel_residual", "use_parallel_residual"),
                     ActivationName("activation", "hidden_act", "gelu")),
              runnable=Runnable(head_multiple=8)),
)
