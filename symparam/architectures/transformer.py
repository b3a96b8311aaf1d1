"""The original Transformer (Vaswani et al. 2017, "Attention Is All You Need"), encoder–decoder.

The body is named as ``torch.nn.Transformer`` names it, so it can be checked against that class.
Encoder layer: multi-head self-attention (a fused in-projection H → 3H and an output projection,
with biases), then an FFN H → d_ff → H, each followed by a LayerNorm (post-LN). Decoder layer:
self-attention, cross-attention and the FFN, with three LayerNorms. Positions are sinusoidal, so
there is no position table.

Assumptions made to count the paper's "base" model (the paper does not state all of them):
biases on every projection (``bias``); one V×H table shared by the source embedding, the target
embedding and the pre-softmax projection (section 3.4, ``share_embeddings``); no final LayerNorm
after either stack (``final_norm``; ``torch.nn.Transformer`` adds one to each); the decoder as
deep as the encoder (N_dec = N); V = 37000, the shared BPE vocabulary of the EN–DE task.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import HEADS_SPLIT_HIDDEN
from symparam.assumptions import DECODER_DEPTH
from symparam.blocks import (
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Sequential,
    Tensor,
    marked,
    unembedding,
)
from symparam.family import Family, Option
from symparam.symbols import H, N, N_dec, V, d_ff


def attention(bias: bool) -> Sequential:
    parts = {"in_proj_weight": Tensor(3 * H, H)}
    if bias:
        parts["in_proj_bias"] = Tensor(3 * H)
    return Sequential(**parts, out_proj=Linear(H, H, bias=bias), kind="attention")


def encoder_layer(bias: bool) -> Sequential:
    return Sequential(
        self_attn=attention(bias),
        linear1=marked(Linear(H, d_ff, bias=bias), "mlp"),
        linear2=marked(Linear(d_ff, H, bias=bias), "mlp"),
        norm1=LayerNorm(H, bias=bias),
        norm2=LayerNorm(H, bias=bias),
    )


def decoder_layer(bias: bool) -> Sequential:
    return Sequential(
        self_attn=attention(bias),
        multihead_attn=attention(bias),
        linear1=marked(Linear(H, d_ff, bias=bias), "mlp"),
        linear2=marked(Linear(d_ff, H, bias=bias), "mlp"),
        norm1=LayerNorm(H, bias=bias),
        norm2=LayerNorm(H, bias=bias),
        norm3=LayerNorm(H, bias=bias),
    )


def stack(count: Any, layer: Sequential, final_norm: bool, bias: bool) -> Sequential:
    if final_norm:
        return Sequential(layers=Repeat(count, layer), norm=LayerNorm(H, bias=bias))
    return Sequential(layers=Repeat(count, layer))


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    bias, final_norm = bool(options["bias"]), bool(options["final_norm"])
    body = Sequential(
        encoder=stack(N, encoder_layer(bias), final_norm, bias),
        decoder=stack(N_dec, decoder_layer(bias), final_norm, bias),
    )
    if architecture == "TransformerBody":
        return body
    if options["share_embeddings"]:
        table = Embedding(V, H)
        return Sequential(
            embedding=table,
            transformer=body,
            generator=unembedding(marked(Linear(H, V, bias=False, tie=table.weight), "head")),
        )
    return Sequential(
        src_embedding=Embedding(V, H),
        tgt_embedding=Embedding(V, H),
        transformer=body,
        generator=unembedding(marked(Linear(H, V, bias=False), "head")),
    )


FAMILY = Family(
    compute=False,
    name="transformer",
    title="Transformer",
    description="the original encoder–decoder Transformer (Vaswani et al. 2017), post-LN",
    architectures={
        "Transformer": "embeddings, encoder, decoder and the pre-softmax projection",
        "TransformerBody": "encoder and decoder only, as torch.nn.Transformer",
    },
    build=build,
    options=(
        Option("bias", True, "biases on every projection and LayerNorm"),
        Option("share_embeddings", True, "one V×H table for source, target and output"),
        Option("final_norm", False, "a LayerNorm after each stack (torch.nn.Transformer has it)"),
    ),
    assumptions=(DECODER_DEPTH,),
    divides=(
        HEADS_SPLIT_HIDDEN,
    ),
)
