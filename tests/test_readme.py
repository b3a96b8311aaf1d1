"""Every ``symparam`` command in the README runs, ends with the exit status the README gives
(0, or 1 where its comment says ``exit 1``), and prints every number its comment quotes
(``22,348,431,360``, ``109.48 M``). Files the examples name are made in an empty folder."""

from __future__ import annotations

import importlib.util
import io
import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from symparam.cli import main
from tests.tools import ROOT

#: what the README's examples read, as small configs
FILES = {
    "config.json": {"model_type": "bert", "architectures": ["BertForMaskedLM"]},
    "path/to/config.json": {"model_type": "gpt2", "n_layer": 2},
    "path/to/deepseek_vl/config.json": {"model_type": "deepseek_vl",
                                        "architectures": ["DeepseekVLForConditionalGeneration"]},
    "models/qwen2-0.5b/config.json": {"model_type": "qwen2", "hidden_size": 896,
                                      "num_hidden_layers": 24, "num_attention_heads": 14,
                                      "num_key_value_heads": 2, "intermediate_size": 4864,
                                      "vocab_size": 151936, "tie_word_embeddings": True},
}
#: numbers a comment quotes: 1,234,567 or 109.48 M / 22.35 GFLOPs
QUOTED = re.compile(r"\d{1,3}(?:,\d{3})+|\d+\.\d+ (?:[KMBT]\b|[KMGTPE]FLOPs)")


def commands() -> list[tuple[str, str]]:
    """(command, comment) for each ``symparam`` line of the README's shell blocks."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    fences = re.findall(r"^```(\w*)\n(.*?)^```", text, flags=re.S | re.M)
    for block in (body for language, body in fences if not language):  # shell, not python
        joined = re.sub(r"\\\n\s*", "", block)  # continuation lines
        for line in joined.splitlines():
            line = line.split("&& ", 1)[1] if line.startswith("pip install") else line
            if "symparam " not in line or line.startswith(("python", "pip")):
                continue
            command, *comment = re.split(r"\s+# ", line, maxsplit=1)
            found.append((command.strip(), "".join(comment).strip()))
    return found


def test_the_readme_has_commands() -> None:
    listed = [c for c, _ in commands()]
    assert len(listed) > 25
    assert any(c.startswith("symparam check") for c in listed)
    assert any("| symparam count -" in c for c in listed)


@pytest.mark.parametrize(("command", "comment"), commands(), ids=[c for c, _ in commands()])
def test_readme_command(command: str, comment: str, tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    for name, config in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(json.dumps(config))
    piped = None
    if "|" in command:  # cat FILE | symparam …
        source, command = (part.strip() for part in command.split("|", 1))
        piped = (tmp_path / shlex.split(source)[1]).read_bytes()
    argv = shlex.split(command)
    assert argv[0] == "symparam"
    if argv[1] == "plot":
        pytest.importorskip("matplotlib")
    if piped is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(piped)))
    status = main(argv[1:])
    out, err = capsys.readouterr()
    assert status == (1 if "exit 1" in comment else 0), err
    for number in QUOTED.findall(comment):
        assert number in out, f"{command}: {number} is not printed"


def test_the_python_examples_print_what_their_comments_say() -> None:
    """``m.count()``, ``m.formula()`` and ``m.evaluate(…)`` of the README's Python block and
    prose: each comment is what the call prints (run here, not copied)."""
    import symparam

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    m = symparam.model("llama-3-8b")
    assert f"m.count()              # {m.count()}\n" in text
    # what print() prints; the bare call shows its repr (Formula(…)) or, in Jupyter, LaTeX
    assert f"print(m.formula())     # {m.formula()}\n" in text
    assert repr(m.formula()).startswith("Formula(N·") and "# typeset in Jupyter; Formula(N·…)" \
        in text and m.formula()._repr_latex_().startswith("$\\displaystyle P = ")
    both = [int(n) for n in m.evaluate(H=[2048, 4096], N=[16, 32])]
    assert both == [m.count(H=2048, N=16), m.count(H=4096, N=32)]  # broadcast, not a grid
    assert f"{both[0]:,} and {both[1]:,} for llama-3-8b" in text
    assert len(m.sweep(H=[2048, 4096], N=[16, 32])) == 4  # the grid the README says
    grid = m.sweep(H=[2048, 4096], N=[16, 32])
    assert f"m.sweep(H=[2048, 4096], N=[16, 32])     # {grid!r}: a grid\n" in text
    assert sorted(grid["params"]) == sorted(m.count(H=h, N=n) for h in (2048, 4096)
                                            for n in (16, 32))
    if importlib.util.find_spec("numpy") is not None:  # without numpy, a list of the same
        paired = m.evaluate(H=[2048, 4096], N=[16, 32])
        assert f"m.evaluate(H=[2048, 4096], N=[16, 32])  # {paired!r}: pairs, broadcast\n" \
            in text


def test_the_readme_names_what_results_and_memory_json_give(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The repr the README quotes is the result's; the keys it names are memory --json's."""
    import symparam

    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    solved = symparam.model("bert-base-uncased").solve("N", "110M")
    assert f"`{solved!r}`" in text
    assert main(["memory", "gpt2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    for key in ("int8", "int4"):
        assert f"`quantized.{key}`" in text and key in record["quantized"]
    assert "`int8_no_scales` (under `weights` and `largest_layer`)" in text
    assert record["weights"]["int8_no_scales"] == record["params"]  # a byte a parameter
    layer = record["largest_layer"]
    assert layer["bytes"]["int8_no_scales"] == layer["params"]
