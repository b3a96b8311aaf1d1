"""CLIP (Radford et al. 2021), as transformers' ``CLIPModel`` builds it: two towers and one
shared space.

The text tower: a token table V×H and a learned position table L×H, summed; N pre-LN layers
(LayerNorm, attention with q, k, v and out H → H, each with a bias, LayerNorm, MLP
H → d_ff → H); a final LayerNorm. The sequence is read at its end-of-text token.

The vision tower, a ViT: an R×R image with C channels is cut into ⌊R/P⌋² patches of P×P
pixels by a convolution without bias (weight H_vis×C×P×P), a class embedding (a vector of
H_vis) joins them and a learned position table holds ⌊R/P⌋² + 1 rows; a LayerNorm *before*
the N_vis layers (``pre_layrnorm``, spelled so in transformers), the same layers as the text
tower's, and a LayerNorm on the class token after them.

The shared space: each tower's pooled state is projected to d_proj numbers by a matrix
without bias (``text_projection`` H → d_proj, ``visual_projection`` H_vis → d_proj), the
two are normalised, and their cosine similarities, B texts by B images, are multiplied by
exp(t), t a learned scalar (``logit_scale``, the temperature). ``CLIPForImageClassification``
puts a classifier H_vis → n_labels on the mean of the patches' last states instead.

A config file of type ``clip`` holds both towers (``text_config``, ``vision_config``): the
vision tower's sizes carry the subscript vis. ``clip_text_model`` and ``clip_vision_model``
hold one tower, whose sizes are the plain H, N, h, d_ff (the ``WithProjection`` classes add
their tower's projection to d_proj).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import activation_of
from symparam.architectures.vit import PATCHES, TOKENS
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Conv2d,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
    Tensor,
    marked,
    on_first_token,
    on_sequence,
)
from symparam.blocks.base import Placed
from symparam.blocks.saved import same_tensor
from symparam.family import Divides, Family, Option
from symparam.frozen import frozen
from symparam.inputs import Inputs, Runnable
from symparam.modeltype import ActivationName, Leave, ModelType, Size, known_activation
from symparam.symbols import (
    C,
    H,
    H_vis,
    L,
    N,
    N_vis,
    P,
    V,
    d_ff,
    d_ff_vis,
    d_proj,
    h,
    h_vis,
    n_labels,
)

#: an image's sequence: its patches and the class token
IMAGE_SEQUENCE = TOKENS


@frozen
class Tower:
    """The sizes of one tower's transformer: depth, width, FFN width and heads."""

    layers: sympy.Expr
    width: sympy.Expr
    ffn: sympy.Expr
    heads: sympy.Expr


#: a tower alone (a ``clip_text_model`` or ``clip_vision_model`` file), and the text tower
PLAIN = Tower(N, H, d_ff, h)
#: the vision tower beside a text tower (a ``clip`` file)
VISION = Tower(N_vis, H_vis, d_ff_vis, h_vis)


class ImageTextLogits(Block):
    """The similarities of B texts and B images in the shared space: normalised embeddings of
    d_proj numbers, one product (B×d_proj)·(d_proj×B), 2·B²·d_proj FLOPs, scaled by exp(t).
    Every text is compared with every image of the batch, so this work grows with B², not
    with the tokens."""

    kind = "head"

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * batch * d_proj

    def placed(self, path: str, seq: sympy.Expr | None, weightless: bool) -> list[Any]:
        return [Placed(path, self, seq)] if weightless else []


def layer(tower: Tower, activation: str) -> Sequential:
    """One pre-LN encoder layer, as ``CLIPEncoderLayer``."""
    width = tower.width
    k, v, q = (Linear(width, width) for _ in range(3))
    same_tensor("attention input", (q, "input"), (k, "input"), (v, "input"))
    act, fc2 = Activation(tower.ffn, fn=activation), Linear(tower.ffn, width)
    same_tensor("activation output", (act, "output"), (fc2, "input"))
    return Sequential(
        self_attn=Attention(width, width, heads=tower.heads, softmax_fp32=True, k_proj=k,
                            v_proj=v, q_proj=q, out_proj=Linear(width, width)),
        layer_norm1=LayerNorm(width),
        mlp=Sequential(kind="mlp", fc1=Linear(width, tower.ffn), activation_fn=act, fc2=fc2),
        layer_norm2=LayerNorm(width),
        residual=Residual(width, adds=2),
    )


