"""Llama 4 with its vision tower (Meta 2025), as transformers' ``Llama4ForConditionalGeneration``
builds it: a vision encoder, a pixel-shuffle adapter, a linear projector, and Llama 4's language
model (:mod:`symparam.architectures.llama4`) reading each image's tokens with the text.

The vision encoder (``Llama4VisionModel``, the ``vision_config``): an R×R image cut into
⌊R/P⌋² patches of P×P pixels, each unfolded into C·P² numbers and mapped to H_vis by a linear
layer without bias (``patch_embedding.linear``); a class embedding (H_vis) joins them, and a
learned position table of ⌊R/P⌋² + 1 rows (``positional_embedding_vlm``) is added; a LayerNorm
(``layernorm_pre``), N_vis pre-LN layers (LayerNorm, attention of h_vis heads with biases on q,
k, v and o, each head ⌊H_vis/h_vis⌋ wide and turned by two-dimensional rotary embeddings without
weights, LayerNorm, an MLP H_vis → d_ff_vis → H_vis with biases and a GELU), a LayerNorm
(``layernorm_post``); the class token is then dropped. It runs on each image alone.

The adapter (``vision_adapter``): the pixel shuffle lays each m × m block of neighbouring patch
states side by side into one vector of m²·H_vis numbers (m = 1 / ``pixel_shuffle_ratio``), so
an image becomes (⌊R/P⌋/m)² tokens; a two-layer MLP without biases, a GELU after each layer,
``fc1`` d_ff_vis → d_adp (its input is the vision config's ``intermediate_size``, which must be
m²·H_vis for it to run) and ``fc2`` H_adp → H_adp (``projector_input_dim``,
``projector_output_dim``: equal to run). The projector (``multi_modal_projector.linear_1``)
maps each token from H_img (``vision_output_dim``, H_adp to run) to the language model's H,
without bias.

The processor cuts a large image into R×R tiles and adds the whole image shrunk to one more
tile: each tile is one image here (n_img counts them); the markers it writes around them
(``<|image_start|>``, ``<|tile_x_separator|>``, ``<|image|>`` …) are text tokens, among the s.

The language model is the ``text_config``'s Llama 4 (``Llama4ForCausalLM``, under
``language_model``: its decoder under ``model`` and its LM head) on s + n_img·(⌊R/P⌋/m)²
positions; the head is tied to the token table by the text config's ``tie_word_embeddings``
(the composite config's own key is not read).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures import llama4
from symparam.architectures.clip import TOWER_SYMBOL, VISION_SIZES, within
from symparam.architectures.vit import MERGED, MERGED_SIDE, PATCHES, PIXEL_SHUFFLE_DIVIDES, TOKENS
from symparam.assumptions import HEAD_SIZE
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
    on_sequence,
)
from symparam.blocks.images import PerImage, WithImageTokens
from symparam.blocks.saved import same_tensor
from symparam.blocks.sharding import column, replicated, row
from symparam.errors import quoted
from symparam.family import Divides, Family
from symparam.frozen import frozen
from symparam.inputs import Runnable
from symparam.modeltype import Leave, ModelType, NullRule, Reader, Size, Unusable
from symparam.symbols import C, H, H_adp, H_img, H_vis, N_vis, P, d_adp, d_ff_vis, h_vis, m

#: the side of an image's shuffled grid: ⌊R/P⌋/m tokens a row (m divides ⌊R/P⌋ to run)
SIDE = MERGED_SIDE
#: the tokens the adapter makes of an image: (⌊R/P⌋/m)², ⌊R/P⌋²/m² where it runs
SHUFFLED = MERGED
#: the width of the vision tower's attention: h_vis heads of ⌊H_vis/h_vis⌋ each
HEAD_VIS = sympy.floor(H_vis / h_vis, evaluate=False)
ATTENTION_VIS = h_vis * HEAD_VIS


def vision_layer() -> Sequential:
    """``Llama4VisionEncoderLayer``: LayerNorm, attention (q, k, v, o with biases), LayerNorm,
    MLP with biases and a GELU."""
    q, k, v = (column(Linear(H_vis, ATTENTION_VIS)) for _ in range(3))
    same_tensor("attention input", (q, "input"), (k, "input"), (v, "input"))
    act, fc2 = Activation(d_ff_vis, fn="gelu"), replicated(Linear(d_ff_vis, H_vis))
    same_tensor("activation output", (act, "output"), (fc2, "input"))
    return Sequential(
        self_attn=Attention(ATTENTION_VIS, ATTENTION_VIS, heads=h_vis, q_proj=q, k_proj=k,
                            v_proj=v, o_proj=row(Linear(ATTENTION_VIS, H_vis))),
        mlp=Sequential(kind="mlp", fc1=replicated(Linear(H_vis, d_ff_vis)), activation_fn=act,
                       fc2=fc2),
        input_layernorm=LayerNorm(H_vis), post_attention_layernorm=LayerNorm(H_vis),
        residual=Residual(H_vis, adds=2))


def adapter() -> Block:
    """``Llama4VisionPixelShuffleMLP``: the pixel shuffle (a reshape, no weights, no FLOPs),
    then fc1, a GELU, fc2 and a GELU, no biases, on each of an image's shuffled tokens."""
    mlp = Sequential(kind="mlp", fc1=column(Linear(d_ff_vis, d_adp, bias=False)),
                     activation_fn=Activation(d_adp, fn="gelu"),
                     fc2=row(Linear(H_adp, H_adp, bias=False)),
                     output_activation=Activation(H_adp, fn="gelu"))
    return on_sequence(Sequential(mlp=mlp), SHUFFLED)


