"""Notebooks: the example runs top to bottom with rich outputs (nbclient, as a user's Jupyter
would), and every result shows as HTML and gives its data as dicts and DataFrames."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

import symparam
from symparam.compute import compute, memory
from tests.tools import ROOT, need


def test_quickstart_notebook_runs(capsys: pytest.CaptureFixture[str]) -> None:
    nbformat = need("nbformat")
    nbclient = need("nbclient")
    need("ipykernel")
    need("matplotlib")
    notebook = nbformat.read(ROOT / "examples" / "quickstart.ipynb", as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    install, *ran = cells
    assert "%pip install" in install.source and install.outputs == []  # symparam is here
    outputs = {cell.source.splitlines()[0]: cell.outputs for cell in ran}
    errors = [o for cell in ran for o in cell.outputs
              if o.output_type == "error" or o.get("name") == "stderr"]
    assert errors == []

    def data(first_line: str, kind: str) -> str:
        (output,) = outputs[first_line]
        return output["data"][kind]

    bert = symparam.model("bert-base-uncased")
    assert "109,482,240" in data("import symparam", "text/html")
    assert data("bert.count()", "text/plain") == str(bert.count())
    assert r"N \left(4 H^{2}" in data("bert.formula()", "text/latex")
    assert "parameters by part" in data("bert.parts()", "text/html")
    assert "# Parameter count of bert-base-uncased" in data("bert.derive()", "text/markdown")
    flops = compute(bert, seq=128, batch=8).flops
    assert f"{flops:,}" in data("from symparam.compute import compute, memory", "text/html")
    assert "KV cache" in data('memory(symparam.model("llama-2-7b"), seq=1024)', "text/html")
    assert data('memory(symparam.model("llama-2-7b"), seq=1024)', "text/plain") == \
        str(memory(symparam.model("llama-2-7b"), seq=1024))
    # the questions, as Jupyter shows them: the text their command prints (IPython's plain
    # display), and a captioned table with every text escaped
    from symparam.cli import main

    forgets_the_pooler = "N·(4·H² + 2·H·d_ff + 9·H + d_ff) + (V + L + T + 2)·H"
    checked = f'bert.check("{forgets_the_pooler}")'
    questions = {"bert.depends()": ["depends"], checked: ["check", forgets_the_pooler],
                 "bert.sensitivity()": ["sensitivity"],
                 'bert.solve("N", "110M")': ["solve", "--for", "N", "--target", "110M"]}
    for cell, (command, *rest) in questions.items():
        main([command, "bert-base-uncased", *rest])
        printed = capsys.readouterr().out
        assert data(cell, "text/plain") + "\n" == printed, cell
        shown = data(cell, "text/html")
        assert shown.count("<table") == 1 and "<caption" in shown, cell
        assert "'" not in shown and "Result(" not in shown, cell
    assert "pooler.dense.weight (H×H)" in data(checked, "text/html")
    assert f"+{768 ** 2:,} at the model's values" in data(checked, "text/plain")  # H²
    assert "N = 12 gives 109,482,240" in data('bert.solve("N", "110M")', "text/plain")
    assert "skipped 6 combinations" in data("table = bert.sweep(H=[512, 768, 1000, 1024], "
                                            "N=[12, 24])", "text/html")
    assert "image/png" in outputs["from symparam.plots import sweep"][0]["data"]
    bigger = symparam.model("bert-base-uncased", H=1024, h=16, d_ff=4096).count()
    assert f"{bigger:,}" in cells[-1].outputs[0]["text"]


def results() -> dict[str, Any]:
    llama = symparam.model("llama-2-7b")
    return {"model": llama, "parts": llama.parts(), "part": llama.parts()[1],
            "compute": compute(llama, seq=128, nonmatmul=True),
            "memory": memory(llama, seq=1024, batch=2), "derivation": llama.derive(),
            "sweep": llama.sweep(H=[4096, 4000], N=[16, 32])}


def test_results_as_data() -> None:
    found = {name: json.loads(json.dumps(r.to_dict())) for name, r in results().items()}
    llama = symparam.model("llama-2-7b")
    assert found["model"]["params"] == found["model"]["active_params"] == 6_738_415_616
    assert found["model"]["formula"] == str(llama.formula())
    assert found["model"]["values"]["H"] == 4096
    parts = found["parts"]["parts"]
    assert [p["name"] for p in parts] == ["model.embed_tokens", "model.layers", "model.norm",
                                          "lm_head"]
    assert sum(p["params"] for p in parts) == found["parts"]["params"] == llama.count()
    assert parts[1]["repeat"] == "N" and found["part"]["name"] == "model.layers"
    assert found["compute"]["flops"] == compute(llama, seq=128, nonmatmul=True).flops
    assert {k["kind"] for k in found["compute"]["nonmatmul"]} >= {"rmsnorm", "softmax"}
    assert found["memory"]["kv_total"] == 2 * 1024 * 524_288
    assert found["memory"]["weights"][1] == {"dtype": "fp16", "bytes_per_param": 2,
                                             "bytes": 2 * 6_738_415_616}
    assert found["memory"]["training_total"] == 16 * 6_738_415_616
    # one meaning for each name, as in `memory --json`: int8 is the format with its scales
    assert found["memory"]["weights"][3] == {"dtype": "int8_no_scales", "bytes_per_param": 1,
                                             "bytes": 6_738_415_616}
    assert [f["name"] for f in found["memory"]["formats"]] == ["int8", "int4"]
    assert found["memory"]["formats"][0]["bytes"] > 6_738_415_616
    assert [o["per_param"] for o in found["memory"]["optimisers"]] == [16, 20, 16]
    assert found["derivation"]["value"] == 6_738_415_616
    assert found["derivation"]["values"] == llama.values
    assert found["sweep"]["rows"][0] == {"H": 4096, "N": 16, "params": 3_500_281_856}
    assert found["sweep"]["skipped"][0]["count"] == 2


def test_results_as_html() -> None:
    shown = {name: r._repr_html_() for name, r in results().items() if name != "derivation"}
    assert "6,738,415,616" in shown["model"] and "6.74 B" in shown["model"]
    assert "d_head = H/h" in shown["model"] and ">128<" in shown["model"]
    # the layers' 32·(4·4096² + 3·4096·11008 + 2·4096) of 6,738,415,616 are 96.11…%, the final
    # norm's 4,096 are 0.0000608…%: as every output writes a share (symparam.rounding.percent)
    assert "96.1%" in shown["parts"] and "0.000061%" in shown["parts"]
    assert "1.70 TFLOPs" in shown["compute"] and "RMSNorm: 3 per element" in shown["compute"]
    assert "12.55 GiB" in shown["memory"] and "KV cache" in shown["memory"]
    assert "skipped 2 combinations: d_head is not a multiple of 2" in shown["sweep"]
    assert "<table" in shown["part"]
    assert not hasattr(results()["derivation"], "_repr_html_")  # Markdown is its display
    unbound = symparam.model("llama")._repr_html_()
    assert "no count: give H, N, V, d_ff, h, h_kv a value" in unbound
    hostile = symparam.from_block(symparam.Linear(2, 2), "<script>x</script>")
    assert "<script>" not in hostile._repr_html_() and "&lt;script&gt;" in \
        hostile._repr_html_()


def test_a_display_shows_an_error_instead_of_raising() -> None:
    from symparam.errors import InvalidValueError
    from symparam.tables import Rich

    class Broken(Rich):
        def _tables(self) -> list[Any]:
            raise InvalidValueError("no <count>")

    assert Broken()._repr_html_() == '<p class="symparam-error">symparam: no &lt;count&gt;</p>'


def test_results_as_frames() -> None:
    pd = need("pandas")
    found = {name: r.to_pandas() for name, r in results().items()}
    assert list(found["parts"]["parameters"]) == [131_072_000, 6_476_267_520, 4096,
                                                  131_072_000]
    assert list(found["compute"].columns) == ["part", "FLOPs", "share"]
    # int8 and int4 as quantized checkpoints store them, with their scales, as `memory` prints
    assert list(found["memory"]["dtype"]) == ["fp32", "fp16", "bf16", "int8", "int4"]
    int8 = found["memory"]["bytes"].tolist()[3]
    assert int8 == dict((f.name, size) for f, size in results()["memory"].formats)["int8"]
    assert int8 > 6_738_415_616  # one byte a weight, and the scales on top
    assert len(found["derivation"]) == sum(len(s.rows) for s in
                                           results()["derivation"].sections)
    assert found["sweep"]["params"].tolist() == [3_500_281_856, 6_738_415_616]
    both = pd.concat([found["model"], symparam.model("gpt2").to_pandas()])
    assert list(both["model"]) == ["llama-2-7b", "gpt2"]
    assert list(both["params"]) == [6_738_415_616, 124_439_808]
    assert found["model"]["d_head"].tolist() == [128]


def test_pandas_is_optional_and_never_imported_with_symparam() -> None:
    from tests.test_security import WALL_GUARD, limited

    code = ("import sys\n"
            "import symparam\n"
            "m = symparam.model('gpt2')\n"
            "m._repr_html_(), m.parts()._repr_html_(), m.to_dict(), m.derive().to_dict()\n"
            "assert 'pandas' not in sys.modules, 'pandas imported'\n"
            "sys.modules['pandas'] = None\n"
            "try:\n    m.to_pandas()\n"
            "except symparam.SymparamError as error:\n    print(error)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, preexec_fn=limited, timeout=WALL_GUARD,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == "to_pandas needs pandas: pip install pandas\n"


@pytest.mark.parametrize("name", ["bert", "mixtral-8x7b", "t5", "vit", "deepseek-v3",
                                  "transformer-base", "toy-net"])
def test_every_kind_of_model_shows(name: str) -> None:
    m = symparam.model(name)
    assert "<table" in m._repr_html_() and "<table" in m.parts()._repr_html_()
    json.dumps(m.to_dict())
    json.dumps(m.parts().to_dict())


ANALYSES = [
    ("check", lambda m: m.check("12*N*H^2"), ["check", "bert-base-uncased", "12*N*H^2"]),
    ("sensitivity", lambda m: m.sensitivity(), ["sensitivity", "bert-base-uncased"]),
    ("solve", lambda m: m.solve("H", "7B", multiple_of=128),
     ["solve", "bert-base-uncased", "--for", "H", "--target", "7B",
      "--multiple-of", "128"]),
    ("depends", lambda m: m.depends(), ["depends", "bert-base-uncased"]),
    ("approx", lambda m: m.approx(name="bert-shortcut"),
     ["approx", "bert-base-uncased", "--name", "bert-shortcut"]),
]


@pytest.mark.parametrize(("name", "ask", "argv"), ANALYSES, ids=[a[0] for a in ANALYSES])
def test_an_analysis_reads_as_its_command_prints(name: str, ask: Any, argv: list[str],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``str()`` and IPython's pretty printer of ``m.check(…)``, ``m.sensitivity()``,
    ``m.solve(…)``, ``m.depends()`` and ``m.approx(…)`` are the text the command prints, line
    for line; their HTML is a table of the same figures (not a dataclass's repr on one line)."""
    from symparam.cli import main

    result = ask(symparam.model("bert-base-uncased"))
    main(argv)
    printed = capsys.readouterr().out
    assert str(result) + "\n" == printed
    assert len(printed.splitlines()) > 2
    pretty = need("IPython.lib.pretty")
    assert pretty.pretty(result) == str(result)
    shown = result._repr_html_()
    assert shown.count("<table") == 1 and "<caption" in shown and "Result(" not in shown
    first = printed.splitlines()[0]
    assert first.split(": ", 1)[-1].replace("'", "&#x27;") in shown


