"""DeBERTa-v2 and v3 (He et al. 2021; He, Gao and Chen 2023), as transformers'
``DebertaV2Model`` builds them.

BERT's post-LN encoder with disentangled attention. Each token is represented by its content
and, separately, by its position relative to every other token: the attention score of query i
and key j adds to the content term qᵢ·kⱼ a content-to-position term (qᵢ against the projected
embedding of the relative position i − j, ``c2p``) and a position-to-content term (kⱼ against
that of j − i, ``p2c``). The relative positions come from one table of 2·n_rel rows × H, shared
by all layers (``rel_embeddings``; n_rel is ``position_buckets``, else
``max_relative_positions``, else the L of the position table), optionally normalised
(``norm_rel_ebd``), and projected in each layer by ``pos_key_proj`` and ``pos_query_proj``,
or, in v3 (``share_att_key``), by the layer's own key and query projections. The scores are
scaled by 1/√(d_head·(1 + terms)).

Embeddings: a word table (V × d_emb; d_emb = H unless ``embedding_size`` differs, then a
projection d_emb → H), an absolute position table only with ``position_biased_input`` (v3 has
none), a token-type table only when ``type_vocab_size`` > 0, then a LayerNorm. Each of the N
layers: q, k, v projections H → h·d_head with biases, an output projection H → H and LayerNorm,
the FFN H → d_ff → H and LayerNorm. DeBERTa-v2-xlarge adds a convolution over the sequence after
the first layer (``conv_kernel_size``: H → H, kernel k_conv, g_conv groups, then LayerNorm).
``DebertaV2ForMaskedLM`` carries BERT's head (dense H → d_emb, LayerNorm, a decoder tied to the
word table, a bias), or with ``legacy`` false a head that multiplies by the word table itself
(dense H → H, LayerNorm, a bias); the sequence classifiers pool the first token through a
dense d_pool × d_pool layer. Default assumption: d_head = H/h.
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
from symparam.assumptions import HEAD_SIZE, POOLER_SIZE, Assumption
from symparam.blocks import (
    Activation,
    Block,
    Conv1d,
    DisentangledAttention,
    Embedding,
    Idle,
    LayerNorm,
    Linear,
    OnTable,
    Repeat,
    Residual,
    Sequential,
    TableProduct,
    Tensor,
    marked,
    on_first_token,
)
from symparam.blocks.saved import (
    ACT,
    BOOL,
    CAST,
    F32,
    MASK,
    Key,
    Saved,
    many,
    same_tensor,
    union,
)
from symparam.errors import ConfigError, InvalidValueError
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.hf import quoted
from symparam.modeltype import (
    ACTIVATIONS,
    ActivationName,
    Differs,
    Flag,
    KeyRule,
    Leave,
    ModelType,
    NullRule,
    Reader,
    Size,
    heads,
)
from symparam.symbols import (
    H,
    L,
    N,
    T,
    V,
    d_emb,
    d_ff,
    d_head,
    d_pool,
    g_conv,
    h,
    k_conv,
    n_labels,
    n_rel,
)

#: the (B, s) mask of ones the model makes when given none: the embeddings' output is multiplied
#: by it (in fp32 that product keeps this tensor, in 16 bits a copy in the model's dtype)
INPUT_MASK = Key("input mask", model_wide=True)
#: the relative-position table after its LayerNorm, which every layer's projections read
NORMALISED_TABLE = Key("normalised relative-position table", model_wide=True)


class Embeddings(Sequential):
    """DeBERTa's embeddings, whose output is multiplied by the (B, s, 1) input mask in the
    model's dtype; the product keeps the mask."""

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        inner = self.own_seq(seq)
        return super().saved(batch, seq, policy, view) | \
            Saved.of((INPUT_MASK, ACT, batch * inner))


