"""LLaVA-NeXT (``llava_next``: a CLIP or SigLIP tower, the two-layer projector, the learned
image newline, a LLaMA or a Mistral) and LLaVA-OneVision (``llava_onevision``: the same over a
Qwen2) against transformers: every class tensor by tensor on drawn configs, the defaults of a
section a file leaves out, the language models it does not build refused in one line, and
FLOPs and images refused in one line naming why (an image's tokens depend on its size:
anyres)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam.cli import main
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


@pytest.mark.parametrize("kind", sorted(CLASSES))
@pytest.mark.parametrize("command", [
    ["flops", "--seq", "8"], ["flops", "--seq", "8", "--images", "2"],
    ["memory", "--seq", "8", "--images", "2"], ["memory", "--image-size", "600x400"]])
def test_flops_and_images_are_refused_in_one_line_naming_why(
        kind: str, command: list[str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": kind}), encoding="utf-8")
    assert main([command[0], str(path), *command[1:]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "image_grid_pinpoints" in err


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
