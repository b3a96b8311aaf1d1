"""Idefics3 and SmolVLM (``idefics3``, ``smolvlm``: SigLIP's tower without its head, the pixel
shuffle and its linear projection, a LLaMA) against transformers: every class of both types
tensor by tensor on drawn configs and on the defaults of a file that leaves its sections out,
FLOPs against FlopCounterMode at 0, 1 and 2 images a sequence (small real weights, eager
attention: the model finds its padding images by value), the tokens an image becomes, the
refusals (a text model symparam does not build here, a grid the shuffle cannot lay), and
``--images`` on the command line."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam import images
from symparam.cli import main
from symparam.compute import compute
from symparam.figures import figures
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

CONFIGS = Path(__file__).parent / "configs"
CLASSES = {"idefics3": ("Idefics3ForConditionalGeneration", "Idefics3Model"),
           "smolvlm": ("SmolVLMForConditionalGeneration", "SmolVLMModel")}


@st.composite
def small(draw: st.DrawFn, runnable: bool = False) -> dict[str, Any]:
    """A small Idefics3 or SmolVLM: grouped heads or not, heads of their own size or H/h, any
    image side (a partial last patch or not), a scale factor that divides the patch grid's side
    (or, to count only, any), biases or not, a tied head or not."""
    model_type = draw(st.sampled_from(sorted(CLASSES)))
    kv = draw(st.integers(1, 2))
    heads = kv * draw(st.integers(1, 2))
    width = 2 * heads * draw(st.integers(1, 3))
    vheads = draw(st.integers(1, 3))
    patch = draw(st.integers(1, 3))
    scale = draw(st.integers(1, 3))
    side = scale * draw(st.integers(1, 2)) if runnable else draw(st.integers(1, 4))
    vocab = draw(st.integers(4, 40))
    text = {"vocab_size": vocab, "hidden_size": width,
            "intermediate_size": draw(st.integers(1, 24)),
            "num_hidden_layers": draw(st.integers(1, 2)), "num_attention_heads": heads,
            "num_key_value_heads": kv, "attention_bias": draw(st.booleans()),
            "mlp_bias": draw(st.booleans())}
    if draw(st.booleans()):
        text["head_dim"] = 2 * draw(st.integers(1, 3))
    vision = {"hidden_size": vheads * draw(st.integers(1, 4)), "num_attention_heads": vheads,
              "intermediate_size": draw(st.integers(1, 16)),
              "num_hidden_layers": draw(st.integers(1, 2)), "patch_size": patch,
              "image_size": patch * side + draw(st.integers(0, patch - 1)),
              "num_channels": draw(st.integers(1, 3))}
    return {"model_type": model_type,
            "architectures": [draw(st.sampled_from(CLASSES[model_type]))],
            "text_config": text, "vision_config": vision, "scale_factor": scale,
            "image_token_id": vocab - 1, "tie_word_embeddings": draw(st.booleans())}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small())
def test_every_class_tensor_by_tensor(config: dict[str, Any]) -> None:
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, m.label)


@pytest.mark.parametrize("cls", [c for classes in CLASSES.values() for c in classes])
def test_a_file_that_leaves_its_sections_out(cls: str) -> None:
    """No text_config: LLaMA 7B's sizes (LlamaConfig's defaults); no vision_config: the
    tower's own defaults (1,152 wide, 12 layers, 224 pixels in 32-pixel patches); either
    written empty the same — and a file that writes one key of each."""
    model_type = next(t for t, classes in CLASSES.items() if cls in classes)
    for sections in ({}, {"vision_config": {}, "text_config": {}},
                     {"vision_config": {"patch_size": 14}, "text_config": {"vocab_size": 9}}):
        config = {"model_type": model_type, "architectures": [cls], **sections}
        m = symparam.from_hf_config(config)
        assert oracle.ours(m) == oracle.from_config(config, cls)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small(runnable=True), st.integers(0, 2), st.integers(1, 2), st.integers(1, 6))
def test_flops_at_each_number_of_images(config: dict[str, Any], images: int, batch: int,
                                        seq: int) -> None:
    """The vision tower on B·K images, the projection on each image's (⌊R/P⌋/m)² shuffled
    tokens, the language model on s text tokens and those: torch's counter on the real class
    (CPU, small real weights, eager attention)."""
    from tests.test_flops import counted

    m = symparam.from_hf_config(config)
    assert compute(m, seq=seq, batch=batch, images=images).flops == \
        counted(config, m.label, batch, seq, images=images)


@pytest.mark.parametrize("model_type", sorted(CLASSES))
def test_an_image_becomes_its_shuffled_grid(model_type: str) -> None:
    """34 pixels in patches of 4 are 8 × 8 patches (the last 2 pixels left out), shuffled
    4 × 4: 2 × 2 = 4 tokens an image, what transformers' image_seq_len and the real connector
    give."""
    config = {"model_type": model_type, "scale_factor": 4,
              "vision_config": {"image_size": 34, "patch_size": 4, "hidden_size": 8,
                                "intermediate_size": 8, "num_hidden_layers": 1,
                                "num_attention_heads": 2},
              "text_config": {"hidden_size": 16, "intermediate_size": 8, "vocab_size": 11,
                              "num_hidden_layers": 1, "num_attention_heads": 2}}
    hf = transformers.AutoConfig.for_model(model_type, **{
        k: v for k, v in config.items() if k != "model_type"})
    base = getattr(transformers, CLASSES[model_type][1])
    with torch.device("meta"):
        real = base(hf)
        states = real.connector(torch.zeros((1, 64, 8)))
    m = symparam.from_hf_config(config)
    reading = images.reading(m, 3)
    assert states.shape[1] == real.image_seq_len == reading.per_image == 4
    assert reading.patches == 64 and reading.tokens == 12


def test_a_grid_the_shuffle_cannot_lay_counts_but_does_not_run() -> None:
    """The default file: 224 pixels in patches of 32 are 7 × 7, which a scale factor of 2 cannot
    shuffle: transformers builds the model (it is counted) but its forward pass fails."""
    config = {"model_type": "idefics3", "text_config": {"num_hidden_layers": 1},
              "vision_config": {"num_hidden_layers": 1}}
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, "Idefics3Model")
    with pytest.raises(symparam.SymparamError, match="cannot run with m"):
        compute(m, seq=4)
    data = {k: v for k, v in config.items() if k != "model_type"}
    hf = transformers.AutoConfig.for_model("idefics3", **data)
    with torch.device("meta"), pytest.raises(RuntimeError):
        transformers.Idefics3Model(hf).connector(torch.zeros((1, 49, 1152)))


@pytest.mark.parametrize("model_type", sorted(CLASSES))
def test_another_text_model_is_refused_by_name(model_type: str) -> None:
    with pytest.raises(symparam.SymparamError, match=re.escape('text_config.model_type "mistral"')):
        symparam.from_hf_config({"model_type": model_type,
                                 "text_config": {"model_type": "mistral"}})


def test_only_the_composite_key_ties_the_head() -> None:
    """tie_word_embeddings of the text config alone leaves the head untied (transformers builds
    lm_head.weight); the composite's own ties it."""
    text = {"vocab_size": 11, "hidden_size": 8, "intermediate_size": 8, "num_hidden_layers": 1,
            "num_attention_heads": 2}
    for config in ({"text_config": {**text, "tie_word_embeddings": True}},
                   {"text_config": text, "tie_word_embeddings": True}):
        full = {"model_type": "smolvlm", "architectures": ["SmolVLMForConditionalGeneration"],
                **config}
        real = oracle.from_config(full, "SmolVLMForConditionalGeneration")
        assert oracle.ours(symparam.from_hf_config(full)) == real
        assert ("lm_head.weight" in real) != bool(config.get("tie_word_embeddings"))


