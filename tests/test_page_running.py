"""A page's memory and compute at a sequence length, a batch and a dtype: every figure — the
KV cache, a state-space layer's state, the activations under each recomputation policy, the
forward, training and decoding FLOPs — is what ``symparam memory --json`` and ``symparam flops
--json`` print for the same values, in Python from the formulas the page embeds and in a
browser (headless Chromium) from what its script writes, past 2⁵³; where a command refuses,
the page shows no figure and says why.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.blocks.numbers import value as exact_value
from symparam.cli import main
from symparam.derivation import derive
from symparam.live import Formulas
from symparam.markup import Words
from symparam.page import page
from symparam.page_compute import running
from symparam.symbols import B, s
from symparam.wording import family_name
from tests.browser import elements, load

#: the issue's five, a model with sliding windows (min(s, W − 1) in the script) and an
#: encoder–decoder (its decoder as long as its source; no decoding step)
MODELS = ("llama-3-8b", "gpt2", "mixtral-8x7b", "mamba-130m", "bert-base-uncased",
          "gemma-3-1b", "whisper-small",
          # vision–language models, their images where the commands start them: one a
          # sequence, pooled (Gemma 3), at the tower's largest (Mistral 3), resized (Qwen2.5-VL)
          "gemma-3-4b", "mistral-small-3.1-24b", "qwen2.5-vl-7b")
#: (s, B): small, the page's own, and products past 2⁵³ (s²·B past 2⁶⁰)
VALUES = ((7, 3), (2048, 1), (1_000_003, 4099))
DTYPES = ("fp32", "fp16", "bf16", "int8")
FLOPS = {"forward": [], "training": ["--training"],
         "training-selective": ["--training", "--recompute", "selective"],
         "training-full": ["--training", "--recompute", "full"], "decode": ["--decode"]}


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any] | None:
    status = main([*args, "--json"])
    out = capsys.readouterr().out
    return json.loads(out.splitlines()[0]) if status == 0 else None


def expected(capsys: pytest.CaptureFixture[str], model: str, seq: int,
             batch: int, *images: str) -> dict[str, int | None]:
    """Each figure's number as the commands print it, by (figure, dtype); None: refused."""
    sizes = ["--seq", str(seq), "--batch", str(batch), *images]
    out: dict[str, int | None] = {}
    for dtype in DTYPES:
        record = _cli(capsys, "memory", model, *sizes, "--dtype", dtype)
        assert record is not None
        out[f"kv/{dtype}"] = record["kv_cache_bytes"]
        out[f"state/{dtype}"] = record["state_bytes"]
        for policy in ("none", "selective", "full"):
            found = (record["activations"] or {}).get(policy) or {}
            out[f"activations-{policy}/{dtype}"] = found.get("bytes")
    for name, flags in FLOPS.items():
        record = _cli(capsys, "flops", model, *sizes, *flags)
        for dtype in DTYPES:
            out[f"flops-{name}/{dtype}"] = None if record is None else record["flops"]
    return out


def _shown(found: list[Any]) -> dict[str, int | None]:
    """Each figure's number as a page shows it, by (figure, dtype)."""
    out: dict[str, int | None] = {}
    figure = None
    for e in found:
        if "data-figure" in e.attrs:
            figure = e.attrs["data-figure"]
            if figure.startswith("flops-"):  # the same whatever the dtype
                number = re.fullmatch(r"[\d,]+", e.text)
                for dtype in DTYPES:
                    out[f"{figure}/{dtype}"] = \
                        None if number is None else int(e.text.replace(",", ""))
        elif "data-dtype" in e.attrs and figure is not None:
            number = re.match(r"^([\d,]+) \(", e.text)
            out[f"{figure}/{e.attrs['data-dtype']}"] = \
                None if number is None else int(number.group(1).replace(",", ""))
    return out


def _present(wanted: dict[str, int | None]) -> dict[str, int | None]:
    return {k: v for k, v in wanted.items() if v is not None}


