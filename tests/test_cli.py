"""The command line: output people read, JSON scripts read, and one-line errors with status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import symparam
from symparam.cli import main
from tests.tools import need, require


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_count_human(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "count", "bert-base-uncased")
    assert status == 0
    assert "109,482,240" in out and "encoder.layer ×12" in out and "pooler" in out


def test_count_shows_the_tie(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "count", "bloom-1b4-zh")
    assert status == 0
    assert "lm_head.weight is transformer.word_embeddings.weight (tied): +0" in out
    assert "1,397,616,640" in out and "1,303,111,680" in out


def test_count_json_one_line_per_model(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "count", "gpt2", "toy-net", "--json")
    assert status == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [r["model"] for r in lines] == ["gpt2", "toy-net"]
    gpt2 = lines[0]
    assert gpt2["params"] == 124_439_808
    assert gpt2["architecture"] == "GPT2LMHeadModel"
    assert gpt2["values"]["H"] == 768
    assert sum(part["params"] for part in gpt2["breakdown"]) == gpt2["params"]
    # GPT-2's config.json leaves n_inner null, which transformers reads as 4·n_embd
    assert gpt2["assumptions"] == ["d_ff = 4*H"]
    assert gpt2["formula"] == "12*H**2*N + H*L + 13*H*N + H*V + 2*H"


def test_count_json_error_line_keeps_the_others(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "count", "gpt2", "bert-bsae-uncased", "toy-net", "--json")
    assert status == 2
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[1]["model"] == "bert-bsae-uncased" and "bert-base-uncased" in lines[1]["error"]
    assert lines[0]["params"] == 124_439_808 and lines[2]["params"] == 3_145_728


def test_count_family_with_set(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "count", "bert", "--json", "--set", "H=768", "--set", "V=30522",
                         "--set", "L=512", "--set", "T=2", "--set", "N=12", "--set", "d_ff=3072",
                         "--set", "h=12", "--set", "pooler=false")
    assert status == 0
    assert json.loads(out)["params"] == 108_891_648


@pytest.mark.parametrize(("argv", "needle"), [
    (["count", "bert-bsae-uncased"], "did you mean bert-base-uncased"),
    (["count", "bert"], "no value for"),
    (["count", "bert-base-uncased", "--set", "H=abc"], "H=abc"),
    (["count", "bert-base-uncased", "--set", "H=-3"], "H=-3"),
    (["count", "bert-base-uncased", "--set", "h=5"], "h=5 does not divide H=768"),
    (["count", "bert-base-uncased", "--set", "Q=5"], "unknown hyperparameter 'Q'"),
    (["count", "bert-base-uncased", "--set", "pooler=maybe"], "pooler"),
    # the model's own arguments are not hyperparameters (a TypeError once: "multiple values")
    (["count", "gpt2", "--set", "assume=1"], "give --assume"),
    (["count", "gpt2", "--set", "free=1"], "give --free"),
    (["count", "gpt2", "--set", "arch=1"], "give --arch"),
    (["count", "gpt2", "--set", "name=1"], "name is not a hyperparameter"),
    (["count", "-", "--set", "source=1"], "source is not a hyperparameter"),
    (["count", "bert-base-uncased", "--arch", "BertForQA"], "BertForMaskedLM"),
    (["formula", "bert", "--assume", "d_ff=__import__('os')"], "unknown name"),
    (["formula", "bert", "--assume", "q=4*H"], "unknown name 'q'"),
    (["formula", "bert", "--free", "d_ff"], "no assumption about 'd_ff'"),
    (["formula", "bert", "--format", "pdf"], "invalid choice"),
    (["frobnicate"], "invalid choice"),
    ([], "required"),
])
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                            needle: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert needle in err
    assert "Traceback" not in err


def test_formula_bert(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "formula", "bert")
    assert status == 0
    first = out.splitlines()[1]
    assert "d_ff" in first and "h" not in first.replace("·", " ").split()
    assert "not in the total: h" in out


def test_formula_assume_4h(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "formula", "bert", "--assume", "d_ff=4*H")
    assert status == 0
    assert "12·N·H² + 13·N·H" in out


def test_formula_json_and_latex(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "formula", "llama", "--format", "json")
    record = json.loads(out)
    assert status == 0
    assert set(record) >= {"model", "formula", "latex", "symbols"}
    assert {s["name"] for s in record["symbols"]} == {"N", "V", "H", "d_ff", "h", "h_kv"}
    status, out, _ = run(capsys, "formula", "llama", "--format", "latex")
    assert r"h_{\mathrm{kv}}" in out


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "list", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    names = {r["name"] for r in rows}
    assert status == 0
    assert {"bert", "llama", "bert-base-uncased", "toy-net", "transformer-base"} <= names
    status, out, _ = run(capsys, "list")
    assert "llama-3-8b" in out


def test_python_dash_m_and_console_script() -> None:
    script = Path(sys.executable).parent / "symparam"  # what pip installs beside python
    require(script.exists(), "the symparam console script (pip install -e .)")
    for argv in ([sys.executable, "-m", "symparam"], [str(script)]):
        done = subprocess.run([*argv, "count", "toy-net", "--json"], capture_output=True,
                              text=True, check=False)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["params"] == 3_145_728
        done = subprocess.run([*argv, "count", "nope"], capture_output=True, text=True,
                              check=False)
        assert done.returncode == 2 and done.stderr.count("\n") == 1


def test_active_params_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "count", "gpt2", "mixtral-8x7b", "--json")
    gpt2, mixtral = (json.loads(line) for line in out.splitlines())
    assert status == 0
    assert gpt2["active_params_with_embedding_table"] == gpt2["params"] and "active" not in gpt2
    assert gpt2["active_params_without_embedding_table"] == gpt2["params"] - (50257 + 1024) * 768
    assert "active_params" not in gpt2  # no figure that does not say its convention
    for key in ("with_embedding_table", "without_embedding_table"):
        assert mixtral[f"active_params_{key}"] == mixtral["active"][key] < mixtral["params"]


def test_active_params_both_conventions(capsys: pytest.CaptureFixture[str]) -> None:
    """Mixtral's 12.9B counts the token embedding table, gpt-oss's 5.13B and DeepSeek-V3's
    37B leave it out (Jiang et al. 2024; OpenAI's model card; DeepSeek-AI 2024): both, labelled,
    for every mixture of experts."""
    status, out, _ = run(capsys, "count", "mixtral-8x7b", "gpt-oss-120b", "deepseek-v3",
                         "--json")
    assert status == 0
    mixtral, oss, deepseek = (json.loads(line)["active"] for line in out.splitlines())
    status, out, _ = run(capsys, "count", "qwen3_moe", "--set", "N=2", "--set", "V=10",
                         "--set", "H=8", "--set", "h=2", "--set", "h_kv=1", "--set", "d_moe=4",
                         "--set", "E=4", "--set", "k=2", "--json")
    small = json.loads(out)["active"]
    assert round(mixtral["with_embedding_table"] / 1e9, 1) == 12.9
    assert round(oss["without_embedding_table"] / 1e9, 2) == 5.13
    assert round(deepseek["with_embedding_table"] / 1e9) == 38  # 37.55B
    assert round(deepseek["without_embedding_table"] / 1e9) == 37
    # the difference is the token table: V·H
    assert oss["with_embedding_table"] - oss["without_embedding_table"] == 201088 * 2880
    assert small["with_embedding_table"] - small["without_embedding_table"] == 10 * 8
    status, out, _ = run(capsys, "count", "gpt-oss-120b")
    assert "5,132,849,472" in out and "5,711,982,912" in out and "without it" in out
    # Qwen3-30B-A3B's card: "30.5B in total and 3.3B activated" (29.9B without its two
    # vocabulary tables): with the token table, 3.35B; without it, 3.04B
    qwen = symparam.from_hf_config({
        "model_type": "qwen3_moe", "architectures": ["Qwen3MoeForCausalLM"],
        "hidden_size": 2048, "moe_intermediate_size": 768, "num_attention_heads": 32,
        "num_key_value_heads": 4, "head_dim": 128, "num_hidden_layers": 48,
        "num_experts": 128, "num_experts_per_tok": 8, "vocab_size": 151936,
        "tie_word_embeddings": False})
    assert round(qwen.count() / 1e9, 1) == 30.5 and 3.3e9 < qwen.active_count() < 3.4e9
    assert "with the embedding table (as Mixtral's 12.9B and Qwen3-30B-A3B's 3.3B)" in out


def test_formula_active_depends_on_top_k(capsys: pytest.CaptureFixture[str]) -> None:
    total = json.loads(run(capsys, "formula", "mixtral-8x7b", "--format", "json")[1])
    active = json.loads(run(capsys, "formula", "mixtral-8x7b", "--format", "json",
                            "--active")[1])
    assert {s["name"] for s in total["symbols"]} >= {"E"}
    assert "k" not in {s["name"] for s in total["symbols"]}
    assert "k" in {s["name"] for s in active["symbols"]}
    status, out, _ = run(capsys, "count", "mixtral-8x7b")
    assert status == 0 and "active" in out and "12,879,925,248" in out


def test_each_subcommand_is_built_alone_by_the_module_that_adds_it() -> None:
    """A run builds only its own subcommand's parser: each name of COMMANDS is a core one or
    added by exactly one module, and the parser built for it alone parses its --help."""
    from symparam.cli import _ADDED, COMMANDS, CORE_COMMANDS, build_parser

    added = [name for _, names in _ADDED for name in names]
    assert sorted([*CORE_COMMANDS, *added]) == sorted(COMMANDS)
    for name in COMMANDS:
        parser = build_parser([name])
        with pytest.raises(SystemExit) as stop:
            parser.parse_args([name, "--help"])
        assert stop.value.code == 0


def test_count_says_what_transformers_builds_but_cannot_run(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """DeepSeek's router groups: transformers builds DeepseekV3ForCausalLM whatever n_group is
    (and count counts it, as built), but its forward pass views the E router scores as n_group
    groups of E/n_group: one token's 8 scores cannot be viewed as 3 groups of 2 (with 3 tokens
    the view spans tokens, and routes wrongly without an error). count says so in a note and
    --json in "cannot_run"; where n_group divides E, the model runs and nothing is said."""
    torch = need("torch")
    transformers = need("transformers")
    sizes = {"vocab_size": 64, "hidden_size": 32, "intermediate_size": 64,
             "moe_intermediate_size": 16, "num_hidden_layers": 2, "num_attention_heads": 4,
             "n_routed_experts": 8, "num_experts_per_tok": 2, "topk_group": 1,
             "n_shared_experts": 1, "first_k_dense_replace": 1, "q_lora_rank": 16,
             "kv_lora_rank": 16, "qk_rope_head_dim": 8, "qk_nope_head_dim": 8,
             "v_head_dim": 8}
    for groups, runs in ((3, False), (4, True)):
        path = tmp_path / f"groups{groups}.json"
        path.write_text(json.dumps({"model_type": "deepseek_v3", "n_group": groups,
                                    "architectures": ["DeepseekV3ForCausalLM"], **sizes}))
        built = transformers.DeepseekV3ForCausalLM(
            transformers.DeepseekV3Config(n_group=groups, **sizes))
        try:
            with torch.no_grad():
                built(torch.tensor([[1]]))  # a decoding step: one token
            ran = True
        except RuntimeError:
            ran = False
        assert ran is runs
        assert main(["count", str(path), "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        assert record["params"] == sum(p.numel() for p in built.parameters())
        assert main(["count", str(path)]) == 0
        notes = [line for line in capsys.readouterr().out.splitlines() if "cannot run" in line]
        if runs:
            assert record["cannot_run"] is None and notes == []
        else:
            assert record["cannot_run"].startswith("DeepseekV3ForCausalLM cannot run with E_g=3 "
                                                   "and E=8")
            assert notes == [f"  note: {record['cannot_run']}"]
            assert main(["flops", str(path), "--seq", "4"]) == 2
            assert record["cannot_run"] in capsys.readouterr().err
