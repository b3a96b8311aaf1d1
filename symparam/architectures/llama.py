"""A LLaMA-style decoder (Touvron et al. 2023), as transformers' ``LlamaModel`` builds it.

A token table (V×H) and no position table (rotary embeddings have no weights). Each of the N
blocks: RMSNorm; attention with h query heads and h_kv key/value heads of size d_head (grouped
query attention: q is H → h·d_head, k and v are H → h_kv·d_head, o is h·d_head → H), biases only
with ``attention_bias``; RMSNorm; a gated (SwiGLU) MLP with three matrices, gate and up
(H → d_ff) and down (d_ff → H), biases only with ``mlp_bias``. A final RMSNorm and an LM head
(V×H, no bias), untied by default. The default assumption is d_head = H/h; h_kv = h is available.
A config without ``head_dim`` gets H // h from transformers: H/h where h divides H (the
assumption), the floor where it does not.

The same family serves the LLaMA-like model types through options. Attention: Qwen2's biases
on q, k and v only (``qkv_bias``, StableLM's ``use_qkv_bias``); an RMSNorm over each head of q
and k shared by the heads (``qk_norm_per_head``: Qwen3, Gemma3), or over all of q and k
(``qk_norm_full``: OLMo2); a LayerNorm per head with a weight for each head (Cohere's
``use_qk_norm``: one (h, d_head) tensor; StableLM's ``qk_layernorm``: a list of h LayerNorms);
Phi-3's fused q/k/v and gate/up projections (``fused_projections``). Norms: LayerNorm (mean and
variance) instead of RMSNorm with weight and bias (StarCoder2, StableLM), weight only (Cohere)
or neither (OLMo's non-parametric LayerNorm); OLMo2's norms after attention and MLP only
(``post_norms``); Gemma2's four per layer (``sandwich_norms``). The block: attention and MLP
in parallel on one norm's output, their sum added to the residual (``parallel_block``: Cohere,
StableLM's ``use_parallel_residual``), after GPT-J. The MLP: StarCoder2's ungated H → d_ff → H
(``plain_mlp``: c_fc, c_proj). What adds no weights is not an option: partial rotary
embeddings, sliding-window layers (Mistral, Cohere2, Gemma3, OLMo 3) and layers without rotary
embeddings (SmolLM3), Granite's and Cohere's scalar multipliers of embeddings, residuals,
attention scores and logits, OLMo's clipping of q, k and v, Gemma's soft-capping (counted as
work besides matrix products), ERNIE 4.5's rotary embeddings turned in fp32 with tables each
layer interleaves anew (``rotary_interleaved``: what a training step keeps).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    QA_UNDER_TRANSFORMER,
    WINDOW_OPTIONS,
    activation_of,
    activation_option,
    decoder_heads,
    rmsnorm_decoder,
    sliding,
    tie_option,
    variant,
)
from symparam.assumptions import HEAD_SIZE, KV_HEADS
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Elementwise,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
)
from symparam.blocks.saved import Key, same_tensor
from symparam.blocks.sharding import column, row, unsplit
from symparam.family import Family, OneOf, Option
from symparam.modeltype import (
    ActivationName,
    Flag,
    HeadSize,
    LayerTypes,
    Leave,
    ModelType,
    RotaryWidth,
    SetDecimal,
    Size,
    SlidingWindows,
    SplitHeads,
    heads,
)
from symparam.symbols import H, N, V, d_ff, d_head, d_rot, h, h_kv


def rms(options: Mapping[str, Any]) -> str:
    """Whose RMSNorm the type runs: Gemma's 1 + weight, OLMo2's weight in fp32, or LLaMA's
    (they keep different tensors for the backward pass)."""
    if options.get("gemma_norm"):
        return "gemma"
    return "olmo2" if options.get("olmo2_norm") else "llama"


def norm(options: Mapping[str, Any]) -> Block:
    """The family's norm over the hidden state: RMSNorm, or LayerNorm as the type has it."""
    if options.get("layer_norm"):
        return LayerNorm(H)
    if options.get("layer_norm_no_bias"):  # Cohere's, written out in fp32
        return LayerNorm(H, bias=False, impl="manual")
    if options.get("layer_norm_no_weights"):  # OLMo's, torch's on an fp32 copy
        return LayerNorm(H, affine=False, impl="fp32")
    return RMSNorm(H, impl=rms(options))


