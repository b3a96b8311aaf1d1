"""InternVL (Chen et al. 2024; InternVL 2.5, 3 and 3.5), as transformers'
``InternVLForConditionalGeneration`` and ``InternVLModel`` build it: the InternViT vision tower,
a pixel-shuffle projector, and a Qwen2, Qwen3 or LLaMA decoder reading each image's shuffled
patches as tokens.

The vision tower (``InternVLVisionModel``, the ``vision_config``) is a ViT with layer scale: an
R×R image cut into ⌊R/P⌋² patches by a convolution with bias (``patch_embeddings``), a class
token (``cls_token``, H_vis numbers) in front, a position table of ⌊R/P⌋² + 1 rows
(``use_absolute_position_embeddings``), a mask token only with ``use_mask_token`` (built, never
read by the model's forward). Each of its N_vis layers: a norm (``layernorm_before``), attention
(q, k, v: H_vis → H_vis, biases with ``attention_bias``; an RMSNorm over all of q and one over
all of k with ``use_qk_norm``; ``projection_layer`` back with a bias), λ₁ (H_vis numbers)
scaling its output, the residual, a norm (``layernorm_after``), the MLP H_vis → d_ff_vis →
H_vis with biases, λ₂, the residual. The norms are LayerNorms, or RMSNorms with ``norm_type:
rms_norm``. A final LayerNorm only without ``use_mean_pooling`` (whatever ``norm_type`` says).
The tower runs on each image alone, on its ⌊R/P⌋² + 1 tokens.

The projector (``InternVLMultiModalProjector``) reads the tower's states but the class token's
(the ``default`` strategy: the only one transformers can run), lays the ⌊R/P⌋ × ⌊R/P⌋ grid out
and shuffles it: each m × m block of neighbouring states (m = 1/``downsample_ratio``) becomes
one vector of m²·H_vis numbers. A LayerNorm over those m²·H_vis numbers, ``linear_1`` (m²·H_vis
→ H), an activation (``projector_hidden_act``, GELU) and ``linear_2`` (H → H), both with
biases. An image becomes (⌊R/P⌋/m)² tokens (the processor's ``image_seq_length``: 256 for
448-pixel tiles in 14-pixel patches with m = 2); the shuffle reshapes a square grid, so m must
divide ⌊R/P⌋ for the forward pass to run.

The processor cuts an image into R×R tiles (and a thumbnail): each tile is one image here,
n_img counts them, and the ``<img>`` and ``</img>`` around an image's tokens are text tokens.

The language model is the ``text_config``'s (``AutoModel``: Qwen2's decoder by default, with
biases on q, k and v; Qwen3's, with an RMSNorm over each head of q and k; LLaMA's) on
s + n_img·(⌊R/P⌋/m)² positions. ``…ForConditionalGeneration`` adds the LM head V×H, tied to the
token table unless the file says ``tie_word_embeddings: false`` (the composite config's own
key; the text config's is not read).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures import llama
from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    WINDOW_OPTIONS,
    activation_of,
    activation_option,
    image_model,
    tie_option,
)
from symparam.architectures.vit import (
    MERGED,
    MERGED_SIDE,
    PATCHES,
    PIXEL_SHUFFLE_DIVIDES,
    TOKENS,
    VISION_HEADS_DIVIDE,
)
from symparam.assumptions import HEAD_SIZE, KV_HEADS
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Conv2d,
    Elementwise,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
    Tensor,
    marked,
    on_sequence,
)
from symparam.blocks.images import PerImage
from symparam.errors import ConfigError, quoted
from symparam.family import Choice, Family, Option
from symparam.frozen import frozen
from symparam.modeltype import (
    TIED,
    ActivationName,
    Either,
    Flag,
    HeadSize,
    KeyRule,
    LayerTypes,
    Leave,
    ModelType,
    NullRule,
    Reader,
    Rule,
    Size,
)
from symparam.symbols import C, H, H_vis, N_vis, P, d_ff_vis, h_vis, m

#: the side of an image's shuffled grid: ⌊R/P⌋/m tokens a row (m divides ⌊R/P⌋ to run)
SIDE = MERGED_SIDE
#: the tokens the projector makes of an image: (⌊R/P⌋/m)²
IMAGE_TOKENS = MERGED
#: the language models symparam builds here, by the model_type a text_config names
LANGUAGE_MODELS = ("qwen2", "qwen3", "llama")


def vision_layer(options: Mapping[str, Any]) -> Sequential:
    """``InternVLVisionLayer``: norm, attention, λ₁, norm, MLP, λ₂ (two residuals)."""
    bias = bool(options["vision_qkv_bias"])
    q, k, v = (Linear(H_vis, H_vis, bias=bias) for _ in range(3))
    attention: dict[str, Block] = {"q_proj": q, "k_proj": k, "v_proj": v,
                                   "projection_layer": Linear(H_vis, H_vis)}
    if options["vision_qk_norm"]:  # over all of q and of k, before the heads are split
        attention.update(q_norm=RMSNorm(H_vis), k_norm=RMSNorm(H_vis))

    def norm() -> Block:
        return RMSNorm(H_vis) if options["vision_rms_norm"] else LayerNorm(H_vis)

    act = activation_of(options, "gelu", "vision_activation")
    return Sequential(
        # λ₁ and λ₂, counted with the part whose output each scales
        lambda_1=marked(Tensor(H_vis), "attention"),
        lambda_2=marked(Tensor(H_vis), "mlp"),
        attention=Attention(H_vis, H_vis, heads=h_vis, **attention),
        mlp=Sequential(kind="mlp", fc1=Linear(H_vis, d_ff_vis),
                       activation_fn=Activation(d_ff_vis, fn=act), fc2=Linear(d_ff_vis, H_vis)),
        layernorm_before=norm(),
        layernorm_after=norm(),
        layer_scale=Elementwise(H_vis, layer_scale=2),  # λ₁ and λ₂ multiply
        residual=Residual(H_vis, adds=2),
    )


def vision_tower(options: Mapping[str, Any]) -> Block:
    """``InternVLVisionModel``: class token, [mask token], patches, [positions], N_vis layers,
    [final LayerNorm]; on an image's ⌊R/P⌋² + 1 tokens."""
    embeddings: dict[str, Block] = {"cls_token": Tensor(1, 1, H_vis)}
    if options["mask_token"]:
        embeddings["mask_token"] = Tensor(1, 1, H_vis)
    embeddings["patch_embeddings"] = Sequential(
        projection=on_sequence(Conv2d(C, H_vis, P), PATCHES))
    if options["position_table"]:
        embeddings.update(position_embeddings=Tensor(1, TOKENS, H_vis),
                          position_add=Residual(H_vis))
    parts: dict[str, Block] = {
        "embeddings": Sequential(**embeddings, kind="embedding"),
        "encoder": Sequential(layer=Repeat(N_vis, vision_layer(options))),
    }
    if options["vision_post_norm"]:
        parts["layernorm"] = LayerNorm(H_vis)
    return on_sequence(Sequential(**parts), TOKENS)


