"""Llama 4's language model (llama4_text): the published Scout file, its chunked layers' cache,
and its experts as transformers runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sympy

import symparam
from symparam.cli import main
from symparam.compute import compute
from symparam.memory import kv_cache
from symparam.symbols import s
from tests.tools import need

SCOUT = Path(__file__).parent / "configs" / "fitted" / "llama-4-scout-17b-16e.json"


def _scout_text() -> dict:
    text = json.loads(SCOUT.read_text())["text_config"]
    return {**text, "architectures": ["Llama4ForCausalLM"]}


def _preset_text() -> symparam.Model:
    """The preset's language model alone: its text_config as a llama4_text file."""
    text = symparam.presets.presets()["llama-4-scout-17b-16e"].config["text_config"]
    return symparam.from_hf_config({**text, "architectures": ["Llama4ForCausalLM"]})


def test_the_published_text_config_is_the_preset() -> None:
    """Scout's text_config as published (moe_layers and no_rope_layers listed for each of the
    48 layers) counts as the preset's (which leaves the lists to their defaults) and as
    transformers' Llama4ForCausalLM on the meta device."""
    torch, transformers = need("torch"), need("transformers")
    config = _scout_text()
    m = symparam.from_hf_config(config)
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    with torch.device("meta"):
        real = transformers.Llama4ForCausalLM(
            transformers.Llama4TextConfig(**data)).num_parameters()
    preset = _preset_text()
    assert m.count() == preset.count() == real
    assert m.active_count() == preset.active_count()


def test_chunked_layers_keep_a_chunk_in_their_cache() -> None:
    """Of Scout's 48 layers the 12 without rotary embeddings (every fourth) keep every
    position; the 36 others attend in chunks of 8,192 and keep, as transformers' cache does,
    their last 8,191: keys and values of 8 heads of 128 each."""
    m = _preset_text()
    per_position = 2 * 8 * 128
    expected = per_position * (12 * s + 36 * sympy.Min(s, 8191))
    held = kv_cache(m)
    held = held.xreplace({x: m.values[x.name] for x in held.free_symbols if x.name in m.values})
    for tokens in (1, 100, 8191, 8192, 20_000):
        assert held.subs(s, tokens) == expected.subs(s, tokens)


def test_every_expert_runs_on_every_token() -> None:
    """transformers' Llama 4 multiplies every token by every expert (scaled by the router's
    score, 0 where not chosen): the FLOPs of a layer do not depend on k, its active
    parameters do."""
    one = symparam.model("llama-4-scout-17b-16e")
    two = symparam.model("llama-4-scout-17b-16e", k=2)
    assert compute(one, seq=16).flops == compute(two, seq=16).flops
    assert two.active_count() > one.active_count()


