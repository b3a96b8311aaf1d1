"""BERT (Devlin et al. 2019) and RoBERTa (Liu et al. 2019), as transformers builds them.

Embeddings: word (V×H), position (L×H) and token-type (T×H) tables, summed, then LayerNorm.
Each of the N encoder layers: self-attention (query, key, value: H → h·d_head, with bias), an
output projection back to H with LayerNorm, and a two-layer FFN (H → d_ff → H) with LayerNorm.
``BertModel`` adds a pooler (a dense H×H layer on the first token). ``BertForMaskedLM`` drops the
pooler and adds a transform (dense + LayerNorm) and a decoder tied to the word embeddings, whose
bias is the head's own V-vector; ``BertForPreTraining`` keeps the pooler and adds the
next-sentence classifier (H → 2); ``BertForSequenceClassification`` puts a classifier
(H → n_labels) on the pooler. The default assumption is d_head = H/h.

``heads_first`` registers the head before the body, as XLM-RoBERTa and CamemBERT do (so the
tied matrix is owned by ``lm_head.decoder``). ``roberta_layout`` gives RoBERTa's names: the body
is ``roberta``, the MLM head ``lm_head`` (dense, layer_norm, tied decoder, bias), the sequence
classifier a dense H×H layer and an output projection on the first token, without the pooler.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    CrossAttention,
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
    unembedding,
)
from symparam.blocks.saved import same_tensor
from symparam.family import Family, Option
from symparam.modeltype import ActivationName, FlagIf, ModelType, Size, heads
from symparam.symbols import H, L, N, T, V, d_ff, d_head, h, n_labels


def embeddings(roberta: bool, tie: Tensor | None = None) -> Sequential:
    # BERT's positions are a slice of a buffer, RoBERTa's are counted from each sequence's
    # tokens; the token types (all zero) are gathered from a buffer by those positions
    word = Embedding(V, H, tie=tie)
    position = Embedding(L, H, summed=True, indices="batch_positions" if roberta else "buffer")
    token_type = Embedding(T, H, summed=True,
                           indices="batch_token_types" if roberta else "token_types")
    if roberta:  # transformers registers RoBERTa's position table last
        return Sequential(word_embeddings=word, token_type_embeddings=token_type,
                          LayerNorm=LayerNorm(H), position_embeddings=position)
    return Sequential(word_embeddings=word, position_embeddings=position,
                      token_type_embeddings=token_type, LayerNorm=LayerNorm(H))


def attention_block(cross: bool = False) -> Sequential:
    """BERT's attention: ``self`` (query, key, value: H → h·d_head) and ``output`` (dense back
    to H, LayerNorm); ``cross``: the same weights over an encoder's states."""
    query, key, value = (Linear(H, h * d_head) for _ in range(3))
    same_tensor("attention input", (query, "input"), (key, "input"), (value, "input"))
    parts: dict[str, Block] = {
        "self": Attention(h * d_head, h * d_head, heads=h, query=query, key=key, value=value),
        "output": Sequential(dense=Linear(h * d_head, H), LayerNorm=LayerNorm(H)),
    }
    return marked(CrossAttention("BERT", **parts) if cross else Sequential(**parts), "attention")


def encoder_layer(cross: bool = False, activation: str = "gelu") -> Sequential:
    """One encoder layer; ``cross`` adds ``crossattention`` (a decoder's
    ``add_cross_attention``)."""
    parts: dict[str, Block] = {"attention": attention_block()}
    act, dense = Activation(d_ff, fn=activation), Linear(d_ff, H)
    same_tensor("activation output", (act, "output"), (dense, "input"))
    if cross:
        parts["crossattention"] = attention_block(cross=True)
    return Sequential(
        **parts,
        intermediate=Sequential(dense=Linear(H, d_ff), intermediate_act_fn=act, kind="mlp"),
        output=Sequential(dense=dense, LayerNorm=LayerNorm(H), kind="mlp"),
        residual=Residual(H, adds=len(parts) + 1),
    )


def bert_model(pooler: bool, roberta: bool = False, tie: Tensor | None = None,
               cross: bool = False, activation: str = "gelu") -> Sequential:
    parts = {"embeddings": embeddings(roberta, tie),
             "encoder": Sequential(layer=Repeat(N, encoder_layer(cross, activation)))}
    if pooler:  # dense and tanh on the first token (a slice of the last hidden states)
        dense = Linear(H, H)
        dense.slices_sequence = True
        parts["pooler"] = Sequential(dense=dense, activation=Activation(H, fn="tanh"),
                                     first_token=True, kind="head")
    return Sequential(**parts)


def on_pooled(model: Sequential, head: Block) -> Block:
    """A head that reads the pooler's output: the tensor its tanh keeps already."""
    same_tensor("pooled output", (model["pooler"]["activation"], "output"), (head, "input"))
    return head


