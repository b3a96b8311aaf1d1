"""Mistral 3 (Mistral Small 3.1, 2025) and its Pixtral vision encoder (Agrawal et al. 2024), as
transformers' ``Mistral3ForConditionalGeneration`` and ``PixtralVisionModel`` build them.

The vision tower is Pixtral's (``PixtralVisionModel``, the ``vision_config``): an R×R image cut
into ⌊R/P⌋² patches by a convolution without bias (``patch_conv``), an RMSNorm on every patch
(``ln_pre``), and N_vis pre-norm layers, each an RMSNorm, an attention of h_vis heads with four
bias-free H_vis × H_vis matrices, an RMSNorm and a gated MLP (gate and up H_vis → d_ff_vis,
down back, no biases). No position table: each head turns by the patch's row and column (2-D
rotary embeddings, no weights), so the tower reads an image of any size. transformers runs all
the images of a forward pass as one sequence with a block-diagonal mask: its attention
multiplies every patch by every patch of every image, (B·n_img·⌊R/P⌋²)² query–key pairs, of
which the mask keeps each image's own.

The projector (``Mistral3MultiModalProjector``) normalises each patch state (RMSNorm over
H_vis), merges each m × m block of neighbouring patches into one vector of m²·H_vis numbers and
maps it back to H_vis (``patch_merger.merging_layer``, no bias: m = ``spatial_merge_size``),
then ``linear_1`` (k·H_vis → H, for k feature layers), an activation (GELU) and ``linear_2``
(H → H), biases only with ``multimodal_projector_bias``. An image becomes ⌊⌊R/P⌋/m⌋² image
tokens, and the processor ends each row of them with an ``[IMG_BREAK]`` token (the last with
``[IMG_END]``): ⌊⌊R/P⌋/m⌋ more positions in the language model's sequence. The image is
counted as the largest the tower takes, R×R (the processor's longest edge in the published
files, which m·P divides: 1540 = 55·28; of a side it does not divide the processor pads the
image up to the next multiple).

The language model is the ``text_config``'s Mistral decoder (LLaMA's layers: token table,
N layers with grouped-query attention, a SwiGLU MLP and two RMSNorms, a final RMSNorm); the LM
head V×H is tied to the token table unless the file says ``tie_word_embeddings: false`` (the
composite config's own key; the text config's is not read).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures import llama
from symparam.architectures.clip import (
    PLAIN,
    TOWER_SYMBOL,
    VISION,
    VISION_SIZES,
    Tower,
    within,
)
from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    WINDOW_OPTIONS,
    NoCompute,
    activation_of,
    activation_option,
    image_model,
    tie_option,
)
from symparam.architectures.llava import FeatureLayers, SectionType
from symparam.architectures.vit import MERGED, MERGED_SIDE, PATCHES
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Conv2d,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
    on_sequence,
)
from symparam.blocks.images import PerImage
from symparam.family import Divides, Family, Option
from symparam.inputs import Inputs, Runnable
from symparam.modeltype import (
    TIED,
    ActivationName,
    Flag,
    FloorHeadSize,
    LayerTypes,
    Leave,
    ModelType,
    Size,
    SlidingWindows,
)
from symparam.symbols import C, H, H_vis, P, R, h_vis, m

#: the merged image's side: ⌊⌊R/P⌋/m⌋ tokens a row and as many rows
SIDE = MERGED_SIDE
#: the positions an image takes in the language model's sequence: its tokens and, after each
#: row, an [IMG_BREAK] (the last an [IMG_END])
TOKENS = sympy.Add(MERGED, SIDE, evaluate=False)
#: the text models symparam builds for Mistral 3, by the model_type a text_config names
LANGUAGE_MODELS = ("mistral",)


class ConcatenatedAttention(Attention):
    """Pixtral's attention as transformers runs it: the patches of all the images of a forward
    pass in one sequence, a mask keeping each image to its own. The products are those of that
    sequence, (batch·seq)² query–key pairs, not batch·seq²."""

    def _own_products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        whole = batch * self.own_seq(seq)
        return 2 * whole * whole * (self.qk_width + self.v_width)

    def scores(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        whole = batch * self.own_seq(seq)
        return self._scores(sympy.S.One, whole, whole)

    def _own_kinds(self, batch: sympy.Expr, queries: sympy.Expr, keys: sympy.Expr
                   ) -> dict[str, sympy.Expr]:
        """The softmax and scaling of every score of the one sequence."""
        return super()._own_kinds(sympy.S.One, batch * queries, batch * keys)


class Tower2D(Sequential):
    """``PixtralVisionModel``'s parts: no weight holds the image's side R (no position table),
    but it sets the patches the tower runs on."""

    def symbols(self) -> set[sympy.Symbol]:
        return super().symbols() | {R}


def layer(tower: Tower, activation: str) -> Sequential:
    """``PixtralAttentionLayer``: RMSNorm, attention (q, k, v, o without biases), RMSNorm,
    gated MLP without biases."""
    width = tower.width
    attention = ConcatenatedAttention(width, width, heads=tower.heads, rotary=width / tower.heads,
                                      softmax_fp32=True, masked=True,
                                      q_proj=Linear(width, width, bias=False),
                                      k_proj=Linear(width, width, bias=False),
                                      v_proj=Linear(width, width, bias=False),
                                      o_proj=Linear(width, width, bias=False))
    mlp = Sequential(kind="mlp", gate_proj=Linear(width, tower.ffn, bias=False),
                     up_proj=Linear(width, tower.ffn, bias=False),
                     down_proj=Linear(tower.ffn, width, bias=False),
                     act_fn=Activation(tower.ffn, gated=True, fn=activation))
    return Sequential(attention_norm=RMSNorm(width), attention=attention, ffn_norm=RMSNorm(width),
                      feed_forward=mlp, residual=Residual(width, adds=2))


def vision_tower(tower: Tower, activation: str) -> Block:
    """``PixtralVisionModel``: the patch convolution (no bias), ``ln_pre``, the layers; on the
    ⌊R/P⌋² patches of an image."""
    width = tower.width
    return on_sequence(Tower2D(
        patch_conv=Conv2d(C, width, P, bias=False), ln_pre=RMSNorm(width),
        transformer=Sequential(layers=Repeat(tower.layers, layer(tower, activation)))), PATCHES)


def projector(options: Mapping[str, Any]) -> Sequential:
    """``Mistral3MultiModalProjector``: RMSNorm on each patch, the m × m patch merger, then
    linear_1, the activation and linear_2 on each merged token."""
    bias = bool(options["projector_bias"])
    layers = options["feature_layers"]
    merger = on_sequence(Sequential(merging_layer=Linear(m**2 * H_vis, H_vis, bias=False)),
                         MERGED)
    parts: dict[str, Block] = {
        "norm": RMSNorm(H_vis), "patch_merger": merger,
        "linear_1": on_sequence(Linear(layers * H_vis, H, bias=bias), MERGED),
        "act": on_sequence(Activation(H, fn=activation_of(options, "gelu",
                                                          "projector_activation")), MERGED),
        "linear_2": on_sequence(Linear(H, H, bias=bias), MERGED),
    }
    if layers > 1:
        parts["several_layers"] = NoCompute(
            "Mistral 3 builds a projector over several feature layers but cannot run it: its "
            "norm and patch merger take H_vis numbers a patch, not the k·H_vis it is given")
    return Sequential(kind="mlp", **parts)


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``MistralModel``: token table, N layers, final norm."""
    return llama.text_model(
        {name: options[name] for name in ("window_period", "window_layers", "activation")})


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    if architecture == "PixtralVisionModel":  # a tower alone: its activation is "activation"
        return vision_tower(PLAIN, activation_of(options, "gelu"))
    tower = vision_tower(VISION, activation_of(options, "gelu", "vision_activation"))
    model = Sequential(vision_tower=PerImage(tower, PATCHES),
                       multi_modal_projector=PerImage(projector(options), PATCHES),
                       language_model=language_model(options))
    return image_model(model, architecture == "Mistral3Model", options["tie_word_embeddings"],
                       TOKENS, SIDE)


