"""Phi (Gunasekar et al. 2023; Li et al. 2023: phi-1, phi-1.5, phi-2), as transformers'
``PhiModel`` builds it.

A token table (V×H) and no position table: rotary embeddings turn only part of each head
(``partial_rotary_factor``, half by default) and have no weights. Each of the N blocks runs
attention and MLP in parallel on the output of one LayerNorm and adds both to the residual
stream (GPT-J's block): x + attn(LN(x)) + mlp(LN(x)). Attention has h query heads and h_kv
key/value heads of size d_head, every projection with a bias: q (H → h·d_head), k and v
(H → h_kv·d_head), ``dense`` (h·d_head → H); with ``qk_layernorm``, a LayerNorm (weight and
bias) over each head of q and of k, shared by the heads. The MLP is ungated: fc1 (H → d_ff),
GELU, fc2 (d_ff → H), both with biases. A final LayerNorm and an LM head with a bias (V×H + V);
tying it to the token table shares the matrix, not the bias. The default assumption is
d_head = H/h; a config without ``head_dim`` gets H // h.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    activation_of,
    activation_option,
    decoder_class,
    decoder_heads,
    tie_option,
)
from symparam.architectures.llama import SIZES, rotated
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
    marked,
    unembedding,
)
from symparam.blocks.saved import Key, same_tensor
from symparam.blocks.sharding import column, row
from symparam.errors import ConfigError
from symparam.family import Divides, Family, Option
from symparam.frozen import frozen
from symparam.inputs import Runnable
from symparam.modeltype import ActivationName, ModelType, Reader, Rule, heads
from symparam.symbols import H, N, V, d_ff, d_head, d_rot, h, h_kv


def attention(options: Mapping[str, Any], reads: Key) -> Attention:
    """q, k and v read ``reads`` (the norm's output, which the MLP reads too); rotary
    embeddings turn d_rot of each head."""
    q, k, v = (column(Linear(H, n * d_head)) for n in (h, h_kv, h_kv))
    same_tensor("norm output", (q, "input"), (k, "input"), (v, "input"), key=reads)
    parts: dict[str, Block] = {"q_proj": q, "k_proj": k, "v_proj": v,
                               "dense": row(Linear(h * d_head, H))}
    if options["qk_layernorm"]:
        parts.update(q_layernorm=LayerNorm(d_head, per_token=h),
                     k_layernorm=LayerNorm(d_head, per_token=h_kv))
    return Attention(h * d_head, h * d_head, kv_cache=2 * h_kv * d_head, heads=h, kv_heads=h_kv,
                     rotary=d_rot, softmax_fp32=True, masked=True, **parts)


def layer(options: Mapping[str, Any]) -> Sequential:
    reads = Key("norm output")  # attention and MLP side by side on one norm's output
    fc1, act, fc2 = column(Linear(H, d_ff)), Activation(d_ff, fn=activation_of(
        options, "gelu_new")), row(Linear(d_ff, H))
    same_tensor("norm output", (fc1, "input"), key=reads)
    same_tensor("activation output", (act, "output"), (fc2, "input"))
    return Sequential(
        self_attn=attention(options, reads),
        mlp=Sequential(fc1=fc1, act=act, fc2=fc2, kind="mlp"),
        input_layernorm=LayerNorm(H),
        residual=Residual(H, adds=2),  # x + attention + MLP
    )


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    body = Sequential(embed_tokens=Embedding(V, H), layers=Repeat(N, layer(options)),
                      final_layernorm=LayerNorm(H))
    table, tied = body["embed_tokens"], bool(options["tie_word_embeddings"])
    if architecture == "PhiForCausalLM":  # the head keeps its own bias when tied
        head = Linear(H, V, tie=table.weight if tied else None)
        return Sequential(model=body, lm_head=unembedding(marked(head, "head")))
    return decoder_class(architecture, "model", body, table, tied)


FAMILY = Family(
    name="phi",
    title="Phi",
    description="Phi decoder (Microsoft: phi-1 to phi-2): parallel attention and MLP, "
                "partial rotary, LayerNorm, biases everywhere",
    architectures={
        "PhiForCausalLM": "decoder with an LM head with a bias (untied by default)",
        "PhiModel": "decoder without a head",
        "PhiForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("Phi", qa=False),
    },
    build=build,
    options=(
        tie_option(False),
        Option("qk_layernorm", False, "a LayerNorm over each head of q and of k"),
        activation_option("gelu_new"),
    ),
    assumptions=(HEAD_SIZE,),
    # rotary embeddings turn int(d_head·factor) dimensions: no rule on d_head itself
    divides=(Divides(h_kv, h, "each key/value head serves a whole group of query heads"),),
    weightless={"d_rot": "rotary"},  # rotary embeddings have no weights
)


@frozen
class HeadNorms(Rule):
    """``qk_layernorm``: transformers sizes these norms H // h, not ``head_dim``; it builds
    them whatever the head size, but cannot run them on heads of another size, so a file where
    the two differ is refused rather than counted as a model that does not run."""

    option: str
    key: str

    def reads(self) -> tuple[str, ...]:
        return (self.key, "head_dim", "hidden_size", "num_attention_heads")

    def read(self, config: Reader) -> bool:
        on = config.flag(self.key)
        present, head = config.lookup("head_dim")
        if on and present and head is not None:
            head = config.positive_int("head_dim", head)
            hidden = config.positive_int("hidden_size", config.given("hidden_size"))
            count = config.positive_int("num_attention_heads", config.given("num_attention_heads"))
            if head != hidden // count:
                raise ConfigError(f"{config.where}: {self.key} normalises heads of hidden_size "
                                  f"// num_attention_heads = {hidden // count}, but head_dim = "
                                  f"{head}; transformers cannot run that model")
        return on


MODEL_TYPES = (
    ModelType("phi", FAMILY, base="PhiModel",
              classes=heads("Phi", "Phi", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification"),
              sizes=(*SIZES, rotated(0.5)),
              rules=(HeadNorms("qk_layernorm", "qk_layernorm"),
                     ActivationName("activation", "hidden_act", "gelu_new")),
              runnable=Runnable(head_multiple=4)),
)
