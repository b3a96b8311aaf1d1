"""LLaVA (Liu et al. 2023), as transformers' ``LlavaForConditionalGeneration`` builds it: a
vision tower, a two-layer projector, and a language model that reads the image's states as
tokens.

The vision tower is the model the ``vision_config`` names: CLIP's (``clip_vision_model``: a
class token, a LayerNorm before the layers) or SigLIP's (``siglip_vision_model``: none, and the
attention-pooling head where ``vision_use_head`` says so). transformers builds the whole tower
and runs it whole (it asks for every layer's states, then keeps one: ``vision_feature_layer``,
the second to last by default), so every layer counts and runs. ``vision_feature_layer`` as a
list concatenates the states of several layers: the projector then reads k·H_vis numbers.

The projector (``LlavaMultiModalProjector``): ``linear_1`` (k·H_vis → H), an activation
(``projector_hidden_act``, GELU), ``linear_2`` (H → H), with biases unless
``multimodal_projector_bias`` is false. It maps each of the tower's states the model keeps:
the ``default`` strategy drops the first (CLIP's class token; SigLIP's first patch), ``full``
keeps it. Each image so becomes s_img tokens: ⌊R/P⌋² for CLIP, ⌊R/P⌋² − 1 for SigLIP (one more
each with ``full``).

The language model is the ``text_config``'s, a LLaMA here (Vicuna's, as LLaVA-1.5 ships it):
token table, N layers, final norm, on s text tokens and n_img·s_img image tokens; the LM head
V×H, untied unless ``tie_word_embeddings`` says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures import clip, llama, siglip
from symparam.architectures.clip import IMAGE_SEQUENCE, TOWER_SYMBOL, VISION, VISION_SIZES, within
from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    activation_of,
    activation_option,
    image_model,
    tie_option,
)
from symparam.architectures.vit import PATCHES, VISION_HEADS_DIVIDE
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import Activation, Block, Linear, Sequential
from symparam.blocks.images import PerImage
from symparam.errors import ConfigError, quoted
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import ActivationName, Either, Flag, KeyRule, ModelType, Reader, Rule
from symparam.symbols import H, H_vis

#: the vision towers symparam builds for LLaVA, by the model_type a vision_config names
TOWERS = ("clip_vision_model", "siglip_vision_model")
#: the language models it builds, by the model_type a text_config names
LANGUAGE_MODELS = ("llama",)


@frozen
class SectionType(KeyRule):
    """Whether a sub-config names the model type ``wanted`` (true) or the default (false),
    refusing any other by name: symparam's ``builder`` (LLaVA, Mistral 3, PaliGemma) builds
    the towers and language models it lists, and says so rather than count another as one of
    them."""

    default: str
    wanted: str
    known: tuple[str, ...]
    builder: str = "LLaVA"

    def read(self, config: Reader) -> bool:
        given = config.given(self.key)
        named = self.default if given is None else given
        if named not in self.known:
            raise ConfigError(f"{config.where}: {self.key} {quoted(named)}: symparam's "
                              f"{self.builder} builds {' or '.join(self.known)} there")
        return named == self.wanted


@frozen
class FeatureLayers(KeyRule):
    """How many layers' states the projector reads: one for ``vision_feature_layer`` as a
    number, as many as it lists."""

    def read(self, config: Reader) -> int:
        given = config.given(self.key)
        if isinstance(given, list) and given and all(
                isinstance(i, int) and not isinstance(i, bool) for i in given):
            return len(given)
        if isinstance(given, int) and not isinstance(given, bool):
            return 1
        raise ConfigError(f"{config.where}: {self.key} must be a layer's number or a list of "
                          f"them, got {quoted(given)}")


@frozen
class EitherFlag(Rule):
    """On where any of ``keys`` is: LlavaConfig ties the head where its own
    ``tie_word_embeddings`` or its text config's says so."""

    option: str
    keys: tuple[str, ...]

    def reads(self) -> tuple[str, ...]:
        return self.keys

    def read(self, config: Reader) -> bool:
        return any([config.flag(key) for key in self.keys])  # each checked


