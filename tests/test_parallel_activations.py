"""Activations per GPU under sequence, pipeline and expert parallelism (``symparam memory
--gpus … --sp / --pp / --ep --capacity-factor``), against what the real classes save for
their backward pass (torch's saved_tensors_hooks, :mod:`tests.saved`), split as Korthikanti
et al. 2022 and Megatron-LM's 1F1B schedule split them."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest

import symparam
from symparam.cli import main
from symparam.parallel import per_gpu
from symparam.parallel_activations import in_flight
from symparam.placement import Layout
from tests.test_parallel import TINY_LLAMA
from tests.test_parallel import TINY_MIXTRAL as TINY_MIXTRAL_4
from tests.tools import need

#: the tiny configs of test_parallel, Mixtral two layers deep here
TINY_MIXTRAL = {**TINY_MIXTRAL_4, "num_hidden_layers": 2}


def _narrow(config: dict[str, Any], t: int) -> dict[str, Any]:
    """One tensor-parallel rank's heads and inner width, each head as wide."""
    return {**config, "num_attention_heads": config["num_attention_heads"] // t,
            "num_key_value_heads": config["num_key_value_heads"] // t,
            "head_dim": config["hidden_size"] // config["num_attention_heads"],
            "intermediate_size": config["intermediate_size"] // t}


@pytest.mark.parametrize(("t", "policy"), [(2, "none"), (4, "none"), (2, "selective"),
                                           (2, "full")])
def test_sequence_parallel_rank_against_the_real_class(t: int, policy: str) -> None:
    """A rank under tensor and sequence parallelism keeps its heads' and inner width's
    tensors for every token and the tensors of the hidden width (norms' inputs and outputs,
    the residual stream, the column-parallel inputs, the head's input) and the norms' per-token
    statistics for a t-th of the tokens: read off the real class run with a rank's heads and
    width, by the shapes of what it saves (last dimension H or 1)."""
    saved = need("tests.saved")
    hidden = TINY_LLAMA["hidden_size"]
    detail: list[tuple[str, tuple[int, ...], str, int]] = []
    whole = saved.saved_bytes(_narrow(TINY_LLAMA, t), "LlamaForCausalLM", batch=2, seq=16,
                              policy=policy, dtype="bf16", detail=detail)
    wide = sum(n for _, shape, _, n in detail if len(shape) >= 2 and shape[-1] in (hidden, 1))
    assert wide and wide % t == 0
    found = per_gpu(symparam.from_hf_config(TINY_LLAMA),
                    Layout(t, tp=t, sp=True, micro_batch=2, seq=16), recompute=policy)
    assert found.activations == whole - wide + wide // t


#: sizes apart, so that a saved tensor's last dimension says what it is: H = 72, the latents
#: 36 and 24 (28 with the rotary key), a rank's q_b, o_proj and kv_b widths 64, 40 and 88
TINY_DEEPSEEK_V3 = {"model_type": "deepseek_v3", "architectures": ["DeepseekV3ForCausalLM"],
                    "hidden_size": 72, "intermediate_size": 96, "moe_intermediate_size": 32,
                    "num_hidden_layers": 2, "num_attention_heads": 8, "num_key_value_heads": 8,
                    "q_lora_rank": 36, "kv_lora_rank": 24, "qk_rope_head_dim": 4,
                    "qk_nope_head_dim": 12, "v_head_dim": 10, "n_routed_experts": 8,
                    "num_experts_per_tok": 2, "n_shared_experts": 1, "n_group": 1,
                    "topk_group": 1, "first_k_dense_replace": 1, "vocab_size": 256,
                    "max_position_embeddings": 128}


@pytest.mark.parametrize(("dtype", "policy"), [("bf16", "none"), ("fp32", "selective"),
                                               ("bf16", "full")])
def test_sequence_parallel_latent_attention_against_the_real_class(dtype: str,
                                                                    policy: str) -> None:
    """Latent attention under tensor and sequence parallelism (refused before): Megatron-Core's
    MLASelfAttention (megatron/core/transformer/multi_latent_attention.py) runs its duplicated
    down projections and the latents' norms on the rank's s/t tokens and gathers the latents
    for the column-parallel up projections (their inputs kept as the rank's part), so a rank
    keeps a t-th of every per-token tensor outside the heads: the hidden width's, the norms'
    statistics, the query latent's (q_lora_rank), the key/value latent's (kv_lora_rank, and
    kv_lora_rank + qk_rope_head_dim where the norm reads a slice of it), the router's rows;
    the heads' and inner widths' tensors whole, the routed experts' rows as routed, a
    router's fp32 copy of its weight whole. Read off the real class run with a rank's heads
    and widths, by the shapes of what it saves."""
    saved = need("tests.saved")
    config, t, b, s = TINY_DEEPSEEK_V3, 2, 2, 20
    narrow = {**config, "num_attention_heads": config["num_attention_heads"] // t,
              "num_key_value_heads": config["num_key_value_heads"] // t,
              "intermediate_size": config["intermediate_size"] // t,
              "moe_intermediate_size": config["moe_intermediate_size"] // t}
    detail: list[tuple[str, tuple[int, ...], str, int]] = []
    whole = saved.saved_bytes(narrow, "DeepseekV3ForCausalLM", batch=b, seq=s, policy=policy,
                              dtype=dtype, detail=detail)
    outside = {config["hidden_size"], 1, config["q_lora_rank"], config["kv_lora_rank"],
               config["kv_lora_rank"] + config["qk_rope_head_dim"]}
    wide = sum(n for module, shape, _, n in detail
               if len(shape) >= 2 and (shape[0] == b * s or shape[:2] == (b, s))
               and "mlp.experts" not in module
               and (shape[-1] in outside or module.endswith("mlp.gate")))
    assert wide and wide % t == 0
    found = per_gpu(symparam.from_hf_config(config),
                    Layout(t, tp=t, sp=True, micro_batch=b, seq=s), recompute=policy,
                    dtype=dtype)
    assert found.activations == whole - wide + wide // t


def test_sequence_parallel_layer_is_a_tth_as_table_2_says() -> None:
    """Korthikanti et al.'s Table 2: with tensor and sequence parallelism a layer keeps a
    t-th of what it keeps without parallelism (sbh/t·(34 + 5as/h) against sbh(34 + 5as/h));
    so it is for LLaMA's layer, whose every tensor is split by heads, width or tokens."""
    from symparam.parallel_compare import korthikanti_rows

    rows = {r["name"]: r for r in korthikanti_rows(symparam.from_hf_config(TINY_LLAMA), 32,
                                                   2, 4)}
    alone = korthikanti_rows(symparam.from_hf_config(TINY_LLAMA), 32, 2, 1)[0]
    assert rows["tensor and sequence parallelism"]["exact_bytes"] * 4 == alone["exact_bytes"]
    assert rows["tensor parallelism"]["exact_bytes"] > alone["exact_bytes"] // 4


def _stage_parts(config: dict[str, Any], layers: int, policy: str
                 ) -> tuple[int, int, int]:
    """What the real class with ``layers`` layers saves, as the pipeline parts it: before
    the layers (the token lookup), in them (the rotary tables they are given count in the
    first of them), after them (the final norm and the head)."""
    saved = need("tests.saved")
    detail: list[tuple[str, tuple[int, ...], str, int]] = []
    saved.saved_bytes({**config, "num_hidden_layers": layers}, config["architectures"][0],
                      batch=2, seq=16, policy=policy, dtype="bf16", detail=detail)
    after = sum(n for m, *_, n in detail if m in ("model.norm", "lm_head"))
    inside = sum(n for m, *_, n in detail if m.startswith("model.layers."))
    before = sum(n for *_, n in detail) - after - inside
    return before, inside, after


@pytest.mark.parametrize(("p", "m", "policy"), [(2, 4, "none"), (4, 8, "selective"),
                                                (4, 2, "none"), (2, 2, "full")])
def test_pipeline_stages_against_the_real_class(p: int, m: int, policy: str) -> None:
    """Each stage keeps, for each micro-batch in flight (1F1B: min(p − q, m) on stage q from
    0), the real class's tensors for its N/p layers (their own rotary tables), the first
    stage also the token lookup's, the last the final norm's and the head's."""
    layers = TINY_LLAMA["num_hidden_layers"] // p
    before, inside, after = _stage_parts(TINY_LLAMA, layers, policy)
    one = [inside + (before if q == 0 else 0) + (after if q == p - 1 else 0) for q in range(p)]
    layout = Layout(p, pp=p, micro_batch=2, batch=2 * m, seq=16)
    found = per_gpu(symparam.from_hf_config(TINY_LLAMA), layout, recompute=policy)
    flight = [min(p - q, m) for q in range(p)]
    assert list(in_flight(layout)) == flight
    assert list(found.stage_activations) == [n * k for n, k in zip(one, flight, strict=True)]
    held = [a + b for a, b in zip(found.stage_totals, found.stage_activations, strict=True)]
    assert found.stage == held.index(max(held)) and found.activations == max(
        found.stage_activations[q] for q in range(p) if held[q] == max(held))


def test_even_routing_is_the_models_own() -> None:
    """Capacity factor 1 with E dividing b·s·k: each GPU's experts take b·s·k rows, as many as
    its own micro-batch routes; the real class (one GPU) saves the same bytes."""
    saved = need("tests.saved")
    oracle = saved.saved_bytes(TINY_MIXTRAL, "MixtralForCausalLM", batch=2, seq=16,
                               dtype="bf16")
    model = symparam.from_hf_config(TINY_MIXTRAL)
    for e in (2, 4):
        found = per_gpu(model, Layout(e, ep=e, micro_batch=2, seq=16, capacity=Fraction(1)))
        assert found.activations == oracle


def test_capacity_pads_each_experts_rows() -> None:
    """With capacity factor c each of the E experts takes ⌈c·b·s·k/E⌉ rows from each of the e
    GPUs: a GPU's E/e experts keep E·⌈c·b·s·k/E⌉ rows a layer, each row what transformers'
    Mixtral experts keep for a (token, expert) pair: two int64 indices, 3H + 4d_ff numbers of
    the model's dtype (the row's input, gate/up output, activation, product, output and
    weighted output) and its fp32 routing weight."""
    model = symparam.from_hf_config(TINY_MIXTRAL)
    b, s, k, experts, layers = 2, 16, 2, 8, 2
    row = 2 * 8 + 2 * (3 * 64 + 4 * 96) + 4
    base = per_gpu(model, Layout(2, ep=2, micro_batch=b, seq=s, capacity=Fraction(1)))
    for c in (Fraction(5, 4), Fraction(3, 2), Fraction(7, 3)):
        rows = experts * math.ceil(c * b * s * k / experts)
        found = per_gpu(model, Layout(2, ep=2, micro_batch=b, seq=s, capacity=c))
        assert found.activations - base.activations == layers * (rows - b * s * k) * row


def test_expert_parallel_without_capacity_is_refused() -> None:
    found = per_gpu(symparam.from_hf_config(TINY_MIXTRAL), Layout(2, ep=2, seq=16))
    assert found.activations is None
    assert "capacity_factor" in str(found.activations_refused)


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, out
    assert len(err.strip().splitlines()) == 1 and err.startswith("symparam"), err
    return err


@pytest.mark.parametrize(("argv", "says"), [
    (["llama-3-8b", "--gpus", "8", "--tp", "8", "--sp", "--seq", "1001"],
     "splits the 1001 tokens (--seq) over t = 8"),
    (["llama-3-8b", "--gpus", "8", "--capacity-factor", "1"], "--capacity-factor: this model "
                                                            "has no experts"),
    (["mixtral-8x7b", "--gpus", "8", "--ep", "2", "--capacity-factor", "x"],
     "--capacity-factor takes a positive number"),
    (["mixtral-8x7b", "--gpus", "8", "--ep", "2", "--capacity-factor", "-1"],
     "--capacity-factor takes a positive number"),
    (["mixtral-8x7b", "--capacity-factor", "1"], "--capacity-factor needs --gpus"),
])
def test_bad_layouts_refused(argv: list[str], says: str,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert says in _refused(["memory", *argv], capsys)


def test_text_states_the_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "llama-3-8b", "--gpus", "16", "--tp", "2", "--pp", "4", "--sp",
                 "--seq", "1024", "--batch", "64"]) == 0
    out = capsys.readouterr().out
    assert "of 4, 3, 2, 1 micro-batches in flight" in out and "1F1B" in out
    assert "for a t-th of the tokens" in out and "inputs whole" not in out


@pytest.mark.parametrize("name", ["llama-3-8b", "gpt2", "mixtral-8x7b", "bert-base-uncased",
                                  "mt5-base", "deepseek-v3", "llama-4-scout-17b-16e"])
@pytest.mark.parametrize("policy", ["none", "selective", "full"])
def test_storages_one_by_one_add_up(name: str, policy: str) -> None:
    """The storages a GPU's share is worked out from, one by one, are the model's: by kind
    they add up to the totals every other figure reads."""
    import sympy

    from symparam.blocks.saved import _totals
    from symparam.symbols import B, s

    saved = symparam.model(name).tree.saved(B, s, policy)
    apart = _totals([*saved.each.values(), *saved.model.values()])
    totals = saved.totals()
    assert apart.keys() == totals.keys()
    assert all(sympy.expand(apart[k] - totals[k]) == 0 for k in totals)


@pytest.mark.parametrize(("c", "t"), [(2, 1), (4, 1), (2, 2)])
def test_context_parallel_rank_runs_its_share_of_the_tokens(c: int, t: int) -> None:
    """Under context parallelism (full recomputation: no s × s tensor kept) a GPU keeps what
    the real class keeps for s/c tokens; with tensor and sequence parallelism, what a rank's
    heads and width keep for s/c tokens, the hidden-width tensors for a t-th of them."""
    saved = need("tests.saved")
    detail: list[tuple[str, tuple[int, ...], str, int]] = []
    config = _narrow(TINY_LLAMA, t) if t > 1 else TINY_LLAMA
    whole = saved.saved_bytes(config, "LlamaForCausalLM", batch=2, seq=32 // c,
                              policy="full", dtype="bf16", detail=detail)
    wide = sum(n for _, shape, _, n in detail if len(shape) >= 2 and shape[-1] in (64, 1)) \
        if t > 1 else 0
    found = per_gpu(symparam.from_hf_config(TINY_LLAMA),
                    Layout(t * c, tp=t, cp=c, sp=t > 1, micro_batch=2, seq=32),
                    recompute="full")
    assert found.activations == whole - wide + wide // t


def test_context_parallel_refuses_an_eager_cores_scores() -> None:
    found = per_gpu(symparam.from_hf_config(TINY_LLAMA), Layout(2, cp=2, seq=32))
    assert found.activations is None and "s × s" in str(found.activations_refused)


def test_ring_traffic_by_hand() -> None:
    """LLaMA-3-8B, t = 2, c = 4, b = 1, s = 8192, m = 1: each of the 32 layers passes a GPU's
    keys and values (8 key/value heads of 128, a half on each tensor-parallel rank) of its
    2,048 tokens on 3·(c − 1) = 9 times, 16-bit; the tensor-parallel all-reduces carry s/c
    tokens, as with s/c tokens and no context parallelism."""
    m = symparam.model("llama-3-8b")
    found = per_gpu(m, Layout(16, tp=2, cp=4, micro_batch=1, batch=2, seq=8192),
                    recompute="full")
    rows = {kind: value for kind, value, *_ in found.traffic.rows}
    assert rows["context-parallel ring"] == 9 * 32 * 2048 * (2 * 8 * 128 // 2) * 2
    alone = per_gpu(m, Layout(4, tp=2, micro_batch=1, batch=2, seq=2048), recompute="full")
    assert rows["tensor-parallel all-reduces"] == dict(
        (kind, value) for kind, value, *_ in alone.traffic.rows)["tensor-parallel all-reduces"]


def test_zero_partitions_over_data_and_context_ranks() -> None:
    """d = 2 data-parallel ranks of c = 4 context-parallel GPUs: 8 hold alike weights, and
    ZeRO-3 partitions over them (Megatron-LM's data-parallel group with context parallelism)."""
    m = symparam.model("llama-3-8b")
    found = per_gpu(m, Layout(8, cp=4, zero=3))
    assert sum(p.bytes for p in found.parts) == 16 * -(-m.count() // 8)


@pytest.mark.parametrize(("argv", "says"), [
    (["--gpus", "8", "--cp", "4", "--seq", "1028"], "do not divide by 8 (--cp)"),
    (["--gpus", "12", "--tp", "2", "--cp", "4"], "do not divide by t × p × c = 2 × 1 × 4 = 8"),
    (["--cp", "2"], "--cp needs --gpus"),
])
def test_bad_context_layouts_refused(argv: list[str], says: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert says in _refused(["memory", "llama-3-8b", *argv], capsys)