def test_the_analyses_keep_their_data() -> None:
    m = symparam.model("bert-base-uncased")
    assert m.depends()["affects"] == ["N", "V", "L", "T", "H", "d_ff"]
    assert json.loads(json.dumps(m.depends().to_dict()))["model"] == "bert-base-uncased"
    assert [r["symbol"] for r in m.sensitivity().to_dict()["rows"]] == m.depends()["affects"]
    solved = m.solve("N", 110_000_000)
    assert solved.to_dict()["below"] == (12, 109_482_240)
    rows = {row[0]: row for row in solved._tables()[0].rows}
    assert rows["above"][2] == m.count(N=13) and rows["nearest"][1] == 12
    check = m.check("12*N*H^2").to_dict()
    assert check["engine_value"] == m.count() and not check["equal"]


def test_a_sweep_has_a_repr_and_a_text_table() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = symparam.model("llama-2-7b").sweep(H=[4096, 4000], N=[16, 32])
    assert repr(table) == "<Sweep llama-2-7b: 2 rows over H, N, 2 skipped>"
    lines = str(table).splitlines()
    assert lines[1].split() == ["H", "N", "params"]
    assert lines[2].split() == ["4,096", "16", f"{symparam.model('llama-2-7b', N=16).count():,}"]
    assert "skipped 2 combinations" in lines[-1]


