"""``symparam diff``: the changes add up to the exact difference of two counts worked out
independently (tensor by tensor, and transformers' classes on the meta device), a renamed
tensor is not a change, and the attribution rule reads as documented."""

from __future__ import annotations

import itertools
import json
import math
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symparam
from symparam.blocks.numbers import value
from symparam.cli import main
from symparam.diff import CAUSES, PARTS, diff
from symparam.symbols import symbol

PRESETS = Path(symparam.__file__).parent / "presets"

#: Mistral-7B's config (Jiang et al. 2023): symparam has the model type, not a preset
MISTRAL_7B = {"N": 32, "V": 32000, "H": 4096, "d_ff": 14336, "h": 32, "h_kv": 8}


@cache
def model(name: str) -> symparam.Model:
    if name == "mistral-7b":
        return symparam.model("mistral", **MISTRAL_7B)
    return symparam.model(name)


def tensor_count(m: symparam.Model) -> int:
    """The count read off the tensor list (each shape's product, times its layer indices),
    not off the tree's sums: an independent way to the total."""
    env = {symbol(n): v for n, v in m.bind().items()}
    for a in m.assumptions:
        env.setdefault(a.symbol, value(a.expr, env))
    total = 0
    for entry in m.tensors():
        if entry.tied_to is not None:
            continue
        copies = math.prod(int(value(count, env)) for _, count in entry.indices)
        total += copies * math.prod(int(value(dim, env)) for dim in entry.shape)
    return total


def check_sum(a: symparam.Model, b: symparam.Model) -> None:
    d = diff(a, b)
    assert sum(c.delta for c in d.changes) == tensor_count(b) - tensor_count(a)
    assert (d.count_a, d.count_b) == (tensor_count(a), tensor_count(b))
    assert sum(d.by_part().values()) == sum(d.by_cause().values()) == d.delta
    assert {c.part for c in d.changes} <= set(PARTS)
    assert {c.cause for c in d.changes} <= set(CAUSES)


def family_presets() -> list[tuple[str, str]]:
    """Every pair of presets of one family (one direction; the other is the hypothesis
    test's), for the families the issue names."""
    by_family: dict[str, list[str]] = {}
    for path in sorted(PRESETS.glob("*.json")):
        data = json.loads(path.read_text())
        family = model(data["name"]).family.name
        if family in ("gpt2", "llama", "moe", "deepseek"):
            by_family.setdefault(family, []).append(data["name"])
    return [pair for names in by_family.values() for pair in itertools.combinations(names, 2)]


@pytest.mark.parametrize(("a", "b"), family_presets())
def test_presets_of_a_family_sum_to_the_difference(a: str, b: str) -> None:
    check_sum(model(a), model(b))


ACROSS = ("gpt2", "llama-2-7b", "llama-3-8b", "mistral-7b", "mixtral-8x7b", "deepseek-v3",
          "deepseek-v2-lite")


@pytest.mark.parametrize(("a", "b"), list(itertools.permutations(ACROSS, 2)))
def test_across_families_sum_to_the_difference(a: str, b: str) -> None:
    check_sum(model(a), model(b))


def test_counts_against_transformers_on_meta() -> None:
    """The ends of the showcase pairs, counted by transformers' own classes."""
    from tests.oracle import from_config

    counts = {}
    for name in ("gpt2", "llama-2-7b", "llama-3-8b", "mixtral-8x7b"):
        data = json.loads((PRESETS / f"{name}.json").read_text())["config"]
        shapes = from_config(data, data["architectures"][0])
        counts[name] = sum(math.prod(shape) for shape in shapes.values())
    for a, b in (("gpt2", "llama-2-7b"), ("llama-3-8b", "mixtral-8x7b")):
        d = diff(model(a), model(b))
        assert d.count_a == counts[a] and d.count_b == counts[b]
        assert sum(c.delta for c in d.changes) == counts[b] - counts[a]


# -- properties ---------------------------------------------------------------------------


@st.composite
def llama_values(draw: st.DrawFn) -> dict[str, int]:
    h_kv = draw(st.integers(1, 4))
    h = h_kv * draw(st.integers(1, 4))
    return {"N": draw(st.integers(1, 6)), "V": draw(st.integers(1, 500)),
            "H": 2 * h * draw(st.integers(1, 8)), "d_ff": draw(st.integers(1, 300)),
            "h": h, "h_kv": h_kv}  # d_head = H/h even: rotary turns pairs


