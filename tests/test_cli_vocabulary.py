"""One vocabulary for the command line and the API: each command is a function or Model method
of the same name; every option has help and every command examples (which run); JSON Lines
of one shape; config.json keys in --set; names in any case; Hub ids, folders of model folders
and standard input; human units beside exact numbers; the tree to a depth; the largest layer."""

from __future__ import annotations

import argparse
import io
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.cli import COMMANDS, build_parser, main
from symparam.cli_help import EXAMPLES
from tests.test_readme import FILES


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def fixtures(folder: Path) -> None:
    for name, config in FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(json.dumps(config))


# -- the same names -----------------------------------------------------------------------------


def test_every_command_is_a_function_of_the_same_name() -> None:
    import symparam.plots
    import symparam.site

    m = symparam.model("gpt2")
    elsewhere = {"list": symparam.model_names, "plot": symparam.plots,
                 "site": symparam.site.write_site, "fit": symparam.fit,
                 "options": m.family.listing}
    for command in COMMANDS:
        target = elsewhere.get(command) or getattr(m, command, None)
        assert target is not None, f"no function for `symparam {command}`"
        assert target.__doc__, f"{command} has no documentation"


def test_model_methods_answer_as_the_commands_do() -> None:
    from symparam.approx import approximate, sensitivity
    from symparam.compute import compute, memory
    from symparam.solve import solve

    m = symparam.model("llama-2-7b")
    assert m.flops(seq=2048).flops == compute(m, seq=2048).flops
    assert m.flops(seq=2048, batch=2, causal=True).flops == \
        compute(m, seq=2048, batch=2, causal=True).flops
    assert m.memory(seq=128, batch=2).kv_total == memory(m, seq=128, batch=2).kv_total
    assert m.solve("H", "7B", multiple_of=128) == solve(m, "H", 7 * 10**9, 128)
    assert m.approx(name="kaplan").approx == approximate(m, name="kaplan").approx
    assert [r.slope for r in m.sensitivity()] == [r.slope for r in sensitivity(m)]
    assert m.depends()["affects"] and not m.check("12*N*H^2").equal
    table = m.sweep(H=range(2048, 4097, 1024), N=[16, 32])
    assert table["H"] == [2048, 2048, 3072, 3072, 4096, 4096] and table["N"][:2] == [16, 32]
    assert table["params"][-1] == m.count(H=4096, N=32)
    assert all(type(c) is int for c in table["params"])
    with pytest.raises(symparam.SymparamError):
        m.sweep(H="2048:4096")


def test_every_option_has_help_and_every_command_examples() -> None:
    parser = build_parser()
    subcommands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(subcommands.choices) == set(COMMANDS)
    for name, sub in subcommands.choices.items():
        for action in sub._actions:
            if not isinstance(action, argparse._HelpAction):
                assert action.help, f"symparam {name} {action.option_strings or action.dest}"
        assert any(isinstance(a, argparse._StoreTrueAction) and "--json" in a.option_strings
                   for a in sub._actions), f"symparam {name} has no --json"
        assert sub.epilog and sub.epilog.startswith("examples:")
        assert f"symparam {name} " in sub.epilog and "exit status" in sub.epilog


def test_help_ends_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "--help")
    assert status == 0 and "examples:" in out and "1 it is not" in out
    status, out, _ = run(capsys, "count", "--help")
    words = " ".join(out.split())
    assert "--depth K" in words and "hidden_size" in words and "- for standard input" in words


EXAMPLE_LINES = [(command, line) for command, lines in EXAMPLES.items() for line in lines]


@pytest.mark.parametrize(("command", "line"), EXAMPLE_LINES,
                         ids=[line for _, line in EXAMPLE_LINES])
