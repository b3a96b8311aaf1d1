"""Memory: weights per dtype and quantized, the optimiser recipes, and the KV cache by layout
(sliding windows included) against transformers' own cache."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

import symparam
from symparam.blocks import evaluate
from symparam.catalog import model_types
from symparam.cli import main
from symparam.compute import memory
from symparam.memory import kv_cache, state_size
from symparam.symbols import n_img
from tests.test_hf import lean_configs
from tests.tools import need


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


def test_gpt_oss_120b_sliding_window_layers_hold_127_positions(
        capsys: pytest.CaptureFixture[str]) -> None:
    """gpt-oss-120b's 36 layers alternate a 128-position window and full attention (its
    config: sliding_window 128, layer_types); each keeps 2 × 8 key/value heads × 64 numbers a
    position: at s = 8192, 18 layers hold 8,192 positions and 18 the last 127 (transformers'
    DynamicCache keeps W − 1: a new token sees them and itself), and memory says so."""
    result = memory(symparam.model("gpt-oss-120b"), seq=8192, dtype="bf16")
    per_position = 2 * 8 * 64 * 2  # keys and values, bf16
    assert result.kv_total == 18 * 8192 * per_position + 18 * 127 * per_position
    assert result.kv_total == 306_671_616
    assert memory(symparam.model("gpt-oss-120b"), seq=100).kv_total == 36 * 100 * per_position
    assert main(["memory", "gpt-oss-120b", "--seq", "8192", "--json"]) == 0
    assert "last W − 1 positions" in json.loads(capsys.readouterr().out)["kv_cache_note"]
    assert main(["memory", "gpt-oss-120b", "--seq", "8192"]) == 0
    assert "as transformers' DynamicCache does" in " ".join(capsys.readouterr().out.split())
    assert main(["memory", "llama-3-8b", "--seq", "8192", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["kv_cache_note"] is None


#: small configs of every type whose layers may slide a window of 3 positions, read the way
#: each writes it (a period, a pattern key, layer_types, Qwen's max_window_layers)
_SMALL = {"vocab_size": 20, "hidden_size": 16, "intermediate_size": 8, "num_hidden_layers": 5,
          "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 4,
          "sliding_window": 3, "pad_token_id": 0}
_EXPERTS = {"num_local_experts": 2, "num_experts_per_tok": 1}
WINDOWED = [
    ("mistral", "MistralForCausalLM", {}, 5),
    ("mixtral", "MixtralForCausalLM", _EXPERTS, 5),
    ("starcoder2", "Starcoder2ForCausalLM", {}, 5),
    ("phi3", "Phi3ForCausalLM", {}, 5),
    ("gemma2", "Gemma2ForCausalLM", {}, 3),
    ("gemma2", "Gemma2ForCausalLM", {"layer_types": ["full_attention", "sliding_attention",
                                                     "sliding_attention", "full_attention",
                                                     "sliding_attention"]}, 3),
    ("gemma3_text", "Gemma3ForCausalLM", {"sliding_window_pattern": 3}, 4),
    ("gemma3_text", "Gemma3ForCausalLM", {}, 5),
    ("cohere2", "Cohere2ForCausalLM", {}, 4),
    ("gpt_oss", "GptOssForCausalLM", _EXPERTS, 3),
    ("qwen2", "Qwen2ForCausalLM", {"use_sliding_window": True, "max_window_layers": 2}, 3),
    ("qwen3", "Qwen3ForCausalLM", {"use_sliding_window": True, "max_window_layers": 4}, 1),
    ("qwen2", "Qwen2ForCausalLM", {}, 0),
    ("mistral", "MistralForCausalLM", {"sliding_window": None}, 0),
]


@pytest.mark.parametrize(("model_type", "cls", "extra", "sliding"), WINDOWED)
def test_sliding_window_cache_against_transformers(model_type: str, cls: str,
                                                   extra: dict[str, Any], sliding: int) -> None:
    """``sliding`` of the 5 layers keep min(s, 2) positions, the window's 3 less one, as
    transformers' DynamicCache holds them; each position is 2 × 2 key/value heads × 4
    numbers."""
    oracle = need("tests.oracle")
    config = {"model_type": model_type, "architectures": [cls], **_SMALL, **extra}
    m = symparam.from_hf_config(config)
    for seq in (1, 2, 6):
        ours = evaluate(kv_cache(m), {**m.bind(), "s": seq})
        assert ours == 2 * 2 * 4 * ((5 - sliding) * seq + sliding * min(seq, 2))
        assert oracle.cached(config, cls, 1, seq) == ours


#: every decoder type (DeepSeek-V3's cache holds the latent and the rotary key, as it stores
#: them)
#: decoders none of whose transformers classes takes a cache (each runs every token's keys
#: again): symparam gives the cache a decoder of the same shape keeps
NO_CACHE = ("openai-gpt",)
DECODERS = [t for t in sorted(model_types()) if kv_cache(symparam.model(t)) is not None]
#: the families whose decoder reads an encoder: their cache is transformers'
#: EncoderDecoderCache, the decoder's own keys and values and its cross-attention's
ENCODER_DECODERS = ("bart", "t5", "whisper")


@pytest.mark.sweep
@pytest.mark.parametrize("model_type", [t for t in DECODERS if t not in NO_CACHE])
def test_kv_cache_against_transformers(model_type: str) -> None:
    """Grouped, multi-query and full key/value heads, every class of every decoder type: the
    numbers transformers' DynamicCache holds after a short sequence; an encoder–decoder's
    decoder keys and values of its own tokens and of the encoder's (EncoderDecoderCache)."""
    oracle = need("tests.oracle")

    @settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(lean_configs(model_type), st.integers(1, 2), st.data())
    def check(config: dict[str, Any], batch: int, data: st.DataObject) -> None:
        config = oracle.routable(config)
        m = symparam.from_hf_config(config)
        seq = data.draw(st.integers(1, min(m.values.get("L", 8), 8)))
        if not oracle.takes_cache(m.label):
            reject()  # a task head that runs its sequence once (question answering)
        if 1 in (m.values.get("W"), m.values.get("W_chunk")):
            reject()  # transformers' cache keeps every position of a window of one
        held = kv_cache(m)  # None in a hybrid whose layers are all linear attention
        if held is not None and m.family.images:  # the oracle's prompt is text alone
            held = held.xreplace({n_img: 0})
        target = data.draw(st.integers(1, min(m.values.get("L", 8), 8))) \
            if oracle.takes_target(config, m.label) else None
        lengths = {"s": seq, "s_dec": seq if target is None else target}
        ours = 0 if held is None else evaluate(held, {**m.bind(), **lengths}) * batch
        if m.family.name in ENCODER_DECODERS:  # the decoder's tokens and the encoder's
            real = oracle.or_reject(config, m.label, lambda: oracle.cached_both(
                config, m.label, batch, seq, target))
        elif state_size(m) is not None:  # a hybrid: its attention layers' keys and values and
            # the other layers' states, in the cache the class makes for itself
            ours += m.value_of(state_size(m)) * batch
            real = oracle.or_reject(config, m.label,
                                    lambda: oracle.kept(config, m.label, batch, seq))
        else:
            real = oracle.or_reject(config, m.label,
                                    lambda: oracle.cached(config, m.label, batch, seq))
        assert ours == real

    check()