@st.composite
def gpt2_values(draw: st.DrawFn) -> dict[str, int]:
    h = draw(st.integers(1, 8))
    return {"N": draw(st.integers(1, 6)), "V": draw(st.integers(1, 500)),
            "L": draw(st.integers(1, 300)), "H": h * draw(st.integers(1, 16)), "h": h}


def some_model(kind: str, values: dict[str, int], tied: bool) -> symparam.Model:
    if kind == "llama":
        return symparam.model("llama", tie_word_embeddings=tied, **values)
    return symparam.model("gpt2", tie_word_embeddings=tied, **values)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["llama", "gpt2"]), st.sampled_from(["llama", "gpt2"]),
       st.data(), st.booleans(), st.booleans())
def test_changes_sum_to_the_difference(kind_a: str, kind_b: str, data: st.DataObject,
                                       tied_a: bool, tied_b: bool) -> None:
    draw = {"llama": llama_values(), "gpt2": gpt2_values()}
    a = some_model(kind_a, data.draw(draw[kind_a]), tied_a)
    b = some_model(kind_b, data.draw(draw[kind_b]), tied_b)
    d = diff(a, b)
    assert sum(c.delta for c in d.changes) == b.count() - a.count()
    assert diff(a, a).changes == () and diff(b, b).changes == ()


# -- what is and is not a change --------------------------------------------------------------


def test_a_renaming_is_not_a_change() -> None:
    """GPT-2 against a LLaMA built as close to it as the family goes (LayerNorm with bias,
    biases, an ungated MLP of 4H, tied head, h_kv = h): the fused c_attn and q/k/v, c_fc and
    c_fc, ln_1 and input_layernorm are the same; only the position table differs."""
    gpt2 = model("gpt2")
    close = symparam.model("llama", plain_mlp=True, layer_norm=True, attention_bias=True,
                           mlp_bias=True, tie_word_embeddings=True, N=12, V=50257, H=768,
                           h=12, h_kv=12, d_ff=3072)
    d = diff(gpt2, close)
    assert [(c.part, c.cause, c.subject) for c in d.changes] == [
        ("embeddings", "removed", ("positions",))]
    assert d.changes[0].delta == -1024 * 768 == d.delta


def test_gpt2_to_llama_by_cause() -> None:
    """The structural changes at GPT-2's widths, each worked out by hand from the two papers'
    layers (12 layers, H = 768, d_ff = 3072, L = 1024, V = 50257)."""
    d = diff(model("gpt2"), model("llama-2-7b"))
    found = {(c.part, c.cause, c.subject): c.delta for c in d.changes if c.cause != "width"}
    N, H, d_ff, L, V = 12, 768, 3072, 1024, 50257
    assert found == {
        ("embeddings", "removed", ("positions",)): -L * H,
        ("attention", "removed", ("bias",)): -N * (3 * H + H),         # c_attn, c_proj
        ("mlp", "replaced", ("body",)): N * (3 * H * d_ff - 2 * H * d_ff),  # SwiGLU: 3 matrices
        ("mlp", "removed", ("bias",)): -N * (d_ff + H),                # c_fc, c_proj
        ("norms", "replaced", ("body",)): -(2 * N + 1) * H,            # LayerNorm's biases
        ("head", "tying", ("untied",)): V * H,
    }
    tying = next(c for c in d.changes if c.cause == "tying")
    assert (tying.at_a, tying.at_b) == (V * H, 32000 * 4096)  # at each model's own widths
    mlp = next(c for c in d.changes if c.part == "mlp" and c.cause == "replaced")
    assert [f.key for f in mlp.forms[0]] == ["mlp"] and [f.key for f in mlp.forms[1]] == \
        ["gated_mlp"]
    # then the widths, one at a time in print order, in LLaMA's structure
    assert [c.steps[0][0] for c in d.changes if c.cause == "width"] == sorted(
        [c.steps[0][0] for c in d.changes if c.cause == "width"],
        key=["N", "V", "H", "d_ff", "h", "h_kv"].index)


