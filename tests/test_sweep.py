"""Evaluating many combinations at once: exact, checked, never wrapped around."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symparam
from symparam.cli import main
from symparam.sweep import PrecisionWarning
from tests.tools import ROOT, need

np = need("numpy")


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 16), st.integers(1, 64), st.integers(1, 48),
                          st.integers(1, 8), st.integers(1, 64)), min_size=1, max_size=20))
def test_evaluate_equals_count(points: list[tuple[int, int, int, int, int]]) -> None:
    m = symparam.model("llama", V=32000, d_ff=11008)
    h_kv = [p[3] for p in points]
    h = [p[3] * p[0] for p in points]
    hidden = [2 * hh * p[1] for hh, p in zip(h, points, strict=True)]
    layers = [p[2] for p in points]
    got = m.evaluate(H=hidden, h=h, h_kv=h_kv, N=layers)
    expected = [m.count(H=a, h=b, h_kv=c, N=d)
                for a, b, c, d in zip(hidden, h, h_kv, layers, strict=True)]
    assert [int(v) for v in got] == expected


def test_no_silent_overflow() -> None:
    m = symparam.model("bert-base-uncased")
    with pytest.warns(PrecisionWarning):
        big = m.evaluate(N=[10**13])
    assert int(big[0]) == m.count(N=10**13)
    assert int(big[0]) > 2**63
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert int(m.evaluate(N=[12])[0]) == 109_482_240


def test_rules_hold_per_combination() -> None:
    with pytest.raises(symparam.SymparamError, match="evenly"):
        symparam.model("bert-base-uncased").evaluate(H=[768, 770])


def test_sweep_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "bert-base-uncased", "N=12,24", "H=768,1536", "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "N,H,params" and lines[1] == "12,768,109482240"
    assert len(lines) == 5
    assert main(["sweep", "bert-base-uncased", "N=0:5"]) == 2
    capsys.readouterr()


# -- numpy is optional: the pure-Python route gives the same numbers --------------------------

#: run first in a child: numpy cannot be imported, as on a plain install
NO_NUMPY = "import sys; sys.modules['numpy'] = None\n"


def without_numpy(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh Python in which ``import numpy`` fails, under the CPU and memory
    limits of the hostile-input tests."""
    from tests.test_security import WALL_GUARD, limited

    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", NO_NUMPY + code], capture_output=True,
                          text=True, check=False, preexec_fn=limited, timeout=WALL_GUARD,
                          env=environment, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def test_evaluate_without_numpy() -> None:
    done = without_numpy(
        "import json, symparam\n"
        "m = symparam.model('llama-2-7b')\n"
        "print(json.dumps(m.evaluate(H=[2048, 4096], N=[16, 32])))\n"
        "print(json.dumps(m.evaluate(H=[[2048], [4096]], N=[16, 32])))\n"
        "print(json.dumps(m.evaluate(N=32)))\n"
        "assert sys.modules['numpy'] is None\n")
    m = symparam.model("llama-2-7b")
    first, grid, one = (json.loads(line) for line in done.stdout.splitlines())
    assert first == m.evaluate(H=[2048, 4096], N=[16, 32]).tolist() == \
        [m.count(H=2048, N=16), m.count(H=4096, N=32)]
    assert grid == m.evaluate(H=[[2048], [4096]], N=[16, 32]).tolist()
    assert one == m.count() == 6_738_415_616


def test_readme_sweep_without_numpy(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sweep", "llama-2-7b", "H=2048:8192:256", "N=16,32", "--csv"]
    done = without_numpy(f"from symparam.cli import main\nsys.exit(main({argv!r}))\n")
    assert main(argv) == 0
    assert done.stdout == capsys.readouterr().out
    assert done.stdout.splitlines()[1] == "2048,16,1481705472" and done.stderr == ""


def test_readme_sweep_as_a_plain_install_runs_it() -> None:
    """The console script's module, as `symparam sweep …` runs it, with numpy hidden."""
    done = without_numpy("import runpy; sys.argv = ['symparam', 'sweep', 'gpt2', 'N=1,2']\n"
                         "runpy.run_module('symparam', run_name='__main__')\n")
    assert [json.loads(line)["params"] for line in done.stdout.splitlines()] == \
        [symparam.model("gpt2").count(N=n) for n in (1, 2)]


MODELS = {"llama": symparam.model("llama", V=32000, h=32, h_kv=8, d_ff=11008, N=4),
          "llama-ffn": symparam.model("llama", assume=["llama-ffn"], V=32000, h=32, h_kv=32,
                                      M=256, N=32),
          "bert": symparam.model("bert-base-uncased"),
          "mixtral": symparam.model("mixtral-8x7b")}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(MODELS)), st.lists(st.integers(1, 40), min_size=1, max_size=6),
       st.lists(st.integers(1, 10**12), min_size=1, max_size=3), st.booleans())
