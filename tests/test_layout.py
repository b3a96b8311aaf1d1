"""The package's layout: imports run one way (no cycle inside symparam/, counting imports made
inside functions and those made for type checking only: an annotation that names a module above
is a cycle in the design all the same), an import is made inside a function only to keep
startup lazy, and no module reaches into another's private names."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "symparam"
#: what a process loads first: ``import symparam`` and the command line
#: what starts: the package (which imports nothing heavy, its names loaded on first use, so
#: that a command has its signal handlers before sympy is imported), ``python -m symparam``,
#: and what every command and every use of the API then loads: the command line, the model
STARTUP = ("symparam", "symparam.__main__", "symparam.cli", "symparam.built")
#: modules whose imports inside functions are their point: the package's public names, loaded
#: on first use, and the command line, imported where Ctrl-C is one line (issue 33)
DEFERRING = ("symparam", "symparam.__main__",
             "symparam.catalog")  # and the catalog: a family or fitted record for the name asked


@dataclass(frozen=True)
class Import:
    """One import statement: the module it names, the names it takes, its line, and where it
    is made (``top``: at the module's top level; ``function``: inside a function;
    ``typing``: under ``TYPE_CHECKING``; ``dynamic``: ``importlib.import_module`` of a name
    built from a literal prefix, ``module`` then that prefix and a ``*``: the catalog's
    families, the compiled templates)."""

    module: str
    names: tuple[str, ...]
    line: int
    where: str


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _dynamic(call: ast.Call, constants: dict[str, str]) -> str | None:
    """``prefix*`` where ``call`` is ``importlib.import_module(f"prefix{…}")`` (a module-level
    string constant's name counts as its text), else None."""
    if ast.unparse(call.func) != "importlib.import_module" or not call.args:
        return None
    name = call.args[0]
    parts = name.values if isinstance(name, ast.JoinedStr) else [name]
    prefix = ""
    for part in parts:
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            prefix += part.value
        elif isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name) \
                and part.value.id in constants:
            prefix += constants[part.value.id]
        else:
            return prefix + "*" if prefix.startswith("symparam") else None
    return prefix if prefix.startswith("symparam") else None


