"""ALBERT (Lan et al. 2020), as transformers' ``AlbertModel`` builds it.

Two savings over BERT. Factorised embeddings: the word, position and token-type tables are
d_emb wide (not H), with a LayerNorm, and one projection d_emb → H feeds the encoder. Shared
layers: the encoder holds only G groups of K layers (``num_hidden_groups`` × ``inner_group_num``,
1 × 1 by default) and runs them N times over, so the depth N adds no parameters. A layer:
attention (query, key, value, dense: H ↔ h·d_head, LayerNorm), FFN H → d_ff → H with a
``full_layer_layer_norm``. ``AlbertModel`` has a pooler (H×H); ``AlbertForMaskedLM`` a head
(H → d_emb, LayerNorm, decoder d_emb → V tied to the word table, V-bias);
``AlbertForSequenceClassification`` a classifier H → n_labels. Default: d_head = H/h.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    activation_of,
    activation_option,
    pooled_head,
    tie_option,
)
from symparam.assumptions import HEAD_SIZE
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
    Tensor,
    marked,
    on_first_token,
    unembedding,
)
from symparam.blocks.saved import Key, Saved, same_tensor
from symparam.errors import InvalidValueError
from symparam.family import Family
from symparam.modeltype import ActivationName, ModelType, Size, heads
from symparam.symbols import G, H, K, L, N, T, V, d_emb, d_ff, d_head, h, n_labels


def albert_layer(activation: str = "gelu_new") -> Sequential:
    q, k, v = (Linear(H, h * d_head) for _ in range(3))
    same_tensor("attention input", (q, "input"), (k, "input"), (v, "input"))
    act, ffn_output = Activation(d_ff, fn=activation), Linear(d_ff, H)
    same_tensor("activation output", (act, "output"), (ffn_output, "input"))
    return Sequential(
        full_layer_layer_norm=LayerNorm(H),
        attention=Attention(
            h * d_head, h * d_head, heads=h, query=q, key=k, value=v,
            dense=Linear(h * d_head, H), LayerNorm=LayerNorm(H),
        ),
        ffn=marked(Linear(H, d_ff), "mlp"),
        activation=act,
        ffn_output=marked(ffn_output, "mlp"),
        residual=Residual(H, adds=2),
    )


class SharedGroups(Repeat):
    """ALBERT's G layer groups: G sets of weights, but the forward pass runs one group's K
    layers for each of the N layers, so compute scales with N while parameters do not."""

    @property
    def runs(self) -> sympy.Expr:
        return N

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        if policy == "full":
            raise InvalidValueError("transformers' ALBERT has no gradient checkpointing: "
                                    "symparam derives full recomputation as it runs")
        return super().saved(batch, seq, policy, view)


def albert_model(pooler: bool, activation: str = "gelu_new") -> Sequential:
    parts = {
        "embeddings": Sequential(
            word_embeddings=Embedding(V, d_emb),
            position_embeddings=Embedding(L, d_emb, summed=True, indices="buffer"),
            token_type_embeddings=Embedding(T, d_emb, summed=True, indices="token_types"),
            LayerNorm=LayerNorm(d_emb),
        ),
        "encoder": Sequential(
            embedding_hidden_mapping_in=marked(Linear(d_emb, H), "embedding"),
            albert_layer_groups=SharedGroups(G, Sequential(albert_layers=Repeat(
                K, albert_layer(activation)))),
        ),
    }
    if pooler:  # dense and tanh on the first token, a slice of the last hidden states
        dense = pooled_head(Linear(H, H))
        dense.slices_sequence, dense.input_key = True, LAST_HIDDEN
        parts["pooler"] = dense
        parts["pooler_activation"] = on_first_token(Activation(H, fn="tanh"))
    return Sequential(**parts)


#: the encoder's last hidden states: the pooler reads a slice, the MLM head all of them
LAST_HIDDEN = Key("last hidden states")


def on_pooled(model: Sequential, head: Block) -> Block:
    """A head that reads the pooler's output: the tensor its tanh keeps already."""
    same_tensor("pooled output", (model["pooler_activation"], "output"), (head, "input"))
    return head


