"""PaliGemma (Beyer et al. 2024), as transformers' ``PaliGemmaForConditionalGeneration`` builds
it: a SigLIP vision tower, one linear projection, and a Gemma language model that reads every
patch of the image as a token.

The vision tower is SigLIP's (``SiglipVisionModel``, the ``vision_config``): an R×R image cut
into ⌊R/P⌋² patches by a convolution with bias, a position table of ⌊R/P⌋² rows, N_vis pre-LN
layers, a LayerNorm on every patch (and the attention-pooling head where ``vision_use_head``
says so: the published files leave it out; transformers builds it and runs it where it is,
though nothing reads its output). It runs on each image alone. A file that leaves the whole
``vision_config`` out gets PaliGemma's own tower (SigLIP So400m/14 at 224 pixels, no head); one
that writes it gets SigLIP's defaults for the keys it leaves out.

The projector (``PaliGemmaMultiModalProjector``) is one ``linear`` H_vis → d_proj with bias
(``projection_dim``, the composite config's key), on every patch: an image becomes ⌊R/P⌋²
tokens (transformers sets the text config's ``num_image_tokens`` to that, whatever the file
says), which the processor puts before the text. The language model takes them as they are,
so d_proj must be its width H for the forward pass to run.

The language model is the ``text_config``'s Gemma (``GemmaModel``): the token table V×H (scaled
by √H), N layers of two RMSNorms (Gemma's 1 + weight), multi-query or grouped attention with
heads of d_head, a gated GELU MLP, a final RMSNorm. PaliGemma 2's is a Gemma 2 (``Gemma2Model``,
``text_config.model_type: gemma2``): four RMSNorms a layer (after the attention and the MLP
too), the attention scores soft-capped, every other layer attending within a sliding window of
W positions (``layer_types``, else Gemma2Config's alternation). (PaliGemma builds a Gemma 2's
sliding-window masks wherever the text config has a ``sliding_window``: a Gemma given one
cannot take them, so its FLOPs are refused, its weights counted.) Either reads s text tokens and
each image's
⌊R/P⌋² tokens: s + n_img·⌊R/P⌋² positions (the image and the prompt attend both ways, which
changes no product). ``PaliGemmaForConditionalGeneration`` adds the LM head V×H, tied to the
token table unless the file says ``tie_word_embeddings: false`` (the composite config's own
key; the text config's is not read).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures import llama, siglip
from symparam.architectures.clip import TOWER_SYMBOL, VISION, VISION_SIZES, within
from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    WINDOW_OPTIONS,
    activation_of,
    activation_option,
    tie_option,
    variant,
)
from symparam.architectures.llava import SectionType
from symparam.architectures.vit import PATCHES, VISION_HEADS_DIVIDE
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import Block, Elementwise, Linear, Sequential
from symparam.blocks.base import marked, unembedding
from symparam.blocks.images import PerImage, WithImageTokens
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import (
    TIED,
    ActivationName,
    Flag,
    KeyRule,
    LayerTypes,
    Leave,
    ModelType,
    Reader,
    Rule,
    SetDecimal,
    Size,
    SlidingWindows,
)
from symparam.symbols import H, H_vis, V, d_proj

#: the language models symparam builds for PaliGemma, by the model_type a text_config names
LANGUAGE_MODELS = ("gemma", "gemma2")
#: the vision towers, by the model_type a vision_config names
TOWERS = ("siglip_vision_model",)


@frozen
class GemmaActivation(ActivationName):
    """Gemma's ``hidden_act``: GemmaConfig turns the legacy ``gelu`` of the first published
    files into the tanh GELU they were trained with."""

    def read(self, config: Reader) -> str:
        if config.given(self.key) == "gelu":
            return ""
        return super().read(config)


@frozen
class ForGemma2(Rule):
    """``inner`` read where the text config is a Gemma 2 (its soft-capping, windows and
    activation key); where it is a Gemma, whose config takes no such key, ``otherwise`` (a
    value, or the rule that reads Gemma's own key)."""

    option: str
    inner: Rule
    otherwise: Any
    gemma: bool = False  # the other way round: ``inner`` read where the text is a Gemma

    def reads(self) -> tuple[str, ...]:
        gemma = self.otherwise.reads() if isinstance(self.otherwise, Rule) else ()
        return (*self.inner.reads(), *gemma, _T + "model_type")

    def read(self, config: Reader) -> Any:
        if (config.given(_T + "model_type") == "gemma2") != self.gemma:
            return self.inner.read(config)
        if isinstance(self.otherwise, Rule):
            return self.otherwise.read(config)
        return self.otherwise


@frozen
class Given(KeyRule):
    """On where the file gives ``key`` a value other than null."""

    def read(self, config: Reader) -> bool:
        present, value = config.lookup(self.key)
        return present and value is not None


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``GemmaModel`` or ``Gemma2Model``: token table, N layers, final norm (what llama.py
    builds for ``gemma`` or ``gemma2``)."""
    name = "gemma2" if options["text_gemma2"] else "gemma"
    fixed = next(r for r in llama.MODEL_TYPES if r.name == name).fixed
    own = ("attention_bias", "activation", "softcap_attention", "window_period",
           "window_layers")
    return llama.text_model({**fixed, **{name: options[name] for name in own}})


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    act = activation_of(options, "gelu_pytorch_tanh", "vision_activation")
    tower = siglip.vision_tower(VISION, act, bool(options["vision_use_head"]))
    projector = Sequential(kind="mlp", linear=Linear(H_vis, d_proj))  # as LLaVA's
    model = Sequential(vision_tower=PerImage(tower, PATCHES),
                       multi_modal_projector=PerImage(projector, PATCHES),
                       language_model=language_model(options))
    if architecture == "PaliGemmaModel":
        return WithImageTokens(model, PATCHES)
    table: Any = model["language_model"]["embed_tokens"]  # type: ignore[index]
    tied = table.weight if options["tie_word_embeddings"] else None
    parts: dict[str, Block] = {
        "model": model, "lm_head": unembedding(marked(Linear(H, V, bias=False, tie=tied), "head"))}
    if options["softcap_logits"]:  # c·tanh(logits/c): tanh keeps its output
        parts["final_logit_softcapping"] = Elementwise(V, keeps=1, softcap=1)
    return WithImageTokens(Sequential(**parts), PATCHES)


_RUNS = (("d_proj", "H", "the language model takes each image's projected patches as tokens, "
                        "which must be as wide as its own"),)

FAMILY = Family(
    name="paligemma",
    title="PaliGemma",
    description="PaliGemma (Beyer et al. 2024): a SigLIP vision tower, each patch projected "
                "linearly into a token, and a Gemma decoder reading them before the text",
    architectures={
        "PaliGemmaForConditionalGeneration": "vision tower, projector, language model and LM "
                                             "head (tied by default)",
        "PaliGemmaModel": "vision tower, projector and language model, without a head",
    },
    build=build,
    options=(
        tie_option(True),
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        activation_option("gelu_pytorch_tanh"),
        variant("softcap_logits", "tanh soft-capping of the output logits"),
        Option("vision_activation", "",
               "the vision tower's activation function, where not gelu_pytorch_tanh",
               variant=True),
        Option("vision_use_head", False,
               "the vision tower's attention-pooling head (a probe, attention, LayerNorm, MLP)"),
        Option("text_gemma", True, "the language model is a Gemma (the one symparam builds "
                                   "here)"),
        Option("text_gemma2", False, "the language model is a Gemma 2 (PaliGemma 2's)",
               variant=True),
        variant("softcap_attention", "tanh soft-capping of the attention scores (Gemma 2)"),
        Option("gemma_window", False, "a Gemma's text config sets sliding_window, a Gemma 2's "
                                      "key", variant=True),
        *WINDOW_OPTIONS,
        Option("siglip_tower", True, "the vision tower is SigLIP's (the one symparam builds "
                                     "here)"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(*GROUPED_ROTARY_RULES,
             VISION_HEADS_DIVIDE),
    runs_if_equal={name: _RUNS for name in ("PaliGemmaForConditionalGeneration",
                                            "PaliGemmaModel")},
    runs_unless=(("gemma_window", "PaliGemma then builds the sliding-window masks of a Gemma 2, "
                                  "which its Gemma cannot take"),),
    images=True,
    activations_checked=False,
)

_T = "text_config."
_V = "vision_config."

MODEL_TYPES = (
    ModelType("paligemma", FAMILY, base="PaliGemmaModel",
              classes={name: name for name in FAMILY.architectures},
              sizes=(*llama.TEXT_CONFIG_SIZES,
                     *within("vision_config", VISION_SIZES, TOWER_SYMBOL),
                     Size("d_proj", "projection_dim"),
                     Size("W", _T + "sliding_window", null=Leave("no layer slides a window"),
                          when=("window_period", "window_layers"))),
              rules=(SectionType("text_gemma2", _T + "model_type", "gemma", "gemma2",
                                 LANGUAGE_MODELS, "PaliGemma"),
                     SectionType("siglip_tower", _V + "model_type", "siglip_vision_model",
                                 "siglip_vision_model", TOWERS, "PaliGemma"),
                     TIED,  # the composite config's: the text's is not read
                     Flag("attention_bias", _T + "attention_bias"),
                     ForGemma2("activation", ActivationName(
                         "activation", _T + "hidden_activation", "gelu_pytorch_tanh"),
                         GemmaActivation("activation", _T + "hidden_act", "gelu_pytorch_tanh")),
                     SetDecimal("softcap_logits", _T + "final_logit_softcapping"),
                     ForGemma2("softcap_attention", SetDecimal(
                         "softcap_attention", _T + "attn_logit_softcapping"), False),
                     ForGemma2("window_period", SlidingWindows(
                         "window_period", 2, window=_T + "sliding_window"), 0),
                     ForGemma2("gemma_window", Given("gemma_window", _T + "sliding_window"),
                               False, gemma=True),
                     ForGemma2("window_layers", LayerTypes(
                         "window_layers", window=_T + "sliding_window",
                         depth=_T + "num_hidden_layers", key=_T + "layer_types"), ()),
                     ActivationName("vision_activation", _V + "hidden_act", "gelu_pytorch_tanh"),
                     Flag("vision_use_head", _V + "vision_use_head")),
              sections={"text_config": "", "vision_config": ""}),
)
