"""The oracle: the real classes (transformers, torch) built on the meta device, no weights.

Each function takes a symparam model with all values bound and returns the real class's
``named_parameters()`` as {name: shape}. Tied parameters appear once, under their owner's name,
as in torch. The forward passes the oracle runs are :mod:`tests.oracle_run`'s, the caches and
decoding steps :mod:`tests.oracle_cache`'s, each named here too (``oracle.forward``).
"""

from __future__ import annotations

from typing import Any

import sympy

from tests.declared import (
    needs_a_window,
    reads_image_sizes,
    targeted,
)
from tests.on_meta import build, named, torch, transformers
from tests.oracle_cache import (
    cached,
    cached_both,
    check_decoding_after_images,
    decoded,
    decoding_step,
    kept,
    prefilled,
    takes_cache,
)
from tests.oracle_run import forward, image_tokens, inputs, resized_image, with_mrope

__all__ = [
    "cached",
    "cached_both",
    "check_decoding_after_images",
    "decoded",
    "decoding_step",
    "forward",
    "image_tokens",
    "inputs",
    "kept",
    "prefilled",
    "resized_image",
    "takes_cache",
    "torch",
    "transformers",
    "with_mrope",
]


def bert(m: Any) -> dict[str, tuple[int, ...]]:
    v = m.values
    config = transformers.BertConfig(
        vocab_size=v["V"], hidden_size=v["H"], num_hidden_layers=v["N"],
        num_attention_heads=v["h"], intermediate_size=v["d_ff"],
        max_position_embeddings=v["L"], type_vocab_size=v["T"],
    )
    if m.architecture == "BertForMaskedLM":
        return build(transformers.BertForMaskedLM, config)
    return build(transformers.BertModel, config, add_pooling_layer=m.options["pooler"])


def gpt2(m: Any) -> dict[str, tuple[int, ...]]:
    v = m.values
    config = transformers.GPT2Config(
        vocab_size=v["V"], n_positions=v["L"], n_embd=v["H"], n_layer=v["N"], n_head=v["h"],
        n_inner=v["d_ff"],
    )
    cls = transformers.GPT2Model if m.architecture == "GPT2Model" else transformers.GPT2LMHeadModel
    return build(cls, config)


def bloom(m: Any) -> dict[str, tuple[int, ...]]:
    v = m.values
    config = transformers.BloomConfig(
        vocab_size=v["V"], hidden_size=v["H"], n_layer=v["N"], n_head=v["h"],
        tie_word_embeddings=m.options["tie_word_embeddings"],
    )
    cls = transformers.BloomModel if m.architecture == "BloomModel" \
        else transformers.BloomForCausalLM
    return build(cls, config)


def llama(m: Any) -> dict[str, tuple[int, ...]]:
    v = m.values
    extra = {"head_dim": v["d_head"]} if "d_head" in v else {}
    config = transformers.LlamaConfig(
        vocab_size=v["V"], hidden_size=v["H"], intermediate_size=v["d_ff"],
        num_hidden_layers=v["N"], num_attention_heads=v["h"], num_key_value_heads=v["h_kv"],
        attention_bias=m.options["attention_bias"], mlp_bias=m.options["mlp_bias"],
        tie_word_embeddings=m.options["tie_word_embeddings"], **extra,
    )
    cls = transformers.LlamaModel if m.architecture == "LlamaModel" \
        else transformers.LlamaForCausalLM
    return build(cls, config)


def transformer_body(m: Any) -> dict[str, tuple[int, ...]]:
    v = m.values
    with torch.device("meta"):
        module = torch.nn.Transformer(
            d_model=v["H"], nhead=v["h"], num_encoder_layers=v["N"],
            num_decoder_layers=v.get("N_dec", v["N"]), dim_feedforward=v["d_ff"],
            bias=m.options["bias"],
        )
    return named(module)


def mlp(m: Any) -> dict[str, tuple[int, ...]]:
    widths = [m.values[f"d_{k}"] for k in range(m.options["layers"] + 1)]
    module = torch.nn.Module()
    with torch.device("meta"):
        for k in range(1, len(widths)):
            setattr(module, f"linear{k}",
                    torch.nn.Linear(widths[k - 1], widths[k], bias=m.options["bias"]))
    return named(module)


ORACLES = {
    "bert": bert, "gpt2": gpt2, "bloom": bloom, "llama": llama, "transformer": transformer_body,
    "mlp": mlp,
}


