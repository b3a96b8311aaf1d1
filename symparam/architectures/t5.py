"""T5 (Raffel et al. 2020), v1.0 and v1.1, as transformers' ``T5Model`` builds it, and mT5
(Xue et al. 2021), which transformers builds with the same code.

One V×H table (``shared``) embeds both encoder and decoder input. Attention has no biases:
q, k, v project H → h·d_head and o back (d_head is ``d_kv``, a free hyperparameter). Position
enters as a learned bias per relative-position bucket and head (n_buckets × h), which only the
first block of each stack owns. Encoder block: self-attention and an FFN (H → d_ff → H, or two
input matrices with the gated activation of v1.1, ``gated``), each with a weight-only norm. The
decoder block adds cross-attention. Each stack ends in a norm. ``T5ForConditionalGeneration``
adds an LM head, which transformers 5 always ties to ``shared`` (it reads a v1.1 config's
``tie_word_embeddings: false`` only as "do not rescale the output"). ``T5EncoderModel`` keeps
the encoder only. The decoder is as deep as the encoder unless ``num_decoder_layers`` says.
For compute, the encoder reads s tokens and the decoder writes s_dec; cross-attention's keys and
values are the encoder's s tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import activation_of, activation_option
from symparam.assumptions import DECODER_DEPTH, Assumption
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Embedding,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
    marked,
    on_sequence,
    unembedding,
)
from symparam.blocks.saved import ACT, MASK, Key, Saved, same_tensor, union
from symparam.errors import InvalidValueError
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.inputs import Inputs
from symparam.modeltype import (
    Flag,
    GatedActivation,
    KeyRule,
    ModelType,
    NullRule,
    Reader,
    Size,
    heads,
)
from symparam.symbols import H, N, N_dec, V, d_ff, d_head, h, n_buckets, n_labels, s, s_dec

_FIRST_BLOCK_BIAS = "block.0.layer.0.SelfAttention.relative_attention_bias"


#: the encoder's output, which the keys and values of every decoder layer's cross-attention
#: read: one tensor
ENCODER_OUTPUT = Key("encoder output", model_wide=True)


def attention(name: str, cross: bool = False, masked: bool = False,
              cached: bool = False) -> Sequential:
    """Self- or (``cross``) encoder–decoder attention without biases or scaling; ``cached``:
    generating, it keeps h·d_head keys and h·d_head values a token (its own, or the encoder's)."""
    queries = Linear(H, h * d_head, bias=False)
    keys, values = Linear(H, h * d_head, bias=False), Linear(H, h * d_head, bias=False)
    if cross:  # the decoder's queries attend to the encoder's s tokens
        on_sequence(keys, s)
        on_sequence(values, s)
        same_tensor("encoder output", (keys, "input"), (values, "input"), key=ENCODER_OUTPUT)
    else:
        same_tensor("attention input", (queries, "input"), (keys, "input"), (values, "input"))
    return Sequential(**{name: Attention(
        h * d_head, h * d_head, key_seq=s if cross else None, heads=h, scaled=False,
        masked=masked, kv_cache=2 * h * d_head if cached else None, q=queries, k=keys,
        v=values, o=Linear(h * d_head, H, bias=False),
    )}, layer_norm=RMSNorm(H, impl="t5"), residual=Residual(H))


def feed_forward(gated: bool, activation: str) -> Sequential:
    down = Linear(d_ff, H, bias=False)
    act = Activation(d_ff, gated=gated, fn=activation)
    same_tensor("activation output", (act, "output"), (down, "input"))
    if gated:
        gate, up = Linear(H, d_ff, bias=False), Linear(H, d_ff, bias=False)
        same_tensor("MLP input", (gate, "input"), (up, "input"))
        dense = Sequential(wi_0=gate, wi_1=up, act=act, wo=down)
    else:
        dense = Sequential(wi=Linear(H, d_ff, bias=False), act=act, wo=down)
    return Sequential(DenseReluDense=marked(dense, "mlp"), layer_norm=RMSNorm(H, impl="t5"),
                      residual=Residual(H))


class Unfed(Sequential):
    """Cross-attention that no encoder feeds: an encoder-only class built from a config with
    ``is_decoder`` gets it in every block (its weights count), but the forward pass skips it
    without the encoder's states, so it does no work."""

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return sympy.Integer(0)

    products = flops

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        return Saved()


class T5Stack(Sequential):
    """An encoder's or decoder's stack. Under full recomputation each block is checkpointed
    with what transformers passes it: its input, and from the second block on the position
    bias the first one made (h·s·s, once for all); a decoder's blocks also the causal mask and
    the encoder's output, and from the second on the cross-attention's (zero) position bias.
    The first block looks the relative-position buckets up itself, so under full
    recomputation that lookup keeps nothing."""

    decoder: bool = False  # a causal stack: a mask
    fed: bool = False  # an encoder feeds its cross-attention
    count: Any = 1

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        if policy != "full":
            return super().saved(batch, seq, policy, view)
        inner = self.own_seq(seq)
        kept = union(child.saved(batch, inner, policy) for name, child in self.children()
                     if name != _FIRST_BLOCK_BIAS)
        later = sympy.Min(self.count - 1, 1)  # 1 where there is a second block
        extra = [(None, ACT, h * inner * inner * later)]
        if self.decoder:
            extra.append((MASK, ACT, batch * inner * inner))
        if self.fed:
            extra += [(ENCODER_OUTPUT, ACT, batch * s * H), (None, ACT, h * inner * s * later)]
        return kept | Saved.of(*extra)


class PickedByValue(Sequential):
    """T5's sequence classifier: it picks each sequence's end-of-sequence tokens by their
    value, so what its backward keeps depends on the tokens, not on the sizes."""

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        raise InvalidValueError("T5's sequence classifier picks the end-of-sequence tokens by "
                                "value: what it keeps depends on the tokens")


def stack(count: Any, decoder: bool, gated: bool, unfed: bool = False,
          activation: str = "relu", table: Embedding | None = None,
          ids: str = "tokens", cached: bool = False) -> Sequential:
    """A stack of blocks; ``decoder`` adds cross-attention to each (``unfed``: that no encoder
    feeds, see :class:`Unfed`); ``table``: the shared token table it looks ``ids`` up in (its
    ``embed_tokens``, tied to it); ``cached``: the decoder of an encoder–decoder, which keeps
    its tokens' keys and values and those its cross-attention made of the encoder's."""
    # a decoder's self-attention is causal: a mask; an encoder's is given none
    layers: dict[str, Block] = {"0": attention("SelfAttention", masked=decoder, cached=cached)}
    if decoder:
        cross = attention("EncDecAttention", cross=True, cached=cached and not unfed)
        layers["1"] = Unfed(**dict(cross.children()), kind="attention") if unfed else cross
    layers[str(len(layers))] = feed_forward(gated, activation)
    final = RMSNorm(H, impl="t5")
    if not decoder:  # its output is what the decoder's cross-attention reads
        final.output_key = ENCODER_OUTPUT
    parts: dict[str, Block] = {}
    if table is not None:
        parts["embed_tokens"] = Embedding(V, H, tie=table.weight, indices=ids)
    built = T5Stack(**parts, **{
        "block": Repeat(count, Sequential(layer=Sequential(**layers))),
        # only the first block of a stack holds the relative-position bias table; its lookup
        # keeps a bucket for each query and key position
        _FIRST_BLOCK_BIAS: Embedding(n_buckets, h, indices="pairs"),
        "final_layer_norm": final,
    })
    built.decoder, built.fed, built.count = decoder, decoder and not unfed, count
    return built


#: the classes of the full encoder–decoder, with what each puts on the decoder's output
ENCODER_DECODER = ("T5ForConditionalGeneration", "T5Model", "T5ForQuestionAnswering",
                   "T5ForSequenceClassification")


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    gated = bool(options["gated"])
    act = activation_of(options, "relu")
    shared = Embedding(V, H, indices="buffer")  # each stack's embed_tokens looks it up
    if architecture not in ENCODER_DECODER:  # T5EncoderModel, T5ForTokenClassification
        # transformers builds these from the config as written: is_decoder makes the stack a
        # decoder's
        encoder = Sequential(shared=shared, encoder=stack(N, bool(options["is_decoder"]), gated,
                                                          unfed=True, activation=act,
                                                          table=shared))
        if architecture == "T5EncoderModel":
            return encoder
        return Sequential(transformer=encoder, classifier=marked(Linear(H, n_labels), "head"))
    # the decoder runs on its own s_dec tokens; the sequence classifier decodes its input
    # shifted right, so its decoder runs on the s tokens of the input
    decoded = s if architecture == "T5ForSequenceClassification" else s_dec
    parts: dict[str, Block] = {
        "shared": shared, "encoder": stack(N, False, gated, activation=act, table=shared),
        "decoder": on_sequence(stack(N_dec, True, gated, activation=act, table=shared,
                                     ids="decoder_tokens", cached=True), decoded)}
    if architecture == "T5ForConditionalGeneration":
        parts["lm_head"] = unembedding(marked(on_sequence(
            Linear(H, V, bias=False, tie=shared.weight), s_dec), "head"))
    if architecture == "T5ForQuestionAnswering":  # start and end logits on each decoder token
        parts["qa_outputs"] = marked(on_sequence(Linear(H, n_labels), s_dec), "head")
    if architecture == "T5ForSequenceClassification":  # on the decoder's last (eos) token
        return Sequential(transformer=Sequential(**parts), classification_head=PickedByValue(
            dense=Linear(H, H), tanh=Activation(H, fn="tanh"), out_proj=Linear(H, n_labels),
            first_token=True, kind="head"))
    return Sequential(**parts)


FAMILY = Family(
    name="t5",
    title="T5",
    description="T5 encoder–decoder (Raffel et al. 2020): relative position buckets, no biases",
    architectures={
        "T5ForConditionalGeneration": "encoder, decoder and the LM head (tied to shared)",
        "T5Model": "encoder and decoder",
        "T5EncoderModel": "encoder only",
        "T5ForQuestionAnswering": "encoder and decoder with qa_outputs H → n_labels (start, end "
                                  "logits) on each decoder token",
        "T5ForSequenceClassification": "encoder and decoder with a two-layer classifier on the "
                                       "decoder's last token",
        "T5ForTokenClassification": "encoder with an H → n_labels classifier on every token",
    },
    build=build,
    options=(Option("gated", False, "v1.1's gated FFN: two input matrices (feed_forward_proj)"),
             Option("is_decoder", False, "the encoder-only classes build their stack as a "
                    "decoder's, with cross-attention in every block", variant=True),
             activation_option("relu"),
             Option("tie_word_embeddings", True, "the LM head shares the token table",
                    ignored="transformers 5 ties lm_head to shared whatever the config says")),
    assumptions=(DECODER_DEPTH,),
    inputs=Inputs(targeted=("T5ForConditionalGeneration", "T5Model", "T5ForQuestionAnswering"),
                  at_eos=("T5ForSequenceClassification",)),
)


@frozen
class DenseActivation(KeyRule):
    """The FFN's activation, from ``feed_forward_proj`` (``[gated-]<activation>``; transformers
    runs ``gated-gelu`` as ``gelu_new``): "" where it is ReLU, T5's own."""

    def read(self, config: Reader) -> str:
        value = config.given(self.key)
        if value == "gated-gelu":
            return "gelu_new"
        name = value.split("-")[-1] if isinstance(value, str) else "relu"
        return "" if name == "relu" else name


class DecoderDepth(NullRule):
    """A null ``num_decoder_layers``: as deep as the encoder — as ``num_layers`` says it, for
    transformers works the decoder's depth out before it applies the other spelling
    ``num_hidden_layers`` (so a file that writes only that one gets the default depth)."""

    def resolve(self, config: Reader) -> int | Assumption:
        if config.spelled.get("num_layers", "num_layers") == "num_layers":
            return DECODER_DEPTH
        return config.positive_int("num_layers",
                                   config.config.get("num_layers", config.defaults["num_layers"]))


#: what T5 and mT5 read: the depths, widths and heads of each stack
SIZES = (Size("N", "num_layers"), Size("N_dec", "num_decoder_layers", null=DecoderDepth()),
         Size("V", "vocab_size"), Size("H", "d_model"), Size("d_ff", "d_ff"),
         Size("h", "num_heads"), Size("d_head", "d_kv"),
         Size("n_buckets", "relative_attention_num_buckets"))

#: the classes each type registers, by the T5 class that builds each
_CLASSES = ("ForConditionalGeneration", "Model", "EncoderModel", "ForQuestionAnswering",
            "ForSequenceClassification", "ForTokenClassification")

#: T5 itself
T5 = ModelType("t5", FAMILY, base="T5Model", classes=heads("T5", "T5", *_CLASSES), sizes=SIZES,
               rules=(GatedActivation("gated", "feed_forward_proj", "is_gated_act"),
                      Flag("is_decoder"), DenseActivation("activation", "feed_forward_proj"),
                      Flag("tie_word_embeddings", absent=True)))

MODEL_TYPES = (
    T5,
    # mT5 (Xue et al. 2021) is T5 v1.1 over a 250k-token vocabulary: transformers builds it
    # with T5's code, its defaults the gated FFN; it ties the LM head to ``shared`` whatever
    # the file says (the published checkpoints write ``tie_word_embeddings: false``)
    T5.extend("mt5", "MT5"),
)
