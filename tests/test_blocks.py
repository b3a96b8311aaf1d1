"""The block algebra: unit tests and properties that must hold for any sizes."""

from __future__ import annotations

import math
import random

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import symparam
from symparam import Embedding, LayerNorm, Linear, Repeat, RMSNorm, Sequential
from symparam.errors import InvalidValueError, ModelDefinitionError, UnboundError
from symparam.symbols import H, N, V, d_ff

sizes = st.integers(min_value=1, max_value=10_000)


def test_linear_has_bias_by_default_as_in_torch() -> None:
    assert Linear(H, d_ff).params == H * d_ff + d_ff
    assert Linear(H, d_ff, bias=False).params == H * d_ff
    assert [(t.name, t.shape) for t in Linear(H, d_ff).tensors()] == [
        ("weight", (d_ff, H)), ("bias", (d_ff,))
    ]


def test_norms() -> None:
    assert LayerNorm(H).params == 2 * H
    assert LayerNorm(H, bias=False).params == H
    assert RMSNorm(H).params == H


def test_names_follow_the_tree() -> None:
    tree = Sequential(encoder=Sequential(layer=Repeat(N, Sequential(fc=Linear(H, H)))))
    names = [t.name for t in tree.tensors()]
    assert names == ["encoder.layer.{i}.fc.weight", "encoder.layer.{i}.fc.bias"]
    expanded = [name for t in tree.tensors() for name, _ in t.substitute({N: 2, H: 3}).expand()]
    assert expanded == ["encoder.layer.0.fc.weight", "encoder.layer.1.fc.weight",
                        "encoder.layer.0.fc.bias", "encoder.layer.1.fc.bias"]


def test_nested_repeats_get_their_own_index() -> None:
    tree = Repeat(2, Sequential(inner=Repeat(3, Linear(1, 1, bias=False))))
    (entry,) = tree.tensors()
    assert entry.name == "{i}.inner.{j}.weight"
    assert len(list(entry.expand())) == 6
    assert tree.count() == 6


def test_tied_tensor_counts_once_and_names_its_owner() -> None:
    table = Embedding(V, H)
    tree = Sequential(wte=table, head=Linear(H, V, bias=False, tie=table.weight))
    assert tree.params == V * H
    entries = {t.name: t for t in tree.tensors()}
    assert entries["head.weight"].tied_to == "wte.weight"
    assert entries["head.weight"].params == 0


def test_tie_to_a_tensor_outside_the_tree_is_an_error() -> None:
    stray = Embedding(V, H)
    tree = Sequential(head=Linear(H, V, bias=False, tie=stray.weight))
    with pytest.raises(ModelDefinitionError):
        tree.tensors()


@pytest.mark.parametrize("bad", [0, -3, "768", 1.5, True])
def test_sizes_must_be_positive_integers_or_expressions(bad: object) -> None:
    with pytest.raises(InvalidValueError):
        Linear(bad, 3)  # type: ignore[arg-type]


def test_count_names_every_missing_value() -> None:
    with pytest.raises(UnboundError, match="H, d_ff"):
        Sequential(a=Linear(H, d_ff)).count()


def test_user_symbols_bind_by_name() -> None:
    width = sympy.Symbol("width", integer=True, positive=True)
    assert Linear(width, 2 * width).count(width=10) == 10 * 20 + 20


def _random_tree(draw: st.DrawFn, depth: int) -> symparam.Block:
    choice = draw(st.integers(0, 4 if depth < 3 else 2))
    if choice == 0:
        return Linear(draw(st.sampled_from([H, d_ff, 3])), draw(st.sampled_from([H, V, 2 * H])),
                      bias=draw(st.booleans()))
    if choice == 1:
        return LayerNorm(H, bias=draw(st.booleans()))
    if choice == 2:
        return Embedding(V, H)
    if choice == 3:
        count = draw(st.sampled_from([N, 2, 3]))
        return Repeat(count, _random_tree(draw, depth + 1))
    children = {f"c{k}": _random_tree(draw, depth + 1) for k in range(draw(st.integers(1, 3)))}
    return Sequential(**children)


trees = st.composite(lambda draw: _random_tree(draw, 0))()


@settings(max_examples=60, deadline=None)
@given(trees, sizes, sizes, sizes, st.integers(1, 6))
def test_total_equals_sum_over_tensors(tree: symparam.Block, h_: int, v_: int, f_: int,
                                       n_: int) -> None:
    """The composite rules and a tensor-by-tensor enumeration give the same number."""
    values = {H: sympy.Integer(h_), V: sympy.Integer(v_), d_ff: sympy.Integer(f_),
              N: sympy.Integer(n_)}
    by_rules = tree.params.xreplace(values)
    by_tensors = 0
    for entry in tree.tensors():
        for _, shape in entry.substitute(values).expand():
            assert all(dim > 0 for dim in shape)
            by_tensors += math.prod(shape)
    assert by_rules == by_tensors


