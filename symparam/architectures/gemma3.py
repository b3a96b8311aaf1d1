"""Gemma 3 (Gemma Team 2025), as transformers' ``Gemma3ForConditionalGeneration`` builds it:
a SigLIP vision tower, a projector, and the Gemma 3 language model.

The vision tower is SigLIP's (``SiglipVisionModel``, the ``vision_config``): an R×R image cut
into ⌊R/P⌋² patches by a convolution with bias, a position table of ⌊R/P⌋² rows, N_vis pre-LN
layers, a LayerNorm on every patch (and the attention-pooling head where ``vision_use_head``
says so: transformers builds it and runs it, though nothing reads its output). It runs on each
image alone.

The projector (``Gemma3MultiModalProjector``) turns an image's ⌊R/P⌋² patch states into
s_img soft tokens: it lays the patches out on their ⌊R/P⌋ × ⌊R/P⌋ grid and averages each
k × k block of them (``AvgPool2d``, k = ⌊R/P⌋ // ⌊√mm_tokens_per_image⌋: no weights), so
that an image becomes (⌊R/P⌋ // k)² tokens — mm_tokens_per_image where its root divides the
grid, as in every published Gemma 3 (64 × 64 patches pooled 4 × 4 into 256 tokens); then an
RMSNorm over the H_vis numbers of each (``mm_soft_emb_norm``, Gemma's 1 + weight) and one
matrix H_vis × H without bias (``mm_input_projection_weight``, a bare parameter the tokens
are multiplied by) into the language model's width.

The language model is Gemma 3's text decoder (``gemma3_text``, the ``text_config``): the
token table V×H (scaled by √H), N layers with four RMSNorms each, grouped-query attention
with an RMSNorm over each head of q and k, sliding-window layers five in six, a gated GELU
MLP. It reads s text tokens and each image's s_img tokens in their places: s + n_img·s_img
positions. ``Gemma3ForConditionalGeneration`` adds the LM head V×H, tied to the token table
unless the file says ``tie_word_embeddings: false`` (the composite config's own key; the
text config's is not read); ``Gemma3ForSequenceClassification`` a bias-free H → n_labels
score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures import llama, siglip
from symparam.architectures.clip import TOWER_SYMBOL, VISION, VISION_SIZES, within
from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    WINDOW_OPTIONS,
    activation_of,
    activation_option,
    tie_option,
    variant,
    with_score,
)
from symparam.architectures.vit import PATCHES, VISION_HEADS_DIVIDE
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import Block, Linear, RMSNorm, Sequential, Tensor
from symparam.blocks.base import marked, on_sequence, unembedding
from symparam.blocks.images import PerImage, WithImageTokens
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.inputs import Runnable
from symparam.modeltype import (
    ActivationName,
    Flag,
    LayerTypes,
    Leave,
    ModelType,
    NullRule,
    Reader,
    SetDecimal,
    Size,
    SlidingWindows,
)
from symparam.symbols import H, H_vis, V, s_img


class SoftTokens(Block):
    """``Gemma3MultiModalProjector`` on one image: its patches (the parent's sequence)
    averaged into s_img tokens, each normalised (RMSNorm over H_vis) and multiplied by the
    H_vis × H matrix: 2·s_img·H_vis·H FLOPs an image. The pooling averages each patch's
    H_vis numbers once (1 each, the ``pool`` convention; a grid the tokens do not divide
    leaves a few patches out, which this count includes). An embedding of the image's tokens
    into the decoder's width: the Gemma 3 report counts it among the embedding parameters."""

    kind = "embedding"

    def __init__(self) -> None:
        self.mm_input_projection_weight = Tensor(H_vis, H)
        self.mm_soft_emb_norm = on_sequence(RMSNorm(H_vis, impl="gemma"), s_img)

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("mm_input_projection_weight", self.mm_input_projection_weight),
                ("mm_soft_emb_norm", self.mm_soft_emb_norm))

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * s_img * H_vis * H

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        norm = self.mm_soft_emb_norm.nonmatmul(batch, seq)
        return {**norm, "pool": batch * self.own_seq(seq) * H_vis}

    def symbols(self) -> set[sympy.Symbol]:
        return super().symbols() | {s_img}  # it sets the tokens, not the weights


def language_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The LLaMA family's options as ``gemma3_text`` sets them, with this model's own."""
    fixed = next(r for r in llama.MODEL_TYPES if r.name == "gemma3_text").fixed
    own = ("attention_bias", "softcap_attention", "window_period", "window_layers",
           "activation")
    return llama.FAMILY.resolve_options({**fixed, **{name: options[name] for name in own}})


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``Gemma3TextModel``: token table, N layers, final norm (what llama.py builds for
    ``gemma3_text``)."""
    return llama.text_model(language_options(options))


