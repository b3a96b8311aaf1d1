"""Activation memory: the bytes a training step keeps for its backward pass, derived from the
block tree, against what the real class saves (tests/saved.py: torch's saved-tensor hooks,
each storage once) under no, selective and full recomputation, in fp32 and bf16."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sympy
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

import symparam
from symparam.cli import main
from symparam.errors import InvalidValueError, SymparamError
from symparam.memory import activations, korthikanti_bytes
from symparam.symbols import B, H, N, V, d_ff, h, n_rel, s
from tests.test_flops import DENSE, ROUTED
from tests.test_hf import lean_configs
from tests.tools import need

oracle = need("tests.oracle")
saved_bytes = need("tests.saved").saved_bytes

#: what symparam refuses to derive, by a phrase of its reason: transformers runs BLOOM's,
#: Falcon's, GPT-Neo's, GPT-J's, MPT's, MPNet's and OpenAI GPT's attention inline (no function
#: to checkpoint), has no gradient checkpointing for ALBERT, MPNet and OpenAI GPT, picks T5's
#: end-of-sequence tokens by value, cannot pool ModernBERT's multiple choices by their mean
#: without a mask; the families not yet checked (Family.activations_checked)
REFUSED = ("written inline", "no gradient checkpointing", "by value", "ALiBi and the new",
           "cannot pool", "not checked against torch")


def check(config: dict[str, Any], batch: int, seq: int, policy: str, dtype: str) -> None:
    """symparam's bytes against the real class's, or symparam's reason for refusing."""
    config = oracle.routable(config)
    m = symparam.from_hf_config(config)
    if oracle.refused_compute(m) is not None:
        reject()
    seq = min(seq, m.values.get("L", seq))
    if config["model_type"] in ("roberta", "xlm-roberta", "mpnet"):
        # RoBERTa's positions start after the padding index: L − pad − 1 of them are usable
        # (MPNet's padding index is 1 whatever the config says)
        pad = 1 if config["model_type"] == "mpnet" else config.get("pad_token_id", 1)
        seq = min(seq, m.values["L"] - (1 if pad is None else pad) - 1)
        if seq < 1:
            reject()
    if config["model_type"] == "mpnet" and m.values.get("n_buckets", 32) < 32:
        # MPNet's encoder buckets relative positions into 32 whatever the config says: a
        # smaller table cannot run (the activations do not depend on its size)
        config = {**config, "relative_attention_num_buckets": 32}
        m = symparam.from_hf_config(config)
    target = seq if oracle.takes_target(config, m.label) else None
    fixed = m.sequence is not None
    try:
        ours = activations(m, None if fixed else seq, batch, policy, dtype, target).bytes
    except SymparamError as error:
        assert any(reason in str(error) for reason in REFUSED), error
        return
    real = oracle.or_reject(config, m.label, lambda: saved_bytes(
        config, m.label, batch, seq, target, policy, dtype))
    assert ours == real


