"""The Vision Transformer (Dosovitskiy et al. 2021), as transformers' ``ViTModel`` builds it.

An R×R image with C channels is cut into ⌊R/P⌋² patches of P×P pixels (a convolution with
kernel and stride P, weight H×C×P×P and bias H, embeds each into H; pixels past the last whole
patch are dropped). A class token (1×1×H) joins them, and a learned position table holds
⌊R/P⌋² + 1 rows. Each of the N layers: LayerNorm, attention (q, k, v: H → h·d_head, biases with
``qkv_bias``; o back to H), LayerNorm, MLP H → d_ff → H. A final LayerNorm; ``ViTModel`` adds a
pooler (H → d_pool on the class token), ``ViTForImageClassification`` a classifier
H → n_labels instead, ``ViTForMaskedImageModeling`` a mask token and a 1×1 convolution that
turns each patch back into S×S pixels of C channels. Default assumptions: d_head = H/h, and the
pooler keeps the hidden size (d_pool = H). The sequence is the patches and the class token, so
compute needs no sequence length.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import activation_of, activation_option
from symparam.assumptions import HEAD_SIZE, POOLER_SIZE
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
    Tensor,
    marked,
    on_first_token,
)
from symparam.blocks.saved import ACT, Key, Saved, same_tensor
from symparam.family import Divides, Family, Option
from symparam.modeltype import (
    ActivationName,
    Flag,
    HeadSize,
    ModelType,
    Size,
    heads,
    known_activation,
)
from symparam.symbols import C, H, H_vis, N, P, R, S, d_ff, d_head, d_pool, h, h_vis, m, n_labels

#: the patches an image is cut into (a strided convolution drops a partial last patch); built
#: unevaluated (sympy's evaluation would ask whether R/P is an integer, at every import)
PATCHES = sympy.Pow(sympy.floor(R / P, evaluate=False), 2, evaluate=False)
#: the side of an image's grid of patches merged m × m (a pixel shuffle, a spatial merge):
#: ⌊⌊R/P⌋/m⌋ tokens a row and as many rows
MERGED_SIDE = sympy.floor(sympy.floor(R / P, evaluate=False) / m, evaluate=False)
#: the tokens that grid makes: ⌊⌊R/P⌋/m⌋², ⌊R/P⌋²/m² where m divides ⌊R/P⌋
MERGED = sympy.Pow(MERGED_SIDE, 2, evaluate=False)
#: a pixel shuffle's rule to run (Idefics3, InternVL, Llama 4): m divides the patch grid's side
PIXEL_SHUFFLE_DIVIDES = Divides(m, sympy.floor(R / P, evaluate=False),
                                "the pixel shuffle lays each m × m block of an image's patch "
                                "grid into one token, and reshapes a grid whose side m does not "
                                "divide into none", to_run=True)
#: a vision–language model's tower: its heads split its hidden size
VISION_HEADS_DIVIDE = Divides(h_vis, H_vis, "the vision tower's heads split its hidden size evenly")
#: the patches and the class token
TOKENS = sympy.Add(1, PATCHES, evaluate=False)  # in sympy's own order: equal to PATCHES + 1
#: the last hidden states, which the heads read slices of
LAST_HIDDEN = Key("last hidden states")


class PatchProjection(Sequential):
    """The patch embedding: a convolution with kernel and stride P, H filters of C×P×P.

    Its FLOPs are those of the convolution: 2 per multiply-add, ⌊R/P⌋² positions per image.
    """

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * PATCHES * H * C * P**2

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {"bias": batch * PATCHES * H}  # the filters' bias, at each patch

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """The convolution keeps its input for its weight's gradient: the whole image."""
        return Saved.of((None, ACT, batch * C * R * R))


class PixelDecoder(Sequential):
    """The masked-image decoder: a 1×1 convolution H → S²·C at each patch (then a pixel
    shuffle, which moves numbers without arithmetic). FLOPs: 2 per multiply-add."""

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * PATCHES * H * S**2 * C

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {"bias": batch * PATCHES * S**2 * C}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """The convolution keeps its input: the patches' hidden states, a view of the last
        hidden states (the class token's row included)."""
        return Saved.of((LAST_HIDDEN, ACT, batch * TOKENS * H))


