"""LLaVA-NeXT (Liu et al. 2024, "LLaVA-1.6") and LLaVA-OneVision (Li et al. 2024), as
transformers' ``LlavaNextForConditionalGeneration`` and ``LlavaOnevisionForConditionalGeneration``
build them: LLaVA's vision tower, two-layer projector and language model
(:mod:`symparam.architectures.llava`), and one learned vector more, ``image_newline`` (H
numbers), the token the model writes after each row of an image's features.

What changes from LLaVA is how an image is read ("anyres"): the processor resizes it to the
best of the ``image_grid_pinpoints`` resolutions, cuts that into R×R tiles and adds the whole
image shrunk to one more; the tower runs on every tile, the projector on every state kept, and
the tiles' features, unpadded back to the image's aspect ratio, become rows ended by
``image_newline``. The tiles the tower reads (n_tile) and the tokens an image becomes (s_img)
so depend on its size and on the pinpoints, by transformers' arithmetic rather than a closed
form: symparam works them out for the image's size (:mod:`symparam.anyres`) and binds them as
numbers. LLaVA-OneVision shrinks the grid's features to about ``anyres_max`` tiles' worth, and
reads each of several images a sequence whole, as one tile and a newline.

LLaVA-NeXT's language model is the ``text_config``'s LLaMA (the default) or Mistral (the
7B's: the same tensors, no biases); LLaVA-OneVision's a Qwen2 (biases on q, k and v), and its
tower SigLIP's without the pooling head by default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from symparam.anyres import NEXT_PINPOINTS, ONEVISION_PINPOINTS, pinpoints_of
from symparam.architectures import llama, llava
from symparam.architectures.clip import TOWER_SYMBOL, VISION_SIZES, within
from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    image_model,
)
from symparam.architectures.llava import (
    TOWERS,
    EitherFlag,
    FeatureLayers,
    SectionType,
    multi_modal_projector,
    tower,
)
from symparam.architectures.vit import VISION_HEADS_DIVIDE
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import Block, Sequential
from symparam.blocks.base import marked
from symparam.blocks.images import PerImage
from symparam.blocks.tree import Tensor
from symparam.errors import ConfigError, quoted
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import TIED, ActivationName, Either, Flag, KeyRule, ModelType, Reader, Rule
from symparam.symbols import H, n_tile, s_img

_T = "text_config."
_V = "vision_config."


@frozen
class LlamaFlag(Rule):
    """A LLaMA's bias flag, read where the text config is a LLaMA's; Mistral's and Qwen2's
    attention and MLP take no such key (their biases are fixed), so it is false there."""

    option: str
    key: str

    def reads(self) -> tuple[str, ...]:
        return (self.key, _T + "model_type")

    def read(self, config: Reader) -> bool:
        named = config.given(_T + "model_type")
        if named not in (None, "llama"):
            return False
        return config.flag(self.key)


@frozen
class TextModel(Rule):
    """LLaVA-NeXT's language model: a LLaMA (the default) or a Mistral (whose sizes a file
    leaves out take MistralConfig's defaults, as the reader takes a section's), any other
    refused by name."""

    option: str

    def reads(self) -> tuple[str, ...]:
        return (_T + "model_type",)

    def read(self, config: Reader) -> bool:
        named = config.given(_T + "model_type")
        if named is None or named == "llama":
            return False
        if named != "mistral":
            raise ConfigError(f"{config.where}: {_T}model_type {quoted(named)}: symparam's "
                              "LLaVA-NeXT builds llama or mistral there")
        return True


@frozen
class Pinpoints(KeyRule):
    """``image_grid_pinpoints``, the resolutions the processor may resize an image to, as a
    flat (h₁, w₁, h₂, w₂, …): the config class's own where the file leaves them out, () where
    they are no list of (height, width) pairs (transformers takes any value until it reads an
    image; so FLOPs are refused then, and the weights still counted)."""

    default: tuple[tuple[int, int], ...]

    def read(self, config: Reader) -> tuple[int, ...]:
        present, value = config.lookup(self.key)
        if not present or value is None:
            return tuple(n for pair in self.default for n in pair)
        return pinpoints_of(value) or ()


@frozen
class AspectRatio(KeyRule):
    """LLaVA-OneVision's ``vision_aspect_ratio`` (``anyres_max_9``), as written: the model
    reads the number in it when it reads an image."""

    default: str

    def read(self, config: Reader) -> str:
        value = config.given(self.key)
        return self.default if value is None else str(value)[:100]


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``LlamaModel``, ``MistralModel`` or ``Qwen2Model``: token table, N layers, final norm."""
    return llama.text_model({name: options[name] for name in
                             ("attention_bias", "mlp_bias", "activation", "qkv_bias")})


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    """The tower and the projector run on each of an image's n_tile tiles; the language model
    reads s text tokens and s_img tokens an image (both worked out from the image's size)."""
    vision, states = tower(options)
    tokens = states if options["full_features"] else states - 1
    projector = multi_modal_projector(options)
    model = Sequential(vision_tower=PerImage(vision, states, n_tile),
                       multi_modal_projector=PerImage(projector, tokens, n_tile),
                       image_newline=marked(Tensor(H), "embedding"),  # a learned token
                       language_model=language_model(options))
    return image_model(model, architecture.endswith("Model"), options["tie_word_embeddings"],
                       s_img)


