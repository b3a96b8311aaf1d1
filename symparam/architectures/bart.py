"""BART (Lewis et al. 2020) and the encoder–decoders built like it: mBART (Liu et al. 2020),
Marian (Junczys-Dowmunt et al. 2018) and Pegasus (Zhang et al. 2020), as transformers builds
them.

One V×H token table (``shared``) embeds the encoder's input and the decoder's, and the LM head
reads it too (``tie_word_embeddings``). Each stack adds a position table to its token
embeddings: BART and mBART learn one of L + 2 rows (fairseq kept two rows before the first
position), Marian and Pegasus fix one of L sinusoidal rows (``sinusoidal``; still a weight
tensor, which transformers counts). BART and mBART normalise the sum (``embedding_norm``).
Encoder layer: self-attention (q, k, v, out: H → H with biases, h heads), then an FFN
H → d_ff → H, each added to the residual and normalised after it (post-LN: BART, Marian), or
normalised before it with a final LayerNorm after each stack (``pre_norm``: mBART, Pegasus).
Decoder layer: masked self-attention, cross-attention — its queries are the decoder's tokens,
its keys and values the encoder's output — and an FFN H → d_ff_dec → H, with h_dec heads.
Marian's decoder may read a vocabulary of its own (``own_decoder_vocab``: V_dec rows) and its
encoder and decoder may keep separate tables (``shared_vocab`` off: no ``shared``).

Classes: the model, the generator with its LM head (its ``final_logits_bias`` is a buffer, not
a weight, added to every logit), a sequence classifier (dense H×H, tanh and H → n_labels on the
last ``</s>``), a span extractor (H → 2 on each token) and the decoder alone as a causal LM
(its cross-attention weights and their LayerNorm are built, but no encoder feeds them). For
compute the encoder reads s tokens and the decoder writes s_dec (the classifiers decode their
input shifted right: s); cross-attention's keys and values are the encoder's s states.
Defaults: N_dec = N, d_ff_dec = d_ff, h_dec = h (each config gives its own).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import tie_option, variant
from symparam.assumptions import DECODER_DEPTH, DECODER_FFN, DECODER_HEADS, DECODER_VOCAB
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Elementwise,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
    attends_to,
    marked,
    on_sequence,
)
from symparam.blocks.relative import Idle
from symparam.family import Divides, Family, Option
from symparam.inputs import Inputs
from symparam.modeltype import Flag, ModelType, Size, heads
from symparam.symbols import H, L, N, N_dec, V, V_dec, d_ff, d_ff_dec, h, h_dec, n_labels, s, s_dec


def attention(heads: sympy.Expr, key_bias: bool = True, cache: bool = False) -> Attention:
    """Multi-head attention over H: q, k, v and out, each H → H with a bias (Whisper's keys
    have none); ``cache``: a decoder keeps 2H numbers (keys, values) a token."""
    return Attention(H, H, heads=heads, kv_cache=2 * H if cache else None,
                     k_proj=Linear(H, H, bias=key_bias), v_proj=Linear(H, H),
                     q_proj=Linear(H, H), out_proj=Linear(H, H))


def encoder_layer(key_bias: bool = True) -> Sequential:
    return Sequential(
        self_attn=attention(h, key_bias), self_attn_layer_norm=LayerNorm(H),
        fc1=marked(Linear(H, d_ff), "mlp"), activation_fn=Activation(d_ff),
        fc2=marked(Linear(d_ff, H), "mlp"), final_layer_norm=LayerNorm(H),
        residual=Residual(H, adds=2),
    )


def decoder_layer(fed: bool, key_bias: bool = True, encoder: sympy.Expr = s) -> Sequential:
    """A decoder layer whose cross-attention reads the ``encoder``'s states; without an
    encoder to feed it (``fed`` false: the decoder alone, a causal LM) that cross-attention
    holds weights and does no work. Generating, it keeps the keys and values of its own tokens
    and, fed, those the cross-attention made of the encoder's states (transformers'
    EncoderDecoderCache: its self- and cross-attention caches)."""
    cross: Block = attends_to(encoder, attention(h_dec, key_bias, cache=fed), "k_proj",
                              "v_proj")
    cross_norm: Block = LayerNorm(H)
    return Sequential(
        self_attn=attention(h_dec, key_bias, cache=True), self_attn_layer_norm=LayerNorm(H),
        encoder_attn=cross if fed else Idle(cross),
        encoder_attn_layer_norm=cross_norm if fed else Idle(cross_norm),
        fc1=marked(Linear(H, d_ff_dec), "mlp"), activation_fn=Activation(d_ff_dec),
        fc2=marked(Linear(d_ff_dec, H), "mlp"), final_layer_norm=LayerNorm(H),
        residual=Residual(H, adds=3 if fed else 2),
    )


def stack(options: Mapping[str, Any], layers: Block, tokens: Embedding | None,
          positions: Block) -> Sequential:
    """A stack: its token table (its own, or tied to ``shared``), its position table, its
    layers, LayerNorms after the embeddings and after the last layer where it has them."""
    parts: dict[str, Block] = {}
    if tokens is not None:
        parts["embed_tokens"] = tokens
    parts.update(embed_positions=positions, layers=layers)
    if options["embedding_norm"]:
        parts["layernorm_embedding"] = LayerNorm(H)
    if options["pre_norm"]:
        parts["layer_norm"] = LayerNorm(H)
    return Sequential(**parts)


def position_table(options: Mapping[str, Any]) -> Embedding:
    """L sinusoidal rows, or L + 2 learned ones (BART's offset of 2), added to the tokens."""
    rows = L if options["sinusoidal"] else L + 2
    return Embedding(rows, H, summed=True)


def token_tables(options: Mapping[str, Any]) -> tuple[Embedding | None, Embedding, Embedding]:
    """``shared`` (None where the encoder and decoder keep their own, Marian's
    ``shared_vocab`` off) and the encoder's and decoder's token tables, tied to it or not."""
    decoder_rows = V_dec if options["own_decoder_vocab"] else V
    if not options["shared_vocab"]:
        return None, Embedding(V, H), Embedding(decoder_rows, H)
    shared = Embedding(V, H)
    if options["tie_word_embeddings"]:
        return shared, Embedding(V, H, tie=shared.weight), Embedding(V, H, tie=shared.weight)
    return shared, Embedding(V, H), Embedding(decoder_rows, H)


def model(options: Mapping[str, Any], decoded: sympy.Expr) -> tuple[Sequential, Embedding]:
    """The encoder–decoder (``…Model``), its decoder on ``decoded`` tokens, and the table
    the LM head reads."""
    shared, encoder_tokens, decoder_tokens = token_tables(options)
    parts: dict[str, Block] = {}
    if shared is not None:
        parts["shared"] = shared
    parts["encoder"] = stack(options, Repeat(N, encoder_layer()), encoder_tokens,
                             position_table(options))
    parts["decoder"] = on_sequence(stack(options, Repeat(N_dec, decoder_layer(True)),
                                         decoder_tokens, position_table(options)), decoded)
    if shared is not None and options["tie_word_embeddings"]:
        return Sequential(**parts), shared
    return Sequential(**parts), decoder_tokens


def lm_head(table: Embedding, options: Mapping[str, Any]) -> Linear:
    """The LM head on the decoder's tokens: tied to ``table``, or its own (V rows, the
    decoder's V_dec where the encoder and decoder keep separate tables)."""
    if options["tie_word_embeddings"]:
        head = Linear(H, table.num_embeddings, bias=False, tie=table.weight)
    else:
        rows = V_dec if options["own_decoder_vocab"] and not options["shared_vocab"] else V
        head = Linear(H, rows, bias=False)
    marked(head, "head")
    return head


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    if architecture == "BartForCausalLM":  # the decoder alone, no encoder to feed it
        tokens = Embedding(V_dec if options["own_decoder_vocab"] else V, H)
        decoder = stack(options, Repeat(N_dec, decoder_layer(False)), tokens,
                        position_table(options))
        head = marked(Linear(H, tokens.num_embeddings if options["tie_word_embeddings"] else V,
                             bias=False, tie=tokens.weight if options["tie_word_embeddings"]
                             else None), "head")
        return Sequential(model=Sequential(decoder=decoder), lm_head=head)
    if architecture == "BartForConditionalGeneration":
        body, table = model(options, s_dec)
        head = lm_head(table, options)
        # final_logits_bias: a buffer (not a weight) added to every logit
        logits_bias = Elementwise(head.out_features, bias=1)
        return Sequential(model=body, lm_head=on_sequence(head, s_dec),
                          final_logits_bias=on_sequence(logits_bias, s_dec))
    if architecture == "BartModel":
        return model(options, s_dec)[0]
    body = model(options, s)[0]  # the classifiers decode their own input, shifted right
    if architecture == "BartForQuestionAnswering":  # start and end logits on each token
        return Sequential(model=body, qa_outputs=marked(Linear(H, 2), "head"))
    # BartForSequenceClassification: on the decoder's state at the last </s>
    return Sequential(model=body, classification_head=Sequential(
        dense=Linear(H, H), activation=Activation(H), out_proj=Linear(H, n_labels),
        first_token=True, kind="head"))


FAMILY = Family(
    name="bart",
    title="BART",
    description="BART-style encoder–decoder (Lewis et al. 2020): learned or sinusoidal "
                "positions, post- or pre-LN, one shared token table",
    architectures={
        "BartForConditionalGeneration": "encoder, decoder and the LM head (tied to shared)",
        "BartModel": "encoder and decoder",
        "BartForSequenceClassification": "encoder and decoder with a two-layer classifier on "
                                         "the last </s>",
        "BartForQuestionAnswering": "encoder and decoder with qa_outputs H → 2 (start, end "
                                    "logits) on each token",
        "BartForCausalLM": "the decoder alone with its LM head (cross-attention unused)",
    },
    build=build,
    options=(
        tie_option(True),
        Option("embedding_norm", True, "a LayerNorm after the embeddings of each stack"),
        variant("pre_norm", "LayerNorms before each sublayer and after each stack (mBART)"),
        variant("sinusoidal", "fixed sinusoidal position tables of L rows (Marian, Pegasus)"),
        Option("shared_vocab", True, "one token table (shared) for the encoder and decoder"),
        variant("own_decoder_vocab", "the decoder's tokens come from a vocabulary of V_dec "
                "(Marian's decoder_vocab_size)"),
    ),
    assumptions=(DECODER_DEPTH, DECODER_FFN, DECODER_HEADS, DECODER_VOCAB),
    divides=(Divides(h, H, "the encoder's heads split the hidden size evenly", where_built=True),
             Divides(h_dec, H, "the decoder's heads split the hidden size evenly",
                     where_built=True)),
    activations_checked=False,
    inputs=Inputs(targeted=("BartModel", "BartForConditionalGeneration"),
                  uncached=("BartForCausalLM",), at_eos=("BartForSequenceClassification",)),
)


#: the class that builds no encoder (the decoder alone)
DECODER_ALONE = ("BartForCausalLM",)

#: what every type of the family reads: the depths, widths and heads of each stack (the
#: encoder's not for the decoder alone)
SIZES = (Size("N", "encoder_layers", unbuilt=DECODER_ALONE), Size("N_dec", "decoder_layers"),
         Size("V", "vocab_size", pads=True), Size("L", "max_position_embeddings"),
         Size("H", "d_model"), Size("d_ff", "encoder_ffn_dim", unbuilt=DECODER_ALONE),
         Size("d_ff_dec", "decoder_ffn_dim"),
         Size("h", "encoder_attention_heads", unbuilt=DECODER_ALONE),
         Size("h_dec", "decoder_attention_heads"))

#: the same, read by every class: MBart's, Marian's and Pegasus's configs check their types
#: (huggingface_hub's strict dataclasses), so a null encoder key is an error even for the
#: decoder alone, which builds nothing with it (BartConfig takes it)
CHECKED_SIZES = tuple(dataclasses.replace(size, unbuilt=()) for size in SIZES)

#: the classes each type registers, by the BART class that builds each
_CLASSES = ("Model", "ForConditionalGeneration", "ForSequenceClassification",
            "ForQuestionAnswering", "ForCausalLM")

#: BART itself; mBART and Pegasus extend it by what differs
BART = ModelType("bart", FAMILY, base="BartModel", classes=heads("Bart", "Bart", *_CLASSES),
                 sizes=SIZES, labels=3)

MODEL_TYPES = (
    BART,
    BART.extend("mbart", "MBart", sizes=CHECKED_SIZES, fixed={"pre_norm": True}, labels=2),
    ModelType("marian", FAMILY, base="MarianModel",
              classes={"MarianMTModel": "BartForConditionalGeneration",
                       **heads("Marian", "Bart", "Model", "ForCausalLM")},
              sizes=(*CHECKED_SIZES, Size("V_dec", "decoder_vocab_size", null=DECODER_VOCAB,
                                  null_as_absent=True)),
              rules=(Flag("shared_vocab", "share_encoder_decoder_embeddings"),),
              fixed={"embedding_norm": False, "sinusoidal": True, "own_decoder_vocab": True}),
    BART.extend("pegasus", "Pegasus",
                without=("ForSequenceClassification", "ForQuestionAnswering"),
                sizes=CHECKED_SIZES, labels=2,
                fixed={"embedding_norm": False, "sinusoidal": True, "pre_norm": True}),
)
