"""Published FLOPs formulas (``flops --compare``) against the papers' own figures: each row is
the formula as its authors wrote it, for the quantity symparam prints, or refused with why."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sympy

import symparam
from symparam.cli import main
from symparam.compute import compute
from symparam.published import Published, compare


def rows(m: symparam.Model, seq: int, batch: int = 1, **request: Any) -> dict[str, Published]:
    return {r.name: r for r in compare(m, seq, batch, **request)}


#: PaLM 540B as Chowdhery et al. 2022 describe it (section 2, table 1): 118 layers of
#: d_model 18,432, 48 heads of 256, one shared key/value head, a SwiGLU MLP of 4·d_model,
#: attention and MLP in parallel on one bias-free LayerNorm, no biases, a 256k vocabulary
#: shared with the output layer: Cohere's layout
PALM_540B = {"N": 118, "H": 18432, "h": 48, "h_kv": 1, "d_head": 256, "d_ff": 4 * 18432,
             "V": 256000}


def test_palm_540b_row_is_within_a_hundredth_of_a_percent() -> None:
    m = symparam.model("cohere", **PALM_540B)
    assert abs(m.count() - 540.35e9) < 0.01e9  # "540.35B" (table 1)
    for request in ({"training": True}, {}):
        palm = rows(m, 2048, **request)["palm"]
        assert abs(palm.relative_error) < 1e-4, palm.relative_error
    # the row is appendix B's formula with PaLM's own numbers: 6·P + 12·L·H·Q·T a token,
    # H·Q = 48 heads × 256 (12,288), not d_model (18,432)
    training = rows(m, 2048, training=True)["palm"].value
    assert training == 2048 * (6 * m.count() + 12 * 118 * 48 * 256 * 2048)


def test_gemma_7b_uses_its_head_width() -> None:
    """Gemma-7B's 16 heads of 256 are 4,096 wide, its d_model 3,072 (google/gemma-7b's
    config.json): PaLM's formula is +0.002% with the heads' width."""
    m = symparam.model("gemma", N=28, H=3072, h=16, h_kv=16, d_head=256, d_ff=24576, V=256000)
    palm = rows(m, 2048)["palm"]
    assert 0 < palm.relative_error < 3e-5
    kaplan = rows(m, 2048)["kaplan"]  # Kaplan's d_attn is the heads' width too
    non_embedding = m.count() - 256000 * 3072
    assert kaplan.value == 2048 * (2 * non_embedding + 2 * 28 * 2048 * 16 * 256)


#: Narayanan et al. 2021, table 1: (parameters in billions, heads, hidden size, layers, batch)
#: at s = 2048 and V = 51,200
MEGATRON_TABLE_1 = [
    (1.7, 24, 2304, 24, 512), (3.6, 32, 3072, 30, 512), (7.5, 32, 4096, 36, 512),
    (18.4, 48, 6144, 40, 1024), (39.1, 64, 8192, 48, 1536), (76.1, 80, 10240, 60, 1792),
    (145.6, 96, 12288, 80, 2304), (310.1, 128, 16384, 96, 2160), (529.6, 128, 20480, 105, 2520),
    (1008.0, 160, 25600, 128, 3072),
]


@pytest.mark.parametrize(("billions", "heads", "hidden", "layers", "batch"), MEGATRON_TABLE_1)
def test_megatron_table_1(billions: float, heads: int, hidden: int, layers: int,
                          batch: int) -> None:
    """A GPT of each configuration of Megatron-LM's table 1: its count is the table's, and with
    full recomputation both the exact count and the ``megatron`` row are the paper's
    96·B·s·l·h²·(1 + s/6h + V/16lh) (each layer's forward again, the logits not)."""
    seq, vocab = 2048, 51200
    m = symparam.model("gpt2", N=layers, H=hidden, h=heads, V=vocab, L=seq)
    assert round(m.count() / 1e9, 1) == billions
    paper = 96 * batch * seq * layers * hidden**2 + 16 * batch * seq**2 * layers * hidden \
        + 6 * batch * seq * vocab * hidden  # the formula, multiplied out
    assert compute(m, seq=seq, batch=batch, training=True, recompute="full").flops == paper
    assert rows(m, seq, batch, training=True, recompute="full")["megatron"].value == paper
    without = 72 * batch * seq * layers * hidden**2 + 12 * batch * seq**2 * layers * hidden \
        + 6 * batch * seq * vocab * hidden
    assert compute(m, seq=seq, batch=batch, training=True).flops == without
    assert rows(m, seq, batch, training=True)["megatron"].value == without


#: Hoffmann et al. 2022, table A4: (layers, d_model, ffw_size, heads, FLOP ratio ours / 6ND),
#: with nanoGPT's scaling_laws notebook's reproduction of each row: its FLOPs (the layers'
#: terms of appendix F, training) and its count N of the Chinchilla model
CHINCHILLA_TABLE_A4 = [
    (10, 640, 2560, 10, 1.03, 929_877_196_800, 73_825_280),
    (20, 1024, 4096, 16, 1.10, 4_135_248_199_680, 305_707_008),
    (24, 1280, 5120, 10, 1.08, 7_353_453_772_800, 552_604_160),
    (26, 1792, 7168, 14, 1.04, 14_670_316_437_504, 1_143_453_696),
    (28, 2048, 8192, 16, 1.03, 20_220_437_594_112, 1_593_126_912),
    (40, 3584, 14336, 28, 0.99, 83_021_046_743_040, 6_796_274_688),
]


@pytest.mark.parametrize(("layers", "d_model", "ffw", "heads", "ratio", "flops", "params"),
                         CHINCHILLA_TABLE_A4)
def test_chinchilla_table_a4(layers: int, d_model: int, ffw: int, heads: int, ratio: float,
                             flops: int, params: int) -> None:
    """Table A4's ratios come out of the ``chinchilla-a4`` row (no embeddings, no logits), at
    s = 2048 and V = 32,000; the full appendix F row (with both) gives other ones."""
    m = symparam.model("gpt2", N=layers, H=d_model, h=heads, d_ff=ffw, V=32000, L=2048)
    found = rows(m, 2048, training=True)
    assert found["chinchilla-a4"].value == flops
    assert round(flops / (6 * params * 2048), 2) == ratio
    assert round(found["chinchilla"].value / (6 * params * 2048), 2) != ratio
    # the row's own ratio column: over 6·N·D with this model's N (a GPT-2 of the same sizes,
    # not Chinchilla's relative-position layers: its N differs, and so the ratio); a forward
    # pass over 2·N·D is the same ratio
    assert found["chinchilla-a4"].ratio == flops / (6 * m.count() * 2048)
    assert rows(m, 2048)["chinchilla-a4"].ratio == pytest.approx(found["chinchilla-a4"].ratio)
    assert found["chinchilla"].ratio is None


def test_each_row_is_for_the_printed_quantity() -> None:
    """Decoding, causal attention and recomputation: a row either counts the same quantity as
    the total or says why it cannot."""
    m = symparam.model("llama-2-7b")
    decode = rows(m, 2048, decode=True)
    assert all(r.value is None and "one token against a cache" in r.refused
               for r in decode.values())
    causal = rows(m, 2048, causal=True)
    assert causal["kaplan"].value is not None  # its attention term is the causal one
    assert all("full s×s" in causal[n].refused for n in ("chinchilla", "megatron", "palm"))
    selective = rows(m, 2048, training=True, recompute="selective")
    assert "not selective" in selective["megatron"].refused
    assert "rematerialization" in selective["palm"].refused
    forward, training = rows(m, 2048), rows(m, 2048, training=True)
    for name in ("kaplan", "chinchilla", "megatron"):
        assert training[name].value == 3 * forward[name].value
        assert training[name].exact == 3 * forward[name].exact


def test_where_a_formula_does_not_fit() -> None:
    """A SwiGLU MLP has three matrices where Chinchilla's and Megatron's have two; grouped
    key/value heads make K and V narrower; a mixture of experts has no d_ff."""
    llama = rows(symparam.model("llama-2-7b"), 2048)
    assert any(n.startswith("MLP: the model's 6·B·s·N·H·d_ff") for n in llama["chinchilla"].notes)
    assert not any(n.startswith("attention") for n in llama["chinchilla"].notes)
    assert any(n.startswith("attention") for n in rows(symparam.model("llama-3-8b"),
                                                       2048)["chinchilla"].notes)
    mixtral = rows(symparam.model("mixtral-8x7b"), 2048)
    assert "d_ff" in mixtral["chinchilla"].refused
    assert "active" in mixtral["palm"].notes[0]
    gpt2 = rows(symparam.model("gpt2"), 1024)
    assert gpt2["megatron"].notes == () and gpt2["megatron"].value == gpt2["megatron"].exact


def test_compare_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["flops", "gpt2", "llama-2-7b", "--seq", "2048", "--json",
                 "--compare", "kaplan,chinchilla,megatron,palm"]) == 0
    for line in capsys.readouterr().out.splitlines():
        record = json.loads(line)
        assert [r["name"] for r in record["compare"]] == ["kaplan", "chinchilla", "megatron",
                                                          "palm"]
        assert all(r["counts"] for r in record["compare"])
    assert main(["flops", "llama-2-7b", "--seq", "2048", "--decode", "--compare", "kaplan"]) == 0
    out = capsys.readouterr().out
    assert "kaplan" in out and "not comparable" in out and "TFLOPs" not in out
    assert main(["flops", "llama-2-7b", "--seq", "64", "--compare", "chinchilla"]) == 0
    assert "does not fit: MLP" in capsys.readouterr().out
    assert main(["flops", "gpt2", "--seq", "8", "--compare", "nope"]) == 2
    capsys.readouterr()


