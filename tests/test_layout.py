"""The package's layout: imports run one way (no cycle inside symparam/, counting imports made
inside functions, not those for type checking only), and no module reaches into another's
private names."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "symparam"


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[str, list[str], int]]:
    """(module, names, line) of every import in ``path`` but those under ``TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(n) for child in node.body for n in ast.walk(child)}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, [a.name for a in node.names], node.lineno))
        elif isinstance(node, ast.Import):
            found.extend((a.name, [], node.lineno) for a in node.names)
    return found


def graph() -> dict[str, set[str]]:
    """Module → the symparam modules it imports (a package's __init__ counts as the package)."""
    modules = {_module(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for target, names, _ in _imports(path):
            if not target.startswith("symparam"):
                continue
            for candidate in [f"{target}.{n}" for n in names] + [target]:
                if candidate in modules and candidate != name:
                    edges[name].add(candidate)
                    break
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


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_one() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_a_private_name() -> None:
    found = []
    for path in PACKAGE.rglob("*.py"):
        for target, names, line in _imports(path):
            if target.startswith("symparam"):
                found += [f"{path.name}:{line} {target}.{n}" for n in names
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
