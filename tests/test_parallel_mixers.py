"""Tensor parallelism of the state-space and linear-attention mixers Megatron-Core splits:
Mamba-2's as its MambaMixer does (megatron/core/ssm/mamba_mixer.py), Qwen3-Next's gated
delta-net as its GatedDeltaNet does (megatron/core/ssm/gated_delta_net.py). Each rank's
tensors, written here from that code's rules and transformers' full shapes on the meta device;
the refusals (groups or key heads that do not divide by t, biases it asserts away); the
tensor-parallel traffic of Mamba-2's layers."""

from __future__ import annotations

import json
from typing import Any

import pytest

import symparam
from symparam.cli import main
from symparam.errors import InvalidValueError
from symparam.placement import Layout, stages
from tests.tools import need

#: a small Mamba-2: 8 heads of 64 (expand 2 × 256), 4 groups of B and C, state 16
TINY = {"model_type": "mamba2", "architectures": ["Mamba2ForCausalLM"], "hidden_size": 256,
        "num_hidden_layers": 2, "vocab_size": 512, "state_size": 16, "expand": 2,
        "n_groups": 4, "num_heads": 8, "head_dim": 64, "conv_kernel": 4, "use_bias": False,
        "use_conv_bias": True, "chunk_size": 64, "tie_word_embeddings": False}


