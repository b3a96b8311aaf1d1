"""The fast routes give what the symbolic ones give: counts read off the tree, the CLI's parser
built for one subcommand."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam.blocks import evaluate
from symparam.blocks.numbers import value
from symparam.cli import COMMANDS, build_parser, main
from symparam.errors import UnboundError
from symparam.symbols import H, V, h, s
from tests.test_hf import TYPES, lean_configs

LEAVES = st.sampled_from([H, V, h, s]) | st.integers(1, 50).map(sympy.Integer)


def expressions() -> st.SearchStrategy[sympy.Expr]:
    return st.recursive(LEAVES, lambda inner: st.one_of(
        st.tuples(inner, inner).map(lambda p: p[0] + p[1]),
        st.tuples(inner, inner).map(lambda p: p[0] * p[1]),
        st.tuples(inner, st.integers(-3, 3)).map(lambda p: p[0] ** p[1]),
        inner.map(lambda e: sympy.ceiling(e / 3)),
        inner.map(lambda e: sympy.floor(e / 7)),
        inner.map(lambda e: e - 5),
    ), max_leaves=8)


@given(expressions(), st.lists(st.integers(1, 10**6), min_size=4, max_size=4))
def test_value_agrees_with_sympy(expr: sympy.Expr, numbers: list[int]) -> None:
    env = dict(zip((H, V, h, s), numbers, strict=True))
    expected = expr.xreplace({k: sympy.Integer(v) for k, v in env.items()})
    if not expected.is_Rational:  # 1/0 and the like: nothing to compare
        return
    assert Fraction(value(expr, env)) == Fraction(int(expected.p), int(expected.q))


@pytest.mark.parametrize("model_type", TYPES)
def test_tree_counts_equal_the_formula(model_type: str) -> None:
    @settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(lean_configs(model_type))
    def check(config: dict[str, Any]) -> None:
        m = symparam.from_hf_config(config)
        bound = m.bind()
        assert m.count() == evaluate(m.params, bound)
        if "k" in bound or not any(x.name == "k" for x in m.active_params.free_symbols):
            assert m.active_count() == evaluate(m.active_params, bound)
        else:  # DeepSeek-V2 without a top k: the total is counted, the active share is not
            with pytest.raises(symparam.SymparamError, match="no value for k"):
                m.active_count()
        names = {x.name for x in m.raw_params.free_symbols | m.tree.active_params.free_symbols}
        assert names <= set(m.hyperparameters)
        assert sum(m.count_of(p.block, bound) for p in m.parts()) == m.count()

    check()


def test_a_symbol_that_cancels_needs_no_value(capsys: pytest.CaptureFixture[str]) -> None:
    """BERT's h cancels (h·d_head = H): its count, and each part's, needs no value for h."""
    values = ["H=768", "V=30522", "L=512", "T=2", "N=12", "d_ff=3072"]
    assert main(["count", "bert", *[a for v in values for a in ("--set", v)], "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["params"] == 109_482_240
    assert sum(p["params"] for p in record["breakdown"]) == 109_482_240


def test_missing_values_are_all_named() -> None:
    with pytest.raises(UnboundError) as info:
        symparam.model("llama").count(N=2)
    assert "V" in str(info.value) and "H" in str(info.value)


def test_the_parser_knows_every_command() -> None:
    full = next(a for a in build_parser()._actions if a.dest == "command")
    assert tuple(full.choices) == COMMANDS
    for name in COMMANDS:
        one = next(a for a in build_parser([name])._actions if a.dest == "command")
        assert list(one.choices) == [name]


def test_count_json_keeps_its_formula(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", "gpt2", "--json"]) == 0
    assert '"formula": "' in capsys.readouterr().out
