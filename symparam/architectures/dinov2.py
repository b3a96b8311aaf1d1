"""DINOv2 (Oquab et al. 2024), as transformers' ``Dinov2Model`` builds it, and DINOv2 with
registers (Darcet et al. 2024).

A ViT-style encoder: an R×R image with C channels is cut into ⌊R/P⌋² patches by a convolution
with kernel and stride P (weight H×C×P×P, bias H); a class token (1×1×H) joins them and a
learned position table of ⌊R/P⌋² + 1 rows is added (interpolated at run time when an image of
another size comes in: no weights, and at the configured size none of the work). A mask token
(1×H) stands in for masked patches in pre-training (``use_mask_token``; the registers' model
always has one). With registers, n_reg register tokens (1×n_reg×H) are put after the class
token once the positions are added: the sequence is ⌊R/P⌋² + 1 + n_reg.

Each of the N layers: LayerNorm (``norm1``), attention (q, k, v: H → h·d_head, biases with
``qkv_bias``; o back to H with a bias), layer scale λ₁ (a vector of H multiplying the
attention's output), LayerNorm (``norm2``), the MLP, layer scale λ₂. The MLP is H → r·H → H
(r: ``mlp_ratio``, with biases), or with ``use_swiglu_ffn`` a SwiGLU whose width transformers
rounds as ``(int(int(r·H)·2/3) + 7) // 8 * 8``: 8·⌊(⌊2·r·H/3⌋ + 7)/8⌋, three matrices with
biases. A final LayerNorm. ``Dinov2Model`` returns the class token's state as its pooled
output (no weights); ``Dinov2ForImageClassification`` classifies the class token's state
joined with the mean of the patch tokens' (2H → n_labels); ``Dinov2Backbone`` is the encoder
whose final LayerNorm is applied to the stages it outputs (by default the last one).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import sympy

from symparam.architectures.common import activation_of, activation_option
from symparam.architectures.convnext import OutStages
from symparam.architectures.vit import PATCHES, TOKENS, PatchProjection
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Elementwise,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
    Tensor,
    marked,
    on_first_token,
    on_sequence,
)
from symparam.blocks.saved import ACT, Saved, same_tensor
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import (
    ActivationName,
    Flag,
    HeadSize,
    KeyRule,
    ModelType,
    Reader,
    Size,
    heads,
)
from symparam.symbols import C, H, N, P, d_head, h, n_labels, n_reg, r_mlp

#: the MLP's width, int(H · mlp_ratio) (transformers types mlp_ratio as an integer)
MLP_WIDTH = r_mlp * H


@cache
def swiglu_width() -> sympy.Expr:
    """The SwiGLU's width as transformers rounds it: (int(width · 2/3) + 7) // 8 · 8 (made
    when first built, not at import)."""
    return 8 * sympy.floor((sympy.floor(2 * MLP_WIDTH / 3) + 7) / 8)


def layer_scale(kind: str) -> Sequential:
    """``Dinov2LayerScale``: ``lambda1``, a vector of H multiplying its input, counted with the
    part whose output it scales (``kind``)."""
    return Sequential(lambda1=Tensor(H), multiply=Elementwise(H, layer_scale=1), kind=kind)


def mlp(swiglu: bool, activation: str) -> Sequential:
    if swiglu:  # act is silu whatever hidden_act says
        width = swiglu_width()
        gate, up = Linear(H, width), Linear(H, width)
        same_tensor("MLP input", (gate, "input"), (up, "input"))
        return Sequential(kind="mlp", gate_proj=gate, up_proj=up, down_proj=Linear(width, H),
                          act_fn=Activation(width, gated=True, fn="silu"))
    act, fc2 = Activation(MLP_WIDTH, fn=activation), Linear(MLP_WIDTH, H)
    same_tensor("activation output", (act, "output"), (fc2, "input"))
    return Sequential(kind="mlp", fc1=Linear(H, MLP_WIDTH), activation_fn=act, fc2=fc2)


def layer(qkv_bias: bool, swiglu: bool, activation: str) -> Sequential:
    width = h * d_head
    return Sequential(
        norm1=LayerNorm(H),
        attention=Attention(width, width, heads=h,  # a softmax in the model's dtype
                            q_proj=Linear(H, width, bias=qkv_bias),
                            k_proj=Linear(H, width, bias=qkv_bias),
                            v_proj=Linear(H, width, bias=qkv_bias), o_proj=Linear(width, H)),
        layer_scale1=layer_scale("attention"),
        norm2=LayerNorm(H),
        mlp=mlp(swiglu, activation),
        layer_scale2=layer_scale("mlp"),
        residual=Residual(H, adds=2),
    )


def dinov2_model(options: Mapping[str, Any], registers: bool) -> Sequential:
    embeddings: dict[str, Block] = {"cls_token": Tensor(1, 1, H)}
    if registers or options["mask_token"]:
        embeddings["mask_token"] = Tensor(1, H)
    embeddings["position_embeddings"] = Tensor(1, TOKENS, H)
    if registers:  # put after the class token once the positions are added
        embeddings["register_tokens"] = Tensor(1, n_reg, H)
    embeddings.update(
        patch_embeddings=Sequential(projection=PatchProjection(weight=Tensor(H, C, P, P),
                                                               bias=Tensor(H))),
        # the positions are added before the registers join: on the patches and class token
        position_add=on_sequence(Residual(H), TOKENS),
    )
    layers = layer(bool(options["qkv_bias"]), bool(options["swiglu"]),
                   activation_of(options, "gelu"))
    return Sequential(embeddings=Sequential(**embeddings, kind="embedding"),
                      encoder=Sequential(layer=Repeat(N, layers)),
                      layernorm=LayerNorm(H))


class OutputNorm(LayerNorm):
    """The backbone's final LayerNorm, run on each map it outputs (``times`` of them; none
    without ``apply_layernorm``). Each run keeps each position's mean and 1/σ; its input only
    where it is the last layer's output (``last``): the others are the next layer's input,
    which that layer's norm keeps already."""

    def __init__(self, dim: Any, times: int, last: bool) -> None:
        super().__init__(dim)
        self.times, self.last = times, last

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {kind: self.times * n for kind, n in super().nonmatmul(batch, seq).items()
                if self.times}

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        if not self.times:
            return Saved.of()
        rows = batch * self.own_seq(seq)
        inputs = [(None, ACT, rows * self.dim)] if self.last else []
        return Saved.of(*inputs, *[(None, ACT, rows)] * (2 * self.times))


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    registers = "WithRegisters" in architecture
    model = dinov2_model(options, registers)
    if architecture.endswith("Backbone"):  # the model's modules, its norm on each output
        chosen = options["out_stages"]
        times = 0 if options["raw_outputs"] else sum(chosen) or 1
        norm = OutputNorm(H, times, last=not chosen or bool(chosen[-1]))
        return Sequential(**{**dict(model.children()), "layernorm": norm})
    if not architecture.endswith("ForImageClassification"):
        return model
    # the class token's state joined with the mean of the patch tokens' (registers left out)
    pool = Elementwise(H, pool=1)
    pool.sequence = PATCHES
    # its input is a new (batch, 2H) tensor: the class token's state and the mean joined
    classifier = on_first_token(Linear(2 * H, n_labels))
    prefix = "dinov2_with_registers" if registers else "dinov2"
    return Sequential(**{prefix: model}, mean=pool, classifier=marked(classifier, "head"))


