"""BERT (Devlin et al. 2019), as transformers' ``BertModel`` and ``BertForMaskedLM`` build it.

Embeddings: word (V×H), position (L×H) and token-type (T×H) tables, summed, then LayerNorm.
Each of the N encoder layers: self-attention (query, key, value: H → h·d_head, with bias), an
output projection back to H with LayerNorm, and a two-layer FFN (H → d_ff → H) with LayerNorm.
``BertModel`` adds a pooler (a dense H×H layer on the first token). ``BertForMaskedLM`` drops the
pooler and adds a transform (dense + LayerNorm) and a decoder tied to the word embeddings, whose
bias is the head's own V-vector. The default assumption is d_head = H/h.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.assumptions import HEAD_SIZE
from symparam.blocks import Embedding, LayerNorm, Linear, Repeat, Sequential, Tensor
from symparam.family import Family, Option
from symparam.symbols import H, L, N, T, V, d_ff, d_head, h


def embeddings() -> Sequential:
    return Sequential(
        word_embeddings=Embedding(V, H),
        position_embeddings=Embedding(L, H),
        token_type_embeddings=Embedding(T, H),
        LayerNorm=LayerNorm(H),
    )


def encoder_layer() -> Sequential:
    return Sequential(
        attention=Sequential(
            self=Sequential(
                query=Linear(H, h * d_head), key=Linear(H, h * d_head), value=Linear(H, h * d_head)
            ),
            output=Sequential(dense=Linear(h * d_head, H), LayerNorm=LayerNorm(H)),
        ),
        intermediate=Sequential(dense=Linear(H, d_ff)),
        output=Sequential(dense=Linear(d_ff, H), LayerNorm=LayerNorm(H)),
    )


def bert_model(pooler: bool) -> Sequential:
    parts = {"embeddings": embeddings(), "encoder": Sequential(layer=Repeat(N, encoder_layer()))}
    if pooler:
        parts["pooler"] = Sequential(dense=Linear(H, H))
    return Sequential(**parts)


def masked_lm() -> Sequential:
    bert = bert_model(pooler=False)
    word = bert["embeddings"]["word_embeddings"].weight
    bias = Tensor(V)
    decoder = Linear(H, V, tie=word)
    decoder.bias = Tensor(V, tie=bias)
    head = Sequential(
        bias=bias,
        transform=Sequential(dense=Linear(H, H), LayerNorm=LayerNorm(H)),
        decoder=decoder,
    )
    return Sequential(bert=bert, cls=Sequential(predictions=head))


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    if architecture == "BertForMaskedLM":
        return masked_lm()
    return bert_model(pooler=bool(options["pooler"]))


FAMILY = Family(
    name="bert",
    title="BERT",
    description="BERT encoder (Devlin et al. 2019): learned positions, token types, post-LN",
    architectures={
        "BertModel": "encoder with pooler (what AutoModel builds)",
        "BertForMaskedLM": "encoder without pooler, MLM head tied to the word embeddings",
    },
    build=build,
    options=(Option("pooler", True, "BertModel's pooler (dense H×H on the first token)"),),
    assumptions=(HEAD_SIZE,),
    config_keys={
        "N": "num_hidden_layers",
        "V": "vocab_size",
        "L": "max_position_embeddings",
        "T": "type_vocab_size",
        "H": "hidden_size",
        "d_ff": "intermediate_size",
        "h": "num_attention_heads",
    },
)