def qk_norms(options: Mapping[str, Any]) -> dict[str, Block]:
    """The norms over q and k that a model type adds, by their names in transformers."""
    if options["qk_norm_per_head"]:
        return {"q_norm": RMSNorm(d_head, per_token=h, impl=rms(options)),
                "k_norm": RMSNorm(d_head, per_token=h_kv, impl=rms(options))}
    if options["qk_norm_full"]:
        why = "a norm over all of q and k needs every head's numbers"
        return {"q_norm": unsplit(RMSNorm(h * d_head, impl=rms(options)), why),
                "k_norm": unsplit(RMSNorm(h_kv * d_head, impl=rms(options)), why)}
    if options.get("qk_norm_head_weights"):  # Cohere: one weight row per head
        return {"q_norm": LayerNorm(d_head, bias=False, per_token=h, per_vector=True,
                                    impl="manual"),
                "k_norm": LayerNorm(d_head, bias=False, per_token=h_kv, per_vector=True,
                                    impl="manual")}
    if options.get("qk_norm_head_list"):  # StableLM: a list of LayerNorms, one per head
        why = "a list of norms, one per head, is split by heads, which is not marked"
        return {"q_layernorm": unsplit(Sequential(norms=Repeat(h, LayerNorm(d_head, bias=False))),
                                       why),
                "k_layernorm": unsplit(Sequential(norms=Repeat(h_kv, LayerNorm(d_head,
                                                                             bias=False))), why)}
    return {}


def rotary(options: Mapping[str, Any]) -> dict[str, Any]:
    """What the attention's rotary embeddings are, for what a training step keeps: the width
    they turn of each head (all of it, or a part: d_rot), and which layers turn (Cohere2's
    sliding ones only; Gemma3's sliding and full layers each with their own tables)."""
    layers = "sliding" if options.get("rotary_sliding") else \
        "per_kind" if options.get("rotary_per_kind") else \
        "each" if options.get("rotary_interleaved") else "all"
    return {"rotary": d_rot if options.get("partial_rotary") else d_head,
            "rotary_layers": layers, "rotary_fp32": bool(options.get("rotary_fp32"))}


def attention(options: Mapping[str, Any], reads: Key | None = None) -> Attention:
    """The attention; ``reads``: the tensor its input projections read, where others read it
    too (the MLP beside it)."""
    bias = bool(options["attention_bias"])
    qkv_bias = bias or bool(options["qkv_bias"])
    common = {"kv_cache": 2 * h_kv * d_head, "heads": h, "kv_heads": h_kv,
              "softmax_fp32": True, "masked": True, **rotary(options), **sliding(options)}
    if options["fused_projections"]:  # the values come as a slice of the fused output
        qkv = column(Linear(H, (h + 2 * h_kv) * d_head, bias=qkv_bias))
        same_tensor("attention input", (qkv, "input"), key=reads)
        fused = {"v": (Key("qkv_proj output"), (h + 2 * h_kv) * d_head)}
        return Attention(h * d_head, h * d_head, **common, views=fused,
                         o_proj=row(Linear(h * d_head, H, bias=bias)), qkv_proj=qkv)
    q, k, v = (column(Linear(H, width * d_head, bias=qkv_bias)) for width in (h, h_kv, h_kv))
    same_tensor("attention input", (q, "input"), (k, "input"), (v, "input"), key=reads)
    parts: dict[str, Block] = {"q_proj": q, "k_proj": k, "v_proj": v,
                               "o_proj": row(Linear(h * d_head, H, bias=bias)),
                               **qk_norms(options)}
    return Attention(h * d_head, h * d_head, softcap=bool(options.get("softcap_attention")),
                     **common, **parts)