@pytest.mark.sweep
@pytest.mark.parametrize("model_type", DENSE + ROUTED)
@pytest.mark.parametrize("policy", ["none", "selective", "full"])
def test_saved_tensors_against_torch(model_type: str, policy: str) -> None:
    """Every model type with compute, every class, under each recomputation policy: the bytes
    torch's hooks see the real class save in a training step, fp32."""
    @settings(max_examples=3 if policy == "none" else 2, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(lean_configs(model_type), st.integers(1, 2), st.integers(1, 5))
    def run(config: dict[str, Any], batch: int, seq: int) -> None:
        check(config, batch, seq, policy, "fp32")

    run()


BF16 = ["gpt2", "bert", "llama", "gemma2", "olmo2", "olmo3", "cohere", "opt", "t5", "vit",
        "mixtral", "gpt_oss", "deepseek_v3", "gpt_neo", "gpt_bigcode", "gptj", "mpt", "dinov2",
        "convnext", "glm4_moe", "ernie4_5", "ernie4_5_moe", "llama4_text"]


@pytest.mark.parametrize("model_type", BF16)
def test_saved_tensors_in_bf16(model_type: str) -> None:
    """In 16-bit: the fp32 softmaxes and their copies, RMSNorm's fp32 input, OLMo's fp32
    rotary tables, Cohere's fp32 weight copies, DeepSeek's fp32 router copies, GPT-Neo's and
    GPT-J's fp32 queries and keys."""
    @settings(max_examples=2, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(lean_configs(model_type), st.integers(1, 2), st.integers(1, 5))
    def run(config: dict[str, Any], batch: int, seq: int) -> None:
        check(config, batch, seq, "none", "bf16")

    run()


#: sliding and full layers side by side (masks and rotary tables of each kind), where the
#: lean configs have too few layers for it
MIXED_LAYERS = [
    {"model_type": "gemma3_text", "architectures": ["Gemma3ForCausalLM"],
     "sliding_window_pattern": 3},
    {"model_type": "gemma2", "architectures": ["Gemma2ForCausalLM"]},
    {"model_type": "cohere2", "architectures": ["Cohere2ForCausalLM"],
     "sliding_window_pattern": 2},
    {"model_type": "gpt_oss", "architectures": ["GptOssForCausalLM"], "num_local_experts": 3,
     "num_experts_per_tok": 2},
    {"model_type": "olmo3", "architectures": ["Olmo3ForCausalLM"]},
]
_SMALL = {"vocab_size": 20, "hidden_size": 16, "intermediate_size": 8, "num_hidden_layers": 5,
          "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 4,
          "sliding_window": 3, "pad_token_id": 0}


@pytest.mark.parametrize("extra", MIXED_LAYERS, ids=lambda c: c["model_type"])
@pytest.mark.parametrize("policy", ["none", "selective", "full"])
def test_sliding_and_full_layers(extra: dict[str, Any], policy: str) -> None:
    for batch, seq in ((1, 4), (2, 5)):
        check({**_SMALL, **extra}, batch, seq, policy, "fp32")


def test_mpt_clipping_its_projection() -> None:
    """MPT with attn_config.clip_qkv: the clamp keeps Wqkv's output, q, k and v are slices of
    the clamp's."""
    config = {"model_type": "mpt", "architectures": ["MptForCausalLM"], "n_layers": 2,
              "d_model": 8, "n_heads": 2, "vocab_size": 50, "max_seq_len": 16,
              "pad_token_id": 0, "attn_config": {"clip_qkv": 1.0}}
    for policy, dtype in (("none", "fp32"), ("none", "bf16"), ("full", "fp32")):
        check(config, 2, 3, policy, dtype)


@pytest.mark.parametrize("extra", [
    {"architectures": ["ModernBertForSequenceClassification"], "classifier_pooling": "mean"},
    {"architectures": ["ModernBertForMultipleChoice"], "classifier_pooling": "mean"},
    {"architectures": ["ModernBertForMultipleChoice"], "classifier_activation": "relu"},
    {"architectures": ["ModernBertForMaskedLM"], "hidden_activation": "relu",
     "local_attention": 4},
], ids=["mean", "choice-mean", "choice", "relu-window"])
def test_modernbert_pooling_activations_and_windows(extra: dict[str, Any]) -> None:
    """ModernBERT's pooling (the first token, sliced or picked by index, or the mean over the
    mask), its Wi halves, and its local layers' mask, which exists only where the sequence
    reaches half the window."""
    config = {"model_type": "modernbert", "num_hidden_layers": 3, "hidden_size": 8,
              "num_attention_heads": 2, "vocab_size": 50, "intermediate_size": 12,
              "pad_token_id": 0, "global_attn_every_n_layers": 2, **extra}
    for batch, seq in ((1, 1), (2, 3)):
        for policy in ("none", "selective", "full"):
            check(config, batch, seq, policy, "fp32")


DEBERTA_CLASSES = ["DebertaV2Model", "DebertaV2ForMaskedLM", "DebertaV2ForSequenceClassification",
                   "DebertaV2ForMultipleChoice", "DebertaV2ForTokenClassification",
                   "DebertaV2ForQuestionAnswering"]


@st.composite
def deberta_configs(draw: st.DrawFn) -> dict[str, Any]:
    """A small DeBERTa-v2 config with the layout keys the lean configs leave out: the position
    terms (as a string or a list), buckets or a span, v3's shared projections, the table's norm,
    the convolution (kernel, groups, activation), token types, the activations."""
    heads, head = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    hidden = heads * head
    config: dict[str, Any] = {
        "model_type": "deberta-v2", "architectures": [draw(st.sampled_from(DEBERTA_CLASSES))],
        "vocab_size": draw(st.integers(2, 50)), "hidden_size": hidden,
        "num_attention_heads": heads, "intermediate_size": draw(st.integers(1, 24)),
        "num_hidden_layers": draw(st.integers(1, 3)),
        "max_position_embeddings": draw(st.integers(2, 32)), "pad_token_id": 0,
        "relative_attention": draw(st.booleans()),
        "pos_att_type": draw(st.sampled_from([None, "c2p", "p2c", "p2c|c2p", ["c2p"],
                                              ["p2c", "c2p"], "C2P | p2c"])),
        "share_att_key": draw(st.booleans()),
        "position_biased_input": draw(st.booleans()), "legacy": draw(st.booleans()),
        "type_vocab_size": draw(st.integers(0, 2)),
        "hidden_act": draw(st.sampled_from(["gelu", "relu", "tanh", "gelu_new", "silu"])),
        "pooler_hidden_act": draw(st.sampled_from(["gelu", "tanh", "relu"])),
    }
    optional = {
        # two buckets at least: one divides by zero in the log buckets
        "position_buckets": st.sampled_from([-1, 2, 3, 5, 8]),
        "max_relative_positions": st.sampled_from([-1, 1, 3, 6]),
        "norm_rel_ebd": st.sampled_from(["none", "layer_norm", "layer_norm|none"]),
        "conv_kernel_size": st.sampled_from([0, 1, 3, 5]),  # odd: an even one cannot run
        "conv_groups": st.sampled_from([g for g in (1, 2, 3) if hidden % g == 0]),
        "conv_act": st.sampled_from(["tanh", "gelu", "relu"]),
        "embedding_size": st.integers(1, 16),
    }
    for key, values in optional.items():
        if draw(st.booleans()):
            config[key] = draw(values)
    return config


@pytest.mark.parametrize("dtype", ["fp32", "bf16"])
@pytest.mark.parametrize("policy", ["none", "selective", "full"])
def test_deberta_saved_tensors_against_torch(policy: str, dtype: str) -> None:
    """DeBERTa-v2's disentangled attention, every class and layout, against torch's saved
    tensors: the scaled keys and their one-number scales, the inverted mask each layer makes,
    the position projections repeated for each sequence, the gathers' int64 indices and the
    products they pick from, the normalised table, the convolution's copy, booleans and mask.
    Selective recomputation is refused: the attention core is inline."""
    @settings(max_examples=5 if policy == "selective" else 25, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(deberta_configs(), st.integers(1, 2), st.integers(1, 5))
    def run(config: dict[str, Any], batch: int, seq: int) -> None:
        check(config, batch, seq, policy, dtype)

    run()


@pytest.mark.parametrize("cls", DEBERTA_CLASSES)
def test_deberta_layouts_saved_tensors(cls: str) -> None:
    """The layouts of tests/test_nonmatmul.py (absolute positions only; both terms; one term
    with buckets and the table's norm; v3's shared projections; a convolution with token types
    and a span; the non-legacy head), each class, with and without recomputation."""
    from tests.test_nonmatmul import DEBERTA_LAYOUTS

    base = {"model_type": "deberta-v2", "vocab_size": 50, "hidden_size": 16,
            "num_attention_heads": 4, "intermediate_size": 24, "num_hidden_layers": 2,
            "max_position_embeddings": 32, "pad_token_id": 0, "architectures": [cls]}
    for layout in DEBERTA_LAYOUTS:
        for policy, dtype in (("none", "fp32"), ("none", "bf16"), ("full", "bf16")):
            check({**base, **layout}, 2, 5, policy, dtype)
    with pytest.raises(InvalidValueError, match="written inline"):
        activations(symparam.from_hf_config({**base, **DEBERTA_LAYOUTS[1]}), 5, 2, "selective")


def test_deberta_by_hand() -> None:
    """DeBERTa-v3-base (both position terms through the layer's own projections, a normalised
    table of 2·n_rel rows, no absolute positions), read off transformers' code. Each layer, per
    token: the projections' input, the queries, the keys divided by their scale, the values,
    the keys themselves (the position-to-content term), the output projection's input, two
    LayerNorms' inputs and the FFN's input (9H), the GELU's input and the output projection's
    (2·d_ff), four LayerNorm statistics; per sequence the softmax (h·s²) and each term's
    product over the table (h·s·2n_rel) and repeated projected table (2n_rel·H); three
    one-number scales; s² int64 indices for each term's gather and B·s² booleans for the
    mask. Once: the token ids, the embeddings' LayerNorm and input mask, the table's LayerNorm
    statistics and output."""
    m = symparam.model("deberta-v3-base")
    layer = (9 * B * s * H + 2 * B * s * d_ff + 4 * B * s + B * h * s**2
             + 2 * (B * h * s * 2 * n_rel + B * 2 * n_rel * H) + 3)
    outside = B * s * H + 3 * B * s + 2 * 2 * n_rel + 2 * n_rel * H
    expected = {"act": N * layer + outside, "i64": B * s + 2 * N * s**2, "bool": B * N * s**2}
    got = activations(m, 512, 1, "none", "fp32").elements
    assert {k: sympy.expand(v) for k, v in got.items()} == \
        {k: sympy.expand(v) for k, v in expected.items()}
    # full recomputation: each layer's input and the fp32 (B, 1, s, s) mask each is called with
    full = activations(m, 512, 1, "full", "bf16").elements
    assert {k: sympy.expand(v) for k, v in full.items()} == {
        "act": sympy.expand(N * B * s * H + outside - 2 * n_rel * H), "f32": B * s**2,
        "i64": B * s}


def test_gpt2_by_hand() -> None:
    """GPT-2's layer keeps, fp32, per token: ln_1's input and its mean and 1/σ (H + 2), the
    projections' inputs (c_attn, c_proj: 2H; c_fc: H; the MLP's c_proj: d_ff), q, k and v
    (3H), the tanh GELU's four tensors (4·d_ff), ln_2's (H + 2); and the scores' softmax
    (h·s a token). Outside the layers: the token and position ids, ln_f, the LM head's input."""
    m = symparam.model("gpt2")
    layer = 8 * H + 4 + 5 * d_ff
    expected = {"act": sympy.expand(N * (B * s * layer + B * h * s**2) + B * s * (2 * H + 2)),
                "i64": B * s + s}
    got = {k: sympy.expand(v.xreplace({d_ff: 4 * H})) for k, v in
           activations(m, 1024, 1, "none", "fp32").elements.items()}
    assert got == {k: sympy.expand(v.xreplace({d_ff: 4 * H})) for k, v in expected.items()}
    # full recomputation: each layer's input, and the (B, 1, s, s) mask GPT-2 passes each
    full = activations(m, 1024, 2, "full", "fp16")
    outside = 2 * 1024 * (2 * 768 + 2) * 2 + (2 * 1024 + 1024) * 8  # ln_f, LM head, ids
    assert full.bytes == 12 * 2 * 1024 * 768 * 2 + 2 * 1024**2 * 2 + outside


def test_bert_and_llama_against_torch_at_their_shapes() -> None:
    """BERT-base's and LLaMA's layer shapes (4 layers, a short sequence, so that the CPU run
    stays small): the exact bytes equal torch's, in fp32 and bf16."""
    bert = {"model_type": "bert", "architectures": ["BertModel"], "num_hidden_layers": 2,
            "hidden_size": 768, "num_attention_heads": 12, "intermediate_size": 3072,
            "vocab_size": 1000}
    llama = {"model_type": "llama", "architectures": ["LlamaForCausalLM"],
             "num_hidden_layers": 2, "hidden_size": 512, "num_attention_heads": 8,
             "num_key_value_heads": 2, "intermediate_size": 1376, "vocab_size": 1000}
    for config in (bert, llama):
        for dtype in ("fp32", "bf16"):
            for policy in ("none", "selective", "full"):
                check(config, 2, 16, policy, dtype)


def test_korthikanti_is_kept_for_comparison() -> None:
    """Korthikanti et al. 2022 (section 4): s·b·h·(34 + 5·a·s/h) bytes a layer, 34·s·b·h with
    selective recomputation, 2·s·b·h (the layer's input) with full recomputation."""
    m = symparam.model("llama-2-7b")
    s_, b, h_, n, a = 2048, 1, 4096, 32, 32
    assert korthikanti_bytes(m, s_, b) == s_ * b * h_ * n * 34 + 5 * a * s_ * s_ * b * n
    assert korthikanti_bytes(m, s_, b, "selective") == 34 * s_ * b * h_ * n
    assert korthikanti_bytes(m, s_, b, "full") == 2 * s_ * b * h_ * n


def test_memory_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "gpt2", "--seq", "128", "--batch", "2", "--dtype", "bf16", "--json",
                 "--compare", "korthikanti"]) == 0
    record = json.loads(capsys.readouterr().out)
    for policy in ("none", "selective", "full"):
        assert record["activations"][policy]["bytes"] == \
            activations(symparam.model("gpt2"), 128, 2, policy, "bf16").bytes
    assert record["compare"]["korthikanti"]["full"] == 2 * 128 * 2 * 768 * 12
    assert main(["memory", "bloom-560m", "--seq", "16"]) == 0
    assert "not derived" in capsys.readouterr().out  # selective: its attention is inline
    assert main(["memory", "gpt2", "--seq", "8", "--compare", "nope"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    with pytest.raises(InvalidValueError, match="recompute"):
        activations(symparam.model("gpt2"), 8, 1, "some")
    assert V in symparam.model("gpt2").params.free_symbols
