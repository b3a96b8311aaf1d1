"""Config files as their publishers write them (tests/configs/fitted: written after the
published config.json of Gemma 3 4B, Llama 4 Scout 17B-16E, Qwen2.5-VL 7B — flat, as hub files
of that family are —, Mistral Small 3.1, OLMo 3 7B and GLM-4.5-Air, with their older keys and
spellings), counted from the fitted records (OLMo 3, GLM-4.5, Gemma 3 and Qwen2.5-VL now from
their hand-written records, which take precedence) and by transformers on the meta device."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import symparam
import symparam.fitted
from tests.tools import need

FOLDER = Path(__file__).resolve().parent / "configs" / "fitted"
COUNTED = ["gemma-3-4b-it.json", "llama-4-scout-17b-16e.json", "qwen2.5-vl-7b-instruct.json",
           "mistral-small-3.1-24b-instruct.json", "olmo-3-7b.json", "glm-4.5-air.json"]


def transformers_count(config: dict[str, Any]) -> int:
    """``num_parameters()`` of the file's ``architectures[0]``, built on the meta device."""
    torch = need("torch")
    transformers = need("transformers")
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    made = transformers.AutoConfig.for_model(config["model_type"], **data)
    with torch.device("meta"):
        module = getattr(transformers, config["architectures"][0])(made)
    return int(module.num_parameters())


@pytest.mark.parametrize("name", COUNTED)
def test_a_published_config_counts_as_transformers_does(name: str) -> None:
    path = FOLDER / name
    expected = transformers_count(json.loads(path.read_text()))
    assert symparam.from_hf_config(str(path)).count() == expected


def test_head_dim_and_qk_norms_together() -> None:
    """GLM-4.5-Air gives head_dim = 128, which Glm4MoeConfig does not define and the model
    reads with ``getattr(config, "head_dim", H // h)``; the q/k norms are head_dim wide. The
    fitted record refused the pair (not fitted together); the hand-written record (the
    DeepSeek family's ``grouped_attention``) counts it, as transformers does, and without
    head_dim takes H // h (96 heads do not split 4096: 42)."""
    config = json.loads((FOLDER / "glm-4.5-air.json").read_text())
    config["use_qk_norm"] = True
    m = symparam.from_hf_config(config)
    assert m.family.name == "deepseek" and m.values["d_head"] == 128
    assert m.count() == transformers_count(config)
    del config["head_dim"]
    m = symparam.from_hf_config(config)
    assert m.values["d_head"] == 4096 // 96
    assert m.count() == transformers_count(config)


def test_an_odd_head_size_with_an_even_rotary_part() -> None:
    """GLM-4.5 turns int(d_head / 2) of each head: d_head = 5 turns 2 and passes 3 through,
    which transformers builds and runs; it is counted, not refused for an odd head."""
    config = {"model_type": "glm4_moe", "architectures": ["Glm4MoeForCausalLM"],
              "hidden_size": 16, "num_attention_heads": 2, "num_key_value_heads": 1,
              "head_dim": 5, "num_hidden_layers": 2, "vocab_size": 50, "n_routed_experts": 4,
              "num_experts_per_tok": 2, "moe_intermediate_size": 4, "intermediate_size": 8}
    m = symparam.from_hf_config(config)
    assert (m.values["d_head"], m.values["d_rot"]) == (5, 2)
    assert m.count() == transformers_count(config)
