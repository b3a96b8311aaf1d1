"""Startup does not grow with the number of model types: a name resolves through one small
index (``symparam/architectures/index.json``), only the family that serves it is imported, and
no family computes anything symbolic when it is imported."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from symparam.catalog import FAMILY_MODULES
from tools import catalog_index

_IMPORTED = """
import json, sys
import symparam
symparam.model({name!r}).count()
print(json.dumps(sorted(m.rsplit(".", 1)[-1] for m in sys.modules
                        if m.startswith("symparam.architectures."))))
"""


def test_the_index_is_up_to_date() -> None:
    """The index lists what the family modules declare: run ``python tools/catalog_index.py
    --write`` after adding or moving a model type."""
    committed = json.loads(catalog_index.TARGET.read_text(encoding="utf-8"))
    assert committed == catalog_index.generate(), "run: python tools/catalog_index.py --write"


@pytest.mark.parametrize(("name", "family"), [
    ("bert-base-uncased", "bert"), ("llama-3-8b", "llama"), ("gpt2", "gpt2"),
])
def test_a_name_imports_its_family_alone(name: str, family: str) -> None:
    done = subprocess.run([sys.executable, "-c", _IMPORTED.format(name=name)],
                          capture_output=True, text=True, check=True)
    families = [m for m in json.loads(done.stdout) if m in FAMILY_MODULES]
    assert families == [family]


def test_no_family_computes_at_import() -> None:
    """sympy imports its tensor module the first time it sums expressions (``Add.flatten``):
    after importing every family module it is not there, so no family summed, simplified or
    evaluated anything at import."""
    code = ("import importlib, sys\n"
            f"for name in {list(FAMILY_MODULES)!r}:\n"
            "    importlib.import_module('symparam.architectures.' + name)\n"
            "import sympy\n"
            "assert 'sympy.tensor.tensor' not in sys.modules\n"
            "sympy.Symbol('x') + sympy.Symbol('y') + 1\n"
            "print('sympy.tensor.tensor' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == "True"  # the probe itself: a sum does import it


def test_the_compiled_templates_are_up_to_date() -> None:
    """Each template's compiled copy was compiled from it: run ``python
    tools/compile_templates.py --write`` after editing a template."""
    from tools import compile_templates

    present = {p.name: p.read_text(encoding="utf-8")
               for p in compile_templates.TARGET.glob("*.py")}
    assert present == compile_templates.generate(), \
        "run: python tools/compile_templates.py --write"


def test_a_template_renders_from_its_compiled_copy_or_its_source(monkeypatch) -> None:
    """The compiled copy is what renders, and a copy whose source digest no longer matches
    (an edited template) is passed over for the template itself: the same document."""
    import importlib

    import symparam
    from symparam import templating, wording

    derivation = symparam.model("gpt2").derive()
    copy = importlib.import_module(f"{templating.PACKAGE}.derivation_md_raw")
    seen = []
    real_root = copy.root

    def root(context, *args, **kwargs):
        seen.append(1)
        return real_root(context, *args, **kwargs)

    monkeypatch.setattr(copy, "root", root)
    wording.environment.cache_clear()
    from_copy = derivation.to_markdown()
    assert seen  # rendered by the compiled copy
    monkeypatch.setattr(copy, "SOURCE", "0" * 64)  # as if the template had been edited
    wording.environment.cache_clear()
    seen.clear()
    from_source = derivation.to_markdown()
    wording.environment.cache_clear()
    assert not seen and from_source == from_copy


_PAGE_IMPORTS = """
import sys
import symparam
from symparam.page import page
html = page(symparam.model("toy-net"))
print("jinja2" in sys.modules, "<math" in html)
"""


def test_the_page_renders_without_importing_jinja2() -> None:
    """The page's copy runs on :mod:`symparam.template_runtime`: jinja2 is not imported
    (a quarter of what the page adds to ``import sympy``)."""
    done = subprocess.run([sys.executable, "-c", _PAGE_IMPORTS], capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == ["False", "True"]


@pytest.mark.parametrize("name", ["mixtral-8x7b", "bert-base-uncased"])
def test_the_page_is_what_jinja2_makes_of_its_template(monkeypatch, name: str) -> None:
    """The page from its copy on symparam's runtime, byte for byte the page jinja2 makes
    from the template itself (its loader passes over a copy made for the other runtime), in
    each language it opens in, with and without values; and the site's index likewise."""
    import symparam
    from symparam import markup, wording
    from symparam.page import page
    from symparam.site import site

    model = symparam.model(name)
    made = [page(model), page(model, lang="ko", symbolic=True)]
    index = site(names=[name])["index.html"]
    rendered = []
    monkeypatch.setattr(markup, "rendered", lambda *args: rendered.append(args) and None)
    wording.environment.cache_clear()
    try:
        assert [page(model), page(model, lang="ko", symbolic=True)] == made
        assert site(names=[name])["index.html"] == index
    finally:
        wording.environment.cache_clear()
    assert len(rendered) == 4  # every one of them went through jinja2 this time


def test_a_language_file_is_read_from_its_copy_or_parsed(monkeypatch) -> None:
    """Each language file's copy holds what its TOML says; a copy made from other text (an
    edited file) is passed over and the file parsed."""
    import importlib
    import tomllib

    from symparam import templating
    from tools.compile_templates import TABLES
    from tools.generated import ROOT

    for name in TABLES:
        source = (ROOT / "templates" / name).read_text(encoding="utf-8")
        copy = importlib.import_module(f"{templating.PACKAGE}.{templating.table_module(name)}")
        assert templating.table(name, source) is copy.TABLE
        assert tomllib.loads(source) == copy.TABLE
        edited = 'added = "x"\n' + source  # a key at the top, before any table
        assert templating.table(name, edited) == {**tomllib.loads(source), "added": "x"}


TENSOR_PROBE = """
import sys
from symparam.__main__ import defer_sympy_tensor
defer_sympy_tensor()
import sympy
x, y = sympy.symbols("x y", positive=True)
assert str(sympy.expand((x + y + 1) ** 2)).count("+") == 5
assert type(sys.modules["sympy.tensor.tensor"]).__name__ == "_DeferredTensor"
assert "sympy.combinatorics.polyhedron" not in sys.modules
from sympy.tensor.tensor import TensAdd, TensExpr, TensorHead, TensorIndexType, tensor_indices
L = TensorIndexType("L")
i = tensor_indices("i", L)
total = TensorHead("A", [L])(i) + TensorHead("B", [L])(i)
assert isinstance(total, TensAdd) and isinstance(total, TensExpr)
import sympy.tensor.tensor as real
assert real is sys.modules["sympy.tensor.tensor"] and real.TensAdd is TensAdd
print("ok")
"""


def test_the_command_line_defers_sympys_tensor_module_exactly() -> None:
    """The command line's process leaves ``sympy.tensor.tensor`` unloaded while only sympy's
    ``Add`` asks for it, and anything else that asks gets the real module, its sums included."""
    done = subprocess.run([sys.executable, "-c", TENSOR_PROBE], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr[-800:]
    assert done.stdout.strip() == "ok"