FAMILY = Family(
    name="mistral3",
    title="Mistral 3",
    description="Mistral 3 (Mistral Small 3.1): a Pixtral vision tower with two-dimensional "
                "rotary embeddings, its patches merged m × m and projected, and a Mistral decoder "
                "reading them with the text",
    architectures={
        "Mistral3ForConditionalGeneration": "vision tower, projector, language model and LM "
                                            "head (tied by default)",
        "Mistral3Model": "vision tower, projector and language model, without a head",
        "PixtralVisionModel": "Pixtral's vision tower alone",
    },
    build=build,
    options=(
        tie_option(True),
        *WINDOW_OPTIONS,
        activation_option("silu"),
        Option("vision_activation", "", "the vision tower's activation function, where not gelu",
               variant=True),
        Option("projector_bias", False, "biases on the projector's two layers"),
        Option("projector_activation", "", "the projector's activation, where not gelu",
               variant=True),
        Option("feature_layers", 1, "the vision layers whose states the projector reads"),
        Option("text_mistral", True, "the language model is a Mistral (the one symparam builds "
                                     "here)"),
    ),
    # no d_head = H/h: Mistral Small 3.1's heads are 128 wide where H/h is 160
    divides=(*GROUPED_ROTARY_RULES,
             Divides(h_vis, H_vis, "the vision tower's heads split its hidden size evenly",
                     to_run=True),
             Divides(2 * h_vis, H_vis, "the vision tower's 2-D rotary embeddings turn pairs of "
                     "each head's numbers", to_run=True)),
    sequences={"PixtralVisionModel": PATCHES},
    runs_if_at_most=(("m", sympy.floor(R / P, evaluate=False),
                      "the patch merger makes a token of each m × m block of an image's "
                      "patches, and an image of fewer patches a side has none"),),
    images=True,
    activations_checked=False,
    inputs=Inputs(image_sizes=True),
)

