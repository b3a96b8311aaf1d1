"""LLaVA-NeXT (``llava_next``: a CLIP or SigLIP tower, the two-layer projector, the learned
image newline, a LLaMA or a Mistral) and LLaVA-OneVision (``llava_onevision``: the same over a
Qwen2) against transformers: every class tensor by tensor on drawn configs, the defaults of a
section a file leaves out, the language models it does not build refused in one line; FLOPs
against FlopCounterMode on the real classes fed images of drawn sizes (anyres: the tiles and
tokens transformers' own processor and model arithmetic make), the tokens of an image at the
config classes' own sizes against the processor's, and what transformers cannot run refused in
one line naming why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam.cli import main
from symparam.compute import compute
from symparam.images import reading
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

CLASSES = {"llava_next": ("LlavaNextForConditionalGeneration", "LlavaNextModel"),
           "llava_onevision": ("LlavaOnevisionForConditionalGeneration", "LlavaOnevisionModel")}
TEXTS = {"llava_next": ("llama", "mistral"), "llava_onevision": ("qwen2",)}


@st.composite
def small(draw: st.DrawFn) -> dict[str, Any]:
    """A small LLaVA-NeXT or LLaVA-OneVision: either tower, one or several feature layers,
    either strategy, the projector's biases and activation, each language model it builds
    (with keys that model does not read, and a head size), the head tied by either key
    (only the composite config's ties it), a Mistral's sizes left out (MistralConfig's
    defaults, not LLaMA's), the grid pinpoints (which change no weight)."""
    kind = draw(st.sampled_from(sorted(CLASSES)))
    text_type = draw(st.sampled_from(TEXTS[kind]))
    kv = draw(st.integers(1, 2))
    heads = kv * draw(st.integers(1, 2))
    vheads = draw(st.integers(1, 3))
    patch = draw(st.integers(1, 3))
    tower = draw(st.sampled_from(["clip_vision_model", "siglip_vision_model"]))
    vision: dict[str, Any] = {
        "model_type": tower, "hidden_size": vheads * draw(st.integers(1, 4)),
        "num_attention_heads": vheads, "intermediate_size": draw(st.integers(1, 16)),
        "num_hidden_layers": draw(st.integers(1, 3)), "patch_size": patch,
        "image_size": patch * draw(st.integers(1, 3)), "num_channels": draw(st.integers(1, 3))}
    if tower == "siglip_vision_model" and draw(st.booleans()):
        vision["vision_use_head"] = draw(st.booleans())
    text = {"model_type": text_type, "vocab_size": draw(st.integers(4, 40)),
            "hidden_size": heads * 2 * draw(st.integers(1, 3)),
            "intermediate_size": draw(st.integers(1, 24)),
            "num_hidden_layers": draw(st.integers(1, 3)), "num_attention_heads": heads,
            "num_key_value_heads": kv, "attention_bias": draw(st.booleans()),
            "mlp_bias": draw(st.booleans()), "tie_word_embeddings": draw(st.booleans()),
            "hidden_act": draw(st.sampled_from(["silu", "gelu"]))}
    if draw(st.booleans()):
        text["head_dim"] = 2 * draw(st.integers(1, 3))
    if text_type == "mistral" and draw(st.booleans()):
        del text["intermediate_size"]
    layers = draw(st.sampled_from([-2, -1, 0, [-1], [-2, -1], [0, -1, -2]]))
    config = {"model_type": kind, "architectures": [draw(st.sampled_from(CLASSES[kind]))],
              "text_config": text, "vision_config": vision, "vision_feature_layer": layers,
              "vision_feature_select_strategy": draw(st.sampled_from(["default", "full"])),
              "multimodal_projector_bias": draw(st.booleans()),
              "projector_hidden_act": draw(st.sampled_from(["gelu", "silu", "relu"])),
              "tie_word_embeddings": draw(st.booleans())}
    if draw(st.booleans()):
        config["image_grid_pinpoints"] = [[patch * 2, patch * 4], [patch * 4, patch * 2]]
    return config


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small())
def test_every_class_tensor_by_tensor(config: dict[str, Any]) -> None:
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, m.label)


def _real(config: dict[str, Any]) -> int:
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    hf = transformers.AutoConfig.for_model(config["model_type"], **data)
    with torch.device("meta"):
        return getattr(transformers, config["architectures"][0])(hf).num_parameters()


