"""Every sentence true: the numbers and formulas a derivation's notes claim, checked against the
block tree by a path of their own, and the same in every language.

The claims are read from the rendered English Markdown (what a reader sees), not from the data
that made it, and each is recomputed here from the tree's tensors: a layer's matrices in units
of H² from the shapes of the tensors under each kind of block (a matrix: a tensor with two
sizes or more), grouped-query attention's widths from the sizes of its projections, the
rule of thumb's gap from its printed formula read back, a share from the counts, a published
figure's recount from the count at the published values. An option reads as what its value
says, on or off, in every language; Chinese and Korean carry the numbers and formulas English
does.
"""

from __future__ import annotations

import collections
import dataclasses
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import sympy

import symparam
from symparam.blocks import Block
from symparam.catalog import families
from symparam.family import Choice
from symparam.presets import presets
from symparam.symbols import VOCABULARY
from symparam.wording import LANGUAGES, option_text, strings
from tests.test_markdown import _rejoined
from tests.test_readback import read_latex

CONFIGS = sorted((Path(__file__).parent / "configs").glob("*.json"))
MODELS = [*presets(), *(str(p) for p in CONFIGS)]
H, D_FF, H_KV, HEADS = (VOCABULARY[n].symbol for n in ("H", "d_ff", "h_kv", "h"))


@dataclasses.dataclass
class Layer:
    """One kind of layer of the tree: its matrices by kind of block, as shapes."""

    shapes: dict[str, list[tuple[sympy.Expr, ...]]]


def _layers(block: Block, outer: str = "other") -> list[Layer]:
    """Each stack's layer under ``block``, its tensors gathered by kind (the tree's own
    ``kind`` marks, walked here without the library's breakdown)."""
    out = []
    for _, child in block.children():
        if child.is_stack:
            shapes: dict[str, list[tuple[sympy.Expr, ...]]] = collections.defaultdict(list)
            _gather(child.block, child.block.kind or "other", shapes)
            out.append(Layer(dict(shapes)))
        else:
            out.extend(_layers(child, child.kind or outer))
    return out


def _gather(block: Block, kind: str, shapes: dict[str, list[tuple[sympy.Expr, ...]]]) -> None:
    if block.is_tensor:
        if block.tie is None and sum(1 for d in block.shape if not d.is_Number) >= 2:
            shapes[kind].append(block.shape)
        return
    for _, child in block.children():
        _gather(child, child.kind or kind, shapes)


def _value(expr: sympy.Expr, m: symparam.Model, extra: dict | None = None) -> Fraction:
    from symparam.assumptions import resolve

    expr = sympy.sympify(expr).xreplace(extra or {}).xreplace(resolve(m.assumptions))
    values = m.bind()
    found = expr.xreplace({s: sympy.Integer(values[s.name]) for s in expr.free_symbols
                           if s.name in values})
    assert found.is_Rational, (expr, found)
    return Fraction(int(found.p), int(found.q))


def _matrices(layer: Layer, kind: str, m: symparam.Model, extra: dict | None = None) -> Fraction:
    return sum((_value(sympy.Mul(*shape), m, extra) for shape in layer.shapes.get(kind, [])),
               Fraction(0))


def allowed_squares(m: symparam.Model) -> list[Fraction]:
    """The coefficients of H² a note may claim: each kind of layer's matrices by kind of
    block and in all, its attention with a key/value head per query head, and the MLP's
    matrices at the textbook sizes (d_ff = 4H with two matrices, the d_ff that makes three
    matrices as many)."""
    unit = Fraction(m.bind()["H"]) ** 2
    found: list[Fraction] = []
    for layer in _layers(m.tree):
        kinds = [k for k in layer.shapes if k != "norm"]
        found += [_matrices(layer, k, m) / unit for k in kinds]
        found.append(sum((_matrices(layer, k, m) for k in kinds), Fraction(0)) / unit)
        found.append(_matrices(layer, "attention", m, {H_KV: HEADS}) / unit)
        for shape in layer.shapes.get("mlp", []):
            found.append(Fraction(8))  # two matrices at 4H; three at 8H/3: checked below
            del shape
    return found


