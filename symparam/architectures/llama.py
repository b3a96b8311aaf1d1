"""A LLaMA-style decoder (Touvron et al. 2023), as transformers' ``LlamaModel`` builds it.

A token table (V×H) and no position table (rotary embeddings have no weights). Each of the N
blocks: RMSNorm; attention with h query heads and h_kv key/value heads of size d_head (grouped
query attention: q is H → h·d_head, k and v are H → h_kv·d_head, o is h·d_head → H), biases only
with ``attention_bias``; RMSNorm; a gated (SwiGLU) MLP with three matrices, gate and up
(H → d_ff) and down (d_ff → H), biases only with ``mlp_bias``. A final RMSNorm and an LM head
(V×H, no bias), untied by default. The default assumption is d_head = H/h; h_kv = h is available.
A config without ``head_dim`` gets H // h from transformers: H/h where h divides H (the
assumption), the floor where it does not.

The same family serves the LLaMA-like model types through options: Qwen2's biases on q, k and v
only (``qkv_bias``); Qwen3's RMSNorm over each head of q and k (``qk_norm_per_head``); OLMo2's
RMSNorm over all of q and k and its norms after attention and MLP only (``qk_norm_full``,
``post_norms``); Gemma2's four norms per layer (``sandwich_norms``); Phi-3's fused q/k/v and
gate/up projections (``fused_projections``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    QA_UNDER_TRANSFORMER,
    decoder_heads,
    rmsnorm_decoder,
    tie_option,
    variant,
)
from symparam.assumptions import HEAD_SIZE, KV_HEADS
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Elementwise,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
)
from symparam.family import Family, Option
from symparam.modeltype import Flag, HeadSize, ModelType, SetDecimal, Size, heads
from symparam.symbols import H, N, V, d_ff, d_head, h, h_kv


def attention(options: Mapping[str, Any]) -> Attention:
    bias = bool(options["attention_bias"])
    qkv_bias = bias or bool(options["qkv_bias"])
    if options["fused_projections"]:
        return Attention(h * d_head, h * d_head, kv_cache=2 * h_kv * d_head, heads=h,
                         o_proj=Linear(h * d_head, H, bias=bias),
                         qkv_proj=Linear(H, (h + 2 * h_kv) * d_head, bias=qkv_bias))
    parts: dict[str, Block] = {
        "q_proj": Linear(H, h * d_head, bias=qkv_bias),
        "k_proj": Linear(H, h_kv * d_head, bias=qkv_bias),
        "v_proj": Linear(H, h_kv * d_head, bias=qkv_bias),
        "o_proj": Linear(h * d_head, H, bias=bias),
    }
    if options["qk_norm_per_head"]:
        parts.update(q_norm=RMSNorm(d_head, per_token=h), k_norm=RMSNorm(d_head, per_token=h_kv))
    if options["qk_norm_full"]:
        parts.update(q_norm=RMSNorm(h * d_head), k_norm=RMSNorm(h_kv * d_head))
    return Attention(h * d_head, h * d_head, kv_cache=2 * h_kv * d_head, heads=h,
                     softcap=bool(options.get("softcap_attention")), **parts)


def mlp(options: Mapping[str, Any]) -> Sequential:
    bias = bool(options["mlp_bias"])
    if options["fused_projections"]:
        return Sequential(kind="mlp", gate_up_proj=Linear(H, 2 * d_ff, bias=bias),
                          down_proj=Linear(d_ff, H, bias=bias),
                          act_fn=Activation(d_ff, gated=True))
    return Sequential(
        kind="mlp",
        gate_proj=Linear(H, d_ff, bias=bias),
        up_proj=Linear(H, d_ff, bias=bias),
        down_proj=Linear(d_ff, H, bias=bias),
        act_fn=Activation(d_ff, gated=True),
    )


def decoder_layer(options: Mapping[str, Any]) -> Sequential:
    if options["post_norms"]:
        norms = ("post_attention_layernorm", "post_feedforward_layernorm")
    elif options["sandwich_norms"]:
        norms = ("input_layernorm", "post_attention_layernorm", "pre_feedforward_layernorm",
                 "post_feedforward_layernorm")
    else:
        norms = ("input_layernorm", "post_attention_layernorm")
    return Sequential(self_attn=attention(options), mlp=mlp(options),
                      **{n: RMSNorm(H) for n in norms}, residual=Residual(H, adds=2))


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    tree = rmsnorm_decoder(architecture, Repeat(N, decoder_layer(options)), options)
    if options["softcap_logits"] and architecture.endswith("ForCausalLM"):
        capped = Elementwise(V, softcap=1)  # c·tanh(logits/c), weightless
        return Sequential(**dict(tree.children()), final_logit_softcapping=capped)
    return tree



FAMILY = Family(
    name="llama",
    title="LLaMA",
    description="LLaMA-style decoder: RMSNorm, SwiGLU MLP, grouped-query attention, rotary",
    architectures={
        "LlamaForCausalLM": "decoder with an LM head (untied by default)",
        "LlamaModel": "decoder without a head",
        "LlamaForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("Llama"),
    },
    build=build,
    options=(
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        Option("mlp_bias", False, "biases on the gate, up and down projections"),
        tie_option(False),
        QA_UNDER_TRANSFORMER,
        variant("qkv_bias", "biases on q, k and v only (Qwen2)"),
        variant("qk_norm_per_head", "RMSNorm over each head of q and k (Qwen3)"),
        variant("qk_norm_full", "RMSNorm over all of q and of k (OLMo2)"),
        variant("post_norms", "norms after attention and MLP only (OLMo2)"),
        variant("sandwich_norms", "norms before and after attention and MLP (Gemma2)"),
        variant("fused_projections", "fused qkv_proj and gate_up_proj (Phi-3)"),
        variant("softcap_attention", "tanh soft-capping of the attention scores (Gemma2)"),
        variant("softcap_logits", "tanh soft-capping of the output logits (Gemma2)"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=GROUPED_ROTARY_RULES,
)


#: what every LLaMA-like config names its sizes; a null head_dim leaves d_head = H/h
SIZES = (
    Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True), Size("H", "hidden_size"),
    Size("d_ff", "intermediate_size"), Size("h", "num_attention_heads"),
    Size("h_kv", "num_key_value_heads", null=KV_HEADS),
    Size("d_head", "head_dim", null=HeadSize("hidden_size", "num_attention_heads")),
)

MODEL_TYPES = (
    ModelType("llama", FAMILY, base="LlamaModel",
              classes=heads("Llama", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=SIZES,
              rules=(Flag("tie_word_embeddings"), Flag("attention_bias"), Flag("mlp_bias")),
              fixed={"qa_under_transformer": True}),
    ModelType("mistral", FAMILY, base="MistralModel",
              classes=heads("Mistral", "Llama", "ForCausalLM", "Model",
                            "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"),)),
    ModelType("qwen2", FAMILY, base="Qwen2Model",
              classes=heads("Qwen2", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"),),
              fixed={"qkv_bias": True, "qa_under_transformer": True}),
    ModelType("qwen3", FAMILY, base="Qwen3Model",
              classes=heads("Qwen3", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"), Flag("attention_bias"),),
              fixed={"qk_norm_per_head": True, "qa_under_transformer": True}),
    ModelType("gemma", FAMILY, base="GemmaModel",
              classes=heads("Gemma", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"), Flag("attention_bias"),)),
    ModelType("gemma2", FAMILY, base="Gemma2Model",
              classes=heads("Gemma2", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"), Flag("attention_bias"),
                     SetDecimal("softcap_attention", "attn_logit_softcapping"),
                     SetDecimal("softcap_logits", "final_logit_softcapping"),),
              fixed={"sandwich_norms": True}),
    ModelType("olmo2", FAMILY, base="Olmo2Model",
              classes=heads("Olmo2", "Llama", "ForCausalLM", "Model", "ForSequenceClassification"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"), Flag("attention_bias"),),
              fixed={"post_norms": True, "qk_norm_full": True}),
    ModelType("phi3", FAMILY, base="Phi3Model",
              classes=heads("Phi3", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"),),
              fixed={"fused_projections": True}),
)
