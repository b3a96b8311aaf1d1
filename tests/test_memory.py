"""Memory: weights per dtype, Adam's 16 bytes per parameter, and the KV cache by layout."""

from __future__ import annotations

import json

import pytest

import symparam
from symparam.cli import main
from symparam.compute import memory


def test_weights_seed_003() -> None:
    """Seed 003: 102,267,648 × 4 B = 390.12 MiB."""
    result = memory(symparam.model("bert-base-chinese"))
    fp32 = next(row for row in result.weights if row.dtype == "fp32")
    assert fp32.bytes == 102_267_648 * 4 and round(fp32.mib, 2) == 390.12


def test_adam_mixed_precision_is_16_bytes() -> None:
    result = memory(symparam.model("gpt2"))
    assert sum(size for _, size, _ in result.training) == 16
    assert sum(total for _, _, total in result.training) == 16 * result.params


@pytest.mark.parametrize(("name", "per_token_numbers"), [
    # standard attention: keys and values of every head in every layer: 2·N·H
    ("gpt2", 2 * 12 * 768),
    # grouped-query attention: 2·N·h_kv·d_head = 2 · 32 · 8 · 128
    ("llama-3-8b", 2 * 32 * 8 * 128),
    # multi-head latent attention keeps the compressed latent and the rotary key:
    # N·(r_kv + d_rope) = 61 · (512 + 64)
    ("deepseek-v3", 61 * (512 + 64)),
])
def test_kv_cache_per_token(name: str, per_token_numbers: int) -> None:
    result = memory(symparam.model(name), seq=1000, batch=3, dtype="fp16")
    assert result.kv_per_token == 2 * per_token_numbers
    assert result.kv_total == 2 * per_token_numbers * 1000 * 3


def test_falcon_multi_query_cache() -> None:
    """Falcon-7B's one shared key/value head: 2·N·d_head numbers a token."""
    m = symparam.from_hf_config({"model_type": "falcon"})
    assert memory(m, dtype="fp32").kv_per_token == 4 * 2 * 32 * (4544 // 71)


def test_encoder_has_no_cache(capsys: pytest.CaptureFixture[str]) -> None:
    assert memory(symparam.model("bert-base-uncased")).kv_formula is None
    assert main(["memory", "bert-base-uncased", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["kv_cache_bytes_per_token"] is None
    assert record["training_bytes"] == 16 * 109_482_240