_CLASSES = {"Model": "the encoder; its pooled output is the class token's state",
            "ForImageClassification": "encoder with a 2H → n_labels classifier on the class "
                                      "token and the mean of the patch tokens",
            "Backbone": "the encoder, its final LayerNorm on the stages it outputs"}

FAMILY = Family(
    sequence=TOKENS,
    sequences={f"Dinov2WithRegisters{suffix}": sympy.Add(1, n_reg, PATCHES, evaluate=False)
               for suffix in _CLASSES},  # TOKENS + n_reg, built unevaluated (sympy's order)
    name="dinov2",
    title="DINOv2",
    description="DINOv2 (Oquab et al. 2024): a ViT with layer scale, a mask token, "
                "optionally register tokens and a SwiGLU MLP",
    architectures={**{f"Dinov2{suffix}": text for suffix, text in _CLASSES.items()},
                   **{f"Dinov2WithRegisters{suffix}": f"{text}, with register tokens"
                      for suffix, text in _CLASSES.items()}},
    build=build,
    options=(
        Option("qkv_bias", True, "biases on the q, k and v projections"),
        Option("mask_token", True, "a mask token for masked patches (use_mask_token)"),
        Option("swiglu", False, "a SwiGLU MLP (use_swiglu_ffn), its width rounded to a "
                                "multiple of 8"),
        activation_option("gelu"),
        Option("raw_outputs", False, "the backbone outputs its maps without the final "
                                     "LayerNorm (apply_layernorm false)", variant=True),
        Option("out_stages", (), "the maps the backbone outputs, a flag each for the "
                                 "embeddings and each layer (none given: the last layer)",
               variant=True),
    ),
    # transformers requires neither h | H (an explicit head_dim) nor P | R (it drops the rest)
    assumptions=(HEAD_SIZE,),
)


SIZES = (Size("N", "num_hidden_layers"), Size("H", "hidden_size"), Size("r_mlp", "mlp_ratio"),
         Size("h", "num_attention_heads"),
         Size("d_head", "head_dim", null=HeadSize("hidden_size", "num_attention_heads")),
         Size("R", "image_size"), Size("P", "patch_size"), Size("C", "num_channels"))


@frozen
class Unless(KeyRule):
    """On where a flag is false (the backbone's ``apply_layernorm``)."""

    def read(self, config: Reader) -> bool:
        return not config.flag(self.key)


_RULES = (Flag("qkv_bias"), Flag("swiglu", "use_swiglu_ffn"),
          ActivationName("activation", "hidden_act", "gelu"),
          Unless("raw_outputs", "apply_layernorm"),
          OutStages(depths="num_hidden_layers", stages="num_hidden_layers"))

#: DINOv2 itself; the variant with registers extends it by what differs
DINOV2 = ModelType("dinov2", FAMILY, base="Dinov2Model",
                   classes=heads("Dinov2", "Dinov2", "Model", "ForImageClassification",
                                 "Backbone"),
                   sizes=SIZES, rules=(*_RULES, Flag("mask_token", "use_mask_token")))

MODEL_TYPES = (
    DINOV2,
    DINOV2.extend("dinov2_with_registers", "Dinov2WithRegisters", built_by_name=True,
                  sizes=(*SIZES, Size("n_reg", "num_register_tokens")), rules=_RULES),
)
