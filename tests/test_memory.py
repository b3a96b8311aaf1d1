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


def _cached_numbers(config: dict, seq: int) -> int:
    """The numbers transformers' cache holds after a forward pass of ``seq`` tokens (CPU, small
    weights): keys and values of attention layers, conv and recurrent states of the others."""
    from tests.tools import need

    oracle = need("tests.oracle")
    torch, transformers = oracle.torch, oracle.transformers
    hf = transformers.AutoConfig.for_model(**config)
    model = getattr(transformers, config["architectures"][0])(hf).eval()
    with torch.no_grad():
        out = model(input_ids=torch.zeros((1, seq), dtype=torch.long), use_cache=True)
    cache = getattr(out, "past_key_values", None) or out.cache_params
    total = 0
    for layer in cache.layers:
        for name in ("keys", "values"):
            tensor = getattr(layer, name, None)
            total += 0 if tensor is None else tensor.numel()
        for name in ("conv_states", "recurrent_states"):
            total += sum(t.numel() for t in getattr(layer, name, {}).values()
                         if isinstance(t, torch.Tensor))
    return total


@pytest.mark.parametrize("config", [
    {"model_type": "mamba", "architectures": ["MambaForCausalLM"], "hidden_size": 8,
     "num_hidden_layers": 2, "vocab_size": 16, "state_size": 3, "conv_kernel": 4, "expand": 2},
    {"model_type": "falcon_mamba", "architectures": ["FalconMambaForCausalLM"], "hidden_size": 6,
     "num_hidden_layers": 2, "vocab_size": 16, "state_size": 2, "conv_kernel": 3, "expand": 3},
    {"model_type": "mamba2", "architectures": ["Mamba2ForCausalLM"], "hidden_size": 8,
     "num_hidden_layers": 2, "vocab_size": 16, "state_size": 3, "conv_kernel": 4, "expand": 2,
     "num_heads": 4, "head_dim": 4, "n_groups": 2, "chunk_size": 4},
    {"model_type": "jamba", "architectures": ["JambaForCausalLM"], "hidden_size": 8,
     "num_hidden_layers": 4, "vocab_size": 16, "num_attention_heads": 2,
     "num_key_value_heads": 1, "intermediate_size": 8, "mamba_d_state": 3, "mamba_d_conv": 4,
     "mamba_expand": 2, "attn_layer_period": 2, "attn_layer_offset": 1, "num_experts": 2,
     "num_experts_per_tok": 1, "use_mamba_kernels": False},
    {"model_type": "qwen3_next", "architectures": ["Qwen3NextForCausalLM"], "hidden_size": 8,
     "num_hidden_layers": 4, "vocab_size": 16, "num_attention_heads": 2,
     "num_key_value_heads": 1, "head_dim": 4, "intermediate_size": 8, "num_experts": 2,
     "num_experts_per_tok": 1, "moe_intermediate_size": 4, "shared_expert_intermediate_size": 4,
     "linear_num_key_heads": 1, "linear_num_value_heads": 2, "linear_key_head_dim": 4,
     "linear_value_head_dim": 3, "linear_conv_kernel_dim": 3},
], ids=lambda c: c["model_type"])
def test_state_space_layers_keep_a_state_not_keys_and_values(config: dict) -> None:
    """A Mamba layer keeps its convolution's last inputs and its SSM state, a linear-attention
    layer its conv state and its d_k × d_v state per head: the same for any s, as transformers'
    cache holds them after s = 5 and s = 9 tokens; attention layers add keys and values."""
    m = symparam.from_hf_config(config)
    for seq in (5, 9):
        result = memory(m, seq=seq, dtype="fp32")
        kept = (result.kv_total or 0) // 4 + result.state_total // 4
        assert kept == _cached_numbers(config, seq)


def test_mamba_130m_state_does_not_grow() -> None:
    """Mamba-130m at s = 8192: no keys and values, 24 layers of 1,536 channels keeping 4 inputs
    and 16 state numbers each, whatever s is."""
    short, long = (memory(symparam.model("mamba-130m"), seq=s) for s in (1, 8192))
    assert short.kv_formula is None and long.kv_total is None
    assert short.state_total == long.state_total == 2 * 24 * 1536 * (4 + 16)