def body(options: Mapping[str, Any]) -> Sequential:
    """``Gemma3Model``: the vision tower and projector, run on each image, and the language
    model on the text and image tokens."""
    act = activation_of(options, "gelu_pytorch_tanh", "vision_activation")
    tower = siglip.vision_tower(VISION, act, bool(options["vision_use_head"]))
    return Sequential(vision_tower=PerImage(tower, PATCHES),
                      multi_modal_projector=PerImage(SoftTokens(), PATCHES),
                      language_model=language_model(options))


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    model = body(options)
    table: Any = model["language_model"]["embed_tokens"]  # type: ignore[index]
    if architecture == "Gemma3Model":
        return WithImageTokens(model)
    if architecture == "Gemma3ForSequenceClassification":
        return WithImageTokens(with_score("model", model, table))
    tied = table.weight if options["tie_word_embeddings"] else None
    head = unembedding(marked(Linear(H, V, bias=False, tie=tied), "head"))
    return WithImageTokens(Sequential(model=model, lm_head=head))


FAMILY = Family(
    name="gemma3",
    title="Gemma 3",
    description="Gemma 3 (Gemma Team 2025): a SigLIP vision tower, its patches pooled into "
                "soft tokens and projected, and the Gemma 3 decoder reading them with the text",
    architectures={
        "Gemma3ForConditionalGeneration": "vision tower, projector, language model and LM head "
                                          "(tied by default)",
        "Gemma3Model": "vision tower, projector and language model, without a head",
        "Gemma3ForSequenceClassification": "vision tower, projector, language model and a "
                                           "bias-free H → n_labels score",
    },
    build=build,
    options=(
        tie_option(True),
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        variant("softcap_attention", "tanh soft-capping of the attention scores"),
        *WINDOW_OPTIONS,
        activation_option("gelu_pytorch_tanh"),
        Option("vision_activation", "",
               "the vision tower's activation function, where not gelu_pytorch_tanh",
               variant=True),
        Option("vision_use_head", True,
               "the vision tower's attention-pooling head (a probe, attention, LayerNorm, MLP)"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(*GROUPED_ROTARY_RULES,
             VISION_HEADS_DIVIDE),
    images=True,
    activations_checked=False,
)


@frozen
class PooledTokens(NullRule):
    """The tokens an image becomes: the ⌊R/P⌋ × ⌊R/P⌋ patches averaged in blocks of
    k = ⌊R/P⌋ // ⌊√mm_tokens_per_image⌋, (⌊R/P⌋ // k)² of them, as transformers' pooling
    makes them (mm_tokens_per_image where its root divides the grid); left unbound where k
    is 0 (more tokens a side than patches: the pooling cannot run)."""

    def resolve(self, config: Reader) -> int | Leave:
        tokens = config.positive_int("mm_tokens_per_image", config.given("mm_tokens_per_image"))
        image = config.positive_int("vision_config.image_size",
                                    config.given("vision_config.image_size"))
        patch = config.positive_int("vision_config.patch_size",
                                    config.given("vision_config.patch_size"))
        side = image // patch
        kernel = side // sympy.integer_nthroot(tokens, 2)[0]
        if kernel == 0:
            return Leave("more tokens a side than patches: the pooling cannot run")
        return (side // kernel) ** 2


_T = "text_config."
TEXT_SIZES = (
    *llama.TEXT_CONFIG_SIZES,
    Size("W", _T + "sliding_window", null=Leave("no layer slides a window"),
         when=("window_period", "window_layers")),
)

MODEL_TYPES = (
    ModelType("gemma3", FAMILY, base="Gemma3Model",
              classes={name: name for name in FAMILY.architectures},
              sizes=(*TEXT_SIZES, *within("vision_config", VISION_SIZES, TOWER_SYMBOL),
                     Size("s_img", "mm_tokens_per_image", computed=True, null=PooledTokens())),
              rules=(Flag("attention_bias", _T + "attention_bias"),
                     SetDecimal("softcap_attention", _T + "attn_logit_softcapping"),
                     SlidingWindows("window_period", _T + "sliding_window_pattern", 6,
                                    window=_T + "sliding_window"),
                     LayerTypes("window_layers", window=_T + "sliding_window",
                                depth=_T + "num_hidden_layers", key=_T + "layer_types"),
                     ActivationName("activation", _T + "hidden_activation", "gelu_pytorch_tanh"),
                     ActivationName("vision_activation", "vision_config.hidden_act",
                                    "gelu_pytorch_tanh"),
                     Flag("vision_use_head", "vision_config.vision_use_head")),
              sections={"text_config": "", "vision_config": ""},
              runnable=Runnable(window_needed=True)),
)
