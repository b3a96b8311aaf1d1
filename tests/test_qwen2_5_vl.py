"""Qwen2.5-VL (``qwen2_5_vl``: its vision transformer with windowed attention, the patch merger,
a Qwen2 decoder), Qwen2-VL (``qwen2_vl``: its LayerNorm tower without windows), Qwen3-VL and
Qwen3-VL-MoE (``qwen3_vl_moe``: its decoder's experts) against transformers: both classes
tensor by tensor on drawn configs, nested or flat as hub files are; FLOPs against
FlopCounterMode (eager attention, on the CPU: the windows are read off the grid's values) at 0,
1 and 2 images of drawn sizes, made by transformers' own processor arithmetic; the resizing
itself against transformers' ``smart_resize`` and its image processor; the published 7B file;
the command line's ``--image-size``."""

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
from symparam.figures import figures
from symparam.images import MAX_PIXELS, MIN_PIXELS, reading, resized
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

CLASSES = {"qwen2_5_vl": ("Qwen2_5_VLForConditionalGeneration", "Qwen2_5_VLModel"),
           "qwen2_vl": ("Qwen2VLForConditionalGeneration", "Qwen2VLModel"),
           "qwen3_vl": ("Qwen3VLForConditionalGeneration", "Qwen3VLModel"),
           "qwen3_vl_moe": ("Qwen3VLMoeForConditionalGeneration", "Qwen3VLMoeModel")}
PUBLISHED = Path(__file__).parent / "configs" / "fitted" / "qwen2.5-vl-7b-instruct.json"


