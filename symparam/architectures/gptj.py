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

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    activation_of,
    activation_option,
    tie_option,
    with_score,
)
from symparam.assumptions import FFN_4H
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
    marked,
)
from symparam.blocks.saved import ACT, Saved, same_tensor
from symparam.blocks.sharding import column, row
from symparam.family import Divides, Family
from symparam.modeltype import ActivationName, Leave, ModelType, Size, heads
from symparam.symbols import H, N, V, d_ff, d_rope, h, n_labels


class SinCos(Elementwise):
    """A layer's rotary tables: sin and cos of ``width`` for one row of positions (the ids
    have one row for every sequence), repeated once for q and once for k; the products keep
    the four."""

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        return Saved.of(*[(None, ACT, self.own_seq(seq) * self.width)] * 4)


def block(activation: str) -> Sequential:
    """One parallel block: a shared norm, attention and MLP side by side, two residual adds.

    For what a training step keeps: q, k, v and fc_in read ln_1's output; each layer makes its
    own rotary tables, and repeats sin and cos (d_rope wide, one row of positions) once for q
    and once for k, which the products keep (four tensors of s·d_rope); the core, a method
    written inline, casts q and k to fp32 and takes its softmax there."""
    k, v, q = (column(Linear(H, H, bias=False)) for _ in range(3))
    fc_in = column(Linear(H, d_ff))
    same_tensor("ln_1 output", (q, "input"), (k, "input"), (v, "input"), (fc_in, "input"))
    return Sequential(
        ln_1=LayerNorm(H),
        attn=Attention(H, H, kv_cache=2 * H, heads=h, recomputable=False, softmax_fp32=True,
                       fp32_inputs=("q", "k"), k_proj=k, v_proj=v, q_proj=q,
                       out_proj=row(Linear(H, H, bias=False)), sincos=SinCos(d_rope)),
        mlp=Sequential(fc_in=fc_in, act=Activation(d_ff, fn=activation),
                       fc_out=row(Linear(d_ff, H)), kind="mlp"),
        residual=Residual(H, adds=2),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    wte = Embedding(V, H)
    body = Sequential(wte=wte, h=Repeat(N, block(activation_of(options, "gelu_new"))),
                      ln_f=LayerNorm(H))
    if architecture == "GPTJModel":
        return body
    if architecture == "GPTJForSequenceClassification":
        return with_score("transformer", body, wte)
    if architecture == "GPTJForQuestionAnswering":  # n_labels outputs (2: start and end)
        return Sequential(transformer=body, qa_outputs=marked(Linear(H, n_labels), "head"))
    tied = wte.weight if options["tie_word_embeddings"] else None
    head = Linear(H, V, tie=tied)  # a bias of its own
    if tied is None:  # Megatron's vocabulary-parallel head: its rows and bias split over V
        column(head)
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
    options=(tie_option(False), activation_option("gelu_new")),
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
              rules=(ActivationName("activation", "activation_function", "gelu_new"),)),
)