@settings(max_examples=40, deadline=None)
@given(trees, st.integers(1, 50))
def test_repeat_scales_exactly(tree: symparam.Block, n_: int) -> None:
    outer = sympy.Symbol("M", integer=True, positive=True)
    assert sympy.expand(Repeat(n_, tree).params - n_ * tree.params) == 0
    assert sympy.expand(Repeat(outer, tree).params.xreplace({outer: n_}) - n_ * tree.params) == 0


@settings(max_examples=40, deadline=None)
@given(sizes, sizes)
def test_tie_counts_once(v_: int, h_: int) -> None:
    table = Embedding(v_, h_)
    tied = Sequential(a=table, b=Linear(h_, v_, bias=False, tie=table.weight))
    untied = Sequential(a=Embedding(v_, h_), b=Linear(h_, v_, bias=False))
    assert tied.count() == v_ * h_
    assert untied.count() == 2 * v_ * h_


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 16), st.integers(1, 64), sizes, st.integers(1, 512), st.integers(1, 4),
       st.integers(1, 48), st.integers(1, 4096))
def test_family_formula_equals_tensor_sum(h_: int, d_: int, v_: int, l_: int, t_: int, n_: int,
                                          f_: int) -> None:
    """For BERT, substituting values into the closed form equals summing the tensors' shapes."""
    m = symparam.model("bert", H=h_ * d_, h=h_, V=v_, L=l_, T=t_, N=n_, d_ff=f_)
    by_tensors = 0
    for entry in m.tensors():
        if entry.tied_to is None:
            free = entry.numel.free_symbols | entry.copies.free_symbols
            numeric = entry.substitute({s: m.values[s.name] for s in free})
            by_tensors += sum(math.prod(shape) for _, shape in numeric.expand())
    assert m.count() == by_tensors


# -- a listed pattern of layers: one part per kind, every layer still named -------------------

@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from("abc"), min_size=1, max_size=60))
def test_listed_layers_group_by_kind(pattern: list[str]) -> None:
    """However a config lists its layers (Qwen-MoE's mlp_only_layers, a layer_types list),
    the breakdown has one part per kind of layer, while the tensors stay named layer by layer
    and the count is each layer's own, summed."""
    from symparam.architectures.interleave import listed
    from symparam.blocks.outline import outline
    from symparam.blocks.tree import Stack

    width = {"a": 2, "b": 3, "c": 5}
    tree = Sequential(layers=listed(pattern, lambda kind: Linear(width[kind], 7)))
    per_layer = {k: w * 7 + 7 for k, w in width.items()}
    assert tree.count() == sum(per_layer[k] for k in pattern)
    assert tree.numeric({}) == tree.count()
    parts = tree.parts()
    assert [p.path for p in parts] == ["layers"] * len(set(pattern))
    assert sorted(int(p.block.count_expr) for p in parts) == \
        sorted(pattern.count(k) for k in set(pattern))
    names = {}
    for entry in tree.tensors():
        for name, shape in entry.expand():
            names[name] = shape
    assert names == {
        f"layers.{i}.{t}": (7, width[k]) if t == "weight" else (7,)
        for i, k in enumerate(pattern) for t in ("weight", "bias")
    }
    if isinstance(tree.children()[0][1], Stack):  # the outline: a line per kind, not per run
        lines = [node for node in outline(tree, 2) if node.depth == 2]
        assert len(lines) == len(set(pattern))


def test_a_thousand_runs_are_asked_once_per_kind() -> None:
    """A listed pattern of many runs asks its layer's questions once per kind: the saved
    tensors of 1,000 runs of two kinds cost two layers' work, not 1,000 (the runs share the
    layer object; each answer is the same)."""
    from symparam.architectures.interleave import listed

    calls = []

    class Counted(Linear):
        def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
            calls.append(1)
            return super().flops(batch, seq)

    draw = random.Random(0)
    pattern = [draw.choice("ab") for _ in range(1_900)]
    layers = listed(pattern, lambda kind: Counted(4 if kind == "a" else 6, 4))
    assert len(layers.repeats) > 900
    flops = layers.flops(sympy.Integer(1), sympy.Integer(1))
    assert flops == sum(2 * 4 * (4 if k == "a" else 6) for k in pattern)
    assert len(calls) == 2


def test_a_family_total_of_runs_is_their_sum() -> None:
    """Qwen-MoE's dense layers between every s-th sparse one: the one term the family gives
    (N − ⌊N/s⌋) is the sum of the runs' own counts, at every depth and step tried."""
    from symparam.architectures.moe import layers
    from symparam.blocks.tree import Runs

    for step in range(3, 9):  # a step of 2 has one run of dense layers
        stack = layers({**_moe_options(), "layer_pattern": (), "sparse_step": step})
        (dense,) = [k for k in stack._kinds if isinstance(k, Runs)]
        summed = sympy.Add(*(r.count_expr for r in dense.repeats))
        for depth in range(1, 40):
            at = {N: depth}
            assert dense.count_expr.xreplace(at) == summed.xreplace(at) \
                == sum((i + 1) % step != 0 for i in range(depth))


def _moe_options() -> dict[str, object]:
    from symparam.catalog import family

    return family("moe").resolve_options({})
