"""Numbers as they are written (issue 33, item 7): one rule for digits wherever a number is
read (0-9: `--target ١٢٣` was taken where `--set H=١٢٣` was refused), one rule for NaN and
infinities in a config (`NaN` was refused where `1e309`, an infinity too, was read), and a
bound on what ``Model.evaluate`` is asked to work out at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symparam
from symparam.catalog import model_types
from symparam.limits import MAX_EVALUATE_POINTS, MAX_EVALUATE_POINTS_WITHOUT_NUMPY
from tests.fuzz.harness import EXAMPLES, call, json_lines, run
from tests.fuzz.test_fuzz import FUZZ

#: 0-9 in other scripts: Arabic-Indic, Persian, Devanagari, fullwidth, mathematical bold,
#: superscript (an exponent in a formula, nowhere else a number) and subscript
SCRIPTS = ["٠١٢٣٤٥٦٧٨٩", "۰۱۲۳۴۵۶۷۸۹", "०१२३४५६७८९", "０１２３４５６７８９",
           "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗", "⁰¹²³⁴⁵⁶⁷⁸⁹", "₀₁₂₃₄₅₆₇₈₉"]

#: where a number is read, each with a number it takes ({} is where its digits go)
PLACES = [(["count", "gpt2", "--set", "H={}"], "768"),
          (["count", "gpt2", "--set", "n_embd={}"], "768"),
          (["count", "mlp", "--set", "layers={}", "--set", "d_0=8", "--set", "d_1=8",
            "--set", "d_2=8"], "2"),
          (["solve", "gpt2", "--target", "{}", "--for", "H"], "124000000"),
          (["solve", "gpt2", "--target", "{}M", "--for", "H"], "124"),
          (["solve", "gpt2", "--target", "124M", "--for", "H", "--multiple-of", "{}"], "64"),
          (["flops", "gpt2", "--seq", "{}"], "128"),
          (["memory", "gpt2", "--seq", "8", "--batch", "{}"], "16"),
          (["count", "gpt2", "--depth", "{}"], "2"), (["approx", "gpt2", "--order", "{}"], "2"),
          (["sweep", "gpt2", "H={},24"], "12"), (["sweep", "gpt2", "N=1:{}"], "12"),
          (["check", "gpt2", "{}*N*H^2"], "12"), (["formula", "bert", "--assume", "d_ff={}*H"],
                                                  "4")]


def test_one_rule_for_digits() -> None:
    """A number with a digit of another script is refused in one line wherever a number is
    read; the same number in 0-9 is read."""
    accepted: dict[tuple[str, ...], Any] = {}

    @FUZZ
    @given(st.sampled_from(PLACES), st.sampled_from(SCRIPTS), st.data())
    def check(place: tuple[list[str], str], script: str, data: st.DataObject) -> None:
        argv, number = place
        if script == SCRIPTS[5] and argv[0] in ("check", "formula"):
            return  # in a formula ⁰¹²… are exponents (H²), read as such
        foreign = data.draw(st.sets(st.integers(0, len(number) - 1), min_size=1))
        written = "".join(script[int(d)] if i in foreign else d for i, d in enumerate(number))
        refused = run("digits in any script", [a.replace("{}", written) for a in argv])
        assert refused.code == 2, refused.out
        plain = tuple(a.replace("{}", number) for a in argv)
        if plain not in accepted:  # the same command each time its place is drawn: run once
            accepted[plain] = run("digits in any script", list(plain))
        assert accepted[plain].code in (0, 1), accepted[plain].err

    check()


def test_the_api_reads_digits_alike() -> None:
    for script in SCRIPTS:
        with pytest.raises(symparam.SymparamError):
            symparam.model("gpt2").solve("H", script[1] + script[2] + script[4] + "M")
        with pytest.raises(symparam.SymparamError):
            symparam.model("mlp", layers=script[2])
        with pytest.raises(symparam.SymparamError):
            symparam.symbol("d_" + script[1])


#: how a config writes a number that is no whole number, by the value Python reads it as
NOT_WHOLE = {"NaN": "nan", "Infinity": "inf", "1e309": "inf", "1E400": "inf",
             "-Infinity": "-inf", "-1e309": "-inf"}


def test_nan_and_infinities_alike(tmp_path: Path) -> None:
    """In any key a model type reads, and in a key it does not: NaN, Infinity and 1e309 (an
    infinity too) are read alike, and so are -Infinity and -1e309 (issue 27's rule: read
    where a key sizes nothing, refused in one line where it would). Same status, same count."""
    types = sorted(model_types())

    @FUZZ
    @given(st.sampled_from(types), st.data())
    def check(model_type: str, data: st.DataObject) -> None:
        record = model_types()[model_type]
        keys = sorted({k for k in record.reads() if "." not in k} | {"not_a_key_it_reads"})
        key = data.draw(st.sampled_from(keys))
        first, second = data.draw(st.sampled_from([("NaN", "1e309"), ("Infinity", "1e309"),
                                                   ("NaN", "Infinity"), ("1E400", "1e309"),
                                                   ("-Infinity", "-1e309"),
                                                   ("NaN", "-1e309")]))
        outcomes = []
        for written in (first, second):
            path = tmp_path / "config.json"
            path.write_text(json.dumps({"model_type": model_type})[:-1]
                            + f', "{key}": {written}}}', encoding="utf-8")
            result = run("NaN and infinities", ["count", str(path), "--json"])
            outcomes.append((result.code, json_lines(result.out)[0]["params"]
                             if result.code == 0 else None))
        assert outcomes[0] == outcomes[1], (model_type, key, first, second, outcomes)

    check()


def test_evaluate_is_bounded() -> None:
    """Arrays that broadcast to any number of combinations, with and without numpy: worked
    out within the fuzz suite's CPU bound, or refused in one line past MAX_EVALUATE_POINTS
    (MAX_EVALUATE_POINTS_WITHOUT_NUMPY), before any is made."""
    numpy = pytest.importorskip("numpy")
    from symparam.sweep import evaluate

    model = symparam.model("jamba-1.5-mini")
    names = ["H", "N", "V", "E", "d_ff", "k"]

    @settings(FUZZ, max_examples=max(20, EXAMPLES // 20))
    @given(st.lists(st.sampled_from([1, 2, 7, 50, 300, 1000, 5000, 100_000]), min_size=1,
                    max_size=4), st.booleans())
    def check(sizes: list[int], with_numpy: bool) -> None:
        arrays: dict[str, Any] = {}
        for axis, size in enumerate(sizes):
            shape = [1] * len(sizes)
            shape[axis] = size
            name = names[axis]
            column = numpy.full(shape, model.values[name], dtype=numpy.int64)
            arrays[name] = column if with_numpy else column.tolist()
        combinations = int(numpy.prod(sizes))
        most = MAX_EVALUATE_POINTS if with_numpy else MAX_EVALUATE_POINTS_WITHOUT_NUMPY
        result = call("API: Model.evaluate's size",
                      lambda: evaluate(model, arrays, numpy=None if with_numpy else False))
        assert (result is None) == (combinations > most), (sizes, with_numpy)

    check()
