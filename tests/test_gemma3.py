"""Gemma 3 (``gemma3``: SigLIP tower, projector, gemma3_text) against transformers: every class
tensor by tensor on drawn configs, FLOPs against FlopCounterMode (eager attention) at 0, 1 and
2 images a sequence, a decoding step and the cache after a prompt that holds images, the
tokens an image becomes where the pooling's grid does not divide, the presets against their
published files, and ``--images`` on the command line."""

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
from symparam.errors import InvalidValueError
from symparam.figures import figures
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

CONFIGS = Path(__file__).parent / "configs"
CLASSES = ("Gemma3ForConditionalGeneration", "Gemma3Model", "Gemma3ForSequenceClassification")


@st.composite
def small(draw: st.DrawFn) -> dict[str, Any]:
    """A small Gemma 3: grouped heads, a window some layers slide over (or none), any number of
    image tokens up to one a patch (square or not), the vision head or not, a tied head or not."""
    kv = draw(st.integers(1, 2))
    heads = kv * draw(st.integers(1, 2))
    head = 2 * draw(st.integers(1, 3))
    vheads = draw(st.integers(1, 3))
    patch = draw(st.integers(1, 3))
    side = draw(st.integers(1, 4))
    text = {"vocab_size": draw(st.integers(4, 40)), "hidden_size": heads * head,
            "intermediate_size": draw(st.integers(1, 24)),
            "num_hidden_layers": draw(st.integers(1, 7)), "num_attention_heads": heads,
            "num_key_value_heads": kv, "head_dim": head,
            "sliding_window": draw(st.sampled_from([None, 2, 3, 64])),
            "attention_bias": draw(st.booleans())}
    if draw(st.booleans()):
        text["attn_logit_softcapping"] = 50.0
    vision = {"hidden_size": vheads * draw(st.integers(1, 4)), "num_attention_heads": vheads,
              "intermediate_size": draw(st.integers(1, 16)),
              "num_hidden_layers": draw(st.integers(1, 2)), "patch_size": patch,
              "image_size": patch * side + draw(st.integers(0, patch - 1)),
              "num_channels": draw(st.integers(1, 3)), "vision_use_head": draw(st.booleans())}
    return {"model_type": "gemma3", "architectures": [draw(st.sampled_from(CLASSES))],
            "text_config": text, "vision_config": vision,
            "mm_tokens_per_image": draw(st.integers(1, side * side)),
            "tie_word_embeddings": draw(st.booleans())}


def _runnable(config: dict[str, Any]) -> bool:
    """transformers needs a window where a layer slides (a null one cannot run)."""
    return config["text_config"]["sliding_window"] is not None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small())
def test_every_class_tensor_by_tensor(config: dict[str, Any]) -> None:
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, m.label)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small(), st.integers(0, 2), st.integers(1, 2), st.integers(1, 6))
def test_flops_at_each_number_of_images(config: dict[str, Any], images: int, batch: int,
                                        seq: int) -> None:
    """The vision tower and projector on B·K images, the language model on s text tokens and
    each image's tokens: torch's counter on the real class, eager attention, meta device."""
    from tests.test_flops import counted

    if not _runnable(config):
        return
    m = symparam.from_hf_config(config)
    assert compute(m, seq=seq, batch=batch, images=images).flops == \
        counted(config, m.label, batch, seq, images=images)


def test_an_image_becomes_the_tokens_the_pooling_makes() -> None:
    """Six patches a side and 9 tokens asked for: side // ⌊√9⌋ = 2, so the pooling makes
    (6 // 2)² = 9; 10 tokens asked for make the same 9 (the root is floored); 16 asked of 6
    patches a side make (6 // 1)² = 36, not 16: the number the model must be given."""
    base = json.loads((CONFIGS / "gemma-3-4b-it.json").read_text(encoding="utf-8"))
    for asked, made in ((9, 9), (10, 9), (16, 36)):
        config = {**base, "mm_tokens_per_image": asked,
                  "vision_config": {**base["vision_config"], "image_size": 84}}
        assert 84 // 14 == 6
        assert symparam.from_hf_config(config).values["s_img"] == made
        hf = transformers.AutoConfig.for_model("gemma3", **{
            k: v for k, v in config.items() if k not in ("model_type", "architectures")})
        with torch.device("meta"):
            projector = transformers.models.gemma3.modeling_gemma3.Gemma3MultiModalProjector(hf)
            patches = torch.zeros((1, 36, hf.vision_config.hidden_size))
            assert projector(patches).shape[1] == made