def test_macs_print_a_macs_formula(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["flops", "gpt2", "--seq", "128", "--macs"]) == 0
    out = capsys.readouterr().out
    assert "MACs = " in out and "FLOPs =" not in out
    assert main(["flops", "gpt2", "--seq", "128", "--macs", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    b, s, n, h, v = (symparam.symbol(x) for x in ("B", "s", "N", "H", "V"))
    # GPT-2's forward, 24·B·s·N·H² + 4·B·s²·N·H + 2·B·s·V·H FLOPs, in multiply-adds
    assert sympy.sympify(record["macs_formula"], locals={x.name: x for x in (b, s, n, h, v)}) \
        - (12 * b * s * n * h**2 + 2 * b * s**2 * n * h + b * s * v * h) == 0


def test_ratio_column_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    """``--compare chinchilla-a4`` prints table A4's ratio column for the model, and the help
    of ``--compare`` names every formula it takes."""
    from symparam.published import SOURCES

    assert main(["flops", "gpt2", "--seq", "2048", "--training", "--compare", "chinchilla-a4",
                 "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["compare"]
    assert row["ratio_to_6nd"] == row["flops"] / (6 * 124_439_808 * 2048)
    assert main(["flops", "gpt2", "--seq", "2048", "--training", "--compare",
                 "chinchilla-a4"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"as table A4's column gives it: {row['ratio_to_6nd']:.2f}" in out
    assert main(["flops", "--help"]) == 0
    assert ",".join(SOURCES) in capsys.readouterr().out