def test_every_help_example_runs(command: str, line: str, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    fixtures(tmp_path)
    line = line.split(" || ", 1)[0]
    if "|" in line:
        source, line = (part.strip() for part in line.split("|", 1))
        data = (tmp_path / shlex.split(source)[1]).read_bytes()
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    argv = shlex.split(line)
    assert argv[:2] == ["symparam", command]
    if command == "plot":
        pytest.importorskip("matplotlib")
    status, out, err = run(capsys, *argv[1:])
    assert status in ((0, 1) if command == "check" else (0,)), err
    assert out or "-o" in argv


# -- check's exit status ------------------------------------------------------------------------


def test_check_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--set", "pooler=false", "--assume", "d_ff=4*H"]
    assert run(capsys, "check", "bert", "N·(12·H² + 13·H) + (V + L + T + 2)·H", *base)[0] == 0
    status, out, err = run(capsys, "check", "bert", "(3L + 11N + 2)·H + 12·N·H²", *base)
    assert status == 1 and out.startswith("not equal") and err == ""
    status, out, _ = run(capsys, "check", "bert", "(3L + 11N + 2)·H + 12·N·H²", *base, "--json")
    assert status == 1 and json.loads(out)["equal"] is False
    status, _, err = run(capsys, "check", "bert", "H +* N")
    assert status == 2 and len(err.splitlines()) == 1


# -- JSON Lines of one shape --------------------------------------------------------------------

#: each command with --json, on gpt2
JSON_COMMANDS = [
    ["count", "gpt2"], ["count", "gpt2", "--depth", "2"], ["formula", "gpt2"],
    ["derive", "gpt2"], ["depends", "gpt2"], ["check", "gpt2", "12*N*H^2"],
    ["approx", "gpt2", "--order", "2"], ["sensitivity", "gpt2"],
    ["solve", "gpt2", "--target", "350M", "--for", "N"], ["flops", "gpt2", "--seq", "128"],
    ["memory", "gpt2", "--seq", "128"],
]


def _integers(record: Any, key: str = "") -> None:
    """Every count, FLOP count and byte count in ``record`` is an exact JSON integer."""
    if isinstance(record, dict):
        for k, v in record.items():
            _integers(v, k)
    elif isinstance(record, list):
        for v in record:
            _integers(v, key)
    elif key.startswith("equal"):
        assert record is None or isinstance(record, bool)
    elif key == "counts":  # what a figure counts, in words (a convention, a formula's terms)
        assert isinstance(record, str)
    elif any(word in key for word in ("params", "flops", "macs", "bytes", "value", "count")):
        assert record is None or type(record) is int or isinstance(record, dict), (key, record)


@pytest.mark.parametrize("argv", JSON_COMMANDS, ids=[" ".join(a) for a in JSON_COMMANDS])
def test_json_lines_of_one_shape(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *argv, "--json")
    assert status in (0, 1) and out.endswith("\n")
    for line in out.splitlines():
        record = json.loads(line)
        assert isinstance(record, dict) and record["model"] == "gpt2"
        _integers(record)


def test_formula_json_flag_and_format_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "formula", "gpt2", "--json")[1] == \
        run(capsys, "formula", "gpt2", "--format", "json")[1]
    latex = run(capsys, "derive", "gpt2", "--format", "latex")[1]
    assert latex == run(capsys, "derive", "gpt2", "--format", "tex")[1]  # the older name
    assert "\\documentclass" in latex
    assert run(capsys, "derive", "gpt2", "--format", "MARKDOWN")[1].startswith("# ")
    status, _, err = run(capsys, "derive", "gpt2", "--format", "pdf")
    assert status == 2 and "invalid choice" in err
    record = json.loads(run(capsys, "derive", "gpt2", "--json")[1])
    assert record["params"] == 124_439_808 and record["document"].startswith("# ")


# -- naming a model ---------------------------------------------------------------------------


def test_set_takes_config_keys(capsys: pytest.CaptureFixture[str]) -> None:
    def count(*argv: str) -> int:
        status, out, err = run(capsys, "count", *argv, "--json")
        assert status == 0, err
        return int(json.loads(out)["params"])

    assert count("llama-3-8b", "--set", "hidden_size=2048") == \
        count("llama-3-8b", "--set", "H=2048") != count("llama-3-8b")
    assert count("gpt2", "--set", "n_embd=1536") == count("gpt2", "--set", "H=1536")
    assert count("gpt2", "--set", "hidden_size=1536") == count("gpt2", "--set", "H=1536")
    assert count("gpt2", "--set", "tie_word_embeddings=false") > count("gpt2")
    status, _, err = run(capsys, "count", "gpt2", "--set", "H=768", "--set", "n_embd=1536")
    assert status == 2 and "H is given twice" in err and len(err.splitlines()) == 1


def test_names_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert symparam.model("GPT2").count() == symparam.model("gpt2").count()
    assert symparam.model("Llama-3-8B").name == "llama-3-8b"
    assert run(capsys, "count", "BERT-Base-Uncased")[0] == 0


def test_a_hub_id_is_answered_with_how_to_fetch_it(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "count", "meta-llama/Meta-Llama-3-8B")
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert "only local" in err
    # huggingface_hub's command (transformers 5 installs the one that ships `hf`, not
    # `huggingface-cli`), and the preset that is the model
    assert "`hf download meta-llama/Meta-Llama-3-8B config.json`" in err
    assert "preset llama-3-8b is that model" in err
    status, _, err = run(capsys, "count", "someone/own-model")
    assert status == 2 and "hf download someone/own-model" in err and "preset" not in err
    (tmp_path / "meta-llama" / "tiny").mkdir(parents=True)  # a folder of that shape is read
    (tmp_path / "meta-llama" / "tiny" / "config.json").write_text(
        json.dumps({"model_type": "llama", "num_hidden_layers": 1}))
    assert run(capsys, "count", "meta-llama/tiny")[0] == 0
    status, _, err = run(capsys, "count", "models/missing.json")
    assert status == 2 and "Hub" not in err


