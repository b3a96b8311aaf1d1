"""Qwen3-VL-MoE (Qwen Team 2025), as transformers' ``Qwen3VLMoeForConditionalGeneration``
builds it: Qwen3-VL's vision tower, merger and DeepStack mergers
(:mod:`symparam.architectures.qwen3_vl`) before Qwen3-MoE's decoder.

The language model (``Qwen3VLMoeTextModel``) is Qwen3-VL's with its MLPs made sparse: in each
layer whose index i has (i + 1) divisible by ``decoder_sparse_step`` and is not listed in
``mlp_only_layers``, a router (``mlp.gate``, E×H, no bias) sends each token to k of E experts,
each a SwiGLU MLP of width d_moe stored as two 3-D tensors (``gate_up_proj`` E×2d_moe×H,
``down_proj`` E×H×d_moe); its top k weights always renormalised to sum to 1. The other layers
keep a dense SwiGLU MLP of width d_ff.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures import moe, qwen3_vl
from symparam.architectures.qwen2_5_vl import LANGUAGE_SIZES, assemble, vision_language
from symparam.blocks import Block, Sequential
from symparam.family import Family
from symparam.modeltype import Count, HeadSize, ModelType, Size

ARCHITECTURES = ("Qwen3VLMoeForConditionalGeneration", "Qwen3VLMoeModel")

#: the options of MoE's decoder that say which layers are sparse
_LAYER_OPTIONS = ("sparse_step", "layer_pattern")


def language_model(options: Mapping[str, Any]) -> Sequential:
    """``Qwen3VLMoeTextModel``: token table, N Qwen3-MoE layers, final norm."""
    return moe.text_model({
        "qk_norm": "per_head", "experts_first": True, "norm_topk_prob": True,
        **{name: options[name] for name in ("attention_bias", "activation", *_LAYER_OPTIONS)}})


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    return assemble(qwen3_vl.vision_tower(options), language_model(options),
                    architecture == "Qwen3VLMoeModel", options)


FAMILY = Family(
    name="qwen3_vl_moe",
    title="Qwen3-VL-MoE",
    description="Qwen3-VL-MoE (Qwen Team 2025): Qwen3-VL's vision transformer, patch merging and "
                "DeepStack mergers, and a Qwen3-MoE decoder routing each token to k of E experts",
    architectures={
        "Qwen3VLMoeForConditionalGeneration": "vision tower, mergers, language model and LM "
                                              "head (untied by default)",
        "Qwen3VLMoeModel": "vision tower, mergers and language model, without a head",
    },
    build=build,
    options=(*qwen3_vl.FAMILY.options,
             *(option for option in moe.FAMILY.options if option.name in _LAYER_OPTIONS)),
    **vision_language(ARCHITECTURES),
    activations_checked=False,
)


_T = "text_config."
MODEL_TYPES = (
    ModelType("qwen3_vl_moe", FAMILY, base="Qwen3VLMoeModel",
              classes={name: name for name in ARCHITECTURES},
              # its head_dim defaults to null, H // h, where Qwen3-VL's is 128
              sizes=(*LANGUAGE_SIZES, Size("d_head", _T + "head_dim", null=HeadSize(
                         _T + "hidden_size", _T + "num_attention_heads")),
                     Size("d_moe", _T + "moe_intermediate_size"),
                     Size("E", _T + "num_local_experts"), Size("k", _T + "num_experts_per_tok"),
                     *qwen3_vl.VISION_SIZES),
              rules=(*qwen3_vl.TEXT_RULES, *qwen3_vl.VISION_RULES,
                     Count("sparse_step", _T + "decoder_sparse_step"),
                     moe.SparseLayers("layer_pattern", _T + "mlp_only_layers",
                                      _T + "decoder_sparse_step", _T + "num_hidden_layers")),
              sections={"text_config": "", "vision_config": ""}),
)
