"""ConvNeXt (Liu et al. 2022), as transformers' ``ConvNextModel`` builds it.

A convolutional network in K stages of their own widths H_1 … H_K and depths N_1 … N_K
(``hidden_sizes`` and ``depths``, as many as ``num_stages`` says). The stem cuts an R×R image
with C channels into patches: a convolution with kernel and stride P (weight H_1×C×P×P, bias
H_1), then a LayerNorm over the channels, giving a ⌊R/P⌋ × ⌊R/P⌋ map. Each stage after the
first starts with a downsampling layer, a LayerNorm over the previous stage's H_{k−1} channels
and a 2×2 convolution of stride 2 to H_k channels (halving the side: stage k works on
⌊R/(P·2^{k−1})⌋² positions). Each block of stage k: a depthwise 7×7 convolution (one filter of
49 taps and a bias per channel, padded to keep the map), a LayerNorm, an inverted bottleneck
H_k → 4·H_k → H_k (two Linear layers with biases, the activation between), a layer scale γ (a
vector of H_k multiplying the output, present where ``layer_scale_init_value`` > 0) and the
residual add. ``ConvNextModel`` pools the last map by its mean and normalises it (LayerNorm of
H_K); ``ConvNextForImageClassification`` adds a classifier H_K → n_labels;
``ConvNextBackbone`` has no final norm but a LayerNorm on each map it outputs (by default the
last stage's; ``out_features`` / ``out_indices`` choose among the stem and the stages).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import activation_of, activation_option
from symparam.blocks import (
    Activation,
    Block,
    Conv2d,
    Elementwise,
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
from symparam.blocks.saved import ACT, Key, Saved, same_tensor
from symparam.errors import ConfigError, InvalidValueError, quoted
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import ActivationName, Count, KeyRule, ModelType, Reader, Rule, Size, heads
from symparam.symbols import C, P, R, n_labels, symbol


def width(stage: int) -> sympy.Symbol:
    """H_k: the channels of stage ``stage`` (from 1)."""
    return symbol(f"H_{stage}")


def depth(stage: int) -> sympy.Symbol:
    """N_k: the blocks of stage ``stage`` (from 1)."""
    return symbol(f"N_{stage}")


def positions(stage: int) -> sympy.Expr:
    """The positions of stage ``stage``'s map: the stem's ⌊R/P⌋ a side, halved (rounding
    down) by each downsampling layer (built unevaluated: the same expression, without sympy
    asking at import whether the quotient is an integer)."""
    return sympy.Pow(sympy.floor(R / (P * 2 ** (stage - 1)), evaluate=False), 2, evaluate=False)


class Stem(Conv2d):
    """The stem: a convolution with kernel and stride P, C → H_1 channels. For its weight's
    gradient it keeps its input, the whole image."""

    def __init__(self) -> None:
        super().__init__(C, width(1), P)

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        return Saved.of((None, ACT, batch * C * R * R))


class Downsample(Conv2d):
    """A downsampling convolution, 2×2 with stride 2 (its work is at its output positions);
    it keeps its input, the norm's output on the previous stage's map."""

    def __init__(self, stage: int) -> None:
        super().__init__(width(stage - 1), width(stage), 2)
        self.stage = stage

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        previous = self.stage - 1
        return Saved.of((None, ACT, batch * positions(previous) * width(previous)))


class Depthwise(Conv2d):
    """The block's depthwise 7×7 convolution (padded to keep the map): it keeps its input, the
    block's."""

    def __init__(self, dim: sympy.Expr) -> None:
        super().__init__(dim, dim, 7, groups=dim)

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        return Saved.of((self.input_key, ACT, batch * self.own_seq(seq) * self.in_channels))


class Blocks(Repeat):
    """A stage's blocks: transformers' ConvNeXt has no gradient checkpointing."""

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        if policy == "full":
            raise InvalidValueError("transformers' ConvNeXt has no gradient checkpointing: "
                                    "symparam derives full recomputation as it runs")
        return super().saved(batch, seq, policy, view)


class KeptNorm(LayerNorm):
    """A backbone's norm on the stem's map, the first block's input, which that block's
    depthwise convolution keeps already: the norm keeps only each position's mean and 1/σ."""

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        rows = batch * self.own_seq(seq)
        return Saved.of((None, ACT, rows), (None, ACT, rows))


#: a stage's output map, kept by the next stage's downsampling norm and a backbone's norm on it
def _stage_output(stage: int) -> Key:
    return _OUTPUTS.setdefault(stage, Key(f"stage {stage}'s output"))


_OUTPUTS: dict[int, Key] = {}


