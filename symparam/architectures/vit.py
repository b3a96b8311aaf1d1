"""The Vision Transformer (Dosovitskiy et al. 2021), as transformers' ``ViTModel`` builds it.

An R×R image with C channels is cut into (R/P)² patches of P×P pixels; a convolution with
kernel and stride P embeds each patch into H (weight H×C×P×P, bias H). A class token (1×1×H)
joins them, and a learned position table holds (R/P)² + 1 rows. Each of the N layers:
LayerNorm, attention (q, k, v, o: H → H; biases on q, k, v with ``qkv_bias``), LayerNorm, MLP
H → d_ff → H. A final LayerNorm; ``ViTModel`` adds a pooler (H×H),
``ViTForImageClassification`` a classifier H → n_labels instead. P must divide R. The sequence is
the (R/P)² patches and the class token, so compute needs no sequence length.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import HEADS_SPLIT_HIDDEN
from symparam.blocks import (
    Activation,
    Attention,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
    Tensor,
    on_first_token,
)
from symparam.family import Divides, Family, Option
from symparam.modeltype import Flag, ModelType, Size, heads
from symparam.symbols import C, H, N, P, R, d_ff, h, n_labels


class PatchProjection(Sequential):
    """The patch embedding: a convolution with kernel and stride P, H filters of C×P×P.

    Its FLOPs are those of the convolution: 2 per multiply-add, (R/P)² positions per image.
    """

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * (R / P) ** 2 * H * C * P**2

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {"bias": batch * (R / P) ** 2 * H}  # the filters' bias, at each patch


def layer(qkv_bias: bool) -> Sequential:
    return Sequential(
        attention=Attention(H, H, heads=h, q_proj=Linear(H, H, bias=qkv_bias),
                            k_proj=Linear(H, H, bias=qkv_bias),
                            v_proj=Linear(H, H, bias=qkv_bias), o_proj=Linear(H, H)),
        layernorm_before=LayerNorm(H),
        layernorm_after=LayerNorm(H),
        mlp=Sequential(fc1=Linear(H, d_ff), activation_fn=Activation(d_ff),
                       fc2=Linear(d_ff, H)),
        residual=Residual(H, adds=2),
    )


def vit_model(pooler: bool, qkv_bias: bool) -> Sequential:
    patches = (R / P) ** 2
    parts = {
        "embeddings": Sequential(
            cls_token=Tensor(1, 1, H),
            position_embeddings=Tensor(1, patches + 1, H),
            patch_embeddings=Sequential(projection=PatchProjection(weight=Tensor(H, C, P, P),
                                                                   bias=Tensor(H))),
            position_add=Residual(H),
        ),
        "layers": Repeat(N, layer(qkv_bias)),
        "layernorm": LayerNorm(H),
    }
    if pooler:
        parts["pooler"] = Sequential(dense=Linear(H, H), activation=Activation(H), first_token=True)
    return Sequential(**parts)


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    qkv_bias = bool(options["qkv_bias"])
    if architecture == "ViTModel":
        return vit_model(bool(options["pooler"]), qkv_bias)
    return Sequential(vit=vit_model(False, qkv_bias),
                      classifier=on_first_token(Linear(H, n_labels)))


FAMILY = Family(
    sequence=(R / P) ** 2 + 1,
    name="vit",
    title="ViT",
    description="Vision Transformer (Dosovitskiy et al. 2021): patch embedding, class token",
    architectures={
        "ViTModel": "encoder with pooler",
        "ViTForImageClassification": "encoder with an H → n_labels classifier",
    },
    build=build,
    options=(
        Option("pooler", True, "ViTModel's pooler (dense H×H on the class token)"),
        Option("qkv_bias", True, "biases on the q, k and v projections"),
    ),
    divides=(
        HEADS_SPLIT_HIDDEN,
        Divides(P, R, "the image is cut into whole patches"),
    ),
)


MODEL_TYPES = (
    ModelType("vit", FAMILY, base="ViTModel",
              classes=heads("ViT", "ViT", "Model", "ForImageClassification"),
              sizes=(Size("N", "num_hidden_layers"), Size("H", "hidden_size"),
                     Size("d_ff", "intermediate_size"), Size("h", "num_attention_heads"),
                     Size("R", "image_size"), Size("P", "patch_size"),
                     Size("C", "num_channels")),
              rules=(Flag("qkv_bias"),)),
)