class Layer(Sequential):
    """A DeBERTa layer, which transformers calls with the (B, 1, s, s) mask the encoder makes
    once, in fp32 whatever the model's dtype: a checkpoint of the layer keeps it."""

    def checkpointed(self, batch: sympy.Expr, seq: sympy.Expr) -> Saved:
        inner = self.own_seq(seq)
        return super().checkpointed(batch, seq) | Saved.of((MASK, F32, batch * inner * inner))


class ConvLayer(Sequential):
    """DeBERTa-v2's convolution, run on the embeddings' output (the first layer's input) made
    channels-first by a copy, which the convolution keeps; where s or H is 1 that layout is
    already contiguous and the convolution keeps the first layer's input, kept already. Its
    output's masked_fill keeps the (B, s) booleans of the padding (1 − mask), and its output is
    multiplied by the mask in the model's dtype (the input mask itself in fp32, a copy in 16
    bits)."""

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        inner = self.own_seq(seq)
        tokens, width = batch * inner, self["conv"].in_channels
        rest = union(child.saved(batch, inner, policy) for name, child in self.children()
                     if name != "conv")
        return rest | Saved.of((None, ACT, tokens * width * many(inner) * many(width)),
                               (None, BOOL, tokens), (None, CAST, tokens))


class Unrun(Activation):
    """An activation transformers looks up only when it runs it (the pooler's, the
    convolution's), named by a config as one it does not know: the class is built, but cannot
    run forward, so there is nothing a training step keeps."""

    def __init__(self, width: Any, fn: str, key: str) -> None:
        super().__init__(width, fn=fn)
        self.key = key

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        raise InvalidValueError(f"transformers builds this class with {self.key} = "
                                f"{self.fn!r} but cannot run it: it knows no such activation")


def run_activation(width: Any, options: Mapping[str, Any], option: str, key: str,
                   default: str) -> Activation:
    """The activation ``option`` names (``key`` in a config), looked up when it runs."""
    fn = activation_of(options, default, option)
    return Activation(width, fn=fn) if fn in ACTIVATIONS else Unrun(width, fn, key)


def embeddings(options: Mapping[str, Any]) -> Sequential:
    """The token table, the position table (read with a slice of a buffer: no indices are
    kept) and the token types (zeros the model makes for each sequence)."""
    width = d_emb if options["embed_proj"] else H
    parts: dict[str, Block] = {"word_embeddings": Embedding(V, width)}
    if options["position_biased_input"]:
        parts["position_embeddings"] = Embedding(L, width, summed=True, indices="buffer")
    if options["token_types"]:
        parts["token_type_embeddings"] = Embedding(T, width, summed=True,
                                                   indices="batch_token_types")
    if options["embed_proj"]:
        parts["embed_proj"] = marked(Linear(d_emb, H, bias=False), "embedding")
    return Embeddings(**parts, LayerNorm=LayerNorm(H))


def attention(options: Mapping[str, Any]) -> DisentangledAttention:
    """q, k, v and, without ``share_att_key``, the projections of the shared table."""
    relative, shared = bool(options["relative_attention"]), bool(options["share_att_key"])
    width = h * d_head
    table = NORMALISED_TABLE if options["rel_norm"] else None
    parts: dict[str, Block] = {"query_proj": Linear(H, width), "key_proj": Linear(H, width),
                               "value_proj": Linear(H, width)}
    same_tensor("attention input", *((p, "input") for p in parts.values()))
    if relative and not shared:
        if options["c2p"]:
            parts["pos_key_proj"] = OnTable(2 * n_rel, Linear(H, width), table)
        if options["p2c"]:
            parts["pos_query_proj"] = OnTable(2 * n_rel, Linear(H, width), table)
    return DisentangledAttention(width, H, h, 2 * n_rel, relative=relative, shared=shared,
                                 c2p=bool(options["c2p"]), p2c=bool(options["p2c"]),
                                 table=table, **parts)


