"""BERT (Devlin et al. 2019) and RoBERTa (Liu et al. 2019), as transformers builds them.

Embeddings: word (V×H), position (L×H) and token-type (T×H) tables, summed, then LayerNorm.
Each of the N encoder layers: self-attention (query, key, value: H → h·d_head, with bias), an
output projection back to H with LayerNorm, and a two-layer FFN (H → d_ff → H) with LayerNorm.
``BertModel`` adds a pooler (a dense H×H layer on the first token). ``BertForMaskedLM`` drops the
pooler and adds a transform (dense + LayerNorm) and a decoder tied to the word embeddings, whose
bias is the head's own V-vector; ``BertForPreTraining`` keeps the pooler and adds the
next-sentence classifier (H → 2); ``BertForSequenceClassification`` puts a classifier
(H → n_labels) on the pooler. The default assumption is d_head = H/h.

``heads_first`` registers the head before the body, as XLM-RoBERTa does (so the tied matrix is
owned by ``lm_head.decoder``). ``roberta_layout`` gives RoBERTa's names: the body is
``roberta``, the MLM head ``lm_head`` (dense, layer_norm, tied decoder, bias), the sequence
classifier a dense H×H layer and an output projection on the first token, without the pooler.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import HEADS_SPLIT_HIDDEN, tie_option
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import (
    Activation,
    Attention,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
    Tensor,
    on_first_token,
)
from symparam.family import Family, Option
from symparam.modeltype import Flag, ModelType, Size, heads
from symparam.symbols import H, L, N, T, V, d_ff, d_head, h, n_labels


def embeddings(roberta: bool, tie: Tensor | None = None) -> Sequential:
    word, position = Embedding(V, H, tie=tie), Embedding(L, H, summed=True)
    token_type = Embedding(T, H, summed=True)
    if roberta:  # transformers registers RoBERTa's position table last
        return Sequential(word_embeddings=word, token_type_embeddings=token_type,
                          LayerNorm=LayerNorm(H), position_embeddings=position)
    return Sequential(word_embeddings=word, position_embeddings=position,
                      token_type_embeddings=token_type, LayerNorm=LayerNorm(H))


def encoder_layer() -> Sequential:
    return Sequential(
        attention=Sequential(
            self=Attention(
                h * d_head, h * d_head, heads=h,
                query=Linear(H, h * d_head), key=Linear(H, h * d_head), value=Linear(H, h * d_head),
            ),
            output=Sequential(dense=Linear(h * d_head, H), LayerNorm=LayerNorm(H)),
        ),
        intermediate=Sequential(dense=Linear(H, d_ff), intermediate_act_fn=Activation(d_ff)),
        output=Sequential(dense=Linear(d_ff, H), LayerNorm=LayerNorm(H)),
        residual=Residual(H, adds=2),
    )


def bert_model(pooler: bool, roberta: bool = False, tie: Tensor | None = None) -> Sequential:
    parts = {"embeddings": embeddings(roberta, tie),
             "encoder": Sequential(layer=Repeat(N, encoder_layer()))}
    if pooler:
        parts["pooler"] = Sequential(dense=Linear(H, H), activation=Activation(H), first_token=True)
    return Sequential(**parts)


def mlm_head(word: Tensor | None, roberta: bool) -> Sequential:
    bias = Tensor(V)
    decoder = Linear(H, V, tie=word)
    if word is not None:  # untied, transformers unties the decoder's bias too
        decoder.bias = Tensor(V, tie=bias)
    if roberta:
        return Sequential(bias=bias, dense=Linear(H, H), gelu=Activation(H),
                          layer_norm=LayerNorm(H), decoder=decoder)
    return Sequential(
        bias=bias, transform=Sequential(dense=Linear(H, H), transform_act_fn=Activation(H),
                             LayerNorm=LayerNorm(H)),
        decoder=decoder,
    )


def _word(body: Sequential, options: Mapping[str, Any]) -> Tensor | None:
    if not options["tie_word_embeddings"]:
        return None
    return body["embeddings"]["word_embeddings"].weight


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    roberta = bool(options["roberta_layout"])
    name = "roberta" if roberta else "bert"
    if architecture == "BertModel":
        return bert_model(pooler=bool(options["pooler"]), roberta=roberta)
    if architecture == "BertForMaskedLM" and options["heads_first"]:
        # XLM-RoBERTa registers its head first, so the decoder owns the shared matrix
        head = mlm_head(None, roberta=True)
        if options["tie_word_embeddings"]:
            head["decoder"].bias = Tensor(V, tie=head["bias"])
        tie = head["decoder"].weight if options["tie_word_embeddings"] else None
        return Sequential(lm_head=head, roberta=bert_model(False, roberta=True, tie=tie))
    if architecture == "BertForMaskedLM":
        body = bert_model(pooler=False, roberta=roberta)
        head = mlm_head(_word(body, options), roberta)
        if roberta:
            return Sequential(roberta=body, lm_head=head)
        return Sequential(bert=body, cls=Sequential(predictions=head))
    if architecture == "BertForPreTraining":
        body = bert_model(pooler=True)
        head = mlm_head(_word(body, options), roberta=False)
        return Sequential(bert=body, cls=Sequential(predictions=head,
                                                    seq_relationship=on_first_token(Linear(H, 2))))
    # BertForSequenceClassification
    if roberta:
        classifier = Sequential(dense=Linear(H, H), tanh=Activation(H),
                                out_proj=Linear(H, n_labels), first_token=True)
        body = bert_model(pooler=False, roberta=True)
        if options["heads_first"]:
            return Sequential(classifier=classifier, roberta=body)
        return Sequential(roberta=body, classifier=classifier)
    return Sequential(**{name: bert_model(pooler=True)},
                      classifier=on_first_token(Linear(H, n_labels)))


FAMILY = Family(
    name="bert",
    title="BERT",
    description="BERT encoder (Devlin et al. 2019): learned positions, token types, post-LN",
    architectures={
        "BertModel": "encoder with pooler (what AutoModel builds)",
        "BertForMaskedLM": "encoder without pooler, MLM head tied to the word embeddings",
        "BertForPreTraining": "encoder with pooler, MLM head and next-sentence classifier",
        "BertForSequenceClassification": "encoder with pooler and an H → n_labels classifier",
    },
    build=build,
    options=(
        Option("pooler", True, "BertModel's pooler (dense H×H on the first token)"),
        Option("roberta_layout", False, "RoBERTa's names and heads (model_type roberta)",
               variant=True),
        tie_option(True),
        Option("heads_first", False, "heads registered before the body (XLM-RoBERTa)",
               variant=True),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(HEADS_SPLIT_HIDDEN,),
)


def _encoder_sizes(position_pads: bool) -> tuple[Size, ...]:
    return (Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
            Size("L", "max_position_embeddings", pads=position_pads),
            Size("T", "type_vocab_size"), Size("H", "hidden_size"),
            Size("d_ff", "intermediate_size"), Size("h", "num_attention_heads"))


MODEL_TYPES = (
    ModelType("bert", FAMILY, base="BertModel",
              classes=heads("Bert", "Bert", "Model", "ForMaskedLM", "ForSequenceClassification",
                            "ForPreTraining"),
              sizes=_encoder_sizes(False), rules=(Flag("tie_word_embeddings"),)),
    # RoBERTa pads its position table with pad_token_id too
    ModelType("roberta", FAMILY, base="RobertaModel",
              classes=heads("Roberta", "Bert", "Model", "ForMaskedLM", "ForSequenceClassification"),
              sizes=_encoder_sizes(True), rules=(Flag("tie_word_embeddings"),),
              fixed={"roberta_layout": True}),
    ModelType("xlm-roberta", FAMILY, base="XLMRobertaModel",
              classes=heads("XLMRoberta", "Bert", "Model", "ForMaskedLM",
                            "ForSequenceClassification"),
              sizes=_encoder_sizes(True), rules=(Flag("tie_word_embeddings"),),
              fixed={"roberta_layout": True, "heads_first": True}),
)