def test_the_images_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    """512-pixel tiles in 16-pixel patches, shuffled 4 × 4 (SmolVLM-256M's): 32 × 32 = 1,024
    patches, 64 tokens each."""
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"model_type": "smolvlm", "scale_factor": 4,
                                  "vision_config": {"image_size": 512, "patch_size": 16}}))
    assert main(["flops", str(config), "--seq", "10", "--images", "2"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # as read, not as wrapped
    assert "each is 1,024 patches (32×32)" in out and "becomes 64 tokens" in out
    assert "128 image tokens" in out


def test_an_image_size_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    """The processor cuts an image into tiles as its own longest edge says (not in the
    config.json): --image-size is refused, --images takes the tiles."""
    assert main(["flops", "smolvlm-256m", "--seq", "4", "--image-size", "1024x768"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--image-size" in err and "--images" in err
    with pytest.raises(symparam.SymparamError, match="image_size"):
        compute(symparam.model("smolvlm-256m"), seq=4, image_size=(1024, 768))


def test_the_preset_is_the_published_file() -> None:
    """smolvlm-256m is HuggingFaceTB/SmolVLM-256M-Instruct's config.json as kept in
    tests/configs: its top keys and text_config transcribed from a copy of the hub file, its
    vision tower's width, heads, patch and tile (SigLIP base/16 at 512 pixels, as the card
    says) with its depth and width left to Idefics3VisionConfig's defaults (SigLIP base's 12
    layers of 3,072) — counted as transformers does on the meta device, tensor by tensor: the
    vision tower without SigLIP's pooling head, the LM head untied (the checkpoint's 513 MB in
    bf16 hold 256.5 M numbers)."""
    published = json.loads((CONFIGS / "smolvlm-256m-instruct.json").read_text(encoding="utf-8"))
    m = symparam.model("smolvlm-256m")
    assert m.count() == symparam.from_hf_config(published).count()
    real = oracle.from_config(published, m.label)
    assert oracle.ours(m) == real and "lm_head.weight" in real
    tower = sum(math.prod(shape) for name, shape in real.items()
                if name.startswith("model.vision_model."))
    assert not any(".head." in name for name in real)
    assert figures(m)["vision_tower"] == tower
    assert figures(m)["total"] == sum(math.prod(shape) for shape in real.values())
    assert 256_000_000 <= m.count() < 257_000_000  # the name, and the checkpoint's bytes / 2


def test_the_presets_images_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--json on the preset: 512-pixel tiles in 16-pixel patches shuffled 4 × 4, 64 tokens a
    tile (the model card's "64 visual tokens" for each 512 × 512 patch of an image)."""
    assert main(["flops", "smolvlm-256m", "--seq", "10", "--images", "3", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["images"]["count"] == 3
    assert record["images"]["image_tokens"] == 3 * (512 // 16 // 4) ** 2
    assert record["flops"] == compute(symparam.model("smolvlm-256m"), seq=10, images=3).flops


TINY = {"model_type": "smolvlm", "architectures": ["SmolVLMForConditionalGeneration"],
        "text_config": {"vocab_size": 37, "hidden_size": 16, "intermediate_size": 24,
                        "num_hidden_layers": 2, "num_attention_heads": 4,
                        "num_key_value_heads": 2, "head_dim": 4},
        "vision_config": {"hidden_size": 12, "intermediate_size": 20, "num_hidden_layers": 1,
                          "num_attention_heads": 3, "image_size": 13, "patch_size": 3},
        "scale_factor": 2, "image_token_id": 36}


@pytest.mark.parametrize(("images", "batch", "seq"), [(0, 1, 3), (1, 2, 2), (2, 1, 1)])
def test_the_cache_and_a_decoding_step_after_images(images: int, batch: int, seq: int) -> None:
    """After a prompt with images the cache holds their 2 × 2 tokens each too (13 pixels in
    patches of 3: 4 × 4 patches, shuffled 2 × 2), and one new token attends over them: the
    numbers the real cache holds (small real weights, eager attention) and the FLOPs torch's
    counter sees for the step."""
    m = oracle.check_decoding_after_images(TINY, images, batch, seq)
    assert m.value_of(m.tree.tokens) == 4  # the 4 × 4 patches, shuffled 2 × 2
