"""ModernBERT (Warner et al. 2024), as transformers' ``ModernBertModel`` builds it.

A token table (V×H) and a LayerNorm, no position table: rotary embeddings, which have no
weights. Each of the N pre-LN layers: a LayerNorm (the first layer has none: the embeddings'
norm precedes it), attention with a fused ``Wqkv`` (H → 3H) and ``Wo`` (H → H), a LayerNorm, and
a gated MLP, GeGLU: ``Wi`` (H → 2·d_ff) gives the input and its gate, act(input)·gate, ``Wo``
(d_ff → H). A final LayerNorm. Nothing has a bias by default (``attention_bias``, ``mlp_bias``,
``norm_bias``). Layers alternate global attention and local attention over a sliding window
(every third layer global; ``local_layers``): the window is a mask, so the weights are the same
and eager attention computes every score. The task heads put a prediction head (dense H×H,
activation, LayerNorm) before their output: the masked-LM decoder (H → V, tied to the token
table, a bias of its own) on every token, a classifier on the pooled sequence. Heads split H,
so ``h`` must divide ``H``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    activation_of,
    activation_option,
    tie_option,
)
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
    Stack,
    marked,
    on_first_token,
)
from symparam.blocks.saved import BOOL, I64, Key, Saved, same_tensor
from symparam.errors import ConfigError, InvalidValueError, quoted
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.inputs import Inputs
from symparam.limits import MAX_LAYERS_LISTED
from symparam.modeltype import (
    ActivationName,
    Flag,
    KeyRule,
    ModelType,
    Reader,
    Rule,
    Size,
    heads,
    known_activation,
)
from symparam.symbols import H, N, V, W, d_ff, h, n_labels


def layer(options: Mapping[str, Any], first: bool) -> Sequential:
    """One encoder layer; the first has no norm before its attention."""
    norm, bias, mlp_bias = bool(options["norm_bias"]), bool(options["attention_bias"]), \
        bool(options["mlp_bias"])
    parts: dict[str, Block] = {} if first else {"attn_norm": LayerNorm(H, bias=norm)}
    # the values come as a slice of Wqkv's output, q and k rotated (fresh); each kind of layer
    # (global, local) has its own rotary tables and mask
    views = {"v": (Key("Wqkv output"), 3 * H)}
    return Sequential(
        **parts,
        attn=Attention(H, H, heads=h, views=views, softmax_fp32=True, masked=True,
                       rotary=H / h, **kinds(options), Wqkv=Linear(H, 3 * H, bias=bias),
                       Wo=Linear(H, H, bias=bias)),
        mlp_norm=LayerNorm(H, bias=norm),
        mlp=Sequential(kind="mlp", Wi=Linear(H, 2 * d_ff, bias=mlp_bias),
                       act=Activation(d_ff, gated=True, fn=activation_of(options, "gelu"),
                                      halves=True),
                       Wo=Linear(d_ff, H, bias=mlp_bias)),
        residual=Residual(H, adds=2),
    )


def kinds(options: Mapping[str, Any]) -> dict[str, Any]:
    """The Attention arguments for global and local layers side by side: each kind its own
    rotary tables; given no padding, the global layers no mask, the local ones a mask only
    where the sequence reaches half the window (transformers' sliding_window)."""
    local = options["local_layers"]
    if not local:
        return {"masks_from": 1}  # no local layer: no mask at all
    return {"window": W, "windowed": sympy.Integer(sum(local)) / N, "layers": N,
            "rotary_layers": "per_kind", "masks_from": sympy.floor(W / 2)}


def modernbert_model(options: Mapping[str, Any]) -> Sequential:
    norm = bool(options["norm_bias"])
    return Sequential(
        embeddings=Sequential(tok_embeddings=Embedding(V, H), norm=LayerNorm(H, bias=norm)),
        layers=Stack(Repeat(1, layer(options, first=True)),
                     Repeat(N - 1, layer(options, first=False), start=1)),
        final_norm=LayerNorm(H, bias=norm),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    body = modernbert_model(options)
    if architecture == "ModernBertModel":
        return body
    named = known_activation(activation_of(options, "gelu", "head_activation"),
                             "classifier_activation")
    # dense, activation, norm: the norm reads what the activation makes
    dense = Linear(H, H, bias=bool(options["classifier_bias"]))
    act = Activation(H, fn=named)
    norm = LayerNorm(H, bias=bool(options["norm_bias"]))
    same_tensor("head activation output", (act, "output"), (norm, "input"))
    head = Sequential(dense=dense, act=act, norm=norm, kind="head")
    if architecture == "ModernBertForMaskedLM":
        word = body["embeddings"]["tok_embeddings"].weight
        return Sequential(model=body, head=head, decoder=marked(Linear(
            H, V, bias=bool(options["decoder_bias"]),
            tie=word if options["tie_word_embeddings"] else None), "head"))
    if architecture in ("ModernBertForTokenClassification", "ModernBertForQuestionAnswering"):
        return Sequential(model=body, head=head,  # on every token
                          classifier=marked(Linear(H, n_labels), "head"))
    # on the pooled sequence (its first token, or the mean of its tokens)
    choice = architecture == "ModernBertForMultipleChoice"
    outputs = 1 if choice else n_labels
    classifier = marked(on_first_token(Linear(H, outputs)), "head")
    if options["mean_pooling"]:
        return Sequential(model=body, pool=MeanPool(H, choice=choice),
                          head=on_first_token(head), classifier=classifier)
    if choice:  # each choice's first token, picked by index: a copy, its indices kept
        dense.gathers = 1
    else:  # the first token: a slice of the last hidden states
        dense.slices_sequence = True
    return Sequential(model=body, head=on_first_token(head), classifier=classifier)


class MeanPool(Elementwise):
    """The mean of each sequence's states over its attention mask (classifier_pooling "mean"):
    the product keeps the mask (all ones without padding, a boolean per token), the division
    the count of tokens (an int64 per sequence). A multiple-choice forward pass without an
    attention mask cannot pool so in transformers."""

    def __init__(self, width: Any, choice: bool) -> None:
        super().__init__(width)
        self.choice = choice

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        if self.choice:
            raise InvalidValueError("transformers' ModernBERT cannot pool the mean of a "
                                    "multiple-choice input without an attention mask")
        return Saved.of((None, BOOL, batch * self.own_seq(seq)), (None, I64, batch))


FAMILY = Family(
    name="modernbert",
    title="ModernBERT",
    description="ModernBERT encoder (Warner et al. 2024): rotary, GeGLU, alternating "
                "global and local attention, no biases",
    architectures={
        "ModernBertModel": "encoder",
        "ModernBertForMaskedLM": "encoder, prediction head and a decoder tied to the token table",
        "ModernBertForSequenceClassification": "encoder, prediction head and an H → n_labels "
                                               "classifier on the pooled sequence",
        "ModernBertForTokenClassification": "encoder, prediction head and an H → n_labels "
                                            "classifier on every token",
        "ModernBertForQuestionAnswering": "encoder, prediction head and an H → n_labels "
                                          "classifier (start, end logits) on every token",
        "ModernBertForMultipleChoice": "encoder, prediction head and an H → 1 score for each "
                                       "choice",
    },
    build=build,
    options=(
        tie_option(True), activation_option("gelu"),
        Option("head_activation", "", "the prediction head's activation, where not gelu",
               variant=True, where_built=True),
        Option("mean_pooling", False, "the classifiers pool the mean of the tokens, not the "
               "first token (no weights; what a training step keeps)", variant=True),
        Option("attention_bias", False, "biases on Wqkv and Wo"),
        Option("mlp_bias", False, "biases on the MLP's Wi and Wo"),
        Option("norm_bias", False, "biases on the LayerNorms"),
        Option("decoder_bias", True, "a bias on the masked-LM decoder"),
        Option("classifier_bias", False, "a bias on the prediction head's dense layer"),
        Option("local_layers", (), "1 for each layer that attends within a sliding window, 0 "
               "for a global one (no weights, and eager attention computes every score either "
               "way)", variant=True),
    ),
    divides=(HEADS_SPLIT_HIDDEN,),
    inputs=Inputs(by_value=("ModernBertForMultipleChoice",)),
)


@frozen
class LayerTypes(Rule):
    """``layer_types``: ``full_attention`` or ``sliding_attention`` for each of the layers (the
    rotary tables and masks transformers builds know no other); when null, every
    ``global_attn_every_n_layers``-th layer (3 where a file leaves it out; a null one is
    refused, as transformers refuses it) is global, counting from the first."""

    option: str
    key: str
    every: str
    depth: str

    def reads(self) -> tuple[str, ...]:
        return (self.key, self.every, self.depth)

    def read(self, config: Reader) -> tuple[int, ...]:
        depth = config.positive_int(self.depth, config.given(self.depth))
        if depth > MAX_LAYERS_LISTED:
            raise ConfigError(f"{config.where}: {depth} layers is more than symparam lists "
                              "one by one")
        kinds = config.given(self.key)
        if kinds is None:
            present, every = config.lookup(self.every)
            if present and every is None:  # transformers takes i % None: a TypeError
                raise ConfigError(f"{config.where}: {self.every} is null; transformers "
                                  "refuses it where layer_types is not given")
            every = config.given(self.every)
            every = 3 if every is None else every
            if isinstance(every, bool) or not isinstance(every, int) or every == 0:
                raise ConfigError(f"{config.where}: {self.every} must be a nonzero integer")
            return tuple(int(i % every != 0) for i in range(depth))
        key = config.spelled.get(self.key, self.key)
        if not isinstance(kinds, list) or any(
                k not in ("full_attention", "sliding_attention") for k in kinds):
            raise ConfigError(f"{config.where}: {key} must list full_attention or "
                              "sliding_attention for each layer")
        if len(kinds) != depth:
            raise ConfigError(f"{config.where}: {key} lists {len(kinds)} layers but there are "
                              f"{depth}; transformers refuses the config")
        return tuple(int(k == "sliding_attention") for k in kinds)


@frozen
class MeanPooling(KeyRule):
    """``classifier_pooling``: "cls" (the first token, the default) or "mean"."""

    def read(self, config: Reader) -> bool:
        value = config.given(self.key)
        if value not in ("cls", "mean"):  # null too: transformers' config refuses it
            raise ConfigError(f"{config.where}: {self.key} must be cls or mean, got "
                              f"{quoted(value)}")
        return value == "mean"


MODEL_TYPES = (
    ModelType("modernbert", FAMILY, base="ModernBertModel",
              classes=heads("ModernBert", "ModernBert", "Model", "ForMaskedLM",
                            "ForSequenceClassification", "ForTokenClassification",
                            "ForQuestionAnswering", "ForMultipleChoice"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads"), Size("W", "local_attention")),
              rules=(Flag("attention_bias"), Flag("mlp_bias"),
                     ActivationName("activation", "hidden_activation", "gelu"),
                     ActivationName("head_activation", "classifier_activation", "gelu",
                                    where_built=True),
                     MeanPooling("mean_pooling", "classifier_pooling"),
                     Flag("norm_bias"), Flag("decoder_bias"), Flag("classifier_bias"),
                     LayerTypes("local_layers", "layer_types", "global_attn_every_n_layers",
                                "num_hidden_layers"))),
)