#: how each language names a chunk, and how it names a sliding window
CHUNK = {"en": "chunk", "zh": "分块", "ko": "청크"}
SLIDING = {"en": "sliding", "zh": "滑动", "ko": "슬라이딩"}


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_the_chunk_size_is_called_a_chunk(lang: str, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    """Scout's attention_chunk_size is its own hyperparameter, W_chunk, and every language
    says it is a chunk: its row of the derivation's table names a chunk, and nothing in the
    derivation speaks of a sliding window (Scout has none)."""
    assert main(["derive", "llama-4-scout-17b-16e", "--lang", lang]) == 0
    document = capsys.readouterr().out
    rows = [line for line in document.splitlines() if "attention_chunk_size`" in line]
    assert len(rows) == 1
    symbol, meaning = (cell.strip() for cell in rows[0].strip("|").split("|")[:2])
    assert symbol == r"$W_{\mathrm{chunk}}$"
    assert CHUNK[lang] in meaning
    assert SLIDING[lang] not in document.lower()
    assert "$W$" not in document


def test_the_formula_and_the_notes_name_the_chunk(capsys: pytest.CaptureFixture[str]) -> None:
    """``formula --json`` leaves W_chunk out of the total (not W, the sliding window's symbol);
    the KV cache and a decoding step say what a chunked layer keeps and attends over."""
    assert main(["formula", "llama4_text", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert "W_chunk" in record["not_in_total"] and "W" not in record["not_in_total"]
    assert main(["memory", "llama-4-scout-17b-16e", "--seq", "4096", "--json"]) == 0
    note = json.loads(capsys.readouterr().out)["kv_cache_note"]
    assert "chunked" in note and "W_chunk − 1" in note and "sliding-window layer" not in note
    steps = compute(symparam.model("llama-4-scout-17b-16e"), seq=9000, decode=True).notes
    assert any("chunked-attention layer" in n for n in steps)
    assert not any("sliding-window layer" in n for n in steps)
    mistral = symparam.model("mistral", N=1, V=10, H=8, d_ff=8, h=2, h_kv=1, W=4)
    assert any("sliding-window layer" in n for n in compute(mistral, seq=9, decode=True).notes)


#: a small Llama 4: three layers, every other one MoE, every other one without rotary
SMALL = {"model_type": "llama4_text", "architectures": ["Llama4ForCausalLM"], "vocab_size": 50,
         "hidden_size": 16, "intermediate_size": 8, "intermediate_size_mlp": 12,
         "num_hidden_layers": 3, "num_attention_heads": 4, "num_key_value_heads": 2,
         "head_dim": 4, "num_local_experts": 3, "num_experts_per_tok": 1,
         "attention_chunk_size": 3, "interleave_moe_layer_step": 2, "use_qk_norm": True,
         "no_rope_layer_interval": 2, "pad_token_id": 0}


@pytest.mark.parametrize("extra", [
    {}, {"use_qk_norm": False}, {"attn_temperature_tuning": False},
    {"num_key_value_heads": 4}, {"num_local_experts": 1}, {"no_rope_layers": [1, 0, 0]},
    {"moe_layers": [0, 2]}, {"no_rope_layer_interval": 1}, {"num_experts_per_tok": 2}])
def test_saved_tensors_of_each_layout(extra: dict) -> None:
    """What a training step keeps, against torch's saved tensors (tests/saved.py), for each
    thing Llama 4 keeps of its own: the complex rotary table (once), the L2 q/k norms' fp32
    inputs and 1/rms (rotary layers, use_qk_norm), the temperature of each position (layers
    without rotary, attn_temperature_tuning), every expert's copy of every token, the router's
    indices, fp32 sigmoid and score column; listed MoE and rotary layers; fp32 and bf16, each
    recomputation policy; one token and several, one sequence and two."""
    saved_bytes = need("tests.saved").saved_bytes
    from symparam.memory import activations

    config = {**SMALL, **extra}
    m = symparam.from_hf_config(config)
    for dtype, policy in (("fp32", "none"), ("bf16", "none"), ("fp32", "selective"),
                          ("bf16", "full")):
        for batch, seq in ((1, 1), (2, 5)):
            ours = activations(m, seq, batch, policy, dtype).bytes
            assert ours == saved_bytes(config, m.label, batch, seq, None, policy, dtype), \
                (dtype, policy, batch, seq)


@pytest.mark.parametrize("extra", [
    {}, {"use_qk_norm": False}, {"attn_temperature_tuning": False},
    {"num_key_value_heads": 4}, {"no_rope_layers": [1, 0, 0]}, {"moe_layers": [0, 2]},
    {"no_rope_layer_interval": 1}, {"attention_bias": True}])
def test_work_besides_products_of_each_layout(extra: dict) -> None:
    """The elementwise work torch's dispatcher sees (tests/elements.py, on the CPU): the L2
    norms of q and k in the rotary layers counted as RMSNorms without weight, the router's
    sigmoid among the activations, every expert's activation on every token, the experts'
    sum added to the shared expert's output; one token and several."""
    elements = need("tests.elements").elements
    oracle = need("tests.oracle")
    from tests.test_nonmatmul import ours

    config = oracle.routable({**SMALL, **extra})
    m = symparam.from_hf_config(config)
    for batch, seq in ((1, 1), (2, 5)):
        assert ours(m, batch, seq, None) == elements(config, m.label, batch, seq, device="cpu")
    tuned = dict(compute(m, seq=5, nonmatmul=True).nonmatmul).get("temperature", 0)
    # a query number of each layer without rotary embeddings (the 2nd of 3, interval 2)
    without = 0 if extra.get("attn_temperature_tuning") is False else \
        {"no_rope_layers": 2, "no_rope_layer_interval": 3}.get(next(iter(extra), ""), 1)
    assert tuned == without * 5 * 4 * 4


#: interleavings of MoE and dense layers with rotary and NoPE ones (and chunked and full
#: attention where layer_types lists them apart from the rotary layers), of three to five
#: layers: depths the periods do not divide, so that no kind's share of the layers is one
#: each part could take whole
INTERLEAVED = [
    {"num_hidden_layers": 3, "interleave_moe_layer_step": 2, "no_rope_layer_interval": 2},
    {"num_hidden_layers": 5, "interleave_moe_layer_step": 2, "no_rope_layer_interval": 3},
    {"num_hidden_layers": 4, "interleave_moe_layer_step": 3, "no_rope_layer_interval": 2},
    {"num_hidden_layers": 5, "interleave_moe_layer_step": 1, "no_rope_layer_interval": 2},
    {"num_hidden_layers": 3, "interleave_moe_layer_step": 2, "no_rope_layer_interval": 1},
    {"num_hidden_layers": 4, "moe_layers": [0, 3], "no_rope_layer_interval": 2},
    {"num_hidden_layers": 4, "interleave_moe_layer_step": 2, "no_rope_layers": [1, 1, 0, 1]},
    {"num_hidden_layers": 5, "interleave_moe_layer_step": 2, "no_rope_layer_interval": 2,
     "layer_types": ["chunked_attention", "full_attention", "full_attention",
                     "chunked_attention", "chunked_attention"]},
]


@pytest.mark.parametrize("extra", INTERLEAVED)
def test_a_decoding_step_and_the_cache_where_the_kinds_interleave(extra: dict) -> None:
    """Where MoE and dense layers, rotary and NoPE ones, chunked and full ones interleave,
    each kind of layer is a part of its own: a chunked part's copies each keep their last
    W_chunk − 1 positions and attend over them and the new token, a full part's all s and the
    new token. A decoding step after s tokens below the chunk (s < W_chunk − 1), at its edge,
    at the chunk and past it costs what torch's counter sees the real class spend, every part
    a whole number; the cache holds what transformers' DynamicCache holds."""
    oracle = need("tests.oracle")
    from symparam.memory import memory

    config = {**SMALL, **extra}
    m = symparam.from_hf_config(config)
    for batch, seq in ((1, 1), (1, 2), (2, 3), (1, 4), (1, 7)):
        ours = compute(m, seq=seq, batch=batch, decode=True)
        assert ours.flops == oracle.decoded(config, m.label, batch, seq), (batch, seq)
        assert sum(flops for _, flops in ours.parts) == ours.flops  # each part counted whole
        assert memory(m, seq=seq, batch=batch, dtype="fp32").kv_total == \
            4 * oracle.cached(config, m.label, batch, seq), (batch, seq)