def mlp(options: Mapping[str, Any], reads: Key | None = None) -> Sequential:
    """The MLP; ``reads``: the tensor its input projections read, where others read it too."""
    bias = bool(options["mlp_bias"])
    if options.get("plain_mlp"):
        c_fc, c_proj = column(Linear(H, d_ff, bias=bias)), row(Linear(d_ff, H, bias=bias))
        act = Activation(d_ff, fn=activation_of(options, "gelu_pytorch_tanh"))
        same_tensor("activation output", (act, "output"), (c_proj, "input"))
        same_tensor("MLP input", (c_fc, "input"), key=reads)
        return Sequential(kind="mlp", c_fc=c_fc, c_proj=c_proj, act=act)
    act = Activation(d_ff, gated=True, fn=activation_of(options, default_activation(options)))
    if options["fused_projections"]:
        gate_up = column(Linear(H, 2 * d_ff, bias=bias))
        same_tensor("MLP input", (gate_up, "input"), key=reads)
        return Sequential(kind="mlp", gate_up_proj=gate_up,
                          down_proj=row(Linear(d_ff, H, bias=bias)), act_fn=act)
    gate, up = column(Linear(H, d_ff, bias=bias)), column(Linear(H, d_ff, bias=bias))
    same_tensor("MLP input", (gate, "input"), (up, "input"), key=reads)
    return Sequential(kind="mlp", gate_proj=gate, up_proj=up,
                      down_proj=row(Linear(d_ff, H, bias=bias)), act_fn=act)


def default_activation(options: Mapping[str, Any]) -> str:
    """The MLP's activation where a config names none: SiLU, Gemma's tanh GELU."""
    return "gelu_pytorch_tanh" if options.get("gemma_norm") else "silu"


def decoder_layer(options: Mapping[str, Any]) -> Sequential:
    if options["post_norms"]:
        norms = ("post_attention_layernorm", "post_feedforward_layernorm")
    elif options["sandwich_norms"]:
        norms = ("input_layernorm", "post_attention_layernorm", "pre_feedforward_layernorm",
                 "post_feedforward_layernorm")
    elif options.get("parallel_block"):  # x + attn(norm(x)) + mlp(norm(x)): one norm
        norms = ("input_layernorm",)
    else:
        norms = ("input_layernorm", "post_attention_layernorm")
    # side by side, attention and MLP read one norm's output
    reads = Key("norm output") if options.get("parallel_block") else None
    attn, feed_forward = attention(options, reads), mlp(options, reads)
    return Sequential(self_attn=attn, mlp=feed_forward,
                      **{n: norm(options) for n in norms}, residual=Residual(H, adds=2))


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    tree = rmsnorm_decoder(architecture, Repeat(N, decoder_layer(options)), options,
                           norm=norm(options))
    if options["softcap_logits"] and architecture.endswith("ForCausalLM"):
        capped = Elementwise(V, keeps=1, softcap=1)  # c·tanh(logits/c): tanh keeps its output
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
        variant("layer_norm", "LayerNorm with weight and bias instead of RMSNorm (StarCoder2, "
                "StableLM)"),
        variant("layer_norm_no_bias", "LayerNorm with a weight and no bias instead of RMSNorm "
                "(Cohere)"),
        variant("layer_norm_no_weights", "LayerNorm without weight or bias instead of RMSNorm "
                "(OLMo)"),
        variant("plain_mlp", "an ungated MLP: c_fc (H → d_ff), activation, c_proj (d_ff → H) "
                "(StarCoder2)"),
        variant("parallel_block", "attention and MLP side by side on one norm's output "
                "(Cohere, StableLM)"),
        variant("qk_norm_head_weights", "LayerNorm over each head of q and k, a weight per head "
                "(Cohere)"),
        variant("qk_norm_head_list", "a list of LayerNorms, one per head of q and of k "
                "(StableLM)"),
        *WINDOW_OPTIONS,
        activation_option("silu (Gemma: the tanh GELU)"),
        variant("gemma_norm", "Gemma's RMSNorm, times 1 + weight (Gemma)"),
        variant("olmo2_norm", "an RMSNorm that multiplies its weight in fp32 (OLMo2)"),
        variant("partial_rotary", "rotary embeddings turn d_rot of each head's d_head "
                "(StableLM, Phi-3)"),
        variant("rotary_sliding", "only the sliding-window layers turn (Cohere2)"),
        variant("rotary_fp32", "the rotary tables stay in fp32 (OLMo, OLMo2)"),
        variant("rotary_per_kind", "sliding and full layers turn with tables of their own "
                "(Gemma3)"),
        variant("rotary_interleaved", "each layer interleaves the fp32 rotary tables anew and "
                "turns q and k in fp32 (ERNIE 4.5)"),
    ),
    assumptions=(HEAD_SIZE,),
    divides=GROUPED_ROTARY_RULES,
    one_of=(
        OneOf("norm placements", ("post_norms", "sandwich_norms")),
        OneOf("norm kinds", ("layer_norm", "layer_norm_no_bias", "layer_norm_no_weights",
                             "gemma_norm", "olmo2_norm")),
        OneOf("q/k norms", ("qk_norm_per_head", "qk_norm_full", "qk_norm_head_weights",
                            "qk_norm_head_list")),
    ),
)


