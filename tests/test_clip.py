"""CLIP against transformers where a generated config does not go: the older ``*_config_dict``
keys, a tower's own file cut from a published composite one, a null projection size, the
image classifier's sequence, and what CLIP keeps in memory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.cli import main
from symparam.compute import compute
from symparam.memory import memory
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

PUBLISHED = Path(__file__).parent / "configs" / "clip-vit-base-patch32.json"


def _real(config: dict[str, Any]) -> int:
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    hf = transformers.AutoConfig.for_model(config["model_type"], **data)
    with torch.device("meta"):
        return getattr(transformers, config["architectures"][0])(hf).num_parameters()


@pytest.mark.parametrize("cls", ["CLIPModel", "CLIPForImageClassification"])
def test_an_older_config_dict_overrides_its_section(cls: str) -> None:
    """A file that gives ``text_config_dict`` beside ``text_config`` is built from the former
    (transformers overwrites every key of the section with it, or with the default)."""
    config = {"model_type": "clip", "architectures": [cls],
              "text_config": {"hidden_size": 64, "num_attention_heads": 4, "vocab_size": 99},
              "text_config_dict": {"num_hidden_layers": 2, "vocab_size": 50},
              "vision_config": {"hidden_size": 32, "num_attention_heads": 2,
                                "num_hidden_layers": 1, "intermediate_size": 40},
              "vision_config_dict": {"num_hidden_layers": 2, "patch_size": 16}}
    assert symparam.from_hf_config(config).count() == _real(config)


@pytest.mark.parametrize(("section", "model_type", "classes"), [
    ("text_config", "clip_text_model", ["CLIPTextModel", "CLIPTextModelWithProjection"]),
    ("vision_config", "clip_vision_model",
     ["CLIPVisionModel", "CLIPVisionModelWithProjection"]),
])
def test_a_tower_of_the_published_file_alone(section: str, model_type: str,
                                             classes: list[str]) -> None:
    """ViT-B/32's towers as files of their own (as Stable Diffusion ships CLIP's text encoder):
    the sum of the towers, projections and temperature is the whole model's 151,277,313."""
    published = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    tower = {**published[section], "model_type": model_type}
    counts = {}
    for cls in classes:
        config = {**tower, "architectures": [cls]}
        counts[cls] = symparam.from_hf_config(config).count()
        assert counts[cls] == _real(config)
    assert counts[classes[1]] - counts[classes[0]] == 512 * published[section]["hidden_size"]


def test_the_towers_add_up_to_the_whole() -> None:
    # the towers' default configs are ViT-B/32's
    text = symparam.from_hf_config({"model_type": "clip_text_model"}).count()
    vision = symparam.from_hf_config({"model_type": "clip_vision_model"}).count()
    projections = 512 * 512 + 768 * 512
    assert text + vision + projections + 1 == symparam.model("clip-vit-base-patch32").count()


def test_a_null_projection_size(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """transformers builds the image classifier (no projection) but cannot build CLIPModel's
    projections of null size: symparam counts the one and refuses the other in one line."""
    config = {"model_type": "clip", "projection_dim": None,
              "architectures": ["CLIPForImageClassification"]}
    assert symparam.from_hf_config(config).count() == _real(config)
    path = tmp_path / "config.json"
    path.write_text(json.dumps({**config, "architectures": ["CLIPModel"]}), encoding="utf-8")
    assert main(["count", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "d_proj" in err


def test_an_image_fixes_the_sequence() -> None:
    """The image classifier and a vision tower alone read ⌊R/P⌋² + 1 tokens whatever s is;
    CLIPModel reads s tokens of text beside the image, and compares every text with every
    image of the batch (2·B²·d_proj FLOPs)."""
    classifier = symparam.from_hf_config({"model_type": "clip",
                                          "architectures": ["CLIPForImageClassification"]})
    assert classifier.sequence is not None
    assert symparam.model("clip_vision_model").sequence is not None
    whole = symparam.model("clip-vit-base-patch32")
    assert whole.sequence is None
    one, two = (compute(whole, seq=5, batch=b).flops for b in (1, 2))
    assert two - 2 * one == 2 * (4 - 2) * 512  # the B² term: 2·B²·d_proj


def test_no_cache_and_activations_not_derived() -> None:
    result = memory(symparam.model("clip-vit-base-patch32"), seq=77, dtype="fp16")
    assert result.kv_formula is None
    assert main(["memory", "clip-vit-base-patch32", "--seq", "77", "--json"]) == 0