def mlm_head(body: Sequential, tied: bool, activation: str = "gelu_new") -> Sequential:
    """``predictions``: dense H → d_emb, LayerNorm, decoder d_emb → V tied to the word table."""
    bias = Tensor(V)
    decoder = Linear(d_emb, V, tie=body["embeddings"]["word_embeddings"].weight if tied else None)
    if tied:
        decoder.bias = Tensor(V, tie=bias)
    dense = Linear(H, d_emb)
    dense.input_key = LAST_HIDDEN
    return Sequential(bias=bias, LayerNorm=LayerNorm(d_emb), dense=dense,
                      activation=Activation(d_emb, fn=activation), decoder=unembedding(decoder),
                      kind="head")


#: the classes that put a head on every token of the encoder without its pooler
PER_TOKEN_HEADS = {
    "AlbertForTokenClassification": ("classifier", n_labels),
    "AlbertForQuestionAnswering": ("qa_outputs", n_labels),  # start and end: n_labels = 2
}


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    tied = bool(options["tie_word_embeddings"])
    act = activation_of(options, "gelu_new")
    if architecture == "AlbertModel":
        return albert_model(True, act)
    if architecture in ("AlbertForSequenceClassification", "AlbertForMultipleChoice"):
        # one score per choice (multiple choice), from its pooled token
        outputs = n_labels if architecture == "AlbertForSequenceClassification" else 1
        body = albert_model(True, act)
        return Sequential(albert=body,
                          classifier=on_pooled(body, pooled_head(Linear(H, outputs))))
    if architecture == "AlbertForPreTraining":  # MLM and sentence-order prediction
        body = albert_model(True, act)
        return Sequential(albert=body, predictions=mlm_head(body, tied, act),
                          sop_classifier=Sequential(
                              classifier=on_pooled(body, pooled_head(Linear(H, n_labels)))))
    if architecture in PER_TOKEN_HEADS:
        head, outputs = PER_TOKEN_HEADS[architecture]
        return Sequential(albert=albert_model(False, act),
                          **{head: marked(Linear(H, outputs), "head")})
    body = albert_model(False, act)
    return Sequential(albert=body, predictions=mlm_head(body, tied, act))


FAMILY = Family(
    name="albert",
    title="ALBERT",
    description="ALBERT encoder (Lan et al. 2020): factorised embeddings, layers shared in depth",
    architectures={
        "AlbertModel": "encoder with pooler",
        "AlbertForMaskedLM": "encoder with an MLM head tied to the word embeddings",
        "AlbertForSequenceClassification": "encoder with pooler and an H → n_labels classifier",
        "AlbertForPreTraining": "encoder with pooler, MLM head and sentence-order classifier",
        "AlbertForMultipleChoice": "encoder with pooler and an H → 1 score for each choice",
        "AlbertForTokenClassification": "encoder without pooler, an H → n_labels classifier on "
                                        "every token",
        "AlbertForQuestionAnswering": "encoder without pooler, qa_outputs H → n_labels (start, end "
                                      "logits)",
    },
    build=build,
    options=(tie_option(True), activation_option("gelu_new")),
    assumptions=(HEAD_SIZE,),
    divides=(HEADS_SPLIT_HIDDEN,),
    weightless={"N": "shared"},
)


MODEL_TYPES = (
    ModelType("albert", FAMILY, base="AlbertModel",
              classes=heads("Albert", "Albert", "Model", "ForMaskedLM",
                            "ForSequenceClassification", "ForPreTraining", "ForMultipleChoice",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
                     Size("L", "max_position_embeddings"), Size("T", "type_vocab_size"),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads"), Size("d_emb", "embedding_size"),
                     Size("G", "num_hidden_groups"), Size("K", "inner_group_num")),
              rules=(ActivationName("activation", "hidden_act", "gelu_new"),)),
)
