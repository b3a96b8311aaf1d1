"""No user text reaches code execution: the package's source is scanned for calls that run or
parse code (eval, exec, sympify, parse_expr, pickle …), which may only take constants; and the
bounds of symparam/limits.py hold on hostile files, in a fresh process each, within
5 seconds of CPU time and 500 MB (resource limits on the child: a loaded machine makes it
slower, not wrong)."""

from __future__ import annotations

import ast
import itertools
import json
import os
import random
import resource
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "symparam"

#: calls that run, import or unpickle what they are given
DANGEROUS = {"eval", "exec", "compile", "__import__", "sympify", "parse_expr", "S",
             "parse_latex", "lambdify", "import_module", "os.system", "os.popen", "os.exec",
             "load", "loads", "getattr", "setattr"}
#: modules that must not be imported at all
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "dill", "subprocess", "yaml", "ctypes"}
#: the calls above that take something other than a constant, each with why it is safe
ALLOWED = {
    ("catalog.py", "import_module"): "a name from the fixed FAMILY_MODULES tuple (family() "
                                     "refuses any other) or from the package's own index.json "
                                     "(the registry looks the type up in it first)",
    ("catalog.py", "load"): "json.load of the package's own index.json",
    ("hf.py", "load"): "json.load: data, not code",
    ("hf.py", "loads"): "json.loads: data, not code",
    ("presets/__init__.py", "load"): "json.load of the package's own preset files (a name "
                                     "the folder's listing holds)",
    ("render.py", "load"): "tomllib.load of the package's own language files",
    ("markup.py", "loads"): "tomllib.loads of the package's own page language files (the "
                            "language checked against LANGUAGES first)",
    ("__init__.py", "getattr"): "module __getattr__ for lazily imported public names",
    ("templating.py", "import_module"): "a module of symparam.compiled_templates named from "
                                        "one of the package's own template names",
    ("template_runtime.py", "getattr"): "an attribute a template of the package names (a "
                                        "constant of its compiled copy), looked up as jinja2's "
                                        "Environment.getattr and getitem look it up",
    ("templating.py", "load"): "jinja2's FileSystemLoader.load of the package's templates",
    ("templating.py", "loads"): "tomllib.loads of the package's own language files, where "
                                "their shipped copy is stale",
    ("__main__.py", "import_module"): "sympy.tensor.tensor, a fixed name, loaded for whoever "
                                      "asks its stand-in for more than sympy's Add does",
    ("__main__.py", "getattr"): "the attribute Python asked of that stand-in, read off the "
                                "real module",
    ("frozen.py", "exec"): "an __init__ written from the field names of a class of this "
                           "package (identifiers by Python's own syntax), as dataclasses writes it",
    ("fitted/__init__.py", "loads"): "json.loads of the package's own fitted records",
    ("refused.py", "loads"): "json.loads of the package's own fitted/refused.json",
    ("fitted/__init__.py", "load"): "a fitted record by a name its own index.json holds",
    ("fitted/forward.py", "loads"): "json.loads of the package's own fitted/flops files",
    # the fitter (symparam fit, symparam.fit, tools/fit_records.py: needs torch): it builds
    # the module the user names, which is the point of the command (SECURITY.md says so)
    ("fitting/__init__.py", "import_module"): "symparam fit package.module:function imports "
                                              "the module the user names, by design",
    ("fitting/__init__.py", "getattr"): "the function the user names in that module",
    ("fitting/meta.py", "getattr"): "torch's own attributes, patched while a model is built",
    ("fitting/meta.py", "setattr"): "torch's own attributes, restored after a build",
    ("fitting/records.py", "getattr"): "transformers' config classes' attributes",
    ("fitting/sizes.py", "getattr"): "transformers' config and model classes' attributes",
    ("fitting/keys.py", "getattr"): "transformers' config classes' attributes",
    ("fitting/inputs_made.py", "getattr"): "transformers' config's attributes, by the keys "
                                           "a fitted record names",
    ("fitting/builds.py", "loads"): "json.loads of the json.dumps of what transformers writes "
                                    "for a default config",
    ("fitting/transformers_types.py", "getattr"): "transformers' auto mappings and classes",
    ("fitting/forward.py", "getattr"): "transformers' classes and its configs' sections",
    ("fitting/flops.py", "load"): "a fitted record by a name its own index.json holds",
    ("fitting/transformers_types.py", "import_module"): "transformers' own model modules, named "
                                                        "by its auto mappings",
}


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return "?"