def test_both_routes_agree(name: str, widths: list[int], layers: list[int], grid: bool) -> None:
    """numpy and pure Python give the same counts, the same refusals and the same messages,
    in int64 and past it (N up to 10^12 makes counts pass 2^63), broadcast or not."""
    from symparam.sweep import evaluate

    m = MODELS[name]
    hidden = [256 * w + (w % 3) * 8 for w in widths]  # some break a rule, most do not
    arrays: dict[str, object] = {"H": [[v] for v in hidden] if grid else hidden,
                                 "N": layers if grid else [layers[0]] * len(hidden)}
    outcomes = []
    for numpy in (True, False):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PrecisionWarning)
            try:
                got = evaluate(m, arrays, numpy=numpy)
                outcomes.append(got.tolist() if numpy else got)
            except symparam.SymparamError as error:
                outcomes.append(str(error))
    assert outcomes[0] == outcomes[1]
    if isinstance(outcomes[0], list) and not grid:
        assert outcomes[0] == [m.count(H=h, N=n) for h, n in zip(hidden, arrays["N"],
                                                                   strict=True)]


def test_floors_and_ceilings_are_exact() -> None:
    """LLaMA's d_ff = M·⌈8H/3M⌉ rounds in integers, never through a float."""
    m = MODELS["llama-ffn"]
    hidden = [4096, 5120, 8192, 2**40]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrecisionWarning)
        got = m.evaluate(H=hidden)
    assert got.dtype.kind in "iO" and got.tolist() == [m.count(H=h) for h in hidden]


def test_evaluate_names_the_first_broken_combination() -> None:
    m = symparam.model("bert-base-uncased")
    with pytest.raises(symparam.SymparamError) as caught:
        m.evaluate(H=[768, 770, 780, 772])
    assert str(caught.value) == ("2 of 4 combinations break a rule of bert-base-uncased (the "
                                 "first: H=770): h does not divide H: the heads split the "
                                 "hidden size evenly")
    with pytest.raises(symparam.SymparamError, match=r"\(the first: \[H=770, N=24\]\)"):
        m.evaluate(H=[[768], [770]], N=[12, 24, 36][1:])


def test_sweep_skips_and_names_broken_combinations(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "bert-base-uncased", "H=1:1000:1", "--csv"]) == 0
    out, err = capsys.readouterr()
    rows = out.splitlines()[1:]
    assert [int(r.split(",")[0]) for r in rows] == list(range(12, 1001, 12))
    assert err.splitlines() == [
        "symparam: skipped 917 of 1,000 combinations, which break a rule of "
        "bert-base-uncased:",
        "symparam:   917 combinations: h does not divide H: the heads split the hidden size "
        "evenly (H=1, H=2, H=3, …)"]
    assert main(["sweep", "mixtral-8x7b", "k=1:10:1", "N=1,2"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 16 and "k exceeds E" in err and "[k=9, N=1]" in err
    # every combination broken: refused, naming the first
    assert main(["sweep", "bert-base-uncased", "H=1:1000"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("symparam: error: every one of the 10 combinations "
                                        "breaks a rule of bert-base-uncased: h does not divide")
    table = symparam.model("bert-base-uncased").sweep(H=[768, 770], N=[12])
    assert table.rows() == [(768, 12, 109482240)] and table.skipped_count == 1


def test_sweep_output_is_exact_past_int64(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "bert-base-uncased", f"N=12,{10**13}"]) == 0
    out, err = capsys.readouterr()
    assert [json.loads(line) for line in out.splitlines()] == [
        {"N": 12, "params": 109482240},
        {"N": 10**13, "params": symparam.model("bert-base-uncased").count(N=10**13)}]
    assert "exact Python integers" in err


def _sweep_on(stdout_tty: bool, tmp_path: Path) -> tuple[bytes, bytes]:
    """A 100,000-row sweep whose standard error is a terminal (and its output one too, or a
    file): what each received. The terminal is read while the child writes to it."""
    from tests.test_security import WALL_GUARD, limited

    leader, follower = os.openpty()
    target = tmp_path / "rows.csv"
    screen = b""
    with target.open("wb") as rows:
        child = subprocess.Popen(
            [sys.executable, "-m", "symparam", "sweep", "gpt2", "H=12:1200:12",
             "N=1:1000:1", "--csv"], stdout=follower if stdout_tty else rows,
            stderr=follower, env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=limited)
        os.close(follower)
        deadline = time.monotonic() + WALL_GUARD
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 1.0)
            try:
                chunk = os.read(leader, 1 << 16) if ready else b""
            except OSError:  # the child closed the terminal: all is read
                break
            if ready and not chunk:
                break
            screen += chunk
        assert child.wait(timeout=WALL_GUARD) == 0
    os.close(leader)
    return screen, target.read_bytes()


def test_progress_on_a_terminal_only(tmp_path: Path) -> None:
    screen, rows = _sweep_on(stdout_tty=False, tmp_path=tmp_path)
    assert b"symparam: 50,000 of 100,000 rows (50%)" in screen
    assert screen.endswith(b"\r\x1b[K") and len(rows.splitlines()) == 100_001
    screen, _ = _sweep_on(stdout_tty=True, tmp_path=tmp_path)  # the rows show their progress
    assert b"rows (" not in screen and screen.count(b"\n") == 100_001
    assert main(["sweep", "gpt2", "N=1,2"]) == 0  # a pipe (pytest's capture): no progress