def test_classes_without_a_cache() -> None:
    """The decoder types taken out of the test above: none of their classes takes a cache."""
    oracle = need("tests.oracle")
    for model_type in NO_CACHE:
        assert not any(oracle.takes_cache(cls) for cls in model_types()[model_type].classes)


def test_quantized_weights_and_optimisers() -> None:
    """int8: a byte a matrix weight plus an fp16 scale a row; int4: half a byte plus an fp16
    scale per 128 weights of a row; vectors and the vocabulary's tables stay fp16. GPT-2:
    12 layers of c_attn (768 × 2304), c_proj (768 × 768), c_fc (768 × 3072), c_proj
    (3072 × 768), stored (in, out); 124,439,808 parameters."""
    result = memory(symparam.model("gpt2"))
    matrices = [(768, 2304), (768, 768), (768, 3072), (3072, 768)]
    weights = 12 * sum(r * c for r, c in matrices)
    vectors = 124_439_808 - weights - (50257 + 1024) * 768  # biases and norms
    tables = (50257 + 1024) * 768
    int8 = weights + 12 * sum(2 * r for r, _ in matrices) + 2 * (vectors + tables)
    int4 = weights // 2 + 12 * sum(2 * r * -(-c // 128) for r, c in matrices) \
        + 2 * (vectors + tables)
    assert dict((f.name, size) for f, size in result.formats) == {"int8": int8, "int4": int4}
    per_param = {o.name: o.per_param for o, _ in result.optimisers}
    assert per_param == {"adam-mixed": 16, "adam-fp32-grads": 20, "adam-fp32": 16}


