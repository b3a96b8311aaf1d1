"""LLaVA (``llava``: a CLIP or SigLIP tower, the two-layer projector, a LLaMA) against
transformers: both classes tensor by tensor on drawn configs, FLOPs against FlopCounterMode
(eager attention) at 0, 1 and 2 images a sequence, the defaults of a section a file leaves
out, and the towers and language models it does not build, refused in one line."""

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
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

CLASSES = ("LlavaForConditionalGeneration", "LlavaModel")


@st.composite
def small(draw: st.DrawFn) -> dict[str, Any]:
    """A small LLaVA: either tower, one or several feature layers, either strategy, the
    projector's biases and activation, the head tied by either key."""
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
    if tower == "siglip_vision_model":
        vision["vision_use_head"] = draw(st.booleans())
    text = {"model_type": "llama", "vocab_size": draw(st.integers(4, 40)),
            "hidden_size": heads * 2 * draw(st.integers(1, 3)),
            "intermediate_size": draw(st.integers(1, 24)),
            "num_hidden_layers": draw(st.integers(1, 3)), "num_attention_heads": heads,
            "num_key_value_heads": kv, "attention_bias": draw(st.booleans()),
            "mlp_bias": draw(st.booleans()), "tie_word_embeddings": draw(st.booleans())}
    layers = draw(st.sampled_from([-2, -1, 0, [-1], [-2, -1], [0, -1, -2]]))
    return {"model_type": "llava", "architectures": [draw(st.sampled_from(CLASSES))],
            "text_config": text, "vision_config": vision, "vision_feature_layer": layers,
            "vision_feature_select_strategy": draw(st.sampled_from(["default", "full"])),
            "multimodal_projector_bias": draw(st.booleans()),
            "projector_hidden_act": draw(st.sampled_from(["gelu", "silu", "relu"])),
            "tie_word_embeddings": draw(st.booleans())}


def _runs(config: dict[str, Any]) -> bool:
    """What transformers runs: the default strategy drops a SigLIP tower's first patch (an
    image of one patch then leaves no state to read), and ``vision_feature_layer: 0`` asks
    for no hidden state (transformers passes it as ``output_hidden_states``, which 0 turns
    off: its forward then finds none to pick)."""
    vision = config["vision_config"]
    side = vision["image_size"] // vision["patch_size"]
    return not (vision["model_type"] == "siglip_vision_model" and side == 1
                and config["vision_feature_select_strategy"] == "default") \
        and config["vision_feature_layer"] != 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small())
def test_both_classes_tensor_by_tensor(config: dict[str, Any]) -> None:
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, m.label)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small(), st.integers(0, 2), st.integers(1, 2), st.integers(1, 5))
def test_flops_at_each_number_of_images(config: dict[str, Any], images: int, batch: int,
                                        seq: int) -> None:
    """The whole tower on B·K images (every layer runs, whichever it keeps), the projector on
    the states kept, the language model on s text tokens and each image's tokens."""
    from tests.test_flops import counted

    if not _runs(config):
        return
    m = symparam.from_hf_config(config)
    assert compute(m, seq=seq, batch=batch, images=images).flops == \
        counted(config, m.label, batch, seq, images=images)


def _real(config: dict[str, Any]) -> int:
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    hf = transformers.AutoConfig.for_model("llava", **data)
    with torch.device("meta"):
        return getattr(transformers, config["architectures"][0])(hf).num_parameters()


@pytest.mark.parametrize("vision", [None, {}, {"hidden_size": 64, "num_attention_heads": 4}])
def test_a_section_left_out_is_llava_s_own_tower(vision: dict[str, Any] | None) -> None:
    """Without a vision_config LlavaConfig builds CLIP ViT-L/14 at 336 pixels (its own
    defaults for the section); with one, even empty, CLIPVisionConfig's defaults fill it."""
    config: dict[str, Any] = {"model_type": "llava", "architectures": ["LlavaModel"]}
    if vision is not None:
        config["vision_config"] = vision
    m = symparam.from_hf_config(config)
    assert m.count() == _real(config)
    assert m.values["H_vis"] == (1024 if vision is None else vision.get("hidden_size", 768))


@pytest.mark.parametrize(("section", "named"), [("vision_config", "dinov2"),
                                                ("text_config", "mistral")])
def test_what_it_does_not_build_is_refused_in_one_line(
        section: str, named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": "llava", section: {"model_type": named}}),
                    encoding="utf-8")
    assert main(["count", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{section}.model_type" in err and named in err


def test_the_images_line_says_the_states_kept(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """LLaVA-1.5's tower: 336-pixel images in 14-pixel patches, 24 × 24 = 576 patches and a
    class token; the default strategy drops the class token's state: 576 tokens an image."""
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": "llava"}), encoding="utf-8")
    assert main(["flops", str(path), "--seq", "8", "--images", "2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["images"]["patches_per_image"] == 24 * 24
    assert record["images"]["tokens_per_image"] == 24 * 24
    assert record["images"]["image_tokens"] == 2 * 24 * 24