def mlm_head(word: Tensor | None, roberta: bool, activation: str = "gelu") -> Sequential:
    bias = Tensor(V)
    decoder = unembedding(Linear(H, V, tie=word))
    if word is not None:  # untied, transformers unties the decoder's bias too
        decoder.bias = Tensor(V, tie=bias)
    if roberta:  # RoBERTa's head calls gelu itself
        return Sequential(bias=bias, dense=Linear(H, H), gelu=Activation(H, fn="gelu"),
                          layer_norm=LayerNorm(H), decoder=decoder, kind="head")
    return Sequential(
        bias=bias, transform=Sequential(dense=Linear(H, H),
                                        transform_act_fn=Activation(H, fn=activation),
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
    act = activation_of(options, "gelu")
    name = "roberta" if roberta else "bert"

    def body(pooler: bool, tie: Tensor | None = None, layout: bool = roberta) -> Sequential:
        return bert_model(pooler, layout, tie, cross, act)

    if architecture == "BertModel":
        return body(bool(options["pooler"]))
    if architecture in ("BertForMaskedLM", "BertLMHeadModel") and options["heads_first"]:
        # XLM-RoBERTa registers its head first, so the decoder owns the shared matrix
        head = mlm_head(None, roberta=True)
        if options["tie_word_embeddings"]:
            head["decoder"].bias = Tensor(V, tie=head["bias"])
        tie = head["decoder"].weight if options["tie_word_embeddings"] else None
        return Sequential(lm_head=head, roberta=body(False, tie, True))
    if architecture in ("BertForMaskedLM", "BertLMHeadModel"):
        encoder = body(False)
        head = mlm_head(_word(encoder, options), roberta, act)
        if roberta:
            return Sequential(roberta=encoder, lm_head=head)
        return Sequential(bert=encoder, cls=Sequential(predictions=head))
    if architecture == "BertForPreTraining":
        encoder = body(True, layout=False)
        head = mlm_head(_word(encoder, options), False, act)
        relationship = on_pooled(encoder, pooled_head(Linear(H, 2)))
        same_tensor("last hidden states", (encoder["pooler"]["dense"], "input"),
                    (head["transform"]["dense"], "input"))
        return Sequential(bert=encoder, cls=Sequential(predictions=head,
                                                       seq_relationship=relationship))
    if architecture == "BertForNextSentencePrediction":
        encoder = body(True, layout=False)
        return Sequential(bert=encoder, cls=Sequential(
            seq_relationship=on_pooled(encoder, pooled_head(Linear(H, 2)))))
    if architecture in PER_TOKEN_HEADS:
        head, outputs = PER_TOKEN_HEADS[architecture]
        return Sequential(**{name: body(False), head: marked(Linear(H, outputs), "head")})
    if architecture == "BertForMultipleChoice":  # one score per choice, from its pooled token
        encoder = body(True)
        return Sequential(**{name: encoder},
                          classifier=on_pooled(encoder, pooled_head(Linear(H, 1))))
    # BertForSequenceClassification
    if roberta:  # on the first token: dense, tanh, out_proj
        dense, tanh, out_proj = Linear(H, H), Activation(H, fn="tanh"), Linear(H, n_labels)
        dense.slices_sequence = True
        same_tensor("tanh output", (tanh, "output"), (out_proj, "input"))
        classifier = Sequential(dense=dense, tanh=tanh, out_proj=out_proj, first_token=True,
                                kind="head")
        encoder = body(False)
        if options["heads_first"]:
            return Sequential(classifier=classifier, roberta=encoder)
        return Sequential(roberta=encoder, classifier=classifier)
    encoder = body(True)
    return Sequential(**{name: encoder},
                      classifier=on_pooled(encoder, pooled_head(Linear(H, n_labels))))


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
        Option("heads_first", False, "heads registered before the body (XLM-RoBERTa, CamemBERT)",
               variant=True),
        Option("add_cross_attention", False, "a cross-attention over an encoder's states in "
               "every layer (a decoder's)", variant=True),
        activation_option("gelu"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(HEADS_SPLIT_HIDDEN,),
)


def _encoder_sizes(position_pads: bool) -> tuple[Size, ...]:
    return (Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
            Size("L", "max_position_embeddings", pads=position_pads),
            Size("T", "type_vocab_size"), Size("H", "hidden_size"),
            Size("d_ff", "intermediate_size"), Size("h", "num_attention_heads"))


#: what each encoder record reads besides its sizes and the tied head: cross-attention (which
#: transformers builds only into a decoder), the activation
ENCODER_RULES = (FlagIf("add_cross_attention", "add_cross_attention", needs="is_decoder"),
                 ActivationName("activation", "hidden_act", "gelu"))

#: RoBERTa (it pads its position table with pad_token_id too); XLM-RoBERTa extends it by its
#: heads' layout, and CamemBERT (Martin et al. 2020: RoBERTa trained on French) is laid out as
#: XLM-RoBERTa
ROBERTA = ModelType("roberta", FAMILY, base="RobertaModel",
                    classes={**heads("Roberta", "Bert", "Model", "ForMaskedLM",
                                     "ForSequenceClassification", "ForTokenClassification",
                                     "ForQuestionAnswering", "ForMultipleChoice"),
                             "RobertaForCausalLM": "BertLMHeadModel"},
                    sizes=_encoder_sizes(True), rules=ENCODER_RULES,
                    fixed={"roberta_layout": True})
XLM_ROBERTA = ROBERTA.extend("xlm-roberta", "XLMRoberta",
                             fixed={**ROBERTA.fixed, "heads_first": True})

MODEL_TYPES = (
    ModelType("bert", FAMILY, base="BertModel",
              classes={**heads("Bert", "Bert", "Model", "ForMaskedLM", "ForSequenceClassification",
                               "ForPreTraining", "ForTokenClassification",
                               "ForQuestionAnswering", "ForMultipleChoice",
                               "ForNextSentencePrediction", "LMHeadModel")},
              sizes=_encoder_sizes(False), rules=ENCODER_RULES),
    ROBERTA,
    XLM_ROBERTA,
    XLM_ROBERTA.extend("camembert", "Camembert"),
)
