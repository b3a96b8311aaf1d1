"""Traffic per training step over layers of several kinds (DeepSeek's dense then MoE layers,
Llama 4's interleaved ones), their activations over pipeline stages, and a latent KV cache per
GPU; the traffic against the collectives Megatron-LM's rules give, written out
here layer kind by layer kind from the rules and their source, with the sizes read from the
presets' config files (not from symparam's tree):

- Shoeybi et al. 2019 (Megatron-LM), section 3: g, an all-reduce of each row-parallel output
  in the forward pass; f, an all-reduce in the backward pass of the gradient of each tensor a
  column-parallel part reads whole (identity the other way). Korthikanti et al. 2022, section
  4.2.2: with sequence parallelism g becomes a reduce-scatter (its backward an all-gather) and
  f an all-gather (its backward a reduce-scatter).
- Megatron-Core's ``MLASelfAttention`` (megatron/core/transformer/multi_latent_attention.py):
  linear_q_down_proj and linear_kv_down_proj duplicated on every rank; linear_q_up_proj reads
  q_compressed (q_lora_rank wide), linear_kv_up_proj kv_compressed (kv_lora_rank), both
  column-parallel; k_pos_emb (qk_rope_head_dim) gathered over the sequence under sequence
  parallelism; linear_proj row-parallel.
- An MoE layer: the routed experts and each shared expert a column-parallel fc1 and a
  row-parallel fc2 (Megatron-Core's MoELayer and SharedExpertMLP); an MLP likewise.
- A ring all-reduce sends 2(t − 1)/t of its elements from each GPU, an all-gather or a
  reduce-scatter (t − 1)/t.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.cli import main
from symparam.memory import OPTIMISERS
from symparam.parallel import per_gpu
from symparam.parallel_traffic import traffic_per_step
from symparam.placement import Layout, stages

PRESETS = Path(symparam.__file__).parent / "presets"
ADAM = next(o for o in OPTIMISERS if o.name == "adam-mixed")


def _config(name: str) -> dict[str, Any]:
    config = json.loads((PRESETS / f"{name}.json").read_text())["config"]
    return config.get("text_config", config)


def _layer(config: dict[str, Any], moe: bool) -> list[tuple[str, int]]:
    """One layer's f and g, with the width of each, from Megatron's modules."""
    hidden = config["hidden_size"]
    if "kv_lora_rank" in config:  # MLASelfAttention
        query = config.get("q_lora_rank") or hidden  # linear_q_up_proj's or linear_q_proj's
        attention = [("f", query), ("f", config["kv_lora_rank"]),
                     ("f", config["qk_rope_head_dim"]), ("g", hidden)]
    else:  # SelfAttention: linear_qkv column-parallel, linear_proj row-parallel
        attention = [("f", hidden), ("g", hidden)]
    mlp = [("f", hidden), ("g", hidden)]
    # DeepSeek's n_shared_experts; Llama 4's MoE has one (Llama4TextMoe.shared_expert)
    shared = config.get("n_shared_experts", 1 if "num_local_experts" in config else 0)
    if not moe:
        return attention + mlp
    return attention + mlp + mlp * (1 if shared else 0)  # routed experts, shared expert


def _sent(layer: list[tuple[str, int]], t: int, sp: bool, full: bool) -> Fraction:
    """Elements one GPU sends a token for one layer's forward (again under full
    recomputation) and backward passes."""
    f = sum(w for kind, w in layer if kind == "f")
    g = sum(w for kind, w in layer if kind == "g")
    part = Fraction(t - 1, t)
    if sp:  # forward: all-gather f, reduce-scatter g; backward: reduce-scatter f, all-gather g
        one_pass = part * (f + g)
        return one_pass * (3 if full else 2)
    return 2 * part * g * (2 if full else 1) + 2 * part * f  # all-reduces: g forward, f back


@pytest.mark.parametrize("recompute", ["none", "selective", "full"])
def test_deepseek_v3_tensor_traffic_by_megatrons_rules(recompute: str) -> None:
    """DeepSeek-V3 on 64 GPUs, t = 8 with sequence parallelism: its first_k_dense_replace
    dense layers and the rest MoE, every one of latent attention; said 'not derived' before."""
    sp = True
    config = _config("deepseek-v3")
    t, b, s, batch = 8, 1, 4096, 512
    layout = Layout(64, tp=t, sp=sp, micro_batch=b, batch=batch, seq=s)
    m = batch // (b * 8)
    dense = config["first_k_dense_replace"]
    per_token = dense * _sent(_layer(config, False), t, sp, recompute == "full") + \
        (config["num_hidden_layers"] - dense) * _sent(_layer(config, True), t, sp,
                                                      recompute == "full")
    found = per_gpu(symparam.model("deepseek-v3"), layout, recompute=recompute)
    rows = {kind: (value, formula) for kind, value, formula, *_ in found.traffic.rows}
    value, formula = rows["tensor-parallel all-reduces"]
    assert value == m * b * s * per_token * 2
    assert {str(x) for x in formula.free_symbols} >= {"N_1", "N_2", "W_1", "W_2"}
    (dense_layers, dense_width), (moe_layers, moe_width) = found.traffic.kinds
    assert (dense_layers, moe_layers) == (dense, config["num_hidden_layers"] - dense)
    assert {str(x) for x in (dense_width + moe_width).free_symbols} == {"H", "r_q", "r_kv",
                                                                         "d_rope"}


@pytest.mark.parametrize("recompute", ["none", "full"])
def test_latent_attention_without_sequence_parallelism_is_not_derived(recompute: str) -> None:
    """Without sequence parallelism Megatron-Core's multi-latent attention runs no collective
    on the shared rotary key, whose gradient every rank's heads add to (k_pos_emb is gathered
    over the sequence only under sequence_parallel): its tensor-parallel traffic is refused,
    saying so, and the other rows stay."""
    layout = Layout(64, tp=8, micro_batch=1, batch=512, seq=4096)
    found = per_gpu(symparam.model("deepseek-v3"), layout, recompute=recompute)
    rows = {kind: (value, formula, note) for kind, value, formula, _, note in found.traffic.rows}
    value, formula, note = rows["tensor-parallel all-reduces"]
    assert (value, formula) == (0, None)
    assert note.startswith("not derived without --sp") and "k_pos_emb" in note
    assert rows["data-parallel gradients"][0] > 0


def test_mixed_dense_moe_over_pipeline_stages() -> None:
    """GLM-4.5-Air, first_k_dense_replace dense layers then MoE, 46 layers over p = 2: the
    first stage holds the dense layer and 22 MoE layers, the second 23 MoE layers; each
    stage's all-reduces are its own layers' (grouped attention: one f and one g)."""
    config = _config("glm-4.5-air")
    t, b, s, batch, p = 2, 2, 1024, 32, 2
    layout = Layout(16, tp=t, pp=p, micro_batch=b, batch=batch, seq=s)
    m = batch // (b * 4)
    model = symparam.model("glm-4.5-air")
    per = config["num_hidden_layers"] // p
    for q, stage in enumerate(stages(model, layout)):
        kinds = [i >= config["first_k_dense_replace"] for i in range(q * per, (q + 1) * per)]
        per_token = sum(_sent(_layer(config, moe), t, False, False) for moe in kinds)
        traffic = traffic_per_step(model, layout, stage, ADAM, "none", 2)
        rows = {kind: value for kind, value, *_ in traffic.rows}
        assert rows["tensor-parallel all-reduces"] == m * b * s * per_token * 2, q
        assert tuple(n for n, _ in traffic.kinds) == ((1, per - 1) if q == 0 else ())


LLAMA4_TEXT = {"model_type": "llama4_text", "architectures": ["Llama4ForCausalLM"],
               "hidden_size": 64, "intermediate_size": 32, "intermediate_size_mlp": 96,
               "num_hidden_layers": 8, "num_attention_heads": 8, "num_key_value_heads": 4,
               "head_dim": 8, "vocab_size": 256, "num_local_experts": 4,
               "num_experts_per_tok": 1, "interleave_moe_layer_step": 2,
               "attention_chunk_size": 16, "use_qk_norm": False}


@pytest.mark.parametrize(("pp", "ep"), [(1, 1), (2, 2)])
def test_interleaved_hybrid_layers(pp: int, ep: int) -> None:
    """Llama 4 with every second layer MoE and every fourth without rotary embeddings: four
    kinds of layer interleaved, two of which all-reduce alike; the experts' all-to-all
    counts the MoE layers on the GPU only (every layer of a stack of alike ones before)."""
    t, b, s, batch = 2, 1, 32, 8
    layout = Layout(8 * pp, tp=t, pp=pp, ep=ep, micro_batch=b, batch=batch, seq=s)
    d = layout.dp
    m = batch // (b * d)
    model = symparam.from_hf_config(LLAMA4_TEXT)
    per = LLAMA4_TEXT["num_hidden_layers"] // pp
    step = LLAMA4_TEXT["interleave_moe_layer_step"]
    for q, stage in enumerate(stages(model, layout)):
        moe = [(i + 1) % step == 0 for i in range(q * per, (q + 1) * per)]
        per_token = sum(_sent(_layer(LLAMA4_TEXT, x), t, False, False) for x in moe)
        traffic = traffic_per_step(model, layout, stage, ADAM, "none", 2)
        rows = {kind: value for kind, value, *_ in traffic.rows}
        assert rows["tensor-parallel all-reduces"] == m * b * s * per_token * 2
        assert tuple(n for n, _ in traffic.kinds) == (moe.count(False), moe.count(True))
        if ep > 1:  # dispatch and combine, forward and backward: b·s·k·H each
            assert rows["expert all-to-all"] == 4 * m * b * s * sum(moe) * \
                LLAMA4_TEXT["num_experts_per_tok"] * LLAMA4_TEXT["hidden_size"] * 2
            assert traffic.moe_layers == sum(moe)


def test_deepseek_expert_all_to_all_counts_moe_layers() -> None:
    """--ep on DeepSeek-V3 gave no experts' row at all; now 4·m·b·s·k·H for each of its
    N − first_k_dense_replace MoE layers."""
    config = _config("deepseek-v3")
    layout = Layout(64, tp=8, ep=8, micro_batch=1, batch=64, seq=1024)
    found = per_gpu(symparam.model("deepseek-v3"), layout)
    rows = {kind: value for kind, value, *_ in found.traffic.rows}
    moe = config["num_hidden_layers"] - config["first_k_dense_replace"]
    assert rows["expert all-to-all"] == 4 * 8 * 1024 * config["num_experts_per_tok"] * \
        config["hidden_size"] * moe * 2


def test_latent_attention_ring_passes_heads_keys_and_values() -> None:
    """Context parallelism over latent attention: Megatron-Core's core attention runs on the
    heads' keys (qk_nope_head_dim + qk_rope_head_dim) and values (v_head_dim), h/t heads a
    rank, and the ring passes those — it took the latent cache's r_kv + d_rope over t (72)."""
    config = _config("deepseek-v3")
    t, c = 8, 2
    found = per_gpu(symparam.model("deepseek-v3"),
                    Layout(64, tp=t, cp=c, micro_batch=1, batch=32, seq=4096))
    heads = config["num_attention_heads"] // t
    assert found.traffic.kv_width == heads * (config["qk_nope_head_dim"] +
                                              config["qk_rope_head_dim"] +
                                              config["v_head_dim"])