def _coefficients(text: str) -> list[tuple[Fraction, bool]]:
    """Each ``c H^{2}`` a text claims: the coefficient, and whether it is rounded (≈)."""
    out = []
    pattern = r"(\\approx )?(?:\\frac\{(\d+)\}\{(\d+)\}|(\d+(?:\.\d+)?))? ?H\^\{2\}"
    for m in re.finditer(pattern, text):
        rounded, p, q, decimal = m.groups()
        value = Fraction(int(p), int(q)) if p else Fraction(decimal) if decimal else Fraction(1)
        out.append((value, bool(rounded)))
    return out


def _section(text: str, number: int) -> str:
    start = text.index(f"\n## {number}. ")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else len(text)]


def _notes(section: str) -> str:
    """A section's sentences: no tables, no display math, no bulleted breakdown."""
    section = re.sub(r"\$\$.*?\$\$", " ", section, flags=re.S)
    return "\n".join(line for line in section.splitlines()
                     if line and not line.startswith(("|", "-", "#")))


def _number(text: str) -> int:
    return int(text.replace("{,}", "").replace(",", ""))


@pytest.mark.parametrize("name", MODELS, ids=[Path(n).stem for n in MODELS])
def test_every_numeric_claim_of_the_notes_is_the_trees(name: str) -> None:
    m = symparam.model(name)
    text = m.derive().to_markdown()
    glance = _section(text, 1)
    notes = _notes(glance)
    values, total = m.bind(), m.count()
    # a layer's matrices in units of H²
    if "H" in values:
        allowed = allowed_squares(m)
        for claimed, rounded in _coefficients(notes):
            assert any(abs(claimed - a) < Fraction(1, 200) if rounded else claimed == a
                       for a in allowed), (name, claimed, sorted(set(allowed)))
    # d_ff = r·H: the model's, the textbook 4H, or the gated MLP's 8H/3
    for m_ in re.finditer(r"d_\{\\mathrm\{ff\}\} (=|\\approx) (?:\\frac\{(\d+)( H)?\}\{(\d+)\}|"
                          r"(\d+(?:\.\d+)?))? ?H?", notes):
        relation, p, h_on_top, q, decimal = m_.groups()
        claimed = Fraction(int(p), int(q)) if p else Fraction(decimal or 1)
        ratios = {Fraction(4), Fraction(8, 3)}
        if "d_ff" in values:
            ratios.add(Fraction(values["d_ff"], values["H"]))
        assert any(abs(claimed - r) < Fraction(1, 200) if relation != "=" else claimed == r
                   for r in ratios), (name, m_.group(0))
        del h_on_top
    # grouped-query attention: the heads, and the widths the projections build
    heads = re.search(r"(\d+) key/value heads serve (\d+) query heads", notes)
    if heads:
        assert (int(heads[1]), int(heads[2])) == (values["h_kv"], values["h"])
    widths = re.search(r"k and v are ([\d,]+) numbers wide where q is ([\d,]+)", notes)
    if widths:
        sizes = {_value(d, m) for layer in _layers(m.tree)
                 for shape in layer.shapes.get("attention", []) for d in shape}
        kv = {_value(d, m) for layer in _layers(m.tree)
              for shape in layer.shapes.get("attention", []) for d in shape
              if H_KV in d.free_symbols}
        assert _number(widths[1]) in kv and _number(widths[2]) in sizes - kv, (name, widths[0])
    # the rule of thumb: its printed value is its printed formula's, its gap the count's
    display = re.search(r"Rule of thumb.*?\$\$\n(.*?)\n\$\$\n\nThat is ([\d.]+)% (below|above)",
                        glance, re.S)
    if display:
        rows = _rejoined(display[1])
        formula = rows[0].split("&\\approx ", 1)[1]
        value = _number(rows[-1].removeprefix("&= "))
        assert _value(read_latex(formula), m) == value, name
        gap = (value - total) / total
        assert (gap > 0) == (display[3] == "above")
        shown = float(display[2])
        assert abs(abs(gap) * 100 - shown) <= 0.5 * 10 ** -len(display[2].partition(".")[2])
    left = re.search(r"each under (\d+)% of the count: (.*?) \(([\d.]+)% of it together\)",
                     notes)
    if left:
        named, listed = [], left[2]
        for kind, said in sorted(strings("en")["kind"].items(), key=lambda i: -len(i[1])):
            if said in listed:  # the longest names first: "linear attention" is a mixer
                named.append(kind)
                listed = listed.replace(said, "")
        assert not re.sub(r", | and ", "", listed), listed
        # in all the layers: each stack's count of layers times its layer's matrices
        held = {k: sum((_stack_matrices(m, k)), Fraction(0)) for k in named}
        assert all(v / total < Fraction(int(left[1]), 100) for v in held.values()), held
        assert abs(float(sum(held.values()) / total) * 100 - float(left[3])) < 0.01
    # a part's share is its count over the total, the counts add up
    rows = re.findall(r"^\| `[^`]+` \| ([\d,]+) \| ([\d.]+)% \|$", glance, re.M)
    assert sum(_number(c) for c, _ in rows) == total
    for count, share in rows:
        digits = len(share.partition(".")[2])
        assert abs(_number(count) / total * 100 - float(share)) <= 0.5 * 10 ** -digits
    _published(m, text)