def findings(source: str, where: str) -> list[str]:
    """Dangerous calls on anything but constants, and forbidden imports, in ``source``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) \
                else [node.module or ""]
            for name in names:
                if name.split(".")[0] in FORBIDDEN_MODULES:
                    out.append(f"{where}:{node.lineno}: imports {name}")
        if not isinstance(node, ast.Call):
            continue
        name = _dotted(node.func)
        last = name.rsplit(".", 1)[-1]
        if ((last not in DANGEROUS and not any(name.startswith(d) for d in DANGEROUS if "." in d))
                or name == "re.compile"):
            continue
        if last == "getattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
            continue
        arguments = [*node.args, *(k.value for k in node.keywords)]
        if all(isinstance(a, ast.Constant) for a in arguments):
            continue
        if (where, last) in ALLOWED:
            continue
        out.append(f"{where}:{node.lineno}: {name}(…) on a value that is not a constant")
    return out


def test_no_user_text_reaches_code() -> None:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        problems += findings(path.read_text(encoding="utf-8"), where)
    assert problems == []


def test_the_scan_can_fail() -> None:
    assert findings("import sympy\nsympy.sympify(text)\n", "x.py")
    assert findings("eval(user)\n", "x.py")
    assert findings("import pickle\n", "x.py")
    assert findings("from subprocess import run\n", "x.py")
    assert findings("getattr(obj, name)\n", "x.py")
    assert findings("os.system(command)\n", "x.py")
    assert not findings("sympy.sympify('1')\n", "x.py")
    assert not findings("re.compile(pattern)\n", "x.py")


# -- bounded work on hostile files ----------------------------------------------------------

#: what one hostile input may use: CPU seconds and megabytes (resident, and the address
#: space the child is allowed, so that a runaway cannot take the machine down)
CPU_LIMIT, MEMORY_LIMIT_MB = 5, 500
#: a last resort against a child that blocks without using CPU time (far above CPU_LIMIT)
WALL_GUARD = 60

_PROBE = ("import sys, runpy; sys.argv = ['symparam', *sys.argv[1:]]\n"
          "try:\n    runpy.run_module('symparam', run_name='__main__')\n"
          "finally:\n"
          "    peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0]\n"
          "    print('peak', peak.split()[1], file=sys.stderr)\n")


def limited(extra: Sequence[tuple[int, int]] = ()) -> None:
    """In the child before it runs: at most CPU_LIMIT seconds of CPU time (SIGXCPU, then
    SIGKILL a second later) and MEMORY_LIMIT_MB of address space; ``extra`` more limits
    (resource, value). The address space of Python with sympy and numpy is under half of it."""
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT + 1))
    space = MEMORY_LIMIT_MB * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (space, space))
    for which, value in extra:
        resource.setrlimit(which, (value, value))


def bounded(argv: list[str], tmp_path: Path, **popen: object) -> subprocess.CompletedProcess[str]:
    """``symparam argv`` in a fresh process under :func:`limited`: exit 0, or exit 2 with one
    line on stderr (``check`` may exit 1: not the count); never killed for its CPU time, never
    out of memory, at most MEMORY_LIMIT_MB resident (VmHWM of the child alone, not of
    pytest)."""
    shown = [a if len(a) < 40 else a[:37] + "…" for a in argv[:6]] + (["…"] if argv[6:] else [])
    options: dict[str, object] = {"capture_output": True, "text": True, "cwd": tmp_path,
                                  "check": False, "preexec_fn": limited, **popen}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", _PROBE, *argv], timeout=WALL_GUARD,
                          **options)  # type: ignore[call-overload]
    if os.environ.get("SYMPARAM_CPU_LOG"):  # which inputs come near the bound, and how near
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        with open(os.environ["SYMPARAM_CPU_LOG"], "a", encoding="utf-8") as log:
            log.write(f"{used:.2f}\t{json.dumps(shown, ensure_ascii=False)}\n")
    assert done.returncode != -signal.SIGXCPU and done.returncode != -signal.SIGKILL, \
        f"{shown}: more than {CPU_LIMIT} s of CPU time"
    lines = done.stderr.splitlines()
    peak_mb = int(lines.pop().split()[1]) / 1024
    assert peak_mb < MEMORY_LIMIT_MB, f"{shown}: {peak_mb:.0f} MB"
    assert "MemoryError" not in done.stderr, f"{shown}: out of memory"
    allowed = (0, 1, 2) if argv[:1] == ["check"] else (0, 2)
    assert done.returncode in allowed, f"{shown}: {done.stderr[-300:]}"
    if done.returncode == 2:
        assert len(lines) == 1 and lines[0].startswith("symparam"), \
            f"{shown}: {done.stderr[-300:]}"
    return done


def config(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


BERT = {"model_type": "bert", "hidden_size": 64, "num_attention_heads": 4,
        "intermediate_size": 128, "vocab_size": 100}


def test_formula_bombs(tmp_path: Path) -> None:
    # (one argument holds at most 128 KiB on Linux: the longest ones are just under)
    for formula in ("H^(10^10)", "H**H**H**H**H**H", "9" * 100_000,
                    "(" * 10_000 + "H" + ")" * 10_000, "2^16^16", "(H+N)^64 * (V+L)^64",
                    "H" + "*H" * 50_000):
        done = bounded(["check", "gpt2", formula], tmp_path)
        assert done.returncode == 2
    done = bounded(["formula", "llama", "--assume", "d_ff=" + "(" * 5000 + "H" + ")" * 5000],
                   tmp_path)
    assert done.returncode == 2


def test_config_bombs(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    (tmp_path / "deep.json").write_text('{"model_type": "bert", "x": ' + deep + "}")
    (tmp_path / "digits.json").write_text('{"model_type": "bert", "hidden_size": '
                                          + "7" * 1_000_000 + "}")
    with open(tmp_path / "huge.json", "w", encoding="utf-8") as handle:  # 100 MB
        handle.write('{"model_type": "bert", "pad": "')
        handle.write("x" * 100 * 2**20)
        handle.write('"}')
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "config.json").mkdir()  # a config.json that is a directory
    os.mkfifo(tmp_path / "fifo.json")
    cases = {
        "deep.json": "nested too deeply",
        "digits.json": "digits",
        "huge.json": "too large",
        "folder": "not a regular file",
        "fifo.json": "not a regular file",
        "/dev/zero": "not a regular file",
        config(tmp_path, "layers.json", {**BERT, "num_hidden_layers": 100_000}): None,
        config(tmp_path, "list.json", {"model_type": "qwen2_moe", "num_hidden_layers": 100_000,
                                       "mlp_only_layers": list(range(0, 100_000, 2))}): None,
        config(tmp_path, "toolong.json", {"model_type": "qwen2_moe",
                                          "num_hidden_layers": 100_001,
                                          "mlp_only_layers": [1]}): "one by one",
        config(tmp_path, "values.json", {**BERT, "vocab_size": 10**31}): "10^30",
        config(tmp_path, "text.json", {**BERT, "hidden_size": "x" * 1_000_000}): "integer",
    }
    for name, message in cases.items():
        done = bounded(["count", name], tmp_path)
        if message is None:
            assert done.returncode == 0, done.stderr
        else:
            assert done.returncode == 2 and message in done.stderr, (name, done.stderr)
            assert len(done.stderr.splitlines()[0]) < 400  # a value is quoted, not dumped


def _runs_config(tmp_path: Path) -> str:
    """A Qwen-MoE config whose mlp_only_layers cut its layers into as many runs as symparam
    builds (MAX_LAYER_RUNS): dense and sparse layers in no pattern a period could fold."""
    from symparam.architectures.interleave import runs
    from symparam.limits import MAX_LAYER_RUNS

    depth = 2_014
    for seed in range(100):  # the first draw of 95–100% of the limit
        draw = random.Random(seed)
        only = [i for i in range(depth) if draw.random() < 0.5]
        pattern = ["dense" if i in only else "moe" for i in range(depth)]
        changes = 1 + sum(a != b for a, b in itertools.pairwise(pattern))
        if MAX_LAYER_RUNS * 0.95 < changes <= MAX_LAYER_RUNS:
            break
    else:
        raise AssertionError("no draw near the limit")
    assert len(runs(pattern)) == changes  # no period folds it
    return config(tmp_path, "runs.json", {
        "model_type": "qwen2_moe", "hidden_size": 64, "num_hidden_layers": depth,
        "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 128,
        "moe_intermediate_size": 32, "shared_expert_intermediate_size": 64, "num_experts": 4,
        "num_experts_per_tok": 2, "vocab_size": 1000, "mlp_only_layers": only})


@pytest.mark.parametrize("argv", [
    ["derive"], ["derive", "--format", "latex", "--flops", "--seq", "64"], ["page", "-o", "p.html"],
    ["count", "--depth", "100"], ["memory", "--seq", "100"], ["flops", "--seq", "64", "--decode"],
])
def test_a_thousand_runs_of_layers(argv: list[str], tmp_path: Path) -> None:
    """Every command is linear in the runs of a listed layer pattern (issue: derive took
    ≥ 99 s of CPU on 1,000 runs, the summary walking the tree once per run): a thousand runs,
    within the CPU and memory bound, as one part per kind of layer."""
    done = bounded([argv[0], _runs_config(tmp_path), *argv[1:]], tmp_path)
    assert done.returncode == 0, done.stderr
    if argv == ["derive"]:
        assert done.stdout.count("| `layers") == 2  # dense and sparse, not 1,000 rows


@pytest.mark.parametrize("argv", [
    ["sweep", "gpt2", "H=1:100000:1", "N=1:100000:1"],
    ["flops", "gpt2", "--seq", "1" + "0" * 100],
    ["solve", "gpt2", "--target", "1" + "0" * 5000, "--for", "H"],
    ["count", "gpt2", "--set", "H=" + "1" * 5000],
    ["count", *["gpt2"] * 2000],
])
def test_argument_bombs(argv: list[str], tmp_path: Path) -> None:
    bounded(argv, tmp_path)


def test_limits_are_what_security_md_says() -> None:
    from symparam import limits

    text = (PACKAGE.parent / "SECURITY.md").read_text(encoding="utf-8")
    for name in dir(limits):
        if name.startswith("MAX_"):
            assert name in text, f"SECURITY.md does not list {name}"


