"""depends, check, approx, sensitivity and solve: the answers the seeds argue about."""

from __future__ import annotations

import json

import pytest
import sympy

import symparam
from symparam.analysis import depends
from symparam.approx import approximate, sensitivity
from symparam.check import check
from symparam.cli import main
from symparam.solve import solve

SEED_000 = "(3*L + 11*N + 2)*H + 12*N*H**2"


def drops(model: symparam.Model) -> dict[str, str]:
    return {d["symbol"]: d["reason"] for d in depends(model)["drops_out"]}


def test_bert_heads_drop_out_ffn_stays() -> None:
    result = depends(symparam.model("bert"))
    assert "d_ff" in result["affects"] and "h" not in result["affects"]
    assert "h·d_head = h·(H/h) = H" in drops(symparam.model("bert"))["h"]


def test_albert_depth_drops_out() -> None:
    result = depends(symparam.model("albert"))
    assert "N" not in result["affects"]
    assert "shared" in drops(symparam.model("albert"))["N"]


def test_gemma_heads_matter() -> None:
    assert "h" in depends(symparam.model("gemma"))["affects"]
    assert "d_head" in depends(symparam.model("gemma"))["affects"]
    gemma = symparam.from_hf_config({"model_type": "gemma"})
    assert "h" in depends(gemma)["affects"]


def test_llama_kv_heads_matter() -> None:
    assert "h_kv" in depends(symparam.model("llama"))["affects"]
    assert "h_kv" not in depends(symparam.model("llama", assume=["h_kv=h"]))["affects"]


def test_depends_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["depends", "albert", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert set(record) == {"model", "affects", "drops_out", "assumptions"}
    assert record["drops_out"][0]["symbol"] == "N"


def test_seed_000_formula_differs_as_it_should() -> None:
    model = symparam.model("bert", pooler=False, assume=["d_ff=4*H"])
    result = check(model, SEED_000)
    v, t, l_, n, h = (symparam.symbol(x) for x in "VTLNH")
    assert not result.equal
    assert sympy.expand(result.difference - (v * h + t * h - 2 * l_ * h + 2 * n * h)) == 0
    by_term = {str(term.monomial): term for term in result.terms}
    assert by_term["H*N"].engine == 13 and by_term["H*N"].formula == 11
    assert [(name, shape) for name, _, shape in by_term["H*V"].sources] == [
        ("embeddings.word_embeddings.weight", "V×H")]
    assert by_term["H*L"].formula == 3


@pytest.mark.parametrize("written", [
    "12*N*H**2 + 13*N*H + (V + L + T + 2)*H",
    "12·N·H² + 13·N·H + (V + L + T + 2)·H",
    "12 × N × H² + 13 × N × H + (V + L + T + 2) × H",
    "12NH^2 + 13NH + VH + LH + TH + 2H",
])
def test_correct_formula_is_equal(written: str) -> None:
    model = symparam.model("bert", pooler=False, assume=["d_ff=4*H"])
    assert check(model, written).equal


def test_check_json_and_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "bert-base-uncased", SEED_000, "--set", "pooler=false",
                 "--assume", "d_ff=4*H", "--json"]) == 1  # not equal
    record = json.loads(capsys.readouterr().out)
    assert record["equal"] is False
    assert record["difference"] == "-2*H*L + 2*H*N + H*T + H*V"
    assert record["engine_value"] == 108_891_648
    assert {"term", "engine", "formula", "value", "from"} <= set(record["terms"][0])


def test_check_rejects_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "bert", "__import__('os').system('touch PWNED')"]) == 2
    assert "unknown name" in capsys.readouterr().err


def test_bert_shortcut_approximation() -> None:
    a = approximate(symparam.model("bert-base-uncased"), "bert-shortcut")
    h = symparam.symbol("H")
    assert a.exact_value == 109_482_240
    # V·H + 145·H² at V = 30522, H = 768, worked by hand: 23,440,896 + 85,524,480
    assert a.approx_value == 23_440_896 + 85_524_480
    assert [term for term, _ in a.dropped] == [673 * h]
    assert sum(v for _, v in a.dropped) == a.exact_value - a.approx_value


def test_kaplan_is_the_leading_term_of_the_non_embedding_count() -> None:
    a = approximate(symparam.model("gpt2"), "kaplan")
    n, h = symparam.symbol("N"), symparam.symbol("H")
    assert a.target == "non_embedding"
    assert sympy.expand(a.exact - 12 * n * h**2) == 13 * n * h + 2 * h


def test_kaplan_leaves_out_an_untied_unembedding() -> None:
    """Kaplan et al. count neither the vocabulary and position tables nor the unembedding:
    LLaMA-2-7B's untied LM head (32,000 × 4,096) is left out with its token table."""
    a = approximate(symparam.model("llama-2-7b"), "kaplan")
    assert a.exact_value == 6_738_415_616 - 2 * 32000 * 4096
    assert "unembedding" in a.source


