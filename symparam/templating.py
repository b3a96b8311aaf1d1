"""Templates loaded from copies compiled when the package was made.

jinja2 turns a template into Python each time a process first renders it: 0.07 s for the
Markdown derivation, 0.13 s for the LaTeX one, most of what ``derive`` adds to starting Python.
``tools/compile_templates.py`` writes each template's compiled module into
``symparam/compiled_templates/``, with the SHA-256 of the source it was compiled from and the
jinja2 version that compiled it. :class:`Loader` uses that module when both still hold (the
import system keeps its bytecode), and compiles the template as jinja2 always does when either
differs: an edited template is never rendered from a stale copy, and nothing is written at
run time.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import MutableMapping
from typing import Any

import jinja2

#: the package holding the compiled copies
PACKAGE = "symparam.compiled_templates"


def module_name(name: str, autoescape: bool) -> str:
    """The compiled copy's module for template ``name`` (``page/page.html.j2``) compiled with
    or without autoescaping (an environment's setting is part of the compiled code)."""
    stem = name.removesuffix(".j2").replace("/", "_").replace(".", "_")
    return f"{stem}_{'escaped' if autoescape else 'raw'}"


def digest(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


class Loader(jinja2.FileSystemLoader):
    """A :class:`jinja2.FileSystemLoader` that takes a template's compiled copy where it was
    compiled from this source by this jinja2 with this environment's escaping."""

    def load(self, environment: jinja2.Environment, name: str,
             globals: MutableMapping[str, Any] | None = None) -> jinja2.Template:
        source, _, _ = self.get_source(environment, name)
        compiled = _compiled(name, bool(environment.autoescape), digest(source))
        if compiled is None:
            return super().load(environment, name, globals)
        return environment.template_class.from_module_dict(environment, compiled,
                                                           globals or {})


def _compiled(name: str, autoescape: bool, source_digest: str) -> dict[str, Any] | None:
    try:
        module = importlib.import_module(f"{PACKAGE}.{module_name(name, autoescape)}")
    except ImportError:
        return None
    namespace = vars(module)
    if namespace.get("SOURCE") != source_digest or namespace.get("JINJA") != jinja2.__version__:
        return None
    return namespace
