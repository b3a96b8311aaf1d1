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
on q, k and v only (``qkv_bias``, StableLM's ``use_qkv_bias``); the norm over q and k
(``qk_norm``): an RMSNorm over each head shared by the heads (``per_head``: Qwen3, Gemma3), or
over all of q and k (``full``: OLMo2), a LayerNorm per head with a weight for each head
(``head_weights``, Cohere's ``use_qk_norm``: one (h, d_head) tensor) or a list of h LayerNorms
(``head_list``, StableLM's ``qk_layernorm``); Phi-3's fused q/k/v and gate/up projections
(``fused_projections``). The norm (``norm``): LLaMA's RMSNorm, Gemma's (``rms_gemma``), OLMo2's
(``rms_olmo2``), or a LayerNorm (mean and variance) with weight and bias (``layer``:
StarCoder2, StableLM), weight only (``layer_no_bias``: Cohere) or neither (``layer_no_weights``:
OLMo's non-parametric LayerNorm). Where a layer's norms sit (``norm_placement``): before
attention and MLP (``pre``), OLMo2's after them only (``post``), Gemma2's four per layer
(``sandwich``), or one, attention and MLP in parallel on its output, their sum added to the
residual (``parallel``: Cohere, StableLM's ``use_parallel_residual``), after GPT-J. Each of
these choices was a switch of its own (``qk_norm_per_head``, ``post_norms``, ``layer_norm`` …);
the switches are still taken, as aliases of the value they stand for
(:class:`~symparam.family.Choice`). The MLP: StarCoder2's ungated H → d_ff → H
(``plain_mlp``: c_fc, c_proj). What adds no weights is not an option: partial rotary
embeddings, sliding-window layers (Mistral, Cohere2, Gemma3, OLMo 3) and layers without rotary
embeddings (SmolLM3), Granite's and Cohere's scalar multipliers of embeddings, residuals,
attention scores and logits, OLMo's clipping of q, k and v, Gemma's soft-capping (counted as
work besides matrix products), ERNIE 4.5's rotary embeddings turned in fp32 with tables each
layer interleaves anew (``rotary_interleaved``: what a training step keeps).
"""

from __future__ import annotations

import dataclasses
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
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
)
from symparam.blocks.saved import Key, same_tensor
from symparam.blocks.sharding import column, row, unsplit
from symparam.family import Choice, Family, Option
from symparam.frozen import frozen
from symparam.inputs import Runnable
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

#: whose RMSNorm a value of the ``norm`` option runs (they keep different tensors for the
#: backward pass): Gemma's, times 1 + weight; OLMo2's, its weight multiplied in fp32; else LLaMA's
_RMS = {"rms_gemma": "gemma", "rms_olmo2": "olmo2"}


def rms(kind: str) -> str:
    """Whose RMSNorm the ``norm`` option's value ``kind`` runs: ``gemma``, ``olmo2`` or
    ``llama`` (a LayerNorm's q/k norms, where a type has them, are LLaMA's)."""
    return _RMS.get(kind, "llama")


def norm(options: Mapping[str, Any]) -> Block:
    """The family's norm over the hidden state: RMSNorm, or LayerNorm as the type has it."""
    kind = options["norm"]
    if kind == "layer":
        return LayerNorm(H)
    if kind == "layer_no_bias":  # Cohere's, written out in fp32
        return LayerNorm(H, bias=False, impl="manual")
    if kind == "layer_no_weights":  # OLMo's, torch's on an fp32 copy
        return LayerNorm(H, affine=False, impl="fp32")
    return RMSNorm(H, impl=rms(kind))


@frozen
class LlamaAttention:
    """LLaMA's attention, by what differs between the types that build it: what this family
    reads off its options (:meth:`of`), and what another family that takes LLaMA's attention
    (the MoE decoders, ERNIE 4.5, GLM-4.5) says it is.

    ``bias``: on q, k, v and o; ``qkv_bias``: on q, k and v only (Qwen2); ``qk_norm``: the
    norm over q and k, a value of the ``qk_norm`` option; ``norm``: the family's norm, a value
    of the ``norm`` option, whose RMSNorm the q/k norms are; ``fused``: q, k and v in one
    projection (Phi-3); ``softcap``: soft-capped scores (Gemma2). The rotary embeddings turn
    d_rot of each head's d_head (``partial_rotary``), in ``rotary_layers`` (``all``,
    ``sliding``: Cohere2's sliding layers alone, ``per_kind``: Gemma3's tables for each kind
    of layer, ``each``: ERNIE 4.5's tables interleaved anew each layer), their tables in fp32
    (``rotary_fp32``). Sliding windows as :func:`~symparam.architectures.common.sliding`
    reads them (``window_period``, ``window_layers``).
    """

    bias: bool = False
    qkv_bias: bool = False
    qk_norm: str = "none"
    norm: str = "rms"
    fused: bool = False
    softcap: bool = False
    partial_rotary: bool = False
    rotary_layers: str = "all"
    rotary_fp32: bool = False
    window_period: int = 0
    window_layers: tuple[int, ...] = ()

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> LlamaAttention:
        """The attention LLaMA's ``options`` describe."""
        layers = "sliding" if options["rotary_sliding"] else \
            "per_kind" if options["rotary_per_kind"] else \
            "each" if options["rotary_interleaved"] else "all"
        return cls(bias=bool(options["attention_bias"]), qkv_bias=bool(options["qkv_bias"]),
                   qk_norm=options["qk_norm"], norm=options["norm"],
                   fused=bool(options["fused_projections"]),
                   softcap=bool(options["softcap_attention"]),
                   partial_rotary=bool(options["partial_rotary"]), rotary_layers=layers,
                   rotary_fp32=bool(options["rotary_fp32"]),
                   window_period=options["window_period"],
                   window_layers=options["window_layers"])

    def qk_norms(self) -> dict[str, Block]:
        """The norms over q and k, by their names in transformers."""
        impl = rms(self.norm)
        if self.qk_norm == "per_head":
            return {"q_norm": RMSNorm(d_head, per_token=h, impl=impl),
                    "k_norm": RMSNorm(d_head, per_token=h_kv, impl=impl)}
        if self.qk_norm == "full":
            why = "a norm over all of q and k needs every head's numbers"
            return {"q_norm": unsplit(RMSNorm(h * d_head, impl=impl), why),
                    "k_norm": unsplit(RMSNorm(h_kv * d_head, impl=impl), why)}
        if self.qk_norm == "head_weights":  # Cohere: one weight row per head
            return {"q_norm": LayerNorm(d_head, bias=False, per_token=h, per_vector=True,
                                        impl="manual"),
                    "k_norm": LayerNorm(d_head, bias=False, per_token=h_kv, per_vector=True,
                                        impl="manual")}
        if self.qk_norm == "head_list":  # StableLM: a list of LayerNorms, one per head
            why = "a list of norms, one per head, is split by heads, which is not marked"
            return {"q_layernorm": unsplit(Sequential(norms=Repeat(h, LayerNorm(d_head,
                                                                                bias=False))),
                                           why),
                    "k_layernorm": unsplit(Sequential(norms=Repeat(h_kv, LayerNorm(d_head,
                                                                                 bias=False))),
                                           why)}
        return {}

    def rotary(self) -> dict[str, Any]:
        """What the rotary embeddings are, for what a training step keeps: the width they turn
        of each head, which layers turn, whether their tables stay in fp32."""
        return {"rotary": d_rot if self.partial_rotary else d_head,
                "rotary_layers": self.rotary_layers, "rotary_fp32": self.rotary_fp32}


def attention(spec: LlamaAttention, reads: Key | None = None) -> Attention:
    """The attention ``spec`` describes; ``reads``: the tensor its input projections read,
    where others read it too (the MLP beside it)."""
    qkv_bias = spec.bias or spec.qkv_bias
    windows_ = {"window_period": spec.window_period, "window_layers": spec.window_layers}
    common = {"kv_cache": 2 * h_kv * d_head, "heads": h, "kv_heads": h_kv,
              "softmax_fp32": True, "masked": True, **spec.rotary(), **sliding(windows_)}
    if spec.fused:  # the values come as a slice of the fused output
        qkv = column(Linear(H, (h + 2 * h_kv) * d_head, bias=qkv_bias))
        same_tensor("attention input", (qkv, "input"), key=reads)
        fused = {"v": (Key("qkv_proj output"), (h + 2 * h_kv) * d_head)}
        return Attention(h * d_head, h * d_head, **common, views=fused,
                         o_proj=row(Linear(h * d_head, H, bias=spec.bias)), qkv_proj=qkv)
    q, k, v = (column(Linear(H, width * d_head, bias=qkv_bias)) for width in (h, h_kv, h_kv))
    same_tensor("attention input", (q, "input"), (k, "input"), (v, "input"), key=reads)
    parts: dict[str, Block] = {"q_proj": q, "k_proj": k, "v_proj": v,
                               "o_proj": row(Linear(h * d_head, H, bias=spec.bias)),
                               **spec.qk_norms()}
    return Attention(h * d_head, h * d_head, softcap=spec.softcap, **common, **parts)


@frozen
class LlamaMLP:
    """LLaMA's MLP, by what differs between the types that build it (:meth:`of` reads it off
    this family's options; the MoE decoders' dense layers, ERNIE 4.5's and Qwen3-Next's say
    theirs): ``bias`` on its projections; ``fused`` gate and up (Phi-3); ``plain``: ungated,
    c_fc and c_proj (StarCoder2); ``activation`` by transformers' name."""

    bias: bool = False
    fused: bool = False
    plain: bool = False
    activation: str = "silu"

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> LlamaMLP:
        """The MLP LLaMA's ``options`` describe (the activation a config names, else SiLU;
        the tanh GELU for Gemma's gated MLP and StarCoder2's ungated one)."""
        plain = bool(options["plain_mlp"])
        default = "gelu_pytorch_tanh" if plain or options["norm"] == "rms_gemma" else "silu"
        return cls(bias=bool(options["mlp_bias"]), fused=bool(options["fused_projections"]),
                   plain=plain, activation=activation_of(options, default))


def mlp(spec: LlamaMLP, reads: Key | None = None) -> Sequential:
    """The MLP ``spec`` describes; ``reads``: the tensor its input projections read, where
    others read it too."""
    bias = spec.bias
    if spec.plain:
        c_fc, c_proj = column(Linear(H, d_ff, bias=bias)), row(Linear(d_ff, H, bias=bias))
        act = Activation(d_ff, fn=spec.activation)
        same_tensor("activation output", (act, "output"), (c_proj, "input"))
        same_tensor("MLP input", (c_fc, "input"), key=reads)
        return Sequential(kind="mlp", c_fc=c_fc, c_proj=c_proj, act=act)
    act = Activation(d_ff, gated=True, fn=spec.activation)
    if spec.fused:
        gate_up = column(Linear(H, 2 * d_ff, bias=bias))
        same_tensor("MLP input", (gate_up, "input"), key=reads)
        return Sequential(kind="mlp", gate_up_proj=gate_up,
                          down_proj=row(Linear(d_ff, H, bias=bias)), act_fn=act)
    gate, up = column(Linear(H, d_ff, bias=bias)), column(Linear(H, d_ff, bias=bias))
    same_tensor("MLP input", (gate, "input"), (up, "input"), key=reads)
    return Sequential(kind="mlp", gate_proj=gate, up_proj=up,
                      down_proj=row(Linear(d_ff, H, bias=bias)), act_fn=act)


#: the norms of a layer by where they sit (the ``norm_placement`` option)
_NORMS = {
    "pre": ("input_layernorm", "post_attention_layernorm"),
    "post": ("post_attention_layernorm", "post_feedforward_layernorm"),
    "sandwich": ("input_layernorm", "post_attention_layernorm", "pre_feedforward_layernorm",
                 "post_feedforward_layernorm"),
    "parallel": ("input_layernorm",),  # x + attn(norm(x)) + mlp(norm(x)): one norm
}


def decoder_layer(options: Mapping[str, Any]) -> Sequential:
    placement = options["norm_placement"]
    # side by side, attention and MLP read one norm's output
    reads = Key("norm output") if placement == "parallel" else None
    attn = attention(LlamaAttention.of(options), reads)
    feed_forward = mlp(LlamaMLP.of(options), reads)
    return Sequential(self_attn=attn, mlp=feed_forward,
                      **{n: norm(options) for n in _NORMS[placement]},
                      residual=Residual(H, adds=2))


#: the norm over q and k (each value once a switch of its own, kept as an alias)
QK_NORM = Choice(
    "qk_norm", "none", "the norm over q and k: none; per_head, an RMSNorm over each head "
    "(Qwen3); full, an RMSNorm over all of q and of k (OLMo2); head_weights, a LayerNorm over "
    "each head with a weight per head (Cohere); head_list, a list of LayerNorms, one per head "
    "(StableLM)",
    values=("none", "per_head", "full", "head_weights", "head_list"),
    aliases={"qk_norm_per_head": "per_head", "qk_norm_full": "full",
             "qk_norm_head_weights": "head_weights", "qk_norm_head_list": "head_list"})
#: where a layer's norms sit
NORM_PLACEMENT = Choice(
    "norm_placement", "pre", "where a layer's norms sit: pre, before attention and before the "
    "MLP; post, after each only (OLMo2); sandwich, before and after each (Gemma2); parallel, "
    "one norm whose output attention and the MLP read side by side (Cohere, StableLM)",
    values=("pre", "post", "sandwich", "parallel"),
    aliases={"post_norms": "post", "sandwich_norms": "sandwich", "parallel_block": "parallel"})
#: which norm the family's norms are
NORM = Choice(
    "norm", "rms", "the norm: rms, LLaMA's RMSNorm; rms_gemma, Gemma's, times 1 + weight; "
    "rms_olmo2, one that multiplies its weight in fp32 (OLMo2); layer, LayerNorm with weight "
    "and bias (StarCoder2, StableLM); layer_no_bias, with a weight only (Cohere); "
    "layer_no_weights, with neither (OLMo)",
    values=("rms", "rms_gemma", "rms_olmo2", "layer", "layer_no_bias", "layer_no_weights"),
    aliases={"gemma_norm": "rms_gemma", "olmo2_norm": "rms_olmo2", "layer_norm": "layer",
             "layer_norm_no_bias": "layer_no_bias", "layer_norm_no_weights": "layer_no_weights"})


def text_model(settings: Mapping[str, Any]) -> Sequential:
    """A vision–language model's language model as this family builds its decoder (token
    table, N layers, final norm): ``settings`` are the LLaMA options it sets, the family's
    defaults the others (an unknown name refused)."""
    options = FAMILY.resolve_options(settings)
    return Sequential(embed_tokens=Embedding(V, H), layers=Repeat(N, decoder_layer(options)),
                      norm=norm(options))


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
        QK_NORM,
        NORM_PLACEMENT,
        NORM,
        variant("fused_projections", "fused qkv_proj and gate_up_proj (Phi-3)"),
        variant("softcap_attention", "tanh soft-capping of the attention scores (Gemma2)"),
        variant("softcap_logits", "tanh soft-capping of the output logits (Gemma2)"),
        variant("plain_mlp", "an ungated MLP: c_fc (H → d_ff), activation, c_proj (d_ff → H) "
                "(StarCoder2)"),
        *WINDOW_OPTIONS,
        activation_option("silu (Gemma: the tanh GELU)"),
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
_BIASED = (Flag("attention_bias"), Flag("mlp_bias"))
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

#: the key most LLaMA-like configs read besides the tied head (:data:`~symparam.rules.TIED`):
#: biases on the attention
_ATTENTION_BIAS = Flag("attention_bias")

#: LLaMA itself; every other type here extends it by what differs
LLAMA = ModelType("llama", FAMILY, base="LlamaModel",
                  classes=heads("Llama", "Llama", "ForCausalLM", "Model",
                                "ForSequenceClassification", "ForTokenClassification",
                                "ForQuestionAnswering"),
                  sizes=SIZES, rules=(*_BIASED, SILU), fixed={"qa_under_transformer": True})
#: the types whose sliding layers transformers cannot run without a window (a null one)
_WINDOW_NEEDED = Runnable(window_needed=True)
#: the classes a type has without a question-answering head, and with no classifier either
_NO_QA = ("ForQuestionAnswering",)
_BARE = ("ForSequenceClassification", "ForTokenClassification", "ForQuestionAnswering")

GEMMA2 = LLAMA.extend("gemma2", "Gemma2", without=_NO_QA, sizes=(*SIZES, WINDOW),
                      rules=(_ATTENTION_BIAS,
                             SetDecimal("softcap_attention", "attn_logit_softcapping"),
                             SetDecimal("softcap_logits", "final_logit_softcapping"),
                             *windows(2), GEMMA_ACT),
                      fixed={"norm": "rms_gemma", "norm_placement": "sandwich"},
                      runnable=_WINDOW_NEEDED)
OLMO2 = LLAMA.extend("olmo2", "Olmo2", without=_BARE[1:], rules=(_ATTENTION_BIAS, SILU),
                     fixed={"norm": "rms_olmo2", "norm_placement": "post", "rotary_fp32": True,
                            "qk_norm": "full"})
COHERE = LLAMA.extend("cohere", "Cohere", without=_BARE,
                      rules=(_ATTENTION_BIAS,
                             Flag("qk_norm_head_weights", "use_qk_norm", null_is_false=True),
                             SILU),
                      fixed={"norm": "layer_no_bias", "norm_placement": "parallel"})

MODEL_TYPES = (
    LLAMA,
    LLAMA.extend("mistral", "Mistral", sizes=(*SIZES, WINDOW),
                 rules=(*windows(), SILU), fixed={}),
    LLAMA.extend("qwen2", "Qwen2", sizes=(*SIZES, WINDOW),
                 rules=(*QWEN_WINDOWS, SILU),
                 fixed={"qkv_bias": True, "qa_under_transformer": True}),
    LLAMA.extend("qwen3", "Qwen3", sizes=(*SIZES, WINDOW),
                 rules=(_ATTENTION_BIAS, *QWEN_WINDOWS, SILU),
                 fixed={"qk_norm": "per_head", "qa_under_transformer": True}),
    LLAMA.extend("gemma", "Gemma", without=_NO_QA, rules=(_ATTENTION_BIAS, GEMMA_ACT),
                 fixed={"norm": "rms_gemma"}),
    GEMMA2,
    OLMO2,
    # OLMo 3: OLMo2's layer (norms after attention and MLP, RMSNorms over all of q and of k),
    # every fourth layer full attention, the others a sliding window, each kind with its own
    # rotary table
    OLMO2.extend("olmo3", "Olmo3", sizes=(*SIZES, WINDOW),
                 rules=(_ATTENTION_BIAS, *windows(4), SILU),
                 fixed={**OLMO2.fixed, "rotary_per_kind": True}, runnable=_WINDOW_NEEDED),
    # ERNIE 4.5: LLaMA's layer, biases on every projection with use_bias, rotary tables in fp32
    LLAMA.extend("ernie4_5", "Ernie4_5", without=_BARE,
                 rules=(Flag("attention_bias", "use_bias"),
                        Flag("mlp_bias", "use_bias"), SILU),
                 fixed={"rotary_interleaved": True}),
    LLAMA.extend("phi3", "Phi3", without=_NO_QA, sizes=(*SIZES, WINDOW, rotated(1.0)),
                 rules=(*windows(), SILU),
                 fixed={"partial_rotary": True, "fused_projections": True}),
    LLAMA.extend("starcoder2", "Starcoder2", without=_NO_QA, sizes=(*SIZES_HEAD_OR, WINDOW),
                 rules=(Flag("attention_bias", "use_bias"), Flag("mlp_bias", "use_bias"),
                        *windows(), TANH_GELU),
                 fixed={"norm": "layer", "plain_mlp": True}),
    COHERE,
    COHERE.extend("cohere2", "Cohere2", sizes=(*SIZES, WINDOW),
                  rules=(_ATTENTION_BIAS, *windows("sliding_window_pattern", 4), SILU),
                  fixed={**COHERE.fixed, "rotary_sliding": True}, runnable=_WINDOW_NEEDED),
    LLAMA.extend("granite", "Granite", without=_BARE, fixed={}),
    LLAMA.extend("olmo", "Olmo", without=_BARE[1:], rules=(_ATTENTION_BIAS, SILU),
                 fixed={"norm": "layer_no_weights", "rotary_fp32": True}),
    # Gemma 3's text model: Gemma2's layer with per-head q/k norms, its own classes' names
    dataclasses.replace(
        GEMMA2, name="gemma3_text", base="Gemma3TextModel",
        classes={"Gemma3ForCausalLM": "LlamaForCausalLM", "Gemma3TextModel": "LlamaModel",
                 "Gemma3TextForSequenceClassification": "LlamaForSequenceClassification"},
        rules=(*GEMMA2.rules[:4], *windows("sliding_window_pattern", 6), GEMMA_ACT),
        fixed={**GEMMA2.fixed, "qk_norm": "per_head", "rotary_per_kind": True}),
    LLAMA.extend("stablelm", "StableLm", without=_NO_QA,
                 sizes=(*SIZES_HEAD_SPLIT, rotated(0.25)),
                 rules=(Flag("qkv_bias", "use_qkv_bias"),
                        Flag("qk_norm_head_list", "qk_layernorm"),
                        Flag("parallel_block", "use_parallel_residual"), SILU),
                 fixed={"partial_rotary": True, "norm": "layer"},
                 runnable=Runnable(head_multiple=8)),
    LLAMA.extend("smollm3", "SmolLM3"),
)
