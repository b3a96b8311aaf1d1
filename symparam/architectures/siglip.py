"""SigLIP (Zhai et al. 2023), as transformers' ``SiglipModel`` builds it: CLIP's two towers,
trained with a sigmoid loss instead of a softmax over the batch.

The text tower is CLIP's (token and position tables, N pre-LN layers, a final LayerNorm), read
at its last token, with a head H → d_proj *with* bias (``head``; d_proj = H unless
``projection_size`` says otherwise). The vision tower differs from CLIP's: the patch embedding
convolution has a bias, there is no class token (the position table has ⌊R/P⌋² rows) and no
LayerNorm before the layers; the LayerNorm after them runs on every patch, and a head pools
the patches (``vision_use_head``): a learned probe (one query vector) attends to them through
torch's ``nn.MultiheadAttention`` (q, k and v packed in ``in_proj_weight``, 3·H_vis × H_vis,
and ``out_proj``), then a LayerNorm and the layers' MLP with a residual. Nothing projects the
image: the pooled vector is the image's embedding, H_vis numbers (which d_proj must equal).
The similarities of B texts and B images are scaled by exp(t) and shifted by a learned bias
b (``logit_scale``, ``logit_bias``: one number each), the logits of the sigmoid loss.
``SiglipForImageClassification`` puts a classifier H_vis → n_labels on the mean of the last
states (the head is built and runs all the same).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.clip import (
    PLAIN,
    TEXT_SIZES,
    TOWER_SYMBOL,
    VISION,
    VISION_SIZES,
    ImageTextLogits,
    Tower,
    layer,
    text_parts,
    within,
)
from symparam.architectures.common import NoCompute, activation_of
from symparam.architectures.vit import PATCHES
from symparam.blocks import (
    Activation,
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
from symparam.family import Divides, Family, Option
from symparam.frozen import frozen
from symparam.inputs import Inputs
from symparam.modeltype import (
    ActivationName,
    Flag,
    ModelType,
    NullRule,
    Reader,
    Size,
    known_activation,
)
from symparam.symbols import C, H, H_vis, P, d_proj, h, h_vis, n_labels


class PoolingAttention(Block):
    """``torch.nn.MultiheadAttention`` as SigLIP's pooling head calls it: one query (the probe)
    per image over the n patches (its parent's sequence). ``in_proj_weight`` packs q, k and v
    (3W × W) with ``in_proj_bias``; ``out_proj`` maps back to W. FLOPs: the query's projection
    on one token, keys and values on n, the scores and weighted values 2·2·n·W, the output
    projection on one token (2 per multiply-add)."""

    kind = "attention"
    across_tokens = True

    def __init__(self, width: sympy.Expr, heads: sympy.Expr) -> None:
        self.width, self.heads = width, heads
        self.in_proj_weight = Tensor(3 * width, width)
        self.in_proj_bias = Tensor(3 * width)
        self.out_proj = Linear(width, width)

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("in_proj_weight", self.in_proj_weight), ("in_proj_bias", self.in_proj_bias),
                ("out_proj", self.out_proj))

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        w = self.width
        return 2 * batch * (w * w + seq * 2 * w * w + w * w) + self.products(batch, seq)

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 4 * batch * seq * self.width

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        w = self.width
        return {"bias": batch * (w + 2 * seq * w + w), "softmax": batch * self.heads * seq}

    def symbols(self) -> set[sympy.Symbol]:
        return super().symbols() | self.heads.free_symbols


def pooling_head(tower: Tower, activation: str) -> Sequential:
    """``SiglipMultiheadAttentionPoolingHead``: a probe attends to the patches, then LayerNorm
    and the MLP with a residual, on the one pooled vector."""
    width = tower.width
    return Sequential(
        probe=Tensor(1, 1, width),
        attention=PoolingAttention(width, tower.heads),
        layernorm=on_first_token(LayerNorm(width)),
        mlp=Sequential(fc1=Linear(width, tower.ffn),
                       activation_fn=Activation(tower.ffn, fn=activation),
                       fc2=Linear(tower.ffn, width), first_token=True, kind="mlp"),
        residual=on_first_token(Residual(width)),
        kind="head",
    )


def text_tower(activation: str) -> Sequential:
    """``SiglipTextModel``: CLIP's text tower, and a head H → d_proj on its last token."""
    return Sequential(**text_parts(activation),
                      head=marked(on_first_token(Linear(H, d_proj)), "head"))


def vision_tower(tower: Tower, activation: str, head: bool) -> Block:
    """``SiglipVisionModel``: the patches (a convolution with bias) and their positions, the
    layers, a LayerNorm on every patch, the pooling head; it runs on the ⌊R/P⌋² patches."""
    width = tower.width
    parts: dict[str, Block] = {
        "embeddings": Sequential(
            patch_embedding=Conv2d(C, width, P),
            position_embedding=Embedding(PATCHES, width, summed=True, indices="buffer"),
            kind="embedding"),
        "encoder": Sequential(layers=Repeat(tower.layers, layer(tower, activation))),
        "post_layernorm": LayerNorm(width),
    }
    if head:
        parts["head"] = pooling_head(tower, activation)
    return on_sequence(Sequential(**parts), PATCHES)


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    text_act = activation_of(options, "gelu_pytorch_tanh")
    vision_act = activation_of(options, "gelu_pytorch_tanh", "vision_activation")
    head = bool(options["vision_use_head"])
    if architecture != "SiglipForImageClassification":  # the classes that build it refuse it
        text_act = known_activation(text_act, "text_config.hidden_act")
    if architecture == "SiglipTextModel":
        return text_tower(text_act)
    if architecture == "SiglipVisionModel":  # a tower alone: its activation is "activation"
        return vision_tower(PLAIN, text_act, head)
    if architecture == "SiglipForImageClassification":  # on the mean of the last states
        classifier = on_first_token(Linear(H_vis, n_labels))
        return Sequential(vision_model=vision_tower(VISION, vision_act, head),
                          classifier=marked(classifier, "head"))
    return Sequential(
        logit_scale=marked(Tensor(1), "head"),
        logit_bias=marked(Tensor(1), "head"),
        text_model=text_tower(text_act),
        vision_model=vision_tower(VISION, vision_act, head),
        # without the head the image has no embedding: transformers builds the model, but its
        # forward has nothing to compare the texts with
        logits=ImageTextLogits() if head else NoCompute(
            "SiglipModel cannot run without the vision head (vision_use_head false): the "
            "image has no embedding to compare with the texts'"),
    )


FAMILY = Family(
    name="siglip",
    title="SigLIP",
    description="SigLIP (Zhai et al. 2023): CLIP's two towers, an attention-pooling head on "
                "the image, a learned scale and bias for the sigmoid loss",
    architectures={
        "SiglipModel": "text and vision towers, the text head, scale and bias of the logits",
        "SiglipForImageClassification": "vision tower with an H_vis → n_labels classifier",
        "SiglipTextModel": "text tower and its head H → d_proj",
        "SiglipVisionModel": "vision tower and its attention-pooling head",
    },
    build=build,
    options=(
        Option("activation", "", "the activation function, where not gelu_pytorch_tanh",
               variant=True, where_built=True),
        Option("vision_activation", "",
               "the vision tower's activation function, where not gelu_pytorch_tanh",
               variant=True),
        Option("vision_use_head", True,
               "the vision tower's attention-pooling head (a probe, attention, LayerNorm, MLP)"),
    ),
    divides=(Divides(h, H, "the heads split the hidden size evenly", where_built=True),
             Divides(h_vis, H_vis, "the vision tower's heads split its hidden size evenly",
                     where_built=True)),
    sequences={"SiglipForImageClassification": PATCHES, "SiglipVisionModel": PATCHES},
    runs_if_equal={"SiglipModel": (
        ("d_proj", "H_vis", "its similarities multiply the text head's output by the image's "
                            "embedding, which must be as wide"),)},
    activations_checked=False,
    inputs=Inputs(paired=("SiglipModel",)),
)


@frozen
class SameAs(NullRule):
    """A null size that transformers sets to another key's value (SigLIP's
    ``projection_size``: the text tower's hidden size)."""

    key: str

    def resolve(self, config: Reader) -> int:
        return config.positive_int(self.key, config.given(self.key))


#: the text tower alone; the vision tower alone extends it by what differs (its sizes, and
#: the attention-pooling head it may have)
TEXT_TOWER = ModelType("siglip_text_model", FAMILY, base="SiglipTextModel",
                       classes={"SiglipTextModel": "SiglipTextModel"},
                       sizes=(*TEXT_SIZES, Size("d_proj", "projection_size",
                                                null=SameAs("hidden_size"))),
                       rules=(ActivationName("activation", "hidden_act", "gelu_pytorch_tanh"),))

MODEL_TYPES = (
    ModelType("siglip", FAMILY, base="SiglipModel",
              classes={"SiglipModel": "SiglipModel",
                       "SiglipForImageClassification": "SiglipForImageClassification"},
              sizes=(*within("text_config", TEXT_SIZES),
                     Size("d_proj", "text_config.projection_size",
                          null=SameAs("text_config.hidden_size")),
                     *within("vision_config", VISION_SIZES, TOWER_SYMBOL)),
              rules=(ActivationName("activation", "text_config.hidden_act",
                                    "gelu_pytorch_tanh", where_built=True),
                     ActivationName("vision_activation", "vision_config.hidden_act",
                                    "gelu_pytorch_tanh"),
                     Flag("vision_use_head", "vision_config.vision_use_head")),
              sections={"text_config": "", "vision_config": ""}),
    TEXT_TOWER,
    TEXT_TOWER.extend("siglip_vision_model", "SiglipVision", built_by_name=True,
                      sizes=VISION_SIZES, rules=(*TEXT_TOWER.rules, Flag("vision_use_head"))),
)