def block(stage: int, layer_scale: bool, activation: str) -> Sequential:
    """``ConvNextLayer``: depthwise 7×7, LayerNorm, H → 4H → H, layer scale, residual."""
    dim = width(stage)
    parts: dict[str, Block] = {}
    if layer_scale:  # registered on the layer itself, before its modules
        parts["layer_scale_parameter"] = Tensor(dim)
    act, pwconv2 = Activation(4 * dim, fn=activation), Linear(4 * dim, dim)
    same_tensor("activation output", (act, "output"), (pwconv2, "input"))
    parts.update(dwconv=Depthwise(dim), layernorm=LayerNorm(dim), pwconv1=Linear(dim, 4 * dim),
                 act=act, pwconv2=pwconv2)
    if layer_scale:  # γ·x keeps x, the MLP's output, for γ's gradient
        parts["scale"] = Elementwise(dim, keeps=1, layer_scale=1)
    parts["residual"] = Residual(dim)
    return Sequential(**parts, kind="mlp")


def stage_of(stage: int, layer_scale: bool, activation: str) -> Sequential:
    parts: dict[str, Block] = {}
    if stage > 1:  # the norm on the previous map, the convolution onto this one
        norm = on_sequence(LayerNorm(width(stage - 1)), positions(stage - 1))
        norm.input_key = _stage_output(stage - 1)
        parts["downsampling_layer"] = Sequential(**{"0": norm, "1": Downsample(stage)},
                                                 kind="other")
    parts["layers"] = Blocks(depth(stage), block(stage, layer_scale, activation))
    return on_sequence(Sequential(**parts), positions(stage))


def body(options: Mapping[str, Any]) -> dict[str, Block]:
    """The stem and the stages, as ``ConvNextModel`` and ``ConvNextBackbone`` both hold them."""
    stages = int(options["stages"])
    layer_scale, activation = bool(options["layer_scale"]), activation_of(options, "gelu")
    stem = Sequential(patch_embeddings=Stem(), layernorm=LayerNorm(width(1)), kind="embedding")
    return {"embeddings": stem,
            "encoder": Sequential(stages=Sequential(**{
                str(k - 1): stage_of(k, layer_scale, activation)
                for k in range(1, stages + 1)}))}


def pooled(stages: int, last: int) -> dict[str, Block]:
    """The mean over the last map's positions and its LayerNorm, once per image, as wide as
    the last size ``hidden_sizes`` lists (H_K where it lists K)."""
    mean = on_sequence(Elementwise(width(stages), pool=1), positions(stages))
    return {"pool": mean, "layernorm": on_first_token(LayerNorm(width(last)))}


def backbone(options: Mapping[str, Any]) -> Sequential:
    """The body and a LayerNorm on each map it outputs: the stem's (H_1) or stage k's (H_k)."""
    stages = int(options["stages"])
    outputs = options["out_stages"] or (0,) * stages + (1,)
    norms: dict[str, Block] = {}
    for index, chosen in enumerate(outputs):
        if not chosen:
            continue
        # a stage past K (depths and hidden_sizes run past num_stages) is never run, but
        # transformers builds its norm, hidden_sizes[index − 1] wide
        name = "stem" if index == 0 else f"stage{index}"
        if index > stages:  # its weights only: the norm never runs
            norms[name] = Sequential(weight=Tensor(width(index)), bias=Tensor(width(index)))
            continue
        norm = KeptNorm(width(1)) if index == 0 else LayerNorm(width(index))
        if index:
            norm.input_key = _stage_output(index)
        norms[name] = on_sequence(norm, positions(max(index, 1)))
    return Sequential(**body(options), hidden_states_norms=Sequential(**norms, kind="norm"))


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    if architecture == "ConvNextBackbone":
        return backbone(options)
    stages = int(options["stages"])
    last = int(options["last_size"]) or stages  # hidden_sizes[-1]
    model = Sequential(**body(options), **pooled(stages, last))
    if architecture == "ConvNextModel":
        return model
    classifier = on_first_token(Linear(width(last), n_labels))
    return Sequential(convnext=model, classifier=marked(classifier, "head"))


@frozen
class PositiveNumber(KeyRule):
    """On where a number is above 0 (ConvNeXt's layer scale: ``layer_scale_init_value > 0``)."""

    def read(self, config: Reader) -> bool:
        value = config.given(self.key)
        # NaN and ±Infinity are read (Python writes them), but not where they decide weights
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not math.isfinite(value):
            raise ConfigError(f"{config.where}: {self.key} must be a finite number, got "
                              f"{quoted(value)}")
        return value > 0


