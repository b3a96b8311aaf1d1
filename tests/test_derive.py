"""Derivations: their content, their escaping, and that every formula in them is right.

LaTeX formulas are checked by an independent route: the same printer writes each one with every
symbol replaced by a distinct prime, sympy's LaTeX parser reads that back, and the number must
equal the expression evaluated at those primes. Markdown math must render with KaTeX; every
.tex in derivations/ must compile.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import sympy

import symparam
from symparam.analysis import grouped
from symparam.cli import main
from symparam.printing import latex
from tests.tools import ROOT, katex_module, need, require

DERIVATIONS = ROOT / "derivations"


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_bert_base_in_three_languages(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["derive", "bert-base-uncased", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "| `attention.self.query` | $H \\times H$ | $H$ | $H^{2} + H$ | 590,592 |" in out
    assert "`embeddings.word_embeddings`" in out
    final = [line for line in out.splitlines() if "109,482,240" in line]
    assert final and "**" in final[0]
    assert "109{,}482{,}240" in out


def test_native_vocabulary() -> None:
    zh = symparam.model("bert-base-chinese").derive().to_markdown(lang="zh")
    ko = symparam.model("bert-base-uncased").derive().to_markdown(lang="ko")
    for term in ("参数量", "隐藏层维度", "词表大小"):
        assert term in zh
    for term in ("파라미터 수", "은닉 차원", "어휘 크기"):
        assert term in ko
    assert "390.12 MiB" in zh  # seed 003: 102,267,648 × 4 B


def test_bloom_tie_reconciles_seed_002() -> None:
    out = symparam.model("bloom-1b4-zh").derive().to_markdown(lang="zh")
    assert "`lm_head.weight` 与 `transformer.word_embeddings.weight` 是同一个张量" in out
    assert "1,397,616,640" in out and "1,303,111,680" in out


def test_symbolic_has_no_values() -> None:
    d = symparam.model("bert").derive(symbolic=True)
    out = d.to_markdown()
    assert d.value is None and "768" not in out
    assert r"N \left(4 H^{2} + 2 H d_{\mathrm{ff}} + 9 H + d_{\mathrm{ff}}\right)" in out
    assert "$h$ drops out" in out and r"h \cdot d_{\mathrm{head}} = h \cdot \frac{H}{h} = H" in out


def test_jupyter_reprs() -> None:
    d = symparam.model("toy-net").derive()
    assert d._repr_markdown_().startswith("# Parameter count of toy-net")
    assert r"\documentclass" not in d._repr_latex_()
    assert "3,145,728" in d._repr_markdown_()


HOSTILE = r"a_b %x &y #z $w ~ ^ \input{/etc/passwd} \write18{ls} | <script>x</script> `c`"


def test_user_strings_are_escaped() -> None:
    d = dataclasses.replace(symparam.model("toy-net").derive(), model=HOSTILE,
                            description=HOSTILE)
    tex = d.to_latex()
    assert r"\input{" not in tex and r"\write18{" not in tex
    assert r"\textbackslash{}input\{/etc/passwd\}" in tex
    assert r"a\_b \%x \&y \#z \$w" in tex
    md = d.to_markdown()
    assert "<script>" not in md and "&lt;script&gt;" in md
    title = md.splitlines()[0]
    assert r"\|" in title and " | " not in title.replace(r"\|", "")


def test_unknown_language_and_format() -> None:
    d = symparam.model("gpt2").derive()
    with pytest.raises(symparam.SymparamError, match="unknown language"):
        d.to_markdown(lang="fr")


def test_output_file_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "gpt2.md"
    assert main(["derive", "gpt2", "-o", str(target)]) == 0
    first = target.read_text(encoding="utf-8")
    assert "124,439,808" in first
    target.write_text("mine", encoding="utf-8")
    assert main(["derive", "gpt2", "-o", str(target)]) == 2
    assert target.read_text(encoding="utf-8") == "mine"
    assert main(["derive", "gpt2", "-o", str(target), "--force"]) == 0
    assert target.read_text(encoding="utf-8") == first
    assert main(["derive", "gpt2", "-o", str(tmp_path / "new" / "x.md")]) == 2
    assert not (tmp_path / "new").exists()
    assert main(["derive", "bert", "-o", str(tmp_path / "y.md")]) == 2  # values missing
    assert not (tmp_path / "y.md").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gpt2.md"]
    capsys.readouterr()


# -- formulas checked by an independent route ----------------------------------------------------

PRIMES = (101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151)


def _check_latex(expr: sympy.Expr) -> None:
    from sympy.parsing.latex import parse_latex

    symbols = sorted(expr.free_symbols, key=lambda s: s.name)
    values = dict(zip(symbols, PRIMES, strict=False))
    printed = latex(expr, values)
    parsed = parse_latex(printed)
    assert sympy.nsimplify(parsed.doit()) == expr.xreplace(
        {s: sympy.Integer(v) for s, v in values.items()}
    ), printed


@pytest.mark.parametrize("name", ["bert", "gpt2", "bloom", "llama", "transformer", "mlp"])
def test_latex_formulas_read_back_equal(name: str) -> None:
    need("antlr4")
    m = symparam.model(name)
    _check_latex(grouped(m.params, m.repeat_symbols))
    _check_latex(m.params)
    for section in m.derive(symbolic=True).sections:
        _check_latex(section.subtotal)
        for row in section.rows:
            _check_latex(row.params)


# -- the documents in derivations/ ---------------------------------------------------------------

_MATH = re.compile(r"\$\$\n(.*?)\n\$\$|\$([^$\n]+)\$", re.DOTALL)


def _math_spans(text: str) -> list[dict[str, object]]:
    return [{"tex": block if block else inline, "display": bool(block)}
            for block, inline in _MATH.findall(text)]


def test_markdown_math_renders_with_katex() -> None:
    module = katex_module()
    require(module is not None, "node with the katex package")
    spans = []
    for path in sorted(DERIVATIONS.glob("*.md")):
        spans.extend(_math_spans(path.read_text(encoding="utf-8")))
    assert len(spans) > 300
    done = subprocess.run(["node", str(ROOT / "tests" / "katex_check.js")],
                          input=json.dumps(spans), capture_output=True, text=True, check=False,
                          env={**os.environ, "SYMPARAM_KATEX": str(module)})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


@pytest.mark.parametrize("path", sorted(DERIVATIONS.glob("*.tex")), ids=lambda p: p.name)
def test_tex_compiles(path: Path, tmp_path: Path) -> None:
    engine = "pdflatex" if path.name.endswith(".en.tex") else "xelatex"
    require(shutil.which(engine) is not None, engine)
    shutil.copy(path, tmp_path / path.name)
    done = subprocess.run([engine, "-interaction=nonstopmode", "-halt-on-error", path.name],
                          cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:]
    assert (tmp_path / path.with_suffix(".pdf").name).stat().st_size > 10_000


def test_derive_with_flops(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["derive", "gpt2", "--flops", "--seq", "128"]) == 0
    out = capsys.readouterr().out
    assert "32,228,179,968 FLOPs" in out and "16,114,089,984 MACs" in out
    assert main(["derive", "gpt2", "--flops"]) == 2
    assert "--seq" in capsys.readouterr().err
    zh = symparam.model("toy-net").derive(seq=1).to_markdown(lang="zh")
    assert "6,291,456 FLOPs" in zh and "3,145,728 MACs" in zh


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_each_training_rule_as_its_authors_define_it(lang: str) -> None:
    """GPT-2 at s = 1024: a training step is 3·C = 874,944,921,600 FLOPs exactly, labelled so;
    C ≈ 6·N·D gives 764,558,180,352 with Hoffmann et al.'s N (every parameter: 6·P·D) and
    522,584,064,000 with Kaplan et al.'s (without the token and position tables), each beside
    its gap; no figure is called what it is not (3 × forward is not 6·P·D). The same numbers in
    every language; a mixture of experts with the parameters a token uses; none for a model
    whose weights do not all run over one sequence (an encoder–decoder)."""
    m = symparam.model("gpt2")
    d = m.derive(seq=1024)
    assert d.compute.training == 3 * d.compute.flops == 874_944_921_600
    rules = {r.who: r for r in d.compute.rules}
    assert rules["hoffmann"].value == 6 * m.count() * 1024 == 764_558_180_352
    assert rules["kaplan"].params == m.count() - (50257 + 1024) * 768
    assert rules["kaplan"].value == 522_584_064_000
    text = d.to_markdown(lang=lang)
    assert "$3 C$ = 874,944,921,600" in text
    for rule, figure, gap in (("6 P D", "764,558,180,352", "−12.6%"),
                              ("6 P_{\\mathrm{ne}} D", "522,584,064,000", "−40.3%")):
        (row,) = [line for line in text.splitlines() if line.startswith(f"| ${rule}$")]
        assert figure in row and row.endswith(f"| {gap} |")
    assert not re.search(r"6 P D[^|]*874,944,921,600", text)
    mixtral = symparam.model("mixtral-8x7b")
    assert {r.params for r in mixtral.derive(seq=8).compute.rules} >= {mixtral.active_count()}
    assert symparam.model("bart-large").derive(seq=8).compute.rules == ()


def test_cross_attention_that_does_not_run_is_said() -> None:
    """A decoder with add_cross_attention and no encoder: its compute section says the
    cross-attention's weights count but do not run, in every language; a model without it
    says nothing of the kind."""
    m = symparam.model("gpt2", add_cross_attention=True)
    for lang, words in (("en", "does not run here"), ("zh", "并不运行"), ("ko", "실행되지 않는다")):
        assert words in m.derive(seq=8).to_markdown(lang=lang)
        assert words not in symparam.model("gpt2").derive(seq=8).to_markdown(lang=lang)


def test_layers_shared_by_two_repeats_show_their_indices() -> None:
    out = symparam.model("deepseek-v3").derive().to_markdown()
    assert "`model.layers.{0…2}`" in out and "`model.layers.{3…60}`" in out
    symbolic = symparam.model("deepseek").derive(symbolic=True).to_markdown()
    assert "`model.layers.{N_dense…N − 1}`" in symbolic


def test_hostile_name_compiles_as_text(tmp_path: Path) -> None:
    """A name holding \\input and \\write18 compiles, and its text is printed, not run: the
    secret file is not read into the document and no shell command runs."""
    require(shutil.which("pdflatex") is not None, "pdflatex")
    require(shutil.which("pdftotext") is not None, "pdftotext (poppler-utils)")
    (tmp_path / "secret.tex").write_text("SECRETCONTENT\n", encoding="utf-8")
    name = r"\input{secret} \immediate\write18{touch PWNED} $x$ #1 % ~ ^ _ & {}" + "\n\nend"
    d = dataclasses.replace(symparam.model("toy-net").derive(), model=name, description=name)
    (tmp_path / "hostile.tex").write_text(d.to_latex(), encoding="utf-8")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                           "-shell-escape", "hostile.tex"], cwd=tmp_path, capture_output=True,
                          text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:]
    assert not (tmp_path / "PWNED").exists()
    text = subprocess.run(["pdftotext", "hostile.pdf", "-"], cwd=tmp_path, capture_output=True,
                          text=True, check=False).stdout
    assert "SECRETCONTENT" not in text and "input{secret}" in text.replace(" ", "")


@pytest.mark.parametrize("name", ["gemma", "deberta-v2", "albert", "mlp"])
def test_one_english_meaning_per_hyperparameter(name: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """``formula --json`` and the English derivation's table say the same of each symbol:
    both read the vocabulary (:mod:`symparam.symbols`), the one English table."""
    assert main(["formula", name, "--json"]) == 0
    said = {s["name"]: s["meaning"] for s in json.loads(capsys.readouterr().out)["symbols"]}
    derivation = symparam.model(name).derive(symbolic=True)
    table = {h.symbol.name: h.meaning for h in derivation.hyperparameters}
    assert said and said == {n: table[n] for n in said}  # the formula's, those that stay
    markdown = derivation.to_markdown()
    for meaning in said.values():
        assert f"| {meaning} |" in markdown
