"""Mamba (Gu & Dao 2023): a language model of selective state-space layers — no attention, no
MLP — as transformers' ``MambaModel`` builds it.

Each of the N layers is an RMSNorm and a Mamba mixer, added to the residual stream. The mixer
widens the hidden state to d_inner = e·H channels twice (``in_proj``, H → 2·d_inner): x, which
runs through a causal depthwise convolution of width d_conv (``conv1d``) and a SiLU, and z, the
gate. From the convolved x, ``x_proj`` makes what the paper calls the selection mechanism — the
input-dependent parameters of the state-space model: Δ, the step size, through a bottleneck of
rank r_dt (``dt_proj`` lifts it back to every channel, with a bias), and B and C, d_state
numbers each. A and D are not selective: A (``A_log``, d_inner × d_state, stored as log(−A))
sets how fast each channel's state forgets, D (one number per channel) passes x straight to the
output. The scan discretises A and B with Δ (Ā = exp(Δ·A), B̄ = Δ·B: a large Δ resets the state
and takes the current token in, a small one keeps the state and ignores it), runs
h ← Ā·h + B̄·x along the sequence and reads y = C·h + D·x out, gated by SiLU(z); ``out_proj``
maps d_inner back to H. Around the layers: the token table, a final RMSNorm (``norm_f``) and
the LM head, tied to the table by default.

Δ's rank is ⌈H/16⌉ unless a config gives it (``time_step_rank``); the inner width is e·H unless
a config gives ``intermediate_size``, which transformers then takes instead. Falcon-Mamba adds
RMSNorms without weights over Δ, B and C (``dt_bc_norms``); they change the compute, not the
count. What a layer keeps for the next token is its state, not keys and values: the last d_conv
inputs of its convolution and h, d_inner × d_state numbers, however long the sequence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.architectures.common import MIXERS_ELEMENTS_UNCHECKED, tie_option, variant
from symparam.assumptions import Assumption
from symparam.blocks import (
    Activation,
    Block,
    Elementwise,
    Embedding,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
    Tensor,
    marked,
)
from symparam.blocks.sharding import column, unsplit
from symparam.blocks.ssm import CausalConv1d, SelectiveScan
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.modeltype import Flag, Leave, ModelType, NullRule, Reader, Size, heads
from symparam.symbols import H, N, V, d_conv, d_inner, d_state, e, r_dt

#: the mixer's inner width: the hidden size expanded e times (Mamba's E = 2)
INNER_WIDTH = Assumption(d_inner, e * H, "the mixer widens the hidden size e times")
#: Mamba's default rank of Δ's projection, ⌈H/16⌉ (``time_step_rank = "auto"``)
DT_RANK = Assumption(r_dt, sympy.ceiling(H / 16, evaluate=False),
                     "Mamba's default rank of Δ's projection: one sixteenth of H, rounded up")


#: why tensor parallelism is refused for a Mamba mixer
WHY_UNSPLIT = ("Mamba's mixer (Mamba-1's): Megatron-Core's MambaMixer "
               "(megatron/core/ssm/mamba_mixer.py) splits Mamba-2's mixer, not this one, and "
               "GPT-NeoX's tensor-parallel Mamba (megatron/model/mamba/mamba.py) leaves x_proj's "
               "output on each rank unreduced, another model than transformers': symparam "
               "derives no split of it")


def mixer(options: Mapping[str, Any], norms: str = "") -> Any:
    """The Mamba mixer, in the order the forward pass runs it. ``norms``: ``weightless``
    RMSNorms over Δ, B and C (Falcon-Mamba), or ``weighted`` ones (Jamba: ``dt_layernorm``,
    ``b_layernorm``, ``c_layernorm``)."""
    bias = bool(options["proj_bias"])
    parts: dict[str, Block] = {
        "in_proj": Linear(H, 2 * d_inner, bias=bias),
        "conv1d": CausalConv1d(d_inner, d_conv, bias=bool(options["conv_bias"])),
        "act": Activation(d_inner),
        "x_proj": Linear(d_inner, r_dt + 2 * d_state, bias=False),
    }
    if norms == "weighted":
        parts.update(dt_layernorm=RMSNorm(r_dt), b_layernorm=RMSNorm(d_state),
                     c_layernorm=RMSNorm(d_state))
    elif norms == "weightless":
        parts["dt_bc_norms"] = Elementwise(r_dt + 2 * d_state, rmsnorm=1)
    parts.update(
        dt_proj=Linear(r_dt, d_inner),
        A_log=Tensor(d_inner, d_state),
        D=Tensor(d_inner),
        scan=SelectiveScan(d_inner, d_state),
        gate=Activation(d_inner, gated=True),  # y · SiLU(z)
        out_proj=Linear(d_inner, H, bias=bias),
    )
    return unsplit(Sequential(kind="mixer", **parts), WHY_UNSPLIT)


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    return backbone(architecture, mixer(options, "weightless" if options["dt_bc_norms"] else ""),
                    options)


def backbone(architecture: str, mixing: Block, options: Mapping[str, Any]) -> Block:
    """A state-space model's stack (Mamba's, Mamba-2's): N layers of an RMSNorm and the mixer
    with a residual, the token table and a final RMSNorm; the LM head, tied or not."""
    layer = Sequential(norm=RMSNorm(H), mixer=mixing, residual=Residual(H))
    table = Embedding(V, H)
    body = Sequential(embeddings=table, layers=Repeat(N, layer), norm_f=RMSNorm(H))
    if architecture.endswith("Model"):
        return body
    head = marked(Linear(H, V, bias=False,
                         tie=table.weight if options["tie_word_embeddings"] else None), "head")
    return Sequential(backbone=body, lm_head=column(head))  # Megatron: column-parallel over V


FAMILY = Family(
    name="mamba",
    title="Mamba",
    description="Mamba: selective state-space layers (no attention, no MLP), a state of fixed "
                "size per layer",
    architectures={
        "MambaForCausalLM": "Mamba with an LM head (tied to the token table by default)",
        "MambaModel": "Mamba without a head",
    },
    build=build,
    options=(
        tie_option(True),
        Option("conv_bias", True, "a bias on the depthwise convolution"),
        Option("proj_bias", False, "biases on the in and out projections"),
        variant("dt_bc_norms", "RMSNorms without weights over Δ, B and C (Falcon-Mamba)"),
    ),
    assumptions=(INNER_WIDTH, DT_RANK),
    activations_checked=False,
    elements_unchecked=MIXERS_ELEMENTS_UNCHECKED,
)


@frozen
class StepRank(NullRule):
    """``time_step_rank`` (Jamba: ``mamba_dt_rank``): ``"auto"`` is ⌈H/16⌉ — the family's
    assumption — and anything else must be a positive integer, as transformers builds it."""

    key: str

    def resolve(self, config: Reader) -> int | Leave:
        value = config.given(self.key)
        if value == "auto":
            return Leave("the family assumes r_dt = ⌈H/16⌉")
        return config.positive_int(self.key, value)


#: what every Mamba config names its sizes; an ``intermediate_size`` in the file (transformers
#: writes it) wins over e·H, as transformers sets it after working out e·H
SIZES = (
    Size("N", "num_hidden_layers"), Size("V", "vocab_size"), Size("H", "hidden_size"),
    Size("e", "expand"), Size("d_inner", "intermediate_size", null=Leave("d_inner = e·H")),
    Size("d_state", "state_size"), Size("d_conv", "conv_kernel"),
    Size("r_dt", "time_step_rank", computed=True, null=StepRank("time_step_rank")),
)
_RULES = (Flag("conv_bias", "use_conv_bias"),
          Flag("proj_bias", "use_bias"))

#: Mamba itself; Falcon Mamba extends it by the norms on dt, B and C
MAMBA = ModelType("mamba", FAMILY, base="MambaModel",
                  classes=heads("Mamba", "Mamba", "ForCausalLM", "Model"), sizes=SIZES,
                  rules=_RULES)

MODEL_TYPES = (
    MAMBA,
    MAMBA.extend("falcon_mamba", "FalconMamba", fixed={"dt_bc_norms": True}),
)
