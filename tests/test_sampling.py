"""The oracle sweeps' sample (tests/conftest.py): drawn by cost, reproducible, any case drawable."""

from __future__ import annotations

import random
from types import SimpleNamespace

from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import _draw


def cases(costs: list[float]) -> tuple[list[SimpleNamespace], dict[str, float]]:
    group = [SimpleNamespace(nodeid=f"t.py::f[{i}]") for i in range(len(costs))]
    return group, {item.nodeid: cost for item, cost in zip(group, costs, strict=True)}


costs_lists = st.lists(st.floats(0.1, 400), min_size=1, max_size=40)


@given(costs_lists, st.floats(0.01, 0.99), st.integers(0, 10**6))
def test_a_sample_costs_its_share_unless_one_case_is_more(costs, part, seed) -> None:
    group, measured = cases(costs)
    kept = _draw(group, part, measured, random.Random(seed))
    spent = sum(measured[item.nodeid] for item in group if id(item) in kept)
    assert kept
    assert spent <= part * sum(costs) + 1e-9 or len(kept) == 1


@given(costs_lists, st.floats(0.01, 0.99), st.integers(0, 10**6))
def test_the_same_seed_draws_the_same_cases(costs, part, seed) -> None:
    group, measured = cases(costs)
    first = _draw(group, part, measured, random.Random(seed))
    assert first == _draw(group, part, measured, random.Random(seed))


def test_every_case_is_drawn_across_runs_even_one_costlier_than_the_share() -> None:
    group, measured = cases([390.0] + [20.0] * 30)
    drawn: set[int] = set()
    for seed in range(400):
        drawn |= _draw(group, 0.1, measured, random.Random(seed))
    assert drawn == {id(item) for item in group}


def test_an_unmeasured_case_weighs_its_functions_median() -> None:
    group, measured = cases([10.0, 10.0, 10.0, 10.0])
    del measured[group[0].nodeid]
    # four cases of 10 s, a half share: two kept whichever are drawn
    for seed in range(50):
        assert len(_draw(group, 0.5, measured, random.Random(seed))) == 2


def test_a_whole_share_keeps_every_case() -> None:
    group, measured = cases([5.0, 500.0])
    assert _draw(group, 1.0, measured, random.Random(0)) == {id(item) for item in group}
