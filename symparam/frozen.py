"""Frozen dataclasses made without generating code.

``dataclasses.dataclass(frozen=True)`` writes and compiles six methods for every class
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``): about
3.2 M instructions a class on Python 3.11, and ``symparam derive`` imports seventy of them —
a fifth of ``import sympy`` before any work (issue 30). :func:`frozen` lets the standard
library collect the fields (so :func:`dataclasses.fields`, :func:`dataclasses.replace` and
:func:`dataclasses.asdict` work as on any dataclass) and gives the class the same methods
without compiling them: ``__eq__``, ``__hash__`` and ``__repr__`` are closures over the
fields, and ``__init__`` is written out as dataclass writes it at the class's first instance
(a class never made costs no compilation):

>>> @frozen
... class Point:
...     x: int
...     y: int = 0
>>> p = Point(1)
>>> p, p == Point(1, 0), hash(p) == hash(Point(x=1)), dataclasses.replace(p, y=2)
(Point(x=1, y=0), True, True, Point(x=1, y=2))
>>> p.x = 3
Traceback (most recent call last):
dataclasses.FrozenInstanceError: cannot assign to field 'x'

The behaviour is that of ``dataclass(frozen=True)``: fields in definition order, bases'
fields first; ``field(default=…)``, ``field(default_factory=…)``, ``init=False`` (set from
its default), ``repr=False``, ``compare=False`` and ``hash=`` honoured; ``__post_init__``
called; a method the class body defines is kept; equality only between instances of the
same class. ``InitVar``, ``kw_only`` and ``slots`` are not supported (none is used here):
a class that needs them uses :func:`dataclasses.dataclass`.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from collections.abc import Callable, Iterable
from typing import Any, TypeVar, overload

__all__ = ["frozen"]

T = TypeVar("T", bound=type)

_FACTORY = object()  # a field left to its default_factory


def _values(names: Iterable[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of these fields' values, as dataclass's methods compare and hash it."""
    names = tuple(names)
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda instance: (one(instance),)
    return lambda instance: ()