_T = "text_config."
_V = "vision_config."

MODEL_TYPES = (
    ModelType("mistral3", FAMILY, base="Mistral3Model",
              classes={"Mistral3ForConditionalGeneration": "Mistral3ForConditionalGeneration",
                       "Mistral3Model": "Mistral3Model"},
              sizes=(*llama.TEXT_CONFIG_SIZES[:-1],
                     Size("d_head", _T + "head_dim",
                          null=FloorHeadSize(_T + "hidden_size", _T + "num_attention_heads")),
                     Size("W", _T + "sliding_window", null=Leave("no layer slides a window"),
                          when=("window_period", "window_layers")),
                     *within("vision_config", VISION_SIZES, TOWER_SYMBOL),
                     Size("m", "spatial_merge_size")),
              rules=(SectionType("text_mistral", _T + "model_type", "mistral", "mistral",
                                 LANGUAGE_MODELS, "Mistral 3"),
                     TIED,  # the composite config's: the text's is not read
                     SlidingWindows("window_period", window=_T + "sliding_window"),
                     LayerTypes("window_layers", window=_T + "sliding_window",
                                depth=_T + "num_hidden_layers", key=_T + "layer_types"),
                     ActivationName("activation", _T + "hidden_act", "silu"),
                     ActivationName("vision_activation", _V + "hidden_act", "gelu"),
                     Flag("projector_bias", "multimodal_projector_bias"),
                     ActivationName("projector_activation", "projector_hidden_act", "gelu"),
                     FeatureLayers("feature_layers", "vision_feature_layer")),
              sections={"text_config": "", "vision_config": ""},
              runnable=Runnable(vision_head_multiple=4)),
    ModelType("pixtral", FAMILY, base="PixtralVisionModel",
              classes={"PixtralVisionModel": "PixtralVisionModel"},
              sizes=VISION_SIZES,
              rules=(ActivationName("activation", "hidden_act", "gelu"),),
              runnable=Runnable(head_multiple=4), tied=False),
)
