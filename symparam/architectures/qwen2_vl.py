"""Qwen2-VL (Wang et al. 2024), as transformers' ``Qwen2VLForConditionalGeneration`` builds it:
Qwen2.5-VL's predecessor (:mod:`symparam.architectures.qwen2_5_vl`), with the same processor,
patch embedding, patch merger and Qwen2 decoder, and an older vision tower.

The tower's N_vis blocks are pre-LN: a LayerNorm with bias (``norm1``), an attention with a fused
q/k/v matrix and an output matrix (biases) over the whole image — no windows —, a LayerNorm
(``norm2``) and an ungated MLP (``fc1``: H_vis → d_ff_vis, QuickGELU, ``fc2`` back, biases),
d_ff_vis = int(H_vis · mlp_ratio). The merger normalises each patch with a LayerNorm with bias
(``ln_q``) before joining m × m of them into a token of H_out numbers (the vision config's
``hidden_size``; its width is ``embed_dim``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    WINDOW_OPTIONS,
    activation_of,
    activation_option,
    tie_option,
)
from symparam.architectures.qwen2_5_vl import (
    LANGUAGE_RULES,
    TEXT_SIZES,
    TOKENS,
    PatchEmbed,
    assemble,
    language_model,
    vision_language,
)
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
)
from symparam.blocks.base import on_sequence
from symparam.errors import ConfigError, quoted
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import ActivationName, ModelType, NullRule, Reader, Size
from symparam.symbols import H_out, H_vis, N_vis, d_ff_vis, h_vis, m

ARCHITECTURES = ("Qwen2VLForConditionalGeneration", "Qwen2VLModel")


def vision_block(options: Mapping[str, Any]) -> Sequential:
    """``Qwen2VLVisionBlock``: LayerNorm, attention over the whole image, LayerNorm, MLP."""
    attention = Attention(H_vis, H_vis, heads=h_vis, qkv=Linear(H_vis, 3 * H_vis),
                          proj=Linear(H_vis, H_vis))
    act = Activation(d_ff_vis, fn=activation_of(options, "quick_gelu", "vision_activation"))
    mlp = Sequential(kind="mlp", fc1=Linear(H_vis, d_ff_vis), act=act,
                     fc2=Linear(d_ff_vis, H_vis))
    return Sequential(norm1=LayerNorm(H_vis), norm2=LayerNorm(H_vis), attn=attention, mlp=mlp,
                      residual=Residual(H_vis, adds=2))


def vision_tower(options: Mapping[str, Any]) -> Sequential:
    """``Qwen2VisionTransformerPretrainedModel``: patch embedding, N_vis blocks, merger."""
    wide = m**2 * H_vis
    mlp = Sequential(Linear(wide, wide), Activation(wide, fn="gelu"), Linear(wide, H_out),
                     kind="mlp")
    merger = Sequential(ln_q=LayerNorm(H_vis), mlp=on_sequence(mlp, TOKENS))
    return Sequential(patch_embed=Sequential(proj=PatchEmbed()),
                      blocks=Repeat(N_vis, vision_block(options)), merger=merger)


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    return assemble(vision_tower(options), language_model(options),
                    architecture == "Qwen2VLModel", options)


FAMILY = Family(
    name="qwen2_vl",
    title="Qwen2-VL",
    description="Qwen2-VL (Wang et al. 2024): a vision transformer reading each image at its own "
                "resolution, its patches merged m × m into tokens, and a Qwen2 decoder reading "
                "them with the text",
    architectures={
        "Qwen2VLForConditionalGeneration": "vision tower, patch merger, language model and LM "
                                           "head (untied by default)",
        "Qwen2VLModel": "vision tower, patch merger and language model, without a head",
    },
    build=build,
    options=(
        tie_option(False),
        *WINDOW_OPTIONS,
        activation_option("silu"),
        Option("vision_activation", "", "the vision tower's activation function, where not "
                                        "quick_gelu", variant=True),
    ),
    **vision_language(ARCHITECTURES),
    activations_checked=False,
)


@frozen
class MlpWidth(NullRule):
    """The vision MLP's width: int(embed_dim · mlp_ratio), as transformers computes it."""

    def resolve(self, config: Reader) -> int:
        width = config.positive_int(_V + "embed_dim", config.given(_V + "embed_dim"))
        ratio = config.given(_V + "mlp_ratio")
        if isinstance(ratio, bool) or not isinstance(ratio, int | float) or ratio <= 0:
            raise ConfigError(f"{config.where}: {_V}mlp_ratio must be a positive number, got "
                              f"{quoted(ratio)}")
        return config.positive_int(_V + "mlp_ratio", int(width * ratio))


_T = "text_config."
_V = "vision_config."
VISION_SIZES = (
    Size("N_vis", _V + "depth"), Size("H_vis", _V + "embed_dim"),
    Size("d_ff_vis", _V + "mlp_ratio", computed=True, null=MlpWidth()),
    Size("h_vis", _V + "num_heads"), Size("P", _V + "patch_size"),
    Size("P_t", _V + "temporal_patch_size"), Size("C", _V + "in_channels"),
    Size("m", _V + "spatial_merge_size"), Size("H_out", _V + "hidden_size"),
)

MODEL_TYPES = (
    ModelType("qwen2_vl", FAMILY, base="Qwen2VLModel",
              classes={name: name for name in ARCHITECTURES},
              sizes=(*TEXT_SIZES, *VISION_SIZES),
              rules=(*LANGUAGE_RULES,
                     ActivationName("activation", _T + "hidden_act", "silu"),
                     ActivationName("vision_activation", _V + "hidden_act", "quick_gelu")),
              sections={"text_config": "", "vision_config": ""}, flat=("text_config",)),
)