def text_parts(activation: str) -> dict[str, Block]:
    """The text tower's parts: token and position tables, N layers, a final LayerNorm."""
    return {
        "embeddings": Sequential(token_embedding=Embedding(V, H),
                                 position_embedding=Embedding(L, H, summed=True,
                                                              indices="positions"),
                                 kind="embedding"),
        "encoder": Sequential(layers=Repeat(N, layer(PLAIN, activation))),
        "final_layer_norm": LayerNorm(H),
    }


def text_tower(activation: str) -> Sequential:
    """``CLIPTextModel``: the text tower, read at its end-of-text token."""
    return Sequential(**text_parts(activation))


def vision_tower(tower: Tower, activation: str) -> Block:
    """``CLIPVisionModel``: patches, class embedding and positions, a LayerNorm before the
    layers and one on the class token after them; it runs on the image's ⌊R/P⌋² + 1 tokens."""
    width = tower.width
    patches = on_sequence(Conv2d(C, width, P, bias=False), PATCHES)
    return on_sequence(Sequential(
        embeddings=Sequential(class_embedding=Tensor(width), patch_embedding=patches,
                              position_embedding=Embedding(IMAGE_SEQUENCE, width, summed=True,
                                                           indices="buffer"),
                              kind="embedding"),
        pre_layrnorm=LayerNorm(width),
        encoder=Sequential(layers=Repeat(tower.layers, layer(tower, activation))),
        post_layernorm=on_first_token(LayerNorm(width)),
    ), IMAGE_SEQUENCE)


def projection(width: sympy.Expr) -> Block:
    """A tower's pooled state (one per sequence) into the shared space, without bias."""
    return marked(on_first_token(Linear(width, d_proj, bias=False)), "head")


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    text_act = activation_of(options, "quick_gelu")
    if architecture != "CLIPForImageClassification":  # the classes that build it refuse it
        text_act = known_activation(text_act, "text_config.hidden_act")
    vision_act = activation_of(options, "quick_gelu", "vision_activation")
    if architecture == "CLIPTextModel":
        return text_tower(text_act)
    if architecture == "CLIPTextModelWithProjection":
        return Sequential(text_model=text_tower(text_act), text_projection=projection(H))
    if architecture == "CLIPVisionModel":  # a tower alone: its activation is "activation"
        return vision_tower(PLAIN, text_act)
    if architecture == "CLIPVisionModelWithProjection":
        return Sequential(vision_model=vision_tower(PLAIN, text_act),
                          visual_projection=projection(H))
    if architecture == "CLIPForImageClassification":  # on the mean of the patches' states
        classifier = on_first_token(Linear(H_vis, n_labels))
        return Sequential(vision_model=vision_tower(VISION, vision_act),
                          classifier=marked(classifier, "head"))
    return Sequential(
        logit_scale=marked(Tensor(), "head"),
        text_model=text_tower(text_act),
        vision_model=vision_tower(VISION, vision_act),
        visual_projection=projection(H_vis),
        text_projection=projection(H),
        logits=ImageTextLogits(),
    )


