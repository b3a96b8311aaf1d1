"""A model's web page in a real browser (headless Chromium): the count ``symparam count``
prints for the values in its address, for dense models and mixtures of experts past 2⁵³, a
message for values that break a rule, the showcase pages (each screenshot kept in
``tests/artefacts/pages`` to look at), the closed form copied as LaTeX, the share bar and the
memory figures, with no console message and no request.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.catalog import example_values, families
from symparam.cli import main
from symparam.live import grouped as live_grouped
from symparam.page import page
from symparam.presets import presets
from symparam.showcase import SHOWCASE
from tests.browser import elements, figures, load
from tests.pages import Words, body_data, clean, opened, said_count, written
from tests.tools import ROOT, need

ARTEFACTS = ROOT / "tests" / "artefacts" / "pages"
CONFIG = ROOT / "tests" / "configs" / "qwen3-30b-a3b.json"


def test_llama_3_8b_opened_with_values_in_its_address(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """The issue's must-show: the page with #H=8192&N=80 shows what count prints."""
    loaded = load(written(tmp_path, "llama-3-8b"), "H=8192&N=80")
    clean(loaded)
    expected = said_count(capsys, "llama-3-8b", "H=8192&N=80")
    assert expected is not None and loaded.value() == str(expected["params"])
    assert f"{expected['params']:,}" in loaded.dom


CASES = [
    ("bert-base-uncased", "en", "N=24&H=1024&h=16&d_ff=4096&V=50000", []),
    ("mixtral-8x7b", "zh", "E=100000&H=65536", []),  # past 2^53, the active count under it
    ("deepseek-v3", "ko", "E=1000000&H=16384&N=200&d_moe=65536&r_q=4096", []),
    ("gpt-oss-120b", "en", "E=500000&H=32768&N=400", []),
    ("gpt2", "en", "V=100000&N=96&L=8192", []),
    ("qwen3-30b-a3b", "en", "N=500&E=2048", []),  # a config.json, below
    ("qwen2_moe", "en", "N=31&V=1000&H=512&h=8&h_kv=2&E=60&k=4&d_moe=64&d_ff=2048&d_sh=128",
     ["--set", "sparse_step=3", "--symbolic"]),  # floors: every third layer is an MoE layer
    ("llama", "en", "N=32&V=32000&h=32&h_kv=8&M=100&H=5120",
     ["--assume", "llama-ffn", "--symbolic"]),  # a ceiling: d_ff = M·⌈8H/3M⌉
]


@pytest.mark.parametrize(("model", "lang", "address", "extra"), CASES,
                         ids=[c[0] for c in CASES])
