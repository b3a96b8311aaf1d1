"""Hostile input, round two (issue 14): every input the second round of attacks found, each in
a fresh process under resource limits (5 s of CPU time, 500 MB), ending with status 0 and a
right answer or status 2 and one line naming what was wrong; and one test per class of
problem behind them."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

import symparam
from symparam.cli import main
from tests.test_security import bounded, config

BIG = str(10**4000)
QWEN = {"model_type": "qwen2_moe"}


def cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one line ``symparam argv`` fails with (status 2)."""
    code, out, err = cli(argv, capsys)
    assert code == 2, out
    assert len(err.splitlines()) == 1 and err.startswith("symparam"), err
    assert "zoo" not in err and "nan" not in err.split()
    return err


# == expansions ===============================================================================
# -- numbers with an exponent, formulas that expand without bound ---------------------------

@pytest.mark.parametrize(("argv", "says"), [
    (["check", "bert", "1e9999999999"], "digits"),
    (["check", "bert", "1e5000"], "digits"),
    (["count", "bert-base-uncased", "--assume", "d_ff=1e200*H"], "digits"),
    (["check", "bert", "(H+N+V+L+T+d_ff+h+d_head)^8"], "200 terms"),
    (["check", "bert", "((H+N+V+L+T+d_ff+h+d_head)^16)^4"], "terms"),
    (["count", "bert-base-uncased", "--assume", "d_ff=(H+V+L+T+N+h)^16"], "terms"),
    (["check", "bert", "*".join(["H^16"] * 100)], "degree 1600"),
    # 2,248 terms (the limit was 3,000 until this took 5 s of CPU on a loaded machine)
    (["derive", "bert", "--symbolic", "--free", "d_head", "--assume", "h=(V+L+T+1)^3",
      "--assume", "d_head=(H+V+L+T+N+1)^3"], "more than 1,200 terms"),
    (["sweep", "llama-2-7b", "N=1,2", "--assume",
      "d_ff=" + "+".join(f"H/(N+{i})" for i in range(1, 30))], "terms"),
])
def test_formulas_of_issue_14(argv: list[str], says: str, tmp_path: Path) -> None:
    done = bounded(argv, tmp_path)
    assert done.returncode == 2 and says in done.stderr, done.stderr


def test_bounds_are_worked_out_before_expanding() -> None:
    from symparam.bounds import ExpressionTooLargeError, check, size
    from symparam.limits import MAX_EXPANDED_TERMS
    from symparam.symbols import H, L, N, V

    assert size((H + N + V) ** 4).terms == math.comb(6, 4)
    assert size(sum(1 / (H + i) for i in range(1, 30))).terms > MAX_EXPANDED_TERMS  # together
    with pytest.raises(ExpressionTooLargeError, match="degree"):
        check(H**40 * N**40)
    with pytest.raises(ExpressionTooLargeError, match="terms"):
        check((H + N + V + L + 1) ** 60)
    with pytest.raises(ExpressionTooLargeError, match="terms"):  # a denominator is expanded
        check(1 / (H + N + V + L + 1) ** 60)


