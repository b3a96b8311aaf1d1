"""``union`` of saved storages: one pass, the same as joining them one by one with ``|``."""

from __future__ import annotations

import functools

import sympy
from hypothesis import given
from hypothesis import strategies as st

from symparam.blocks.saved import ACT, KINDS, Key, Saved, union

KEYS = [Key(f"k{i}") for i in range(4)] + [Key(f"m{i}", model_wide=True) for i in range(3)]


@st.composite
def saved(draw: st.DrawFn) -> Saved:
    items = draw(st.lists(st.tuples(st.sampled_from([None, *KEYS]), st.sampled_from(KINDS[:3]),
                                    st.integers(0, 5)), max_size=6))
    part = Saved.of(*items)
    if draw(st.booleans()):
        part = part.repeated(sympy.Symbol("N") + draw(st.integers(0, 3)))
    return part


def _as_lists(s: Saved) -> tuple[list, list, list]:
    return list(s.layer.items()), list(s.model.items()), list(s.each.items())


@given(st.lists(saved(), max_size=6))
def test_union_is_the_fold_of_or(parts: list[Saved]) -> None:
    folded = functools.reduce(lambda a, b: a | b, parts, Saved())
    assert _as_lists(union(parts)) == _as_lists(folded)  # the same keys, order and values


def test_union_of_a_thousand_parts() -> None:
    """A thousand runs' storages, each its own (what the CPU bound of
    test_security.test_a_thousand_runs_of_layers times): every one kept, once."""
    parts = [Saved.of((None, ACT, i + 1)) for i in range(1000)]
    joined = union(iter(parts))
    assert len(joined.layer) == 1000 and joined.totals()[ACT] == 1000 * 1001 // 2