def test_the_browser_shows_the_command_lines_count(model: str, lang: str, address: str,
                                                   extra: list[str], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The page, written by ``symparam page``, opened with values in its address, shows what
    ``symparam count`` prints for them."""
    source = str(CONFIG) if model == "qwen3-30b-a3b" else model
    path = tmp_path / "page.html"
    assert main(["page", source, *extra, "--lang", lang, "-o", str(path)]) == 0
    loaded = load(path, address)
    clean(loaded)
    expected = said_count(capsys, source, address, *(a for a in extra if a != "--symbolic"))
    assert expected is not None
    assert loaded.value(0) == str(expected["params"])
    outputs = [e.text for e in loaded.elements if e.tag == "output"]
    if expected["active"] != expected["params"]:
        assert loaded.value(1) == str(expected["active"])
        # and without the embedding table, as gpt-oss's and DeepSeek-V3's cards count
        assert outputs[2] == live_grouped(expected["bare"])
    else:
        assert len(outputs) == 1
    if model in ("mixtral-8x7b", "deepseek-v3", "gpt-oss-120b"):
        assert expected["params"] > 2**53
    assert not any(loaded.shown("data-check").values())


def test_the_family_page_opens_on_example_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, "bert", symbolic=True)
    # not a red error: it opens on BertConfig()'s values, which are BERT base's
    opened = load(path)
    clean(opened)
    base = said_count(capsys, "bert-base-uncased")
    assert base is not None and opened.value() == str(base["params"])
    assert not any(opened.shown("data-status").values())
    assert "defaults for the model type" in opened.dom
    # BERT large: 16 heads of 64, as 12 would not divide 1,024 (the page has h, as BERT does)
    address = "N=24&V=32000&L=1024&T=1&H=1024&d_ff=4096&h=16"
    full = load(path, address)
    clean(full)
    expected = said_count(capsys, "bert", address)
    assert expected is not None and full.value() == str(expected["params"])


@pytest.mark.parametrize("name", [f.name for f in families()])
def test_every_family_page_opens_on_a_count(name: str) -> None:
    """``symparam page FAMILY --symbolic`` opens on a count, not on a red error, for every
    family (the MoE family's and DeepSeek's from a model type whose class their architecture
    builds; the original Transformer's and the MLP's, which transformers has no class for,
    from their preset): each input the count needs has a value, and each input with a value
    holds what transformers' config class with no arguments holds under its key (BERT's
    num_attention_heads too, which the count does not need but d_head = H/h does)."""
    transformers = need("transformers")
    m = symparam.model(name)
    values, kind, preset = example_values(m)
    html = page(m, symbolic=True, example=(values, kind, preset))
    found = elements(html)
    total = next(e.attrs["data-value"] for e in found if "data-value" in e.attrs)
    assert total.isdigit(), name
    # it says where its values come from, and not that it has none
    assert "with no values put in" not in html and "The inputs start from" in html, name
    shown = {e.attrs["data-name"]: e.attrs.get("value", "") for e in found
             if e.tag == "input" and "data-name" in e.attrs
             and "data-run" not in e.attrs}  # not the memory and compute section's s and B
    needed = {s.name for s in m.params.free_symbols}
    assert needed <= {n for n, v in shown.items() if v}, (name, shown)
    if preset or not kind:  # a preset's values, or the model's own (gpt2 is a type too)
        assert not preset or (kind, m.family.name) == ("", presets()[preset].family)
        own = symparam.model(preset).values if preset else m.values
        assert all(own[n] == int(v) for n, v in shown.items() if v)
        return
    config = transformers.AutoConfig.for_model(kind)
    compared = 0
    for n, v in shown.items():
        key = m.config_keys.get(n)
        if not v or key is None or key.endswith("_ratio"):  # a ratio: mlp_ratio·H_vis
            continue
        held = config
        for part in key.split("."):
            held = getattr(held, part, None)
        if isinstance(held, int) and not isinstance(held, bool):
            assert int(v) == held, (name, n, key)
            compared += 1
    assert compared >= 3, (name, shown)
    if name == "bert":
        assert shown["h"] == str(config.num_attention_heads)


def test_before_and_after_the_script_every_figure_agrees(tmp_path: Path) -> None:
    """At the page's own values the script writes exactly what the page held before it ran:
    the same exact arithmetic, the same rounding, every figure."""
    for model in ("deepseek-v3", "bloom-1b4-zh", "gemma-3-1b"):
        path = written(tmp_path, model, name=model)
        before = elements(path.read_text(encoding="utf-8"))
        loaded = load(path)
        clean(loaded)
        static = figures(before)
        assert loaded.figures() == static
        assert any(name.startswith("sign") for name, _ in static)
        assert len(static) > 50


def test_values_that_break_a_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, "llama-3-8b")
    assert said_count(capsys, "llama-3-8b", "h=48") is None  # d_head = 4096/48: count refuses
    loaded = load(path, "h=48")
    clean(loaded)
    assert loaded.value() == "" and sum(loaded.shown("data-check").values()) >= 1
    assert "4,096/48" not in loaded.dom and "256/3" in loaded.dom  # the fraction, exact
    assert said_count(capsys, "llama-3-8b", "h_kv=7") is None
    assert load(path, "h_kv=7").value() == ""
    # a hyperparameter given something not digits is an error with no count (#N=-4), not
    # the page's own total beside a note; a name the page does not take is left out
    odd = load(path, "H=abc&foo=1&N=4&N=-4&")
    clean(odd)
    assert odd.value() == "" and odd.shown("data-status")["invalid"]
    assert odd.listed("invalid") == "N, H" and odd.listed("ignored") == "foo"
    assert _total_text(odd) == "—"
    # empty pieces (a trailing &) are nothing left out
    fine = load(path, "&N=4&&")
    clean(fine)
    assert not any(fine.shown("data-status").values())
    expected = said_count(capsys, "llama-3-8b", "N=4")
    assert expected is not None and fine.value() == str(expected["params"])


def _total_text(loaded: object) -> str:
    found = [e.text for e in loaded.elements  # type: ignore[attr-defined]
             if e.tag == "output" and "data-value" in e.attrs]
    return found[0]


def _messages(loaded: object) -> list[str]:
    """The English text of each message shown (its formulas left out)."""
    shown = re.findall(r'<li data-check="\d+"(?: class="runs")?>(.*?)</li>',
                       loaded.dom)  # type: ignore[attr-defined]
    out = []
    for html in shown:
        words = Words()
        words.feed(f"<p>{html}</p>")
        out.append("".join(words.text["en"]))
    return out


def test_a_count_past_ten_to_the_thirty_is_a_count(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Values are at most 10³⁰, counts are not: N = 10³⁰ layers give a whole count of 39
    digits, shown as count prints it, with no message that it is not a whole number."""
    address = f"N={10**30}&V={10**30}"
    loaded = load(written(tmp_path, "llama-3-8b"), address)
    clean(loaded)
    expected = said_count(capsys, "llama-3-8b", address)
    assert expected is not None and expected["params"] > 10**30
    assert loaded.value() == str(expected["params"]) and _messages(loaded) == []
    assert f"{expected['params']:,}" in loaded.dom