def multi_modal_projector(options: Mapping[str, Any]) -> Sequential:
    """``InternVLMultiModalProjector``: LayerNorm over the m²·H_vis numbers of a shuffled
    token, linear_1 → activation → linear_2 into the language model's width."""
    wide = m**2 * H_vis
    return Sequential(
        kind="mlp",
        layer_norm=LayerNorm(wide),
        linear_1=Linear(wide, H),
        act=Activation(H, fn=activation_of(options, "gelu", "projector_activation")),
        linear_2=Linear(H, H))


def language_model(options: Mapping[str, Any]) -> Sequential:
    """The text_config's decoder as LLaMA's family builds it: token table, N layers, norm."""
    named = options["text_model"]
    settings = {name: options[name] for name in ("activation", "window_period",
                                                  "window_layers")}
    if named == "qwen2":
        settings["qkv_bias"] = True
    elif named == "qwen3":
        settings.update(qk_norm="per_head", attention_bias=options["attention_bias"])
    else:
        settings.update(attention_bias=options["attention_bias"], mlp_bias=options["mlp_bias"])
    return llama.text_model(settings)


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    if architecture == "InternVLVisionModel":  # the tower alone (an internvl_vision file)
        return vision_tower(options)
    model = Sequential(vision_tower=PerImage(vision_tower(options), TOKENS),
                       multi_modal_projector=PerImage(multi_modal_projector(options),
                                                      IMAGE_TOKENS),
                       language_model=language_model(options))
    return image_model(model, architecture == "InternVLModel", options["tie_word_embeddings"],
                       IMAGE_TOKENS, side=SIDE)


