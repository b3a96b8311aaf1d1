"""Mistral 3 (``mistral3``: the Pixtral tower, the patch merger and projector, a Mistral
decoder) and Pixtral's tower alone (``pixtral``) against transformers: every class tensor by
tensor on drawn configs, FLOPs against FlopCounterMode (eager attention, on the CPU with small
weights: the model reads each image's size by value) at 0, 1 and 2 images a sequence, the
tokens an image becomes as transformers' processor makes them, the published Mistral Small 3.1
counted as transformers counts it, and what it does not build refused in one line."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam.cli import main
from symparam.compute import compute
from symparam.figures import figures
from symparam.images import reading
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

CLASSES = ("Mistral3ForConditionalGeneration", "Mistral3Model")
PUBLISHED = Path(__file__).parent / "configs" / "fitted" / "mistral-small-3.1-24b-instruct.json"


def _vision(draw: st.DrawFn, model_type: bool = True) -> dict[str, Any]:
    heads = draw(st.integers(1, 3))
    patch = draw(st.integers(1, 3))
    vision: dict[str, Any] = {
        "hidden_size": heads * 2 * draw(st.integers(1, 3)), "num_attention_heads": heads,
        "intermediate_size": draw(st.integers(1, 16)),
        "num_hidden_layers": draw(st.integers(1, 3)), "patch_size": patch,
        "image_size": patch * draw(st.integers(1, 6)) + draw(st.integers(0, patch - 1)),
        "num_channels": draw(st.integers(1, 3)),
        "hidden_act": draw(st.sampled_from(["gelu", "silu"]))}
    return {"model_type": "pixtral", **vision} if model_type else vision


@st.composite
def small(draw: st.DrawFn, several_layers: bool = True) -> dict[str, Any]:
    """A small Mistral 3: the merge size, one or several feature layers, the projector's
    biases and activation, the head tied by either key, a sliding window or none."""
    kv = draw(st.integers(1, 2))
    heads = kv * draw(st.integers(1, 2))
    text = {"model_type": "mistral", "vocab_size": draw(st.integers(4, 40)),
            "hidden_size": heads * 2 * draw(st.integers(1, 3)),
            "intermediate_size": draw(st.integers(1, 24)),
            "num_hidden_layers": draw(st.integers(1, 3)), "num_attention_heads": heads,
            "num_key_value_heads": kv, "head_dim": 2 * draw(st.integers(1, 3)),
            "sliding_window": draw(st.sampled_from([None, 2, 4096])),
            "tie_word_embeddings": draw(st.booleans())}
    layers = draw(st.sampled_from([-1, -2, [-1], [-2, -1]] if several_layers else [-1, -2, 1]))
    return {"model_type": "mistral3", "architectures": [draw(st.sampled_from(CLASSES))],
            "text_config": text, "vision_config": _vision(draw),
            "spatial_merge_size": draw(st.integers(1, 3)), "vision_feature_layer": layers,
            "multimodal_projector_bias": draw(st.booleans()),
            "projector_hidden_act": draw(st.sampled_from(["gelu", "silu", "relu"])),
            "tie_word_embeddings": draw(st.booleans())}


@st.composite
def tower(draw: st.DrawFn) -> dict[str, Any]:
    return {"model_type": "pixtral", "architectures": ["PixtralVisionModel"],
            **_vision(draw, model_type=False)}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(small(), tower()))
def test_every_class_tensor_by_tensor(config: dict[str, Any]) -> None:
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, m.label)


def _runs(config: dict[str, Any]) -> bool:
    """What transformers runs: an image of at least two merged tokens (of one, the projector's
    output is squeezed to a vector and split wrong), and heads of at least 4
    numbers in the tower (its 2-D rotary embeddings split each head's frequencies between
    rows and columns: a head of 2 has one, and the forward pass fails), and an image
    placeholder id within the token table (Mistral 3 embeds it by id: the default 10 is past a
    table of 4 to 10 rows)."""
    vision = config["vision_config"]
    side = vision["image_size"] // vision["patch_size"] // config["spatial_merge_size"]
    vocab = config.get("text_config", {}).get("vocab_size", 131072)
    return side * side >= 2 \
        and vision["hidden_size"] // vision["num_attention_heads"] >= 4 \
        and config.get("image_token_index", 10) < vocab


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small(several_layers=False), st.integers(0, 2), st.integers(1, 2), st.integers(1, 5))
def test_flops_at_each_number_of_images(config: dict[str, Any], images: int, batch: int,
                                        seq: int) -> None:
    """The tower on all B·K images as one sequence (transformers' block-diagonal mask: the
    attention multiplies every patch by every other image's too), the projector on the
    patches and merged tokens, the language model on s text tokens and each image's tokens
    and row ends."""
    from tests.test_flops import counted

    if not _runs(config):
        return
    m = symparam.from_hf_config(config)
    assert compute(m, seq=seq, batch=batch, images=images).flops == \
        counted(config, m.label, batch, seq, images=images)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tower(), st.integers(1, 3))
def test_the_tower_alone_runs_its_batch_as_one_sequence(config: dict[str, Any],
                                                        batch: int) -> None:
    from tests.test_flops import counted

    if config["hidden_size"] // config["num_attention_heads"] < 4:  # cannot run: _runs
        return
    m = symparam.from_hf_config(config)
    assert compute(m, seq=None, batch=batch).flops == counted(config, m.label, batch, 1)


def test_an_image_smaller_than_a_merged_token_is_refused_to_run() -> None:
    """⌊R/P⌋ < m: transformers builds the model but its merger has no m × m block to join."""
    config = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    config["vision_config"]["image_size"] = 14
    m = symparam.from_hf_config(config)
    assert m.count() == symparam.model("mistral-small-3.1-24b").count()
    with pytest.raises(symparam.errors.InvalidValueError, match="cannot run with m = 2 above"):
        compute(m, seq=4)


def test_several_feature_layers_are_counted_but_not_run() -> None:
    """transformers builds linear_1 over k·H_vis numbers for k feature layers, but its norm
    and patch merger take H_vis: the count is the real class's, FLOPs are refused by name."""
    config = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    config["vision_feature_layer"] = [-1, -2]
    m = symparam.from_hf_config(config)
    assert m.count() == symparam.from_hf_config(
        {**config, "vision_feature_layer": -1}).count() + 1024 * 5120
    with pytest.raises(symparam.errors.SymparamError, match="several feature layers"):
        compute(m, seq=4)


@pytest.mark.parametrize(("side", "patch", "merge"), [(1540, 14, 2), (1024, 16, 1),
                                                      (30, 3, 2)])
def test_the_tokens_are_those_of_transformers_processor(side: int, patch: int,
                                                        merge: int) -> None:
    """An image as large as the tower takes (R × R, the processor's longest edge R): the
    processor's placeholder tokens for it, [IMG] a merged token and [IMG_BREAK]/[IMG_END] a
    row (PixtralProcessor's own count, ``(columns + 1) · rows``). Sides that m·P divides, as
    in the published files (1540 = 55·28; Pixtral-12B's 1024 = 64·16): of another, the
    processor pads the image up to the next multiple."""
    import numpy as np
    from transformers.models.pixtral.image_processing_pil_pixtral import (
        get_resize_output_image_size,
    )

    config = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    config["vision_config"].update(image_size=side, patch_size=patch)
    config["spatial_merge_size"] = merge
    m = symparam.from_hf_config(config)
    height, width = get_resize_output_image_size(np.zeros((side, side, 3)), size=(side, side),
                                                 patch_size=(patch * merge, patch * merge))
    rows, columns = height // (patch * merge), width // (patch * merge)
    found = reading(m, 2)
    assert found.per_image == (columns + 1) * rows
    assert found.rows_ended == rows and found.tokens == 2 * (columns + 1) * rows
    assert found.patches == (side // patch) ** 2


def test_the_published_model_is_counted_as_transformers_counts_it() -> None:
    """Mistral-Small-3.1-24B-Instruct-2503's config.json: 23,340,272,640 parameters on the meta
    device with the pinned transformers, whose Mistral3Config ties the head where the file does
    not say (the card's 24 billion: the published weights' own head, V·H more); the tower's
    403,305,472 against the real ``vision_tower`` module."""
    config = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    m = symparam.model("mistral-small-3.1-24b")
    assert m.count() == symparam.from_hf_config(config).count()
    real = oracle.from_config(config, m.label)
    assert oracle.ours(m) == real
    hf = transformers.AutoConfig.for_model("mistral3", **{
        k: v for k, v in config.items() if k not in ("model_type", "architectures")})
    with torch.device("meta"):
        module = transformers.Mistral3ForConditionalGeneration(hf)
    assert m.count() == module.num_parameters()
    assert figures(m)["vision_tower"] == sum(
        p.numel() for p in module.model.vision_tower.parameters())
    untied = m.count() + 131072 * 5120
    assert round(untied, -9) == 24_000_000_000 and untied > 24_000_000_000
    assert round(m.count(), -9) == 23_000_000_000  # tied: not the card's figure


def test_the_images_line(capsys: pytest.CaptureFixture[str]) -> None:
    """1540-pixel images in 14-pixel patches: 110 × 110 patches, merged 2 × 2 into 55 × 55
    tokens and a row end after each of the 55 rows."""
    assert main(["flops", "mistral-small-3.1-24b", "--seq", "10", "--images", "2"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "12,100 patches (110×110)" in out and "becomes 3,080 tokens" in out
    assert "[IMG_BREAK]" in out and "6,160 image tokens" in out
    assert main(["flops", "mistral-small-3.1-24b", "--seq", "10", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["images"]["tokens_per_image"] == 55 * 55 + 55
    assert record["flops"] == compute(symparam.model("mistral-small-3.1-24b"), seq=10,
                                      images=1).flops
    assert main(["memory", "mistral-small-3.1-24b", "--seq", "10", "--images", "0",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["images"]["image_tokens"] == 0


def test_the_kv_cache_holds_the_image_tokens() -> None:
    """The decoder's cache: 2·h_kv·d_head numbers a layer for each of s + n_img·s_img
    positions (text, image tokens and row ends)."""
    from symparam.memory import memory

    m = symparam.model("mistral-small-3.1-24b")
    found = memory(m, seq=10, dtype="bf16", images=1)
    assert found.kv_total == 2 * 2 * 40 * 8 * 128 * (10 + 3080)
    assert math.isclose(found.kv_total / memory(m, seq=10, dtype="bf16", images=0).kv_total,
                        3090 / 10)


@pytest.mark.parametrize("argv", [
    ["flops", "mistral-small-3.1-24b", "--seq", "4", "--image-size", "800x600"],
    ["flops", "mistral-small-3.1-24b", "--seq", "4", "--images", "-1"],
])
def test_what_it_does_not_read_is_refused_in_one_line(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and argv[-2] in err


def test_another_language_model_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model_type": "mistral3",
                                "text_config": {"model_type": "qwen2"}}), encoding="utf-8")
    assert main(["count", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "text_config.model_type" in err and "qwen2" in err


def test_the_tower_alone_on_the_command_line(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``symparam flops`` and ``memory`` of a Pixtral tower's file: its FLOPs as the library's
    (the tower's family reads images as tokens, the tower alone has none: these refused with a
    sentence about a pooling it does not have), and ``--images`` refused in one line."""
    config = {"model_type": "pixtral", "architectures": ["PixtralVisionModel"],
              "hidden_size": 64, "num_attention_heads": 4, "intermediate_size": 128,
              "num_hidden_layers": 2, "patch_size": 4, "image_size": 32}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert main(["flops", str(path), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["flops"] == compute(symparam.from_hf_config(config), seq=None).flops
    assert main(["memory", str(path)]) == 0
    capsys.readouterr()
    assert main(["flops", str(path), "--images", "2"]) == 2
    assert "puts no images into a language model's sequence; leave out --images" in \
        capsys.readouterr().err