@pytest.mark.parametrize(("lang", "says"), [("en", "counted together"), ("zh", "合并计数"),
                                            ("ko", "묶어 센다")])
def test_derivation_names_each_kinds_layers(lang: str, says: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["derive", "deepseek-v3", "--gpus", "64", "--tp", "8", "--sp", "--ep", "8",
                 "--seq", "1024", "--batch", "64", "--lang", lang]) == 0
    out = capsys.readouterr().out
    dense = _config("deepseek-v3")["first_k_dense_replace"]
    moe = _config("deepseek-v3")["num_hidden_layers"] - dense
    assert says in out
    assert f"N_{{1}} = {dense},\\ W_{{1}} = " in out and f"N_{{2}} = {moe},\\ W_{{2}} = " in out
    assert f"N_{{\\mathrm{{E}}}} = {moe}" in out


TINY_GLM_MOE = {"model_type": "glm4_moe", "architectures": ["Glm4MoeForCausalLM"],
                "hidden_size": 64, "intermediate_size": 96, "num_hidden_layers": 4,
                "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 8,
                "partial_rotary_factor": 0.5, "attention_bias": True, "vocab_size": 256,
                "n_routed_experts": 8, "num_experts_per_tok": 2, "n_shared_experts": 1,
                "moe_intermediate_size": 32, "max_position_embeddings": 128}


