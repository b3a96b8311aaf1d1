"""``symparam derive MODEL --gpus …``: the derivation's section on the most loaded GPU takes
the layout flags ``memory --gpus`` takes and prints the figures ``memory --gpus --json`` gives
(weights, gradients, optimiser state, activations, KV cache, traffic, bubble, fit), in every
language."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest

import symparam
from symparam.cli import main
from symparam.parallel import per_gpu
from symparam.placement import Layout
from symparam.rounding import percent
from tests.test_notes import _facts

HEADINGS = {"en": "Memory per GPU", "zh": "每块 GPU 的显存", "ko": "GPU 한 장당 메모리"}

#: layouts whose every figure the derivation must print as memory does
LAYOUTS = [
    ("llama-3-8b", ["--gpus", "64", "--tp", "8", "--pp", "4", "--zero", "1", "--seq", "4096",
                    "--batch", "256", "--sp"]),
    ("llama-3-8b", ["--gpus", "32", "--tp", "2", "--cp", "2", "--zero", "2", "--seq", "8192",
                    "--batch", "16", "--micro-batch", "2", "--recompute", "full",
                    "--optimizer", "adam-fp32", "--dtype", "fp32", "--gpu-memory", "40"]),
    ("mixtral-8x7b", ["--gpus", "64", "--tp", "4", "--pp", "2", "--ep", "4", "--cp", "2",
                      "--zero", "3", "--seq", "4096", "--batch", "256", "--sp",
                      "--capacity-factor", "1.25", "--recompute", "full", "--gpu-memory",
                      "8"]),
    ("gpt2", ["--gpus", "6", "--zero", "2", "--seq", "1024", "--batch", "12", "--recompute",
              "selective"]),
    ("gpt2", ["--gpus", "6", "--pp", "3"]),  # no --seq: no activations, no traffic
    # dense then MoE layers of latent attention: N_1, N_2 and N_E; a latent cache whole on t
    ("deepseek-v3", ["--gpus", "128", "--tp", "8", "--sp", "--ep", "8", "--cp", "2", "--seq",
                     "4096", "--batch", "64"]),
    ("deepseek-v3", ["--gpus", "64", "--tp", "8", "--seq", "4096"]),  # no --sp: refused rows
    ("glm-4.5-air", ["--gpus", "16", "--tp", "2", "--pp", "2", "--seq", "1024", "--batch",
                     "32", "--sp"]),  # stages of unlike layers
]


#: each kind of traffic as the English derivation and page name it
TRAFFIC_SAID = {"data-parallel gradients": "Data-parallel gradients",
                "data-parallel gradients and ZeRO-3 gathers":
                    "Data-parallel gradients and ZeRO-3's gathers",
                "tensor-parallel all-reduces": "Tensor-parallel all-reduces",
                "pipeline sends": "Pipeline sends", "expert all-to-all": "Experts' all-to-all",
                "context-parallel ring": "Context-parallel ring"}


def _shown(value: Any) -> str:
    """A figure of memory's JSON as the derivation writes it."""
    if isinstance(value, int):
        return f"{value:,}"
    fraction = Fraction(value)
    return f"{fraction.numerator:,}/{fraction.denominator:,}"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) in (0, 1)
    return capsys.readouterr().out


def _section(model: str, flags: list[str], lang: str, capsys: pytest.CaptureFixture[str]
             ) -> str:
    out = _run(["derive", model, *flags, "--lang", lang], capsys)
    return out[out.index(HEADINGS[lang]):]


@pytest.mark.parametrize(("model", "flags"), LAYOUTS, ids=[f"{m}-{i}" for i, (m, _) in
                                                           enumerate(LAYOUTS)])
