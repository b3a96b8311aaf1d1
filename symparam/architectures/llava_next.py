"""LLaVA-NeXT (Liu et al. 2024, "LLaVA-1.6") and LLaVA-OneVision (Li et al. 2024), as
transformers' ``LlavaNextForConditionalGeneration`` and ``LlavaOnevisionForConditionalGeneration``
build them: LLaVA's vision tower, two-layer projector and language model
(:mod:`symparam.architectures.llava`), and one learned vector more, ``image_newline`` (H
numbers), the token the model writes after each row of an image's features.

What changes from LLaVA is how an image is read ("anyres"): the processor resizes it to the
best of the ``image_grid_pinpoints`` resolutions, cuts that into R×R tiles and adds the whole
image shrunk to one more; the tower runs on every tile, the projector on every state kept, and
the tiles' features, unpadded back to the image's aspect ratio, become rows ended by
``image_newline``. The tokens an image becomes so depend on its size and on the pinpoints:
symparam counts these models' weights exactly and does not derive their FLOPs yet.

LLaVA-NeXT's language model is the ``text_config``'s LLaMA (the default) or Mistral (the
7B's: the same tensors, no biases); LLaVA-OneVision's a Qwen2 (biases on q, k and v), and its
tower SigLIP's without the pooling head by default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures import llama
from symparam.architectures.clip import TOWER_SYMBOL, VISION_SIZES, within
from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    activation_option,
    tie_option,
    with_lm_head,
)
from symparam.architectures.llava import (
    TOWERS,
    EitherFlag,
    FeatureLayers,
    FullFeatures,
    SectionType,
    multi_modal_projector,
    tower,
)
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import Block, Sequential
from symparam.blocks.base import Tensor, marked
from symparam.blocks.images import PerImage
from symparam.errors import ConfigError, quoted
from symparam.family import Divides, Family, Option
from symparam.frozen import frozen
from symparam.modeltype import ActivationName, Flag, ModelType, Reader, Rule
from symparam.symbols import H, H_vis, h_vis

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


#: why FLOPs are refused, said with the refusal
ANYRES = ("an image becomes as many tokens as its size and the image_grid_pinpoints make "
          "(anyres tiles, unpadded rows, a newline after each), which symparam does not "
          "derive yet")


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``LlamaModel``, ``MistralModel`` or ``Qwen2Model``: token table, N layers, final norm."""
    return llama.text_model({name: options[name] for name in
                             ("attention_bias", "mlp_bias", "activation", "qkv_bias")})


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    vision, states = tower(options)
    tokens = states if options["full_features"] else states - 1
    projector = multi_modal_projector(options)
    model = Sequential(vision_tower=PerImage(vision, states),
                       multi_modal_projector=PerImage(projector, tokens),
                       image_newline=marked(Tensor(H), "embedding"),  # a learned token
                       language_model=language_model(options))
    if architecture.endswith("Model"):
        return model
    table: Any = model["language_model"]["embed_tokens"]  # type: ignore[index]
    return with_lm_head("model", model, table, options["tie_word_embeddings"])


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
    options=(
        tie_option(False),
        Option("attention_bias", False, "biases on the q, k, v and o projections (a LLaMA's)"),
        Option("mlp_bias", False, "biases on the gate, up and down projections (a LLaMA's)"),
        Option("qkv_bias", False, "biases on q, k and v only (Qwen2's)", variant=True),
        activation_option("silu"),
        Option("siglip_tower", False, "a SigLIP vision tower (siglip_vision_model) instead of "
                                      "CLIP's", variant=True),
        Option("vision_activation", "", "the vision tower's activation function, where not "
                                        "its own default", variant=True),
        Option("vision_use_head", True, "a SigLIP tower's attention-pooling head"),
        Option("projector_bias", True, "biases on the projector's two layers"),
        Option("projector_activation", "", "the projector's activation, where not gelu",
               variant=True),
        Option("feature_layers", 1, "the vision layers whose states the projector reads"),
        Option("full_features", False, "the projector reads the tower's first state too "
                                       "(CLIP's class token)", variant=True),
        Option("text_mistral", False, "the language model is a Mistral", variant=True),
        Option("text_qwen2", False, "the language model is a Qwen2 (LLaVA-OneVision's)",
               variant=True),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(*GROUPED_ROTARY_RULES,
             Divides(h_vis, H_vis, "the vision tower's heads split its hidden size evenly")),
    compute=False,
    compute_refused=ANYRES,
    activations_checked=False,
)

SIZES = (*llama.TEXT_CONFIG_SIZES, *within("vision_config", VISION_SIZES, TOWER_SYMBOL))
_COMMON = (ActivationName("activation", _T + "hidden_act", "silu"),
           Flag("vision_use_head", _V + "vision_use_head", absent=True),
           Flag("projector_bias", "multimodal_projector_bias"),
           ActivationName("projector_activation", "projector_hidden_act", "gelu"),
           FeatureLayers("feature_layers", "vision_feature_layer"),
           FullFeatures("full_features", "vision_feature_select_strategy"))

MODEL_TYPES = (
    ModelType("llava_next", FAMILY, base="LlavaNextModel",
              classes={name: name for name in FAMILY.architectures if "Next" in name},
              sizes=SIZES,
              rules=(SectionType("siglip_tower", _V + "model_type", "clip_vision_model",
                                 "siglip_vision_model", TOWERS, FAMILY.title),
                     TextModel("text_mistral"),
                     Flag("tie_word_embeddings"),  # the composite config's: the text's is not read
                     LlamaFlag("attention_bias", _T + "attention_bias"),
                     LlamaFlag("mlp_bias", _T + "mlp_bias"),
                     ActivationName("vision_activation", _V + "hidden_act", ""),
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
                     *_COMMON),
              fixed={"qkv_bias": True},
              sections={"text_config": "", "vision_config": ""}),
)