#: what every LLaMA-like config names its sizes; a null head_dim leaves d_head = H/h
SIZES = (
    Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True), Size("H", "hidden_size"),
    Size("d_ff", "intermediate_size"), Size("h", "num_attention_heads"),
    Size("h_kv", "num_key_value_heads", null=KV_HEADS),
    Size("d_head", "head_dim", null=HeadSize("hidden_size", "num_attention_heads")),
)
_H_OVER_h = HeadSize("hidden_size", "num_attention_heads")
_T = "text_config."
#: LLaMA's sizes as a composite config holds them in its ``text_config`` (LLaVA, Gemma 3,
#: Mistral 3): the table does not pad, a null head_dim leaves d_head = H/h
TEXT_CONFIG_SIZES = (
    Size("N", _T + "num_hidden_layers"), Size("V", _T + "vocab_size"),
    Size("H", _T + "hidden_size"), Size("d_ff", _T + "intermediate_size"),
    Size("h", _T + "num_attention_heads"),
    Size("h_kv", _T + "num_key_value_heads", null=KV_HEADS),
    Size("d_head", _T + "head_dim", null=HeadSize(_T + "hidden_size", _T + "num_attention_heads")),
)
#: StarCoder2 reads ``getattr(config, "head_dim", None) or H // h``: null and 0 are H // h too
SIZES_HEAD_OR = (*SIZES[:-1], Size("d_head", "head_dim", null=_H_OVER_h, null_as_absent=True))
#: StableLM's attention takes H // h whatever head_dim says, and refuses heads that do not
#: split the hidden size
SIZES_HEAD_SPLIT = (*SIZES[:-1], Size("d_head", "head_dim", computed=True,
                                      null=SplitHeads("hidden_size", "num_attention_heads")))
_TIED_BIASED = (Flag("tie_word_embeddings"), Flag("attention_bias"), Flag("mlp_bias"))
#: the sliding window, read where some layer slides over it
WINDOW = Size("W", "sliding_window", null=Leave("no layer slides a window"),
              when=("window_period", "window_layers"))


def windows(period: int | str = 1, default: int = 1, switch: str = "",
            after: str = "") -> tuple[SlidingWindows | LayerTypes, ...]:
    """The rules that say which layers slide a window: the layers a file lists, else the
    type's pattern (``period``: every layer but each p-th; Qwen: from ``after`` on)."""
    listed = LayerTypes("window_layers", switch=switch, after=after)
    if after:
        return (listed,)
    return (SlidingWindows("window_period", period, default, switch), listed)


#: the MLP's activation function as each kind of config names it
SILU = ActivationName("activation", "hidden_act", "silu")
GEMMA_ACT = ActivationName("activation", "hidden_activation", "gelu_pytorch_tanh")
TANH_GELU = ActivationName("activation", "hidden_act", "gelu_pytorch_tanh")


