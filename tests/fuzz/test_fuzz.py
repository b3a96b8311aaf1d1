"""Every entry point under generated garbage and known payloads: exit 0 with valid output or
exit 2 with one line, never a traceback, never a timeout, and no payload ever runs."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from symparam.catalog import model_types
from symparam.hf import generated
from tests.fuzz.harness import EXAMPLES, json_lines, run

FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))

#: text that would do something if it reached eval, exec, sympify, a shell or a TeX engine
PAYLOADS = [
    "__import__('os').system('touch PWNED')",
    "exec(\"open('PWNED','w')\")",
    "eval('1')",
    "lambda: open('PWNED', 'w')",
    "H.__class__.__mro__[1].__subclasses__()",
    "().__class__.__bases__[0]",
    "Symbol('PWNED')",
    "open('PWNED', 'w')",
    "$(touch PWNED)",
    "`touch PWNED`",
    "; touch PWNED",
    r"\input{/etc/passwd}",
    r"\immediate\write18{touch PWNED}",
    "<script>alert(1)</script>",
    "| a | b |",
    "H^(10^10)",
    "H**H**H**H**H",
    "9" * 100_000,
    "(" * 10_000 + "H" + ")" * 10_000,
    "1e308 * 1e308",
    "H/0",
    "0**-1",
    "N\x00H",
    "H\nN",
    "",
    " ",
    "=",
    "H = H = H",
    "𝐇 + ℕ",
    "‮H",
]

MODELS = ["gpt2", "bert-base-uncased", "llama", "mixtral-8x7b", "t5", "vit", "toy-net"]
NAMES = ["N", "V", "L", "H", "h", "h_kv", "d_ff", "d_head", "E", "k", "M", "x", "H H", "",
         "__class__", "tie_word_embeddings", "pooler", "sparse_step", "layers", "layer_pattern"]
text = st.text(max_size=60) | st.sampled_from(PAYLOADS)


@pytest.fixture(autouse=True)
def in_empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Each test runs in an empty folder, which must hold no PWNED (nor anything else) after."""
    monkeypatch.chdir(tmp_path)
    yield
    assert not (tmp_path / "PWNED").exists()


def test_formulas() -> None:
    @FUZZ
    @given(st.sampled_from(MODELS), text | formulas())
    def check(model: str, formula: str) -> None:
        result = run("check FORMULA", ["check", model, formula, "--json"])
        if result.code in (0, 1):  # equal, not equal
            record = json.loads(result.out)
            assert record["equal"] is (result.code == 0)

    check()


def test_set_values() -> None:
    @FUZZ
    @given(st.sampled_from(MODELS), st.sampled_from(NAMES) | st.text(max_size=8),
           st.integers(1, 5000).map(str) | text | st.integers(-10, 10**40).map(str))
    def check(model: str, name: str, value: str) -> None:
        result = run("--set NAME=VALUE", ["count", model, "--set", f"{name}={value}", "--json"])
        if result.code == 0:
            assert all(isinstance(r["params"], int) for r in json_lines(result.out))

    check()


def test_assumptions() -> None:
    @FUZZ
    @given(st.sampled_from(MODELS), st.sampled_from(NAMES), text | formulas())
    def check(model: str, name: str, expr: str) -> None:
        run("--assume NAME=EXPR", ["formula", model, "--assume", f"{name}={expr}"])

    check()


def test_model_names() -> None:
    @FUZZ
    @given(text | st.sampled_from([*MODELS, "GPT2", " gpt2", "gpt2 ", "bert", "mixtral",
                                   "../../etc/passwd", "/dev/zero", "/", ".", "~", "-",
                                   "config.json", "/proc/self/environ", "a" * 5000]))
    def check(name: str) -> None:
        if name.startswith("-"):
            name = "./" + name  # an option, not a name
        run("MODEL names", ["count", name, "--json"])

    check()


def test_configs(tmp_path: Path) -> None:
    types = sorted(model_types())

    @FUZZ
    @given(st.sampled_from(types), st.data())
    def check(model_type: str, data: st.DataObject) -> None:
        config = data.draw(hostile_configs(model_type))
        path = tmp_path / "config.json"
        path.write_text(json.dumps(config, allow_nan=True), encoding="utf-8")
        command = data.draw(st.sampled_from([["count"], ["flops", "--seq", "4"],
                                             ["memory", "--seq", "4"]]))
        result = run("config.json values", [*command, str(path), "--json"])
        if result.code == 0:
            json_lines(result.out)

    check()