@pytest.mark.parametrize("kind", sorted(CLASSES))
@pytest.mark.parametrize("section", [None, {}, {"hidden_size": 256, "num_attention_heads": 32}])
@pytest.mark.parametrize("which", ["vision_config", "text_config"])
def test_a_section_left_out_takes_the_type_s_own(kind: str, section: dict[str, Any] | None,
                                                  which: str) -> None:
    """Without a vision_config LlavaNextConfig builds CLIP ViT-L/14 at 336 pixels and
    LlavaOnevisionConfig SigLIP's 384-pixel tower without its head (their own defaults for the
    section); with one, even empty, the tower's config class fills it. Without a text_config,
    a LLaMA (NeXT) or a Qwen2 (OneVision) of the config class's defaults."""
    for name in CLASSES[kind]:
        config: dict[str, Any] = {"model_type": kind, "architectures": [name]}
        if section is not None:
            config[which] = section
        assert symparam.from_hf_config(config).count() == _real(config), name


@pytest.mark.parametrize(("kind", "section", "named"), [
    ("llava_next", "vision_config", "dinov2"), ("llava_next", "text_config", "qwen2"),
    ("llava_onevision", "text_config", "llama"), ("llava_onevision", "vision_config", "dinov2")])
def test_what_it_does_not_build_is_refused_in_one_line(
        kind: str, section: str, named: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": kind, section: {"model_type": named}}),
                    encoding="utf-8")
    assert main(["count", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{section}.model_type" in err and named in err


def _flops(config: dict[str, Any], batch: int, seq: int, images: int,
           size: tuple[int, int]) -> int:
    """FlopCounterMode's count of the real class, built on the CPU with small real weights
    (its forward reads each image's size by value, which a meta tensor cannot give) and eager
    attention, fed ``batch`` sequences of ``images`` images of ``size`` pixels — pixel values
    of as many tiles as transformers' own ``image_size_to_num_patches`` says, the sizes as the
    processor gives them, LLaVA-OneVision's images a sequence — and as many image tokens as
    transformers' own processor arithmetic says (the model checks them against its features),
    then ``seq`` text tokens."""
    from torch.utils.flop_counter import FlopCounterMode

    kind = config["model_type"]
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    vocab = data["text_config"]["vocab_size"]
    data["image_token_index"] = vocab - 1  # within the small table
    hf = transformers.AutoConfig.for_model(kind, **data)
    for sub in (hf, hf.text_config, hf.vision_config):
        sub._attn_implementation = "eager"
    module = getattr(transformers.models, kind)
    with torch.device("cpu"):
        model = getattr(transformers, config["architectures"][0])(hf).eval()
    vision = hf.vision_config
    several = kind == "llava_onevision" and images > 1
    tiles = 1 if several else module.modeling_llava_next.image_size_to_num_patches(
        size, hf.image_grid_pinpoints, vision.image_size) if kind == "llava_next" else \
        module.modeling_llava_onevision.image_size_to_num_patches(
            size, hf.image_grid_pinpoints, vision.image_size)
    processor = _processor(kind, hf)
    per_image = processor.num_image_tokens + 1 if several else \
        processor._get_number_of_features(size[0], size[1], vision.image_size, vision.image_size)
    if hf.vision_feature_select_strategy == "default":
        per_image -= 1
    ids = torch.zeros((batch, images * per_image + seq), dtype=torch.long)
    ids[:, :images * per_image] = vocab - 1
    fed: dict[str, Any] = {"input_ids": ids}
    if images:
        fed["pixel_values"] = torch.zeros((batch * images, tiles, vision.num_channels,
                                           vision.image_size, vision.image_size))
        fed["image_sizes"] = torch.tensor([list(size)] * (batch * images))
        if kind == "llava_onevision":
            fed["batch_num_images"] = torch.tensor([images] * batch)
    counter = FlopCounterMode(display=False)
    with counter, torch.no_grad():
        model(**fed)
    return counter.get_total_flops()


def _processor(kind: str, hf: Any) -> Any:
    """transformers' processor for ``kind``, its arithmetic alone: the tile size and patches of
    the config's tower, its pinpoints, its strategy (no tokenizer is loaded)."""
    vision = hf.vision_config
    side = vision.image_size // vision.patch_size
    cls = getattr(transformers, "LlavaOnevisionProcessor" if kind == "llava_onevision"
                  else "LlavaNextProcessor")
    processor = object.__new__(cls)
    processor.image_processor = type("Pinpoints", (), {
        "image_grid_pinpoints": hf.image_grid_pinpoints})()
    processor.patch_size = vision.patch_size
    processor.vision_feature_select_strategy = hf.vision_feature_select_strategy
    processor.num_additional_image_tokens = int(vision.model_type == "clip_vision_model")
    processor.num_image_tokens = side * side
    processor.vision_aspect_ratio = getattr(hf, "vision_aspect_ratio", "")
    return processor


@st.composite
def runnable(draw: st.DrawFn) -> tuple[dict[str, Any], int, int, int, tuple[int, int]]:
    """A small config of either type (:func:`small`) transformers can run on images — a
    strategy that keeps ⌊R/P⌋² states a tile (CLIP's default, SigLIP's full), pinpoints a
    whole number of tiles a side — and a batch, text, images a sequence and an image's size
    (any aspect ratio, small or large beside the pinpoints; for LLaVA-OneVision a K of
    anyres_max_K small enough to shrink the grid's features)."""
    config = draw(small())
    vision = config["vision_config"]
    if config["model_type"] == "llava_onevision":  # its processor and model agree on full
        vision["model_type"] = "siglip_vision_model"
    if config["vision_feature_layer"] == 0:  # read as "no hidden states": transformers fails
        config["vision_feature_layer"] = -1
    config["vision_feature_select_strategy"] = \
        "default" if vision["model_type"] == "clip_vision_model" else "full"
    tile = vision["image_size"]
    pairs = draw(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 3)), min_size=1,
                          max_size=4))
    config["image_grid_pinpoints"] = [[tile * a, tile * b] for a, b in pairs]
    if config["model_type"] == "llava_onevision" and draw(st.booleans()):
        config["vision_aspect_ratio"] = f"anyres_max_{draw(st.integers(1, 4))}"
    size = (draw(st.integers(1, 4 * tile + 7)), draw(st.integers(1, 4 * tile + 7)))
    return (config, draw(st.integers(1, 2)), draw(st.integers(1, 3)), draw(st.integers(0, 2)),
            size)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runnable())