def _rank_shape(name: str, shape: tuple[int, ...], config: dict[str, Any], t: int
                ) -> tuple[int, ...]:
    """A rank's share of transformers' ``name`` (full ``shape``) under Megatron-Core's rules:
    in_proj's z, x, B, C and dt each a t-th (its partition_sizes: d_inner/t twice,
    ngroups/t·d_state twice, nheads/t); the convolution's x, B and C channels, dt_bias, A_log,
    D and the gated norm a t-th (tensor_model_parallel, partition_dim 0); out_proj's input a
    t-th (RowParallelLinear); the token table and the head a t-th of the vocabulary
    (VocabParallelEmbedding, the output layer column-parallel); the layer norms whole."""
    d_inner = config["expand"] * config["hidden_size"]
    groups, state, heads = config["n_groups"], config["state_size"], config["num_heads"]
    if name.endswith("mixer.in_proj.weight"):
        return (2 * d_inner // t + 2 * (groups // t) * state + heads // t, shape[1])
    if name.endswith(("mixer.conv1d.weight", "mixer.conv1d.bias")):
        return ((d_inner + 2 * groups * state) // t, *shape[1:])
    if name.endswith(("mixer.dt_bias", "mixer.A_log", "mixer.D", "mixer.norm.weight")):
        return (shape[0] // t,)
    if name.endswith("mixer.out_proj.weight"):
        return (shape[0], shape[1] // t)
    if name.endswith(("embeddings.weight", "lm_head.weight")):
        return (shape[0] // t, shape[1])
    assert name.endswith("norm.weight") or name.endswith("norm_f.weight"), name
    return shape


@pytest.mark.parametrize("t", [2, 4])
def test_each_rank_holds_megatron_cores_shards(t: int) -> None:
    torch, transformers = need("torch"), need("transformers")
    data = {k: v for k, v in TINY.items() if k not in ("model_type", "architectures")}
    with torch.device("meta"):
        hf = transformers.Mamba2ForCausalLM(transformers.Mamba2Config(**data))
    model = symparam.from_hf_config(TINY)
    held = {s.name: s.held for s in stages(model, Layout(t, tp=t))[0].shards}
    total = 0
    for name, parameter in hf.named_parameters():
        ours = name.replace("layers.0.", "layers.{i}.").replace("layers.1.", "layers.{i}.")
        want = _rank_shape(name, tuple(parameter.shape), TINY, t)
        assert held[ours] == want, (name, held[ours], want)
        count = 1
        for n in want:
            count *= n
        total += count
    assert stages(model, Layout(t, tp=t))[0].dense == total


@pytest.mark.parametrize(("change", "says"), [
    ({"n_groups": 1}, r"the 1 group of B and C \(n_groups = 1\) does not divide by t = 2"),
    ({"use_bias": True}, "asserts neither"),
    ({"use_conv_bias": False}, "asserts neither"),
])
def test_what_megatron_core_asserts_away_is_refused(change: dict[str, Any], says: str) -> None:
    with pytest.raises(InvalidValueError, match=says):
        stages(symparam.from_hf_config({**TINY, **change}), Layout(2, tp=2))


def test_the_preset_of_one_group_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Mamba2-2.7B has one group of B and C: Megatron-Core gives each rank whole groups."""
    assert main(["memory", "mamba2-2.7b", "--gpus", "2", "--tp", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not divide by t = 2" in err


def test_tensor_parallel_traffic_of_mamba2_layers(tmp_path: Any,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Each Mamba-2 layer all-reduces out_proj's output (H a token) in the forward pass and
    in_proj's input gradient (H) in the backward pass: 2(t − 1)/t of 2·b·s·H elements a
    micro-batch a layer (Megatron-Core's MambaLayer: in_proj column-, out_proj row-parallel)."""
    path = tmp_path / "config.json"
    path.write_text(json.dumps(TINY))
    t, seq, batch = 4, 128, 8
    assert main(["memory", str(path), "--gpus", str(t), "--tp", str(t), "--seq", str(seq),
                 "--batch", str(batch), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)["per_gpu"]
    row = next(r for r in record["traffic"] if r["kind"] == "tensor-parallel all-reduces")
    micro_batches = batch  # b = 1 a GPU, d = 1
    elements = TINY["num_hidden_layers"] * 2 * TINY["hidden_size"] * seq * micro_batches
    assert row["bytes"] == elements * 2 * (t - 1) // t * row["bytes_per_element"]


#: a small Qwen3-Next: 3 gated delta-net layers then a gated full-attention one, 2 key heads
#: of 8 and 4 value heads of 16 in the delta-net, 4 query and 2 key/value heads of 16
TINY_NEXT = {"model_type": "qwen3_next", "architectures": ["Qwen3NextForCausalLM"],
             "hidden_size": 64, "num_hidden_layers": 4, "num_attention_heads": 4,
             "num_key_value_heads": 2, "head_dim": 16, "linear_num_key_heads": 2,
             "linear_num_value_heads": 4, "linear_key_head_dim": 8,
             "linear_value_head_dim": 16, "linear_conv_kernel_dim": 4, "vocab_size": 128,
             "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32,
             "shared_expert_intermediate_size": 32, "intermediate_size": 64,
             "decoder_sparse_step": 1, "full_attention_interval": 4}


def _next_rank_shape(name: str, shape: tuple[int, ...], t: int) -> tuple[int, ...] | None:
    """A rank's share of a Qwen3-Next mixer's or attention's tensor (None: another part's)
    under Megatron-Core's GatedDeltaNet (megatron/core/ssm/gated_delta_net.py): in_proj's q,
    k, v, z, β and α each a t-th (transformers' in_proj_qkvz and in_proj_ba), the
    convolution's channels, dt_bias and A_log a t-th (tensor_model_parallel), out_norm whole
    (one value head wide), out_proj's input a t-th; attention by heads (q_proj with each
    head's gate, k_proj, v_proj a t-th of their outputs, o_proj of its input), its per-head
    norms whole."""
    last = name.rsplit(".", 2)[-2] + "." + name.rsplit(".", 1)[-1]
    if ".linear_attn." in name or ".self_attn." in name:
        if last in ("in_proj_qkvz.weight", "in_proj_ba.weight", "conv1d.weight",
                    "q_proj.weight", "k_proj.weight", "v_proj.weight"):
            return (shape[0] // t, *shape[1:])
        if name.endswith(("dt_bias", "A_log")):
            return (shape[0] // t,)
        if last in ("out_proj.weight", "o_proj.weight"):
            return (shape[0], shape[1] // t)
        assert last in ("norm.weight", "q_norm.weight", "k_norm.weight"), name
        return shape
    return None


def test_each_rank_holds_the_gated_delta_nets_shards() -> None:
    torch, transformers = need("torch"), need("transformers")
    data = {k: v for k, v in TINY_NEXT.items() if k not in ("model_type", "architectures")}
    with torch.device("meta"):
        hf = transformers.Qwen3NextForCausalLM(transformers.Qwen3NextConfig(**data))
    t = 2
    held = {s.name: s.held for s in stages(symparam.from_hf_config(TINY_NEXT),
                                           Layout(t, tp=t))[0].shards}
    checked = 0
    for name, parameter in hf.named_parameters():
        want = _next_rank_shape(name, tuple(parameter.shape), t)
        if want is None:
            continue
        ours = [n for n in held if _layer_free(n) == _layer_free(name)]
        assert ours, name
        assert all(held[n] == want for n in ours), (name, [held[n] for n in ours], want)
        checked += 1
    assert checked >= 20


def _layer_free(name: str) -> str:
    """A tensor's name with its layer's index left out."""
    parts = name.split(".")
    return ".".join(p for p in parts if not (p.isdigit() or p.startswith("{")))


@pytest.mark.parametrize(("change", "says"), [
    ({"linear_num_key_heads": 1, "linear_num_value_heads": 2},
     r"the 1 key head of the gated delta-net \(linear_num_key_heads = 1\) does not divide"),
    ({"num_key_value_heads": 1}, r"the 1 key/value head \(num_key_value_heads = 1\)"),
])
def test_key_heads_that_do_not_divide_are_refused(change: dict[str, Any], says: str) -> None:
    with pytest.raises(InvalidValueError, match=says):
        stages(symparam.from_hf_config({**TINY_NEXT, **change}), Layout(2, tp=2))