def expected(m: Any) -> dict[str, tuple[int, ...]]:
    """The real class's tensors for a bound symparam model."""
    return ORACLES[m.family.name](m)


def from_config(config: dict[str, Any], cls_name: str) -> dict[str, tuple[int, ...]]:
    """The real class named ``cls_name`` built from a config.json's dict."""
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    hf_config = transformers.AutoConfig.for_model(config["model_type"], **data)
    return build(getattr(transformers, cls_name), hf_config)


def ours(m: Any) -> dict[str, tuple[int, ...]]:
    """symparam's tensors, expanded layer by layer, tied ones left out as torch does."""
    out: dict[str, tuple[int, ...]] = {}
    for entry in m.tensors():
        if entry.tied_to is None:
            bound = entry.substitute({s: sympy.Integer(m.values[s.name]) for s in _free(entry)})
            out.update(bound.expand())
    return out


def _free(entry: Any) -> set[Any]:
    symbols: set[Any] = set()
    for dim in entry.shape:
        symbols |= dim.free_symbols
    for _, count in entry.indices:
        symbols |= count.free_symbols
    return symbols


def refused_compute(m: Any) -> str | None:
    """The words of symparam's refusal where it derives no compute for a model: ELECTRA's
    multiple-choice head with a summary projected to the labels, SigLIP without its vision
    head or with a text head of another size than the image's embedding, Mistral 3 with an
    image of fewer patches a side than its merger joins, PaliGemma with image tokens of
    another width than its language model's (transformers cannot run them). (A
    decoder's cross-attention over an encoder it is not given, GPT-2's and
    BERT's, is not refused: it runs without it, as transformers runs it.)"""
    if m.label == "ElectraForMultipleChoice" and m.options.get("summary_to_labels") \
            and m.options.get("summary_projection"):
        return "cannot run with summary_proj_to_labels"
    if m.label == "SiglipModel" and m.values.get("d_proj") != m.values.get("H_vis"):
        return "SiglipModel cannot run with d_proj"  # checked before the tree's own refusals
    if m.label == "SiglipModel" and not m.options.get("vision_use_head"):
        return "cannot run without the vision head"
    if m.family.name == "paligemma" and m.values.get("d_proj") != m.values.get("H"):
        return "cannot run with d_proj"  # image tokens of another width than the text's
    if m.family.name == "paligemma" and m.options.get("gemma_window"):
        return "cannot run with gemma_window"  # a Gemma 2's windows for a Gemma
    if m.family.name == "idefics3" and (m.values["R"] // m.values["P"]) % m.values["m"]:
        return "cannot run with m"  # a patch grid the pixel shuffle cannot lay m × m
    if m.family.name == "mistral3" and "m" in m.values \
            and m.values["m"] > m.values["R"] // m.values["P"]:
        return "cannot run with m"  # an image of fewer patches a side than it merges
    return None


def routed(model_type: str) -> bool:
    """Whether a router picks experts in the model type (its active parameters differ)."""
    import symparam

    tree = symparam.model(model_type).tree
    return tree.active_params is not tree.params


def takes_target(config: dict[str, Any], label: str) -> bool:
    """Whether the class runs a decoder on its own target sequence (:func:`targeted`)."""
    return targeted(config["model_type"], label)


def cannot_run(model_type: str, label: str, error: BaseException) -> bool:
    """Whether ``error`` is the real class failing to run a layout it builds (not a symparam
    failure): Falcon's norm layouts (its forward looks for ln_attn, input_layernorm or
    mlp_layernorm_out that the layer does not have), T5 with too few relative-position buckets
    (a division by log(max_distance / (buckets / 4))), a decoder's sequence classifier that
    reads the last real token with .item() (a meta tensor cannot) or needs a pad token,
    DeepSeek-V2 with an odd d_nope (it views its rotary part as complex numbers), a hybrid's
    cache without one attention layer (its length is asked of an attention layer), Whisper
    built with real weights two wide (its sinusoidal table divides by H/2 − 1), Mistral 3 fed
    one image of one merged token (it squeezes the projector's one row to a vector, then
    splits that by the images' tokens)."""
    if model_type == "falcon" and isinstance(error, AttributeError | NameError):
        return True
    if model_type == "mistral3" and "split_with_sizes" in str(error):
        return True
    if model_type in ("t5", "mt5") and isinstance(error, ZeroDivisionError):
        return True
    if model_type == "whisper" and isinstance(error, ZeroDivisionError):
        return True  # its sinusoidal table divides by H/2 − 1: a width of 2 is not built
    if model_type == "deepseek_v2" and "divisible by 2" in str(error):
        return True  # its rotary part viewed as complex numbers: an odd d_nope cannot be
    if "only contain LinearAttention layers" in str(error):
        return True
    return (label.endswith("ForSequenceClassification")
            and isinstance(error, RuntimeError | ValueError)
            and ("meta" in str(error) or "padding token" in str(error)))


def or_reject(config: dict[str, Any], label: str, run: Any) -> Any:
    """``run()``, the example rejected (not failed) when the real class cannot run it: Falcon's
    old layout with grouped key/value heads and the DeBERTa layouts :func:`deberta_runs` names,
    which they build but cannot run forward, sliding layers without a window, and the failures
    :func:`cannot_run` names."""
    from hypothesis import reject

    model_type = config["model_type"]
    if model_type == "deberta-v2" and not deberta_runs(config, label):
        reject()
    text = config.get("text_config") or {}  # a composite's language model (Gemma 3's)
    if needs_a_window(model_type) and None in (config.get("sliding_window", 1),
                                                text.get("sliding_window", 1)):
        reject()  # sliding layers without a window: transformers cannot run them
    if model_type == "paligemma" and text.get("model_type", "gemma") == "gemma" \
            and text.get("sliding_window") is not None:
        reject()  # a window on Gemma 1, which has none: PaliGemma then hands its layers a mask
        # per kind of layer, a dict Gemma's attention cannot read (transformers raises)
    if reads_image_sizes(model_type, label) and config.get("image_token_index", 10) >= text.get(
            "vocab_size", 131072):
        reject()  # Mistral 3 embeds its image placeholder by id: one past the table fails
    if (model_type == "llama4_text" and config.get("attention_chunk_size", 1) is None) or (
            model_type == "llama4" and text.get("attention_chunk_size", 1) is None):
        reject()  # chunked layers (its default layer types) without a chunk: no cache for them
    if model_type == "falcon" and (
        not config.get("new_decoder_architecture") and config.get("multi_query") is False
        and config.get("num_kv_heads") not in (None, config["num_attention_heads"])
    ):
        reject()
    try:
        return run()
    except (AttributeError, NameError, ZeroDivisionError, RuntimeError, ValueError) as error:
        if cannot_run(model_type, label, error):
            reject()
        raise


def deberta_runs(config: dict[str, Any], label: str) -> bool:
    """Whether DeBERTa-v2 runs what it builds: its attention's output projection takes H (so
    h·attention_head_size must be H), its pooler a d_pool-wide first token (d_pool = H), the
    non-legacy MLM head multiplies H-wide states by the d_emb-wide word table (d_emb = H), and
    its convolution masks an output as long as its input (an odd kernel)."""
    hidden, heads = config["hidden_size"], config["num_attention_heads"]
    pooled = label in ("DebertaV2ForSequenceClassification", "DebertaV2ForMultipleChoice")
    direct = label == "DebertaV2ForMaskedLM" and config.get("legacy") is False
    kernel = config.get("conv_kernel_size") or 0
    return (config.get("attention_head_size", hidden // heads) * heads == hidden
            and (not pooled or config.get("pooler_hidden_size", hidden) == hidden)
            and (not direct or config.get("embedding_size", hidden) == hidden)
            and (kernel <= 0 or kernel % 2 == 1))


def routable(config: dict[str, Any]) -> dict[str, Any]:
    """``config`` made runnable on the CPU by transformers' DeepSeek-V3 when small: one group of
    experts (any E divides into it) of at least two (the router ranks a group by its best two),
    and as many key/value heads as query heads (the default 128 would repeat them zero times in
    a small model's eager attention); DeepSeek-V2 with a top k (its default is none, which it
    cannot route); GLM-4.5's router as DeepSeek-V3's. Other types are returned as they are."""
    if config["model_type"] == "deepseek_v2" and config.get("num_experts_per_tok") is None:
        return {**config, "num_experts_per_tok": 1}
    if config["model_type"] == "glm4_moe":  # DeepSeek-V3's router: one group of two at least
        return {**config, "n_group": 1, "topk_group": 1,
                "n_routed_experts": max(2, config["n_routed_experts"])}
    if config["model_type"] != "deepseek_v3":
        return config
    return {**config, "n_group": 1, "topk_group": 1,
            "n_routed_experts": max(2, config["n_routed_experts"]),
            "num_key_value_heads": config["num_attention_heads"]}
