"""Pieces several families share: the LM head over a body, tied or not, and its option; the
rules about heads that transformers enforces."""

from __future__ import annotations

from typing import Any

import sympy

from symparam.blocks import (
    Block,
    Embedding,
    Linear,
    RMSNorm,
    Sequential,
    marked,
    on_first_token,
    unembedding,
)
from symparam.blocks.images import WithImageTokens
from symparam.blocks.saved import Saved
from symparam.errors import InvalidValueError
from symparam.family import Divides, Option
from symparam.symbols import H, N, V, W, d_head, h, h_kv, n_labels

#: transformers splits the hidden size into h equal heads (and raises otherwise)
HEADS_SPLIT_HIDDEN = Divides(h, H, "the heads split the hidden size evenly")

#: grouped-query attention with rotary embeddings (LLaMA and the MoE decoders built on it)
GROUPED_ROTARY_RULES = (
    Divides(h_kv, h, "each key/value head serves a whole group of query heads"),
    Divides(sympy.Integer(2), d_head, "rotary embeddings rotate pairs of dimensions"),
)


class NoCompute(Sequential):
    """Weights that count, in a place whose compute symparam does not derive: FLOPs and the
    other work are refused with ``reason``."""

    def __init__(self, reason: str, /, **named: Block) -> None:
        super().__init__(**named)
        self.reason = reason

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        raise InvalidValueError(self.reason)

    products = flops
    nonmatmul = flops  # type: ignore[assignment]


class CrossAttention(Sequential):
    """A decoder's attention over an encoder's states (``add_cross_attention``: GPT-2's
    ``crossattention``, BERT's, ELECTRA's). Its weights count; the forward pass of these
    classes is given no encoder's states, and transformers' layers then skip it: its FLOPs,
    other work and saved tensors are none, and :meth:`idle` says so."""

    def __init__(self, family: str, /, **named: Block) -> None:
        super().__init__(**named)
        self.family = family

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return sympy.S.Zero

    products = flops

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        return Saved()

    def idle(self) -> tuple[str, ...]:
        return (f"{self.family}'s cross-attention (add_cross_attention) holds weights, counted "
                "in the parameters, but does not run: these classes are given no encoder's "
                "states, and transformers' layers skip it without them; the FLOPs are of that "
                "forward pass",)

#: why the state-space and linear-attention mixers' elementwise work is not checked yet
MIXERS_ELEMENTS_UNCHECKED = (
    "the state-space and linear-attention mixers' elementwise work (the scans' own, the "
    "gates', norms' and biases' around them) is not yet matched to what the oracle sees; their "
    "matrix products are (tests/test_flops.py)")


def sliding(options: Any, layers: Any = None, window: Any = W, own: bool | None = None
            ) -> dict[str, Any]:
    """The :class:`~symparam.blocks.Attention` arguments of a type whose layers slide a window
    of W positions (or attend in chunks of ``window``, Llama 4's W_chunk: their cache is a
    window's): the window, and the share of the ``layers`` (N) the attention is repeated over
    that slide. Options: ``window_layers``, a 1 for each sliding layer, else
    ``window_period``: 0 none, 1 every layer, p every layer but each p-th. ``own``: for an
    attention whose copies are all of one kind (a family that builds each kind of layer apart,
    Llama 4), whether they slide: then its share is 1 or 0 and the ``layers`` that slide are
    said apart (each kind's mask is made once for the whole model)."""
    listed, period = options.get("window_layers", ()), options.get("window_period", 0)
    if not listed and not period:
        return {}
    layers = N if layers is None else layers
    if listed:
        count: Any = sum(listed)
    elif period == 1:
        count = layers
    else:  # layer i is full when p divides i + 1: ⌊N/p⌋ of them
        count = layers - sympy.floor(layers / period, evaluate=False)
    if own is not None:
        return {"window": window, "windowed": int(own), "layers": layers,
                "sliding_layers": count}
    return {"window": window, "windowed": count / layers, "layers": layers}


def sliding_pattern(options: Any, layers: int) -> tuple[bool, ...] | None:
    """Which of ``layers`` layers (from 0) slide a window, by :func:`sliding`'s rule: as
    ``window_layers`` lists them, else every layer for a ``window_period`` of 1, else all but
    layer i where the period p divides i + 1 (transformers' ``(i + 1) % pattern != 0``:
    Gemma3's and Cohere2's ``sliding_window_pattern``, gpt-oss's alternating ``layer_types``);
    None where no layer slides, or the list is not one a layer.

    >>> sliding_pattern({"window_period": 3}, 7)
    (True, True, False, True, True, False, True)
    """
    listed, period = options.get("window_layers", ()), options.get("window_period", 0)
    if listed:
        return tuple(bool(x) for x in listed) if len(listed) == layers else None
    if not period:
        return None
    return tuple(period == 1 or (i + 1) % period != 0 for i in range(layers))


#: the options of a family whose layers may slide a window (read by :func:`sliding`)
WINDOW_OPTIONS = (
    Option("window_period", 0, "sliding-window layers: 0 none, 1 all, p all but each p-th",
           variant=True),
    Option("window_layers", (), "1 for each layer that slides a window, 0 for each other "
                                "(explicit list)", variant=True),
)