@pytest.mark.parametrize("argv", [
    ["formula", "bert", "--assume", "d_ff=-H"],
    ["formula", "bert", "--assume", "d_ff=H-H"],
    ["check", "bert-base-uncased", "1/(H-768)"],
    ["check", "bert", "H/(d_ff-4*H)", "--assume", "d_ff=4*H"],
    ["approx", "bert-base-uncased", "--formula", "P/(H-768)"],
    ["count", "bert-base-uncased", "--assume", "d_ff=H/(h-12)"],
    ["count", "bert-base-uncased", "--assume", "d_ff=100000000000000000000000000000*H"],
    ["formula", "bert", "--free", "d_head", "--assume", "h=H", "--assume", "d_head=H/(H-h)"],
])
def test_assumptions_and_formulas_that_cannot_give_a_count(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A negative or zero size, a zero denominator (once the values or the other assumptions
    are put in), a size past MAX_VALUE: refused, not printed as zoo, nan or a count."""
    refused(argv, capsys)


#: an assumption just within MAX_FORMULA_TERMS (210 terms as written, ~200 once collected)
WIDE = "(H+N+V+L+T+h+1)^3*(1+H)"


@pytest.mark.parametrize("argv", [
    ["derive", "bert-base-uncased", "--assume", f"d_ff={WIDE}"],
    ["sensitivity", "bert-base-uncased", "--assume", f"d_ff={WIDE}"],
    ["check", "bert-base-uncased", "H", "--assume", f"d_ff={WIDE}"],
    # 1,128 terms: the layer 1,123, under MAX_EXPANDED_TERMS (1,200)
    ["derive", "bert", "--symbolic", "--free", "d_head", "--assume", "h=(V+L+T+1)^2",
     "--assume", "d_head=(H+V+L+T+N+1)^3"],
])
def test_the_widest_formulas_accepted_stay_within_bounds(argv: list[str],
                                                         tmp_path: Path) -> None:
    """What the limits let through at their edge (an assumption of ~200 terms, two that
    multiply to near MAX_EXPANDED_TERMS) still ends within the bounds."""
    done = bounded(argv, tmp_path)
    assert done.returncode == (1 if argv[0] == "check" else 0), done.stderr  # H ≠ the count


# == solve ====================================================================================

@pytest.mark.parametrize(("argv", "code", "says"), [
    (["solve", "llama-2-7b", "--target", "7e9", "--for", "H"], 0, "H = 4,224"),
    (["solve", "bert-base-uncased", "--target", "340M", "--for", "H"], 0, "H = 1,776"),
    (["solve", "bert-base-uncased", "--target", "340M", "--for", "h"], 2, "does not depend"),
    (["solve", "gpt2", "--target", "1e999999999", "--for", "H"], 2, "--target"),
])
def test_solve_inputs_of_issue_14(argv: list[str], code: int, says: str,
                                  tmp_path: Path) -> None:
    done = bounded(argv, tmp_path)
    assert done.returncode == code, done.stderr
    assert says in (done.stdout if code == 0 else done.stderr)


def test_solve_when_valid_values_are_far_apart() -> None:
    """H must be a multiple of 64 for LLaMA 2 7B (32 heads of an even size): the search used
    to stop making progress between two valid values more than one step apart."""
    from symparam.solve import solve

    m = symparam.model("llama-2-7b")
    result = solve(m, "H", 7_000_000_000)
    assert result.value % 64 == 0 and m.count(H=result.value) == result.count
    assert result.below is not None and result.above is not None
    assert result.below[1] <= 7_000_000_000 <= result.above[1]
    assert result.above[0] - result.below[0] == 64
    for multiple in (1, 3, 100, 1000):  # no multiple makes it loop; 1000 needs 8000 | H
        found = solve(m, "H", 7_000_000_000, multiple_of=multiple)
        assert found.value % multiple == 0 and found.value % 64 == 0


def test_solve_refuses_what_drops_out(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(["solve", "bert-base-uncased", "--target", "340M", "--for", "h"], capsys)
    assert "h·d_head" in err
    err = refused(["solve", "mixtral-8x7b", "--target", "40B", "--for", "k"], capsys)
    assert "does not depend" in err and "active count" in err


def test_solve_when_the_count_falls_as_the_value_grows() -> None:
    from symparam.solve import solve

    m = symparam.model("llama", N=32, V=32000, H=4096, h_kv=8, d_ff=11008)  # 2H²·h_kv/h
    result = solve(m, "h", 7_000_000_000)
    assert result.value % 8 == 0 and m.count(h=result.value) == result.count


@pytest.mark.parametrize("target", ["1e999999999", "1e-999999999", "Infinity", "NaN", "1.5",
                                    "0", "-5", "9" * 41, "2e18"])
def test_solve_targets_out_of_range(target: str, capsys: pytest.CaptureFixture[str]) -> None:
    refused(["solve", "gpt2", "--target", target, "--for", "H"], capsys)


# == structure ================================================================================
# -- options that build blocks, small configs, experts per token ----------------------------

@pytest.mark.parametrize(("argv", "says"), [
    (["count", "mixtral-8x7b", "--set", "sparse_step=10000"], "1..64"),
    (["formula", "mlp", "--set", "layers=2000"], "1..64"),
    (["count", "mixtral-8x7b", "--set", "k=9"], "k=9 exceeds E=8"),
])
def test_options_of_issue_14(argv: list[str], says: str, tmp_path: Path) -> None:
    done = bounded(argv, tmp_path)
    assert done.returncode == 2 and says in done.stderr, done.stderr


@pytest.mark.parametrize(("data", "code", "says"), [
    ({**QWEN, "decoder_sparse_step": 2, "num_hidden_layers": 1}, 0, "no such layer"),
    ({**QWEN, "decoder_sparse_step": 1000}, 2, "sparse_step"),
    ({**QWEN, "decoder_sparse_step": 10000}, 2, "sparse_step"),
    ({**QWEN, "decoder_sparse_step": 64}, 0, "total"),
    ({**QWEN, "decoder_sparse_step": 65}, 2, "1..64"),
    ({"model_type": "mixtral", "num_local_experts": 2, "num_experts_per_tok": 8}, 2,
     "k=8 exceeds E=2"),
])
def test_configs_of_issue_14(data: dict[str, object], code: int, says: str,
                             tmp_path: Path) -> None:
    path = config(tmp_path, "config.json", data)
    for extra in ([], ["--json"]):
        done = bounded(["count", path, *extra], tmp_path)
        assert done.returncode == code, done.stderr
        if not extra:
            assert says in (done.stdout if code == 0 else done.stderr)


def test_every_command_on_a_small_sparse_config(tmp_path: Path) -> None:
    path = config(tmp_path, "config.json", {**QWEN, "decoder_sparse_step": 2,
                                            "num_hidden_layers": 1})
    for argv in (["derive", path], ["flops", path, "--seq", "4", "--with-nonmatmul"],
                 ["formula", path], ["depends", path], ["memory", path, "--seq", "4"]):
        assert bounded(argv, tmp_path).returncode == 0
    done = bounded(["sensitivity", path], tmp_path)  # N enters through ⌊N/2⌋: a step, no ∂
    assert done.returncode == 0 and "P(N + 1) − P(N)" in done.stdout


@pytest.mark.parametrize("argv", [
    ["derive"], ["flops", "--seq", "8", "--with-nonmatmul", "--training", "--recompute",
                 "selective"],
    ["sensitivity"], ["approx", "--order", "2"], ["check", "H"],
])
def test_the_largest_sparse_step_stays_within_bounds(argv: list[str], tmp_path: Path) -> None:
    path = config(tmp_path, "config.json", {**QWEN, "decoder_sparse_step": 64})
    done = bounded([argv[0], path, *argv[1:]], tmp_path)
    assert done.returncode == (1 if argv[0] == "check" else 0), done.stderr


def test_experts_per_token_never_exceed_the_experts() -> None:
    for name in ("mixtral-8x7b", "deepseek-v3", "gpt-oss-120b", "qwen2_moe"):
        m = symparam.model(name)
        with pytest.raises(symparam.SymparamError, match="exceeds"):
            m.bind({"k": 10**6, "E": 2})


# == values ===================================================================================
# -- values past the limits, names given twice, the Python API's arguments ------------------

@pytest.mark.parametrize(("argv", "code", "says"), [
    (["plot", *["gpt2"] * 60, "-o", "p.png"], 2, "20 models"),
    (["plot", *["gpt2"] * 200, "-o", "p.png"], 2, "20 models"),
    (["plot", "gpt2", "--sweep", "N=1:100000:1", "-o", "p.png"], 2, "1,000 points"),
    (["sweep", "gpt2", f"H=1:{2**997}"], 2, "10^30"),
    (["memory", "gpt2", "--seq", "10000000000000", "--batch", "100000000000000"], 2, "--seq"),
    (["flops", "gpt2", "--json", "--seq", BIG], 2, "--seq"),
    (["memory", "gpt2", "--json", "--seq", BIG], 2, "--seq"),
    (["count", "gpt2", "--set", f"H={12 * 10**29}"], 2, "10^30"),
    (["count", "llama-2-7b", "--set", f"H={10**30}"], 0, "total"),  # as a config takes it
    (["count", "gpt2", "--set", f"H={10**30}", "--set", "h=1"], 2, "d_ff = 4*H gives"),
])
def test_values_of_issue_14(argv: list[str], code: int, says: str, tmp_path: Path) -> None:
    done = bounded(argv, tmp_path)
    assert done.returncode == code, done.stderr
    assert says in (done.stdout if code == 0 else done.stderr)


@pytest.mark.parametrize(("data", "code", "says"), [
    ({"model_type": "llama", "hidden_size": 10**30, "num_attention_heads": 32}, 0, "total"),
    ({"model_type": "gpt2", "n_embd": 10**30, "n_head": 1}, 2, "10^30"),  # d_ff = 4H past it
])
def test_config_values_as_set_takes_them(data: dict[str, object], code: int, says: str,
                                         tmp_path: Path) -> None:
    done = bounded(["count", config(tmp_path, "config.json", data)], tmp_path)
    assert done.returncode == code and says in (done.stdout + done.stderr), done.stderr


@pytest.mark.parametrize("argv", [
    ["memory", "gpt2", "--seq", "128", "--batch", "-3"],
    ["memory", "gpt2", "--seq", "0"],
    ["flops", "gpt2", "--seq", "128", "--batch", "0"],
    ["flops", "t5", "--seq", "8", "--target-seq", "0"],
    ["derive", "gpt2", "--flops", "--seq", "8", "--batch", "0"],
    ["formula", "bert", "--assume", "d_ff=H", "--assume", "d_ff=2*H"],
    ["count", "gpt2", "--set", "H=768", "--set", "H=1536"],
    ["approx", "bert", "--order", "100"],
    ["approx", "bert", "--order", "3"],
    ["approx", "bert", "--order", "-5"],
    ["approx", "bert", "--order", "0"],
    ["sweep", "gpt2", "H=12,24", "H=36,48"],
])
def test_wrong_answers_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    refused(argv, capsys)


def test_evaluate_past_the_limits() -> None:
    m = symparam.model("gpt2")
    for arrays in ({"H": [12 * 10**1500]}, {"H": [12, 10**31]}, {"H": [[12, 24], [36]]},
                   {"H": [12, 24], "N": [1, 2, 3]}, {"H": []}, {"H": [1.5]}, {"H": None},
                   {"h": [2**64]}):  # h drops out of the total, its rule still needs it
        with pytest.raises(symparam.SymparamError):
            m.evaluate(**arrays)
    assert m.evaluate(H=[12, 24], N=[[1], [2]]).shape == (2, 2)
    assert symparam.model("mixtral-8x7b").evaluate(k=[1, 2]).tolist() == [46702792704] * 2


def test_api_checks_its_arguments() -> None:
    assert str(symparam.model("bert", assume="d_ff=4*H").formula()) == \
        str(symparam.model("bert", assume=["d_ff=4*H"]).formula())
    assert symparam.model("bert", assume=None).params == symparam.model("bert").params
    for kwargs in ({"assume": [123]}, {"assume": 5}, {"assume": [None]}, {"free": [1]},
                   {"free": 3.5}, {"assume": ["d_ff=H", "d_ff=2*H"]}):
        with pytest.raises(symparam.SymparamError):
            symparam.model("bert", **kwargs)  # type: ignore[arg-type]
    from symparam.assumptions import parse_assumption

    with pytest.raises(symparam.SymparamError):
        parse_assumption(123)  # type: ignore[arg-type]


def test_deep_block_trees_are_refused_when_built() -> None:
    from symparam import Linear, Repeat, Sequential
    from symparam.limits import MAX_BLOCK_DEPTH

    block: symparam.Block = Linear(4, 4)
    with pytest.raises(symparam.SymparamError, match="deeper than"):
        for _ in range(5000):
            block = Sequential(x=block)
    assert block.depth == MAX_BLOCK_DEPTH
    assert symparam.from_block(block).count() == 20  # as deep as allowed: every walk works
    with pytest.raises(symparam.SymparamError, match="deeper than"):
        Repeat(3, block)
    with pytest.raises(symparam.SymparamError, match="not a Block"):
        Sequential(x=3)  # type: ignore[arg-type]


def test_limits_are_in_the_table() -> None:
    """Every limit appears in SECURITY.md's table with its value, not only its name."""
    from symparam import limits

    text = (Path(__file__).resolve().parent.parent / "SECURITY.md").read_text(encoding="utf-8")
    for name in dir(limits):
        if name.startswith("MAX_"):
            assert f"| `{name}` |" in text, name


def test_library_code_runs_under_the_child_limits(tmp_path: Path) -> None:
    """The limits the tests put on a child leave room for ordinary work (numpy included)."""
    done = bounded(["sweep", "gpt2", "H=12:1200000:12", "N=1:8:1", "--csv"], tmp_path)
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 800_001
    probe = subprocess.run([sys.executable, "-c", "import json, symparam.sweep, numpy; "
                            "print(json.dumps(1))"], capture_output=True, text=True, check=True)
    assert json.loads(probe.stdout) == 1