def layer(options: Mapping[str, Any]) -> Sequential:
    act, dense = Activation(d_ff, fn=activation_of(options, "gelu")), Linear(d_ff, H)
    same_tensor("activation output", (act, "output"), (dense, "input"))
    return Layer(
        attention=Sequential(self=attention(options),
                             output=Sequential(dense=Linear(H, H), LayerNorm=LayerNorm(H)),
                             kind="attention"),
        intermediate=Sequential(dense=Linear(H, d_ff), intermediate_act_fn=act, kind="mlp"),
        output=Sequential(dense=dense, LayerNorm=LayerNorm(H), kind="mlp"),
        residual=Residual(H, adds=2),
    )


def encoder(options: Mapping[str, Any]) -> Sequential:
    parts: dict[str, Block] = {"layer": Repeat(N, layer(options))}
    relative = bool(options["relative_attention"])
    if relative:  # one table for every layer, read whole (its weight: no indices)
        parts["rel_embeddings"] = Embedding(2 * n_rel, H, indices="buffer")
    if options["rel_norm"]:  # built either way, run on the table only with relative attention
        norm = LayerNorm(H)
        parts["LayerNorm"] = OnTable(2 * n_rel, norm) if relative else Idle(norm)
    if options["conv"]:  # after the first layer, added to its output, then normalised
        act = run_activation(H, options, "conv_activation", "conv_act", "tanh")
        parts["conv"] = ConvLayer(conv=Conv1d(H, H, k_conv, g_conv), conv_act=act,
                                  LayerNorm=LayerNorm(H), residual=Residual(H))
    return Sequential(**parts)


def masked_lm(body: Sequential, options: Mapping[str, Any]) -> Sequential:
    """BERT's head (``legacy``), or one that multiplies by the word table itself."""
    word = body["embeddings"]["word_embeddings"].weight
    fn = activation_of(options, "gelu")
    if not options["legacy"]:
        act, norm = Activation(H, fn=fn), LayerNorm(H)
        same_tensor("head activation output", (act, "output"), (norm, "input"))
        return Sequential(deberta=body, lm_predictions=Sequential(kind="head", lm_head=Sequential(
            bias=Tensor(V), dense=Linear(H, H), transform_act_fn=act,
            LayerNorm=norm, word_table=TableProduct(H, V, bias=True))))
    width = d_emb if options["embed_proj"] else H
    act, norm = Activation(width, fn=fn), LayerNorm(width)
    same_tensor("head activation output", (act, "output"), (norm, "input"))
    bias = Tensor(V)
    decoder = Linear(width, V, tie=word if options["tie_word_embeddings"] else None)
    if options["tie_word_embeddings"]:
        decoder.bias = Tensor(V, tie=bias)
    return Sequential(deberta=body, cls=Sequential(kind="head", predictions=Sequential(
        bias=bias, transform=Sequential(dense=Linear(H, width), transform_act_fn=act,
                                        LayerNorm=norm),
        decoder=decoder)))


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    body = Sequential(embeddings=embeddings(options), encoder=encoder(options))
    if architecture == "DebertaV2Model":
        return body
    if architecture == "DebertaV2ForMaskedLM":
        return masked_lm(body, options)
    if architecture == "DebertaV2ForTokenClassification":
        return Sequential(deberta=body, classifier=marked(Linear(H, n_labels), "head"))
    if architecture == "DebertaV2ForQuestionAnswering":
        return Sequential(deberta=body, qa_outputs=marked(Linear(H, n_labels), "head"))
    # the sequence classifiers pool the first token (a slice of the last hidden states)
    outputs = 1 if architecture == "DebertaV2ForMultipleChoice" else n_labels
    dense, classifier = Linear(d_pool, d_pool), on_first_token(Linear(H, outputs))
    dense.slices_sequence = True
    act = run_activation(d_pool, options, "pooler_activation", "pooler_hidden_act", "gelu")
    same_tensor("pooled output", (act, "output"), (classifier, "input"))
    return Sequential(deberta=body, pooler=Sequential(dense=dense, activation=act,
                                                      first_token=True, kind="head"),
                      classifier=marked(classifier, "head"))


