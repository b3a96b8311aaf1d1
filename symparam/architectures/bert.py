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

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    CrossAttention,
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
    unembedding,
)
from symparam.family import Family, Option
from symparam.modeltype import Flag, FlagIf, ModelType, Size, heads
from symparam.symbols import H, L, N, T, V, d_ff, d_head, h, n_labels


def embeddings(roberta: bool, tie: Tensor | None = None) -> Sequential:
    word, position = Embedding(V, H, tie=tie), Embedding(L, H, summed=True)
    token_type = Embedding(T, H, summed=True)
    if roberta:  # transformers registers RoBERTa's position table last
        return Sequential(word_embeddings=word, token_type_embeddings=token_type,
                          LayerNorm=LayerNorm(H), position_embeddings=position)
    return Sequential(word_embeddings=word, position_embeddings=position,
                      token_type_embeddings=token_type, LayerNorm=LayerNorm(H))


def attention_block(cross: bool = False) -> Sequential:
    """BERT's attention: ``self`` (query, key, value: H → h·d_head) and ``output`` (dense back
    to H, LayerNorm); ``cross``: the same weights over an encoder's states."""
    parts: dict[str, Block] = {
        "self": Attention(h * d_head, h * d_head, heads=h, query=Linear(H, h * d_head),
                          key=Linear(H, h * d_head), value=Linear(H, h * d_head)),
        "output": Sequential(dense=Linear(h * d_head, H), LayerNorm=LayerNorm(H)),
    }
    return marked(CrossAttention("BERT", **parts) if cross else Sequential(**parts), "attention")


def encoder_layer(cross: bool = False) -> Sequential:
    """One encoder layer; ``cross`` adds ``crossattention`` (a decoder's
    ``add_cross_attention``)."""
    parts: dict[str, Block] = {"attention": attention_block()}
    if cross:
        parts["crossattention"] = attention_block(cross=True)
    return Sequential(
        **parts,
        intermediate=Sequential(dense=Linear(H, d_ff), intermediate_act_fn=Activation(d_ff),
                                kind="mlp"),
        output=Sequential(dense=Linear(d_ff, H), LayerNorm=LayerNorm(H), kind="mlp"),
        residual=Residual(H, adds=len(parts) + 1),
    )


def bert_model(pooler: bool, roberta: bool = False, tie: Tensor | None = None,
               cross: bool = False) -> Sequential:
    parts = {"embeddings": embeddings(roberta, tie),
             "encoder": Sequential(layer=Repeat(N, encoder_layer(cross)))}
    if pooler:
        parts["pooler"] = Sequential(dense=Linear(H, H), activation=Activation(H), first_token=True,
                                     kind="head")
    return Sequential(**parts)


def mlm_head(word: Tensor | None, roberta: bool) -> Sequential:
    bias = Tensor(V)
    decoder = unembedding(Linear(H, V, tie=word))
    if word is not None:  # untied, transformers unties the decoder's bias too
        decoder.bias = Tensor(V, tie=bias)
    if roberta:
        return Sequential(bias=bias, dense=Linear(H, H), gelu=Activation(H),
                          layer_norm=LayerNorm(H), decoder=decoder, kind="head")
    return Sequential(
        bias=bias, transform=Sequential(dense=Linear(H, H), transform_act_fn=Activation(H),
                             LayerNorm=LayerNorm(H)),
        decoder=decoder, kind="head",
    )


def _word(body: Sequential, options: Mapping[str, Any]) -> Tensor | None:
    if not options["tie_word_embeddings"]:
        return None
    return body["embeddings"]["word_embeddings"].weight


#: the classes that put a head on every token of the encoder without its pooler
PER_TOKEN_HEADS = {
    "BertForTokenClassification": ("classifier", n_labels),
    "BertForQuestionAnswering": ("qa_outputs", n_labels),  # start and end: n_labels = 2
}


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    roberta = bool(options["roberta_layout"])
    cross = bool(options["add_cross_attention"])
    name = "roberta" if roberta else "bert"
    if architecture == "BertModel":
        return bert_model(pooler=bool(options["pooler"]), roberta=roberta, cross=cross)
    if architecture in ("BertForMaskedLM", "BertLMHeadModel") and options["heads_first"]:
        # XLM-RoBERTa registers its head first, so the decoder owns the shared matrix
        head = mlm_head(None, roberta=True)
        if options["tie_word_embeddings"]:
            head["decoder"].bias = Tensor(V, tie=head["bias"])
        tie = head["decoder"].weight if options["tie_word_embeddings"] else None
        return Sequential(lm_head=head, roberta=bert_model(False, True, tie, cross))
    if architecture in ("BertForMaskedLM", "BertLMHeadModel"):
        body = bert_model(pooler=False, roberta=roberta, cross=cross)
        head = mlm_head(_word(body, options), roberta)
        if roberta:
            return Sequential(roberta=body, lm_head=head)
        return Sequential(bert=body, cls=Sequential(predictions=head))
    if architecture == "BertForPreTraining":
        body = bert_model(pooler=True, cross=cross)
        head = mlm_head(_word(body, options), roberta=False)
        return Sequential(bert=body, cls=Sequential(predictions=head,
                                                    seq_relationship=pooled_head(Linear(H, 2))))
    if architecture == "BertForNextSentencePrediction":
        return Sequential(bert=bert_model(pooler=True, cross=cross),
                          cls=Sequential(seq_relationship=pooled_head(Linear(H, 2))))
    if architecture in PER_TOKEN_HEADS:
        head, outputs = PER_TOKEN_HEADS[architecture]
        return Sequential(**{name: bert_model(False, roberta, cross=cross),
                             head: marked(Linear(H, outputs), "head")})
    if architecture == "BertForMultipleChoice":  # one score per choice, from its pooled token
        return Sequential(**{name: bert_model(True, roberta, cross=cross)},
                          classifier=pooled_head(Linear(H, 1)))
    # BertForSequenceClassification
    if roberta:
        classifier = Sequential(dense=Linear(H, H), tanh=Activation(H),
                                out_proj=Linear(H, n_labels), first_token=True, kind="head")
        body = bert_model(pooler=False, roberta=True, cross=cross)
        if options["heads_first"]:
            return Sequential(classifier=classifier, roberta=body)
        return Sequential(roberta=body, classifier=classifier)
    return Sequential(**{name: bert_model(pooler=True, cross=cross)},
                      classifier=pooled_head(Linear(H, n_labels)))


