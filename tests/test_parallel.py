"""Memory per GPU under parallel layouts (``symparam memory --gpus``): tensor-parallel shards
against transformers' own tp_plan on the meta device, ZeRO's partitions against the paper's
printed figures, pipeline stages by hand, invariants over layouts, and bad input."""

from __future__ import annotations

import json
import math
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symparam
from symparam.cli import main
from symparam.errors import InvalidValueError
from symparam.memory import OPTIMISERS, activations
from symparam.parallel import per_gpu
from symparam.parallel_compare import ZERO_FIGURE_1, zero_rows
from symparam.placement import Layout, stages
from tests.tools import need

TINY_LLAMA = {"model_type": "llama", "architectures": ["LlamaForCausalLM"],
              "hidden_size": 64, "intermediate_size": 96,
              "num_attention_heads": 8, "num_key_value_heads": 4, "num_hidden_layers": 4,
              "vocab_size": 256, "max_position_embeddings": 128}
TINY_MIXTRAL = {"model_type": "mixtral", "architectures": ["MixtralForCausalLM"],
                "hidden_size": 64, "intermediate_size": 96,
                "num_attention_heads": 8, "num_key_value_heads": 4, "num_hidden_layers": 4,
                "vocab_size": 256, "num_local_experts": 8, "num_experts_per_tok": 2,
                "max_position_embeddings": 128}
TINY_QWEN3_MOE = {"model_type": "qwen3_moe", "architectures": ["Qwen3MoeForCausalLM"],
                  "hidden_size": 64, "intermediate_size": 96,
                  "moe_intermediate_size": 32, "num_attention_heads": 8,
                  "num_key_value_heads": 4, "head_dim": 8, "num_hidden_layers": 4,
                  "vocab_size": 256, "num_experts": 8, "num_experts_per_tok": 2,
                  "max_position_embeddings": 128}

TINY_NEOX = {"model_type": "gpt_neox", "architectures": ["GPTNeoXForCausalLM"],
             "hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 8,
             "num_hidden_layers": 4, "vocab_size": 256, "max_position_embeddings": 128}
TINY_PHI = {"model_type": "phi", "architectures": ["PhiForCausalLM"], "hidden_size": 64,
            "intermediate_size": 128, "num_attention_heads": 8, "num_key_value_heads": 4,
            "num_hidden_layers": 4, "vocab_size": 256, "max_position_embeddings": 128}

TINY_ERNIE = {"model_type": "ernie4_5_moe", "architectures": ["Ernie4_5_MoeForCausalLM"],
              "hidden_size": 64, "intermediate_size": 96, "moe_intermediate_size": 32,
              "num_attention_heads": 8, "num_key_value_heads": 4, "num_hidden_layers": 3,
              "vocab_size": 256, "moe_num_experts": 8, "moe_k": 2,
              "moe_num_shared_experts": 2, "moe_layer_start_index": 1,
              "max_position_embeddings": 128}
TINY_LLAMA4 = {"model_type": "llama4_text", "architectures": ["Llama4ForCausalLM"],
               "hidden_size": 64, "intermediate_size": 32, "intermediate_size_mlp": 96,
               "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 8,
               "num_hidden_layers": 4, "vocab_size": 256, "num_local_experts": 8,
               "num_experts_per_tok": 1, "interleave_moe_layer_step": 2,
               "max_position_embeddings": 128}

#: DeepSeek's multi-head latent attention: with a query rank (V3) and without one (V2-Lite)
TINY_DEEPSEEK_V3 = {"model_type": "deepseek_v3", "architectures": ["DeepseekV3ForCausalLM"],
                    "hidden_size": 64, "intermediate_size": 96, "moe_intermediate_size": 32,
                    "num_attention_heads": 8, "num_key_value_heads": 8,
                    "num_hidden_layers": 3, "vocab_size": 256, "q_lora_rank": 48,
                    "kv_lora_rank": 32, "qk_nope_head_dim": 16, "qk_rope_head_dim": 8,
                    "v_head_dim": 12, "n_routed_experts": 8, "n_shared_experts": 2,
                    "num_experts_per_tok": 2, "first_k_dense_replace": 1, "n_group": 2,
                    "topk_group": 1, "max_position_embeddings": 128}
TINY_DEEPSEEK_V2 = {**TINY_DEEPSEEK_V3, "model_type": "deepseek_v2",
                    "architectures": ["DeepseekV2ForCausalLM"], "q_lora_rank": None,
                    "n_group": 1, "topk_group": 1}