def test_derivation_prints_memorys_figures(model: str, flags: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Every figure of ``memory --gpus --json``'s record appears in the derivation's section,
    in a row or sentence of its own kind."""
    pp = flags[flags.index("--pp") + 1] if "--pp" in flags else "1"
    record = json.loads(_run(["memory", model, *flags, "--json"], capsys))["per_gpu"]
    section = _section(model, flags, "en", capsys)
    lines = section.splitlines()

    def row(name: str) -> str:
        found = [line for line in lines if line.startswith(f"| {name} |")]
        assert len(found) == 1, (name, section)
        return found[0]

    names = {"weights": "Weights", "gradients": "Gradients",
             "optimiser state": "Optimiser state"}
    for part in record["parts"]:
        assert row(names[part["name"]]).split(" | ")[2] == _shown(part["bytes"])
    assert f"**{_shown(record['total_bytes'])}**" in row("**Total**")
    assert f"{record['params_per_gpu']:,} parameters" in section
    if record["expert_params_per_gpu"]:
        assert f"{record['expert_params_per_gpu']:,} parameters of experts" in section
    acts = record["activations"]
    if acts is not None and "bytes" in acts:
        assert row("Activations").split(" | ")[2] == _shown(acts["bytes"])
        if record["stage_activations"]:
            assert "By stage: " + ", ".join(_shown(b) for b in record["stage_activations"]) \
                + " B." in section
            assert f"this GPU {record['in_flight'][record['most_loaded']['stage'] - 1]}," \
                in section
    else:
        assert not any(line.startswith("| Activations |") for line in lines)
        assert "Activations are not included." in section
    if isinstance(record["kv_cache"], int):
        assert f"takes {_shown(record['kv_cache'])} B" in section
    kinds = TRAFFIC_SAID
    traffic = record.get("traffic", [])
    assert bool(traffic) == ("--seq" in flags)
    for t in traffic:
        if t["formula_elements"] is None:
            assert f"{kinds[t['kind']]}: not derived" in section
            continue
        cells = row(kinds[t["kind"]]).split(" | ")
        assert (cells[2], cells[3]) == (str(t["bytes_per_element"]), _shown(t["bytes"]))
    if record.get("bubble"):
        bubble = Fraction(record["bubble"])
        assert f"\\frac{{{bubble.numerator}}}{{{bubble.denominator}}}" in section
        assert f"= \\frac{{{int(pp) - 1}}}{{{record['micro_batches']}}}" in section
    else:
        assert "bubble" not in section
    if "fits" in record:
        said = "with " + _shown(record["gpu_memory_bytes"] - record["total_bytes"]) + \
            " B to spare" if record["fits"] else \
            f"it is {_shown(record['over_by_bytes'])} B"
        assert said in section and f"{_shown(record['gpu_memory_bytes'])} B" in section


@pytest.mark.parametrize(("model", "flags"), LAYOUTS, ids=[f"{m}-{i}" for i, (m, _) in
                                                           enumerate(LAYOUTS)])
def test_derive_json_carries_the_sections_figures(model: str, flags: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """``derive --gpus … --json`` carries the record ``memory --gpus … --json`` gives (whose
    every figure the section prints: above), beside the document; without ``--gpus``, none."""
    record = json.loads(_run(["memory", model, *flags, "--json"], capsys))["per_gpu"]
    derived = json.loads(_run(["derive", model, *flags, "--json"], capsys))
    assert derived["per_gpu"] == record
    assert derived["params"] == symparam.model(model).count()
    assert "per_gpu" not in json.loads(_run(["derive", model, "--json"], capsys))


@pytest.mark.parametrize(("model", "flags"), LAYOUTS[1:4], ids=["cp", "moe", "gpt2-zero2"])
def test_chinese_and_korean_carry_the_sections_figures(model: str, flags: list[str],
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    english = _facts(_section(model, flags, "en", capsys))
    for lang in ("zh", "ko"):
        other = _facts(_section(model, flags, lang, capsys))
        assert other[0] == english[0], (lang, other[0] - english[0], english[0] - other[0])
        assert other[1] == english[1], (lang, other[1] - english[1], english[1] - other[1])


def test_latex_section_has_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    model, flags = LAYOUTS[2]
    record = json.loads(_run(["memory", model, *flags, "--json"], capsys))["per_gpu"]
    out = _run(["derive", model, *flags, "--format", "latex"], capsys)
    section = out[out.index("Memory per GPU"):]
    for value in [p["bytes"] for p in record["parts"]] + [record["total_bytes"]] + \
            [t["bytes"] for t in record["traffic"]]:
        assert _shown(value) in section
    assert section.count(r"\\") > 10 and "\\end{longtable}" in section


def test_the_api_derivation_holds_per_gpus_record() -> None:
    """``Model.derive(layout=…)`` carries :func:`per_gpu`'s record itself, and its dict is
    plain JSON."""
    m = symparam.model("llama-3-8b")
    layout = Layout(16, tp=2, pp=2, sp=True, seq=2048, batch=32)
    d = m.derive(layout=layout, recompute="selective", dtype="bf16")
    assert d.per_gpu is not None
    assert d.per_gpu.found == per_gpu(m, layout, "adam-mixed", "selective", "bf16")
    data = json.loads(json.dumps(d.to_dict()))
    assert data["per_gpu"]["found"]["activations"] == d.per_gpu.found.activations


@pytest.mark.parametrize(("argv", "says"), [
    (["--cp", "2"], "--cp needs --gpus G"),
    (["--sp"], "--sp needs --gpus G"),
    (["--capacity-factor", "1"], "--capacity-factor needs --gpus G"),
    (["--micro-batch", "2"], "--micro-batch needs --gpus G"),
    (["--dtype", "fp32"], "--dtype needs --gpus G"),
    (["--recompute", "full"], "--recompute needs --gpus G"),
    (["--gpu-memory", "80"], "--gpu-memory needs --gpus G"),
    (["--gpus", "8", "--cp", "3", "--seq", "100"], "(--tp, --pp, --cp)"),
    (["--gpus", "8", "--cp", "2", "--seq", "30"], "do not divide by 4 (--cp)"),
    (["--gpus", "8", "--optimizer", "sgd"], "--optimizer: choose"),
    (["--gpus", "8", "--gpu-memory", "0"], "--gpu-memory takes a positive number"),
])
def test_bad_layouts_refused_in_one_line(argv: list[str], says: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["derive", "gpt2", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and not out, out
    assert len(err.strip().splitlines()) == 1 and says in err, err


# -- memory --gpus --json carries what its text prints --------------------------------------

GIB = 2**30
_FIGURE = re.compile(r"(?<![\w.])[+−-]?\d(?:[\d,]*\d)?(?:\.\d+)?%?")


def _figures(text: str) -> set[str]:
    return {m.group(0).lstrip("+−-") for m in _FIGURE.finditer(text)}


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    return [value]


def _from_record(record: dict[str, Any]) -> set[str]:
    """The figures the record holds, written as a person reads them: whole numbers with
    separators or without, bytes in GiB (and GB for ZeRO's figure), ratios as percentages
    (as every output writes one), and every figure inside its strings."""
    out: set[str] = set()
    for leaf in _leaves(record):
        if isinstance(leaf, bool) or leaf is None:
            continue
        if isinstance(leaf, int):
            out |= {str(leaf), f"{leaf:,}", f"{leaf / GIB:,.2f}", f"{leaf / 1e9:,.4f}"}
        elif isinstance(leaf, float):
            out |= {str(leaf), f"{leaf:,.2f}"}
        elif isinstance(leaf, str):
            out |= _figures(leaf)
            if re.fullmatch(r"\d+/\d+", leaf):  # a ratio: the gap it says
                out.add(percent(abs(Fraction(leaf) - 1)))  # as tests/test_rounding.py checks
    return out


@pytest.mark.parametrize(("model", "flags"), [
    *LAYOUTS,
    ("llama-3-8b", ["--gpus", "64", "--tp", "8", "--pp", "2", "--zero", "1", "--seq", "4096",
                    "--batch", "256", "--compare", "zero,bubble,korthikanti",
                    "--gpu-memory", "80"]),
], ids=[*(f"{m}-{i}" for i, (m, _) in enumerate(LAYOUTS)), "compare"])
def test_memory_json_carries_every_figure_its_text_prints(
        model: str, flags: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Each figure of ``memory --gpus``'s per-GPU text is in its ``--json`` record (as bytes
    the text shows in GiB, or inside a formula or note the record holds)."""
    record = json.loads(_run(["memory", model, *flags, "--json"], capsys))["per_gpu"]
    out = _run(["memory", model, *flags], capsys)
    section = out[out.index("  per GPU:"):]
    missing = _figures(section) - _from_record(record) - {"1", "2"}
    assert not missing, missing


def test_the_json_check_can_fail() -> None:
    record = {"total_bytes": 3 * GIB + 1}
    assert _figures("total 3.00 GiB, 3,221,225,473 B") <= _from_record(record)
    assert _figures("spare 1.50 GiB") - _from_record(record) == {"1.50"}