def test_argv() -> None:
    words = ["list", "count", "formula", "derive", "depends", "check", "approx", "sensitivity",
             "solve", "flops", "sweep", "memory", *MODELS, "--json", "--set", "--assume",
             "--free", "--arch", "--base", "--seq", "--batch", "--format", "--lang", "--target",
             "--for", "--multiple-of", "--order", "--name", "--formula", "--macs", "--causal",
             "--training", "--recompute", "--decode", "--compare", "--with-nonmatmul",
             "--symbolic", "--fragment", "--flops", "--active", "--csv", "--dtype", "-h",
             "--version", "H=2:8:2", "N=1,2", "H=768", "d_head", "md", "tex", "zh", "ko",
             "latex", "json", "0", "-1", "7B", "1e999", "full", "selective", "kaplan,palm",
             "--depth", "1", "3", "99", "-", "markdown", "MD", "hidden_size=64", "n_embd=64",
             "GPT2", "meta-llama/Meta-Llama-3-8B"]

    commands = ["count", "formula", "derive", "depends", "check", "approx", "sensitivity",
                 "solve", "flops", "memory", "sweep"]
    shaped = st.tuples(st.sampled_from(commands), st.sampled_from(MODELS),
                       st.lists(st.sampled_from(words) | text, max_size=6)).map(
        lambda t: [t[0], t[1], *t[2]])

    @FUZZ
    @given(shaped | st.lists(st.sampled_from(words) | text, max_size=8))
    def check(argv: list[str]) -> None:
        if argv and argv[0] in ("derive", "plot") and ("-o" in argv or "--output" in argv):
            return  # file output has its own test below
        run("argv", argv)

    check()


def test_derive_output_files(tmp_path: Path) -> None:
    """-o writes only the file named, never a partial one, and refuses to overwrite."""
    existing = tmp_path / "kept.md"
    existing.write_text("mine\n")
    os.mkfifo(tmp_path / "fifo")
    os.symlink("/dev/null", tmp_path / "device")  # a device, reached through a link

    # every name stays inside tmp_path: a generated "/x" must not write at the root
    names = st.sampled_from(["kept.md", "new.md", "sub/new.md", "new.tex", ".", "..", "",
                             "x" * 300, "fifo", "device", "new\x00.md"]) \
        | st.text(max_size=20).map(lambda n: n.replace("/", "_").replace("\\", "_"))

    @FUZZ
    @given(names, st.sampled_from(MODELS) | text, st.booleans(), st.sampled_from(["md", "tex"]))
    def check(name: str, model: str, force: bool, fmt: str) -> None:
        before = sorted(p.name for p in tmp_path.iterdir())
        target = tmp_path / name
        argv = ["derive", model, "--format", fmt, "-o", str(target)] + (["--force"] * force)
        result = run("derive -o FILE", argv)
        after = sorted(p.name for p in tmp_path.iterdir())
        assert not [n for n in after if n.startswith(".symparam")], "a temporary file was left"
        if result.code == 2:
            assert after == before
        if not force or result.code == 2:
            assert existing.read_text() == "mine\n"
        if result.code == 0 and target.name != "kept.md":
            target.unlink()
        if result.code == 0 and target.name == "kept.md":  # overwritten with --force
            assert force
            existing.write_text("mine\n")

    check()


@st.composite
def formulas(draw: st.DrawFn) -> str:
    """Formulas of the vocabulary's names, numbers and operators, some well formed."""
    atoms = st.sampled_from(["H", "N", "V", "L", "h", "d_ff", "d_head", "T", "2", "12", "0",
                             "1.5", "10^10", "x", "H²", "π"])
    ops = st.sampled_from(["+", "-", "*", "/", "^", "**", "·", "×", " ", "(", ")", "="])
    parts = draw(st.lists(st.tuples(atoms, ops), max_size=12))
    return "".join(a + o for a, o in parts) + draw(atoms)


def json_values() -> st.SearchStrategy[Any]:
    """Any JSON value, leaning to the ones a config's numbers and flags could be mistaken for."""
    scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
               | st.floats(allow_nan=True, allow_infinity=True)
               | st.sampled_from([0, -1, 1, 2, 3, 768, 10**30, 10**31, "12", "true", "false",
                                  "null", "", 1.0, 2.5, True, False])
               | st.text(max_size=10))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=8)


#: :func:`json_values`, made once: a recursive strategy made afresh at each draw computes its
#: properties again each time (two thirds of :func:`test_configs`' CPU)
JSON_VALUES = json_values()


@st.composite
def hostile_configs(draw: st.DrawFn, model_type: str) -> dict[str, Any]:
    """The type's default config with some of its keys (every key symparam reads) garbled."""
    record = model_types()[model_type]
    defaults = generated()[model_type]["defaults"]
    config: dict[str, Any] = {"model_type": model_type, **defaults}
    config["architectures"] = [draw(st.sampled_from(sorted(record.classes)))]
    keys = sorted({*record.reads(), *(k for spelled in generated()[model_type]["spellings"]
                                     .values() for k in spelled),
                   "architectures", "model_type", "num_labels", "id2label"})
    for key in draw(st.lists(st.sampled_from(keys), max_size=4, unique=True)):
        if draw(st.booleans()):
            config.pop(key, None)
        else:
            config[key] = draw(JSON_VALUES)
    return config


def test_fuzz_ran_in_this_folder() -> None:
    assert not Path(os.getcwd(), "PWNED").exists()