def test_memory_reads_as_its_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """``str(memory(…))`` is what ``symparam memory`` prints, but for the lines the result
    does not hold (the largest layer and the activations, which the command adds); int8 and
    int4 are listed under the weights with their scales, not a byte a parameter; the HTML
    shows the same figures in tables, not a dataclass's fields."""
    from symparam.cli import main

    llama = symparam.model("llama-2-7b")
    result = memory(llama, seq=1024, batch=2)
    assert main(["memory", "llama-2-7b", "--seq", "1024", "--batch", "2"]) == 0
    printed = capsys.readouterr().out.splitlines()
    kept = [line for line in printed
            if not line.startswith(("  largest layer", "  activations", "    recompute "))]
    assert str(result).splitlines() == kept
    assert len(kept) == len(printed) - 5
    weights = kept[kept.index("  weights:") + 1:kept.index("  weights:") + 6]
    assert [line.split()[0] for line in weights] == ["fp32", "fp16", "bf16", "int8", "int4"]
    assert f"{llama.count():,} B" not in str(result)  # no int8 at one byte a parameter
    shown = result._repr_html_()
    assert "{&#x27;name" not in shown and "Memory(" not in shown
    for figure in ("13,476,831,232", "107,814,649,856", "134,768,312,320", "1,073,741,824"):
        assert figure in shown  # fp16 weights, 16 and 20 bytes a parameter, the KV cache
    assert repr(result) == ("<Memory llama-2-7b: 6,738,415,616 parameters (6.74 B); fp16 "
                            "weights 12.55 GiB, KV cache 1.00 GiB>")


