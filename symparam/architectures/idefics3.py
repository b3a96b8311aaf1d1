"""Idefics3 (Laurençon et al. 2024) and SmolVLM (Marafioti et al. 2025), as transformers'
``Idefics3ForConditionalGeneration`` and ``SmolVLMForConditionalGeneration`` build them: a
SigLIP vision tower, a pixel-shuffle connector, and a LLaMA that reads each image's shuffled
patches as tokens.

The vision tower (``Idefics3VisionTransformer``, the ``vision_config``) is SigLIP's without its
pooling head: an R×R image cut into ⌊R/P⌋² patches by a convolution with bias, a position
table of ⌊R/P⌋² rows, N_vis pre-LN layers, a LayerNorm on every patch. It runs on each image
alone. (It reads an image smaller than R×R as fewer patches; the processor gives it R×R
tiles.)

The connector (``Idefics3Connector``) shuffles the patch grid: each m × m block of neighbouring
patch states (m = ``scale_factor``) is laid side by side into one vector of m²·H_vis numbers,
then one ``linear`` m²·H_vis → H without bias (``modality_projection.proj``) maps it into the
language model's width. An image so becomes (⌊R/P⌋/m)² tokens, m² times fewer than its
patches (transformers' ``image_seq_len``); the shuffle reshapes a square grid, so m must
divide ⌊R/P⌋ for the forward pass to run.

The processor splits a large image into R×R tiles (rows × columns of them, and the whole image
shrunk to one more tile, the global view): each tile is one image here, n_img counts them, and
the markers it writes around them (``<fake_token_around_image>``, ``<row_1_col_1>``,
``<global-img>``) are text tokens, among the s.

The language model is the ``text_config``'s LLaMA (``LlamaModel``: token table, N layers,
final norm) on s + n_img·(⌊R/P⌋/m)² positions. ``…ForConditionalGeneration`` adds the LM head
V×H, untied unless the file says ``tie_word_embeddings: true`` (the composite config's own key;
the text config's is not read).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures import llama, siglip
from symparam.architectures.clip import TOWER_SYMBOL, VISION, VISION_SIZES, within
from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    activation_of,
    activation_option,
    image_model,
    tie_option,
)
from symparam.architectures.llava import SectionType
from symparam.architectures.vit import (
    MERGED,
    MERGED_SIDE,
    PATCHES,
    PIXEL_SHUFFLE_DIVIDES,
    VISION_HEADS_DIVIDE,
)
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import Block, Linear, Sequential
from symparam.blocks.images import PerImage
from symparam.family import Family, Option
from symparam.inputs import Inputs
from symparam.modeltype import TIED, ActivationName, Flag, ModelType, Size
from symparam.symbols import H, H_vis, m

#: the side of an image's shuffled grid: ⌊R/P⌋/m tokens a row (m divides ⌊R/P⌋ to run)
SIDE = MERGED_SIDE
#: the tokens the connector makes of an image: (⌊R/P⌋/m)², ⌊R/P⌋²/m² where it runs
TOKENS = MERGED
#: the language models symparam builds here, by the model_type a text_config names
LANGUAGE_MODELS = ("llama",)


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``LlamaModel``: token table, N layers, final norm."""
    return llama.text_model(
        {name: options[name] for name in ("attention_bias", "mlp_bias", "activation")})


def connector() -> Sequential:
    """``Idefics3Connector``: the pixel shuffle (a reshape, no weights, no FLOPs) and the
    modality projection m²·H_vis → H without bias, on each of an image's shuffled tokens."""
    projection = Sequential(proj=Linear(m**2 * H_vis, H, bias=False))
    return Sequential(kind="mlp", modality_projection=projection)


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    act = activation_of(options, "gelu_pytorch_tanh", "vision_activation")
    tower = siglip.vision_tower(VISION, act, False)
    model = Sequential(vision_model=PerImage(tower, PATCHES),
                       connector=PerImage(connector(), TOKENS),
                       text_model=language_model(options))
    return image_model(model, architecture.endswith("Model"), options["tie_word_embeddings"],
                       TOKENS, language="text_model", side=SIDE)


FAMILY = Family(
    name="idefics3",
    title="Idefics3",
    description="Idefics3 and SmolVLM: a SigLIP vision tower, its patches shuffled m × m into "
                "fewer, wider tokens and projected linearly, and a LLaMA reading them with the "
                "text",
    architectures={
        "Idefics3ForConditionalGeneration": "vision tower, connector, language model and LM "
                                            "head (untied by default)",
        "Idefics3Model": "vision tower, connector and language model, without a head",
    },
    build=build,
    options=(
        tie_option(False),
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        Option("mlp_bias", False, "biases on the gate, up and down projections"),
        activation_option("silu"),
        Option("vision_activation", "",
               "the vision tower's activation function, where not gelu_pytorch_tanh",
               variant=True),
        Option("text_llama", True, "the language model is a LLaMA (the one symparam builds "
                                   "here)"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(*GROUPED_ROTARY_RULES,
             VISION_HEADS_DIVIDE,
             PIXEL_SHUFFLE_DIVIDES),
    images=True,
    tiled=True,
    activations_checked=False,
    inputs=Inputs(blank_images=True),
)

_T = "text_config."
_V = "vision_config."


def _record(name: str, prefix: str) -> ModelType:
    """The model type ``name``, its classes ``{prefix}ForConditionalGeneration`` and
    ``{prefix}Model`` (SmolVLM's are Idefics3's, renamed)."""
    return ModelType(
        name, FAMILY, base=f"{prefix}Model",
        classes={f"{prefix}ForConditionalGeneration": "Idefics3ForConditionalGeneration",
                 f"{prefix}Model": "Idefics3Model"},
        sizes=(*llama.TEXT_CONFIG_SIZES, *within("vision_config", VISION_SIZES, TOWER_SYMBOL),
               Size("m", "scale_factor")),
        rules=(SectionType("text_llama", _T + "model_type", "llama", "llama", LANGUAGE_MODELS,
                           FAMILY.title if name == "idefics3" else "SmolVLM"),
               TIED,  # the composite config's: the text's is not read
               Flag("attention_bias", _T + "attention_bias"),
               Flag("mlp_bias", _T + "mlp_bias"),
               ActivationName("activation", _T + "hidden_act", "silu"),
               ActivationName("vision_activation", _V + "hidden_act", "gelu_pytorch_tanh")),
        sections={"text_config": "", "vision_config": ""})


MODEL_TYPES = (_record("idefics3", "Idefics3"), _record("smolvlm", "SmolVLM"))