FAMILY = Family(
    name="bert",
    title="BERT",
    description="BERT encoder (Devlin et al. 2019): learned positions, token types, post-LN",
    architectures={
        "BertModel": "encoder with pooler (what AutoModel builds)",
        "BertForMaskedLM": "encoder without pooler, MLM head tied to the word embeddings",
        "BertForPreTraining": "encoder with pooler, MLM head and next-sentence classifier",
        "BertForSequenceClassification": "encoder with pooler and an H → n_labels classifier",
        "BertForTokenClassification": "encoder without pooler, an H → n_labels classifier on "
                                      "every token",
        "BertForQuestionAnswering": "encoder without pooler, qa_outputs H → n_labels (start, end "
                                    "logits) on every token",
        "BertForMultipleChoice": "encoder with pooler and an H → 1 score for each choice",
        "BertForNextSentencePrediction": "encoder with pooler and the next-sentence classifier",
        "BertLMHeadModel": "encoder without pooler and the MLM head, used as a causal LM",
    },
    build=build,
    options=(
        Option("pooler", True, "BertModel's pooler (dense H×H on the first token)"),
        Option("roberta_layout", False, "RoBERTa's names and heads (model_type roberta)",
               variant=True),
        tie_option(True),
        Option("heads_first", False, "heads registered before the body (XLM-RoBERTa)",
               variant=True),
        Option("add_cross_attention", False, "a cross-attention over an encoder's states in "
               "every layer (a decoder's)", variant=True),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(HEADS_SPLIT_HIDDEN,),
)


def _encoder_sizes(position_pads: bool) -> tuple[Size, ...]:
    return (Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
            Size("L", "max_position_embeddings", pads=position_pads),
            Size("T", "type_vocab_size"), Size("H", "hidden_size"),
            Size("d_ff", "intermediate_size"), Size("h", "num_attention_heads"))


#: what each encoder record reads besides its sizes: the tied head, cross-attention (which
#: transformers builds only into a decoder)
ENCODER_RULES = (Flag("tie_word_embeddings"),
                 FlagIf("add_cross_attention", "add_cross_attention", needs="is_decoder"))

#: the classes RoBERTa and XLM-RoBERTa register, by the BERT class that builds each
ROBERTA_CLASSES = ("Model", "ForMaskedLM", "ForSequenceClassification", "ForTokenClassification",
                   "ForQuestionAnswering", "ForMultipleChoice")


def _roberta(prefix: str) -> dict[str, str]:
    return {**heads(prefix, "Bert", *ROBERTA_CLASSES), f"{prefix}ForCausalLM": "BertLMHeadModel"}


MODEL_TYPES = (
    ModelType("bert", FAMILY, base="BertModel",
              classes={**heads("Bert", "Bert", "Model", "ForMaskedLM", "ForSequenceClassification",
                               "ForPreTraining", "ForTokenClassification",
                               "ForQuestionAnswering", "ForMultipleChoice",
                               "ForNextSentencePrediction", "LMHeadModel")},
              sizes=_encoder_sizes(False), rules=ENCODER_RULES),
    # RoBERTa pads its position table with pad_token_id too
    ModelType("roberta", FAMILY, base="RobertaModel", classes=_roberta("Roberta"),
              sizes=_encoder_sizes(True), rules=ENCODER_RULES,
              fixed={"roberta_layout": True}),
    ModelType("xlm-roberta", FAMILY, base="XLMRobertaModel", classes=_roberta("XLMRoberta"),
              sizes=_encoder_sizes(True), rules=ENCODER_RULES,
              fixed={"roberta_layout": True, "heads_first": True}),
)