def tower(options: Mapping[str, Any]) -> tuple[Block, sympy.Expr]:
    """The vision tower the config names, and the states it leaves an image."""
    if options["siglip_tower"]:
        act = activation_of(options, "gelu_pytorch_tanh", "vision_activation")
        return siglip.vision_tower(VISION, act, bool(options["vision_use_head"])), PATCHES
    act = activation_of(options, "quick_gelu", "vision_activation")
    return clip.vision_tower(VISION, act), IMAGE_SEQUENCE


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``LlamaModel``: token table, N layers, final norm."""
    return llama.text_model(
        {name: options[name] for name in ("attention_bias", "mlp_bias", "activation")})


def multi_modal_projector(options: Mapping[str, Any]) -> Sequential:
    """``LlavaMultiModalProjector``: the tower's states of the feature layers side by side,
    linear_1 → activation → linear_2 into the language model's width."""
    bias = bool(options["projector_bias"])
    return Sequential(
        kind="mlp",
        linear_1=Linear(options["feature_layers"] * H_vis, H, bias=bias),
        act=Activation(H, fn=activation_of(options, "gelu", "projector_activation")),
        linear_2=Linear(H, H, bias=bias))


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    vision, states = tower(options)
    tokens = states if options["full_features"] else states - 1
    projector = multi_modal_projector(options)
    model = Sequential(vision_tower=PerImage(vision, states),
                       multi_modal_projector=PerImage(projector, tokens),
                       language_model=language_model(options))
    return image_model(model, architecture == "LlavaModel", options["tie_word_embeddings"],
                       tokens)


FAMILY = Family(
    name="llava",
    title="LLaVA",
    description="LLaVA (Liu et al. 2023): a CLIP or SigLIP vision tower, a two-layer projector "
                "of its states into the language model's width, and a LLaMA reading them as "
                "tokens",
    architectures={
        "LlavaForConditionalGeneration": "vision tower, projector, language model and LM head",
        "LlavaModel": "vision tower, projector and language model, without a head",
    },
    build=build,
    options=(
        tie_option(False),
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        Option("mlp_bias", False, "biases on the gate, up and down projections"),
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
        Option("text_llama", True, "the language model is a LLaMA (the one symparam builds "
                                   "here)"),
        Option("full_features", False, "the projector reads the tower's first state too "
                                       "(CLIP's class token)", variant=True),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(*GROUPED_ROTARY_RULES,
             VISION_HEADS_DIVIDE),
    images=True,
    activations_checked=False,
)

_T = "text_config."
TEXT_SIZES = llama.TEXT_CONFIG_SIZES

MODEL_TYPES = (
    ModelType("llava", FAMILY, base="LlavaModel",
              classes={name: name for name in FAMILY.architectures},
              sizes=(*TEXT_SIZES, *within("vision_config", VISION_SIZES, TOWER_SYMBOL)),
              rules=(SectionType("siglip_tower", "vision_config.model_type",
                                 "clip_vision_model", "siglip_vision_model", TOWERS),
                     SectionType("text_llama", "text_config.model_type", "llama", "llama",
                                 LANGUAGE_MODELS),
                     EitherFlag("tie_word_embeddings",
                                ("tie_word_embeddings", _T + "tie_word_embeddings")),
                     Flag("attention_bias", _T + "attention_bias"),
                     Flag("mlp_bias", _T + "mlp_bias"),
                     ActivationName("activation", _T + "hidden_act", "silu"),
                     ActivationName("vision_activation", "vision_config.hidden_act", ""),
                     Flag("vision_use_head", "vision_config.vision_use_head", absent=True),
                     Flag("projector_bias", "multimodal_projector_bias"),
                     ActivationName("projector_activation", "projector_hidden_act", "gelu"),
                     FeatureLayers("feature_layers", "vision_feature_layer"),
                     Either("full_features", "vision_feature_select_strategy", "default", "full")),
              sections={"text_config": "", "vision_config": ""}),
)