FAMILY = Family(
    name="internvl",
    title="InternVL",
    description="InternVL (Chen et al. 2024): the InternViT vision tower with layer scale, its "
                "patches shuffled m × m into fewer, wider tokens and projected by a two-layer "
                "MLP, and a Qwen2, Qwen3 or LLaMA decoder reading them with the text",
    architectures={
        "InternVLForConditionalGeneration": "vision tower, projector, language model and LM "
                                            "head (tied by default)",
        "InternVLModel": "vision tower, projector and language model, without a head",
        "InternVLVisionModel": "the vision tower alone (InternViT), on an image's patches and "
                               "class token",
    },
    build=build,
    options=(
        tie_option(True),
        Choice("text_model", "qwen2", "the language model the text_config names",
               values=LANGUAGE_MODELS),
        Option("attention_bias", False, "biases on the q, k, v and o projections (a LLaMA or "
                                        "Qwen3 language model)"),
        Option("mlp_bias", False, "biases on the gate, up and down projections (a LLaMA "
                                  "language model)"),
        activation_option("silu"),
        *WINDOW_OPTIONS,
        Option("vision_qkv_bias", False, "biases on the vision tower's q, k and v projections"),
        Option("vision_qk_norm", False, "an RMSNorm over all of the vision tower's q and one "
                                        "over all of its k"),
        Option("vision_rms_norm", False, "the vision tower's layers normalise with RMSNorm "
                                         "instead of LayerNorm", variant=True),
        Option("mask_token", False, "a mask token in the vision tower (use_mask_token)"),
        Option("position_table", True, "the vision tower's learned position table"),
        Option("vision_post_norm", False, "a LayerNorm on every state after the vision tower's "
                                          "last layer (use_mean_pooling false)"),
        Option("vision_activation", "", "the vision tower's activation function, where not "
                                        "gelu", variant=True),
        Option("projector_activation", "", "the projector's activation, where not gelu",
               variant=True),
    ),
    assumptions=(HEAD_SIZE,),
    divides=(*GROUPED_ROTARY_RULES,
             VISION_HEADS_DIVIDE,
             PIXEL_SHUFFLE_DIVIDES),
    images=True,
    tiled=True,
    # an image's patches and class token fix the sequence of the tower alone
    sequences={"InternVLVisionModel": TOKENS},
    activations_checked=False,
)

_T = "text_config."
_V = "vision_config."
#: the vision–language model's classes (the tower alone is internvl_vision's)
CLASSES = ("InternVLForConditionalGeneration", "InternVLModel")


@frozen
class TextModel(KeyRule):
    """The model_type the text_config names (qwen2 where it names none), refusing any other by
    name."""

    def read(self, config: Reader) -> str:
        given = config.given(self.key)
        named = "qwen2" if given is None else given
        if named not in LANGUAGE_MODELS:
            raise ConfigError(f"{config.where}: {self.key} {quoted(named)}: symparam's InternVL "
                              f"builds {', '.join(LANGUAGE_MODELS[:-1])} or "
                              f"{LANGUAGE_MODELS[-1]} there")
        return str(named)


@frozen
class TextFlag(Rule):
    """A flag of the text config that only some of its model types read (LLaMA's and Qwen3's
    ``attention_bias``; Qwen2's attention takes none); false for the others."""

    option: str
    key: str
    types: tuple[str, ...]

    def reads(self) -> tuple[str, ...]:
        return (_T + "model_type", self.key)

    def read(self, config: Reader) -> bool:
        named = config.given(_T + "model_type") or "qwen2"
        return named in self.types and config.flag(self.key, absent=False)


@frozen
class TextWindows(LayerTypes):
    """Qwen2's and Qwen3's sliding layers (:class:`LayerTypes`); a LLaMA slides none."""

    def read(self, config: Reader) -> tuple[int, ...]:
        if (config.given(_T + "model_type") or "qwen2") == "llama":
            return ()
        return super().read(config)


@frozen
class Unless(Flag):
    """On where the flag ``key`` is false (``use_mean_pooling`` false builds the final
    LayerNorm)."""

    def read(self, config: Reader) -> bool:
        return not super().read(config)


@frozen
class ProjectorReads(ActivationName):
    """The projector's activation (``projector_hidden_act``), and what transformers' forward
    pass needs of the states it reads: ``vision_feature_select_strategy`` ``default`` (the class
    token's state dropped; any other keeps it, and the grid transformers reshapes is not
    square), ``vision_feature_layer`` the number of one of the tower's N_vis + 1 hidden states
    (−N_vis − 1 … N_vis: a list or another number it cannot index them by). Both refused
    otherwise: transformers builds such a model but cannot run it."""

    strategy: str = "vision_feature_select_strategy"
    layer: str = "vision_feature_layer"
    depth: str = _V + "num_hidden_layers"

    def reads(self) -> tuple[str, ...]:
        return (self.key, self.strategy, self.layer, self.depth)

    def read(self, config: Reader) -> str:
        strategy = config.given(self.strategy)
        if strategy != "default":
            raise ConfigError(f"{config.where}: {self.strategy} {quoted(strategy)}: InternVL "
                              "runs only with default (the class token's state dropped, a "
                              "square grid of patches left to shuffle)")
        layer = config.given(self.layer)
        depth = config.positive_int(self.depth, config.given(self.depth))
        if isinstance(layer, bool) or not isinstance(layer, int) \
                or not -depth - 1 <= layer <= depth:
            raise ConfigError(f"{config.where}: {self.layer} must be the number of one of the "
                              f"vision tower's {depth + 1} hidden states ({-depth - 1} … "
                              f"{depth}), got {quoted(layer)}")
        return super().read(config)


