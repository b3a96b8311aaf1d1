"""A layout that does not divide is refused in one line naming the unit that fails: the
query or key/value heads, Falcon's key/value groups, Mamba-2's groups of B and C, the gated
delta-net's key heads, the layers by p, the experts by e, a split dimension, a narrowed
width; each with its config key and value. The expected unit, key and value are written
here from the configs, not read off the code's messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.cli import main
from symparam.errors import InvalidValueError
from symparam.parallel_activations import narrowed_values
from symparam.placement import Layout
from tests.test_parallel_mixers import TINY, TINY_NEXT

LLAMA = {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 64,
         "num_hidden_layers": 2, "num_attention_heads": 8, "num_key_value_heads": 2,
         "intermediate_size": 128, "vocab_size": 256}
FALCON = {"model_type": "falcon", "hidden_size": 64, "num_attention_heads": 8,
          "num_hidden_layers": 2, "vocab_size": 256}
MIXTRAL = {"model_type": "mixtral", "architectures": ["MixtralForCausalLM"], "hidden_size": 64,
           "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
           "intermediate_size": 96, "vocab_size": 256, "num_local_experts": 3,
           "num_experts_per_tok": 2}


def _refusal(config: dict[str, Any], flags: list[str], tmp_path: Path,
             capsys: pytest.CaptureFixture[str]) -> str:
    """The one line ``symparam memory`` prints refusing ``config`` laid out by ``flags``."""
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    assert main(["memory", str(path), *flags]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("symparam: error: "), err
    return err.strip()


def _mamba2(groups: int) -> dict[str, Any]:
    return {**TINY, "n_groups": groups}


def _next(key_heads: int) -> dict[str, Any]:
    return {**TINY_NEXT, "linear_num_key_heads": key_heads, "linear_num_value_heads": 2 * key_heads}


@pytest.mark.parametrize(("config", "t", "says"), [
    # Mamba-2's in_proj by groups of B and C (Megatron-Core's MambaMixer: ngroups % tp == 0)
    (_mamba2(1), 2, "the 1 group of B and C (n_groups = 1) does not divide by t = 2 (--tp): "
                    "backbone.layers.{i}.mixer.in_proj.weight"),
    (_mamba2(2), 4, "the 2 groups of B and C (n_groups = 2) do not divide by t = 4 (--tp)"),
    # the gated delta-net by key heads (Megatron-Core's GatedDeltaNet)
    (_next(1), 2, "the 1 key head of the gated delta-net (linear_num_key_heads = 1) does not "
                  "divide by t = 2 (--tp): model.layers.{i}.linear_attn.in_proj_qkvz.weight"),
    (_next(3), 2, "the 3 key heads of the gated delta-net (linear_num_key_heads = 3) do not "
                  "divide by t = 2 (--tp)"),
    # Qwen3-Next's full attention: k_proj and v_proj by key/value heads
    ({**TINY_NEXT, "num_key_value_heads": 1}, 2,
     "the 1 key/value head (num_key_value_heads = 1) does not divide by t = 2 (--tp): "
     "model.layers.{i}.self_attn.k_proj.weight"),
    # Falcon's fused projection by key/value groups (its new decoder architecture)
    ({**FALCON, "new_decoder_architecture": True, "num_kv_heads": 2}, 4,
     "the 2 key/value groups (num_kv_heads = 2) do not divide by t = 4 (--tp)"),
    # multi-query attention's one key/value head
    ({**FALCON, "multi_query": True}, 4,
     "the 1 key/value head (multi-query attention, multi_query = true) does not divide by "
     "t = 4 (--tp)"),
    # query and key/value heads of attention
    ({**LLAMA, "num_attention_heads": 4, "num_key_value_heads": 2}, 8,
     "the 4 query heads (num_attention_heads = 4) do not divide by t = 8 (--tp)"),
    (LLAMA, 4, "the 2 key/value heads (num_key_value_heads = 2) do not divide by t = 4 (--tp)"),
])
def test_the_unit_that_does_not_divide_by_t_is_named(
        config: dict[str, Any], t: int, says: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    err = _refusal(config, ["--gpus", str(t), "--tp", str(t)], tmp_path, capsys)
    assert says in err, err
    assert "heads or key/value groups" not in err


def test_layers_that_do_not_divide_by_p(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    config = {**LLAMA, "num_hidden_layers": 3}
    err = _refusal(config, ["--gpus", "2", "--pp", "2"], tmp_path, capsys)
    assert "the 3 layers of model.layers (num_hidden_layers = 3) do not divide into 2 stages " \
           "(--pp)" in err, err


def test_experts_that_do_not_divide_by_e(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    err = _refusal(MIXTRAL, ["--gpus", "2", "--ep", "2"], tmp_path, capsys)
    assert "the 3 experts of " in err and "(num_local_experts = 3) do not divide by e = 2 " \
           "(--ep)" in err, err


def test_a_split_dimension_names_its_key(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A vocabulary of 255 rows split over 2 ranks (the heads divide)."""
    err = _refusal({**LLAMA, "vocab_size": 255}, ["--gpus", "2", "--tp", "2"], tmp_path, capsys)
    assert "model.embed_tokens.weight has 255 along the dimension tensor parallelism splits " \
           "(vocab_size = 255), which does not divide by t = 2 (--tp)" in err, err


def test_a_narrowed_width_names_its_key() -> None:
    """A rank's activations narrow the MLP's width by t: 90 does not divide by 4."""
    model = symparam.from_hf_config({**LLAMA, "num_key_value_heads": 4, "intermediate_size": 90})
    with pytest.raises(InvalidValueError) as refused:
        narrowed_values(model, Layout(4, tp=4))
    assert str(refused.value) == ("the MLP's inner width (intermediate_size = 90) does not "
                                  "divide by t = 4 (tp)")


def test_the_preset_of_one_group_names_its_group(capsys: pytest.CaptureFixture[str]) -> None:
    """Mamba2-2.7B's preset has one group of B and C."""
    preset = Path(symparam.__file__).parent / "presets" / "mamba2-2.7b.json"
    groups = json.loads(preset.read_text())["config"]["n_groups"]
    assert main(["memory", "mamba2-2.7b", "--gpus", "2", "--tp", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"the {groups} group of B and C (n_groups = {groups}) does not divide by t = 2" in err