def layer(qkv_bias: bool, activation: str = "gelu") -> Sequential:
    width = h * d_head
    q, k, v = (Linear(H, width, bias=qkv_bias) for _ in range(3))
    same_tensor("attention input", (q, "input"), (k, "input"), (v, "input"))
    act, fc2 = Activation(d_ff, fn=activation), Linear(d_ff, H)
    same_tensor("activation output", (act, "output"), (fc2, "input"))
    return Sequential(
        attention=Attention(width, width, heads=h, softmax_fp32=True, q_proj=q, k_proj=k, v_proj=v,
                            o_proj=Linear(width, H)),
        layernorm_before=LayerNorm(H),
        layernorm_after=LayerNorm(H),
        mlp=Sequential(kind="mlp", fc1=Linear(H, d_ff), activation_fn=act, fc2=fc2),
        residual=Residual(H, adds=2),
    )


def vit_model(pooler: bool, qkv_bias: bool, mask_token: bool = False,
              activation: str = "gelu", pooler_activation: str = "tanh") -> Sequential:
    embeddings: dict[str, Block] = {"cls_token": Tensor(1, 1, H)}
    if mask_token:  # stands in for the masked patches
        embeddings["mask_token"] = Tensor(1, 1, H)
    embeddings.update(
        position_embeddings=Tensor(1, TOKENS, H),
        patch_embeddings=Sequential(projection=PatchProjection(weight=Tensor(H, C, P, P),
                                                               bias=Tensor(H))),
        position_add=Residual(H),
    )
    parts = {
        "embeddings": Sequential(**embeddings, kind="embedding"),
        "layers": Repeat(N, layer(qkv_bias, activation)),
        "layernorm": LayerNorm(H),
    }
    if pooler:  # on the class token, a slice of the last hidden states
        dense = Linear(H, d_pool)
        dense.slices_sequence, dense.input_key = True, LAST_HIDDEN
        parts["pooler"] = Sequential(dense=dense,
                                     activation=Activation(d_pool, fn=known_activation(
                                         pooler_activation, "pooler_act")),
                                     first_token=True, kind="head")
    return Sequential(**parts)


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    qkv_bias = bool(options["qkv_bias"])
    acts = {"activation": activation_of(options, "gelu"),
            "pooler_activation": activation_of(options, "tanh", "pooler_activation")}
    if architecture == "ViTModel":
        return vit_model(bool(options["pooler"]), qkv_bias, **acts)
    if architecture == "ViTForMaskedImageModeling":
        return Sequential(vit=vit_model(False, qkv_bias, mask_token=True, **acts),
                          decoder=Sequential(kind="head", **{"0": PixelDecoder(
                              weight=Tensor(S**2 * C, H, 1, 1), bias=Tensor(S**2 * C))}))
    classifier = on_first_token(Linear(H, n_labels))  # on the class token's slice
    classifier.slices_sequence = True
    return Sequential(vit=vit_model(False, qkv_bias, **acts),
                      classifier=marked(classifier, "head"))


FAMILY = Family(
    sequence=TOKENS,
    name="vit",
    title="ViT",
    description="Vision Transformer (Dosovitskiy et al. 2021): patch embedding, class token",
    architectures={
        "ViTModel": "encoder with pooler",
        "ViTForImageClassification": "encoder with an H → n_labels classifier",
        "ViTForMaskedImageModeling": "encoder with a mask token and a decoder back to pixels",
    },
    build=build,
    options=(
        Option("pooler", True, "ViTModel's pooler (dense H → d_pool on the class token)"),
        Option("qkv_bias", True, "biases on the q, k and v projections"),
        activation_option("gelu"),
        Option("pooler_activation", "", "the pooler's activation, where not tanh",
               variant=True, where_built=True),
    ),
    # transformers requires neither h | H (an explicit head_dim) nor P | R (it drops the rest)
    assumptions=(HEAD_SIZE, POOLER_SIZE),
)


MODEL_TYPES = (
    ModelType("vit", FAMILY, base="ViTModel",
              classes=heads("ViT", "ViT", "Model", "ForImageClassification",
                            "ForMaskedImageModeling"),
              sizes=(Size("N", "num_hidden_layers"), Size("H", "hidden_size"),
                     Size("d_ff", "intermediate_size"), Size("h", "num_attention_heads"),
                     Size("d_head", "head_dim", null=HeadSize("hidden_size",
                                                              "num_attention_heads")),
                     Size("R", "image_size"), Size("P", "patch_size"),
                     Size("C", "num_channels"),
                     Size("d_pool", "pooler_output_size", null=POOLER_SIZE),
                     Size("S", "encoder_stride")),
              rules=(Flag("qkv_bias"), ActivationName("activation", "hidden_act", "gelu"),
                     ActivationName("pooler_activation", "pooler_act", "tanh",
                                    where_built=True))),
)
