"""The notes beside the rule of thumb, as sentences of the document's language.

What they say is decided in :mod:`symparam.summary`, from the tree: which MLP the layers have
and what its matrices come to at the textbook sizes, each kind of layer's matrices in units of
H² at the model's values, the widths of grouped-query attention, what the rule leaves out.
Here each becomes a sentence of the language file, its figures typeset, none typed.

>>> from fractions import Fraction
>>> coefficient(Fraction(9, 2)), coefficient(Fraction(8, 3)), coefficient(Fraction(1037, 324))
('4.5', '\\\\frac{8}{3}', '\\\\approx 3.20')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from symparam.printing import latex
from symparam.summary import CUT, TEXTBOOK_RATIO, Thumb
from symparam.symbols import H, d_ff

#: a fraction written as such when its denominator is at most this (8/3), else rounded
_SMALL_DENOMINATOR = 12


def coefficient(value: Fraction) -> str:
    """``value`` as TeX, exactly where it can be: a decimal that ends within four places
    (4.5, 2.6875), a small fraction (8/3), else rounded to two places after ≈."""
    for places in range(5):
        if (value * 10**places).denominator == 1:
            shown = f"{float(value):.{places}f}"
            return shown
    if value.denominator <= _SMALL_DENOMINATOR:
        return rf"\frac{{{value.numerator}}}{{{value.denominator}}}"
    return rf"\approx {float(value):.2f}"


def _times(value: Fraction, unit: str) -> str:
    """``4.5 H^{2}``; ``H`` alone for 1."""
    shown = coefficient(value)
    return unit if shown == "1" else f"{shown} {unit}"


def _equation(name: str, value: Fraction, unit: str) -> str:
    """``d_ff = 2.6875 H``, or ``d_ff \\approx 2.67 H``."""
    shown = _times(value, unit)
    return f"{name} {shown}" if shown.startswith(r"\approx") else f"{name} = {shown}"


def listing(t: Mapping[str, Any], items: list[Any]) -> Markup:
    """``a, b and c`` as the language lists things."""
    items = [Markup(i) if isinstance(i, Markup) else i for i in items]
    if len(items) < 2:
        return Markup("").join(items)
    text = t["text"]
    return Markup(text["list_separator"]).join(items[:-1]) + Markup(text["list_last"]) + items[-1]


def thumb_notes(th: Thumb, t: Mapping[str, Any], fill: Callable[..., Markup],
                inline: Callable[[str], Markup], code: Callable[[str], Markup],
                percent: Callable[[Fraction], str]) -> list[Markup]:
    """The rule of thumb's paragraphs after its formula: its gap to the exact count and what
    it leaves out, then the notes, each paragraph its sentences joined."""
    text, kinds = t["text"], t["kind"]
    dff = latex(d_ff)
    square = latex(H**2)
    first = []
    if th.error is not None:
        first.append(fill(text["thumb_error"], percent=percent(th.error),
                          side=text["above_exact" if th.error > 0 else "below_exact"]))
    if th.left_out:
        first.append(fill(text["thumb_left_out"], cut=f"{CUT * 100}%",
                          kinds=listing(t, [kinds.get(k, k) for k in th.left_out]),
                          share=percent(th.left_out_share or 0)))
    paragraphs: list[list[Markup]] = [first] if first else []
    if th.mlp is not None and th.textbook is not None:
        size, held = th.textbook
        plain = inline(f"{dff} = {latex(TEXTBOOK_RATIO * H)}")
        mlp = [fill(text["thumb_plain"], rule=plain, mlp=inline(latex(held)))
               if th.mlp == "plain" else
               fill(text["thumb_gated"], formula=inline(latex(th.matrices * H * d_ff)),
                    llama=inline(f"{dff} = {latex(size)}"), mlp=inline(latex(held)),
                    plain=plain)]
        paragraphs.append(mlp + _layers(th, text, kinds, fill, inline, code, dff, square))
    grouping = th.grouped
    if grouping is not None and grouping.kv_width is not None:
        key = "thumb_multi_query" if grouping.kv == 1 else "thumb_grouped"
        paragraphs.append([fill(text[key], kv=grouping.kv, heads=grouping.heads,
                                kv_width=f"{grouping.kv_width:,}",
                                q_width=f"{grouping.q_width:,}",
                                coef=inline(_times(grouping.attention, square)),
                                full=inline(_times(grouping.full, square)))])
    gap = Markup(text["sentence_gap"])
    return [gap.join(sentences) for sentences in paragraphs]


def _layers(th: Thumb, text: Mapping[str, str], kinds: Mapping[str, str],
            fill: Callable[..., Markup], inline: Callable[[str], Markup],
            code: Callable[[str], Markup], dff: str, square: str) -> list[Markup]:
    """Each kind of layer's matrices at the model's values: one sentence, or one for the
    ratio and one per kind of layer (an encoder's and a decoder's)."""
    if not th.layers:
        return []
    ratio = None if th.ratio is None else inline(_equation(dff, th.ratio, "H"))

    def pieces(found: Any) -> Markup:
        return Markup(text["list_separator"]).join(
            fill(text["thumb_piece"], kind=kinds.get(k, k), value=inline(_times(v, square)))
            for k, v in found.kinds if v)

    if len(th.layers) == 1:
        found = th.layers[0]
        key = "thumb_here" if ratio is not None else "thumb_layer"
        return [fill(text[key], ratio=ratio or "", total=inline(_times(found.total, square)),
                     pieces=pieces(found))]
    out = [fill(text["thumb_here_ratio"], ratio=ratio)] if ratio is not None else []
    out += [fill(text["thumb_stack"], stack=code(found.name),
                 total=inline(_times(found.total, square)), pieces=pieces(found))
            for found in th.layers]
    return out
