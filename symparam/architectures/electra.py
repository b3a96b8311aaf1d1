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

from symparam.architectures.bert import ENCODER_RULES, encoder_layer
from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    NoCompute,
    activation_of,
    activation_option,
    pooled_head,
    tie_option,
)
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import (
    Activation,
    Block,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Sequential,
    marked,
    on_first_token,
    unembedding,
)
from symparam.blocks.saved import same_tensor
from symparam.family import Family, Option
from symparam.modeltype import (
    ActivationName,
    Differs,
    Flag,
    ModelType,
    Size,
    heads,
    known_activation,
)
from symparam.symbols import H, L, N, T, V, d_emb, n_labels


def electra_model(project: bool, cross: bool = False, activation: str = "gelu") -> Sequential:
    width = d_emb if project else H
    parts: dict[str, Block] = {
        "embeddings": Sequential(
            word_embeddings=Embedding(V, width),
            position_embeddings=Embedding(L, width, summed=True, indices="buffer"),
            token_type_embeddings=Embedding(T, width, summed=True, indices="token_types"),
            LayerNorm=LayerNorm(width),
        ),
    }
    if project:
        parts["embeddings_project"] = marked(Linear(d_emb, H), "embedding")
    parts["encoder"] = Sequential(layer=Repeat(N, encoder_layer(cross, activation)))
    return Sequential(**parts)


def first_token_head(outputs: Any, activation: str, **names: str) -> Sequential:
    """dense (H → H) on the first token (a slice of the last hidden states), the activation,
    then a projection to ``outputs``; ``names``: the three modules' names."""
    dense = Linear(H, H)
    dense.slices_sequence = True
    act, out = Activation(H, fn=activation), Linear(H, outputs)
    same_tensor("activation output", (act, "output"), (out, "input"))
    return Sequential(**{names.get("dense", "dense"): dense,
                         names.get("activation", "activation"): act,
                         names.get("out", "out_proj"): out}, first_token=True, kind="head")


def summary_activation(options: Mapping[str, Any]) -> str:
    """The summary's activation, which only the multiple-choice class builds."""
    return known_activation(activation_of(options, "gelu", "summary_activation"),
                            "summary_activation")


def multiple_choice(body: Block, options: Mapping[str, Any]) -> Sequential:
    """A score per choice from a summary of its sequence: the first token, projected H → H (or
    H → n_labels with ``summary_proj_to_labels``) unless ``summary_use_proj`` is false."""
    parts: dict[str, Block] = {"electra": body}
    if options["summary_projection"] and options["summary_to_labels"]:
        # transformers builds it, but its classifier expects H inputs
        parts["sequence_summary"] = marked(on_first_token(NoCompute(
            "ELECTRA's multiple-choice head cannot run with summary_proj_to_labels: its "
            "classifier takes H numbers, the summary gives n_labels",
            summary=Linear(H, n_labels), activation=Activation(n_labels))), "head")
    elif options["summary_projection"]:
        summary = Linear(H, H)
        summary.slices_sequence = True
        parts["sequence_summary"] = Sequential(
            summary=summary, activation=Activation(H, fn=summary_activation(options)),
            first_token=True, kind="head")
    else:  # no projection: the activation runs on the first token's slice itself
        activation = Activation(H, fn=summary_activation(options))
        activation.slices_sequence = True
        parts["sequence_summary"] = Sequential(activation=activation, first_token=True,
                                               kind="head")
    return Sequential(**parts, classifier=pooled_head(Linear(H, 1)))


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    project = bool(options["project_embeddings"])
    act = activation_of(options, "gelu")
    body = electra_model(project, bool(options["add_cross_attention"]), act)
    if architecture == "ElectraModel":
        return body
    if architecture == "ElectraForSequenceClassification":  # gelu, as ELECTRA's authors
        return Sequential(electra=body, classifier=first_token_head(n_labels, "gelu"))
    if architecture == "ElectraForPreTraining":  # the discriminator: replaced or original?
        activation, prediction = Activation(H, fn=act), Linear(H, 1)
        same_tensor("activation output", (activation, "output"), (prediction, "input"))
        return Sequential(electra=body, discriminator_predictions=Sequential(
            dense=Linear(H, H), activation=activation, dense_prediction=prediction,
            kind="head"))
    if architecture == "ElectraForTokenClassification":
        return Sequential(electra=body, classifier=marked(Linear(H, n_labels), "head"))
    if architecture == "ElectraForQuestionAnswering":
        return Sequential(electra=body, qa_outputs=marked(Linear(H, n_labels), "head"))
    if architecture == "ElectraForMultipleChoice":
        return multiple_choice(body, options)
    # the generator (ElectraForMaskedLM, and ElectraForCausalLM with the same head)
    width = d_emb if project else H
    word = body["embeddings"]["word_embeddings"].weight
    return Sequential(
        electra=body,
        generator_predictions=Sequential(LayerNorm=LayerNorm(width), dense=Linear(H, width),
                                         activation=Activation(width, fn="gelu"), kind="head"),
        generator_lm_head=unembedding(marked(Linear(
            width, V, tie=word if options["tie_word_embeddings"] else None), "head")),
    )


FAMILY = Family(
    name="electra",
    title="ELECTRA",
    description="ELECTRA encoder (Clark et al. 2020): BERT with narrower embeddings, no pooler",
    architectures={
        "ElectraModel": "encoder",
        "ElectraForMaskedLM": "the generator: encoder with an MLM head tied to the word table",
        "ElectraForSequenceClassification": "encoder with a two-layer classifier",
        "ElectraForPreTraining": "the discriminator: encoder with a two-layer head that scores "
                                 "each token as replaced or original",
        "ElectraForCausalLM": "the generator's head used as a causal LM",
        "ElectraForTokenClassification": "encoder with an H → n_labels classifier on every "
                                         "token",
        "ElectraForQuestionAnswering": "encoder with qa_outputs H → n_labels (start, end logits)",
        "ElectraForMultipleChoice": "encoder, a sequence summary and an H → 1 score per choice",
    },
    build=build,
    options=(
        tie_option(True),
        Option("project_embeddings", True, "a d_emb → H projection (when d_emb ≠ H)"),
        Option("add_cross_attention", False, "a cross-attention over an encoder's states in "
               "every layer (a decoder's)", variant=True),
        Option("summary_projection", True, "the multiple-choice summary's projection "
               "(summary_use_proj)"),
        Option("summary_to_labels", False, "the summary projects to n_labels, not H "
               "(summary_proj_to_labels)", variant=True),
        activation_option("gelu"),
        Option("summary_activation", "", "the multiple-choice summary's activation, where not "
               "gelu", variant=True, where_built=True),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(HEADS_SPLIT_HIDDEN,),
)


MODEL_TYPES = (
    ModelType("electra", FAMILY, base="ElectraModel",
              classes=heads("Electra", "Electra", "Model", "ForMaskedLM",
                            "ForSequenceClassification", "ForPreTraining", "ForCausalLM",
                            "ForTokenClassification", "ForQuestionAnswering",
                            "ForMultipleChoice"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
                     Size("L", "max_position_embeddings"), Size("T", "type_vocab_size"),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads"), Size("d_emb", "embedding_size")),
              rules=(*ENCODER_RULES,
                     Differs("project_embeddings", "embedding_size", "hidden_size"),
                     Flag("summary_projection", "summary_use_proj"),
                     Flag("summary_to_labels", "summary_proj_to_labels", absent=False),
                     ActivationName("summary_activation", "summary_activation", "gelu",
                                    where_built=True))),
)
