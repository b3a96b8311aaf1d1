"""symparam.frozen makes classes that behave as ``dataclass(frozen=True)`` makes them: each
class below is made both ways and every instance built, compared, hashed, shown, replaced and
refused alike."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from dataclasses import field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import symparam.frozen
from symparam.frozen import frozen

# each class's __init__ binds its fields one by one for its first instances, then is compiled:
# every test below runs with each (a first instance compiled at once, or never compiled)
PATHS = pytest.mark.parametrize("after", [0, 10**9], ids=["compiled", "bound"])


@contextlib.contextmanager
def compiled_after(after: int) -> Iterator[None]:
    kept = symparam.frozen.COMPILED_AFTER
    symparam.frozen.COMPILED_AFTER = after
    try:
        yield
    finally:
        symparam.frozen.COMPILED_AFTER = kept


def pair(body: dict[str, Any], annotations: dict[str, Any],
         decorate: Any = None) -> tuple[type, type]:
    """The same class made by dataclass(frozen=True) and by frozen (or ``decorate``)."""
    made = []
    for maker in (dataclasses.dataclass(frozen=True), decorate or frozen):
        namespace = {"__annotations__": dict(annotations), "__doc__": "d"}
        namespace.update({k: (v() if callable(v) and k.startswith("_f") else v)
                          for k, v in body.items()})
        made.append(maker(type("Thing", (), namespace)))
    return made[0], made[1]


def fields_of(kind: str) -> tuple[dict[str, Any], dict[str, Any]]:
    if kind == "plain":
        return {}, {"a": "int", "b": "str"}
    if kind == "defaults":
        return {"b": "x", "c": field(default_factory=list)}, {"a": "int", "b": "str", "c": "list"}
    if kind == "uncompared":
        return {"b": field(default=0, compare=False, repr=False)}, {"a": "int", "b": "int"}
    if kind == "later":
        return {"b": field(default=7, init=False)}, {"a": "int", "b": "int"}
    return {"b": field(default=1, hash=False)}, {"a": "int", "b": "int"}


KINDS = ["plain", "defaults", "uncompared", "later", "unhashed"]
values = st.one_of(st.integers(-3, 3), st.text(max_size=2), st.floats(allow_nan=True))


@PATHS
@given(st.sampled_from(KINDS), st.lists(values, min_size=1, max_size=2),
       st.lists(values, min_size=1, max_size=2))
def test_instances_behave_as_dataclass_makes_them(after: int, kind: str, one: list[Any],
                                                  two: list[Any]) -> None:
    with compiled_after(after):
        behave_alike(kind, one, two)


def behave_alike(kind: str, one: list[Any], two: list[Any]) -> None:
    body, annotations = fields_of(kind)
    real, ours = pair(body, annotations)
    for args in (one, two):
        outcomes = []
        for cls in (real, ours):
            try:
                outcomes.append(("ok", cls(*args)))
            except TypeError as error:
                outcomes.append(("error", type(error)))
        assert [o[0] for o in outcomes] == [outcomes[0][0]] * 2
    try:
        r1, r2, o1, o2 = real(*one), real(*two), ours(*one), ours(*two)
    except TypeError:
        return
    assert repr(r1).replace("Thing", "") == repr(o1).replace("Thing", "")
    assert (r1 == r2) == (o1 == o2)
    assert (r1 == r1) == (o1 == o1)  # a NaN field: equal to itself as the same object
    hashes = []
    for a, b in ((r1, r2), (o1, o2)):
        try:
            hashes.append(hash(a) == hash(b))
        except TypeError:  # a list field: unhashable either way
            hashes.append(None)
    assert hashes[0] == hashes[1] or (hashes[1] and r1 != r2)
    assert [f.name for f in dataclasses.fields(o1)] == [f.name for f in dataclasses.fields(r1)]
    assert dataclasses.asdict(o1) == dataclasses.asdict(r1) or one != one
    assert o1 != r1 and o1 != (tuple(one))
    with pytest.raises(dataclasses.FrozenInstanceError):
        o1.a = 1  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del o1.a  # type: ignore[attr-defined]
    assert repr(dataclasses.replace(o1, a=5)).replace("Thing", "") == \
        repr(dataclasses.replace(r1, a=5)).replace("Thing", "")


@PATHS
@pytest.mark.parametrize("kind", KINDS)
def test_arguments_refused_as_dataclass_refuses_them(after: int, kind: str) -> None:
    with compiled_after(after):
        real, ours = pair(*fields_of(kind))
        for args, kwargs in [((), {}), ((1, "y", [], 4), {}), ((1,), {"a": 2}),
                             ((1,), {"z": 2}), ((1,), {"c": [2], "b": "q"}), ((1,), {"b": 3}),
                             ((), {"a": 1, "b": 2}), ((1, 2), {}), ((1, 2, 3), {})]:
            done = []
            for cls in (real, ours):
                try:
                    made = cls(*args, **kwargs)
                    done.append((repr(made).replace("Thing", ""), vars(made)))
                except TypeError:
                    done.append("TypeError")
            assert done[0] == done[1], (args, kwargs)


def test_a_class_made_often_gets_the_compiled_init_and_the_same_instances() -> None:
    real, ours = pair(*fields_of("defaults"))
    bound = ours.__init__
    made = [ours(n, b=str(n)) for n in range(symparam.frozen.COMPILED_AFTER + 3)]
    assert ours.__init__ is not bound
    assert [vars(m) for m in made] == [vars(real(n, b=str(n))) for n in range(len(made))]


@PATHS
def test_factories_post_init_inheritance_and_own_methods(after: int) -> None:
    with compiled_after(after):
        factories_post_init_inheritance_and_own_methods()


def factories_post_init_inheritance_and_own_methods() -> None:
    @frozen
    class Base:
        """b"""
        a: int
        items: list[int] = field(default_factory=list)

        def __post_init__(self) -> None:
            object.__setattr__(self, "seen", True)

    @frozen
    class Child(Base):
        """c"""
        b: int = 2

        def __repr__(self) -> str:
            return "mine"

    one, two = Base(1), Base(1)
    assert one.items is not two.items and one.seen and one == two
    child = Child(3)
    assert (child.a, child.items, child.b, child.seen) == (3, [], 2, True)
    assert repr(child) == "mine" and child != Base(3) and Base(3) != child
    assert [f.name for f in dataclasses.fields(Child)] == ["a", "items", "b"]
    assert Child(3) == Child(3, [], 2)

    @frozen
    class Named:
        """n"""
        x: int

        def __eq__(self, other: object) -> bool:
            return True

    assert Named(1) == Named(2) and hash(Named(1)) == hash(Named(1))

    @frozen(repr=False)
    class Quiet:
        """q"""
        x: int

    assert repr(Quiet(1)).startswith("<")