def test_flops_match_flop_counter_mode_at_drawn_image_sizes(
        drawn: tuple[dict[str, Any], int, int, int, tuple[int, int]]) -> None:
    config, batch, seq, images, size = drawn
    m = symparam.from_hf_config(config)
    ours = compute(m, seq=seq, batch=batch, images=images, image_size=size).flops
    assert ours == _flops(config, batch, seq, images, size)


@pytest.mark.parametrize("kind", sorted(CLASSES))
@pytest.mark.parametrize("size", [(448, 448), (600, 800), (1080, 1920), (1920, 1080),
                                  (3000, 200), (37, 2000)])
def test_the_tokens_of_an_image_are_the_processor_s(kind: str, size: tuple[int, int]) -> None:
    """At the config classes' own sizes and pinpoints (LLaVA-NeXT's 336-pixel CLIP, OneVision's
    384-pixel SigLIP and anyres_max_9), the tokens symparam says an image becomes are what
    transformers' processor puts in the sequence, and its tiles what the model cuts."""
    m = symparam.from_hf_config({"model_type": kind})
    hf = transformers.AutoConfig.for_model(kind)
    found = reading(m, 1, size)
    vision = hf.vision_config
    expected = _processor(kind, hf)._get_number_of_features(*size, vision.image_size,
                                                             vision.image_size)
    if hf.vision_feature_select_strategy == "default":
        expected -= 1
    module = getattr(transformers.models, kind)
    tiles = getattr(module, f"modeling_{kind}").image_size_to_num_patches(
        size, hf.image_grid_pinpoints, vision.image_size)
    assert (found.per_image, found.anyres.tiles) == (expected, tiles)
    said = reading(m, 2, size)
    assert said.tokens == 2 * said.per_image


@pytest.mark.parametrize(("kind", "change", "named"), [
    ("llava_next", {"vision_feature_select_strategy": "full"}, "vision_feature_select_strategy"),
    ("llava_onevision", {"vision_feature_select_strategy": "default"},
     "vision_feature_select_strategy"),
    ("llava_next", {"image_grid_pinpoints": [[336, 500]]}, "image_grid_pinpoints"),
    ("llava_next", {"image_grid_pinpoints": [0]}, "image_grid_pinpoints"),
    ("llava_onevision", {"vision_aspect_ratio": "gelu"}, "vision_aspect_ratio")])