def activation_option(default: str) -> Option:
    """``activation``: the MLP's activation function by transformers' name, where a config
    names another than the family's ``default`` ("" keeps the default): it decides what the
    backward pass keeps."""
    return Option("activation", "", f"the activation function, where not {default}",
                  variant=True)


def activation_of(options: Any, default: str, option: str = "activation") -> str:
    """The activation function ``options`` name (under ``option``), else ``default``."""
    return str(options.get(option) or default)


def pooled_head(block: Block) -> Block:
    """A head run once per sequence, on its first token (a classifier over the pooled output)."""
    return marked(on_first_token(block), "head")


def tie_option(default: bool) -> Option:
    """``tie_word_embeddings``: the LM head shares the token embedding matrix."""
    return Option("tie_word_embeddings", default, "LM head shares the token embedding matrix")


def with_lm_head(body_name: str, body: Block, table: Embedding, tied: bool) -> Sequential:
    """``body`` under ``body_name`` plus ``lm_head`` (no bias), tied to ``table`` if asked."""
    head = unembedding(marked(Linear(table.embedding_dim, table.num_embeddings, bias=False,
                                     tie=table.weight if tied else None), "head"))
    return Sequential(**{body_name: body}, lm_head=head)


def image_model(model: Sequential, base: bool, tied: bool, *tokens: Any,
                language: str = "language_model", side: Any = None) -> WithImageTokens:
    """A vision–language ``model`` whose language model (its part ``language``) reads each
    image as ``tokens`` (:class:`~symparam.blocks.images.WithImageTokens`, with the ``side`` of
    their grid where they are the patches merged m × m): the base model, else ``model`` with
    the LM head, tied to the language model's token table where ``tied``."""
    if not base:
        table: Any = model[language]["embed_tokens"]  # type: ignore[index]
        model = with_lm_head("model", model, table, tied)
    return WithImageTokens(model, *tokens, side=side)


def with_score(body_name: str, body: Block, hidden: Embedding) -> Sequential:
    """A decoder's sequence classifier: ``score``, a bias-free H → n_labels projection on every
    token, whose output at each sequence's last real token is picked (by two int64 indices a
    sequence, which the backward pass keeps)."""
    score = Linear(hidden.embedding_dim, n_labels, bias=False)
    score.gathers = 2
    return Sequential(**{body_name: body}, score=marked(score, "head"))


def variant(name: str, help_: str) -> Option:
    """A model type's switch on a shared family, off by default and shown only when on."""
    return Option(name, False, help_, variant=True)


def decoder_heads(prefix: str, token: bool = True, qa: bool = True) -> dict[str, str]:
    """The per-token heads a decoder family offers, as entries of its ``architectures``."""
    out = {}
    if token:
        out[f"{prefix}ForTokenClassification"] = "decoder with an H → n_labels classifier on " \
                                                 "every token"
    if qa:
        out[f"{prefix}ForQuestionAnswering"] = "decoder with qa_outputs: H → 2 (the start and " \
                                               "end logits of an answer span) on every token"
    return out


def decoder_class(architecture: str, body_name: str, body: Block, table: Embedding,
                  tied: bool, token_head: str = "score", qa_body: str | None = None) -> Block:
    """A decoder's class by its name: ``…Model`` (the body), ``…ForSequenceClassification``
    (a bias-free score), ``…ForTokenClassification`` (``token_head``: H → n_labels with a
    bias, on every token), ``…ForQuestionAnswering`` (``qa_outputs``: H → 2, start and end
    logits; its body under ``qa_body`` where that differs), anything else a causal LM head."""
    width = table.embedding_dim
    if architecture.endswith("Model") and not architecture.endswith("LMHeadModel"):
        return body
    if architecture.endswith("ForSequenceClassification"):
        return with_score(body_name, body, table)
    if architecture.endswith("ForTokenClassification"):
        return Sequential(**{body_name: body, token_head: marked(Linear(width, n_labels), "head")})
    if architecture.endswith("ForQuestionAnswering"):
        return Sequential(**{qa_body or body_name: body,
                             "qa_outputs": marked(Linear(width, 2), "head")})
    return with_lm_head(body_name, body, table, tied)


def rmsnorm_decoder(architecture: str, layers: Block, options: Any,
                    norm: Block | None = None) -> Block:
    """LLaMA's body (token table, layers, final norm: RMSNorm unless ``norm`` says otherwise)
    under ``model``, as the named class."""
    body = Sequential(embed_tokens=Embedding(V, H), layers=layers, norm=norm or RMSNorm(H))
    qa_body = "transformer" if options.get("qa_under_transformer") else None
    return decoder_class(architecture, "model", body, body["embed_tokens"],
                         options["tie_word_embeddings"], qa_body=qa_body)


#: transformers' question-answering class of some types keeps the decoder under
#: ``transformer`` (its ``base_model_prefix``), not ``model``
QA_UNDER_TRANSFORMER = variant("qa_under_transformer", "the question-answering class keeps "
                               "its decoder under transformer, not model")
