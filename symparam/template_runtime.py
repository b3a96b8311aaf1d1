"""The little of jinja2's runtime that a plain compiled template calls, without jinja2.

Importing jinja2 costs ~100 M instructions (its lexer, parser, compiler and filters come with
its runtime), a quarter of what ``symparam page`` adds to ``import sympy`` (issue 30). A
template that jinja2 compiles into code using nothing but loops, attribute lookups, calls,
escaping and top-level ``{% set %}`` (the page) needs none of that: ``tools/compile_templates.py``
points the import line of such a copy here instead of at ``jinja2.runtime`` (:data:`SUPPORTED`
says what such a copy may use, and the tool checks it), and :func:`render` runs it the way
``jinja2.Template.render`` does, with the semantics of jinja2 3.1's ``Environment.getattr``,
``Context.call``, ``LoopContext``, ``markup_join``, ``Undefined`` and ``StrictUndefined``.
A copy that uses anything else (macros, filters, includes) keeps importing jinja2's runtime.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import chain
from typing import Any

from markupsafe import Markup, escape, soft_str

__all__ = ["LoopContext", "Macro", "Markup", "Namespace", "TemplateNotFound",
           "TemplateReference", "TemplateRuntimeError", "Undefined", "escape", "identity",
           "internalcode", "markup_join", "missing", "str_join"]

#: what a copy run here may use: ``environment.<name>`` and ``context.<name>`` only these
SUPPORTED = {"environment": frozenset({"getattr", "getitem", "undefined", "concat"}),
             "context": frozenset({"call", "vars", "exported_vars", "resolve_or_missing"})}
#: names jinja2 imports into every compiled copy that such a copy must not call
UNSUPPORTED_CALLS = ("Macro(", "Namespace", "TemplateReference(", "environment.filters",
                     "environment.tests", "get_template", "eval_ctx", "context.get_all")
#: jinja2's default globals that are not given here
UNSUPPORTED_GLOBALS = ("lipsum", "cycler", "joiner", "namespace")


class _Missing:
    def __repr__(self) -> str:
        return "missing"

    def __reduce__(self) -> str:
        return "missing"


#: jinja2's marker for a name not found
missing: Any = _Missing()


class TemplateRuntimeError(Exception):
    """A template asked for something it cannot have."""


class TemplateNotFound(TemplateRuntimeError):
    """Never raised here: a copy run here includes no other template."""


class UndefinedError(TemplateRuntimeError):
    """A template used a name or an attribute that is not there (jinja2's StrictUndefined)."""


def identity(x: Any) -> Any:
    return x


internalcode = identity


class Macro:  # pragma: no cover - a copy that defines a macro is not run here
    def __init__(self, *args: Any) -> None:
        raise TemplateRuntimeError("macros need jinja2's runtime")


Namespace = TemplateReference = Macro


def _object_type_repr(obj: Any) -> str:
    if obj is None:
        return "None"
    if obj is Ellipsis:
        return "Ellipsis"
    cls = type(obj)
    if cls.__module__ == "builtins":
        return f"{cls.__name__} object"
    return f"{cls.__module__}.{cls.__name__} object"


class Undefined:
    """jinja2's default ``Undefined``, which an ``if`` expression without ``else`` gives when its
    test is false: it prints as nothing."""

    __slots__ = ("_undefined_hint", "_undefined_name", "_undefined_obj")

    def __init__(self, hint: str | None = None, obj: Any = missing, name: str | None = None,
                 exc: Any = None) -> None:
        self._undefined_hint = hint
        self._undefined_obj = obj
        self._undefined_name = name

    @property
    def _undefined_message(self) -> str:
        if self._undefined_hint:
            return self._undefined_hint
        if self._undefined_obj is missing:
            return f"{self._undefined_name!r} is undefined"
        if not isinstance(self._undefined_name, str):
            return (f"{_object_type_repr(self._undefined_obj)} has no element "
                    f"{self._undefined_name!r}")
        return (f"{_object_type_repr(self._undefined_obj)!r} has no attribute "
                f"{self._undefined_name!r}")

    def _fail_with_undefined_error(self, *args: Any, **kwargs: Any) -> Any:
        raise UndefinedError(self._undefined_message)

    def __getattr__(self, name: str) -> Any:
        if name[:2] == "__":
            raise AttributeError(name)
        return self._fail_with_undefined_error()

    __add__ = __radd__ = __sub__ = __rsub__ = _fail_with_undefined_error
    __mul__ = __rmul__ = __div__ = __rdiv__ = _fail_with_undefined_error
    __truediv__ = __rtruediv__ = _fail_with_undefined_error
    __floordiv__ = __rfloordiv__ = _fail_with_undefined_error
    __mod__ = __rmod__ = __pos__ = __neg__ = _fail_with_undefined_error
    __call__ = __getitem__ = _fail_with_undefined_error
    __lt__ = __le__ = __gt__ = __ge__ = _fail_with_undefined_error
    __int__ = __float__ = __complex__ = _fail_with_undefined_error
    __pow__ = __rpow__ = _fail_with_undefined_error

    def __eq__(self, other: Any) -> bool:
        return type(self) is type(other)

    def __ne__(self, other: Any) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return id(type(self))

    def __str__(self) -> str:
        return ""

    def __len__(self) -> int:
        return 0

    def __iter__(self) -> Iterator[Any]:
        yield from ()

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "Undefined"


class StrictUndefined(Undefined):
    """jinja2's ``StrictUndefined``, the environment's: any use but a test is an error."""

    __slots__ = ()
    __iter__ = __str__ = __len__ = Undefined._fail_with_undefined_error
    __eq__ = __ne__ = __bool__ = __hash__ = Undefined._fail_with_undefined_error
    __contains__ = Undefined._fail_with_undefined_error


def markup_join(seq: Iterable[Any]) -> str:
    """Concatenation that escapes if necessary and converts to string."""
    buf = []
    iterator = map(soft_str, seq)
    for arg in iterator:
        buf.append(arg)
        if hasattr(arg, "__html__"):
            return Markup("").join(chain(buf, iterator))
    return "".join(buf)


def str_join(seq: Iterable[Any]) -> str:
    """Simple args to string conversion and concatenation."""
    return "".join(map(str, seq))


class LoopContext:
    """A ``for`` loop's ``loop`` variable."""

    index0 = -1
    _length: int | None = None
    _after: Any = missing
    _current: Any = missing
    _before: Any = missing
    _last_changed_value: Any = missing

    def __init__(self, iterable: Iterable[Any], undefined: type[Undefined],
                 recurse: Any = None, depth0: int = 0) -> None:
        self._iterable = iterable
        self._iterator = iter(iterable)
        self._undefined = undefined
        self._recurse = recurse
        self.depth0 = depth0

    @property
    def length(self) -> int:
        if self._length is not None:
            return self._length
        try:
            self._length = len(self._iterable)  # type: ignore[arg-type]
        except TypeError:
            iterable = list(self._iterator)
            self._iterator = iter(iterable)
            self._length = len(iterable) + self.index + (self._after is not missing)
        return self._length

    def __len__(self) -> int:
        return self.length

    @property
    def depth(self) -> int:
        return self.depth0 + 1

    @property
    def index(self) -> int:
        return self.index0 + 1

    @property
    def revindex0(self) -> int:
        return self.length - self.index

    @property
    def revindex(self) -> int:
        return self.length - self.index0

    @property
    def first(self) -> bool:
        return self.index0 == 0

    def _peek_next(self) -> Any:
        if self._after is not missing:
            return self._after
        self._after = next(self._iterator, missing)
        return self._after

    @property
    def last(self) -> bool:
        return self._peek_next() is missing

    @property
    def previtem(self) -> Any:
        if self.first:
            return self._undefined("there is no previous item")
        return self._before

    @property
    def nextitem(self) -> Any:
        rv = self._peek_next()
        if rv is missing:
            return self._undefined("there is no next item")
        return rv

    def cycle(self, *args: Any) -> Any:
        if not args:
            raise TypeError("no items for cycling given")
        return args[self.index0 % len(args)]

    def changed(self, *value: Any) -> bool:
        if self._last_changed_value != value:
            self._last_changed_value = value
            return True
        return False

    def __iter__(self) -> LoopContext:
        return self

    def __next__(self) -> tuple[Any, LoopContext]:
        if self._after is not missing:
            rv = self._after
            self._after = missing
        else:
            rv = next(self._iterator)
        self.index0 += 1
        self._before = self._current
        self._current = rv
        return rv, self


class Environment:
    """What a copy asks of its ``environment``: attribute and item lookups as jinja2's
    (an attribute, else an item, else undefined), the strict undefined, the concatenation."""

    undefined = StrictUndefined
    concat = staticmethod("".join)

    def getattr(self, obj: Any, attribute: str) -> Any:
        try:
            return getattr(obj, attribute)
        except AttributeError:
            pass
        try:
            return obj[attribute]
        except (TypeError, LookupError, AttributeError):
            return self.undefined(obj=obj, name=attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        try:
            return obj[argument]
        except (AttributeError, TypeError, LookupError):
            if isinstance(argument, str):
                try:
                    return getattr(obj, argument)
                except AttributeError:
                    pass
            return self.undefined(obj=obj, name=argument)


ENVIRONMENT = Environment()
#: jinja2's default globals that a plain template may name
GLOBALS: Mapping[str, Any] = {"range": range, "dict": dict}


class Context:
    """A rendering's names: the values given to :func:`render` (``parent``) and what the
    template sets at its top level (``vars``)."""

    def __init__(self, parent: Mapping[str, Any]) -> None:
        self.parent = parent
        self.vars: dict[str, Any] = {}
        self.exported_vars: set[str] = set()
        self.environment = ENVIRONMENT

    def resolve_or_missing(self, key: str) -> Any:
        if key in self.vars:
            return self.vars[key]
        if key in self.parent:
            return self.parent[key]
        return missing

    def call(__self, __obj: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined("value was undefined because a callable raised "
                                                "a StopIteration exception")


def render(namespace: Mapping[str, Any], values: Mapping[str, Any]) -> str:
    """The document the compiled copy whose module namespace is ``namespace`` makes of
    ``values``, as ``jinja2.Template.render(**values)`` makes it."""
    context = Context({**GLOBALS, **values})
    return "".join(namespace["root"](context))


def runs_here(code: str) -> bool:
    """Whether the compiled template ``code`` uses nothing but what this module gives."""
    for owner, names in SUPPORTED.items():
        if not set(re.findall(rf"\b{owner}\.(\w+)", code)) <= names:
            return False
    body = code.split("\n", 1)[1] if code.startswith("from ") else code
    body = re.sub(r"^from jinja2\.runtime import .*$", "", body, flags=re.MULTILINE)
    if any(name in body for name in UNSUPPORTED_CALLS):
        return False
    return not any(f"resolve({name!r})" in code for name in UNSUPPORTED_GLOBALS)