def _cached_numbers(config: dict, seq: int) -> int:
    """The numbers transformers' cache holds after a forward pass of ``seq`` tokens (CPU, small
    weights): keys and values of attention layers, conv and recurrent states of the others."""
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


def test_encoder_decoder_cache_holds_both_sequences(capsys: pytest.CaptureFixture[str]) -> None:
    """BART-large (12 decoder layers of 1,024) generating 128 tokens from a 1,024-token source
    keeps, a layer, keys and values of its 128 tokens (self-attention) and of the 1,024 source
    states (cross-attention): 12 · 2 · 1,024 · (1,024 + 128) numbers, 2 bytes each in fp16.
    Whisper's cross-attention keys and values are of its 1,500 audio frames whatever s is."""
    result = memory(symparam.model("bart-large"), seq=1024, target_seq=128)
    assert result.kv_total == 12 * 2 * 1024 * (1024 + 128) * 2 == 56_623_104
    assert result.kv_per_token == 12 * 2 * 1024 * 2
    assert main(["memory", "bart-large", "--seq", "1024", "--target-seq", "128"]) == 0
    out = capsys.readouterr().out
    assert "s = 1024, s_dec = 128: 56,623,104 B" in out
    whisper = memory(symparam.model("whisper-small"), seq=64)
    assert whisper.kv_total == 12 * 2 * 768 * (64 + 1500) * 2


@pytest.mark.parametrize("name", ["gpt2", "llama-3-8b", "bert-base-uncased", "mixtral-8x7b"])
def test_activations_in_another_dtype_are_the_same_tensors(name: str) -> None:
    """The page derives a policy's saved tensors once and writes them in each dtype
    (Activations.formula_in): the same bytes as deriving them in that dtype, for every
    policy, where fp32 doubles the activations and not the int64 indices."""
    from symparam.memory import POLICIES, activations

    model = symparam.model(name)
    for policy in POLICIES:
        once = activations(model, 512, 2, policy, "fp16")
        for dtype in ("fp32", "fp16", "bf16"):
            assert once.formula_in(dtype) == activations(model, 512, 2, policy, dtype).formula
        # the model's own activations double in fp32; the int64 indices do not
        assert once.formula_in("fp32") != 2 * once.formula_in("fp16")


@pytest.mark.parametrize("name", ["gpt2", "llama-3-8b", "mixtral-8x7b", "gemma-3-1b",
                                  "deepseek-v2-lite", "whisper-small"])
def test_what_a_page_evaluates_unexpanded_expands_to_the_commands_formulas(name: str) -> None:
    """The page writes the activations (kept, saved_bytes) and the FLOPs (compute with
    expanded=False) as the tree makes them, not expanded: each expands to the formula
    ``symparam memory`` and ``symparam flops`` print, for every policy, dtype and run."""
    import sympy

    from symparam.compute import compute
    from symparam.errors import SymparamError
    from symparam.memory import POLICIES, activations, kept, saved_bytes

    model = symparam.model(name)
    for policy in POLICIES:
        try:
            once = activations(model, 512, 2, policy, "fp16")
        except SymparamError:
            continue
        for dtype in ("fp32", "fp16", "bf16"):
            page = saved_bytes(kept(model, policy), dtype)
            assert sympy.expand(page) == once.formula_in(dtype), (policy, dtype)
    runs = ({}, {"training": True}, {"training": True, "recompute": "selective"},
            {"training": True, "recompute": "full"}, {"decode": True}, {"causal": True})
    for how in runs:
        try:
            printed = compute(model, seq=512, batch=2, **how)
        except SymparamError:
            continue
        page = compute(model, seq=512, batch=2, by_part=False, expanded=False, **how)
        assert sympy.expand(page.formula - printed.formula) == 0, how
        assert page.flops == printed.flops, how
