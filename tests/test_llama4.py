"""Llama 4's language model (llama4_text): the published Scout file, its chunked layers' cache,
and its experts as transformers runs them."""

from __future__ import annotations

import json
from pathlib import Path

import sympy

import symparam
from symparam.compute import compute
from symparam.memory import kv_cache
from symparam.symbols import s
from tests.tools import need

SCOUT = Path(__file__).parent / "configs" / "fitted" / "llama-4-scout-17b-16e.json"


def _scout_text() -> dict:
    text = json.loads(SCOUT.read_text())["text_config"]
    return {**text, "architectures": ["Llama4ForCausalLM"]}


def test_the_published_text_config_is_the_preset() -> None:
    """Scout's text_config as published (moe_layers and no_rope_layers listed for each of the
    48 layers) counts as the preset (which leaves the lists to their defaults) and as
    transformers' Llama4ForCausalLM on the meta device."""
    torch, transformers = need("torch"), need("transformers")
    config = _scout_text()
    m = symparam.from_hf_config(config)
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    with torch.device("meta"):
        real = transformers.Llama4ForCausalLM(
            transformers.Llama4TextConfig(**data)).num_parameters()
    preset = symparam.model("llama-4-scout-17b-16e")
    assert m.count() == preset.count() == real
    assert m.active_count() == preset.active_count()


def test_chunked_layers_keep_a_chunk_in_their_cache() -> None:
    """Of Scout's 48 layers the 12 without rotary embeddings (every fourth) keep every
    position; the 36 others attend in chunks of 8,192 and keep, as transformers' cache does,
    their last 8,191: keys and values of 8 heads of 128 each."""
    m = symparam.model("llama-4-scout-17b-16e")
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