def _held(model: Any, layout: Layout) -> dict[str, tuple[int, ...]]:
    """symparam's shard of each tensor, by name with {i} for the layer."""
    return {s.name: s.held for st_ in stages(model, layout) for s in st_.shards}


def _plan_shape(style: str, shape: tuple[int, ...], is_bias: bool, t: int) -> tuple[int, ...]:
    """The shard transformers' tp_plan style gives a parameter (its tensor_parallel module:
    colwise splits a weight's dim −2 and a bias's −1, rowwise a weight's −1 and keeps the
    bias whole)."""
    out = list(shape)
    if style.startswith(("colwise", "packed_colwise")):
        out[-1 if is_bias else -2] //= t
    elif style.startswith(("rowwise", "packed_rowwise")) and not is_bias:
        out[-1] //= t
    return tuple(out)


def _shards_as_planned(hf: Any, plan: dict[str, str], model: Any, t: int) -> int:
    """Each tensor of the real class ``hf`` against what symparam holds of it on one of ``t``
    GPUs: split as ``plan`` (transformers' tp plan) splits the tensor, or its module where the
    plan names no tensor (3-D experts are named themselves), the token table over the
    vocabulary, every other tensor whole. How many tensors the plan split."""
    held = _held(model, Layout(t, tp=t))
    checked = 0
    for name, param in hf.named_parameters():
        generic = re.sub(r"\.\d+\.", ".{i}.", name, count=1)
        module, _, leaf = name.rpartition(".")
        style = next((plan[p] for p in plan if re.fullmatch(
            p.replace(".", r"\.").replace("*", r"\d+"), name)), None)
        if style is None:
            style = next((plan[p] for p in plan if re.fullmatch(
                p.replace(".", r"\.").replace("*", r"\d+"), module)), None)
        shape = tuple(param.shape)
        if param is hf.get_input_embeddings().weight:
            want = (shape[0] // t, shape[1])
        elif style is None or style.startswith("replicated"):
            want = shape
        else:
            want = _plan_shape(style, shape, leaf.endswith("bias"), t)
            checked += 1
        assert held[generic] == want, (name, style)
    return checked


@pytest.mark.parametrize("config", [TINY_LLAMA, TINY_MIXTRAL, TINY_QWEN3_MOE, TINY_NEOX,
                                    TINY_PHI, TINY_ERNIE, TINY_LLAMA4, TINY_DEEPSEEK_V2,
                                    TINY_DEEPSEEK_V3],
                         ids=["llama", "mixtral", "qwen3_moe", "gpt_neox", "phi", "ernie",
                              "llama4", "deepseek_v2", "deepseek_v3"])
@pytest.mark.parametrize("t", [2, 4])
def test_tp_shards_match_transformers_tp_plan(config: dict[str, Any], t: int) -> None:
    """Each tensor the tp_plan names is split as transformers splits it; the LM head
    (colwise) too; every other tensor symparam keeps whole, except the token table, which
    Megatron splits over the vocabulary (transformers' plan leaves it whole)."""
    torch = need("torch")
    transformers = need("transformers")
    hf_config = transformers.AutoConfig.for_model(**config)
    cls = transformers.AutoModelForCausalLM._model_mapping[type(hf_config)]
    with torch.device("meta"):
        hf = cls(hf_config)
    written = dict(hf_config.base_model_tp_plan)
    if config["model_type"] == "deepseek_v3":
        # V3's plan splits only the MLPs and experts (its attention whole); its latent attention
        # is V2's module, split as V2's plan and Megatron-LM's MLA split it: q_a and kv_a
        # replicated (mla_kv_a_proj only hooks the rotary key's gradient), q_b and kv_b
        # column-parallel, o row-parallel
        from transformers import DeepseekV2Config

        assert not any("self_attn" in key for key in written)
        written.update({key: style for key, style in DeepseekV2Config.base_model_tp_plan.items()
                        if "self_attn" in key})
    plan = {f"{hf.base_model_prefix}.{k}": v for k, v in written.items()}
    plan.update(getattr(hf, "_tp_plan", None) or {})
    checked = _shards_as_planned(hf, plan, symparam.from_hf_config(config), t)
    assert checked >= 8


def test_gpt2_conv1d_shards_follow_megatron() -> None:
    """GPT-2 stores (in, out): c_attn and c_fc split their second dimension, the c_proj
    matrices their first; c_proj's biases and every LayerNorm stay whole (Shoeybi et al.).
    Its 50,257 tokens do not divide by 4: Megatron's padded 50,304 do."""
    held = _held(symparam.model("gpt2", V=50304), Layout(4, tp=4))
    assert held["transformer.h.{i}.attn.c_attn.weight"] == (768, 3 * 768 // 4)
    assert held["transformer.h.{i}.attn.c_attn.bias"] == (3 * 768 // 4,)
    assert held["transformer.h.{i}.attn.c_proj.weight"] == (768 // 4, 768)
    assert held["transformer.h.{i}.attn.c_proj.bias"] == (768,)
    assert held["transformer.h.{i}.mlp.c_fc.weight"] == (768, 3072 // 4)
    assert held["transformer.h.{i}.mlp.c_proj.weight"] == (3072 // 4, 768)
    assert held["transformer.h.{i}.ln_1.weight"] == (768,)
    assert held["transformer.wpe.weight"] == (1024, 768)


@pytest.mark.parametrize(("name", "stage", "formula", "printed"), ZERO_FIGURE_1)
def test_zero_figure_1(name: str, stage: int, printed: str, formula: str) -> None:
    """Rajbhandari et al. 2020, Figure 1: 7.5B parameters, K = 12, 64 GPUs; symparam's bytes
    a GPU round to the figure the paper prints."""
    row = next(r for r in zero_rows() if r["stage"] == stage)
    assert round(row["exact_bytes"] / 1e9, 1) == float(printed.split()[0])


def test_zero_partitions_by_hand() -> None:
    """LLaMA-3-8B on 64 GPUs: ZeRO-3 holds ⌈P/64⌉ of each of 16 bytes; ZeRO-1 2P + 2P + 12⌈P/64⌉."""
    m = symparam.model("llama-3-8b")
    p = m.count()
    three = per_gpu(m, Layout(64, zero=3))
    assert sum(x.bytes for x in three.parts) == 16 * -(-p // 64)
    one = per_gpu(m, Layout(64, zero=1))
    assert [x.bytes for x in one.parts] == [2 * p, 2 * p, 12 * -(-p // 64)]


def test_pipeline_stages_by_hand() -> None:
    """LLaMA-3-8B over 4 stages: the first holds the token table and 8 layers, the last 8
    layers, the final norm and the head; the last is the most loaded (its norm)."""
    m = symparam.model("llama-3-8b")
    hidden, vocab, inner, kv = 4096, 128256, 14336, 1024
    layer = 2 * hidden * hidden + 2 * hidden * kv + 3 * hidden * inner + 2 * hidden
    found = stages(m, Layout(4, pp=4))
    assert [s.dense for s in found] == [vocab * hidden + 8 * layer, 8 * layer, 8 * layer,
                                        8 * layer + hidden + vocab * hidden]
    assert per_gpu(m, Layout(4, pp=4)).stage == 3


def test_tied_head_keeps_a_copy_on_the_last_stage() -> None:
    """GPT-2's head is tied: split over 2 stages, the last keeps a copy of the table
    (Megatron's shared word embeddings)."""
    m = symparam.model("gpt2")
    first, last = stages(m, Layout(2, pp=2))
    assert any(s.name.startswith("lm_head.weight") for s in last.shards)
    assert first.dense + last.dense == m.count() + 50257 * 768


@settings(max_examples=12, deadline=None)
@given(t=st.sampled_from([1, 2, 4]), p=st.sampled_from([1, 2, 4]), e=st.sampled_from([1, 2]),
       tiny=st.sampled_from([TINY_LLAMA, TINY_MIXTRAL, TINY_NEOX, TINY_PHI]))
def test_shards_over_all_ranks_sum_to_the_model(t: int, p: int, e: int,
                                                tiny: dict[str, Any]) -> None:
    """Over the t × p × e ranks of one replica, split shards add up to their tensors,
    replicated ones count t times (and expert ones e times unless experts are split): the
    model's count, each layer on one stage."""
    m = symparam.from_hf_config(tiny)
    if e > 1 and tiny is not TINY_MIXTRAL:
        e = 1
    total = 0
    for stage in stages(m, Layout(t * p * e, tp=t, pp=p, ep=e)):
        for s in stage.shards:
            if s.how == "tied copy":
                continue
            ranks = (t if "/ t" in s.how else 1) * (e if "experts / e" in s.how else 1)
            assert s.elements * ranks == math.prod(s.shape) * s.copies
            total += s.elements * ranks
    assert total == m.count()


@settings(max_examples=8, deadline=None)
@given(name=st.sampled_from(["gpt2", "llama-3-8b", "bert-base-uncased", "mixtral-8x7b"]),
       zero=st.sampled_from([0, 1, 2, 3]), recipe=st.sampled_from(OPTIMISERS))
def test_one_gpu_is_one_replica(name: str, zero: int, recipe: Any) -> None:
    """With G = 1 the per-GPU bytes are ``memory``'s single replica's, whatever the ZeRO
    stage (it partitions over one rank)."""
    m = symparam.model(name)
    found = per_gpu(m, Layout(1, zero=zero), optimiser=recipe.name)
    assert sum(p.bytes for p in found.parts) == recipe.per_param * m.count()


def test_one_gpu_activations_are_the_models() -> None:
    m = symparam.model("gpt2")
    found = per_gpu(m, Layout(1, micro_batch=2, seq=128), recompute="selective")
    assert found.activations == activations(m, 128, 2, "selective", "bf16").bytes


def test_traffic_by_hand() -> None:
    """GPT-2 on 8 GPUs as 2 × t 2 × p 2, B = 16, b = 2, s = 1024: m = 4 micro-batches; the
    data-parallel ring sends 2·(d − 1)·⌈Ψ/d⌉ 16-bit elements; 2 all-reduces a layer each way
    of b·s·H, 2(t − 1)/t of them sent; the bubble 1/4 (the vocabulary padded as Megatron
    pads it, to 50,304)."""
    m = symparam.model("gpt2", V=50304)
    found = per_gpu(m, Layout(8, tp=2, pp=2, micro_batch=2, batch=16, seq=1024))
    rows = {kind: value for kind, value, *_ in found.traffic.rows}
    assert rows["data-parallel gradients"] == 2 * 1 * -(-found.dense // 2) * 2
    # m · layers on the stage · (2 forward + 2 backward) · b·s·H · 2(t − 1)/t = 1 · 2 bytes
    assert rows["tensor-parallel all-reduces"] == 4 * 6 * (2 + 2) * (2 * 1024 * 768) * 1 * 2
    assert rows["pipeline sends"] == 4 * 2 * 1024 * 768 * 2
    assert str(found.traffic.bubble) == "1/4"


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, out
    assert len(err.strip().splitlines()) == 1 and err.startswith("symparam"), err
    return err


@pytest.mark.parametrize(("argv", "says"), [
    (["--gpus", "12", "--tp", "8"], "do not divide by t × p = 8 × 1 = 8 (--tp, --pp)"),
    (["--gpus", "12", "--tp", "3"], "heads (num_attention_heads = 32) do not divide by t = 3 "
                                    "(--tp)"),
    (["--gpus", "5", "--pp", "5"], "layers of model.layers (num_hidden_layers = 32) do not "
                                   "divide into 5 stages (--pp)"),
    (["--gpus", "8", "--ep", "2"], "no experts"),
    (["--tp", "2"], "--tp needs --gpus"),
    (["--gpus", "8", "--sp"], "--sp"),
    (["--gpus", "8", "--batch", "12"], "a batch of 12 (--batch) does not divide"),
    (["--gpus", "8", "--optimizer", "sgd"], "--optimizer"),
    (["--gpus", "8", "--compare", "nope"], "--compare"),
    (["--gpus", "8", "--gpu-memory", "inf"], "--gpu-memory"),
    (["--gpus", "8", "--gpu-memory", "nan"], "--gpu-memory"),
    (["--gpus", "8", "--dtype", "int8"], "--dtype int8"),
])
def test_bad_layouts_refused(argv: list[str], says: str,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert says in _refused(["memory", "llama-3-8b", *argv], capsys)


def test_experts_must_divide(capsys: pytest.CaptureFixture[str]) -> None:
    assert "experts" in _refused(["memory", "mixtral-8x7b", "--gpus", "3", "--ep", "3"], capsys)


def test_unmarked_matrix_refused_under_tp() -> None:
    """A classifier head no rule splits is refused, not guessed."""
    m = symparam.model("bert-base-uncased")
    with pytest.raises(InvalidValueError, match="does not know how tensor parallelism"):
        stages(m, Layout(2, tp=2))


def test_does_not_fit_says_by_how_much(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["memory", "llama-3-8b", "--gpus", "8", "--zero", "1", "--gpu-memory", "40",
                 "--json"])
    record = json.loads(capsys.readouterr().out)["per_gpu"]
    assert code == 1 and not record["fits"]
    assert record["over_by_bytes"] == record["total_bytes"] - 40 * 2**30
    assert main(["memory", "llama-3-8b", "--gpus", "8", "--zero", "3",
                 "--gpu-memory", "80"]) == 0
    assert "to spare" in capsys.readouterr().out


def test_zero_against_deepspeeds_estimators() -> None:
    """DeepSpeed's own estimators (not a dependency: skipped where it is not installed) count
    18 bytes a parameter besides the 16-bit weights (16-bit and fp32 gradients, fp32 master
    weights and the two moments): symparam's adam-fp32-grads recipe. ZeRO-2 keeps the 16-bit
    weights whole: the same bytes; ZeRO-3 counts the largest layer's 16-bit weights and
    gradients (4 bytes a parameter) where symparam counts its ⌈Ψ/d⌉ share of the weights."""
    pytest.importorskip("deepspeed")
    from deepspeed.runtime.zero.stage3 import estimate_zero3_model_states_mem_needs
    from deepspeed.runtime.zero.stage_1_and_2 import estimate_zero2_model_states_mem_needs

    m = symparam.model("llama-3-8b")
    params, (_, largest) = m.count(), m.largest_layer()
    for gpus in (8, 64):
        assert params % gpus == 0
        two = per_gpu(m, Layout(gpus, zero=2), optimiser="adam-fp32-grads")
        _, deepspeed = estimate_zero2_model_states_mem_needs(params, gpus, 1, cpu_offload=False)
        assert sum(p.bytes for p in two.parts) == deepspeed
        three = per_gpu(m, Layout(gpus, zero=3), optimiser="adam-fp32-grads")
        _, deepspeed, _ = estimate_zero3_model_states_mem_needs(params, largest, gpus, 1,
                                                                cpu_offload=False)
        assert sum(p.bytes for p in three.parts) - 2 * params // gpus + 4 * largest == deepspeed


@pytest.mark.parametrize(("zero", "rounds"), [(0, 2), (1, 2), (2, 4 + 1), (3, 3 * 4)])
def test_data_parallel_traffic_by_zero_stage(zero: int, rounds: int) -> None:
    """m = 4 micro-batches on d = 8: an all-reduce (2), ZeRO-2's reduce-scatter after each
    micro-batch and one gather (m + 1), ZeRO-3's gathers and reduce-scatter each micro-batch
    (3m); each round sends (d − 1)·⌈Ψ/d⌉ 16-bit elements."""
    m = symparam.model("gpt2")
    found = per_gpu(m, Layout(8, zero=zero, micro_batch=1, batch=32, seq=64))
    sent = found.traffic.rows[0][1]
    assert sent == rounds * 7 * -(-m.count() // 8) * 2


def test_json_record_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    """`--json` gives each part with its formula, the most loaded stage, and a total that is
    the sum of the parts; the stage named is the one with the most bytes."""
    assert main(["memory", "llama-3-8b", "--gpus", "16", "--tp", "2", "--pp", "4", "--zero",
                 "2", "--seq", "1024", "--batch", "32", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["per_gpu"]
    assert record["dp"] == 2 and record["micro_batches"] == 16
    assert record["total_bytes"] == sum(p["bytes"] for p in record["parts"]) + \
        record["activations"]["bytes"]
    held = [a + b for a, b in zip(record["stage_bytes"], record["stage_activations"], strict=True)]
    assert held[record["most_loaded"]["stage"] - 1] == max(held)
    assert record["in_flight"] == [4, 3, 2, 1]  # 1F1B, m = 16 ≥ p
    assert [p["formula"] for p in record["parts"]] == ["2·Ψ", "2·⌈Ψ/N_d⌉", "12·⌈Ψ/N_d⌉"]
    assert record["bubble"] == "3/16"
    assert {row["kind"] for row in record["traffic"]} == {
        "data-parallel gradients", "tensor-parallel all-reduces", "pipeline sends"}


def test_text_names_the_most_loaded_gpu(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "llama-3-8b", "--gpus", "8", "--pp", "4", "--compare",
                 "zero,bubble"]) == 0
    out = capsys.readouterr().out
    assert "most loaded: the last stage (4 of 4)" in out
    assert "printed  31.4 GB; symparam 31.4062 GB" in out
    assert "bubble: 3 (Narayanan" in out  # m = 1 without --batch: (4 − 1)/1


@settings(max_examples=10, deadline=None)
@given(d=st.sampled_from([1, 2, 3, 8, 64]), name=st.sampled_from(["gpt2", "mixtral-8x7b"]))
def test_each_zero_stage_holds_no_more(d: int, name: str) -> None:
    """ZeRO-1 ≤ ZeRO-0, ZeRO-2 ≤ ZeRO-1, ZeRO-3 ≤ ZeRO-2 on every GPU, and d GPUs of ZeRO-3
    hold the whole state, padded by less than d elements of each kind."""
    m = symparam.model(name)
    totals = [per_gpu(m, Layout(d, zero=z)).total for z in range(4)]
    assert totals == sorted(totals, reverse=True)
    assert 0 <= d * totals[3] - 16 * m.count() < 16 * d


@pytest.mark.parametrize(("config", "t", "policy"), [
    (TINY_LLAMA, 2, "none"), (TINY_LLAMA, 4, "selective"), (TINY_LLAMA, 2, "full"),
    (TINY_MIXTRAL, 2, "none"), (TINY_QWEN3_MOE, 4, "none"), (TINY_DEEPSEEK_V3, 2, "none"),
    (TINY_DEEPSEEK_V3, 4, "selective"),
], ids=["llama-2", "llama-4-selective", "llama-2-full", "mixtral-2", "qwen3_moe-4",
        "deepseek_v3-2", "deepseek_v3-4-selective"])
def test_tp_activations_are_one_ranks_computation(config: dict[str, Any], t: int,
                                                  policy: str) -> None:
    """A tensor-parallel rank runs its heads and its share of the MLP and experts (Shoeybi et
    al.): the real class built with a t-th of the heads and inner widths, each head as wide,
    saves (torch's saved_tensors_hooks) the bytes symparam derives for a rank."""
    saved = need("tests.saved")
    narrow = {**config, "num_attention_heads": config["num_attention_heads"] // t,
              "num_key_value_heads": config["num_key_value_heads"] // t,
              "head_dim": config["hidden_size"] // config["num_attention_heads"],
              "intermediate_size": config["intermediate_size"] // t}
    if "moe_intermediate_size" in config:
        narrow["moe_intermediate_size"] = config["moe_intermediate_size"] // t
    cls = config["architectures"][0]
    oracle = saved.saved_bytes(narrow, cls, batch=2, seq=16, policy=policy, dtype="bf16")
    found = per_gpu(symparam.from_hf_config(config), Layout(t, tp=t, micro_batch=2, seq=16),
                    recompute=policy, dtype="bf16")
    assert found.activations == oracle


def test_tp_activations_refused_where_a_width_is_written_otherwise() -> None:
    """GPT-2 writes c_attn's width as 3H, not in heads: its rank's tensors are refused."""
    found = per_gpu(symparam.model("gpt2", V=50304), Layout(2, tp=2, seq=64))
    assert found.activations is None and "split in other terms" in str(found.activations_refused)


@pytest.mark.parametrize("t", [1, 4])
def test_korthikanti_rows_give_one_layers_bytes(t: int) -> None:
    """Table 2's rows stand beside what one layer saves on a rank: the difference between
    the model with two layers and with one."""
    from symparam.parallel_compare import korthikanti_rows

    rows = korthikanti_rows(symparam.from_hf_config(TINY_LLAMA), 32, 2, t)
    exact = next(r for r in rows if r["name"] == ("no parallelism" if t == 1 else
                                                  "tensor parallelism"))["exact_bytes"]
    two, one = ({**TINY_LLAMA, "num_hidden_layers": n} for n in (2, 1))
    layout = Layout(t, tp=t, micro_batch=2, seq=32)
    per = [per_gpu(symparam.from_hf_config(c), layout, dtype="fp16").activations
           for c in (two, one)]
    assert exact == per[0] - per[1]


def test_the_api_checks_its_layout() -> None:
    """`Model.per_gpu` is the command's figure; it refuses what is not a layout."""
    m = symparam.model("gpt2")
    assert m.per_gpu(1, seq=64).activations == activations(m, 64, 1, "none", "bf16").bytes
    for bad in ({"gpus": 0}, {"gpus": 2, "seq": -1}, {"gpus": True}, {"gpus": 2, "zero": 5},
                {"gpus": 2, "batch": 0}):
        with pytest.raises(InvalidValueError):
            m.per_gpu(**bad)


@pytest.mark.parametrize(("lang", "heading"), [("en", "Memory per GPU"),
                                               ("zh", "每块 GPU 的显存"),
                                               ("ko", "GPU 한 장당 메모리")])
def test_derive_adds_the_most_loaded_gpu(lang: str, heading: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """`derive --gpus` adds a section with the per-GPU parts and their total, in each
    language, the figures those of `memory --gpus`."""
    m = symparam.model("llama-3-8b")
    found = per_gpu(m, Layout(64, tp=8, pp=4, zero=1))
    assert main(["derive", "llama-3-8b", "--gpus", "64", "--tp", "8", "--pp", "4", "--zero",
                 "1", "--lang", lang]) == 0
    out = capsys.readouterr().out
    section = out[out.index(heading):]
    for part in found.parts:
        assert f"{part.bytes:,}" in section
    assert f"{found.total:,}" in section and f"{found.dense:,}" in section
    assert "\\lceil \\Psi" in section  # ZeRO-1: the optimiser state partitioned


def test_derive_refuses_a_layout_without_gpus(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--gpus" in _refused(["derive", "gpt2", "--tp", "2"], capsys)


#: decoders transformers writes no tp_plan for: each layer's matrices as Megatron-LM splits them
#: (Shoeybi et al. 2019: q, k, v and the MLP's first matrix column-parallel, their outputs
#: split; the attention's output and the MLP's second row-parallel, their inputs split)
MEGATRON_LAYERS = {
    "bloom": ({"model_type": "bloom", "architectures": ["BloomForCausalLM"], "hidden_size": 64,
               "n_head": 8, "n_layer": 2, "vocab_size": 256},
              "transformer.h.{i}.", {"self_attention.query_key_value": (0, 192),
                                     "self_attention.dense": (1, 64),
                                     "mlp.dense_h_to_4h": (0, 256),
                                     "mlp.dense_4h_to_h": (1, 256)}),
    "opt": ({"model_type": "opt", "architectures": ["OPTForCausalLM"], "hidden_size": 64,
             "ffn_dim": 96, "num_attention_heads": 8, "num_hidden_layers": 2,
             "vocab_size": 256, "word_embed_proj_dim": 64, "max_position_embeddings": 128},
            "model.decoder.layers.{i}.",
            {"self_attn.q_proj": (0, 64), "self_attn.k_proj": (0, 64),
             "self_attn.v_proj": (0, 64), "self_attn.out_proj": (1, 64), "fc1": (0, 96),
             "fc2": (1, 96)}),
    "gptj": ({"model_type": "gptj", "architectures": ["GPTJForCausalLM"], "n_embd": 64,
              "n_head": 8, "n_layer": 2, "vocab_size": 256, "rotary_dim": 4, "n_inner": 96},
             "transformer.h.{i}.", {"attn.q_proj": (0, 64), "attn.k_proj": (0, 64),
                                    "attn.v_proj": (0, 64), "attn.out_proj": (1, 64),
                                    "mlp.fc_in": (0, 96), "mlp.fc_out": (1, 96)}),
    "mpt": ({"model_type": "mpt", "architectures": ["MptForCausalLM"], "d_model": 64,
             "n_heads": 8, "n_layers": 2, "vocab_size": 256},
            "transformer.blocks.{i}.", {"attn.Wqkv": (0, 192), "attn.out_proj": (1, 64),
                                        "ffn.up_proj": (0, 256), "ffn.down_proj": (1, 256)}),
    "falcon": ({"model_type": "falcon", "architectures": ["FalconForCausalLM"],
                "hidden_size": 64, "num_attention_heads": 8, "num_kv_heads": 4,
                "new_decoder_architecture": True, "num_hidden_layers": 2, "vocab_size": 256},
               "transformer.h.{i}.", {"self_attention.query_key_value": (0, (8 + 2 * 4) * 8),
                                      "self_attention.dense": (1, 64),
                                      "mlp.dense_h_to_4h": (0, 256),
                                      "mlp.dense_4h_to_h": (1, 256)}),
}


@pytest.mark.parametrize("family", sorted(MEGATRON_LAYERS))
def test_megatron_splits_of_decoders_without_a_tp_plan(family: str) -> None:
    """Each matrix of a layer split along the dimension Megatron splits (its width there a
    t-th), a column-parallel bias split with it, a row-parallel one and every norm whole."""
    config, prefix, splits = MEGATRON_LAYERS[family]
    m = symparam.from_hf_config(config)
    held = _held(m, Layout(4, tp=4))
    whole = {s.name: s.shape for st_ in stages(m, Layout(1)) for s in st_.shards}
    for module, (dim, width) in splits.items():
        shape = whole[prefix + module + ".weight"]
        want = list(shape)
        assert want[dim] == width
        want[dim] //= 4
        assert held[prefix + module + ".weight"] == tuple(want), module
        bias = prefix + module + ".bias"
        if bias in held:
            assert held[bias] == ((width // 4,) if dim == 0 else whole[bias]), module
    for name, shape in held.items():
        if len(shape) == 1 and "norm" in name:
            assert shape == whole[name], name


@pytest.mark.parametrize(("config", "says"), [
    ({"model_type": "falcon", "hidden_size": 64, "num_attention_heads": 8, "num_kv_heads": 2,
      "new_decoder_architecture": True, "num_hidden_layers": 2, "vocab_size": 256},
     r"the 2 key/value groups \(num_kv_heads = 2\) do not divide by t = 4"),
    ({"model_type": "falcon", "hidden_size": 64, "num_attention_heads": 8, "multi_query": True,
      "num_hidden_layers": 2, "vocab_size": 256}, "the 1 key/value head .* does not divide"),
])
def test_fused_projections_refused_where_their_split_is_not_whole_heads(
        config: dict[str, Any], says: str) -> None:
    with pytest.raises(InvalidValueError, match=says):
        stages(symparam.from_hf_config(config), Layout(4, tp=4))


@pytest.mark.parametrize(("model_type", "says"), [
    ("mamba", "Mamba's mixer"), ("jamba", "Mamba's mixer"),
])  # Mamba-2's and the gated delta-net's splits: tests/test_parallel_mixers.py
def test_mixers_without_a_megatron_split_refused_by_name(model_type: str, says: str) -> None:
    transformers = need("transformers")
    config = transformers.AutoConfig.for_model(model_type).to_dict()
    with pytest.raises(InvalidValueError, match=says):
        stages(symparam.from_hf_config(config), Layout(4, tp=4))


@pytest.mark.parametrize("t", [2])
def test_llama4_composite_shards_match_its_tp_plan(t: int) -> None:
    """Llama 4 with its vision encoder: every tensor as the class's assembled tp plan
    (``_tp_plan``: the composite's, the vision model's and the language model's, with their
    prefixes) splits it — the vision layers' q, k, v column-wise and o row-wise, their MLP
    whole (the plan leaves it), the adapter's fc1 column-wise and fc2 row-wise, the patch
    embedding and the projector column-wise (their outputs gathered); the token table split
    over the vocabulary; every other tensor whole."""
    torch, transformers = need("torch"), need("transformers")
    from tests.test_llama4_vision import TINY

    config = {**TINY, "text_config": {**TINY["text_config"], "vocab_size": 38}}  # t divides
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    with torch.device("meta"):
        hf = transformers.Llama4ForConditionalGeneration(
            transformers.AutoConfig.for_model("llama4", **data))
    plan = hf._tp_plan
    assert _shards_as_planned(hf, plan, symparam.from_hf_config(config), t) >= 12
    from symparam.parallel import per_gpu

    found = per_gpu(symparam.from_hf_config(config), Layout(t, tp=t, seq=4))
    assert found.kv_cache is None and "text alone" in found.kv_refused  # not n_img unbound


@pytest.mark.parametrize(("argv", "left_out"), [
    (["llama-3-8b", "--gpus", "8", "--tp", "2"], ", without activations (--seq gives them)"),
    (["qwen3-next-80b-a3b", "--gpus", "16", "--tp", "2", "--seq", "512"],
     ", without activations (not derived)"),
    (["llama-3-8b", "--gpus", "8", "--tp", "2", "--seq", "512"], ""),
])
def test_the_total_says_when_it_leaves_the_activations_out(
        argv: list[str], left_out: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A GPU's total is its weights, gradients and optimiser state plus its activations; where
    these are not given or not derived, the total line says it leaves them out."""
    assert main(["memory", *argv]) == 0
    out = capsys.readouterr().out
    rows = dict(re.findall(r"^    (weights|gradients|optimiser state|activations|total) .*?"
                           r"([\d,]+) B = ", out, re.M))
    assert re.search(r"^    total .* GiB" + re.escape(left_out) + "$", out, re.M), out
    assert ("activations" in rows) == (left_out == "")
    bytes_ = {name: int(figure.replace(",", "")) for name, figure in rows.items()}
    assert bytes_.pop("total") == sum(bytes_.values())