FAMILY = Family(
    name="deberta",
    title="DeBERTa-v2",
    description="DeBERTa-v2/v3 encoder (He et al. 2021): disentangled attention over a shared "
                "relative-position table",
    architectures={
        "DebertaV2Model": "encoder (what AutoModel builds)",
        "DebertaV2ForMaskedLM": "encoder with an MLM head tied to the word embeddings",
        "DebertaV2ForSequenceClassification": "encoder, a d_pool × d_pool pooler on the first "
                                              "token and an H → n_labels classifier",
        "DebertaV2ForMultipleChoice": "encoder, the pooler and an H → 1 score for each choice",
        "DebertaV2ForTokenClassification": "encoder with an H → n_labels classifier on every "
                                           "token",
        "DebertaV2ForQuestionAnswering": "encoder with qa_outputs H → n_labels (start, end "
                                         "logits) on every token",
    },
    build=build,
    options=(
        tie_option(True), activation_option("gelu"),
        Option("pooler_activation", "", "the pooler's activation, where not gelu",
               variant=True, where_built=True),
        Option("conv_activation", "", "the convolution's activation, where not tanh",
               variant=True, where_built=True),
        Option("relative_attention", False, "the shared relative-position table and the "
               "disentangled position terms"),
        Option("c2p", False, "the content-to-position term (pos_att_type)"),
        Option("p2c", False, "the position-to-content term (pos_att_type)"),
        Option("share_att_key", False, "the position terms reuse the layer's key and query "
               "projections (no pos_key_proj, pos_query_proj)"),
        Option("position_biased_input", True, "an absolute position table added to the word "
               "embeddings"),
        Option("token_types", False, "a token-type table (type_vocab_size > 0)"),
        Option("embed_proj", False, "embeddings d_emb wide, projected to H (embedding_size ≠ H)"),
        Option("rel_norm", False, "a LayerNorm over the relative-position table (norm_rel_ebd)"),
        Option("conv", False, "a convolution over the sequence after the first layer "
               "(conv_kernel_size > 0)"),
        Option("legacy", True, "BERT's MLM head with a decoder tied to the word table; else "
               "one that multiplies by the word table itself"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(HEADS_SPLIT_HIDDEN,),
)


def _integer(config: Reader, key: str, absent: int) -> int:
    """A key the model code compares with 0 (``getattr(config, key, absent) > 0``)."""
    present, value = config.lookup(key)
    if not present:
        value = config.defaults.get(key)
        return absent if value is None else value
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{config.where}: {config.spelled.get(key, key)} must be an integer, "
                          f"got {quoted(value)}")
    return value


@frozen
class PositiveInteger(KeyRule):
    """On when an integer key is above 0 (a token-type table, the convolution)."""

    def read(self, config: Reader) -> bool:
        return _integer(config, self.key, 0) > 0


@frozen
class IfPositive(NullRule):
    """A size that exists only when its key is above 0 (else the option built from the same
    key leaves it out)."""

    key: str

    def resolve(self, config: Reader) -> int | Leave:
        value = _integer(config, self.key, 0)
        return value if value > 0 else Leave(f"{self.key} is not above 0")


@frozen
class ConvGroups(NullRule):
    """``conv_groups``, read only when there is a convolution (1 when absent); the groups must
    split the hidden size evenly, as torch requires."""

    def resolve(self, config: Reader) -> int | Leave:
        if _integer(config, "conv_kernel_size", 0) <= 0:
            return Leave("no convolution")
        present, value = config.lookup("conv_groups")
        groups = config.positive_int("conv_groups", value) if present else 1
        hidden = config.positive_int("hidden_size", config.given("hidden_size"))
        if hidden % groups:
            raise ConfigError(f"{config.where}: conv_groups = {groups} does not divide "
                              f"hidden_size = {hidden}; torch refuses the convolution")
        return groups


#: the relative positions span the position table when nothing else says how far they reach
RELATIVE_SPAN = Assumption(n_rel, L, "the relative positions reach as far as the position table")


@frozen
class RelativeSpan(NullRule):
    """n_rel, read only with relative attention: ``position_buckets`` when above 0, else
    ``max_relative_positions`` when at least 1, else the L of the position table."""

    def resolve(self, config: Reader) -> int | Leave | Assumption:
        if not config.flag("relative_attention"):
            return Leave("no relative attention")
        buckets = _integer(config, "position_buckets", -1)
        if buckets > 0:
            return buckets
        reach = _integer(config, "max_relative_positions", -1)
        return reach if reach >= 1 else RELATIVE_SPAN


@frozen
class PoolerWidth(NullRule):
    """``pooler_hidden_size``: H when absent; null leaves it unbound (transformers builds every
    class but the two with a pooler, which cannot take it)."""

    def resolve(self, config: Reader) -> int | Leave | Assumption:
        present, value = config.lookup("pooler_hidden_size")
        if not present:
            return POOLER_SIZE
        if value is None:
            return Leave("pooler_hidden_size is null")
        return config.positive_int("pooler_hidden_size", value)


@frozen
class PositionTerm(KeyRule):
    """One of the position terms, on when ``pos_att_type`` names it: a list of names, or one
    string of names joined by ``|`` (lower-cased and stripped, as transformers reads it)."""

    def read(self, config: Reader) -> bool:
        value = config.given(self.key)
        if value is None:
            return False
        if isinstance(value, str):
            return self.option in [x.strip() for x in value.lower().split("|")]
        if isinstance(value, list) and all(isinstance(x, str) for x in value):
            return self.option in value
        raise ConfigError(f"{config.where}: {config.spelled.get(self.key, self.key)} must be "
                          f"names joined by | or a list of names, got {quoted(value)}")


@frozen
class Mentions(KeyRule):
    """On when a ``|``-joined string key names ``word`` (``norm_rel_ebd``: ``layer_norm``)."""

    word: str

    def read(self, config: Reader) -> bool:
        present, value = config.lookup(self.key)
        if not present:
            return False
        if not isinstance(value, str):
            raise ConfigError(f"{config.where}: {config.spelled.get(self.key, self.key)} must "
                              f"be a string, got {quoted(value)}")
        return self.word in [x.strip() for x in value.lower().split("|")]


MODEL_TYPES = (
    ModelType("deberta-v2", FAMILY, base="DebertaV2Model",
              classes=heads("DebertaV2", "DebertaV2", "Model", "ForMaskedLM",
                            "ForSequenceClassification", "ForMultipleChoice",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
                     Size("L", "max_position_embeddings"),
                     Size("T", "type_vocab_size", null=IfPositive("type_vocab_size"),
                          computed=True),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads"),
                     Size("d_head", "attention_head_size",
                          null=Leave("the family assumes d_head = H/h")),
                     Size("d_emb", "embedding_size", null=Leave("the embeddings are H wide")),
                     Size("d_pool", "pooler_hidden_size", null=PoolerWidth(), computed=True),
                     Size("n_rel", "position_buckets", null=RelativeSpan(), computed=True),
                     Size("k_conv", "conv_kernel_size", null=IfPositive("conv_kernel_size"),
                          computed=True),
                     Size("g_conv", "conv_groups", null=ConvGroups(), computed=True)),
              rules=(Flag("relative_attention"),
                     ActivationName("activation", "hidden_act", "gelu"),
                     ActivationName("pooler_activation", "pooler_hidden_act", "gelu",
                                    where_built=True),
                     ActivationName("conv_activation", "conv_act", "tanh", where_built=True,
                                    typed=False),
                     PositionTerm("c2p", "pos_att_type"), PositionTerm("p2c", "pos_att_type"),
                     Flag("share_att_key", absent=False), Flag("position_biased_input"),
                     PositiveInteger("token_types", "type_vocab_size"),
                     Differs("embed_proj", "embedding_size", "hidden_size"),
                     Mentions("rel_norm", "norm_rel_ebd", "layer_norm"),
                     PositiveInteger("conv", "conv_kernel_size"), Flag("legacy"))),
)
