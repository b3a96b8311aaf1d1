"""symparam against the real classes: every tensor's name and shape, and the total.

Hypothesis draws valid configurations of each family; the presets are checked too. The real
classes are built on the meta device (no weights, no network). Skipped where torch or
transformers is not installed; CI installs both.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam.presets import presets
from tests.tools import need

oracle = need("tests.oracle")

ORACLE_SETTINGS = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def assert_matches(m: symparam.Model) -> None:
    real = oracle.expected(m)
    mine = oracle.ours(m)
    assert sorted(mine) == sorted(real), set(mine) ^ set(real)
    for name, shape in real.items():
        assert mine[name] == shape, name
    assert m.count() == sum(math.prod(shape) for shape in real.values())


@st.composite
def heads_and_hidden(draw: st.DrawFn) -> tuple[int, int]:
    h = draw(st.integers(1, 6))
    return h, h * draw(st.integers(1, 12))


@st.composite
def bert_models(draw: st.DrawFn) -> symparam.Model:
    h, hidden = draw(heads_and_hidden())
    arch = draw(st.sampled_from(["BertModel", "BertForMaskedLM"]))
    return symparam.model(
        "bert", arch=arch, pooler=draw(st.booleans()), H=hidden, h=h,
        V=draw(st.integers(1, 300)), L=draw(st.integers(1, 64)), T=draw(st.integers(1, 4)),
        N=draw(st.integers(1, 3)), d_ff=draw(st.integers(1, 64)),
    )


@st.composite
def gpt2_models(draw: st.DrawFn) -> symparam.Model:
    h, hidden = draw(heads_and_hidden())
    return symparam.model(
        "gpt2", arch=draw(st.sampled_from(["GPT2LMHeadModel", "GPT2Model"])), H=hidden, h=h,
        V=draw(st.integers(1, 300)), L=draw(st.integers(1, 64)), N=draw(st.integers(1, 3)),
        d_ff=draw(st.integers(1, 64)),
    )


@st.composite
def bloom_models(draw: st.DrawFn) -> symparam.Model:
    h, hidden = draw(heads_and_hidden())
    return symparam.model(
        "bloom", arch=draw(st.sampled_from(["BloomForCausalLM", "BloomModel"])),
        tie_word_embeddings=draw(st.booleans()), H=hidden, h=h,
        V=draw(st.integers(1, 300)), N=draw(st.integers(1, 3)),
    )


@st.composite
def llama_models(draw: st.DrawFn) -> symparam.Model:
    h_kv = draw(st.integers(1, 4))
    h = h_kv * draw(st.integers(1, 3))
    values = {"h": h, "h_kv": h_kv, "H": 2 * h * draw(st.integers(1, 6))}
    if draw(st.booleans()):  # an explicit head size, not H/h (as Gemma and Qwen3 have)
        values["d_head"] = 2 * draw(st.integers(1, 8))
    options = {k: draw(st.booleans()) for k in ("attention_bias", "mlp_bias",
                                                "tie_word_embeddings")}
    return symparam.model(
        "llama", arch=draw(st.sampled_from(["LlamaForCausalLM", "LlamaModel"])), **options,
        V=draw(st.integers(1, 300)), N=draw(st.integers(1, 3)), d_ff=draw(st.integers(1, 64)),
        **values,
    )


@st.composite
def transformer_bodies(draw: st.DrawFn) -> symparam.Model:
    h, hidden = draw(heads_and_hidden())
    return symparam.model(
        "transformer", arch="TransformerBody", final_norm=True, bias=draw(st.booleans()),
        H=hidden, h=h, N=draw(st.integers(1, 3)), N_dec=draw(st.integers(1, 3)),
        d_ff=draw(st.integers(1, 64)),
    )


@st.composite
def mlps(draw: st.DrawFn) -> symparam.Model:
    layers = draw(st.integers(1, 5))
    widths = {f"d_{k}": draw(st.integers(1, 64)) for k in range(layers + 1)}
    return symparam.model("mlp", layers=layers, bias=draw(st.booleans()), **widths)


@pytest.mark.parametrize(
    "strategy",
    [bert_models(), gpt2_models(), bloom_models(), llama_models(), transformer_bodies(), mlps()],
    ids=["bert", "gpt2", "bloom", "llama", "transformer", "mlp"],
)
def test_generated_configs_match_the_real_class(strategy: st.SearchStrategy) -> None:
    @ORACLE_SETTINGS
    @given(strategy)
    def check(m: symparam.Model) -> None:
        assert_matches(m)

    check()


@pytest.mark.parametrize("name", [n for n, p in presets().items() if p.config is not None])
def test_presets_match_the_real_class(name: str) -> None:
    """Each Hugging Face preset's config.json, built by transformers itself."""
    preset = presets()[name]
    m = symparam.model(name)
    real = oracle.from_config(preset.config, m.label)
    assert oracle.ours(m) == real
    assert m.count() == sum(math.prod(shape) for shape in real.values())


def test_toy_net_matches_torch() -> None:
    assert_matches(symparam.model("toy-net"))


def test_transformer_base_body_matches_torch() -> None:
    """The paper's base model without embeddings is torch.nn.Transformer() minus final norms."""
    m = symparam.model("transformer-base", arch="TransformerBody", final_norm=True)
    assert_matches(m)
    torch = oracle.torch
    with torch.device("meta"):
        real = sum(p.numel() for p in torch.nn.Transformer().parameters())
    assert m.count() == real


def test_bert_for_masked_lm_with_bert_base_values() -> None:
    assert_matches(symparam.model("bert-base-uncased", arch="BertForMaskedLM"))


def test_default_configs_are_the_presets() -> None:
    """transformers' default configs describe the models the presets name."""
    tf = oracle.transformers
    cases = [
        (tf.BertConfig(), tf.BertModel, "bert-base-uncased"),
        (tf.GPT2Config(), tf.GPT2LMHeadModel, "gpt2"),
        (tf.LlamaConfig(), tf.LlamaForCausalLM, "llama-2-7b"),
    ]
    for config, cls, name in cases:
        with oracle.torch.device("meta"):
            real = sum(p.numel() for p in cls(config).parameters())
        assert symparam.model(name).count() == real, name