#: the options LLaVA-NeXT adds to LLaVA's, and LLaVA's it says otherwise
_OWN = (
    Option("qkv_bias", False, "biases on q, k and v only (Qwen2's)", variant=True),
    Option("text_mistral", False, "the language model is a Mistral", variant=True),
    Option("text_qwen2", False, "the language model is a Qwen2 (LLaVA-OneVision's)",
           variant=True),
    Option("grid_pinpoints", (), "the resolutions the processor may resize an image to "
                                 "before cutting it into tiles, heights and widths in turn",
           setting=True),
    Option("aspect_ratio", "", "LLaVA-OneVision's anyres_max_K: the grid's features are "
                               "shrunk to about K tiles' worth", setting=True),
    Option("whole_when_several", False, "each of several images a sequence is read whole, "
                                        "as one tile (LLaVA-OneVision's)", variant=True),
)
#: a LLaMA's biases: Mistral and Qwen2 read no such key
_LLAMA_ONLY = {"attention_bias": "biases on the q, k, v and o projections (a LLaMA's)",
               "mlp_bias": "biases on the gate, up and down projections (a LLaMA's)"}


def _options() -> tuple[Option, ...]:
    """LLaVA's options (:data:`symparam.architectures.llava.FAMILY`), in their order, less
    ``text_llama`` (the language model is a LLaMA, a Mistral or a Qwen2 here), the biases said
    to be a LLaMA's and Qwen2's q, k, v biases after them; then :data:`_OWN`'s others."""
    own = {option.name: option for option in _OWN}
    out: list[Option] = []
    for option in llava.FAMILY.options:
        if option.name == "text_llama":
            continue
        out.append(replace(option, help=_LLAMA_ONLY[option.name])
                   if option.name in _LLAMA_ONLY else option)
        if option.name == "mlp_bias":
            out.append(own.pop("qkv_bias"))
    return (*out, *own.values())


OPTIONS = _options()

FAMILY = Family(
    name="llava_next",
    title="LLaVA-NeXT",
    description="LLaVA-NeXT and LLaVA-OneVision: LLaVA's vision tower, projector and language "
                "model, and the learned newline token ending each row of an image's tiles",
    architectures={
        "LlavaNextForConditionalGeneration": "vision tower, projector, image newline, language "
                                             "model and LM head",
        "LlavaNextModel": "vision tower, projector, image newline and language model, without "
                          "a head",
        "LlavaOnevisionForConditionalGeneration": "vision tower, projector, image newline, "
                                                  "language model and LM head",
        "LlavaOnevisionModel": "vision tower, projector, image newline and language model, "
                               "without a head",
    },
    build=build,
    options=OPTIONS,
    assumptions=(HEAD_SIZE,),
    divides=(*GROUPED_ROTARY_RULES,
             VISION_HEADS_DIVIDE),
    images=True,
    anyres=True,
    activations_checked=False,
)

SIZES = (*llama.TEXT_CONFIG_SIZES, *within("vision_config", VISION_SIZES, TOWER_SYMBOL))
_COMMON = (ActivationName("activation", _T + "hidden_act", "silu"),
           Flag("vision_use_head", _V + "vision_use_head", absent=True),
           Flag("projector_bias", "multimodal_projector_bias"),
           ActivationName("projector_activation", "projector_hidden_act", "gelu"),
           FeatureLayers("feature_layers", "vision_feature_layer"),
           Either("full_features", "vision_feature_select_strategy", "default", "full"))

MODEL_TYPES = (
    ModelType("llava_next", FAMILY, base="LlavaNextModel",
              classes={name: name for name in FAMILY.architectures if "Next" in name},
              sizes=SIZES,
              rules=(SectionType("siglip_tower", _V + "model_type", "clip_vision_model",
                                 "siglip_vision_model", TOWERS, FAMILY.title),
                     TextModel("text_mistral"),
                     TIED,  # the composite config's: the text's is not read
                     LlamaFlag("attention_bias", _T + "attention_bias"),
                     LlamaFlag("mlp_bias", _T + "mlp_bias"),
                     ActivationName("vision_activation", _V + "hidden_act", ""),
                     Pinpoints("grid_pinpoints", "image_grid_pinpoints", NEXT_PINPOINTS),
                     *_COMMON),
              sections={"text_config": "", "vision_config": ""}),
    ModelType("llava_onevision", FAMILY, base="LlavaOnevisionModel",
              classes={name: name for name in FAMILY.architectures if "Onevision" in name},
              sizes=SIZES,
              rules=(SectionType("siglip_tower", _V + "model_type", "siglip_vision_model",
                                 "siglip_vision_model", TOWERS, "LLaVA-OneVision"),
                     SectionType("text_qwen2", _T + "model_type", "qwen2", "qwen2",
                                 ("qwen2",), "LLaVA-OneVision"),
                     # as LlavaConfig: its own tie_word_embeddings or its text config's
                     EitherFlag("tie_word_embeddings",
                                ("tie_word_embeddings", _T + "tie_word_embeddings")),
                     ActivationName("vision_activation", _V + "hidden_act", ""),
                     Pinpoints("grid_pinpoints", "image_grid_pinpoints", ONEVISION_PINPOINTS),
                     AspectRatio("aspect_ratio", "vision_aspect_ratio", "anyres_max_9"),
                     *_COMMON),
              fixed={"qkv_bias": True, "whole_when_several": True},
              sections={"text_config": "", "vision_config": ""}),
)
