"""Mamba-2 (Dao & Gu 2024, "Transformers are SSMs"): Mamba's layer with a simpler state-space
model and multiple heads, as transformers' ``Mamba2Model`` builds it.

A is now one number per head, not a matrix: the state of each of h_ssm heads decays at one
rate, which lets the scan be computed as state-space duality (SSD) — in chunks of Q tokens, an
attention-like product within each chunk and a recurrence between chunks. All projections that
depend on the input are made at once, in parallel, by ``in_proj``: H → the gate z (d_inner),
x (d_inner), B and C (d_state each, shared by the heads of each of g_ssm groups, as keys and
values are shared in grouped-query attention) and Δ (one per head). x, B and C pass through
the causal depthwise convolution (``conv1d``, d_conv wide) and a SiLU. Per head: Δ's bias
(``dt_bias``), A (``A_log``) and the skip D. The scan's output, gated by SiLU(z), is normalised
by a grouped RMSNorm (``norm``, d_inner) before ``out_proj`` (d_inner → H). d_inner = e·H is
split into h_ssm heads of d_ssm numbers: transformers refuses a config where h_ssm·d_ssm is not
e·H, so d_ssm adds no weights of its own. Token table, final RMSNorm (``norm_f``) and an LM head,
untied by default. A layer keeps the convolution's last d_conv inputs and the state, h_ssm
heads of d_ssm × d_state, that is d_inner·d_state numbers, however long the sequence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import MIXERS_ELEMENTS_UNCHECKED, tie_option
from symparam.architectures.mamba import INNER_WIDTH, backbone
from symparam.blocks import (
    Activation,
    Block,
    Linear,
    RMSNorm,
    Sequential,
    Tensor,
)
from symparam.blocks.sharding import SSM_GROUPS, column, laid_out, row, split, unsplit
from symparam.blocks.ssm import CausalConv1d, ChunkedScan
from symparam.errors import ConfigError
from symparam.family import Divides, Family, Option
from symparam.frozen import frozen
from symparam.modeltype import Count, Flag, ModelType, NullRule, Reader, Size, heads
from symparam.symbols import H, d_conv, d_inner, d_ssm, d_state, g_ssm, h_ssm

#: the longest chunk a config may give (the scan pads the sequence to whole chunks)
MAX_CHUNK = 1 << 20


#: why tensor parallelism is refused for a Mamba-2 mixer with biases Megatron-Core's has not
WHY_BIASES = ("Mamba-2's mixer with biases on its projections, or none on its convolution: "
              "Megatron-Core's MambaMixer, whose split symparam follows, asserts neither "
              "(megatron/core/ssm/mamba_mixer.py: assert not bias, assert conv_bias)")


def mixer(options: Mapping[str, Any]) -> Any:
    """The Mamba-2 mixer, in the order the forward pass runs it, marked as Megatron-Core's
    MambaMixer splits it over t tensor-parallel ranks (megatron/core/ssm/mamba_mixer.py):
    in_proj column-parallel, each of z, x, B, C and Δ split (its ``partition_sizes``: a
    rank's d_inner/t, g_ssm/t·d_state and h_ssm/t); the convolution's x, B and C channels,
    dt_bias, A_log and D (one a head) and the gated norm's weight split by their first
    dimension (a rank's g_ssm/t groups each normalised whole, as transformers' gated norm
    normalises each group); out_proj row-parallel. It asserts h_ssm and g_ssm divide by t
    (g_ssm's ``units`` here: h_ssm is a multiple of it), no projection bias and a
    convolution bias: other mixers are refused."""
    bias = bool(options["proj_bias"])
    convolved = d_inner + 2 * g_ssm * d_state  # x, B and C
    parts = {
        "in_proj": Linear(H, d_inner + convolved + h_ssm, bias=bias),  # z, x, B, C, Δ
        "conv1d": CausalConv1d(convolved, d_conv, bias=bool(options["conv_bias"])),
        "act": Activation(convolved),
        "dt_bias": Tensor(h_ssm),
        "A_log": Tensor(h_ssm),
        "D": Tensor(h_ssm),
        "scan": ChunkedScan(d_inner, d_state, h_ssm, int(options["chunk_size"])),
        "gate": Activation(d_inner, gated=True),  # y · SiLU(z), before the norm
        "norm": RMSNorm(d_inner),
        "out_proj": Linear(d_inner, H, bias=bias),
    }
    if bias or not options["conv_bias"]:
        return unsplit(Sequential(kind="mixer", **parts), WHY_BIASES)
    column(parts["in_proj"], units=g_ssm, unit=SSM_GROUPS)
    for name in ("dt_bias", "A_log", "D"):
        split(parts[name], 0)
    for tensor in (parts["conv1d"].weight, parts["conv1d"].bias, parts["norm"].weight):
        laid_out(split(tensor, 0), g_ssm, SSM_GROUPS)
    row(parts["out_proj"])
    return Sequential(kind="mixer", **parts)


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    return backbone(architecture, mixer(options), options)


FAMILY = Family(
    name="mamba2",
    title="Mamba-2",
    description="Mamba-2: state-space layers computed as state-space duality, h_ssm heads with "
                "one decay each",
    architectures={
        "Mamba2ForCausalLM": "Mamba-2 with an LM head (untied by default)",
        "Mamba2Model": "Mamba-2 without a head",
    },
    build=build,
    options=(
        tie_option(False),
        Option("conv_bias", True, "a bias on the depthwise convolution"),
        Option("proj_bias", False, "biases on the in and out projections"),
        Option("chunk_size", 256, "the scan's chunk length Q", maximum=MAX_CHUNK),
    ),
    assumptions=(INNER_WIDTH,),
    divides=(
        Divides(g_ssm, h_ssm, "each group's B and C serve a whole number of heads"),
        Divides(d_ssm, d_inner, "the heads of d_ssm numbers split the inner width"),
    ),
    activations_checked=False,
    elements_unchecked=MIXERS_ELEMENTS_UNCHECKED,
)


@frozen
class InnerHeads(NullRule):
    """``head_dim``: transformers refuses a config unless ``num_heads`` heads of ``head_dim``
    numbers make exactly ``expand`` · ``hidden_size``."""

    def resolve(self, config: Reader) -> int:
        head, count = (config.positive_int(k, config.given(k)) for k in ("head_dim", "num_heads"))
        hidden, expand = (config.positive_int(k, config.given(k))
                          for k in ("hidden_size", "expand"))
        if head * count != expand * hidden:
            raise ConfigError(f"{config.where}: num_heads · head_dim = {count} · {head} is not "
                              f"expand · hidden_size = {expand} · {hidden}; transformers refuses "
                              "that config")
        return head


MODEL_TYPES = (
    ModelType("mamba2", FAMILY, base="Mamba2Model",
              classes=heads("Mamba2", "Mamba2", "ForCausalLM", "Model"),
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size"),
                     Size("H", "hidden_size"), Size("e", "expand"),
                     Size("d_state", "state_size"), Size("d_conv", "conv_kernel"),
                     Size("h_ssm", "num_heads"), Size("g_ssm", "n_groups"),
                     Size("d_ssm", "head_dim", computed=True, null=InnerHeads())),
              rules=(Flag("conv_bias", "use_conv_bias"),
                     Flag("proj_bias", "use_bias"), Count("chunk_size", "chunk_size"))),
)
