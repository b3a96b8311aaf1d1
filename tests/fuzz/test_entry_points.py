"""The entry points the second round of hostile input went through, under generated garbage:
solve, sweep ranges, lengths, approx, plot -o, file kinds, and the Python API (model(),
evaluate, block trees). Same promises as tests/fuzz/test_fuzz.py: exit 0 with valid output or
exit 2 with one line (the API: a result or a SymparamError), within 5 s of CPU time."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symparam
from tests.fuzz.harness import EXAMPLES, call, json_lines, run
from tests.fuzz.test_fuzz import FUZZ, MODELS, NAMES, PAYLOADS, text

#: numbers as people and attackers write them
NUMBERS = (st.integers(-10, 10**12).map(str)
           | st.sampled_from(["0", "-1", "1e9", "1e999999999", "1e-999999999", "7B", "340M",
                              "7e9", "1.5", "NaN", "Infinity", "-0", "+5", "1_000", "10" * 50,
                              "9" * 5000, "0x10", "١٢", "²"])
           | text)


@pytest.fixture(autouse=True)
def in_empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.chdir(tmp_path)
    yield
    assert not (tmp_path / "PWNED").exists()


def test_solve() -> None:
    targets = st.sampled_from(["7e9", "340M", "1B", "125M", "1e12", "1"]) | NUMBERS
    names = st.sampled_from(["H", "N", "V", "d_ff", "h", "h_kv", "E", "L"]) | st.sampled_from(
        NAMES) | text

    @FUZZ
    @given(st.sampled_from(MODELS), targets, names,
           st.none() | st.sampled_from(["1", "64", "128", "1000"]) | NUMBERS)
    def check(model: str, target: str, name: str, multiple: str | None) -> None:
        argv = ["solve", model, "--target", target, "--for", name, "--json"]
        if multiple is not None:
            argv += ["--multiple-of", multiple]
        result = run("solve", argv)
        if result.code == 0:
            record = json.loads(result.out)
            assert record["count"] > 0 and record["value"] > 0

    check()


def test_sweep_ranges() -> None:
    piece = st.sampled_from(["1", "2", "12", "64", "768", "4096", "1000000"]) | NUMBERS
    spec = (st.lists(piece, min_size=1, max_size=4).map(",".join)
            | st.lists(piece, min_size=2, max_size=3).map(":".join) | text)
    names = st.sampled_from(["H", "N", "V", "L", "k", "E"]) | st.sampled_from(NAMES) | text
    good = st.sampled_from(["H=64:1024", "N=1,2,3", "H=768", "N=1:48:1", "V=1000:100000:1000",
                            "k=1,2", "E=8,16"])
    ranges = st.lists(good | st.tuples(names, spec).map(lambda t: f"{t[0]}={t[1]}"),
                      min_size=1, max_size=3)

    @FUZZ
    @given(st.sampled_from(MODELS), ranges, st.booleans())
    def check(model: str, given_ranges: list[str], csv: bool) -> None:
        result = run("sweep RANGES", ["sweep", model, *given_ranges, *(["--csv"] * csv)])
        if result.code == 0 and not csv:
            assert all(isinstance(r["params"], int) for r in json_lines(result.out))

    check()


def test_lengths() -> None:
    options = st.sampled_from(["--seq", "--batch", "--target-seq"])

    @FUZZ
    @given(st.sampled_from(["flops", "memory", "derive"]), st.sampled_from(MODELS),
           st.lists(st.tuples(options, st.sampled_from(["1", "4", "128"]) | NUMBERS),
                    max_size=3))
    def check(command: str, model: str, lengths: list[tuple[str, str]]) -> None:
        argv = [command, model]
        for option, number in lengths:
            if command != "flops" and option == "--target-seq":
                continue
            argv += [option, number]
        if command == "derive":
            argv.append("--flops")
        else:
            argv.append("--json")
        result = run("--seq --batch --target-seq", argv)
        if result.code == 0 and command != "derive":
            for record in json_lines(result.out):
                assert all(v is None or v >= 0 for v in record.values()
                           if isinstance(v, int) and not isinstance(v, bool))

    check()


def test_approx() -> None:
    @FUZZ
    @given(st.sampled_from(MODELS), st.sampled_from(["--order", "--name", "--formula"]),
           NUMBERS | st.sampled_from(["kaplan", "seed004", "nanogpt", "P/(H-768)", "P - L*H"]))
    def check(model: str, option: str, value: str) -> None:
        result = run("approx", ["approx", model, option, value, "--json"])
        if result.code == 0:
            record = json.loads(result.out)
            assert record["approx_value"] is None or isinstance(record["approx_value"], int)

    check()


def test_plot_output(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    names = st.sampled_from(["a.png", "a.svg", "a.pdf", "", ".png", "a.txt", "sub/a.png",
                             "x" * 300 + ".png"]) | st.text(max_size=12).map(
        lambda n: n.replace("/", "_") + ".svg")

    @settings(FUZZ, max_examples=max(10, EXAMPLES // 20))
    @given(names, st.lists(st.sampled_from(MODELS) | text, min_size=1, max_size=3),
           st.none() | st.sampled_from(["N=1,2", "H=64:1024", "N=1:100000:1", "x=1"]))
    def check(name: str, models: list[str], sweep: str | None) -> None:
        target = tmp_path / name if name else Path("")
        argv = ["plot", *models, "-o", str(target) if name else ""]
        if sweep is not None:
            argv += ["--sweep", sweep]
        result = run("plot -o FILE", argv)
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".symparam")]
        if result.code == 0:
            target.unlink()

    check()


def test_file_kinds(tmp_path: Path) -> None:
    """config.json as every kind of file a path can name: each read or refused in one line."""
    config = {"model_type": "gpt2", "n_layer": 2}
    (tmp_path / "regular.json").write_text(json.dumps(config))
    (tmp_path / "empty.json").write_bytes(b"")
    (tmp_path / "binary.json").write_bytes(bytes(range(256)))
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(config).encode())
    os.mkfifo(tmp_path / "fifo.json")
    os.symlink("loop2.json", tmp_path / "loop1.json")
    os.symlink("loop1.json", tmp_path / "loop2.json")
    os.symlink("/proc/self/pagemap", tmp_path / "pagemap.json")
    os.symlink("/dev/zero", tmp_path / "zero.json")
    os.symlink("missing.json", tmp_path / "dangling.json")
    (tmp_path / "dir.json").mkdir()
    kinds = [*sorted(p.name for p in tmp_path.iterdir()), "/proc/self/mem", "/dev/stdin",
             "/proc/self/fd/0", "nothere.json"]

    @FUZZ
    @given(st.sampled_from(kinds), st.sampled_from([["count"], ["formula"], ["derive"]]))
    def check(name: str, command: list[str]) -> None:
        path = name if name.startswith("/") else str(tmp_path / name)
        result = run("config.json files", [*command, path])
        if name != "regular.json":
            assert result.code == 2 or name in ("bom.json",), result.err

    check()


# -- the Python API ---------------------------------------------------------------------------

ANYTHING = (st.none() | st.booleans() | st.integers(-5, 10**40) | st.floats() | text
            | st.sampled_from(["d_ff=4*H", "d_head=H/h", "llama-ffn", "d_ff=-H", "h_kv=h",
                               "d_head", "N", object(), b"d_ff=4*H", 123])
            | st.lists(text | st.integers() | st.none(), max_size=3)
            | st.dictionaries(text, st.integers(), max_size=2))


def test_api_model() -> None:
    @FUZZ
    @given(st.sampled_from(MODELS) | ANYTHING, st.sampled_from([(), ["d_ff=4*H"]]) | ANYTHING,
           st.sampled_from([(), ["d_head"]]) | ANYTHING,
           st.dictionaries(st.sampled_from(NAMES), st.integers(1, 5000) | ANYTHING, max_size=3))
    def check(name: Any, assume: Any, free: Any, values: dict[str, Any]) -> None:
        def build() -> int | None:
            m = symparam.model(name, assume=assume, free=free, **values)
            str(m.formula())
            try:
                return m.count()
            except symparam.SymparamError:
                return None

        call("API: symparam.model", build)

    check()


def test_api_evaluate() -> None:
    arrays = (st.lists(st.integers(-2, 10**35), max_size=5) | ANYTHING
              | st.lists(st.lists(st.integers(1, 100), max_size=3), max_size=3))

    @FUZZ
    @given(st.sampled_from(["gpt2", "bert-base-uncased", "mixtral-8x7b", "llama-2-7b"]),
           st.dictionaries(st.sampled_from(["H", "N", "V", "h", "k", "E", "d_ff", "x"]), arrays,
                           max_size=3))
    def check(model: str, given_arrays: dict[str, Any]) -> None:
        m = symparam.model(model)
        call("API: Model.evaluate", lambda: m.evaluate(**given_arrays))

    check()


def test_api_blocks() -> None:
    sizes = st.integers(-3, 10**31) | st.sampled_from([symparam.symbol("H"), "H", None, 1.5])

    @FUZZ
    @given(sizes, sizes, st.lists(st.sampled_from(["seq", "repeat"]), max_size=5),
           st.sampled_from([1, 40, 99, 150, 5000]), sizes)
    def check(rows: Any, columns: Any, wraps: list[str], depth: int, count: Any) -> None:
        def build() -> Any:
            """A block tree built as a user would: some of it wrong, some very deep."""
            from symparam import Linear, Repeat, Sequential

            block: Any = Linear(rows, columns)
            for level in range(depth):
                wrap = wraps[level % len(wraps)] if wraps else "seq"
                block = Sequential(x=block) if wrap == "seq" else Repeat(count, block)
            m = symparam.from_block(block)
            return str(m.formula()), m.derive(symbolic=True).to_markdown()

        call("API: block trees", build)

    check()


def test_payloads_reach_no_code() -> None:
    for payload in PAYLOADS:
        call("API: symparam.model", lambda p=payload: symparam.model("bert", assume=[p]))
        call("API: symparam.model", lambda p=payload: symparam.model(p))


def test_api_names_of_your_own() -> None:
    """Any text as a hyperparameter's name: refused in one error, or a symbol that counts,
    prints and typesets (its LaTeX holds nothing but letters, digits and the escapes made)."""
    names = text | st.sampled_from(["r", "n_q_heads", "H", "d_3", "d_ff", "a" * 40, "a" * 41,
                                    "x}", "\\input", "_r", "r_", "r__s", "name", "block"])

    @FUZZ
    @given(names, st.integers(-3, 10**31) | ANYTHING)
    def check(name: str, value: Any) -> None:
        def build() -> Any:
            from symparam import Linear, Sequential

            size = symparam.symbol(name)
            m = symparam.from_block(Sequential(fc=Linear(size, 2)), "mine", **{name: value})
            document = m.derive(symbolic=True).to_latex()
            assert "\\input" not in document
            return m.count(), m.derive().to_markdown()

        call("API: names of your own", build)

    check()


def test_api_transformers_configs() -> None:
    """Objects that look like a transformers config, honest or not."""
    class Config:
        def __init__(self, model_type: Any, data: Any) -> None:
            self.model_type, self.data = model_type, data

        def to_dict(self) -> Any:
            if isinstance(self.data, Exception):
                raise self.data
            return self.data

    types = st.sampled_from(["llama", "gpt2", "bert", "nope"]) | ANYTHING
    data = (st.dictionaries(st.sampled_from(["model_type", "hidden_size", "num_hidden_layers",
                                             "n_layer", "architectures", "vocab_size"]),
                            st.integers(-3, 10**31) | ANYTHING, max_size=4)
            | ANYTHING | st.sampled_from([ValueError("x"), RecursionError(), KeyError("k")]))

    @FUZZ
    @given(types, data)
    def check(model_type: Any, given_data: Any) -> None:
        call("API: from_hf_config objects",
             lambda: symparam.from_hf_config(Config(model_type, given_data)).count())

    check()

