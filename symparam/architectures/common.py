"""Pieces several families share: the LM head over a body, tied or not, and its option; the
rules about heads that transformers enforces."""

from __future__ import annotations

from typing import Any

import sympy

from symparam.blocks import Block, Embedding, Linear, Sequential
from symparam.family import Divides, Option
from symparam.symbols import H, d_head, h, h_kv, n_labels

#: transformers splits the hidden size into h equal heads (and raises otherwise)
HEADS_SPLIT_HIDDEN = Divides(h, H, "the heads split the hidden size evenly")

#: grouped-query attention with rotary embeddings (LLaMA and the MoE decoders built on it)
GROUPED_ROTARY_RULES = (
    Divides(h_kv, h, "each key/value head serves a whole group of query heads"),
    Divides(sympy.Integer(2), d_head, "rotary embeddings rotate pairs of dimensions"),
)


def tie_option(default: bool) -> Option:
    """``tie_word_embeddings``: the LM head shares the token embedding matrix."""
    return Option("tie_word_embeddings", default, "LM head shares the token embedding matrix")


def with_lm_head(body_name: str, body: Block, table: Embedding, tied: bool) -> Sequential:
    """``body`` under ``body_name`` plus ``lm_head`` (no bias), tied to ``table`` if asked."""
    head = Linear(table.embedding_dim, table.num_embeddings, bias=False,
                  tie=table.weight if tied else None)
    return Sequential(**{body_name: body}, lm_head=head)


def with_score(body_name: str, body: Block, hidden: Embedding) -> Sequential:
    """A decoder's sequence classifier: ``score``, a bias-free H → n_labels projection."""
    return Sequential(**{body_name: body},
                      score=Linear(hidden.embedding_dim, n_labels, bias=False))


def variant(name: str, help_: str) -> Option:
    """A model type's switch on a shared family, off by default and shown only when on."""
    return Option(name, False, help_, variant=True)


def decoder_class(architecture: str, body_name: str, body: Block, table: Embedding,
                  tied: bool) -> Block:
    """A decoder's class by its name: ``…Model`` (the body), ``…ForSequenceClassification``
    (a score), anything else a causal LM head."""
    if architecture.endswith("Model") and not architecture.endswith("LMHeadModel"):
        return body
    if architecture.endswith("ForSequenceClassification"):
        return with_score(body_name, body, table)
    return with_lm_head(body_name, body, table, tied)


def rmsnorm_decoder(architecture: str, layers: Block, options: Any) -> Block:
    """LLaMA's body (token table, layers, final RMSNorm) under ``model``, as the named class."""
    from symparam.blocks import RMSNorm
    from symparam.symbols import V

    body = Sequential(embed_tokens=Embedding(V, H), layers=layers, norm=RMSNorm(H))
    return decoder_class(architecture, "model", body, body["embed_tokens"],
                         options["tie_word_embeddings"])