@frozen
class LastWidth(Rule):
    """Where ``hidden_sizes`` runs past the ``num_stages`` used, how many sizes it lists (0
    where it lists K): the model's final LayerNorm and classifier are ``hidden_sizes[-1]``
    wide, as transformers builds them (it cannot run them on stage K's map unless that is
    stage K's size too)."""

    option: str = "last_size"
    key: str = "num_stages"
    sizes: str = "hidden_sizes"

    def reads(self) -> tuple[str, ...]:
        return (self.key, self.sizes)

    def read(self, config: Reader) -> int:
        stages = config.positive_int(self.key, config.given(self.key))
        sizes = config.given(self.sizes)
        if isinstance(sizes, list) and len(sizes) < stages:
            raise ConfigError(f"{config.where}: {self.sizes} lists {len(sizes)} sizes but "
                              f"num_stages = {stages}; transformers cannot build the missing "
                              "stages")
        return len(sizes) if isinstance(sizes, list) and len(sizes) > stages else 0


@frozen
class OutStages(Rule):
    """The maps a backbone outputs, as transformers' ``BackboneConfigMixin`` settles them
    from ``out_features`` (names among ``stem``, ``stage1`` …) and ``out_indices`` (their
    positions, negative from the end): one flag per name, or () for the default, the last
    stage, where the names end with stage K."""

    option: str = "out_stages"
    depths: str = "depths"  # a list, one entry a stage, or the number of layers (DINOv2's)
    stages: str = "num_stages"

    def reads(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(("out_features", "out_indices", self.depths, self.stages)))

    def read(self, config: Reader) -> tuple[int, ...]:
        depths = config.given(self.depths)
        count = len(depths) if isinstance(depths, list) else \
            depths if isinstance(depths, int) and not isinstance(depths, bool) else 0
        names = ["stem", *(f"stage{i}" for i in range(1, count + 1))]
        features, indices = config.given("out_features"), config.given("out_indices")

        def refuse(why: str) -> ConfigError:
            return ConfigError(f"{config.where}: {why}; transformers refuses it")

        chosen: list[int] = []
        if features is not None:
            if not isinstance(features, list) or any(f not in names for f in features):
                raise refuse(f"out_features must be a list of {', '.join(names)}, got "
                             f"{quoted(features, 40)}")
            chosen = [names.index(f) for f in features]
        if indices is not None:
            if not isinstance(indices, list) or any(
                    isinstance(i, bool) or not isinstance(i, int) or not -len(names) <= i
                    < len(names) for i in indices):
                raise refuse(f"out_indices must be a list of positions among {len(names)} "
                             f"stage names, got {quoted(indices, 40)}")
            placed = [i % len(names) for i in indices]
            if features is not None and placed != chosen:
                raise refuse("out_features and out_indices name different stages")
            chosen = placed
        if features is None and indices is None:
            if count == config.positive_int(self.stages, config.given(self.stages)):
                return ()
            chosen = [len(names) - 1]
        if len(set(chosen)) != len(chosen) or chosen != sorted(chosen):
            raise refuse("the stages a backbone outputs must be in order, each once")
        return tuple(int(i in chosen) for i in range(len(names)))


FAMILY = Family(
    sequence=positions(1),
    name="convnext",
    title="ConvNeXt",
    description="ConvNeXt (Liu et al. 2022): a convolutional network in stages of their own "
                "widths and depths, depthwise 7×7 convolutions, inverted bottlenecks",
    architectures={
        "ConvNextModel": "the stages, the mean of the last map and its LayerNorm",
        "ConvNextForImageClassification": "the model with an H_K → n_labels classifier",
        "ConvNextBackbone": "the stages, a LayerNorm on each map it outputs",
    },
    build=build,
    weightless={"R": "image"},  # the positions each convolution runs on, not its weights
    options=(
        Option("stages", 4, "the number of stages K (num_stages), each of its own width H_k "
                            "and depth N_k"),
        Option("layer_scale", True, "a layer scale (a learned vector) on each block's output "
                                    "(layer_scale_init_value > 0)"),
        Option("last_size", 0, "the sizes hidden_sizes lists where more than K: the final "
                               "LayerNorm and classifier are as wide as the last",
               variant=True),
        Option("out_stages", (), "the maps the backbone outputs, a flag each for the stem and "
                                 "each stage (none given: the last stage)", variant=True),
        activation_option("gelu"),
    ),
)


MODEL_TYPES = (
    ModelType("convnext", FAMILY, base="ConvNextModel",
              classes=heads("ConvNext", "ConvNext", "Model", "ForImageClassification",
                            "Backbone"),
              # every size listed: a backbone may output a map past num_stages (never run, but
              # its norm is built, as wide as that stage's size)
              sizes=(Size("H", "hidden_sizes", listed="all"),
                     Size("N", "depths", listed="num_stages"),
                     Size("R", "image_size"), Size("P", "patch_size"),
                     Size("C", "num_channels")),
              rules=(Count("stages", "num_stages"), LastWidth(),
                     PositiveNumber("layer_scale", "layer_scale_init_value"), OutStages(),
                     ActivationName("activation", "hidden_act", "gelu"))),
)
