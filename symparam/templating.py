"""Templates loaded from copies compiled when the package was made.

jinja2 turns a template into Python each time a process first renders it: 0.07 s for the
Markdown derivation, 0.13 s for the LaTeX one, most of what ``derive`` adds to starting Python.
``tools/compile_templates.py`` writes each template's compiled module into
``symparam/compiled_templates/``, with the length and CRC-32 of the source it was compiled
from and the jinja2 version that compiled it. :class:`Loader` uses that module when both still
hold (the import system keeps its bytecode), and compiles the template as jinja2 always does
when either differs: an edited template is never rendered from a stale copy, and nothing is
written at run time. A copy that needs no more of jinja2 than :mod:`symparam.template_runtime`
gives (the page) runs there instead (:func:`rendered`), and jinja2 is not imported at all.

The language files (TOML) are kept the same way: :func:`table` reads a file's copy as a Python
literal where it was made from this text, and parses the TOML otherwise.
"""

from __future__ import annotations

import importlib
import zlib
from collections.abc import Mapping, MutableMapping
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2


#: the package holding the compiled copies
PACKAGE = "symparam.compiled_templates"
#: the runtime a copy that needs none of jinja2's imports from (RUNTIME in its header)
RUNTIME = "symparam.template_runtime"


def module_name(name: str, autoescape: bool) -> str:
    """The compiled copy's module for template ``name`` (``page/page.html.j2``) compiled with
    or without autoescaping (an environment's setting is part of the compiled code)."""
    stem = name.removesuffix(".j2").replace("/", "_").replace(".", "_")
    return f"{stem}_{'escaped' if autoescape else 'raw'}"


def digest(source: str) -> str:
    """What a copy records of the text it was made from, to tell when that text changed: its
    length in bytes and its CRC-32. (Its SHA-256 took hashlib, whose import loads OpenSSL,
    or SHA-256 in software: 6 ms of a page's start for the 200 KB of language files read;
    this is no defence against anyone, who could edit the copy as easily as the text.)"""
    data = source.encode("utf-8")
    return f"{len(data)}:{zlib.crc32(data):08x}"


@cache
def loader() -> type[jinja2.FileSystemLoader]:
    """:class:`Loader`, made where jinja2 is first needed (importing jinja2 is a quarter of
    what ``symparam page`` adds to ``import sympy``: the page renders without it)."""
    import jinja2

    class Loader(jinja2.FileSystemLoader):
        """A :class:`jinja2.FileSystemLoader` that takes a template's compiled copy where it
        was compiled from this source by this jinja2 with this environment's escaping."""

        def load(self, environment: jinja2.Environment, name: str,
                 globals: MutableMapping[str, Any] | None = None) -> jinja2.Template:
            source, _, _ = self.get_source(environment, name)
            compiled = _compiled(name, bool(environment.autoescape), source, jinja2.__version__)
            if compiled is None:
                return super().load(environment, name, globals)
            return environment.template_class.from_module_dict(environment, compiled,
                                                               globals or {})

    return Loader


def _copy(module: str, source: str) -> dict[str, Any] | None:
    """The namespace of the shipped copy ``module`` where it was made from ``source`` (its
    digest), else None (missing or stale)."""
    try:
        found = importlib.import_module(f"{PACKAGE}.{module}")
    except ImportError:
        return None
    namespace = vars(found)
    return namespace if namespace.get("SOURCE") == digest(source) else None


def _compiled(name: str, autoescape: bool, source: str, version: str) -> dict[str, Any] | None:
    """The copy jinja2 ``version`` renders: compiled from ``source`` by that version, for
    jinja2's runtime (a copy for :data:`RUNTIME` is not jinja2's to run)."""
    namespace = _copy(module_name(name, autoescape), source)
    if namespace is None or namespace.get("JINJA") != version \
            or namespace.get("RUNTIME") is not None:
        return None
    return namespace


def rendered(name: str, autoescape: bool, source: str, values: Mapping[str, Any]) -> str | None:
    """Template ``name`` (whose text is ``source``) rendered with ``values`` from its compiled
    copy by :mod:`symparam.template_runtime`, without jinja2, where the copy was compiled
    from this text for that runtime; else None (render it with jinja2)."""
    namespace = _copy(module_name(name, autoescape), source)
    if namespace is None or namespace.get("RUNTIME") != RUNTIME:
        return None
    from symparam import template_runtime

    namespace["environment"] = template_runtime.ENVIRONMENT
    return template_runtime.render(namespace, values)


def table_module(name: str) -> str:
    """The copy's module for the TOML file ``name`` (``page/lang/zh.toml``)."""
    return name.replace("/", "_").replace(".", "_")


def table(name: str, source: str) -> dict[str, Any]:
    """The TOML file ``name`` whose text is ``source``: its copy in
    ``symparam/compiled_templates/`` where it was made from this text (no TOML parser
    imported, nothing parsed), else ``source`` parsed."""
    namespace = _copy(table_module(name), source)
    if namespace is not None:
        return namespace["TABLE"]
    import tomllib  # only where the copy is missing or stale

    return tomllib.loads(source)
