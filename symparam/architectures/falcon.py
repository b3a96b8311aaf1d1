"""Falcon (Almazrouei et al. 2023), as transformers' ``FalconModel`` builds it.

A token table (V×H), no position table (rotary or ALiBi). Each of the N layers holds a fused
``query_key_value`` projection and a ``dense`` output projection, an MLP H → d_ff → H, and
LayerNorms; every projection has a bias only with ``bias``. The fused projection's width
depends on the attention layout: h query heads and h_kv key/value heads of size d_head with
the new decoder architecture (Falcon-40B/180B: (h + 2·h_kv)·d_head); one shared key/value head
with ``multi_query`` (Falcon-7B: H + 2·d_head); otherwise 3H. Norms: two per layer when
attention and MLP run in sequence; with ``parallel_attn``, one shared norm or two
(``parallel_norms``, 2 for the new decoder architecture). A final LayerNorm; the LM head is tied
to the token table by default. d_head = H/h, and h must divide H.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    activation_of,
    activation_option,
    decoder_class,
    decoder_heads,
    tie_option,
)
from symparam.assumptions import FFN_4H, HEAD_SIZE, KV_HEADS
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
)
from symparam.blocks.saved import Key, same_tensor
from symparam.blocks.sharding import KV_GROUPS, column, row
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import ActivationName, Flag, KeyPair, ModelType, Reader, Size, heads
from symparam.symbols import H, N, V, d_ff, d_head, h, h_kv


def attention(options: Mapping[str, Any], width: Any, cache: Any,
              reads: Key | None) -> Attention:
    """The attention over its fused projection (``width`` wide). Rotary embeddings (unless
    ALiBi) make q and k anew; what reaches the core as a slice of the fused output, and how
    many key/value heads torch repeats, depends on the layout."""
    bias = bool(options["bias"])
    qkv = Linear(H, width, bias=bias)
    # one key/value head (multi-query) is not split: the heads' check refuses it
    if options["new_decoder_architecture"]:  # laid out by key/value groups
        column(qkv, units=h_kv, unit=KV_GROUPS)
    elif not options["multi_query"]:  # laid out head by head, (B, s, h, 3, d_head)
        column(qkv, units=h)
    same_tensor("attention input", (qkv, "input"), key=reads)
    fused, alibi = Key("query_key_value output"), bool(options["alibi"])
    kv_heads: Any = None
    views: dict[str, Any] = {}
    indices = 0
    derived = ""
    if options["new_decoder_architecture"]:  # k and v picked by index and broadcast
        indices = 2
        if alibi:
            derived = ("symparam does not derive what Falcon keeps with ALiBi and the new "
                       "decoder architecture")
    elif options["multi_query"]:  # k and v picked by index: one head, repeated by the matmul
        kv_heads, indices = 1, 2
        if alibi:
            views["q"] = (fused, width)
    else:  # q, k, v slices of an output laid out (B, s, h, 3, d_head)
        views = {"v": (fused, width)} if not alibi else dict.fromkeys("qkv", (fused, width))
    return Attention(h * d_head, h * d_head, kv_cache=cache, heads=h, kv_heads=kv_heads,
                     views=views, interleaved=not options["multi_query"],
                     rotary=None if alibi else d_head, recomputable=False, indices=indices,
                     derived=derived, query_key_value=qkv, dense=row(Linear(H, H, bias=bias)))


def layer(options: Mapping[str, Any]) -> Sequential:
    bias = bool(options["bias"])
    if options["new_decoder_architecture"]:
        # transformers repeats the h_kv key/value heads to h before it caches them: 2·h·d_head
        # numbers a token (an engine that keeps the h_kv heads keeps 2·h_kv·d_head)
        width, cache = (h + 2 * h_kv) * d_head, 2 * h * d_head
    elif options["multi_query"]:
        width, cache = H + 2 * d_head, 2 * d_head
    else:
        width, cache = 3 * H, 2 * H
    one_norm = options["parallel_attn"] and options["parallel_norms"] != 2
    reads = Key("norm output") if one_norm else None  # attention and MLP read one norm's
    up, act, down = column(Linear(H, d_ff, bias=bias)), \
        Activation(d_ff, fn=activation_of(options, "gelu")), row(Linear(d_ff, H, bias=bias))
    same_tensor("norm output", (up, "input"), key=reads)
    same_tensor("activation output", (act, "output"), (down, "input"))
    parts: dict[str, Block] = {
        "self_attention": attention(options, width, cache, reads),
        "mlp": Sequential(kind="mlp", dense_h_to_4h=up, act=act, dense_4h_to_h=down),
        "residual": Residual(H, adds=2),
    }
    if not options["parallel_attn"]:
        parts.update(post_attention_layernorm=LayerNorm(H), input_layernorm=LayerNorm(H))
    elif options["parallel_norms"] == 2:  # each reads the layer's input
        attention_norm, mlp_norm = LayerNorm(H), LayerNorm(H)
        same_tensor("layer input", (attention_norm, "input"), (mlp_norm, "input"))
        parts.update(ln_attn=attention_norm, ln_mlp=mlp_norm)
    else:
        parts.update(input_layernorm=LayerNorm(H))
    return Sequential(**parts)


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    body = Sequential(word_embeddings=Embedding(V, H), h=Repeat(N, layer(options)),
                      ln_f=LayerNorm(H))
    return decoder_class(architecture, "transformer", body, body["word_embeddings"],
                         options["tie_word_embeddings"], token_head="classifier")


FAMILY = Family(
    name="falcon",
    title="Falcon",
    description="Falcon decoder (Almazrouei et al. 2023): multi-query or grouped attention",
    architectures={
        "FalconForCausalLM": "decoder with an LM head (tied by default)",
        "FalconModel": "decoder without a head",
        "FalconForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("Falcon"),
    },
    build=build,
    options=(
        tie_option(True),
        Option("bias", False, "biases on every projection"),
        Option("new_decoder_architecture", False, "h_kv key/value heads, two parallel norms"),
        Option("multi_query", True, "one key/value head shared by all query heads"),
        Option("parallel_attn", True, "attention and MLP read the same input in parallel"),
        Option("parallel_norms", 1, "norms in a parallel block (1 shared, or 2)"),
        Option("alibi", False, "ALiBi position biases instead of rotary embeddings",
               variant=True),
        activation_option("gelu"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(HEADS_SPLIT_HIDDEN,),
)


@frozen
class ParallelNorms(KeyPair):
    """``num_ln_in_parallel_attn``: 2 norms in a parallel block, else 1; null means 2 with the
    new decoder architecture (what Falcon's model code does)."""

    new_architecture: str
    also = "new_architecture"

    def read(self, config: Reader) -> int:
        present, value = config.lookup(self.key)
        if not present or value is None:
            return 2 if config.flag(self.new_architecture, null_is_false=True) else 1
        return 2 if config.positive_int(self.key, value) == 2 else 1


MODEL_TYPES = (
    ModelType("falcon", FAMILY, base="FalconModel",
              classes=heads("Falcon", "Falcon", "ForCausalLM", "Model",
                            "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size"),
                     Size("H", "hidden_size"), Size("d_ff", "ffn_hidden_size", null=FFN_4H),
                     Size("h", "num_attention_heads"), Size("h_kv", "num_kv_heads", null=KV_HEADS)),
              # the model code reads these optional flags as false when null
              rules=(Flag("bias", null_is_false=True),
                     Flag("new_decoder_architecture", null_is_false=True),
                     Flag("multi_query", null_is_false=True),
                     Flag("parallel_attn", null_is_false=True),
                     ParallelNorms("parallel_norms", "num_ln_in_parallel_attn",
                                   "new_decoder_architecture"),
                     Flag("alibi", null_is_false=True),
                     ActivationName("activation", "activation", "gelu"))),
)
