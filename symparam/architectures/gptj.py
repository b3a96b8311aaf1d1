"""GPT-J (Wang and Komatsuzaki 2021), as transformers' ``GPTJModel`` builds it.

A token table (V×H) and no position table: rotary embeddings rotate the first ``rotary_dim``
dimensions (d_rope) of each query and key head and leave the rest, and add no weights. Each of
the N blocks is a parallel block: one LayerNorm feeds attention and the MLP side by side, and
both outputs are added to the residual (x + attn(ln(x)) + mlp(ln(x))), so a block has one norm,
not two. Attention has separate q, k, v and output projections (H → H) without biases; the MLP
is H → d_ff → H with biases (d_ff = 4H unless ``n_inner`` says). A final LayerNorm; the LM head
has a bias of its own and is untied by default. Heads split H, so ``h`` must divide ``H``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import HEADS_SPLIT_HIDDEN, tie_option, with_score
from symparam.assumptions import FFN_4H
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
)
from symparam.family import Divides, Family
from symparam.modeltype import Flag, Leave, ModelType, Size, heads
from symparam.symbols import H, N, V, d_ff, d_rope, h, n_labels


def block() -> Sequential:
    """One parallel block: a shared norm, attention and MLP side by side, two residual adds."""
    return Sequential(
        ln_1=LayerNorm(H),
        attn=Attention(H, H, kv_cache=2 * H, heads=h, k_proj=Linear(H, H, bias=False),
                       v_proj=Linear(H, H, bias=False), q_proj=Linear(H, H, bias=False),
                       out_proj=Linear(H, H, bias=False)),
        mlp=Sequential(fc_in=Linear(H, d_ff), act=Activation(d_ff), fc_out=Linear(d_ff, H),
                       kind="mlp"),
        residual=Residual(H, adds=2),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    wte = Embedding(V, H)
    body = Sequential(wte=wte, h=Repeat(N, block()), ln_f=LayerNorm(H))
    if architecture == "GPTJModel":
        return body
    if architecture == "GPTJForSequenceClassification":
        return with_score("transformer", body, wte)
    if architecture == "GPTJForQuestionAnswering":  # n_labels outputs (2: start and end)
        return Sequential(transformer=body, qa_outputs=marked(Linear(H, n_labels), "head"))
    tied = wte.weight if options["tie_word_embeddings"] else None
    head = Linear(H, V, tie=tied)  # a bias of its own
    return Sequential(transformer=body, lm_head=marked(head, "head"))


FAMILY = Family(
    name="gptj",
    title="GPT-J",
    description="GPT-J decoder (Wang and Komatsuzaki 2021): parallel attention and MLP, "
                "partial rotary",
    architectures={
        "GPTJForCausalLM": "decoder with an LM head with a bias (untied by default)",
        "GPTJModel": "decoder without a head",
        "GPTJForSequenceClassification": "decoder with a bias-free H → n_labels score",
        "GPTJForQuestionAnswering": "decoder with qa_outputs: H → n_labels (start and end "
                                    "logits) on every token",
    },
    build=build,
    options=(tie_option(False),),
    divides=(HEADS_SPLIT_HIDDEN,
             Divides(sympy.Integer(2), d_rope, "rotary embeddings rotate pairs of dimensions")),
    weightless={"d_rope": "rotary"},  # rotary embeddings have no weights
)


MODEL_TYPES = (
    ModelType("gptj", FAMILY, base="GPTJModel",
              classes=heads("GPTJ", "GPTJ", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForQuestionAnswering"),
              sizes=(Size("N", "n_layer"), Size("V", "vocab_size"), Size("H", "n_embd"),
                     Size("d_ff", "n_inner", null=FFN_4H), Size("h", "n_head"),
                     Size("d_rope", "rotary_dim", null=Leave("rotary over the whole head"))),
              rules=(Flag("tie_word_embeddings"),)),
)
