"""MPT (MosaicML 2023, MPT-7B), as transformers' ``MptModel`` builds it.

A token table (V×H) and no position table: ALiBi (Press et al. 2022) adds a fixed bias that
grows with the distance between query and key, one slope per head, and has no weights. Each of
the N pre-LN blocks: a LayerNorm without a bias, attention with a fused ``Wqkv`` (H → 3H) and
``out_proj`` (H → H), a LayerNorm without a bias, and an MLP ``up_proj`` H → 4H, GELU,
``down_proj`` 4H → H; no projection has a bias. A final bias-free LayerNorm; the LM head has no
bias and is tied to the token table.

transformers builds this one layout whatever the config says about it: the MLP is 4H wide
whatever ``expansion_ratio`` is, and nothing has a bias whatever ``no_bias`` is (MosaicML's own
code reads both). symparam counts what transformers builds. Heads split H without adding
weights, so ``h`` must divide ``H``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    decoder_class,
    decoder_heads,
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
)
from symparam.blocks.saved import Key
from symparam.blocks.sharding import column, row
from symparam.errors import ConfigError
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import KeyRule, ModelType, Reader, Size, heads
from symparam.symbols import H, N, V, h


@frozen
class ClipQkv(KeyRule):
    """Whether MPT's attention clamps Wqkv's output (``attn_config.clip_qkv`` set and not 0, as
    transformers reads it): the clamp keeps its input, the slices are of its output."""

    def read(self, config: Reader) -> bool:
        value = config.given(self.key)
        if value is None:
            return False
        if not isinstance(value, dict):
            raise ConfigError(f"{config.where}: {self.key} must be an object of attention "
                              "settings")
        return bool(value.get("clip_qkv"))


def block(clip_qkv: bool = False) -> Sequential:
    """One pre-LN block; ALiBi's bias is added to the scores and has no weights.

    For what a training step keeps: q, k and v are slices of Wqkv's output; the core, written
    inline, masks the scores with masked_fill (which keeps the model's boolean mask) and takes
    its softmax in fp32; the MLP's GELU is torch's exact one."""
    views = dict.fromkeys("qkv", (Key("Wqkv output"), 3 * H))
    return Sequential(
        norm_1=LayerNorm(H, bias=False),
        attn=Attention(H, H, kv_cache=2 * H, heads=h, views=views, recomputable=False,
                       softmax_fp32=True, fills_mask=True,
                       Wqkv=column(Linear(H, 3 * H, bias=False)),
                       **({"clip": Elementwise(3 * H, keeps=1)} if clip_qkv else {}),
                       out_proj=row(Linear(H, H, bias=False))),
        norm_2=LayerNorm(H, bias=False),
        ffn=Sequential(kind="mlp", up_proj=column(Linear(H, 4 * H, bias=False)),
                       act=Activation(4 * H, fn="gelu"),
                       down_proj=row(Linear(4 * H, H, bias=False))),
        residual=Residual(H, adds=2),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    body = Sequential(wte=Embedding(V, H), blocks=Repeat(N, block(options["clip_qkv"])),
                      norm_f=LayerNorm(H, bias=False))
    return decoder_class(architecture, "transformer", body, body["wte"],
                         options["tie_word_embeddings"], token_head="classifier")


FAMILY = Family(
    name="mpt",
    title="MPT",
    description="MPT decoder (MosaicML 2023): ALiBi, no biases, a 4H MLP",
    architectures={
        "MptForCausalLM": "decoder with the LM head tied to the token embeddings",
        "MptModel": "decoder without a head",
        "MptForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("Mpt"),
    },
    build=build,
    options=(tie_option(True),
             Option("clip_qkv", False, "the attention clamps Wqkv's output (no weights; what a "
                    "training step keeps)", variant=True)),
    divides=(HEADS_SPLIT_HIDDEN,),
)


MODEL_TYPES = (
    ModelType("mpt", FAMILY, base="MptModel",
              classes=heads("Mpt", "Mpt", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(Size("N", "n_layers"), Size("V", "vocab_size"), Size("H", "d_model"),
                     Size("h", "n_heads")),
              rules=(ClipQkv("clip_qkv", "attn_config"),),
              # MosaicML's own code, which MPT-7B's config.json names
              aliases={"MPTForCausalLM": "MptForCausalLM"}),
)