def test_order_says_how_it_counts_degree() -> None:
    """12·N·H² is of degree 2: a layer count multiplies a term without raising its degree."""
    a = approximate(symparam.model("gpt2"), order=2)
    n, h, v, length = (symparam.symbol(x) for x in ("N", "H", "V", "L"))
    assert sympy.expand(a.approx - (12 * n * h**2 + v * h + length * h)) == 0
    assert "not the layer counts" in a.source and "(N)" in a.source


def test_nanogpt_non_embedding_count() -> None:
    a = approximate(symparam.model("gpt2"), "nanogpt")
    assert a.exact_value - a.approx_value == 1024 * 768  # the position table


def test_sensitivity_elasticities_sum_to_degree() -> None:
    """Euler: for a homogeneous count the elasticities add up to its degree; BERT is not
    homogeneous, so they add up to a value between its lowest and highest degree."""
    rows = sensitivity(symparam.model("bert-base-uncased"))
    total = sum(r.elasticity for r in rows)
    assert 1 < total < 3
    slopes = {r.symbol.name: r.slope for r in rows}
    assert slopes["V"] == 768 and slopes["T"] == 768


def test_solve_llama_for_h() -> None:
    m = symparam.model("llama", N=32, V=32000, h=32, h_kv=32, d_ff=11008)
    result = solve(m, "H", 7_000_000_000, multiple_of=128)
    assert result.value % 128 == 0
    assert result.below is not None and result.above is not None
    assert result.below[1] <= 7_000_000_000 <= result.above[1]
    assert result.above[0] - result.below[0] == 128
    assert m.count(H=result.value) == result.count


def test_solve_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "llama", "--target", "7e9", "--for", "H", "--set", "N=32",
                 "--set", "V=32000", "--set", "h=32", "--set", "h_kv=32", "--set",
                 "d_ff=11008", "--multiple-of", "128", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["target"] == 7_000_000_000 and record["value"] % 128 == 0
    assert main(["solve", "llama", "--target", "lots", "--for", "H"]) == 2
    assert "--target" in capsys.readouterr().err


def test_llama_ffn_assumption() -> None:
    m = symparam.model("llama-2-7b", assume=["llama-ffn"], M=256)
    assert m.count() == symparam.model("llama-2-7b").count()  # 8·4096/3 → 11008
    assert "d_ff" not in {s.name for s in m.params.free_symbols}


def test_expansion_drops_out_where_the_file_gives_the_inner_width() -> None:
    """Mamba's e only sets the default d_inner = e·H: a file that writes intermediate_size
    (mamba-130m's) leaves e out of the total, and says why; one without it keeps e."""
    given = symparam.model("mamba-130m")
    (drop,) = [d for d in depends(given)["drops_out"] if d["symbol"] == "e"]
    assert drop["kind"] == "given"
    assert drop["reason"] == ("e only sets the default d_inner = e·H, and the config gives "
                              "d_inner itself")
    lean = symparam.from_hf_config({"model_type": "mamba", "hidden_size": 8, "expand": 3,
                                    "num_hidden_layers": 2, "vocab_size": 16})
    assert "e" in depends(lean)["affects"] and "d_inner" not in depends(lean)["affects"]


@pytest.mark.parametrize("lang", ["en", "zh", "ko"])
def test_family_readings_render(lang: str) -> None:
    """Every family or class the language files describe ([reading]) has its paragraphs in
    all three languages, as many in each, and each renders: math between dollar signs, module
    names as code."""
    from symparam.escaping import prose
    from symparam.wording import strings

    explained = strings("en")["reading"]
    assert set(strings(lang)["reading"]) == set(explained)
    for family, paragraphs in strings(lang)["reading"].items():
        assert len(paragraphs) == len(explained[family])
        for paragraph in paragraphs:
            shown = prose(paragraph, lambda x: x, lambda c: f"[{c}]", lambda m: f"<{m}>")
            assert "$" not in shown and "`" not in shown


def test_an_unmatched_dollar_in_a_reading_is_refused() -> None:
    from symparam.errors import InvalidValueError
    from symparam.escaping import prose

    with pytest.raises(InvalidValueError, match="unmatched"):
        prose("a $b", str, str, str)


def test_termwise_derivative_is_sympys() -> None:
    """The sensitivity's derivative, taken term by term, equals sympy.diff's on sums of
    monomials in H and N with floors of N (a sparse step), powers and rationals mixed in."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from symparam.approx import termwise_diff
    from symparam.symbols import H, N, V

    factors = st.sampled_from([H, N, V, H**2, N**3, sympy.floor(N / 4), sympy.floor((N - 1) / 2),
                               sympy.Rational(1, 3), 7, H / N, sympy.ceiling(H / 64)])
    terms = st.lists(factors, min_size=1, max_size=4).map(lambda f: sympy.Mul(*f))

    @settings(max_examples=60, deadline=None)
    @given(st.lists(terms, min_size=1, max_size=6), st.sampled_from([H, N, V]))
    def check(parts: list[sympy.Expr], sym: sympy.Symbol) -> None:
        expr = sympy.Add(*parts)
        assert sympy.expand(termwise_diff(expr, sym) - sympy.diff(expr, sym)) == 0

    check()