@pytest.mark.parametrize("model", MODELS)
def test_the_formulas_a_page_embeds_are_the_commands(model: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """In Python: each formula the page writes, at s and B, is the command line's figure."""
    m = symparam.model(model)
    formulas = Formulas({symparam.symbols.lookup(k).symbol: v for k, v in m.bind().items()})
    html = running(derive(m, running=True), formulas, Words())
    assert html is not None
    for seq, batch in VALUES:
        at = {**formulas.values, s: seq, B: batch}
        shown: dict[str, int | None] = {}
        for key in ("kv", "state"):
            for dtype, index in _indexes(html[key]):
                shown[f"{key}/{dtype}"] = exact_value(formulas.exprs[index], at)
        for row in html["activations"]:
            for dtype, index in _indexes(row["figure"]):
                shown[f"activations-{row['name']}/{dtype}"] = \
                    exact_value(formulas.exprs[index], at)
        for row in html["flops"]:
            (index,) = re.findall(r'data-f="(\d+)"', str(row["value"]))
            for dtype in DTYPES:
                shown[f"flops-{row['name']}/{dtype}"] = exact_value(formulas.exprs[int(index)], at)
        assert shown == _present(expected(capsys, model, seq, batch))


def _indexes(markup: Any) -> list[tuple[str, int]]:
    if markup is None:
        return []
    return [(dtype, int(index)) for dtype, index in
            re.findall(r'data-dtype="(\w+)"[^>]*><span data-f="(\d+)"', str(markup))]


@pytest.mark.parametrize("model", MODELS)
def test_the_browser_shows_the_commands_figures(model: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Before its script runs (at s = 2048, B = 1) and in a browser at values past 2⁵³, the
    page's figures are the commands'; where they refuse, it shows none."""
    path = tmp_path / "page.html"
    path.write_text(page(symparam.model(model)), encoding="utf-8")
    html = path.read_text(encoding="utf-8")
    assert _present(_shown(elements(html))) == _present(expected(capsys, model, 2048, 1))
    seq, batch = VALUES[-1]
    loaded = load(path, f"s={seq}&B={batch}")
    assert loaded.console == [] and loaded.requests == []
    assert _present(_shown(loaded.elements)) == _present(expected(capsys, model, seq, batch))


def test_a_pages_images_are_the_commands(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Qwen2.5-VL reads each image at its own size: the page starts from the image the
    commands take by default (its tokens and windows' pairs inputs beside s and B, not empty
    hyperparameters), and with three images of 480 × 640 pixels — their tokens and pairs as
    the processor makes them — shows what ``--images 3 --image-size 480x640`` gives."""
    model = symparam.model("qwen2.5-vl-7b")
    path = tmp_path / "page.html"
    path.write_text(page(model), encoding="utf-8")
    html = path.read_text(encoding="utf-8")
    inputs = dict(re.findall(r'data-name="(\w+)"( data-run)?', html))
    assert {name: run for name, run in inputs.items() if name in ("n_img", "s_img", "Q_win")} \
        == {"n_img": " data-run", "s_img": " data-run", "Q_win": " data-run"}
    grid = symparam.images.bound(model, 3, (480, 640))
    address = "&".join(f"{k}={v}" for k, v in {"s": 100, "B": 2, **grid}.items())
    loaded = load(path, address)
    assert loaded.console == []
    assert _present(_shown(loaded.elements)) == _present(
        expected(capsys, "qwen2.5-vl-7b", 100, 2, "--images", "3", "--image-size", "480x640"))


def test_a_refusal_is_said_in_each_language() -> None:
    """Mamba's activations and decoding step, BERT's decoding step and the Transformer
    family's FLOPs are refused by the commands: the page says so, in every language, and
    shows no figure for them."""
    for model, keys in (("mamba-130m", ("activations_unchecked", "decode_state")),
                        ("bert-base-uncased", ("decode_none",))):
        html = unescape(page(symparam.model(model)))
        for key in keys:
            for lang in ("en", "zh", "ko"):
                text = Words().plain(lang, f"page.{key}")
                assert text in html, (model, key, lang)
    transformer = symparam.model("transformer", N=2, H=8, h=2, d_ff=16, V=10)
    html = unescape(page(transformer))
    for lang in ("en", "zh", "ko"):  # symparam flops refuses the family: no figure, one line
        assert Words().plain(lang, "page.flops_family",
                             family=family_name("Transformer", lang)) in html
    assert not any(k.startswith("flops-") for k in _shown(elements(html)))
    assert _shown(elements(page(symparam.model("gpt2")))) != {}


def test_a_model_of_more_runs_than_a_page_derives_says_so() -> None:
    """Past MAX_RUNS runs of differing layers (Qwen3-MoE's mlp_only_layers cut into
    them), the page shows no memory or compute figure and says why, in every language; at
    the limit it shows them."""
    from symparam.running import MAX_RUNS
    from tests.fuzz.test_layer_lists import layer_config

    for runs, refused in ((MAX_RUNS, False), (MAX_RUNS + 1, True)):
        model = symparam.from_hf_config(layer_config("qwen3_moe", runs, 3, apart=False))
        html = page(model)
        text = unescape(re.sub(r"<[^>]+>", "", html))
        for lang in ("en", "zh", "ko"):
            said = Words().plain(lang, "page.run_many", runs=f"{runs:,}", limit=MAX_RUNS,
                                 memory="symparam memory", flops="symparam flops")
            assert (said in text) == refused, (runs, lang)
        assert bool(_shown(elements(html))) != refused


def test_a_sequence_length_that_is_not_a_value_keeps_the_count(tmp_path: Path) -> None:
    """s = 0 is no value: the page says so and its figures are empty, the count stays."""
    path = tmp_path / "page.html"
    path.write_text(page(symparam.model("gpt2")), encoding="utf-8")
    loaded = load(path, "s=0")
    assert loaded.value() == str(symparam.model("gpt2").count())
    assert loaded.shown("data-status")["invalid"] and loaded.listed("invalid") == "s"
    assert _present(_shown(loaded.elements)) == {}


@pytest.mark.parametrize(("flags", "start"), [
    (["--seq", "4096", "--batch", "16"], (4096, 16)),
    (["--seq", "512"], (512, 1)),
    ([], (2048, 1)),
])
def test_a_page_made_for_a_layout_starts_at_its_sequence_and_batch(
        flags: list[str], start: tuple[int, int], capsys: pytest.CaptureFixture[str]) -> None:
    """``symparam page MODEL --gpus … --seq S --batch B``: the inputs s and B start at S and
    B (each not given: where any page starts, 2,048 tokens and one sequence), and every figure
    the page holds before its script runs is what the commands give there."""
    assert main(["page", "llama-3-8b", "--gpus", "8", "--tp", "2", *flags]) == 0
    html = capsys.readouterr().out
    inputs = dict(re.findall(r'data-name="([sB])" data-run value="(\d+)"', html))
    assert inputs == {"s": str(start[0]), "B": str(start[1])}
    assert _present(_shown(elements(html))) == _present(expected(capsys, "llama-3-8b", *start))