def _specialised(cls: type) -> Callable[..., None]:
    """The ``__init__`` of ``cls`` written out and compiled as dataclass writes it."""
    fields = dataclasses.fields(cls)
    names: dict[str, Any] = {"_set": object.__setattr__, "_factory": _FACTORY}
    params, body = ["self"], []
    for f in fields:
        name = f.name
        if f.default_factory is not dataclasses.MISSING:
            names[f"_make_{name}"] = f.default_factory
            if f.init:
                params.append(f"{name}=_factory")
                body.append(f"_set(self, {name!r}, "
                            f"_make_{name}() if {name} is _factory else {name})")
            else:
                body.append(f"_set(self, {name!r}, _make_{name}())")
            continue
        if f.default is not dataclasses.MISSING:
            names[f"_default_{name}"] = f.default
            if f.init:
                params.append(f"{name}=_default_{name}")
            body.append(f"_set(self, {name!r}, {name if f.init else f'_default_{name}'})")
        elif f.init:
            params.append(name)
            body.append(f"_set(self, {name!r}, {name})")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    source = f"def __init__({', '.join(params)}):\n    " + "\n    ".join(body or ["pass"])
    exec(source, names)
    made: Callable[..., None] = names["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    return made


COMPILED_AFTER = 64
"""Instances of a class made by binding its arguments field by field (no code compiled) before
its ``__init__`` is written out and compiled: most classes of a command make a handful of
instances (``symparam page llama-3-8b`` makes 451 of 49 classes), where compiling each
class's ``__init__`` would cost more than binding them all; a class made by the thousand
gets the compiled one."""


def _bind(owner: type, fields: tuple[dataclasses.Field[Any], ...], self: Any,
          args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """``owner.__init__(self, *args, **kwargs)`` as dataclass writes it, by looking the fields
    up instead of compiling: the same values set and the same TypeErrors raised."""
    taking = [f.name for f in fields if f.init]
    where = f"{owner.__qualname__}.__init__()"
    if len(args) > len(taking):
        raise TypeError(f"{where} takes {len(taking) + 1} positional arguments but "
                        f"{len(args) + 1} were given")
    given = dict(zip(taking, args, strict=False))  # fewer arguments than fields: the rest
    for name, value in kwargs.items():
        if name not in taking:
            raise TypeError(f"{where} got an unexpected keyword argument {name!r}")
        if name in given:
            raise TypeError(f"{where} got multiple values for argument {name!r}")
        given[name] = value
    missing = [name for name, f in ((f.name, f) for f in fields)
               if f.init and name not in given and f.default is dataclasses.MISSING
               and f.default_factory is dataclasses.MISSING]
    if missing:
        raise TypeError(f"{where} missing {len(missing)} required argument"
                        f"{'s' if len(missing) > 1 else ''}: "
                        + ", ".join(repr(name) for name in missing))
    for f in fields:
        if f.init and f.name in given:
            value = given[f.name]
        elif f.default_factory is not dataclasses.MISSING:
            value = f.default_factory()
        elif f.default is not dataclasses.MISSING:
            value = f.default
        else:  # init=False and no default: dataclass leaves it unset
            continue
        object.__setattr__(self, f.name, value)
    if hasattr(owner, "__post_init__"):
        self.__post_init__()


def _init_of(cls: type) -> Callable[..., None]:
    """``cls``'s ``__init__`` until its :data:`COMPILED_AFTER`-th instance: it binds each
    instance's arguments field by field, then puts the compiled one in its place."""
    made = 0
    fields: tuple[dataclasses.Field[Any], ...] | None = None

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal made, fields
        made += 1
        if made > COMPILED_AFTER:
            compiled = _specialised(cls)
            type.__setattr__(cls, "__init__", compiled)
            compiled(self, *args, **kwargs)
            return
        if fields is None:
            fields = dataclasses.fields(cls)
        _bind(cls, fields, self, args, kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _setattr(self: Any, name: str, value: object) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _methods(cls: type, show: bool) -> dict[str, Callable[..., Any]]:
    """``__eq__``, ``__hash__`` and ``__repr__`` of ``cls``, over its fields."""
    fields = dataclasses.fields(cls)
    compared = _values(f.name for f in fields if f.compare)
    hashed = _values(f.name for f in fields if (f.compare if f.hash is None else f.hash))
    shown = [(f.name, operator.attrgetter(f.name)) for f in fields if f.repr]

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return compared(self) == compared(other)

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        inside = ", ".join(f"{name}={value(self)!r}" for name, value in shown)
        return f"{type(self).__qualname__}({inside})"

    methods: dict[str, Callable[..., Any]] = {"__eq__": __eq__, "__hash__": __hash__}
    if show:
        methods["__repr__"] = __repr__
    for method in methods.values():
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    return methods


def _make(cls: T, show: bool) -> T:
    own = dict(cls.__dict__)
    # what a class body defines wins, as dataclass keeps it; a body with __eq__ alone has
    # __hash__ = None put there by Python, which dataclass replaces
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if not cls.__doc__:  # dataclass would ask inspect for a signature to write one, which
        cls.__doc__ = cls.__name__  # compiles tokenize's regular expressions: 25 M instructions
    dataclasses.dataclass(init=False, repr=False, eq=False)(cls)
    methods = {"__init__": _init_of(cls), "__setattr__": _setattr, "__delattr__": _delattr,
               **_methods(cls, show)}
    for name, method in methods.items():
        if name not in own or (name == "__hash__" and not explicit_hash):
            type.__setattr__(cls, name, method)
    return cls


@overload
def frozen(cls: T, /) -> T: ...
@overload
def frozen(*, repr: bool = True) -> Callable[[T], T]: ...


def frozen(cls: T | None = None, /, *, repr: bool = True) -> T | Callable[[T], T]:
    """``@frozen`` or ``@frozen(repr=False)``: a class as ``@dataclass(frozen=True)`` makes it."""
    if cls is None:
        return lambda c: _make(c, repr)
    return _make(cls, repr)