def test_a_message_names_each_figure_once(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """#H=4097 makes d_head = 4,097/32: the page says that, and not also that 2 fails to
    divide a fraction (\"2 = 2 does not divide …\"); at H = 4,128, d_head = 129 is whole and
    odd, said once as not a multiple of 2."""
    path = written(tmp_path, "llama-3-8b")
    fraction = load(path, "H=4097")
    clean(fraction)
    (message,) = _messages(fraction)
    assert "4,097/32" in message and "not a whole number" in message
    assert "divide" not in message
    odd = load(path, "H=4128")
    (message,) = _messages(odd)
    assert message.startswith(" = 129 is not a multiple of :") and "divide" not in message
    assert odd.value() == "" and said_count(capsys, "llama-3-8b", "H=4128") is None


def test_a_rule_needed_only_to_run_keeps_the_count(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """DeepSeek's E_g groups need not divide E for transformers to build the model (and for
    count to count it): the page counts, as count does, and says the forward pass fails."""
    path = written(tmp_path, "deepseek-v3")
    for address, said in (("E_g=7", "does not divide"), ("k_g=9", "exceeds")):
        loaded = load(path, address)
        clean(loaded)
        expected = said_count(capsys, "deepseek-v3", address)
        assert expected is not None and loaded.value() == str(expected["params"])
        (message,) = _messages(loaded)
        assert said in message and "forward pass fails" in message
        assert main(["flops", "deepseek-v3", "--set", address, "--seq", "8"]) == 2
        assert "forward pass fails" in capsys.readouterr().err


def test_the_detectors_can_fail(tmp_path: Path) -> None:
    """A page that asks for an image and logs an error is caught by both checks."""
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><img src="http://192.0.2.1/x.png">'
                   '<script>console.error("x")</script>', encoding="utf-8")
    loaded = load(bad)
    assert loaded.requests == ["http://192.0.2.1/x.png"] and len(loaded.console) == 1


SHOWN = [e for e in SHOWCASE if "html" in e.formats]


@pytest.mark.parametrize("entry", SHOWN, ids=[e.filename("html") for e in SHOWN])
def test_showcase_pages_in_a_browser(entry: object) -> None:
    """Each showcase page loads clean; its screenshot is kept for a person to look at."""
    name = entry.filename("html")  # type: ignore[attr-defined]
    path = ROOT / "derivations" / name
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTEFACTS / f"{Path(name).stem}.png"
    shot.unlink(missing_ok=True)
    loaded = load(path, screenshot=shot, height=3000)
    clean(loaded)
    assert shot.stat().st_size > 20_000  # a page, not a blank


_COPY = """
const button = document.querySelector("#total button[data-latex]");
button.click();
document.body.dataset.latex = button.nextElementSibling.textContent;
document.body.dataset.shown = String(!button.nextElementSibling.hidden);
"""


def test_a_closed_form_copies_as_latex(tmp_path: Path) -> None:
    """The closed form's button gives it as LaTeX — what ``m.formula()`` shows in Jupyter —
    and shows it under the equation; every displayed closed form has one."""
    m = symparam.model("llama-3-8b")
    html = page(m)
    assert html.count("data-latex=") == 2 + len(m.derive().sections)  # thumb, total, parts
    attrs = body_data(opened(tmp_path, html, _COPY))
    assert unescape(attrs["latex"]) == f"P = {m.formula().latex}" and attrs["shown"] == "true"


def test_the_share_bar_follows_the_values(tmp_path: Path) -> None:
    """The share-by-part bar, drawn in inline SVG: each part's rectangle as wide as its share
    of the exact total (of 1,000 units), side by side, before the script and after it at other
    values."""
    from symparam.printing import Terms

    def widths(found: list[Any]) -> list[float]:
        return [float(e.attrs[key]) for e in found if "data-bar" in e.attrs
                for key in ("x", "width")]

    def expected(m: Any) -> list[float]:
        summary = m.derive().summary
        counts = [m.value_of(p.params.expr if isinstance(p.params, Terms) else p.params)
                  for p in summary.parts]
        out, x = [], 0.0
        for count in counts:
            out += [x, 1000 * count / m.count()]
            x += 1000 * count / m.count()
        return out

    path = written(tmp_path, "llama-3-8b")
    before = widths(elements(path.read_text(encoding="utf-8")))
    assert before == pytest.approx(expected(symparam.model("llama-3-8b")), abs=0.011)
    loaded = load(path, "N=80&H=8192")
    clean(loaded)
    after = widths(loaded.elements)
    assert after == pytest.approx(expected(symparam.model("llama-3-8b", N=80, H=8192)),
                                  abs=0.011)
    assert after != pytest.approx(before, abs=0.5)  # it moved


def _memory_figures(found: list[Any], html: str) -> tuple[list[str], list[str]]:
    """The training-state bytes and the KV cache's bytes a token that a page shows."""
    tables = {}
    for name in ("training", "kv"):
        table = re.search(rf'<table data-{name}(?:="")?>(.*?)</table>', html, re.S)
        indexes = [] if table is None else re.findall(r'data-f="(\d+)"(?![^>]*data-unit)',
                                                      table.group(1))
        texts = {e.attrs["data-f"]: e.text for e in found if "data-f" in e.attrs
                 and "data-unit" not in e.attrs}
        tables[name] = [texts[i] for i in indexes]
    return tables["training"], tables["kv"]


@pytest.mark.parametrize(("model", "address"), [("llama-3-8b", "N=80&H=8192&h_kv=16"),
                                                ("deepseek-v3", "N=100&r_kv=1024"),
                                                ("whisper-small", "N_dec=24&V=60000")])
def test_the_memory_figures_are_the_memory_commands(model: str, address: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The training state under each optimiser recipe and the KV cache's bytes a token, on
    the page at its own values and in a browser at other values, are what ``symparam memory
    --json`` prints for those values (for each dtype)."""
    def expected(values: str) -> tuple[list[str], list[str]]:
        sets = [a for pair in values.split("&") if pair for a in ("--set", pair)]
        training, kv = [], []
        for dtype in ("fp32", "fp16", "bf16", "int8"):
            assert main(["memory", model, *sets, "--dtype", dtype, "--json"]) == 0
            record = json.loads(capsys.readouterr().out)
            kv.append(f"{record['kv_cache_bytes_per_token']:,}")
        training = [f"{o['bytes']:,}" for o in record["optimisers"].values()]
        return training, kv

    path = written(tmp_path, model)
    html = path.read_text(encoding="utf-8")
    assert _memory_figures(elements(html), html) == expected("")
    loaded = load(path, address)
    clean(loaded)
    assert _memory_figures(loaded.elements, loaded.dom) == expected(address)
