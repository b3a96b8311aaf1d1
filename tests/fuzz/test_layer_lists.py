"""Per-layer lists under attack (issue 33, item 1): ``layer_types``, ``mlp_only_layers`` and
``decoder_sparse_step`` cut into irregular runs, up to MAX_LAYER_RUNS runs and just past it, over
up to MAX_LAYERS_LISTED layers, through every command. A derivation that walked the tree once per
run took ≥ 99 s of CPU on 1,004 runs; each input here has the fuzz suite's 5 s, and the inputs
at the limit run in a fresh process under 5 s and 500 MB."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symparam.architectures.interleave import runs
from symparam.catalog import model_types
from symparam.hf import generated
from symparam.limits import MAX_LAYER_RUNS, MAX_LAYERS_LISTED
from tests.fuzz.harness import EXAMPLES, json_lines, run
from tests.fuzz.test_fuzz import FUZZ
from tests.test_security import bounded

#: the model types that read a list of layers, and which of the lists
LISTS = {name: sorted({"layer_types", "mlp_only_layers"} & set(record.reads()))
         for name, record in sorted(model_types().items())
         if {"layer_types", "mlp_only_layers"} & set(record.reads())}

#: small sizes, so that the work is the layers' (each set where the type reads the key)
SMALL = {"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4,
         "num_key_value_heads": 2, "head_dim": 16, "vocab_size": 1000, "pad_token_id": 0,
         "moe_intermediate_size": 32, "shared_expert_intermediate_size": 64, "num_experts": 4,
         "num_local_experts": 4, "num_experts_per_tok": 2, "linear_num_key_heads": 2,
         "linear_num_value_heads": 4, "linear_key_head_dim": 16, "linear_value_head_dim": 16,
         "global_attn_every_n_layers": 3, "max_position_embeddings": 512,
         "sliding_window": 64, "use_sliding_window": True, "max_window_layers": 0}

#: the layer_types each type spells for its two kinds of layer
KINDS = {"qwen3_next": ("linear_attention", "full_attention")}


def pattern(count: int, seed: int, longest: int) -> list[bool]:
    """``count`` runs of alternating kinds, each 1 to ``longest`` layers long, in no period a
    pattern could fold (at most MAX_LAYERS_LISTED layers)."""
    draw = random.Random(seed)
    kinds: list[bool] = []
    kind = draw.random() < 0.5
    for _ in range(count):
        kinds += [kind] * draw.randint(1, longest)
        kind = not kind
    return kinds[:MAX_LAYERS_LISTED]


def layer_config(model_type: str, count: int, seed: int, longest: int = 3,
                 step: Any = 1, apart: bool = True) -> dict[str, Any]:
    """A config of ``model_type`` whose lists cut its layers into ``count`` runs (with a
    ``step`` of 1; the second list, where a type reads two, in runs of its own when
    ``apart``, else the same)."""
    reads = set(model_types()[model_type].reads())
    config: dict[str, Any] = {"model_type": model_type, **generated()[model_type]["defaults"]}
    config.update({k: v for k, v in SMALL.items() if k in reads or k in config})
    kinds = pattern(count, seed, longest)
    config["num_hidden_layers"] = len(kinds)
    if "layer_types" in reads:
        off, on = KINDS.get(model_type, ("full_attention", "sliding_attention"))
        config["layer_types"] = [on if k else off for k in kinds]
    if "mlp_only_layers" in reads:
        dense = pattern(count, seed + 1, longest) if "layer_types" in reads and apart \
            else kinds
        config["mlp_only_layers"] = [i for i, k in enumerate(dense[:len(kinds)]) if k]
        config["decoder_sparse_step"] = step
    return config


#: every command, as it reads a config of many layers
COMMANDS = [["count"], ["count", "--json"], ["count", "--depth", "100"], ["formula"],
            ["derive"], ["derive", "--format", "latex", "--flops", "--seq", "64"],
            ["derive", "--lang", "zh"], ["page", "-o", "p.html", "--force"],
            ["memory", "--seq", "100"], ["memory", "--seq", "100", "--decode"],
            ["flops", "--seq", "64"], ["flops", "--seq", "64", "--decode"],
            ["flops", "--seq", "64", "--training"], ["depends"], ["sensitivity"],
            ["approx", "--order", "2"], ["solve", "--target", "7B", "--for", "H"],
            ["sweep", "H=64:1024:64"], ["check", "12*N*H^2"]]
#: run counts at the limit, just past it, and anywhere below
COUNTS = (st.sampled_from([MAX_LAYER_RUNS - 1, MAX_LAYER_RUNS, MAX_LAYER_RUNS + 1,
                           MAX_LAYER_RUNS + 2, 2 * MAX_LAYER_RUNS])
          | st.integers(1, MAX_LAYER_RUNS + 10))


@pytest.fixture(autouse=True)
def in_empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_irregular_layer_lists(tmp_path: Path) -> None:
    built_as_runs = sorted(t for t, lists in LISTS.items() if "mlp_only_layers" in lists)

    @settings(FUZZ, max_examples=max(20, EXAMPLES // 10))
    @given(st.sampled_from(built_as_runs) | st.sampled_from(sorted(LISTS)), COUNTS,
           st.integers(0, 2**32),
           st.sampled_from([1, 2, 3, 100]),
           st.sampled_from([1, 1, 2, 3, 4, 64, 65, 0, -1, None, "2", 1.5]),
           st.sampled_from(COMMANDS))
    def check(model_type: str, count: int, seed: int, longest: int, step: Any,
              command: list[str]) -> None:
        path = tmp_path / "config.json"
        path.write_text(json.dumps(layer_config(model_type, count, seed, longest, step)),
                        encoding="utf-8")
        result = run("layer lists", [command[0], str(path), *command[1:]])
        if result.code == 0 and "--json" in command:
            json_lines(result.out)

    check()


#: kept inputs at the limit, one per kind of list: dense and sparse layers (Qwen-MoE's
#: qwen2_moe is tests/test_security.py's), linear and full attention with the same dense and
#: sparse ones (Qwen3-Next), sliding and full attention (Gemma 2, ModernBERT)
AT_THE_LIMIT = ["qwen3_moe", "qwen3_next", "gemma2", "modernbert"]


@pytest.mark.parametrize("model_type", AT_THE_LIMIT)
def test_the_limit_in_a_fresh_process(model_type: str, tmp_path: Path) -> None:
    """MAX_LAYER_RUNS runs through the costliest commands, each in a fresh process under 5 s
    of CPU and 500 MB; one run more is refused in one line where the layers are built as
    runs (a sliding window only changes what a layer attends over: no run is built)."""
    path = tmp_path / "config.json"
    config = layer_config(model_type, MAX_LAYER_RUNS, seed=33, apart=False)
    kinds = config.get("layer_types") or [i in set(config["mlp_only_layers"])
                                          for i in range(config["num_hidden_layers"])]
    assert len(runs(kinds)) == MAX_LAYER_RUNS  # no period folds the pattern
    path.write_text(json.dumps(config), encoding="utf-8")
    for command in (["derive", "--flops", "--seq", "64"], ["page", "-o", "p.html"],
                    ["memory", "--seq", "100"]):
        done = bounded([command[0], str(path), *command[1:]], tmp_path)
        assert done.returncode == 0, done.stderr
    path.write_text(json.dumps(layer_config(model_type, MAX_LAYER_RUNS + 1, seed=33,
                                            apart=False)), encoding="utf-8")
    done = bounded(["count", str(path)], tmp_path)
    built_as_runs = "mlp_only_layers" in LISTS[model_type] or model_type == "qwen3_next"
    assert done.returncode == (2 if built_as_runs else 0), done.stderr
    if built_as_runs:
        assert f"1,001 runs is more than symparam builds ({MAX_LAYER_RUNS:,})" in done.stderr
