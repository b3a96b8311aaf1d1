"""The oracle: the real classes (transformers, torch) built on the meta device, no weights.

Each function takes a symparam model with all values bound and returns the real class's
``named_parameters()`` as {name: shape}. Tied parameters appear once, under their owner's name,
as in torch.
"""

from __future__ import annotations

import importlib
import math
from typing import Any

import sympy

from tests.declared import (
    alone,
    at_eos,
    feeding,
    finds_real_images,
    indexes_by_value,
    needs_a_window,
    on_cpu,
    reads_image_sizes,
    targeted,
    uncached,
)
from tests.declared import family_of as _family_of
from tests.tools import need

torch = need("torch")
transformers = need("transformers")


def _skipped_on_meta(init: Any) -> Any:
    """torch's initialiser ``init``, doing nothing to a meta tensor: a meta tensor holds no
    values, so filling it changes nothing but costs torch's dispatch (about half of building a
    model on the meta device). Any other tensor is filled as before."""
    def skip(tensor: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(tensor, torch.Tensor) and tensor.is_meta:
            return tensor
        return init(tensor, *args, **kwargs)

    skip.skips_meta = True  # type: ignore[attr-defined]
    return skip


def _skip_initialisers_on_meta() -> None:
    """Every initialiser where torch's modules hold it (the fitter's list,
    :data:`symparam.fitting.meta.INITIALISERS`) made :func:`_skipped_on_meta`; once a process."""
    from symparam.fitting.meta import INITIALISERS, initialising_modules

    for module in initialising_modules():
        for name in INITIALISERS:
            init = getattr(module, name, None)
            if init is not None and not getattr(init, "skips_meta", False):
                setattr(module, name, _skipped_on_meta(init))


_skip_initialisers_on_meta()


def _named(module: Any) -> dict[str, tuple[int, ...]]:
    return {name: tuple(p.shape) for name, p in module.named_parameters()}


def _build(cls: Any, config: Any, **kwargs: Any) -> dict[str, tuple[int, ...]]:
    with torch.device("meta"):
        return _named(cls(config, **kwargs))


def bert(m: Any) -> dict[str, tuple[int, ...]]:
    v = m.values
    config = transformers.BertConfig(
        vocab_size=v["V"], hidden_size=v["H"], num_hidden_layers=v["N"],
        num_attention_heads=v["h"], intermediate_size=v["d_ff"],
        max_position_embeddings=v["L"], type_vocab_size=v["T"],
    )
    if m.architecture == "BertForMaskedLM":
        return _build(transformers.BertForMaskedLM, config)
    return _build(transformers.BertModel, config, add_pooling_layer=m.options["pooler"])


def gpt2(m: Any) -> dict[str, tuple[int, ...]]:
    v = m.values
    config = transformers.GPT2Config(
        vocab_size=v["V"], n_positions=v["L"], n_embd=v["H"], n_layer=v["N"], n_head=v["h"],
        n_inner=v["d_ff"],
    )
    cls = transformers.GPT2Model if m.architecture == "GPT2Model" else transformers.GPT2LMHeadModel
    return _build(cls, config)


def bloom(m: Any) -> dict[str, tuple[int, ...]]:
    v = m.values
    config = transformers.BloomConfig(
        vocab_size=v["V"], hidden_size=v["H"], n_layer=v["N"], n_head=v["h"],
        tie_word_embeddings=m.options["tie_word_embeddings"],
    )
    cls = transformers.BloomModel if m.architecture == "BloomModel" \
        else transformers.BloomForCausalLM
    return _build(cls, config)


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
    return _build(cls, config)


def transformer_body(m: Any) -> dict[str, tuple[int, ...]]:
    v = m.values
    with torch.device("meta"):
        module = torch.nn.Transformer(
            d_model=v["H"], nhead=v["h"], num_encoder_layers=v["N"],
            num_decoder_layers=v.get("N_dec", v["N"]), dim_feedforward=v["d_ff"],
            bias=m.options["bias"],
        )
    return _named(module)


def mlp(m: Any) -> dict[str, tuple[int, ...]]:
    widths = [m.values[f"d_{k}"] for k in range(m.options["layers"] + 1)]
    module = torch.nn.Module()
    with torch.device("meta"):
        for k in range(1, len(widths)):
            setattr(module, f"linear{k}",
                    torch.nn.Linear(widths[k - 1], widths[k], bias=m.options["bias"]))
    return _named(module)


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
    return _build(getattr(transformers, cls_name), hf_config)


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


def image_tokens(hf_config: Any) -> int:
    """The tokens an image becomes: Gemma 3's projector averages its patches' grid in blocks
    of side // ⌊√mm_tokens_per_image⌋ (``Gemma3MultiModalProjector``); LLaVA keeps the
    tower's states but the first under the ``default`` strategy (CLIP's class token, SigLIP's
    first patch); Mistral 3's merges its patches m × m; PaliGemma's projects every patch;
    Idefics3's and SmolVLM's pixel shuffle lays each m × m block into one token (their model's
    own ``image_seq_len``); InternVL's lays each m × m block into one token, m the inverse of
    its ``downsample_ratio`` (its processor's ``image_seq_length``); Llama 4's shuffles its
    patch grid by ``pixel_shuffle_ratio`` r (each 1/r × 1/r block into one token:
    ``pixel_shuffle``'s reshapes)."""
    side = _side(hf_config.vision_config.image_size) // _side(hf_config.vision_config.patch_size)
    if hf_config.model_type == "internvl":
        return int(side * hf_config.downsample_ratio) ** 2
    if hf_config.model_type == "llama4":
        return int(side * hf_config.vision_config.pixel_shuffle_ratio) ** 2
    if hf_config.model_type == "paligemma":
        return side * side
    if finds_real_images(hf_config.model_type):
        return int(side**2 / hf_config.scale_factor**2)
    if hf_config.model_type == "mistral3":
        return (side // hf_config.spatial_merge_size) ** 2
    if hf_config.model_type == "llava":
        states = side * side + (hf_config.vision_config.model_type == "clip_vision_model")
        return states - (hf_config.vision_feature_select_strategy == "default")
    kernel = side // int(hf_config.mm_tokens_per_image ** 0.5)
    return (side // kernel) ** 2


def _side(size: Any) -> int:
    """An image's or a patch's side, as a number or (InternVL's) a pair of equal numbers."""
    return size[0] if isinstance(size, list | tuple) else size


def with_mrope(config: dict[str, Any]) -> dict[str, Any]:
    """A Qwen2.5-VL config's language model given sections of its multimodal rotary embeddings
    that fit its heads where the file leaves them to transformers' default (16, 24, 24: heads of
    128), which a small head cannot split: they turn, weigh and multiply nothing."""
    family = _family_of(str(config.get("model_type")))
    if family is None or not family.resized:
        return config
    nested = isinstance(config.get("text_config"), dict)
    text = dict(config["text_config"]) if nested else dict(config)
    if text.get("rope_parameters") or text.get("rope_scaling"):
        return config
    from tools.hf_defaults import _field_defaults

    defaults = _field_defaults(type(transformers.AutoConfig.for_model(config["model_type"])
                                    ).sub_configs["text_config"])
    hidden = text.get("hidden_size") or defaults["hidden_size"]
    heads = text.get("num_attention_heads") or defaults["num_attention_heads"]
    head = text.get("head_dim") or defaults.get("head_dim") or hidden // heads  # Qwen3-VL's own
    text["rope_parameters"] = {"rope_type": "default", "rope_theta": 10000.0,
                               "mrope_section": [head // 2, 0, 0]}
    return {**config, "text_config": text} if nested else {**config, **text}


def resized_image(hf_config: Any, size: tuple[int, int] | None) -> tuple[Any, int]:
    """The grid (frames, rows, columns of patches) of an image of ``size`` pixels (height,
    width; symparam's default if None) as transformers' Qwen2-VL processor makes it, and the
    tokens it becomes."""
    from transformers.models.qwen2_vl.image_processing_pil_qwen2_vl import smart_resize

    from symparam.images import DEFAULT_IMAGE_SIZE, MAX_PIXELS, MIN_PIXELS

    vision = hf_config.vision_config
    merge = vision.spatial_merge_size
    height, width = smart_resize(*(size or DEFAULT_IMAGE_SIZE), factor=vision.patch_size * merge,
                                 min_pixels=MIN_PIXELS, max_pixels=MAX_PIXELS)
    grid = torch.tensor([[1, height // vision.patch_size, width // vision.patch_size]])
    return grid, int(grid.prod()) // merge**2


def prefilled(tiny: dict[str, Any], images: int, batch: int, seq: int) -> tuple[Any, Any]:
    """The class ``tiny`` (a small vision–language config.json's dict) names, with small real
    weights (seed 0), eager attention and experts, after a prompt of ``images`` images and
    ``seq`` text tokens a sequence: (the model, the DynamicCache generate makes)."""
    model_type, cls = tiny["model_type"], tiny["architectures"][0]
    data = {k: v for k, v in tiny.items() if k not in ("model_type", "architectures")}
    hf = transformers.AutoConfig.for_model(model_type, **data)
    for part in (hf, hf.text_config, hf.vision_config):
        part._attn_implementation = "eager"
        part._experts_implementation = "eager"  # Llama 4's experts: one matmul each, counted
    torch.manual_seed(0)
    model = getattr(transformers, cls)(hf).eval()
    fed = inputs(model_type, cls, hf, batch, seq, None, images)
    cache = transformers.DynamicCache(config=hf.get_text_config())
    with torch.no_grad():
        model(**fed, past_key_values=cache, use_cache=True)
    return model, cache


def decoding_step(model: Any, cache: Any, batch: int) -> int:
    """The FLOPs torch's counter sees for one new token a sequence after ``cache``."""
    from torch.utils.flop_counter import FlopCounterMode

    counter = FlopCounterMode(display=False)
    with torch.no_grad(), counter:
        model(input_ids=torch.ones((batch, 1), dtype=torch.long), past_key_values=cache,
              use_cache=True)
    return counter.get_total_flops()


def check_decoding_after_images(tiny: dict[str, Any], images: int, batch: int,
                                 seq: int) -> Any:
    """After a prompt of ``images`` images and ``seq`` text tokens (:func:`prefilled`), the
    KV cache symparam gives (fp32) is the numbers the real cache holds, and a decoding step's
    FLOPs are what torch's counter sees (:func:`decoding_step`). Returns symparam's model of
    ``tiny``."""
    import symparam
    from symparam.compute import compute
    from symparam.memory import memory

    model, cache = prefilled(tiny, images, batch, seq)
    m = symparam.from_hf_config(tiny)
    assert memory(m, seq=seq, batch=batch, dtype="fp32", images=images).kv_total == \
        4 * _held(cache.layers)
    assert compute(m, seq=seq, batch=batch, decode=True, images=images).flops == \
        decoding_step(model, cache, batch)
    return m


def inputs(model_type: str, cls: str, hf_config: Any, batch: int, seq: int,
           target: int | None, images: int = 1, image_size: tuple[int, int] | None = None
           ) -> dict[str, Any]:
    """What ``cls`` is fed: ``batch`` sequences of ``seq`` tokens, an image of the configured
    side for a vision model (both for a two-tower model), Whisper's mel frames (2·L_enc of them:
    its encoder takes no other length) with ``seq`` tokens for its decoder, and ``target``
    decoder tokens for an encoder–decoder; a vision–language model ``images`` images a
    sequence and ``seq`` text tokens after their image tokens (one after each image, for a model
    that reads images at their own resolution: ``seq`` must be at least ``images``)."""
    def image() -> Any:
        vision = getattr(hf_config, "vision_config", hf_config)
        side = _side(vision.image_size)
        return torch.zeros((batch, vision.num_channels, side, side))

    def tokens(length: int) -> Any:
        return torch.zeros((batch, length), dtype=torch.long)

    kind = feeding(model_type, cls)
    if kind == "resized":  # each image's patches, flattened as the processor gives them
        grid, per_image = resized_image(hf_config, image_size)
        ids = tokens(images * per_image + seq)
        for i in range(images):  # a text token after each image: transformers' positions
            start = i * (per_image + 1)  # take a run of image tokens for one image
            ids[:, start:start + per_image] = hf_config.image_token_id
        if not images:
            return {"input_ids": ids}
        vision = hf_config.vision_config
        patch = vision.in_channels * vision.temporal_patch_size * vision.patch_size ** 2
        pixels = torch.zeros((batch * images * int(grid.prod()), patch))
        types = (ids == hf_config.image_token_id).int()  # the processor's: 1 an image's token
        return {"input_ids": ids, "pixel_values": pixels, "mm_token_type_ids": types,
                "image_grid_thw": grid.repeat(batch * images, 1)}
    if kind == "image_tokens":
        marked = images * image_tokens(hf_config)
        # Mistral 3's processor ends each row of an image's tokens with [IMG_BREAK] or
        # [IMG_END]: text tokens in the sequence, one a row
        rows = images * math.isqrt(marked // images) if model_type == "mistral3" and images \
            else 0
        ids = tokens(marked + rows + seq)
        ids[:, :marked] = hf_config.image_token_id
        if not images:
            return {"input_ids": ids}
        vision = hf_config.vision_config
        side = _side(vision.image_size)
        pixels = torch.zeros((batch * images, vision.num_channels, side, side))
        if finds_real_images(model_type, cls):  # B × K images, not zeros: zeros are padding
            return {"input_ids": ids, "pixel_values": torch.ones(
                (batch, images, vision.num_channels, side, side))}
        if reads_image_sizes(model_type, cls):  # each image's size, as the processor gives it
            sizes = torch.tensor([[side, side]] * (batch * images))
            return {"input_ids": ids, "pixel_values": pixels, "image_sizes": sizes}
        return {"input_ids": ids, "pixel_values": pixels}
    if kind == "pixels":
        return {"pixel_values": image()}
    if kind == "paired":
        return {"input_ids": tokens(seq), "pixel_values": image()}
    if kind == "audio":
        frames = torch.zeros((batch, hf_config.num_mel_bins, 2 * hf_config.max_source_positions))
        if alone(model_type, cls):  # the frames alone: no decoder
            return {"input_features": frames}
        return {"input_features": frames, "decoder_input_ids": tokens(seq)}
    if cls.endswith("ForMultipleChoice"):  # each choice is one of the B sequences
        return {"input_ids": torch.zeros((1, batch, seq), dtype=torch.long)}
    fed: dict[str, Any] = {"input_ids": tokens(seq)}
    if uncached(model_type, cls):
        fed["use_cache"] = False
    if target is not None:  # an encoder–decoder's decoder input
        fed["decoder_input_ids"] = tokens(target)
    return fed


def forward(config: dict[str, Any], cls: str, batch: int, seq: int, target: int | None,
            watch: Any, eager: bool = False, device: str = "meta", images: int = 1,
            image_size: tuple[int, int] | None = None) -> Any:
    """Run the class named ``cls``, built on the meta device from the config.json ``config``,
    on the inputs :func:`inputs` makes inside ``watch(model)``, a context manager; returns the
    model. ``device="cpu"`` builds real (small!) weights, for the classes whose forward reads
    values (a mixture of experts routes each token by its scores)."""
    data = {k: v for k, v in with_mrope(config).items()
            if k not in ("model_type", "architectures")}
    if on_cpu(config["model_type"], cls):
        device, eager = "cpu", True  # small real weights, eager attention: the counter sees both
    if config["model_type"] == "llama4":  # its image placeholder embedded by id: one within
        vocab = (data.get("text_config") or {}).get("vocab_size", 202048)  # the table
        data["image_token_index"] = min(data.get("image_token_index", 200092), vocab - 1)
    if finds_real_images(config["model_type"], cls):  # its image placeholder embedded by id: one
        vocab = (data.get("text_config") or {}).get("vocab_size", 32000)  # within the table
        data["image_token_id"] = min(data.get("image_token_id", 128257), vocab - 1)
    if at_eos(config["model_type"], cls):
        device, eager = "cpu", True
        data = {"decoder_start_token_id": 0, **data, "eos_token_id": 0}
        if config["model_type"] == "mbart":  # its decoder starts at the last token that is
            data["pad_token_id"] = 1  # not padding: padding must differ from <eos>
    # BART's decoder builds its SDPA causal mask by reading a value (.item()), which a meta
    # tensor cannot give and eager attention does not need (the counter gives both attentions
    # the same products); a padding check that reads one goes with the pad token (tried last:
    # BART's classifiers need it to shift their input right)
    unpadded = {**data, "pad_token_id": None}
    attempts = ((data, eager), (data, True), (unpadded, eager), (unpadded, True))
    for tried, (attempt, eager) in enumerate(attempts, 1):
        hf_config = transformers.AutoConfig.for_model(config["model_type"], **attempt)
        if eager:  # attention and experts as plain torch code, each operation visible
            hf_config._attn_implementation = "eager"
            hf_config._experts_implementation = "eager"
            for sub in ("text_config", "vision_config"):
                if hasattr(hf_config, sub):
                    getattr(hf_config, sub)._attn_implementation = "eager"
        with torch.device(device):
            model = getattr(transformers, cls)(hf_config)
            fed = inputs(config["model_type"], cls, hf_config, batch, seq, target, images,
                         image_size)
        # no weight needs a gradient: FlopCounterMode's module tracker hooks the gradient of
        # every input that does, and DeBERTa passes a weight itself (its relative-position
        # table) into its layers, whose gradient no_grad leaves without a function
        model.eval().requires_grad_(False)
        if getattr(model, "_is_stateful", False):
            # a state-space model's cache pads a prompt shorter than its convolution to the
            # kernel's width: a plain forward keeps no state
            fed["use_cache"] = False
        try:
            with watch(model), torch.no_grad(), _placeholders_unchecked(config["model_type"], cls):
                model(**fed)
        except RuntimeError as error:
            if "meta" not in str(error) or tried == len(attempts):
                raise
            continue
        return model
    raise AssertionError("unreachable")


def _placeholders_unchecked(model_type: str, cls: str) -> Any:
    """Gemma 3 checks that its input holds as many image tokens as the images make with a
    value (``.item()``), which a meta tensor cannot give: the check is left out (the inputs
    hold that many by construction, :func:`inputs`). PaliGemma passes its positions (1, 2, …)
    to the mask, which looks for packed sequences in them by value: none are (each sequence
    is one run of positions), which the probe is told."""
    import contextlib
    from unittest import mock

    if feeding(model_type, cls) not in ("resized", "image_tokens"):
        return contextlib.nullcontext()
    module = importlib.import_module(f"transformers.models.{model_type}.modeling_{model_type}")
    unchecked = mock.patch.object(module, "torch_compilable_check",
                                  lambda *args, **kwargs: None)
    if model_type != "paligemma":
        return unchecked
    stack = contextlib.ExitStack()
    stack.enter_context(unchecked)
    stack.enter_context(mock.patch.object(importlib.import_module("transformers.masking_utils"),
                                          "find_packed_sequence_indices", lambda *args: None))
    return stack


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


def takes_cache(cls: str) -> bool:
    """Whether the class's forward takes ``past_key_values`` (a question-answering head and
    OpenAI GPT do not)."""
    import inspect

    return "past_key_values" in inspect.signature(getattr(transformers, cls).forward).parameters


def _small(config: dict[str, Any], cls: str) -> tuple[Any, Any]:
    """The real class built from ``config`` with small real weights on the CPU, eager attention
    and experts (a classifier that reads the last <eos> fed one at every token), and its
    config."""
    data = {k: v for k, v in with_mrope(config).items()
            if k not in ("model_type", "architectures")}
    if indexes_by_value(config["model_type"], cls):  # it classifies at the last <eos>: every
        # token fed is one (eos_token_id 0, the only token fed), and an encoder–decoder's
        # decoder starts from it where its config names no start token
        data = {"decoder_start_token_id": 0, **data, "eos_token_id": 0}
    hf_config = transformers.AutoConfig.for_model(config["model_type"], **data)
    hf_config._attn_implementation = "eager"
    hf_config._experts_implementation = "eager"
    return getattr(transformers, cls)(hf_config).eval(), hf_config


def _held(layers: Any) -> int:
    """The numbers a cache's layers hold: keys and values, conv and recurrent states."""
    total = 0
    for layer in layers:
        for name in ("keys", "values", "conv_states", "recurrent_states"):
            held = getattr(layer, name, None)
            held = held.values() if isinstance(held, dict) else [held]
            total += sum(t.numel() for t in held if isinstance(t, torch.Tensor))
    return total


def cached(config: dict[str, Any], cls: str, batch: int, seq: int) -> int:
    """The numbers the real class keeps in transformers' DynamicCache (the one generate
    makes) after ``batch`` sequences of ``seq`` tokens (small real weights on the CPU, eager
    attention and experts): full layers ``seq`` positions, sliding-window layers their last
    window − 1 (a window of one keeps every position: its slice [-W + 1:] is then whole)."""
    model, hf_config = _small(config, cls)
    cache = transformers.DynamicCache(config=hf_config)
    with torch.no_grad():
        model(input_ids=torch.zeros((batch, seq), dtype=torch.long), past_key_values=cache,
              use_cache=True)
    return _held(cache.layers)


def decoded(config: dict[str, Any], cls: str, batch: int, seq: int) -> int:
    """The FLOPs torch's counter sees the real class spend on one decoding step: one new token
    a sequence after ``batch`` sequences of ``seq`` tokens, held in the DynamicCache generate
    makes (small real weights on the CPU, eager attention and experts)."""
    from torch.utils.flop_counter import FlopCounterMode

    model, hf_config = _small(config, cls)
    cache = transformers.DynamicCache(config=hf_config)
    counter = FlopCounterMode(display=False)
    with torch.no_grad():
        model(input_ids=torch.zeros((batch, seq), dtype=torch.long), past_key_values=cache,
              use_cache=True)
        with counter:
            model(input_ids=torch.zeros((batch, 1), dtype=torch.long), past_key_values=cache,
                  use_cache=True)
    return counter.get_total_flops()


def cached_both(config: dict[str, Any], cls: str, batch: int, seq: int,
                target: int | None) -> int:
    """The numbers an encoder–decoder keeps in transformers' EncoderDecoderCache after a
    forward pass on ``batch`` sources of ``seq`` tokens (Whisper's mel frames) and ``target``
    decoder tokens (small real weights on the CPU, eager attention): its decoder's self-attention
    keys and values and those its cross-attention made of the encoder's states."""
    model, hf_config = _small(config, cls)
    fed = inputs(config["model_type"], cls, hf_config, batch, seq, target)
    fed.pop("use_cache", None)
    cache = transformers.EncoderDecoderCache(transformers.DynamicCache(),
                                             transformers.DynamicCache())
    with torch.no_grad():
        model(**fed, past_key_values=cache, use_cache=True)
    return _held([*cache.self_attention_cache.layers, *cache.cross_attention_cache.layers])


def kept(config: dict[str, Any], cls: str, batch: int, seq: int) -> int:
    """The numbers the real class keeps in the cache it makes itself after ``batch``
    sequences of ``seq`` tokens (small real weights on the CPU): keys and values of attention
    layers, the conv and recurrent states of state-space and linear-attention layers."""
    model, hf_config = _small(config, cls)
    ids = torch.zeros((batch, seq), dtype=torch.long)
    with torch.no_grad():
        out = model(input_ids=ids, use_cache=True)
        cache = getattr(out, "past_key_values", None) or getattr(out, "cache_params", None)
        if cache is None:  # a task head that returns no cache: the cache given it, filled
            cache = transformers.DynamicCache(config=hf_config)
            model(input_ids=ids, past_key_values=cache, use_cache=True)
    return _held(cache.layers)