@cache
def _imports(path: Path) -> tuple[Import, ...]:
    """Every import in ``path`` (absolute ones: the package uses no relative import), read
    once a process (each test of the graph asks for every module's)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[Import] = []
    constants = {target.id: node.value.value for node in tree.body
                 if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                 and isinstance(node.value.value, str)
                 for target in node.targets if isinstance(target, ast.Name)}

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for item in child.body:
                    visit_one(item, "typing")
                for item in child.orelse:
                    visit_one(item, where)
            else:
                visit_one(child, where)

    def visit_one(node: ast.AST, where: str) -> None:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(Import(node.module, tuple(a.name for a in node.names), node.lineno,
                                where))
        elif isinstance(node, ast.Import):
            found.extend(Import(a.name, (), node.lineno, where) for a in node.names)
        elif isinstance(node, ast.Call) and (named := _dynamic(node, constants)):
            found.append(Import(named, (), node.lineno, "dynamic"))
        inner = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        visit(node, "function" if inner and where == "top" else where)

    visit(tree, "top")
    return tuple(found)


def _modules() -> dict[str, Path]:
    return {_module(p): p for p in PACKAGE.rglob("*.py")}


def _targets(item: Import, modules: dict[str, Path]) -> list[str]:
    """The symparam modules an import loads: ``from a import b`` names module ``a.b`` if
    there is one, else ``a``."""
    if not item.module.startswith("symparam"):
        return []
    if item.module.endswith("*"):
        return sorted(m for m in modules if m.startswith(item.module[:-1]))
    out = []
    for name in item.names or ("",):
        for candidate in (f"{item.module}.{name}", item.module):
            if candidate in modules:
                out.append(candidate)
                break
    return out


def graph(where: tuple[str, ...] = ("top", "function", "typing", "dynamic")
          ) -> dict[str, set[str]]:
    """Module → the symparam modules it imports (a package's __init__ counts as the package),
    by the imports made ``where``."""
    modules = _modules()
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for item in _imports(path):
            if item.where in where:
                edges[name].update(t for t in _targets(item, modules) if t != name)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return out


def loaded(edges: dict[str, set[str]], start: str) -> set[str]:
    """What importing ``start`` loads by its top-level imports (a module's packages too)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in edges.get(todo.pop(), ()):
            parts = target.split(".")
            for n in range(1, len(parts) + 1):
                package = ".".join(parts[:n])
                if package in edges and package not in seen:
                    seen.add(package)
                    todo.append(package)
    return seen


def misplaced(edges: dict[str, set[str]], lazy: dict[str, set[str]],
              startup: tuple[str, ...]) -> list[str]:
    """The imports made inside a function (``lazy``: module → targets) that could be made at
    the top: the module loads the target anyway, or the import defers nothing that startup
    spares (the module is not loaded at startup, nor is it a command's, or startup loads
    the target anyway)."""
    early = set(startup).union(*(loaded(edges, s) for s in startup))
    found = []
    for module, targets in sorted(lazy.items()):
        entry = module in early or module.startswith("symparam.cli")
        for target in sorted(targets):
            if target in loaded(edges, module):
                found.append(f"{module} → {target}: imported at its top already")
            elif not entry or target in early:
                found.append(f"{module} → {target}: nothing to keep lazy, import it at the top")
    return found


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_one() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_graph_sees_imports_made_by_name() -> None:
    """The catalog imports each family by its name, the templating each compiled copy: the
    graph has those edges (a family that imported the catalog back would be a cycle)."""
    edges = graph()
    assert "symparam.architectures.llama" in edges["symparam.catalog"]
    assert any(t.startswith("symparam.compiled_templates.") for t in edges["symparam.templating"])
    code = ast.parse('importlib.import_module(f"{PACKAGE}.{name}")').body[0].value
    assert _dynamic(code, {"PACKAGE": "symparam.x"}) == "symparam.x.*"  # type: ignore[arg-type]


#: imports made inside a function of a module that startup does not load, each to spare a
#: command what only another needs (measured by bench/run.py --instructions, issue 30)
COMMAND_LAZY = {
    ("symparam.derivation", "symparam.parallel"): "derive --gpus alone; 11 M of every derive",
    ("symparam.derivation", "symparam.parallel_activations"): "derive --gpus alone",
    ("symparam.render", "symparam.notes"): "a rule of thumb with notes; not a page's start",
    ("symparam.templating", "symparam.template_runtime"):
        "a page's copies run on it, a derivation's on jinja2: each loads one of the two",
}


def test_imports_inside_functions_keep_startup_lazy() -> None:
    """An import inside a function defers a module that neither startup nor the importing
    module loads (the families, jinja2's renderers, the analyses behind a command)."""
    lazy = {name: targets for name, targets in graph(("function",)).items()
            if targets and name not in DEFERRING}
    for module, target in COMMAND_LAZY:  # each deferred on purpose: see its reason
        assert target in lazy.get(module, ()), (module, target, "no longer deferred: drop it")
        lazy[module] = lazy[module] - {target}
    assert misplaced(graph(("top",)), lazy, STARTUP) == []


def test_the_lazy_import_check_finds_a_needless_one() -> None:
    top = {"pkg": {"pkg.a"}, "pkg.a": {"pkg.b"}, "pkg.b": set(), "pkg.c": set(),
           "pkg.d": set()}
    assert misplaced(top, {"pkg.a": {"pkg.c"}}, ("pkg",)) == []  # deferred: startup spared
    assert misplaced(top, {"pkg.a": {"pkg.b"}, "pkg.d": {"pkg.c"}}, ("pkg",)) == [
        "pkg.a → pkg.b: imported at its top already",
        "pkg.d → pkg.c: nothing to keep lazy, import it at the top"]


#: what counts a model: the blocks, the families and their records, the numbers, compute and
#: memory (the catalog, which hands a user the :class:`~symparam.built.Model` with every
#: question on it, sits above them)
CORE = ("symparam.blocks", "symparam.architectures", "symparam.family", "symparam.modeltype",
        "symparam.rules", "symparam.parts", "symparam.reported",
        "symparam.counted", "symparam.compute", "symparam.memory", "symparam.symbols",
        "symparam.assumptions", "symparam.hf", "symparam.presets", "symparam.integers",
        "symparam.kernels", "symparam.bounds")
#: what lays a model out: documents, their renderers, pages, prose and the command line (the
#: formula printer and the tables a result shows in a notebook are neither: a count's JSON
#: writes its formulas with the printer, and a result shows itself)
PRESENTATION = ("symparam.render", "symparam.escaping", "symparam.wording", "symparam.markup",
                "symparam.page", "symparam.live",
                "symparam.templating", "symparam.josa", "symparam.breaking",
                "symparam.derivation", "symparam.document", "symparam.summary",
                "symparam.notes", "symparam.figures", "symparam.labels", "symparam.site",
                "symparam.showcase", "symparam.plots", "symparam.output", "symparam.cli",
                "symparam.built", "symparam.questions")


def _under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") or name.startswith(p + "_")
               for p in prefixes)


def test_the_core_imports_nothing_of_presentation() -> None:
    """Counting a model reaches no renderer, document or command, by any import (inside a
    function and for type checking too; the package's own ``__init__`` aside)."""
    edges = graph()
    edges["symparam"] = set()
    found = {name: sorted(t for t in loaded(edges, name) if _under(t, PRESENTATION))
             for name in edges if _under(name, CORE)}
    assert {name: reached for name, reached in found.items() if reached} == {}
    assert _under("symparam.cli_page", PRESENTATION) and not _under("symparam.counted",
                                                                     PRESENTATION)


def test_no_module_imports_a_private_name() -> None:
    found = []
    for path in PACKAGE.rglob("*.py"):
        for item in _imports(path):
            if item.module.startswith("symparam"):
                found += [f"{path.name}:{item.line} {item.module}.{n}" for n in item.names
                          if n.startswith("_") and not n.startswith("__")]
    assert found == []


def test_library_errors_name_parameters_not_flags() -> None:
    """Outside the command line's modules, no raised error's text spells a flag (``--seq``):
    the library names its parameters (``errors.Param``), the CLI maps them to flags."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.name.startswith("cli"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            for inner in ast.walk(node.exc):
                if isinstance(inner, ast.Constant) and isinstance(inner.value, str) \
                        and re.search(r"(^|\s)--[a-z]", inner.value):
                    found.append(f"{path.name}:{inner.lineno} {inner.value!r}")
    assert found == []


def test_the_api_and_the_cli_name_a_parameter_each_their_way(
        capsys: pytest.CaptureFixture[str]) -> None:
    import symparam
    from symparam.cli import main
    from symparam.compute import compute

    with pytest.raises(symparam.SymparamError, match=r"give the sequence length: seq=S"):
        compute(symparam.model("gpt2"))
    assert main(["flops", "gpt2"]) == 2
    assert "give the sequence length: --seq\n" in capsys.readouterr().err
