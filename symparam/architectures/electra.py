"""ELECTRA (Clark et al. 2020), as transformers' ``ElectraModel`` builds it.

BERT's encoder over embeddings of their own width: word (V×d_emb), position (L×d_emb) and
token-type (T×d_emb) tables with a LayerNorm, then, when d_emb differs from H, a projection
d_emb → H (``project_embeddings``). No pooler. ``ElectraForMaskedLM`` (the generator) adds
``generator_predictions`` (LayerNorm over d_emb, dense H → d_emb) and ``generator_lm_head``
(d_emb → V, tied to the word table, own bias); ``ElectraForSequenceClassification`` a dense H×H
layer and an output projection H → n_labels. Default assumption: d_head = H/h.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.bert import encoder_layer
from symparam.architectures.common import HEADS_SPLIT_HIDDEN, tie_option
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import Activation, Block, Embedding, LayerNorm, Linear, Repeat, Sequential
from symparam.family import Family, Option
from symparam.modeltype import Differs, Flag, ModelType, Size, heads
from symparam.symbols import H, L, N, T, V, d_emb, n_labels


def electra_model(project: bool) -> Sequential:
    width = d_emb if project else H
    parts: dict[str, Block] = {
        "embeddings": Sequential(
            word_embeddings=Embedding(V, width),
            position_embeddings=Embedding(L, width, summed=True),
            token_type_embeddings=Embedding(T, width, summed=True), LayerNorm=LayerNorm(width),
        ),
    }
    if project:
        parts["embeddings_project"] = Linear(d_emb, H)
    parts["encoder"] = Sequential(layer=Repeat(N, encoder_layer()))
    return Sequential(**parts)


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    project = bool(options["project_embeddings"])
    body = electra_model(project)
    if architecture == "ElectraModel":
        return body
    if architecture == "ElectraForSequenceClassification":
        return Sequential(electra=body, classifier=Sequential(
            dense=Linear(H, H), activation=Activation(H), out_proj=Linear(H, n_labels),
            first_token=True))
    width = d_emb if project else H
    word = body["embeddings"]["word_embeddings"].weight
    return Sequential(
        electra=body,
        generator_predictions=Sequential(LayerNorm=LayerNorm(width), dense=Linear(H, width),
                                         activation=Activation(width)),
        generator_lm_head=Linear(width, V, tie=word if options["tie_word_embeddings"] else None),
    )


FAMILY = Family(
    name="electra",
    title="ELECTRA",
    description="ELECTRA encoder (Clark et al. 2020): BERT with narrower embeddings, no pooler",
    architectures={
        "ElectraModel": "encoder",
        "ElectraForMaskedLM": "the generator: encoder with an MLM head tied to the word table",
        "ElectraForSequenceClassification": "encoder with a two-layer classifier",
    },
    build=build,
    options=(
        tie_option(True),
        Option("project_embeddings", True, "a d_emb → H projection (when d_emb ≠ H)"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(HEADS_SPLIT_HIDDEN,),
)


MODEL_TYPES = (
    ModelType("electra", FAMILY, base="ElectraModel",
              classes=heads("Electra", "Electra", "Model", "ForMaskedLM",
                            "ForSequenceClassification"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
                     Size("L", "max_position_embeddings"), Size("T", "type_vocab_size"),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads"), Size("d_emb", "embedding_size")),
              rules=(Flag("tie_word_embeddings"),
                     Differs("project_embeddings", "embedding_size", "hidden_size"))),
)