def test_more_tokens_a_side_than_patches_count_but_do_not_run() -> None:
    """transformers' default Gemma3Config asks 256 tokens (16 a side) of 14 × 14 patches: it
    builds the model (counted), but its pooling has a kernel of 0 and cannot run."""
    m = symparam.from_hf_config({"model_type": "gemma3"})
    assert m.count() == sum(
        p.numel() for p in _built({"model_type": "gemma3"}, "Gemma3Model").parameters())
    assert "s_img" not in m.values
    with pytest.raises(symparam.SymparamError, match="s_img"):
        compute(m, seq=4)


def _built(config: dict[str, Any], cls: str) -> Any:
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    hf = transformers.AutoConfig.for_model(config["model_type"], **data)
    with torch.device("meta"):
        return getattr(transformers, cls)(hf)


TINY = {"model_type": "gemma3", "architectures": ["Gemma3ForConditionalGeneration"],
        "text_config": {"vocab_size": 37, "hidden_size": 16, "intermediate_size": 24,
                        "num_hidden_layers": 7, "num_attention_heads": 4,
                        "num_key_value_heads": 2, "head_dim": 4, "sliding_window": 5},
        "vision_config": {"hidden_size": 12, "intermediate_size": 20, "num_hidden_layers": 1,
                          "num_attention_heads": 3, "image_size": 8, "patch_size": 2},
        "mm_tokens_per_image": 4}


@pytest.mark.parametrize(("images", "batch", "seq"), [(0, 1, 3), (1, 2, 2), (2, 1, 1)])
def test_the_cache_and_a_decoding_step_after_images(images: int, batch: int, seq: int) -> None:
    """After a prompt with images the cache holds their tokens too (a window of 5 keeps its last
    4 on the sliding layers), and one new token attends over them: the numbers the real cache
    holds and the FLOPs torch's counter sees for the step."""
    oracle.check_decoding_after_images(TINY, images, batch, seq)


@pytest.mark.parametrize("name", ["gemma-3-4b", "gemma-3-27b"])
def test_presets_are_the_published_files(name: str) -> None:
    """Each preset is its published config.json (tests/configs), counted as transformers does
    on the meta device, tensor by tensor; the vision tower as Table 1 of the Gemma 3 report
    rounds it ("417M")."""
    published = json.loads((CONFIGS / f"{name}-it.json").read_text(encoding="utf-8"))
    m = symparam.model(name)
    assert m.count() == symparam.from_hf_config(published).count()
    real = oracle.from_config(published, m.label)
    assert oracle.ours(m) == real
    tower = sum(math.prod(shape) for name, shape in real.items()
                if name.startswith("model.vision_tower."))
    assert round(tower, -6) == 417_000_000
    assert figures(m)["vision_tower"] == tower  # what the preset's note names


def test_the_images_line(capsys: pytest.CaptureFixture[str]) -> None:
    """896-pixel images in 14-pixel patches: 64 × 64 = 4,096 patches, pooled 4 × 4 into 256
    tokens (the numbers of the published file)."""
    assert main(["flops", "gemma-3-4b", "--seq", "10", "--images", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 images a sequence: each is 4,096 patches (64×64)" in out
    assert "becomes 256 tokens" in out and "4×4 blocks" in out and "512 image tokens" in out
    assert main(["flops", "gemma-3-4b", "--seq", "10", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["images"]["count"] == 1 and record["images"]["image_tokens"] == 256
    assert record["flops"] == compute(symparam.model("gemma-3-4b"), seq=10, images=1).flops
    assert main(["memory", "gemma-3-4b", "--seq", "10", "--images", "0", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["images"]["image_tokens"] == 0


@pytest.mark.parametrize(("argv", "says"), [
    (["flops", "gemma-3-4b", "--seq", "4", "--images", "-1"], "--images"),
    (["flops", "gemma-3-4b", "--seq", "4", "--images", "two"], "--images"),
    (["memory", "gemma-3-4b", "--seq", "4", "--images", "1.5"], "--images"),
    (["flops", "gpt2", "--seq", "4", "--images", "1"],
     "puts no images into a language model's sequence; leave out --images"),
    (["memory", "llama-3-8b", "--seq", "4", "--images", "0"], "puts no images into"),
])
def test_bad_images_one_line_exit_2(argv: list[str], says: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and says in captured.err


def test_the_api_refuses_images_where_none_are_read() -> None:
    with pytest.raises(InvalidValueError, match="puts no images into"):
        compute(symparam.model("gpt2"), seq=4, images=1)
    with pytest.raises(InvalidValueError, match="whole number of images"):
        compute(symparam.model("gemma-3-4b"), seq=4, images=-2)