@st.composite
def small_3(draw: st.DrawFn, runnable: bool = False) -> dict[str, Any]:
    """A small Qwen3-VL: Qwen2.5-VL's sizes (:func:`small_25`, its text nested as Qwen3-VL's
    files are), a head size of its own, a position table, DeepStack blocks listed (some out of
    range, repeated or none), attention biases or not."""
    config = draw(small_25(runnable))
    text = config.pop("text_config", None) or {
        k: config.pop(k) for k in ("vocab_size", "hidden_size", "intermediate_size",
                                   "num_hidden_layers", "num_attention_heads",
                                   "num_key_value_heads", "rope_parameters")}
    head = 2 * draw(st.integers(1, 3))
    text.update(head_dim=head, attention_bias=draw(st.booleans()),
                rope_parameters={"rope_type": "default", "rope_theta": 10000.0,
                                 "mrope_section": [head // 2, 0, 0]})
    vision = config["vision_config"]
    config["vision_config"] = {
        **{k: vision[k] for k in ("depth", "hidden_size", "num_heads", "intermediate_size",
                                  "patch_size", "temporal_patch_size", "spatial_merge_size",
                                  "in_channels", "out_hidden_size")},
        "num_position_embeddings": draw(st.sampled_from([1, 4, 9, 16])),
        "deepstack_visual_indexes": draw(st.lists(st.integers(-1, 3), max_size=3))}
    config.update(model_type="qwen3_vl", text_config=text,
                  architectures=[draw(st.sampled_from(CLASSES["qwen3_vl"]))])
    return config


@st.composite
def small_3moe(draw: st.DrawFn, runnable: bool = False) -> dict[str, Any]:
    """A small Qwen3-VL-MoE: Qwen3-VL's (:func:`small_3`) with experts of their own width, a
    step of sparse layers, layers listed as dense (some out of range, repeated or none) or the
    list left out; the head size given or left out."""
    config = draw(small_3(runnable))
    text = config["text_config"]
    text["num_hidden_layers"] = draw(st.integers(1, 4))
    experts = draw(st.integers(1, 4))
    text.update(moe_intermediate_size=draw(st.integers(1, 12)), num_experts=experts,
                num_experts_per_tok=draw(st.integers(1, experts)),
                decoder_sparse_step=draw(st.integers(1, 3)))
    if draw(st.booleans()):  # left out: transformers takes H // h, Qwen3-VL's 128
        del text["head_dim"]
    listed = draw(st.none() | st.lists(st.integers(0, 5), max_size=3))
    if listed is not None:
        text["mlp_only_layers"] = listed
    config.update(model_type="qwen3_vl_moe",
                  architectures=[draw(st.sampled_from(CLASSES["qwen3_vl_moe"]))])
    return config


@st.composite
def small_2(draw: st.DrawFn, runnable: bool = False) -> dict[str, Any]:
    """A small Qwen2-VL: Qwen2.5-VL's (:func:`small_25`) with Qwen2-VL's tower: its width
    ``embed_dim``, its MLP mlp_ratio times as wide, its merger's output ``hidden_size``."""
    config = draw(small_25(runnable))
    vision = config["vision_config"]
    config["vision_config"] = {
        "depth": vision["depth"], "embed_dim": vision["hidden_size"],
        "num_heads": vision["num_heads"], "mlp_ratio": draw(st.integers(1, 3)),
        "patch_size": vision["patch_size"], "temporal_patch_size": vision["temporal_patch_size"],
        "spatial_merge_size": vision["spatial_merge_size"],
        "in_channels": vision["in_channels"], "hidden_size": vision["out_hidden_size"],
        "hidden_act": draw(st.sampled_from(["quick_gelu", "gelu"]))}
    config["model_type"] = "qwen2_vl"
    config["architectures"] = [draw(st.sampled_from(CLASSES["qwen2_vl"]))]
    return config


@st.composite
def small_25(draw: st.DrawFn, runnable: bool = False) -> dict[str, Any]:
    """A small Qwen2.5-VL: vision heads of a multiple of 4 numbers (its rotary embeddings turn
    a quarter of each along rows, a quarter along columns), any blocks listed as full (some out
    of range), windows of one to three merged tokens, the text keys nested or at the top of
    the file, either tie; ``runnable``: a merger as wide as the language model."""
    kv = draw(st.integers(1, 2))
    heads = kv * draw(st.integers(1, 2))
    head = 2 * draw(st.integers(1, 3))
    vheads = draw(st.integers(1, 2))
    patch, merge = draw(st.integers(2 if runnable else 1, 3)), draw(st.integers(1, 2))
    depth = draw(st.integers(1, 3))
    hidden = heads * head
    text = {"vocab_size": draw(st.integers(8, 40)), "hidden_size": hidden,
            "intermediate_size": draw(st.integers(1, 24)),
            "num_hidden_layers": draw(st.integers(1, 2)), "num_attention_heads": heads,
            "num_key_value_heads": kv,
            "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0,
                                "mrope_section": [head // 2, 0, 0]}}
    vision = {"depth": depth, "hidden_size": 4 * vheads * draw(st.integers(1, 2)),
              "num_heads": vheads, "intermediate_size": draw(st.integers(1, 16)),
              "patch_size": patch, "temporal_patch_size": draw(st.integers(1, 2)),
              "spatial_merge_size": merge, "in_channels": draw(st.integers(1, 3)),
              "window_size": patch * merge * draw(st.integers(2 if runnable else 1, 3)),
              "fullatt_block_indexes": draw(st.lists(st.integers(-1, 3), max_size=3)),
              "out_hidden_size": hidden if runnable else draw(st.integers(1, 24))}
    config: dict[str, Any] = {
        "model_type": "qwen2_5_vl",
        "architectures": [draw(st.sampled_from(CLASSES["qwen2_5_vl"]))],
        "vision_config": vision, "image_token_id": 3, "video_token_id": 4,
        "vision_start_token_id": 5, "vision_end_token_id": 6,
        "tie_word_embeddings": draw(st.booleans())}
    if draw(st.booleans()):
        config["text_config"] = text
    else:  # flat, as the hub's files are
        config.update(text)
    return config


STRATEGIES = {"qwen2_5_vl": small_25, "qwen2_vl": small_2, "qwen3_vl": small_3,
              "qwen3_vl_moe": small_3moe}


@pytest.mark.parametrize("model_type", sorted(STRATEGIES))
def test_both_classes_tensor_by_tensor(model_type: str) -> None:
    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(STRATEGIES[model_type]())
    def check(config: dict[str, Any]) -> None:
        m = symparam.from_hf_config(config)
        assert oracle.ours(m) == oracle.from_config(config, m.label)

    check()


@pytest.mark.parametrize("model_type", sorted(STRATEGIES))
def test_flops_at_each_number_and_size_of_images(model_type: str) -> None:
    """The tower on each image's patches (Qwen2.5-VL's full blocks over all of them, the others
    window by window), the mergers on its tokens, the language model on the text and the
    images' tokens."""
    from tests.test_flops import counted

    @settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(STRATEGIES[model_type](runnable=True), st.integers(0, 2), st.integers(1, 2),
           st.integers(2, 5), st.tuples(st.integers(1, 40), st.integers(1, 40)))
    def check(config: dict[str, Any], images: int, batch: int, seq: int,
              size: tuple[int, int]) -> None:
        if max(size) / min(size) > 200:
            return
        m = symparam.from_hf_config(config)
        assert compute(m, seq=seq, batch=batch, images=images, image_size=size).flops == \
            counted(config, m.label, batch, seq, device="cpu", images=images, image_size=size)

    check()


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5000), st.integers(1, 5000), st.sampled_from([2, 4, 14, 28, 32]))
def test_resizing_is_transformers_own(height: int, width: int, factor: int) -> None:
    from transformers.models.qwen2_vl.image_processing_pil_qwen2_vl import smart_resize

    if max(height, width) / min(height, width) > 200:
        return
    assert resized(height, width, factor) == smart_resize(height, width, factor, MIN_PIXELS,
                                                          MAX_PIXELS)


@pytest.mark.parametrize("size", [(448, 448), (1080, 1920), (37, 901)])
def test_the_tokens_are_those_of_transformers_processor(size: tuple[int, int]) -> None:
    """The published 7B's tower (14-pixel patches, merged 2 × 2) and the processor transformers
    builds for it by default: the grid of patches of an RGB image of that size."""
    import numpy as np
    from transformers.models.qwen2_vl.image_processing_pil_qwen2_vl import (
        Qwen2VLImageProcessorPil,
    )

    m = symparam.from_hf_config(json.loads(PUBLISHED.read_text(encoding="utf-8")))
    made = Qwen2VLImageProcessorPil()(images=[np.zeros((*size, 3), dtype=np.uint8)],
                                      return_tensors="pt")
    _, rows, columns = made["image_grid_thw"][0].tolist()
    found = reading(m, 1, size)
    assert (found.rows, found.columns) == (rows, columns)
    assert found.per_image == rows * columns // 4


def test_the_published_7b_is_counted_as_transformers_counts_it() -> None:
    """Qwen2.5-VL-7B-Instruct's config.json (flat): 8,292,166,656 parameters on the meta device,
    the card's 8.29B; its tower 676,550,144 of them (symparam's breakdown against the real
    ``visual`` module)."""
    config = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    m = symparam.model("qwen2.5-vl-7b")
    assert m.count() == symparam.from_hf_config(config).count()
    hf = transformers.AutoConfig.for_model("qwen2_5_vl", **{
        k: v for k, v in config.items() if k not in ("model_type", "architectures")})
    with torch.device("meta"):
        real = transformers.Qwen2_5_VLForConditionalGeneration(hf)
    assert m.count() == real.num_parameters()
    tower = sum(p.numel() for p in real.model.visual.parameters())
    assert figures(m)["vision_tower"] == tower


def test_image_size_on_the_command_line(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A 1080 × 1920 image is resized to at most 28·28·1280 pixels, in multiples of 28, as
    transformers' processor does: the record says the size it becomes, its patches and
    tokens."""
    assert main(["flops", "qwen2.5-vl-7b", "--seq", "16", "--image-size", "1080x1920",
                 "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    height, width = resized(1080, 1920, 28)
    assert record["images"]["resized_to"] == [height, width]
    assert record["images"]["patches_per_image"] == (height // 14) * (width // 14)
    assert record["images"]["tokens_per_image"] == (height // 28) * (width // 28)


@pytest.mark.parametrize("model", ["gemma-3-4b", "qwen2.5-vl-7b"])
def test_a_size_that_is_no_size_is_refused_in_one_line(
        model: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["flops", model, "--seq", "8", "--image-size", "12x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--image-size" in err


def test_a_fixed_size_tower_says_the_size_changes_no_token(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Gemma 3 resizes every image to 896 × 896: any size asked gives the same FLOPs."""
    main(["flops", "gemma-3-4b", "--seq", "8", "--image-size", "300x500", "--json"])
    asked = json.loads(capsys.readouterr().out)
    main(["flops", "gemma-3-4b", "--seq", "8", "--json"])
    plain = json.loads(capsys.readouterr().out)
    assert asked["flops"] == plain["flops"]
    assert "changes no token" in asked["images"]["text"]


def test_a_text_model_refuses_an_image_size() -> None:
    with pytest.raises(symparam.errors.InvalidValueError, match="puts no images into"):
        compute(symparam.model("gpt2"), seq=8, image_size=(8, 8))


def test_qwen3_vl_30b_a3b_is_counted_as_transformers_counts_it() -> None:
    """The qwen3-vl-30b-a3b preset (its vision section's model_type the old "qwen3_vl_moe"
    transformers rewrites) against the real class on the meta device: total, the tower's
    share, and the active count's experts — k of E of each layer's expert tensors."""
    preset = symparam.presets.presets()["qwen3-vl-30b-a3b"]
    config = preset.config
    m = symparam.model("qwen3-vl-30b-a3b")
    hf = transformers.AutoConfig.for_model("qwen3_vl_moe", **{
        k: v for k, v in config.items() if k not in ("model_type", "architectures")})
    with torch.device("meta"):
        real = transformers.Qwen3VLMoeForConditionalGeneration(hf)
    assert m.count() == real.num_parameters()
    assert figures(m)["vision_tower"] == sum(p.numel() for p in real.model.visual.parameters())
    text = hf.text_config
    experts = sum(p.numel() for name, p in real.named_parameters() if ".experts." in name)
    unused = experts * (text.num_experts - text.num_experts_per_tok) // text.num_experts
    assert m.active_count() == real.num_parameters() - unused
