"""Regenerate ``symparam/compiled_templates/``: each template compiled by jinja2 into the
module :class:`symparam.templating.Loader` loads instead of compiling it again in every process,
and each language file as the Python literal :func:`symparam.templating.table` reads instead of
parsing its TOML.

    python tools/compile_templates.py           # say whether the compiled copies are up to date
    python tools/compile_templates.py --write   # rewrite them

A copy that no longer matches its template (or the installed jinja2) is never used: the
template is compiled as usual, only slower. A copy whose code uses nothing but what
:mod:`symparam.template_runtime` gives (:func:`~symparam.template_runtime.runs_here`) imports
from that module instead of jinja2's runtime, and renders without jinja2 (``RUNTIME`` in its
header). ``tests/test_startup.py`` fails when a copy is stale, so that the package ships
fresh ones.
"""

from __future__ import annotations

import pprint
import sys
import tomllib
from pathlib import Path

# this checkout's tools and symparam before any other on the path (an editable install of
# another checkout puts its own there: a worktree's tools would write into that one)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.generated import ROOT, run

TARGET = ROOT / "symparam" / "compiled_templates"
#: every template and whether the environment that renders it escapes HTML
TEMPLATES = {
    "derivation.md.j2": False,
    "derivation.tex.j2": False,
    "latex.j2": False,
    "diff.md.j2": False,
    "diff.tex.j2": False,
    "page/page.html.j2": True,
    "page/index.html.j2": True,
    "page/diff.html.j2": True,
}
#: every language file (TOML), under templates/
TABLES = tuple(f"{folder}lang/{lang}.toml" for folder in ("", "page/")
               for lang in ("en", "zh", "ko"))


def generate() -> dict[str, str]:
    """File name → text of every compiled copy, from the templates as they are now."""
    import jinja2

    from symparam.template_runtime import runs_here
    from symparam.templating import RUNTIME, digest, module_name, table_module
    from symparam.wording import environment

    out = {"__init__.py": '"""Compiled copies of the templates: written by '
                          'tools/compile_templates.py, never edited."""\n'}
    for name, autoescape in TEMPLATES.items():
        env = environment().overlay(autoescape=autoescape)
        source, _, _ = env.loader.get_source(env, name)
        code = env.compile(source, name, None, raw=True, defer_init=True)
        header = (f"# {name} compiled by jinja2 {jinja2.__version__}: written by "
                  "tools/compile_templates.py, never edited\n"
                  f"JINJA = {jinja2.__version__!r}\n"
                  f"SOURCE = {digest(source)!r}\n")
        if runs_here(code):
            header += f"RUNTIME = {RUNTIME!r}\n"
            code = code.replace("from jinja2.runtime import ", f"from {RUNTIME} import ", 1)
        out[f"{module_name(name, autoescape)}.py"] = header + code + "\n"
    for name in TABLES:
        source = (ROOT / "templates" / name).read_text(encoding="utf-8")
        out[f"{table_module(name)}.py"] = (
            f"# templates/{name} as a Python literal: written by tools/compile_templates.py, "
            f"never edited\nSOURCE = {digest(source)!r}\n"
            f"TABLE = {pprint.pformat(tomllib.loads(source), width=100, sort_dicts=False)}\n")
    return out


def main(argv: list[str] | None = None) -> int:
    return run(__doc__.splitlines()[0],
               lambda: {TARGET / name: text for name, text in generate().items()},
               "python tools/compile_templates.py", argv, folder=TARGET)


if __name__ == "__main__":
    sys.exit(main())
