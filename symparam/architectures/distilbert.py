"""DistilBERT (Sanh et al. 2019), as transformers' ``DistilBertModel`` builds it.

BERT halved: word (V×H) and position (L×H) tables and a LayerNorm, no token types; N layers of
self-attention (q_lin, k_lin, v_lin, out_lin, all H → H with bias; h heads split H) with a
LayerNorm, and an FFN H → d_ff → H with a LayerNorm. ``DistilBertForMaskedLM`` adds a transform
(H×H, LayerNorm) and a projector tied to the word table with its own V-bias;
``DistilBertForSequenceClassification`` adds ``pre_classifier`` (H×H) and ``classifier``
(H → n_labels).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    activation_of,
    activation_option,
    pooled_head,
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
    marked,
    on_first_token,
    unembedding,
)
from symparam.blocks.saved import same_tensor
from symparam.family import Family
from symparam.modeltype import ActivationName, ModelType, Size, heads
from symparam.symbols import H, L, N, V, d_ff, h, n_labels


def layer(activation: str = "gelu") -> Sequential:
    q, k, v = Linear(H, H), Linear(H, H), Linear(H, H)
    same_tensor("attention input", (q, "input"), (k, "input"), (v, "input"))
    act, lin2 = Activation(d_ff, fn=activation), Linear(d_ff, H)
    same_tensor("activation output", (act, "output"), (lin2, "input"))
    return Sequential(
        attention=Attention(H, H, heads=h, q_lin=q, k_lin=k, v_lin=v, out_lin=Linear(H, H)),
        sa_layer_norm=LayerNorm(H),
        ffn=Sequential(lin1=Linear(H, d_ff), activation=act, lin2=lin2, kind="mlp"),
        output_layer_norm=LayerNorm(H),
        residual=Residual(H, adds=2),
    )


def distilbert_model(activation: str = "gelu") -> Sequential:
    return Sequential(
        embeddings=Sequential(word_embeddings=Embedding(V, H),
                              position_embeddings=Embedding(L, H, summed=True, indices="buffer"),
                              LayerNorm=LayerNorm(H)),
        transformer=Sequential(layer=Repeat(N, layer(activation))),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    act = activation_of(options, "gelu")
    body = distilbert_model(act)
    if architecture == "DistilBertModel":
        return body
    if architecture == "DistilBertForMaskedLM":
        word = body["embeddings"]["word_embeddings"].weight
        tie = word if options["tie_word_embeddings"] else None
        return Sequential(distilbert=body, vocab_transform=marked(Linear(H, H), "head"),
                          activation=Activation(H, fn=act), vocab_layer_norm=LayerNorm(H),
                          vocab_projector=unembedding(marked(Linear(H, V, tie=tie), "head")))
    if architecture == "DistilBertForTokenClassification":
        return Sequential(distilbert=body, classifier=marked(Linear(H, n_labels), "head"))
    if architecture == "DistilBertForQuestionAnswering":
        return Sequential(distilbert=body, qa_outputs=marked(Linear(H, n_labels), "head"))
    # sequence classification; multiple choice is the same with one score per choice
    outputs = 1 if architecture == "DistilBertForMultipleChoice" else n_labels
    pre = pooled_head(Linear(H, H))  # on the first token, a slice of the last hidden states
    pre.slices_sequence = True
    relu, classifier = on_first_token(Activation(H, fn="relu")), pooled_head(Linear(H, outputs))
    same_tensor("ReLU output", (relu, "output"), (classifier, "input"))
    return Sequential(distilbert=body, pre_classifier=pre, relu=relu, classifier=classifier)


FAMILY = Family(
    name="distilbert",
    title="DistilBERT",
    description="DistilBERT encoder (Sanh et al. 2019): BERT without token types or pooler",
    architectures={
        "DistilBertModel": "encoder",
        "DistilBertForMaskedLM": "encoder with an MLM head tied to the word embeddings",
        "DistilBertForSequenceClassification": "encoder with pre_classifier and classifier",
        "DistilBertForMultipleChoice": "encoder with pre_classifier and an H → 1 score for each "
                                       "choice",
        "DistilBertForTokenClassification": "encoder with an H → n_labels classifier on every "
                                            "token",
        "DistilBertForQuestionAnswering": "encoder with qa_outputs H → n_labels (start, end)",
    },
    build=build,
    options=(tie_option(True), activation_option("gelu")),
    divides=(HEADS_SPLIT_HIDDEN,),
)


MODEL_TYPES = (
    ModelType("distilbert", FAMILY, base="DistilBertModel",
              classes=heads("DistilBert", "DistilBert", "Model", "ForMaskedLM",
                            "ForSequenceClassification",
                            "ForMultipleChoice", "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(Size("N", "n_layers"), Size("V", "vocab_size", pads=True),
                     Size("L", "max_position_embeddings"), Size("H", "dim"),
                     Size("d_ff", "hidden_dim"), Size("h", "n_heads")),
              rules=(ActivationName("activation", "activation", "gelu"),)),
)