def test_grouped_query_is_its_own_step() -> None:
    """LLaMA-2-7B → LLaMA-3-8B: h_kv 32 → 8 takes k and v from H×H to H×H/4 in each layer."""
    d = diff(model("llama-2-7b"), model("llama-3-8b"))
    kv = [c for c in d.changes if c.subject == ("h_kv",)]
    assert len(kv) == 1 and kv[0].delta == -32 * 2 * 4096 * (4096 - 4096 * 8 // 32)
    assert all(c.cause == "width" for c in d.changes)


def test_dense_to_experts_is_a_replacement() -> None:
    d = diff(model("llama-3-8b"), model("mixtral-8x7b"))
    replaced = [c for c in d.changes if c.cause == "replaced"]
    assert len(replaced) == 1 and replaced[0].part == "mlp"
    N, H, d_ff, E = 32, 4096, 14336, 8
    assert replaced[0].delta == N * (3 * E * H * d_ff + E * H - 3 * H * d_ff)
    assert [f.key for f in replaced[0].forms[1]] == ["experts"]


def test_symbolic_diff_has_formulas_and_no_numbers() -> None:
    d = diff(symparam.model("gpt2"), symparam.model("llama"))
    assert d.delta is None and all(c.delta is None for c in d.changes)
    assert {str(c.formula) for c in d.changes} >= {"-H*L", "H*V", "-4*H*N"}


def test_flops_and_cache_sum_to_the_difference() -> None:
    a, b = model("gpt2"), model("llama-3-8b")
    d = diff(a, b, "flops", seq=64, batch=2)
    assert sum(c.delta for c in d.changes) == (b.flops(seq=64, batch=2).flops
                                               - a.flops(seq=64, batch=2).flops)
    vit = model("dinov2-base")  # its image fixes its sequence: seq is the other side's
    d = diff(b, vit, "flops", seq=64)
    assert sum(c.delta for c in d.changes) == vit.flops(batch=1).flops - b.flops(seq=64).flops
    kv = diff(a, b, "kv_cache", seq=64)
    assert kv.count_a == 64 * 12 * 2 * 768 and kv.count_b == 64 * 32 * 2 * 8 * 128
    assert sum(c.delta for c in kv.changes) == kv.count_b - kv.count_a


def test_depends_differences() -> None:
    d = diff(model("gpt2"), model("llama-2-7b"))
    assert {(x.name, x.matters_in, x.kind) for x in d.depends} == {
        ("d_ff", "b", "assumed"), ("h", "b", "splits")}


# -- the command --------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", "gpt2", "llama-2-7b")
    assert status == 0
    assert "LayerNorm → RMSNorm" in out and "position table" in out
    assert "total: +6,613,975,808 = 6,738,415,616 − 124,439,808" in out
    status, out, _ = run(capsys, "diff", "llama-3-8b", "mixtral-8x7b", "--json", "--flops",
                         "--seq", "16", "--memory")
    record = json.loads(out)
    assert status == 0 and len(out.splitlines()) == 1
    assert sum(c["delta"] for c in record["changes"]) == record["delta"] == \
        46702792704 - 8030261248
    assert sum(c["delta"] for c in record["flops"]["changes"]) == record["flops"]["delta"]
    assert record["memory"]["kv_cache"]["delta"] == 0


def test_cli_set_one_side(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "diff", "llama-3-8b", "llama-3-8b", "--set-b", "h_kv=32",
                         "--json")
    record = json.loads(out)
    assert status == 0 and [c["subject"] for c in record["changes"]] == [["h_kv"]]
    assert record["delta"] == 32 * 2 * 4096 * (4096 - 1024)


@pytest.mark.parametrize("argv", [
    ["diff", "gpt2", "no-such-model"],
    ["diff", "gpt2", "llama-2-7b", "--set-b", "n_embd=7"],
    ["diff", "gpt2", "llama-2-7b", "--set-a", "H=770"],
    ["diff", "gpt2", "llama-2-7b", "--flops"],
    ["diff", "gpt2", "llama-2-7b", "--seq", "8"],
    ["diff", "-", "-"],
    ["diff", "gpt2"],
])
def test_cli_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


# -- documents ------------------------------------------------------------------------------


@cache
def documents() -> dict[tuple[str, str], str]:
    from symparam.render_diff import comparison

    found = comparison(model("gpt2"), model("llama-3-8b"), seq=64, flops=True, cache=True)
    return {(fmt, lang): found.to_markdown(lang=lang) if fmt == "md" else
            found.to_latex(lang=lang, fragment=fmt == "fragment")
            for fmt in ("md", "tex", "fragment") for lang in ("en", "zh", "ko")}


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_documents_show_every_term(lang: str) -> None:
    """Every change's figure is in each document (as the index of the tree gives it), and
    the totals of both models."""
    d = diff(model("gpt2"), model("llama-3-8b"))
    figures = [f"{abs(c.delta):,}" for c in d.changes] + [f"{tensor_count(model('gpt2')):,}",
                                                          f"{tensor_count(model('llama-3-8b')):,}"]
    for fmt in ("md", "tex"):
        text = documents()[(fmt, lang)]
        assert all(f in text for f in figures), [f for f in figures if f not in text]


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_documents_are_written_in_the_language(lang: str) -> None:
    from tests.test_prose import latin_words

    names = {"gpt2", "llama-3-8b", "GPT2LMHeadModel", "LlamaForCausalLM", "A", "B"}
    assert latin_words(documents()[("md", lang)], names) == []


def test_fragment_is_a_body() -> None:
    body = documents()[("fragment", "en")]
    assert body.startswith("% requires: \\usepackage{array,booktabs,tabularx}")
    assert "\\documentclass" not in body and "\\begin{document}" not in body
    assert "longtable" not in body


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_latex_compiles_without_overfull_boxes(lang: str, tmp_path: Path) -> None:
    """The document and the fragment in a two-column paper (the narrowest place it goes)."""
    import shutil
    import subprocess

    engine = "pdflatex" if lang == "en" else "xelatex"
    if shutil.which(engine) is None:
        pytest.skip(f"{engine} is not installed")
    preamble = {"en": "\\usepackage[T1]{fontenc}\\usepackage{lmodern}",
                "ko": "\\usepackage{xetexko}\\setmainhangulfont{Noto Serif CJK KR}"}[lang]
    (tmp_path / "body.tex").write_text(documents()[("fragment", lang)], encoding="utf-8")
    (tmp_path / "paper.tex").write_text(
        "\\documentclass[twocolumn]{article}\\usepackage{amsmath,array,booktabs,tabularx}"
        f"{preamble}\n\\begin{{document}}\n\\input{{body}}\n\\end{{document}}\n",
        encoding="utf-8")
    (tmp_path / "doc.tex").write_text(documents()[("tex", lang)], encoding="utf-8")
    for name in ("paper", "doc"):
        for _ in range(2):  # longtables settle on the second run
            done = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error",
                                   f"{name}.tex"], cwd=tmp_path, capture_output=True,
                                  check=False)
        log = (tmp_path / f"{name}.log").read_text(encoding="utf-8", errors="replace")
        assert done.returncode == 0, log[-2000:]
        assert "Overfull" not in log, name


def test_cli_documents(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "diff.md"
    status, out, err = run(capsys, "diff", "gpt2", "llama-3-8b", "--format", "markdown",
                           "--lang", "zh", "-o", str(out_file))
    assert status == 0 and out == "" and err == ""
    from symparam.render_diff import comparison

    expected = comparison(model("gpt2"), model("llama-3-8b")).to_markdown(lang="zh")
    assert out_file.read_text(encoding="utf-8") == expected
    for argv in (["--fragment"], ["--format", "markdown", "--fragment"],
                 ["--format", "latex", "--math", "github"], ["--lang", "ko"]):
        status, out, err = run(capsys, "diff", "gpt2", "llama-3-8b", *argv)
        assert status == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_a_pooler_is_its_own_unit() -> None:
    """BERT without its pooler: one change, the H × H dense layer and its bias on the first
    token, and not a head replaced."""
    d = diff(model("bert-base-uncased"), symparam.model("bert-base-uncased", pooler=False))
    assert [(c.part, c.cause, c.subject, c.delta) for c in d.changes] == [
        ("head", "removed", ("pooler",), -(768 * 768 + 768))]