def rotated(default: float) -> Size:
    """d_rot: the part of each head partial rotary embeddings turn, int(d_head · factor)."""
    return Size("d_rot", "partial_rotary_factor", computed=True,
                null=RotaryWidth(("partial_rotary_factor",), default, "hidden_size",
                                 "num_attention_heads"))


#: Qwen2's and Qwen3's layers from max_window_layers on slide, with use_sliding_window
QWEN_WINDOWS = windows(switch="use_sliding_window", after="max_window_layers")

MODEL_TYPES = (
    ModelType("llama", FAMILY, base="LlamaModel",
              classes=heads("Llama", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=SIZES,
              rules=(*_TIED_BIASED, SILU), fixed={"qa_under_transformer": True}),
    ModelType("mistral", FAMILY, base="MistralModel",
              classes=heads("Mistral", "Llama", "ForCausalLM", "Model",
                            "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(*SIZES, WINDOW), rules=(Flag("tie_word_embeddings"), *windows(), SILU)),
    ModelType("qwen2", FAMILY, base="Qwen2Model",
              classes=heads("Qwen2", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(*SIZES, WINDOW), rules=(Flag("tie_word_embeddings"), *QWEN_WINDOWS, SILU),
              fixed={"qkv_bias": True, "qa_under_transformer": True}),
    ModelType("qwen3", FAMILY, base="Qwen3Model",
              classes=heads("Qwen3", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification", "ForQuestionAnswering"),
              sizes=(*SIZES, WINDOW),
              rules=(Flag("tie_word_embeddings"), Flag("attention_bias"), *QWEN_WINDOWS, SILU),
              fixed={"qk_norm_per_head": True, "qa_under_transformer": True}),
    ModelType("gemma", FAMILY, base="GemmaModel",
              classes=heads("Gemma", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"), Flag("attention_bias"), GEMMA_ACT),
              fixed={"gemma_norm": True}),
    ModelType("gemma2", FAMILY, base="Gemma2Model",
              classes=heads("Gemma2", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification"),
              sizes=(*SIZES, WINDOW), rules=(Flag("tie_word_embeddings"), Flag("attention_bias"),
                     SetDecimal("softcap_attention", "attn_logit_softcapping"),
                     SetDecimal("softcap_logits", "final_logit_softcapping"), *windows(2),
                     GEMMA_ACT),
              fixed={"gemma_norm": True, "sandwich_norms": True}),
    ModelType("olmo2", FAMILY, base="Olmo2Model",
              classes=heads("Olmo2", "Llama", "ForCausalLM", "Model", "ForSequenceClassification"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"), Flag("attention_bias"), SILU),
              fixed={"olmo2_norm": True, "post_norms": True, "rotary_fp32": True,
                     "qk_norm_full": True}),
    # OLMo 3: OLMo2's layer (norms after attention and MLP, RMSNorms over all of q and of k),
    # every fourth layer full attention, the others a sliding window, each kind with its own
    # rotary table
    ModelType("olmo3", FAMILY, base="Olmo3Model",
              classes=heads("Olmo3", "Llama", "ForCausalLM", "Model", "ForSequenceClassification"),
              sizes=(*SIZES, WINDOW),
              rules=(Flag("tie_word_embeddings"), Flag("attention_bias"), *windows(4), SILU),
              fixed={"olmo2_norm": True, "post_norms": True, "rotary_fp32": True,
                     "qk_norm_full": True, "rotary_per_kind": True}),
    # ERNIE 4.5: LLaMA's layer, biases on every projection with use_bias, rotary tables in fp32
    ModelType("ernie4_5", FAMILY, base="Ernie4_5Model",
              classes=heads("Ernie4_5", "Llama", "ForCausalLM", "Model"),
              sizes=SIZES,
              rules=(Flag("tie_word_embeddings"), Flag("attention_bias", "use_bias"),
                     Flag("mlp_bias", "use_bias"), SILU),
              fixed={"rotary_interleaved": True}),
    ModelType("phi3", FAMILY, base="Phi3Model",
              classes=heads("Phi3", "Llama", "ForCausalLM", "Model", "ForSequenceClassification",
                            "ForTokenClassification"),
              sizes=(*SIZES, WINDOW, rotated(1.0)),
              rules=(Flag("tie_word_embeddings"), *windows(), SILU),
              fixed={"partial_rotary": True, "fused_projections": True}),
    ModelType("starcoder2", FAMILY, base="Starcoder2Model",
              classes=heads("Starcoder2", "Llama", "ForCausalLM", "Model",
                            "ForSequenceClassification", "ForTokenClassification"),
              sizes=(*SIZES_HEAD_OR, WINDOW),
              rules=(Flag("tie_word_embeddings"), Flag("attention_bias", "use_bias"),
                     Flag("mlp_bias", "use_bias"), *windows(), TANH_GELU),
              fixed={"layer_norm": True, "plain_mlp": True}),
    ModelType("cohere", FAMILY, base="CohereModel",
              classes=heads("Cohere", "Llama", "ForCausalLM", "Model"),
              sizes=SIZES,
              rules=(Flag("tie_word_embeddings"), Flag("attention_bias"),
                     Flag("qk_norm_head_weights", "use_qk_norm", null_is_false=True), SILU),
              fixed={"layer_norm_no_bias": True, "parallel_block": True}),
    ModelType("cohere2", FAMILY, base="Cohere2Model",
              classes=heads("Cohere2", "Llama", "ForCausalLM", "Model"),
              sizes=(*SIZES, WINDOW),
              rules=(Flag("tie_word_embeddings"), Flag("attention_bias"),
                     *windows("sliding_window_pattern", 4), SILU),
              fixed={"layer_norm_no_bias": True, "parallel_block": True, "rotary_sliding": True}),
    ModelType("granite", FAMILY, base="GraniteModel",
              classes=heads("Granite", "Llama", "ForCausalLM", "Model"),
              sizes=SIZES, rules=(*_TIED_BIASED, SILU)),
    ModelType("olmo", FAMILY, base="OlmoModel",
              classes=heads("Olmo", "Llama", "ForCausalLM", "Model", "ForSequenceClassification"),
              sizes=SIZES, rules=(Flag("tie_word_embeddings"), Flag("attention_bias"), SILU),
              fixed={"layer_norm_no_weights": True, "rotary_fp32": True}),
    ModelType("gemma3_text", FAMILY, base="Gemma3TextModel",
              classes={"Gemma3ForCausalLM": "LlamaForCausalLM", "Gemma3TextModel": "LlamaModel",
                       "Gemma3TextForSequenceClassification": "LlamaForSequenceClassification"},
              sizes=(*SIZES, WINDOW), rules=(Flag("tie_word_embeddings"), Flag("attention_bias"),
                                  SetDecimal("softcap_attention", "attn_logit_softcapping"),
                                  SetDecimal("softcap_logits", "final_logit_softcapping"),
                                  *windows("sliding_window_pattern", 6), GEMMA_ACT),
              fixed={"gemma_norm": True, "sandwich_norms": True, "qk_norm_per_head": True,
                     "rotary_per_kind": True}),
    ModelType("stablelm", FAMILY, base="StableLmModel",
              classes=heads("StableLm", "Llama", "ForCausalLM", "Model",
                            "ForSequenceClassification", "ForTokenClassification"),
              sizes=(*SIZES_HEAD_SPLIT, rotated(0.25)),
              rules=(Flag("tie_word_embeddings"), Flag("qkv_bias", "use_qkv_bias"),
                     Flag("qk_norm_head_list", "qk_layernorm"),
                     Flag("parallel_block", "use_parallel_residual"), SILU),
              fixed={"partial_rotary": True, "layer_norm": True}),
    ModelType("smollm3", FAMILY, base="SmolLM3Model",
              classes=heads("SmolLM3", "Llama", "ForCausalLM", "Model",
                            "ForSequenceClassification", "ForTokenClassification",
                            "ForQuestionAnswering"),
              sizes=SIZES, rules=(*_TIED_BIASED, SILU), fixed={"qa_under_transformer": True}),
)
