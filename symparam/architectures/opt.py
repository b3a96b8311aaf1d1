"""OPT (Zhang et al. 2022), as transformers' ``OPTModel`` and ``OPTForCausalLM`` build it.

A token table V×d_emb and a learned position table of L + 2 rows (OPT offsets positions by 2).
When the embedding size d_emb (``word_embed_proj_dim``) differs from H, bias-free projections
H → d_emb (``project_out``) and d_emb → H (``project_in``) wrap the decoder
(``project_embeddings``). A final LayerNorm exists only for pre-LN models (``final_norm``; OPT-350m
has none). Each of the N layers: q, k, v, out projections H → H, LayerNorm, FFN H → d_ff → H,
LayerNorm; biases with ``enable_bias``, norm weights with ``norm_affine``. The LM head maps
d_emb → V without bias, tied to the token table by default.
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
    Block,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
    marked,
)
from symparam.blocks.saved import same_tensor
from symparam.blocks.sharding import column, row
from symparam.family import Family, Option
from symparam.modeltype import (
    ActivationName,
    BothFlags,
    Differs,
    Flag,
    Leave,
    ModelType,
    Size,
    heads,
)
from symparam.symbols import H, L, N, V, d_emb, d_ff, h


def norm(options: Mapping[str, Any]) -> Block:
    return LayerNorm(H, affine=bool(options["norm_affine"]))


def layer(options: Mapping[str, Any]) -> Sequential:
    bias = bool(options["enable_bias"])
    k, v, q = (column(Linear(H, H, bias=bias)) for _ in range(3))
    same_tensor("attention input", (q, "input"), (k, "input"), (v, "input"))
    act = Activation(d_ff, fn=activation_of(options, "relu"))
    fc2 = row(Linear(d_ff, H, bias=bias))
    same_tensor("activation output", (act, "output"), (fc2, "input"))
    return Sequential(
        self_attn=Attention(H, H, kv_cache=2 * H, heads=h, masked=True, softmax_fp32=True,
                            k_proj=k, v_proj=v,
                            q_proj=q, out_proj=row(Linear(H, H, bias=bias))),
        self_attn_layer_norm=norm(options),
        fc1=marked(column(Linear(H, d_ff, bias=bias)), "mlp"),
        activation_fn=act,
        fc2=marked(fc2, "mlp"),
        residual=Residual(H, adds=2),
        final_layer_norm=norm(options),
    )


def decoder(options: Mapping[str, Any]) -> Sequential:
    project = bool(options["project_embeddings"])
    parts: dict[str, Block] = {
        "embed_tokens": Embedding(V, d_emb if project else H),
        # positions counted from each sequence's attention mask
        "embed_positions": Embedding(L + 2, H, summed=True, indices="batch_positions"),
    }
    if project:
        parts["project_out"] = marked(Linear(H, d_emb, bias=False), "embedding")
        parts["project_in"] = marked(Linear(d_emb, H, bias=False), "embedding")
    if options["final_norm"]:
        parts["final_layer_norm"] = norm(options)
    parts["layers"] = Repeat(N, layer(options))
    return Sequential(**parts)


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    body = Sequential(decoder=decoder(options))
    return decoder_class(architecture, "model", body, body["decoder"]["embed_tokens"],
                         options["tie_word_embeddings"])


FAMILY = Family(
    name="opt",
    title="OPT",
    description="OPT decoder (Zhang et al. 2022): learned positions (+2 rows), projections",
    architectures={
        "OPTForCausalLM": "decoder with an LM head tied to the token embeddings",
        "OPTModel": "decoder without a head",
        "OPTForSequenceClassification": "decoder with a bias-free score over d_emb",
        **decoder_heads("OPT", token=False),
    },
    build=build,
    options=(
        tie_option(True),
        Option("project_embeddings", False, "project d_emb ↔ H around the decoder (d_emb ≠ H)"),
        Option("final_norm", True, "a final LayerNorm (pre-LN models)"),
        Option("enable_bias", True, "biases on every projection"),
        Option("norm_affine", True, "LayerNorms with weight and bias"),
        activation_option("relu"),
    ),
    divides=(HEADS_SPLIT_HIDDEN,),
)


MODEL_TYPES = (
    ModelType("opt", FAMILY, base="OPTModel",
              classes=heads("OPT", "OPT", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForQuestionAnswering"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
                     Size("L", "max_position_embeddings"), Size("H", "hidden_size"),
                     Size("d_ff", "ffn_dim"), Size("h", "num_attention_heads"),
                     Size("d_emb", "word_embed_proj_dim",
                          null=Leave("no projection: the embeddings are H wide"))),
              rules=(Flag("enable_bias"),
                     Flag("norm_affine", "layer_norm_elementwise_affine"),
                     Differs("project_embeddings", "word_embed_proj_dim", "hidden_size"),
                     BothFlags("final_norm", "do_layer_norm_before",
                               "_remove_final_layer_norm"),
                     ActivationName("activation", "activation_function", "relu"))),
)