@frozen
class Square(NullRule):
    """An image's or a patch's side: a number, or a list of two equal numbers (transformers
    keeps both); symparam counts square images and patches."""

    key: str

    def resolve(self, config: Reader) -> int:
        given = config.given(self.key)
        if isinstance(given, list | tuple) and len(given) == 2 and given[0] == given[1]:
            given = given[0]
        elif isinstance(given, list | tuple):
            raise ConfigError(f"{config.where}: {self.key} must be one side or two equal sides, "
                              f"got {quoted(given)}")
        return config.positive_int(self.key, given)


@frozen
class ShuffleFactor(NullRule):
    """m = 1/``downsample_ratio``: the side of the blocks the pixel shuffle lays into one
    token. transformers' shuffle runs only where the ratio divides every whole number exactly
    (1, 1/2, 1/4 …: it checks ``side % ratio``), so others are refused."""

    key: str

    def resolve(self, config: Reader) -> int:
        ratio = config.given(self.key)
        if isinstance(ratio, bool) or not isinstance(ratio, int | float) or not 0 < ratio <= 1:
            raise ConfigError(f"{config.where}: {self.key} must be a number in (0, 1], got "
                              f"{quoted(ratio)}")
        shuffle = int(1 / ratio)
        if 1 / shuffle != ratio or shuffle & (shuffle - 1):
            raise ConfigError(f"{config.where}: {self.key} = {ratio}: transformers' pixel "
                              "shuffle runs only with 1, 1/2, 1/4 … (1/m, m a power of two)")
        return shuffle


def _vision_sizes(prefix: str) -> tuple[Size, ...]:
    """The tower's sizes, read from ``prefix`` (the vision_config, or the top of an
    internvl_vision file)."""
    return (Size("N_vis", prefix + "num_hidden_layers"), Size("H_vis", prefix + "hidden_size"),
            Size("d_ff_vis", prefix + "intermediate_size"),
            Size("h_vis", prefix + "num_attention_heads"),
            Size("R", prefix + "image_size", computed=True, null=Square(prefix + "image_size")),
            Size("P", prefix + "patch_size", computed=True, null=Square(prefix + "patch_size")),
            Size("C", prefix + "num_channels"))


def _vision_rules(prefix: str) -> tuple[Rule, ...]:
    """The tower's options, read from ``prefix``."""
    return (Flag("vision_qkv_bias", prefix + "attention_bias"),
            Flag("vision_qk_norm", prefix + "use_qk_norm"),
            Either("vision_rms_norm", prefix + "norm_type", "layer_norm", "rms_norm"),
            Flag("mask_token", prefix + "use_mask_token"),
            Flag("position_table", prefix + "use_absolute_position_embeddings"),
            Unless("vision_post_norm", prefix + "use_mean_pooling"),
            ActivationName("vision_activation", prefix + "hidden_act", "gelu"))


MODEL_TYPES = (
    ModelType(
        "internvl", FAMILY, base="InternVLModel",
        classes={name: name for name in CLASSES},
        sizes=(
            Size("N", _T + "num_hidden_layers"), Size("V", _T + "vocab_size"),
            Size("H", _T + "hidden_size"), Size("d_ff", _T + "intermediate_size"),
            Size("h", _T + "num_attention_heads"),
            Size("h_kv", _T + "num_key_value_heads", null=KV_HEADS),
            Size("d_head", _T + "head_dim",
                 null=HeadSize(_T + "hidden_size", _T + "num_attention_heads")),
            Size("W", _T + "sliding_window", null=Leave("no layer slides a window"),
                 when=("window_period", "window_layers")),
            *_vision_sizes(_V),
            Size("m", "downsample_ratio", computed=True, null=ShuffleFactor("downsample_ratio")),
        ),
        rules=(
            TextModel("text_model", _T + "model_type"),
            TIED,  # the composite config's: the text's is not read
            TextFlag("attention_bias", _T + "attention_bias", ("llama", "qwen3")),
            TextFlag("mlp_bias", _T + "mlp_bias", ("llama",)),
            ActivationName("activation", _T + "hidden_act", "silu"),
            TextWindows("window_layers", switch=_T + "use_sliding_window",
                        after=_T + "max_window_layers", window=_T + "sliding_window",
                        depth=_T + "num_hidden_layers", key=_T + "layer_types"),
            *_vision_rules(_V),
            ProjectorReads("projector_activation", "projector_hidden_act", "gelu"),
        ),
        sections={"text_config": "", "vision_config": ""}),
    ModelType("internvl_vision", FAMILY, base="InternVLVisionModel",
              classes={"InternVLVisionModel": "InternVLVisionModel"},
              sizes=_vision_sizes(""), rules=_vision_rules(""), tied=False),
)
