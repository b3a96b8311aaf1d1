"""Tensor parallelism of Mamba-2's mixer, as Megatron-Core's MambaMixer splits it
(megatron/core/ssm/mamba_mixer.py): each rank's tensors, written here from that code's rules
and transformers' full shapes on the meta device; its refusals (groups that do not divide by t,
biases it asserts away); and the tensor-parallel traffic of its layers."""

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
    ({"n_groups": 1}, "laid out by 1 heads or key/value groups, which do not divide by t = 2"),
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
    assert err.count("\n") == 1 and "do not divide by t = 2" in err


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