@pytest.mark.parametrize(("name", "ask", "argv"), ANALYSES, ids=[a[0] for a in ANALYSES])
def test_an_analysis_has_a_short_repr(name: str, ask: Any, argv: list[str]) -> None:
    """A plain Python prompt (and a list of results) shows ``repr``: one short line naming
    the model and the answer, not a dataclass's every field."""
    m = symparam.model("bert-base-uncased")
    result = ask(m)
    shown = repr(result)
    assert "\n" not in shown and len(shown) < 160, shown
    assert shown.startswith(f"<{type(result).__name__} bert-base-uncased: ") and \
        shown.endswith(">")
    assert repr([result]) == f"[{shown}]"
    expected = {
        "check": lambda: [f"{m.count():,}", f"not equal: {len(result.terms)} terms differ"],
        "sensitivity": lambda: [f"{r.symbol.name} {r.elasticity:.2f}%" for r in result],
        "solve": lambda: [f"H = {result.value:,} gives {m.count(H=result.value):,}"],
        "depends": lambda: ["depends on N, V, L, T, H, d_ff", "h, d_head drop out"],
        "approx": lambda: ["bert-shortcut: ", f"against {m.count():,}",
                           f"{result.approx_value:,}"],
    }[name]()
    for part in expected:
        assert part in shown, (part, shown)


def test_compute_reads_as_its_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """``str(compute(…))`` is what ``symparam flops`` prints for the model (the note on
    torch's counter, said once a run under every model, aside); its repr one line."""
    from symparam.cli import main

    result = results()["compute"]
    assert main(["flops", "llama-2-7b", "--seq", "128", "--with-nonmatmul"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(str(result) + "\n")
    assert printed[len(str(result)) + 1:].startswith("note: torch.utils.flop_counter")
    assert str(result).splitlines()[0] == "llama-2-7b: LlamaForCausalLM, B = 1, s = 128 " \
        "(forward, with the work besides matrix products)"
    assert repr(result) == f"<Compute llama-2-7b: {result.flops:,} FLOPs = 1.70 TFLOPs, B = 1, " \
        "s = 128 (forward, with the work besides matrix products)>"


def test_every_analysis_escapes_its_html() -> None:
    """A model's name is the user's text: each analysis's table shows it escaped."""
    hostile = symparam.from_block(symparam.Linear(symparam.symbol("H"), 2),
                                  "<script>x</script>", H=4)
    for result in (hostile.depends(), hostile.check("2*H + 2"), hostile.check("H"),
                   hostile.sensitivity(), hostile.solve("H", 100)):
        shown = result._repr_html_()
        assert "<script>" not in shown and "&lt;script&gt;x&lt;/script&gt;" in shown, shown