@pytest.mark.parametrize("command", [["flops", "--seq", "8"],
                                     ["memory", "--seq", "8", "--image-size", "600x400"]])
def test_what_transformers_cannot_run_is_refused_in_one_line(
        kind: str, change: dict[str, Any], named: str, command: list[str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A strategy that keeps other than ⌊R/P⌋² states a tile (the model lays them on that
    grid), pinpoints not a whole number of tiles or no pairs, an aspect ratio with no number:
    transformers builds these (the weights are counted) but cannot read an image with them."""
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": kind, **change}), encoding="utf-8")
    assert main(["count", str(path)]) == 0
    capsys.readouterr()
    assert main([command[0], str(path), *command[1:]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err


@pytest.mark.parametrize("kind", sorted(CLASSES))
def test_the_command_line_says_the_tiles_and_tokens(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": kind}), encoding="utf-8")
    assert main(["flops", str(path), "--seq", "8", "--image-size", "600x800", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)["images"]
    m = symparam.from_hf_config({"model_type": kind})
    found = reading(m, 1, (600, 800))
    assert said["tokens_per_image"] == found.per_image
    assert said["tiles_per_image"] == found.anyres.tiles
    assert f"{found.per_image:,} tokens" in said["text"]


@pytest.mark.parametrize("kind", sorted(CLASSES))
@pytest.mark.parametrize(("top", "text"), [(False, True), (True, False), (None, True)])
def test_which_key_ties_the_head(kind: str, top: bool | None, text: bool) -> None:
    """LlavaOnevisionConfig, as LlavaConfig, ties the head where its own tie_word_embeddings
    or its text config's says so; LlavaNextConfig reads its own alone."""
    small_text = {"vocab_size": 64, "hidden_size": 8, "intermediate_size": 8,
                  "num_hidden_layers": 1, "num_attention_heads": 2, "num_key_value_heads": 2,
                  "tie_word_embeddings": text}
    config: dict[str, Any] = {"model_type": kind, "architectures": [CLASSES[kind][0]],
                              "text_config": small_text,
                              "vision_config": {"hidden_size": 8, "num_attention_heads": 2,
                                                "intermediate_size": 8, "num_hidden_layers": 1,
                                                "image_size": 4, "patch_size": 2}}
    if top is not None:
        config["tie_word_embeddings"] = top
    assert symparam.from_hf_config(config).count() == _real(config)


def test_its_options_are_llava_s_and_its_own() -> None:
    """LLaVA-NeXT's options are LLaVA's, in their order, less text_llama (a LLaMA, a Mistral
    or a Qwen2 here), its biases said to be a LLaMA's; and its own: Qwen2's q, k, v biases, the
    language models, the processor's settings."""
    from dataclasses import replace

    from symparam.architectures import llava, llava_next

    ours = {o.name: o for o in llava_next.FAMILY.options}
    for option in llava.FAMILY.options:
        if option.name == "text_llama":
            assert option.name not in ours
            continue
        assert replace(ours[option.name], help=option.help) == option, option.name
    assert set(ours) - {o.name for o in llava.FAMILY.options} == {
        "qkv_bias", "text_mistral", "text_qwen2", "grid_pinpoints", "aspect_ratio",
        "whole_when_several"}


@pytest.mark.parametrize("kind", sorted(CLASSES))
def test_the_page_starts_from_the_commands_image(kind: str) -> None:
    """The page's image inputs start where ``symparam flops`` does without --image-size: one
    image of the default size, its tiles and tokens as symparam.anyres works them out, said in
    every language."""
    from html import unescape

    from symparam.images import DEFAULT_IMAGE_SIZE, bound
    from symparam.markup import Words
    from symparam.page import page

    m = symparam.from_hf_config({"model_type": kind})
    html = unescape(page(m))
    start = bound(m, None)
    for name in ("n_img", "s_img", "n_tile"):
        assert f'data-name="{name}"' in html and f'value="{start[name]}"' in html, name
    height, width = DEFAULT_IMAGE_SIZE
    for lang in ("en", "zh", "ko"):
        said = Words().plain(lang, "page.images_start_anyres", height=height, width=width,
                             flops="<code>symparam flops</code>",
                             option="<code>--image-size</code>")
        assert said in html, lang
