"""Qwen3-VL (Qwen Team 2025), as transformers' ``Qwen3VLForConditionalGeneration`` builds it:
Qwen2.5-VL's processor and patch merging (:mod:`symparam.architectures.qwen2_5_vl`), a
SigLIP-like vision tower, DeepStack mergers, and a Qwen3 decoder.

The tower embeds each patch by a 3-D convolution with a bias, adds a learned position table of
L_vis rows (``pos_embed``, interpolated bilinearly to the image's grid: a weighted sum of four
rows, no product), and runs N_vis pre-LN blocks over the whole image (LayerNorms with bias, a
fused q/k/v matrix and an output matrix with biases, an MLP ``linear_fc1`` → activation →
``linear_fc2`` with biases). The merger normalises each patch (``norm``, LayerNorm over H_vis)
and maps each m × m block of them (m²·H_vis numbers) by ``linear_fc1`` (m²·H_vis → m²·H_vis), a
GELU and ``linear_fc2`` (→ H_out) to one token. DeepStack: for each block the vision config's
``deepstack_visual_indexes`` names, one more merger (``deepstack_merger_list``, its LayerNorm
over the m²·H_vis numbers of a token) makes tokens of that block's states, which are added to the
image's positions in the first language-model layers (additions, no product).

The language model is Qwen3's decoder (``Qwen3VLTextModel``): the token table V×H, N layers
with grouped-query attention of d_head per head (biases with ``attention_bias``), an RMSNorm
over each head of q and of k, a SwiGLU MLP and two RMSNorms, a final RMSNorm; the LM head V×H,
tied where ``tie_word_embeddings`` says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures import llama
from symparam.architectures.common import (
    activation_of,
    activation_option,
    tie_option,
)
from symparam.architectures.qwen2_5_vl import (
    LANGUAGE_SIZES,
    TOKENS,
    FullBlocks,
    PatchEmbed,
    assemble,
    vision_language,
)
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
)
from symparam.blocks.base import adopt, on_sequence
from symparam.family import Family, Option
from symparam.modeltype import ActivationName, Flag, ModelType, Size
from symparam.symbols import H_out, H_vis, L_vis, N_vis, d_ff_vis, h_vis, m

ARCHITECTURES = ("Qwen3VLForConditionalGeneration", "Qwen3VLModel")


class RunFor(Block):
    """``inner`` (a list of modules) of which only a ``share`` runs in a forward pass: its
    weights all count, its work that share of theirs (the DeepStack mergers named for blocks
    the tower does not have are built and never run). Transparent in tensor names."""

    def __init__(self, inner: Block, share: sympy.Expr) -> None:
        self._children = adopt("RunFor", [("", inner)])
        self.inner = inner
        self.share = share
        self.kind = inner.kind

    def children(self) -> tuple[tuple[str, Block], ...]:
        return self._children

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.share * self.inner.flops(batch, self.own_seq(seq))

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return self.share * self.inner.products(batch, self.own_seq(seq))

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {k: self.share * v
                for k, v in self.inner.nonmatmul(batch, self.own_seq(seq)).items()}

    def flops_by_kind(self, batch: sympy.Expr, seq: sympy.Expr,
                      outer: str = "other") -> dict[str, sympy.Expr]:
        found = self.inner.flops_by_kind(batch, self.own_seq(seq), self.kind or outer)
        return {k: self.share * v for k, v in found.items()}


def merger(postshuffle: bool) -> Sequential:
    """``Qwen3VLVisionPatchMerger``: a LayerNorm on each patch (on each token's m²·H_vis numbers
    after the shuffle, for DeepStack's), then linear_fc1, GELU, linear_fc2 on each token."""
    wide = m**2 * H_vis
    norm = on_sequence(LayerNorm(wide), TOKENS) if postshuffle else LayerNorm(H_vis)
    return Sequential(norm=norm, linear_fc1=on_sequence(Linear(wide, wide), TOKENS),
                      act_fn=on_sequence(Activation(wide, fn="gelu"), TOKENS),
                      linear_fc2=on_sequence(Linear(wide, H_out), TOKENS), kind="mlp")


def vision_block(options: Mapping[str, Any]) -> Sequential:
    """``Qwen3VLVisionBlock``: LayerNorm, attention over the whole image, LayerNorm, MLP."""
    attention = Attention(H_vis, H_vis, heads=h_vis, qkv=Linear(H_vis, 3 * H_vis),
                          proj=Linear(H_vis, H_vis))
    act = Activation(d_ff_vis, fn=activation_of(options, "gelu_pytorch_tanh",
                                                "vision_activation"))
    mlp = Sequential(kind="mlp", linear_fc1=Linear(H_vis, d_ff_vis), act_fn=act,
                     linear_fc2=Linear(d_ff_vis, H_vis))
    return Sequential(norm1=LayerNorm(H_vis), norm2=LayerNorm(H_vis), attn=attention, mlp=mlp,
                      residual=Residual(H_vis, adds=2))


def vision_tower(options: Mapping[str, Any]) -> Sequential:
    """``Qwen3VLVisionModel``: patch embedding, position table, N_vis blocks, merger, and the
    DeepStack mergers."""
    parts: dict[str, Block] = {
        "patch_embed": Sequential(proj=PatchEmbed(bias=True)),
        "pos_embed": Embedding(L_vis, H_vis),
        "blocks": Repeat(N_vis, vision_block(options)),
        "merger": merger(postshuffle=False)}
    built, run = options["deepstack_built"], options["deepstack_run"]
    if built:
        parts["deepstack_merger_list"] = RunFor(Repeat(built, merger(postshuffle=True)),
                                                sympy.Rational(run, built))
    return Sequential(**parts)


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``Qwen3VLTextModel``: token table, N Qwen3 layers, final norm."""
    return llama.text_model(
        {"qk_norm": "per_head", **{name: options[name] for name in ("attention_bias",
                                                                   "activation")}})


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    return assemble(vision_tower(options), language_model(options),
                    architecture == "Qwen3VLModel", options)


FAMILY = Family(
    name="qwen3_vl",
    title="Qwen3-VL",
    description="Qwen3-VL (Qwen Team 2025): a vision transformer reading each image at its own "
                "resolution, its patches merged m × m into tokens, DeepStack mergers feeding "
                "earlier blocks' states to the first layers, and a Qwen3 decoder",
    architectures={
        "Qwen3VLForConditionalGeneration": "vision tower, mergers, language model and LM head "
                                           "(untied by default)",
        "Qwen3VLModel": "vision tower, mergers and language model, without a head",
    },
    build=build,
    options=(
        tie_option(False),
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        activation_option("silu"),
        Option("vision_activation", "", "the vision tower's activation function, where not "
                                        "gelu_pytorch_tanh", variant=True),
        Option("deepstack_built", 3, "DeepStack mergers built (one for each index the vision "
                                     "config lists)", minimum=0),
        Option("deepstack_run", 3, "DeepStack mergers run (the blocks listed that the tower "
                                   "has)", minimum=0),
    ),
    **vision_language(ARCHITECTURES),
    activations_checked=False,
)


_T = "text_config."
_V = "vision_config."
TEXT_SIZES = (*LANGUAGE_SIZES, Size("d_head", _T + "head_dim"))
VISION_SIZES = (
    Size("N_vis", _V + "depth"), Size("H_vis", _V + "hidden_size"),
    Size("d_ff_vis", _V + "intermediate_size"), Size("h_vis", _V + "num_heads"),
    Size("P", _V + "patch_size"), Size("P_t", _V + "temporal_patch_size"),
    Size("C", _V + "in_channels"), Size("m", _V + "spatial_merge_size"),
    Size("H_out", _V + "out_hidden_size"), Size("L_vis", _V + "num_position_embeddings"),
)

#: the tower's rules: its activation, the DeepStack mergers built and run
VISION_RULES = (
    ActivationName("vision_activation", _V + "hidden_act", "gelu_pytorch_tanh"),
    FullBlocks("deepstack_built", _V + "deepstack_visual_indexes", _V + "depth", True),
    FullBlocks("deepstack_run", _V + "deepstack_visual_indexes", _V + "depth", False),
)
#: the language model's rules: its head tied by the composite config's key, biases, activation
TEXT_RULES = (Flag("attention_bias", _T + "attention_bias"),
              ActivationName("activation", _T + "hidden_act", "silu"))

MODEL_TYPES = (
    ModelType("qwen3_vl", FAMILY, base="Qwen3VLModel",
              classes={name: name for name in ARCHITECTURES},
              sizes=(*TEXT_SIZES, *VISION_SIZES), rules=(*TEXT_RULES, *VISION_RULES),
              sections={"text_config": "", "vision_config": ""}),
)