@pytest.mark.parametrize("policy", ["none", "selective", "full"])
def test_pipeline_stages_of_dense_then_moe_layers(policy: str) -> None:
    """Activations over p = 2 stages of 4 layers, the first k dense (said 'derived for one
    stack of alike layers' before): moving the boundary between dense and MoE layers by one
    changes the stage that holds that layer by what it changes the whole model by (the whole
    model's activations, checked against torch elsewhere), and leaves the other stage as it
    was."""
    from symparam.memory import activations
    from symparam.parallel_activations import activations_per_gpu

    layout = Layout(2, pp=2, micro_batch=2, batch=2, seq=16)  # m = 1: one micro-batch each
    by_k = {}
    for k in range(5):
        model = symparam.from_hf_config({**TINY_GLM_MOE, "first_k_dense_replace": k})
        held, why = activations_per_gpu(model, layout, policy, "bf16")
        assert why is None, why
        by_k[k] = (held, activations(model, 16, 2, policy, "bf16").bytes)
    for k in range(4):
        (stages_k, whole_k), (stages_next, whole_next) = by_k[k], by_k[k + 1]
        moved = 0 if k < 2 else 1  # layer k, dense at k + 1, lies on stage ⌊k/2⌋
        assert stages_next[moved] - stages_k[moved] == whole_next - whole_k, (k, policy)
        assert stages_next[1 - moved] == stages_k[1 - moved], (k, policy)