def test_a_folder_of_model_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    for name, n in (("b-small", 1), ("a-big", 4)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "config.json").write_text(
            json.dumps({"model_type": "gpt2", "n_layer": n}))
    (tmp_path / "notes").mkdir()  # no config.json: not a model
    status, out, _ = run(capsys, "count", str(tmp_path), "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [Path(r["model"]).name for r in records] == ["a-big", "b-small"]
    assert records[0]["params"] > records[1]["params"]
    status, out, _ = run(capsys, "flops", str(tmp_path), "--seq", "8", "--json")
    assert status == 0 and len(out.splitlines()) == 2
    monkeypatch.setattr("symparam.limits.MAX_FOLDER_MODELS", 1)
    status, out, err = run(capsys, "count", str(tmp_path))
    assert status == 2 and "more than 1 model folders" in err and len(err.splitlines()) == 1


def test_standard_input(monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    def feed(data: bytes) -> None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))

    feed(json.dumps({"model_type": "gpt2", "n_layer": 2}).encode())
    status, out, _ = run(capsys, "count", "-", "-", "--json", "--set", "n_embd=1536")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(records) == 2 and records[0] == records[1]  # read once
    assert records[0]["model"] == "-" and records[0]["values"]["H"] == 1536
    for bad in (b"", b"{", b"[1]", b"\xff", b'{"model_type": "nope"}'):
        feed(bad)
        status, out, err = run(capsys, "count", "-")
        assert status == 2 and len(err.splitlines()) == 1 and "standard input" in err


# -- readable numbers and depth --------------------------------------------------------------


def test_human_units_beside_exact_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "count", "bert-base-uncased")[1]
    assert "109,482,240   109.48 M" in out
    out = run(capsys, "count", "mixtral-8x7b")[1]
    assert "46.70 B" in out and "12.88 B per token" in out
    out = run(capsys, "flops", "bert-base-uncased", "--seq", "128")[1]
    assert "22,348,431,360 FLOPs = 22.35 GFLOPs" in out
    out = run(capsys, "flops", "bert-base-uncased", "--seq", "128", "--macs")[1]
    assert "11,174,215,680 MACs = 11.17 GMACs" in out


def test_count_depth(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "count", "bert-base-uncased", "--depth", "1", "--json")
    modules = json.loads(out)["modules"]
    assert status == 0 and {m["depth"] for m in modules} == {1}
    assert sum(m["total"] for m in modules) == 109_482_240
    status, out, _ = run(capsys, "count", "bert-base-uncased", "--depth", "99", "--json")
    modules = json.loads(out)["modules"]
    tensors = [m for m in modules if m["module"] == "Tensor"]
    assert sum(t["total"] for t in tensors) == 109_482_240  # down to every tensor
    query = next(t for t in tensors if t["path"].endswith("self.query.weight"))
    assert query["shape"] == [768, 768] and query["copies"] == 12
    out = run(capsys, "count", "bert-base-uncased", "--depth", "3")[1]
    assert "weight [30522, 768]" in out and "layer ×12" in out and "7,087,872 per layer" in out
    assert "query" not in out  # depth 4
    out = run(capsys, "count", "gpt2", "--depth", "2")[1]
    assert "tied: +0" in out
    status, _, err = run(capsys, "count", "gpt2", "--depth", "0")
    assert status == 2 and "--depth" in err


def test_memory_names_the_largest_layer(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "memory", "llama-3-8b")[1]
    assert "largest layer: model.embed_tokens (525,336,576 parameters; fp32 1.96 GiB" in out
    record = json.loads(run(capsys, "memory", "llama-3-8b", "--json")[1])
    assert record["largest_layer"]["params"] == 525_336_576
    assert record["largest_layer"]["bytes"]["bf16"] == 2 * 525_336_576
    # a stack's layer is one layer, never split: a model of few, wide layers names one
    m = symparam.model("gpt2", N=2, V=10, L=10)
    assert m.largest_layer() == ("transformer.h.{i}", m.count_of(m.tree["transformer"]["h"]
                                                                  .block, m.bind()))


def test_memory_says_each_int8_once(capsys: pytest.CaptureFixture[str]) -> None:
    """The quantized rows sit under the weights, not under the largest layer (they are the
    whole model's sizes), and in --json "int8" means one thing: the format with its scales."""
    lines = run(capsys, "memory", "llama-3-8b")[1].splitlines()
    at = {line.split()[0]: i for i, line in enumerate(lines) if line.strip()}
    assert at["weights:"] < at["int8"] < at["int4"] < at["largest"]
    record = json.loads(run(capsys, "memory", "llama-3-8b", "--json")[1])
    params = record["params"]
    assert record["weights"]["int8_no_scales"] == params and "int8" not in record["weights"]
    assert record["largest_layer"]["bytes"]["int8_no_scales"] == 525_336_576
    assert record["quantized"]["int8"]["bytes"] > params  # its scales on top
    keys = json.dumps(record).count('"int8"')
    assert keys == 1
