"""Evaluating many combinations at once: exact, checked, never wrapped around."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symparam
from symparam.cli import main
from symparam.sweep import PrecisionWarning
from tests.tools import need

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