@pytest.mark.parametrize(("tp", "pp", "cp"), [(8, 1, 1), (8, 1, 2), (2, 1, 1)])
def test_latent_kv_cache_whole_on_each_tensor_parallel_rank(
        tp: int, pp: int, cp: int, capsys: pytest.CaptureFixture[str]) -> None:
    """DeepSeek-V3's cache, kv_lora_rank + qk_rope_head_dim numbers a token a layer, is kept
    whole by every tensor-parallel rank (vLLM's ModelConfig.get_num_kv_heads: one key/value
    head under MLA, not divided by tensor_parallel_size); p and c split it (said 'not split
    by heads' and not derived before)."""
    config = _config("deepseek-v3")
    batch, seq = 64, 4096
    assert main(["memory", "deepseek-v3", "--gpus", str(64 * cp), "--tp", str(tp), "--pp",
                 str(pp), "--cp", str(cp), "--seq", str(seq), "--batch", str(batch),
                 "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["per_gpu"]
    per_token = config["num_hidden_layers"] * (config["kv_lora_rank"] +
                                               config["qk_rope_head_dim"])
    assert record["kv_cache"] * pp * cp == batch * seq * per_token * 2
    assert record["kv_cache_split"] == ("p, c" if cp > 1 else "p")
    assert "vLLM" in record["kv_cache_note"]


def test_grouped_kv_cache_still_split_by_heads(capsys: pytest.CaptureFixture[str]) -> None:
    config = _config("glm-4.5-air")
    assert main(["memory", "glm-4.5-air", "--gpus", "16", "--tp", "8", "--seq", "1024",
                 "--batch", "2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["per_gpu"]
    per_token = 2 * config["num_hidden_layers"] * config["num_key_value_heads"] * \
        config["head_dim"]
    assert record["kv_cache"] * 8 == 2 * 1024 * per_token * 2
    assert record["kv_cache_split"] == "t, p" and record["kv_cache_note"] is None


@pytest.mark.parametrize("pp", [2, 4, 8])
def test_kv_cache_of_the_stage_holding_most(pp: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Jamba's attention layers (every attn_layer_period-th from attn_layer_offset) over p
    stages: each stage's GPU keeps the keys and values of its own attention layers, 2·h_kv·
    d_head numbers a token each; the figure is the stage holding most (at p = 8 half the
    stages hold none and the others one layer: it gave the total over p, half the most)."""
    config = _config("jamba-v0.1")
    batch, seq, layers = 8, 4096, config["num_hidden_layers"]
    assert main(["memory", "jamba-v0.1", "--gpus", str(pp), "--pp", str(pp), "--seq",
                 str(seq), "--batch", str(batch), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["per_gpu"]
    per_layer = 2 * config["num_key_value_heads"] * \
        (config["hidden_size"] // config["num_attention_heads"]) * batch * seq * 2
    per = layers // pp
    held = [per_layer * sum(1 for i in range(q * per, (q + 1) * per)
                            if i % config["attn_layer_period"] == config["attn_layer_offset"])
            for q in range(pp)]
    assert record["kv_cache"] == max(held)
    assert record["kv_cache_by_stage"] == (held if len(set(held)) > 1 else None)


#: each layer of the model, S sliding its window and F attending in full, as transformers
#: lays them out: Gemma3Config and Cohere2Config from sliding_window_pattern (layer i full
#: where the pattern divides i + 1: 6 and 4), GptOssConfig's default layer_types (alternating,
#: sliding first), Olmo3's config.json layer_types as listed
LAYERS = {
    "gemma-3-1b": "SSSSSF" "SSSSSF" "SSSSSF" "SSSSSF" "SS",
    "command-r7b": "SSSF" "SSSF" "SSSF" "SSSF" "SSSF" "SSSF" "SSSF" "SSSF",
    "gpt-oss-120b": "SF" * 18,
    "olmo-3-7b": "".join("F" if kind == "full_attention" else "S"
                         for kind in _config("olmo-3-7b")["layer_types"]),
}
#: their windows: the configs' sliding_window (gpt-oss: GptOssConfig's default, 128)
WINDOWS = {"gemma-3-1b": 512, "command-r7b": 4096, "gpt-oss-120b": 128, "olmo-3-7b": 4096}


@pytest.mark.parametrize(("name", "pp", "tp"), [
    ("gemma-3-1b", 13, 1), ("gemma-3-1b", 2, 1), ("command-r7b", 8, 2),
    ("gpt-oss-120b", 4, 1), ("gpt-oss-120b", 4, 8), ("gpt-oss-120b", 3, 1),
    ("olmo-3-7b", 4, 1)])
def test_kv_cache_of_sliding_and_full_layers_by_stage(name: str, pp: int, tp: int,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """One repeated layer whose attention slides its window in some layers and not in others
    (refused before: 'derived for a list of layers whose kinds each keep their own'): each
    stage's GPU keeps 2·h_kv·d_head numbers a token of each full layer it holds, for s tokens,
    and of each sliding one for its last W − 1 (DynamicCache), split over t by heads; the
    figure is the stage holding most. Counted here from the layers written out above."""
    config = _config(name)
    layers, batch, seq = LAYERS[name], 2, 8192
    assert len(layers) == config["num_hidden_layers"]
    assert main(["memory", name, "--gpus", str(pp * tp), "--pp", str(pp), "--tp", str(tp),
                 "--seq", str(seq), "--batch", str(batch), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["per_gpu"]
    head = config.get("head_dim") or config["hidden_size"] // config["num_attention_heads"]
    width = 2 * config["num_key_value_heads"] * head // tp  # keys and values a position
    kept = {"F": seq, "S": min(seq, WINDOWS[name] - 1)}
    per = len(layers) // pp
    held = [sum(width * kept[kind] * batch * 2 for kind in layers[q * per:(q + 1) * per])
            for q in range(pp)]
    assert record["kv_cache"] == max(held)
    assert record["kv_cache_by_stage"] == (held if len(set(held)) > 1 else None)
    assert sum(held) * tp == json.loads(_run_memory(name, seq, batch, capsys))["kv_cache_bytes"]


def _run_memory(name: str, seq: int, batch: int, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["memory", name, "--seq", str(seq), "--batch", str(batch), "--json"]) == 0
    return capsys.readouterr().out


def test_ring_refused_where_layers_keep_unlike_keys_and_values() -> None:
    """Jamba's Mamba layers keep no keys and values: the ring's sends a layer are not one
    width (it gave the attention layers' spread over every layer, 'a token a layer')."""
    found = per_gpu(symparam.model("jamba-v0.1"), Layout(4, cp=2, micro_batch=1, batch=2,
                                                          seq=4096))
    ring = next(row for row in found.traffic.rows if row[0] == "context-parallel ring")
    assert ring[2] is None and "not alike layer by layer" in ring[4]
    assert found.traffic.kv_width is None


def test_json_names_each_kinds_layers_and_width(capsys: pytest.CaptureFixture[str]) -> None:
    """memory --json carries N_k and W_k of the tensor-parallel formula and N_E."""
    config = _config("deepseek-v3")
    assert main(["memory", "deepseek-v3", "--gpus", "64", "--tp", "8", "--sp", "--ep", "8",
                 "--seq", "1024", "--batch", "64", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["per_gpu"]
    dense = config["first_k_dense_replace"]
    kinds = record["traffic_layer_kinds"]
    assert [(k["symbol"], k["layers"]) for k in kinds] == [
        ("N_1", dense), ("N_2", config["num_hidden_layers"] - dense)]
    assert [k["width"] for k in kinds] == ["3·H + r_q + r_kv + d_rope",
                                           "5·H + r_q + r_kv + d_rope"]
    assert record["traffic_moe_layers"] == config["num_hidden_layers"] - dense


def test_pipeline_stages_of_dense_then_moe_layers_hold_their_own(
        capsys: pytest.CaptureFixture[str]) -> None:
    """DeepSeek-V2-Lite, one dense layer then 26 MoE ones, over p = 3: the first stage holds
    the token table, the dense layer and 8 MoE layers, the middle 9 MoE layers, the last 9
    and the final norm and head; a layer's parameters read off the whole model's count at
    one and two layers (counted against transformers elsewhere). The last stage holds most
    and is named."""
    def count(layers: int) -> int:
        return symparam.model("deepseek-v2-lite", N=layers, N_dense=1).count()

    model = symparam.model("deepseek-v2-lite")
    hidden, vocab = model.bind()["H"], model.bind()["V"]
    moe = count(2) - count(1)
    norm, head = hidden, vocab * hidden
    held = [count(1) - norm - head + 8 * moe, 9 * moe, 9 * moe + norm + head]
    assert [s.dense + s.experts for s in stages(model, Layout(3, pp=3))] == held
    assert main(["memory", "deepseek-v2-lite", "--gpus", "3", "--pp", "3", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["per_gpu"]
    assert record["most_loaded"]["stage"] == held.index(max(held)) + 1 == 3
    assert record["params_per_gpu"] + record["expert_params_per_gpu"] == max(held)