def _stack_matrices(m: symparam.Model, kind: str) -> list[Fraction]:
    """The matrices of ``kind`` in each stack, times the stack's count of layers."""
    out = []

    def walk(block: Block) -> None:
        for _, child in block.children():
            if child.is_stack:
                layer = Layer({})
                shapes: dict[str, list[Any]] = collections.defaultdict(list)
                _gather(child.block, child.block.kind or "other", shapes)
                layer.shapes = dict(shapes)
                out.append(_value(child.count_expr, m) * _matrices(layer, kind, m))
            else:
                walk(child)

    walk(m.tree)
    return out


def _published(m: symparam.Model, text: str) -> None:
    """The published figure's gap, its recount, and every figure of its note."""
    if m.reported is None:
        return
    section = _section(text, 8)
    total = m.count()
    gap = re.search(r"The exact count is ([\d.]+)% (above|below) it", section)
    assert gap is not None
    diff = (total - m.reported.params) / m.reported.params
    assert (diff > 0) == (gap[2] == "above")
    assert abs(abs(diff) * 100 - float(gap[1])) <= 0.5 * 10 ** -len(gap[1].partition(".")[2])
    recount = re.search(r"with \$(\w+) = ([\d{},]+)\$ .*?: ([\d,]+)\.", section)
    if recount:
        assert m.count(**{recount[1]: _number(recount[2])}) == _number(recount[3])
    note = re.search(r"^Note: (.*)$", section, re.M)
    if note:
        table = next(e for e in m.tensors() if e.tied_to is None and not e.indices
                     and any(s.name == "V" for d in e.shape for s in d.free_symbols))
        rows = int(_value(sympy.Mul(*table.shape), m))
        active = m.active_count()
        known = {total, active, rows, total - rows, active - rows, *m.bind().values()}
        # a vision–language model's image encoder: its tensors, summed (Idefics3 calls it
        # vision_model, as the two-tower models do theirs)
        towers = (".vision_tower.", ".visual.", *((".vision_model.",) if m.family.images else ()))
        tower = sum(int(_value(e.numel * e.copies, m)) for e in m.tensors()
                    if e.tied_to is None and any(t in f".{e.name}" for t in towers))
        known |= {tower, total - tower}
        quoted = re.sub(r'"[^"]*"|et al\. \d{4}', " ", note[1])  # quotes, citations
        for figure in re.findall(r"(?<![\w/-])\d+(?:,\d{3})*(?![\w/-])", quoted):
            assert _number(figure) in known, (m.name, figure, note[1])


def test_the_claims_check_can_fail() -> None:
    """Qwen3-30B-A3B's attention was said to be 2.25H² (as if h·d_head = H): the check finds
    it, and Mistral's 14.5H² at d_ff = 3.5H beside its own 13H²."""
    qwen = symparam.model(str(next(p for p in CONFIGS if p.stem == "qwen3-30b-a3b")))
    assert Fraction(9, 4) not in allowed_squares(qwen)
    assert Fraction(9, 2) in allowed_squares(qwen)
    llama = symparam.model("llama-3-8b")
    assert Fraction(29, 2) not in allowed_squares(llama) and 13 in allowed_squares(llama)
    assert _coefficients(r"$\approx 3.20 H^{2}$ and $\frac{20}{9} H^{2}$ and $H^{2}$") == [
        (Fraction(16, 5), True), (Fraction(20, 9), False), (Fraction(1), False)]