FAMILY = Family(
    name="clip",
    title="CLIP",
    description="CLIP (Radford et al. 2021): a text and a vision tower projected into one "
                "shared space",
    architectures={
        "CLIPModel": "text and vision towers, projections into the shared space, temperature",
        "CLIPForImageClassification": "vision tower with an H_vis → n_labels classifier",
        "CLIPTextModel": "text tower alone",
        "CLIPTextModelWithProjection": "text tower and its projection H → d_proj",
        "CLIPVisionModel": "vision tower alone",
        "CLIPVisionModelWithProjection": "vision tower and its projection H → d_proj",
    },
    build=build,
    options=(
        # the text tower's (a tower alone: its own); where_built: CLIP's image classifier
        # builds no text tower, and takes any name there
        Option("activation", "", "the activation function, where not quick_gelu",
               variant=True, where_built=True),
        Option("vision_activation", "",
               "the vision tower's activation function, where not quick_gelu", variant=True),
    ),
    divides=(Divides(h, H, "the heads split the hidden size evenly", where_built=True),
             Divides(h_vis, H_vis, "the vision tower's heads split its hidden size evenly",
                     where_built=True)),
    # an image's patches and class token fix the sequence of the classes that read only it
    sequences={"CLIPForImageClassification": IMAGE_SEQUENCE,
               "CLIPVisionModel": IMAGE_SEQUENCE,
               "CLIPVisionModelWithProjection": IMAGE_SEQUENCE},
    activations_checked=False,
    inputs=Inputs(paired=("CLIPModel",)),
)

TEXT_SIZES = (Size("N", "num_hidden_layers"), Size("H", "hidden_size"),
              Size("d_ff", "intermediate_size"), Size("h", "num_attention_heads"),
              Size("V", "vocab_size"), Size("L", "max_position_embeddings"))
VISION_SIZES = (Size("N", "num_hidden_layers"), Size("H", "hidden_size"),
                Size("d_ff", "intermediate_size"), Size("h", "num_attention_heads"),
                Size("R", "image_size"), Size("P", "patch_size"), Size("C", "num_channels"))
#: a null projection size: only the classes without a projection can be built
NO_PROJECTION = Leave("null: only a class without a projection can be built")
#: the vision tower's sizes beside the text tower's (``vision_config``)
TOWER_SYMBOL = {"N": "N_vis", "H": "H_vis", "d_ff": "d_ff_vis", "h": "h_vis"}


def within(section: str, sizes: tuple[Size, ...], renamed: Mapping[str, str] | None = None
           ) -> tuple[Size, ...]:
    """``sizes`` read from a composite config's ``section``, their symbols ``renamed``."""
    renamed = renamed or {}
    return tuple(Size(renamed.get(s.symbol, s.symbol), f"{section}.{s.key}") for s in sizes)


#: the text tower alone; the vision tower alone extends it by what differs (its sizes)
TEXT_TOWER = ModelType("clip_text_model", FAMILY, base="CLIPTextModel",
                       classes={"CLIPTextModel": "CLIPTextModel",
                                "CLIPTextModelWithProjection": "CLIPTextModelWithProjection"},
                       sizes=(*TEXT_SIZES, Size("d_proj", "projection_dim", null=NO_PROJECTION)),
                       rules=(ActivationName("activation", "hidden_act", "quick_gelu"),),
                       runnable=Runnable(not_null=("d_proj",)))

MODEL_TYPES = (
    ModelType("clip", FAMILY, base="CLIPModel",
              classes={"CLIPModel": "CLIPModel",
                       "CLIPForImageClassification": "CLIPForImageClassification"},
              sizes=(*within("text_config", TEXT_SIZES),
                     *within("vision_config", VISION_SIZES, TOWER_SYMBOL),
                     Size("d_proj", "projection_dim", null=NO_PROJECTION)),
              rules=(ActivationName("activation", "text_config.hidden_act", "quick_gelu",
                                    where_built=True),
                     ActivationName("vision_activation", "vision_config.hidden_act",
                                    "quick_gelu")),
              sections={"text_config": "text_config_dict",
                        "vision_config": "vision_config_dict"},
              runnable=Runnable(not_null=("d_proj",))),
    TEXT_TOWER,
    TEXT_TOWER.extend("clip_vision_model", "CLIPVision", built_by_name=True,
                      sizes=(*VISION_SIZES, Size("d_proj", "projection_dim")), runnable=None),
)