def vision_model() -> Block:
    """``Llama4VisionModel``: on an image's ⌊R/P⌋² patches and its class token."""
    patches = on_sequence(Sequential(linear=column(Linear(C * P**2, H_vis, bias=False)),
                                     kind="embedding"), PATCHES)
    return on_sequence(Sequential(
        class_embedding=marked(Tensor(H_vis), "embedding"),
        positional_embedding_vlm=marked(replicated(Tensor(TOKENS, H_vis)), "embedding"),
        patch_embedding=patches, layernorm_pre=LayerNorm(H_vis),
        layernorm_post=LayerNorm(H_vis),
        model=Sequential(layers=Repeat(N_vis, vision_layer())),
        vision_adapter=adapter()), TOKENS)


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    projector = Sequential(kind="mlp", linear_1=column(Linear(H_img, H, bias=False)))
    model = Sequential(vision_model=PerImage(vision_model(), TOKENS),
                       multi_modal_projector=PerImage(projector, SHUFFLED),
                       language_model=llama4.build("Llama4ForCausalLM", options))
    return WithImageTokens(model, SHUFFLED, side=SIDE)


#: transformers runs the vision adapter only where its layers' widths follow one another
_WIDTHS = "the vision adapter's layers and the projector take what the layer before gives"

FAMILY = Family(
    name="llama4_vision",
    title="Llama 4 with vision",
    description="Llama 4 reading images: a vision encoder, its patches shuffled m × m into "
                "fewer, wider tokens by an MLP adapter and projected linearly, and Llama 4's "
                "mixture-of-experts language model reading them with the text",
    architectures={
        "Llama4ForConditionalGeneration": "vision encoder, adapter, projector, language model "
                                          "and LM head (untied by default)",
    },
    build=build,
    options=llama4.FAMILY.options,
    assumptions=(HEAD_SIZE,),
    divides=(*llama4.FAMILY.divides,
             PIXEL_SHUFFLE_DIVIDES,
             Divides(sympy.Integer(4), HEAD_VIS,
                     "the vision tower's rotary embeddings turn each head's rows and columns "
                     "in pairs, a quarter of the head each", to_run=True)),
    runs_if_at_most=(("d_ff_vis", m**2 * H_vis, _WIDTHS), (m**2 * H_vis, "d_ff_vis", _WIDTHS)),
    runs_if_equal={"Llama4ForConditionalGeneration": (("d_adp", "H_adp", _WIDTHS),
                                                      ("H_adp", "H_img", _WIDTHS))},
    images=True,
    tiled=True,
    activations_checked=False,
)


@frozen
class ShuffleFactor(NullRule):
    """m, the side of the blocks the pixel shuffle lays into one token: 1 /
    ``pixel_shuffle_ratio`` where that is a whole number (0.5: 2 × 2 blocks); of another
    ratio, none (:class:`~symparam.modeltype.Unusable`: nothing the model holds depends on
    it, so it is counted; the tokens an image becomes, and so its FLOPs and memory, are
    refused in one line naming the key and its value)."""

    key: str

    def resolve(self, config: Reader) -> int | Leave:
        ratio = config.given(self.key)
        if not isinstance(ratio, bool) and isinstance(ratio, int | float) and ratio > 0:
            inverse = 1 / ratio
            if inverse >= 1 and abs(inverse - round(inverse)) <= 1e-9 * inverse:
                return round(inverse)
        shown = config.spelled.get(self.key, self.key)
        return Unusable(f"{shown} is {quoted(ratio)}; symparam derives the tokens an image "
                        "becomes where it is 1/m for a whole number m, the side of the blocks "
                        "of patches the pixel shuffle lays into one token (0.5: m = 2)")


_T = "text_config."
_V = "vision_config."

MODEL_TYPES = (
    ModelType("llama4", FAMILY, base="Llama4ForConditionalGeneration",
              classes={"Llama4ForConditionalGeneration": "Llama4ForConditionalGeneration"},
              sizes=(*llama4.sizes(_T), *within("vision_config", VISION_SIZES, TOWER_SYMBOL),
                     Size("d_adp", _V + "projector_input_dim"),
                     Size("H_adp", _V + "projector_output_dim"),
                     Size("H_img", _V + "vision_output_dim"),
                     Size("m", _V + "pixel_shuffle_ratio", computed=True,
                          null=ShuffleFactor(_V + "pixel_shuffle_ratio"))),
              rules=llama4.rules(_T),
              sections={"text_config": "", "vision_config": ""},
              runnable=Runnable(vision_head_multiple=4)),
)
