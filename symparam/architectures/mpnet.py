"""MPNet (Song et al. 2020), as transformers' ``MPNetModel`` builds it.

BERT's encoder with T5's relative position bias: word (V×H) and learned position (L×H) tables,
summed, then LayerNorm (no token types). Each of the N post-LN layers: self-attention with q, k,
v and o projections (H → H, biases) and a LayerNorm over the residual sum, then the FFN
H → d_ff → H and a LayerNorm. Position also enters every layer's scores as a learned bias per
relative-position bucket and head: one table of n_buckets × h, owned by the encoder and shared
by all layers (``relative_attention_bias``). ``MPNetModel`` adds a pooler (dense H×H, tanh, on
the first token); the masked-LM head is RoBERTa's (dense, GELU, LayerNorm, a decoder tied to the
word table with a bias of its own). Both tables pad with row 1, whatever ``pad_token_id`` says,
so each needs two rows. Heads split H, so ``h`` must divide ``H``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.bert import mlm_head, on_pooled
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
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
    marked,
    on_first_token,
)
from symparam.blocks.saved import Saved, same_tensor
from symparam.errors import ConfigError, InvalidValueError
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import ActivationName, ModelType, NullRule, Reader, Size, heads
from symparam.symbols import H, L, N, V, d_ff, h, n_buckets, n_labels


def layer(activation: str) -> Sequential:
    """One post-LN layer: attention (its norm over the residual sum), then the FFN.

    For what a training step keeps: q, k and v read the layer's input; the core is written
    inline (nothing to checkpoint) and adds the shared position bias; the activation's
    output is what the output dense reads."""
    q, k, v = (Linear(H, H) for _ in range(3))
    same_tensor("attention input", (q, "input"), (k, "input"), (v, "input"))
    act, dense = Activation(d_ff, fn=activation), Linear(d_ff, H)
    same_tensor("activation output", (act, "output"), (dense, "input"))
    return Sequential(
        attention=Sequential(attn=Attention(H, H, heads=h, recomputable=False, q=q, k=k, v=v,
                                            o=Linear(H, H)),
                             LayerNorm=LayerNorm(H)),
        intermediate=Sequential(dense=Linear(H, d_ff), intermediate_act_fn=act, kind="mlp"),
        output=Sequential(dense=dense, LayerNorm=LayerNorm(H), kind="mlp"),
        residual=Residual(H, adds=2),
    )


class Layers(Repeat):
    """MPNet's layers: transformers runs them without gradient checkpointing."""

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        if policy == "full":
            raise InvalidValueError("transformers' MPNet has no gradient checkpointing: "
                                    "symparam derives full recomputation as it runs")
        return super().saved(batch, seq, policy, view)


def mpnet_model(pooler: bool, activation: str = "gelu") -> Sequential:
    # the positions are counted from each sequence's tokens (past the padding row), the
    # relative bias looked up by a bucket for each query and key position
    parts: dict[str, Block] = {
        "embeddings": Sequential(word_embeddings=Embedding(V, H),
                                 position_embeddings=Embedding(L, H, summed=True,
                                                               indices="batch_positions"),
                                 LayerNorm=LayerNorm(H)),
        # one bias table for every layer: n_buckets relative positions × h heads
        "encoder": Sequential(layer=Layers(N, layer(activation)),
                              relative_attention_bias=Embedding(n_buckets, h, indices="pairs")),
    }
    if pooler:  # dense and tanh on the first token (a slice of the last hidden states)
        dense = Linear(H, H)
        dense.slices_sequence = True
        parts["pooler"] = Sequential(dense=dense, activation=Activation(H, fn="tanh"),
                                     first_token=True, kind="head")
    return Sequential(**parts)


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    act = activation_of(options, "gelu")
    if architecture == "MPNetModel":
        return mpnet_model(bool(options["pooler"]), act)
    if architecture == "MPNetForMultipleChoice":  # one score per choice, from its pooled token
        encoder = mpnet_model(True, act)
        return Sequential(mpnet=encoder, classifier=on_pooled(
            encoder, marked(on_first_token(Linear(H, 1)), "head")))
    body = mpnet_model(False, act)
    if architecture == "MPNetForMaskedLM":
        word = body["embeddings"]["word_embeddings"].weight
        return Sequential(mpnet=body, lm_head=mlm_head(
            word if options["tie_word_embeddings"] else None, roberta=True))
    if architecture == "MPNetForSequenceClassification":  # RoBERTa's head on the first token
        dense, tanh, out_proj = Linear(H, H), Activation(H, fn="tanh"), Linear(H, n_labels)
        dense.slices_sequence = True
        same_tensor("tanh output", (tanh, "output"), (out_proj, "input"))
        return Sequential(mpnet=body, classifier=Sequential(
            dense=dense, tanh=tanh, out_proj=out_proj, first_token=True, kind="head"))
    head = "qa_outputs" if architecture == "MPNetForQuestionAnswering" else "classifier"
    return Sequential(mpnet=body, **{head: marked(Linear(H, n_labels), "head")})  # every token


FAMILY = Family(
    name="mpnet",
    title="MPNet",
    description="MPNet encoder (Song et al. 2020): BERT with a shared relative position bias",
    architectures={
        "MPNetModel": "encoder with pooler (what AutoModel builds)",
        "MPNetForMaskedLM": "encoder without pooler, MLM head tied to the word embeddings",
        "MPNetForSequenceClassification": "encoder without pooler, a two-layer classifier on "
                                          "the first token",
        "MPNetForMultipleChoice": "encoder with pooler and an H → 1 score for each choice",
        "MPNetForTokenClassification": "encoder without pooler, an H → n_labels classifier on "
                                       "every token",
        "MPNetForQuestionAnswering": "encoder without pooler, qa_outputs H → n_labels (start, "
                                     "end logits) on every token",
    },
    build=build,
    options=(Option("pooler", True, "MPNetModel's pooler (dense H×H on the first token)"),
             tie_option(True), activation_option("gelu")),
    divides=(HEADS_SPLIT_HIDDEN,),
)


@frozen
class PadsWithRowOne(NullRule):
    """A table that pads with row 1 whatever ``pad_token_id`` says (MPNet's word and position
    tables): torch refuses a table without that row."""

    key: str

    def resolve(self, config: Reader) -> int:
        rows = config.positive_int(self.key, config.given(self.key))
        if rows < 2:
            raise ConfigError(f"{config.where}: {config.spelled.get(self.key, self.key)} = "
                              f"{rows}: MPNet pads this table with row 1, which it does not have")
        return rows


MODEL_TYPES = (
    ModelType("mpnet", FAMILY, base="MPNetModel",
              classes=heads("MPNet", "MPNet", "Model", "ForMaskedLM", "ForSequenceClassification",
                            "ForMultipleChoice", "ForTokenClassification",
                            "ForQuestionAnswering"),
              sizes=(Size("N", "num_hidden_layers"),
                     Size("V", "vocab_size", null=PadsWithRowOne("vocab_size"), computed=True),
                     Size("L", "max_position_embeddings",
                          null=PadsWithRowOne("max_position_embeddings"), computed=True),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads"),
                     Size("n_buckets", "relative_attention_num_buckets")),
              rules=(ActivationName("activation", "hidden_act", "gelu"),)),
)