# -- the same in every language ----------------------------------------------------------------

_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$", re.S)
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?%?")


def _facts(text: str) -> tuple[collections.Counter, collections.Counter]:
    """A document's formulas, and the numbers of its prose."""
    formulas = collections.Counter(m.group(0) for m in _MATH.finditer(text))
    prose = re.sub(r"`[^`]*`", " ", _MATH.sub(" ", text))
    return formulas, collections.Counter(n.rstrip(",") for n in _NUMBER.findall(prose))


def _own_words_left_out(d: Any) -> Any:
    """The derivation without what a preset writes in each language's own words (its
    description and its figure's citation: 35B is 350 亿)."""
    reported = d.reported and dataclasses.replace(d.reported, source="")
    i18n = {lang: {k: v for k, v in texts.items() if k not in ("source", "description")}
            for lang, texts in d.i18n.items()}
    return dataclasses.replace(d, description="", reported=reported, i18n=i18n)


@pytest.mark.parametrize("name", MODELS, ids=[Path(n).stem for n in MODELS])
def test_chinese_and_korean_carry_the_numbers_and_formulas_of_english(name: str) -> None:
    d = _own_words_left_out(symparam.model(name).derive())
    english = _facts(d.to_markdown("en"))
    for lang in ("zh", "ko"):
        other = _facts(d.to_markdown(lang))
        assert other[0] == english[0], (lang, other[0] - english[0], english[0] - other[0])
        assert other[1] == english[1], (lang, other[1] - english[1], english[1] - other[1])


# -- options, on and off -----------------------------------------------------------------------


def _sample(option: Any) -> list[Any]:
    if isinstance(option, Choice):
        return list(option.values)
    if isinstance(option.default, bool):
        return [True, False]
    if isinstance(option.default, tuple):
        return [(1, 0, 1)]
    return [option.default or 3] if isinstance(option.default, int) else ["gelu"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_reads_as_its_value_says(lang: str) -> None:
    """Each option of every family has a sentence of its own in each language, on and off
    (Mamba's proj_bias=false printed "biases on the in and out projections")."""
    t = strings(lang)
    for family in families():
        for option in family.options:
            shown = {}
            for value in _sample(option):
                table = t["option_off" if value is False else "option"]
                if isinstance(option, Choice):  # a sentence for each value
                    assert f"{option.name}={value}" in table, (lang, family.name, option.name,
                                                               value)
                else:
                    assert f"{family.name}.{option.name}" in table or option.name in table, \
                        (lang, family.name, option.name, value)
                shown[value] = option_text(t, option.name, value, option.help,
                                           lambda template, **fields: template.format(**fields),
                                           lambda symbol: symbol, family.name)
                assert shown[value] != option.help or (lang == "en" and value is not False)
            if len(shown) == 2 and not isinstance(option, Choice):
                assert shown[True] != shown[False], (lang, family.name, option.name)
            assert len(set(shown.values())) == len(shown), (lang, family.name, option.name)


def test_an_option_that_is_off_reads_off() -> None:
    text = symparam.model("mamba-130m").derive().to_markdown()
    assert "- `proj_bias=false`: no biases on the in and out projections" in text
    falcon = symparam.model("falcon", bias=False).derive(symbolic=True).to_markdown()
    assert "- `bias=false`: no biases on the projections\n" in falcon  # its LayerNorms keep theirs


# -- one symbol, one meaning -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["clip-vit-base-patch32", "convnext-tiny-224", "gpt2"])
def test_the_count_is_not_written_with_a_hyperparameters_letter(name: str) -> None:
    m = symparam.model(name)
    text = m.derive().to_markdown()
    letter = re.search(r"\n(\S+) &= (?:P|\\Theta)_\{1\}", text)[1]
    assert letter not in m.hyperparameters and letter.strip("\\") not in m.hyperparameters
    assert (letter == "\\Theta") == ("P" in m.hyperparameters)
