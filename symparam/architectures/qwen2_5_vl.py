"""Qwen2.5-VL (Qwen Team 2025), as transformers' ``Qwen2_5_VLForConditionalGeneration`` builds
it: a vision transformer of its own that reads images at their own resolution, a patch merger,
and a Qwen2 language model.

The processor resizes an image to R_h × R_w pixels, each a multiple of m·P (``smart_resize``:
the nearest multiples, scaled to stay between a least and a most number of pixels), and repeats
it P_t times along time; the vision tower cuts it into (R_h/P)·(R_w/P) patches of P_t × P × P
pixels with C channels, and one 3-D convolution without bias (``patch_embed.proj``, weight
H_vis × C × P_t × P × P) maps each to H_vis numbers. N_vis pre-norm blocks follow, each an
RMSNorm, an attention with one fused q/k/v matrix and an output matrix (both with biases), rotary
embeddings over the patch's row and column, an RMSNorm and a gated MLP with biases (gate and up
H_vis → d_ff_vis, down back). Most blocks attend within windows of ⌊W_vis/(m·P)⌋ × ⌊W_vis/(m·P)⌋
merged tokens (their patches, m² each); the blocks ``fullatt_block_indexes`` lists attend over
the whole image. The weights are the same: only the FLOPs differ, the attention products of a
windowed block being a sum over its windows of (patches in the window)².

The patch merger (``merger``) normalises each patch (``ln_q``, RMSNorm over H_vis), joins each
m × m block of neighbouring patches into one vector of m²·H_vis numbers and maps it by an MLP
(``mlp.0``: m²·H_vis → m²·H_vis, a GELU, ``mlp.2``: m²·H_vis → H_out, with biases) into the
language model's width: an image becomes s_img = (R_h/(m·P))·(R_w/(m·P)) tokens.

The language model is Qwen2's decoder (``Qwen2_5_VLTextModel``): the token table V×H, N layers
with grouped-query attention (biases on q, k and v), a SwiGLU MLP and two RMSNorms, a final
RMSNorm; it reads s text tokens and n_img·s_img image tokens. ``Qwen2_5_VLForConditionalGeneration``
adds the LM head V×H, untied unless ``tie_word_embeddings`` says so. Hub files of this type are
flat: the language model's keys sit at the top of the file, where transformers reads them when
there is no ``text_config``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures import llama
from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    WINDOW_OPTIONS,
    activation_of,
    activation_option,
    image_model,
    tie_option,
)
from symparam.assumptions import HEAD_SIZE, KV_HEADS
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
    Tensor,
)
from symparam.blocks.base import on_sequence
from symparam.blocks.images import PerImage
from symparam.errors import ConfigError, quoted
from symparam.family import Divides, Family, Option
from symparam.frozen import frozen
from symparam.modeltype import (
    ActivationName,
    HeadSize,
    KeyPair,
    LayerTypes,
    Leave,
    ModelType,
    Reader,
    Size,
)
from symparam.symbols import (
    C,
    H_out,
    H_vis,
    N_vis,
    P,
    P_t,
    Q_win,
    W_vis,
    d_ff_vis,
    h_vis,
    m,
    s_img,
)

#: the tokens an image becomes (s_img, by the processor's arithmetic: symparam.images) and the
#: patches the vision tower runs on, m² a token
TOKENS = s_img
PATCHES = m**2 * s_img


class WindowedAttention(Attention):
    """The vision tower's attention on one image's patches: a ``full`` share of the layers it is
    repeated over attends over all of them (s² query–key pairs), the others within each window
    (Q_win pairs: the sum over the image's windows of their patches squared), as transformers
    runs each window apart in eager mode."""

    def __init__(self, full: sympy.Expr, **named: Any) -> None:
        super().__init__(H_vis, H_vis, heads=h_vis, **named)
        self.full = full

    def _pairs(self, seq: sympy.Expr) -> sympy.Expr:
        return self.full * seq**2 + (1 - self.full) * Q_win

    def _own_products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * self._pairs(self.own_seq(seq)) * (self.qk_width + self.v_width)

    def scores(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return batch * h_vis * self._pairs(self.own_seq(seq))

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        own = {"softmax": self.scores(batch, seq), "scale": self.scores(batch, seq)}
        found = [child.nonmatmul(batch, self.own_seq(seq)) for _, child in self.children()]
        merged: dict[str, sympy.Expr] = dict(own)
        for part in found:
            for kind, n in part.items():
                merged[kind] = merged.get(kind, sympy.S.Zero) + n
        return merged

    def symbols(self) -> set[sympy.Symbol]:
        return super().symbols() | {Q_win, W_vis}  # they set its pairs, not its weights


class PatchEmbed(Block):
    """``Qwen2_5_VisionPatchEmbed``: a 3-D convolution with kernel and stride (P_t, P, P) and no
    bias (Qwen3-VL's has one), weight H_vis × C × P_t × P × P; each patch costs
    2·H_vis·C·P_t·P² FLOPs."""

    kind = "conv"

    def __init__(self, bias: bool = False) -> None:
        self.weight = Tensor(H_vis, C, P_t, P, P)
        self.bias = Tensor(H_vis) if bias else None

    def children(self) -> tuple[tuple[str, Block], ...]:
        if self.bias is None:
            return (("weight", self.weight),)
        return (("weight", self.weight), ("bias", self.bias))

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * self.own_seq(seq) * H_vis * C * P_t * P**2


def vision_block(options: Mapping[str, Any], full: sympy.Expr) -> Sequential:
    """``Qwen2_5_VLVisionBlock``: RMSNorm, attention (fused q/k/v, output, biases), RMSNorm,
    gated MLP with biases."""
    attention = WindowedAttention(full, qkv=Linear(H_vis, 3 * H_vis),
                                  proj=Linear(H_vis, H_vis))
    act = Activation(d_ff_vis, gated=True, fn=activation_of(options, "silu",
                                                            "vision_activation"))
    mlp = Sequential(kind="mlp", gate_proj=Linear(H_vis, d_ff_vis),
                     up_proj=Linear(H_vis, d_ff_vis), down_proj=Linear(d_ff_vis, H_vis),
                     act_fn=act)
    return Sequential(norm1=RMSNorm(H_vis), norm2=RMSNorm(H_vis), attn=attention, mlp=mlp,
                      residual=Residual(H_vis, adds=2))


def merger() -> Sequential:
    """``Qwen2_5_VLPatchMerger``: RMSNorm on each patch, then an MLP on each m × m block of
    them (m²·H_vis numbers) into H_out: run on the image's tokens, not its patches."""
    wide = m**2 * H_vis
    mlp = Sequential(Linear(wide, wide), Activation(wide, fn="gelu"), Linear(wide, H_out),
                     kind="mlp")
    return Sequential(ln_q=RMSNorm(H_vis), mlp=on_sequence(mlp, TOKENS))


def vision_tower(options: Mapping[str, Any]) -> Sequential:
    """``Qwen2_5_VisionTransformerPretrainedModel``: patch embedding, N_vis blocks, merger."""
    full = sympy.Integer(options["full_blocks"]) / N_vis
    return Sequential(patch_embed=Sequential(proj=PatchEmbed()),
                      blocks=Repeat(N_vis, vision_block(options, full)), merger=merger())


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``Qwen2_5_VLTextModel``: token table, N Qwen2 layers, final norm."""
    return llama.text_model(
        {"qkv_bias": True, **{name: options[name] for name in ("window_period",
                                                              "window_layers", "activation")}})


def assemble(tower: Block, language: Block, base: bool,
             options: Mapping[str, Any]) -> Block:
    """A Qwen-VL model of a vision ``tower`` run per image and a ``language`` model reading
    the text with the image tokens; ``base``: the base model (``…VLModel``), else with the LM
    head (``…ForConditionalGeneration``), tied to the token table where the config says so.
    Qwen2-VL, Qwen2.5-VL and Qwen3-VL alike."""
    model = Sequential(visual=PerImage(tower, PATCHES), language_model=language)
    return image_model(model, base, options["tie_word_embeddings"], TOKENS)


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    return assemble(vision_tower(options), language_model(options),
                    architecture == "Qwen2_5_VLModel", options)


def vision_language(architectures: tuple[str, ...]) -> dict[str, Any]:
    """What the Qwen-VL families' records share beside their options: the head size assumed,
    the rotary sections and the tower's heads dividing, images read at their own resolution,
    and the merger as wide as the language model for a class to run."""
    return {
        "assumptions": (HEAD_SIZE,),
        "divides": (*GROUPED_ROTARY_RULES,
                    Divides(h_vis, H_vis, "the vision tower's heads split its hidden size "
                            "evenly", to_run=True)),
        "images": True,
        "resized": True,
        "runs_if_equal": {cls: (("H_out", "H", "the merger's tokens take the place of text "
                                               "tokens in the language model, which must be "
                                               "as wide"),)
                          for cls in architectures},
    }


FAMILY = Family(
    name="qwen2_5_vl",
    title="Qwen2.5-VL",
    description="Qwen2.5-VL (Qwen Team 2025): a vision transformer reading each image at its own "
                "resolution, windowed attention in most blocks, its patches merged m × m into "
                "tokens, and a Qwen2 decoder reading them with the text",
    architectures={
        "Qwen2_5_VLForConditionalGeneration": "vision tower, patch merger, language model and "
                                              "LM head (untied by default)",
        "Qwen2_5_VLModel": "vision tower, patch merger and language model, without a head",
    },
    build=build,
    options=(
        tie_option(False),
        *WINDOW_OPTIONS,
        activation_option("silu"),
        Option("vision_activation", "", "the vision tower's activation function, where not silu",
               variant=True),
        Option("full_blocks", 4, "vision blocks that attend over the whole image (the others "
                                 "within windows)", minimum=0),
    ),
    **vision_language(("Qwen2_5_VLForConditionalGeneration", "Qwen2_5_VLModel")),
    activations_checked=False,
)


@frozen
class FullBlocks(KeyPair):
    """How many of the vision tower's blocks a list of block numbers names: the distinct
    indexes ``key`` lists among 0 … depth − 1 (transformers asks ``i in fullatt_block_indexes``,
    Qwen3-VL's tower ``layer_num in deepstack_visual_indexes``); with ``built``, every entry
    (Qwen3-VL builds a DeepStack merger for each, whether or not its block exists)."""

    depth: str
    built: bool = False
    also = "depth"

    def read(self, config: Reader) -> int:
        listed = config.given(self.key)
        if not isinstance(listed, list) or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in listed):
            raise ConfigError(f"{config.where}: {self.key} must list the blocks' numbers, got "
                              f"{quoted(listed)}")
        if self.built:
            return len(listed)
        depth = config.positive_int(self.depth, config.given(self.depth))
        return len({i for i in listed if 0 <= i < depth})


@frozen
class TiedByEither(KeyPair):
    """The head is tied where the config's ``tie_word_embeddings`` says so or, as transformers
    reads older files, its text config's (read as false where absent: no field declares it)."""

    text: str
    also = "text"

    def read(self, config: Reader) -> bool:
        return any([config.flag(self.key), config.flag(self.text, absent=False)])


_T = "text_config."
_V = "vision_config."
#: the language model's sizes the Qwen-VL models read alike (Qwen3-VL's head size is its own)
LANGUAGE_SIZES = (
    Size("N", _T + "num_hidden_layers"), Size("V", _T + "vocab_size"),
    Size("H", _T + "hidden_size"), Size("d_ff", _T + "intermediate_size"),
    Size("h", _T + "num_attention_heads"),
    Size("h_kv", _T + "num_key_value_heads", null=KV_HEADS),
)
TEXT_SIZES = (
    *LANGUAGE_SIZES,
    Size("d_head", _T + "head_dim", computed=True,
         null=HeadSize(_T + "hidden_size", _T + "num_attention_heads")),
    Size("W", _T + "sliding_window", null=Leave("no layer slides a window"),
         when=("window_period", "window_layers")),
)
#: the language model's rules Qwen2-VL and Qwen2.5-VL read alike: its head tied by either
#: config's key, and which of its layers slide a window
LANGUAGE_RULES = (
    TiedByEither("tie_word_embeddings", "tie_word_embeddings", _T + "tie_word_embeddings"),
    LayerTypes("window_layers", switch=_T + "use_sliding_window",
               after=_T + "max_window_layers", window=_T + "sliding_window",
               depth=_T + "num_hidden_layers", key=_T + "layer_types"),
)
VISION_SIZES = (
    Size("N_vis", _V + "depth"), Size("H_vis", _V + "hidden_size"),
    Size("d_ff_vis", _V + "intermediate_size"), Size("h_vis", _V + "num_heads"),
    Size("P", _V + "patch_size"), Size("P_t", _V + "temporal_patch_size"),
    Size("C", _V + "in_channels"), Size("m", _V + "spatial_merge_size"),
    Size("W_vis", _V + "window_size"), Size("H_out", _V + "out_hidden_size"),
)

MODEL_TYPES = (
    ModelType("qwen2_5_vl", FAMILY, base="Qwen2_5_VLModel",
              classes={name: name for name in FAMILY.architectures},
              sizes=(*TEXT_SIZES, *VISION_SIZES),
              rules=(*LANGUAGE_RULES,
                     ActivationName("activation", _T + "hidden_act", "silu"),
                     ActivationName("vision_activation", _V + "hidden_act", "silu"),
                     FullBlocks("full_blocks", _V + "fullatt_block_indexes", _V + "depth")),
              sections={"text_config": "", "vision_config": ""}, flat=("text_config",)),
)
