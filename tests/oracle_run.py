"""The oracle's forward passes: the real class built from a config.json's dict and run on the
inputs it is fed (token ids, an image of the configured side or as transformers' processor
resizes it, Whisper's mel frames, an encoder–decoder's target), under a watch such as torch's
FLOPs counter."""

from __future__ import annotations

import importlib
import math
from typing import Any

from tests.declared import (
    alone,
    at_eos,
    feeding,
    finds_real_images,
    on_cpu,
    reads_image_sizes,
    uncached,
)
from tests.declared import family_of as _family_of
from tests.on_meta import torch, transformers


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
