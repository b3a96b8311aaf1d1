"""A comparison of two models (:mod:`symparam.diff`) as Markdown or LaTeX in English, Chinese
or Korean: ``diff.md.j2`` and ``diff.tex.j2`` lay out what this module hands them, every
formula already LaTeX, every number already formatted, every sentence from the language files'
``[diff]`` tables; and as a static HTML page (``page/diff.html.j2``), the same view with its
formulas in MathML, as the model pages write them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import sympy
from markupsafe import Markup

from symparam import markup
from symparam.analysis import structured
from symparam.breaking import aligned
from symparam.diff import Change, Diff, Shown, diff
from symparam.errors import InvalidValueError
from symparam.escaping import (
    code_md,
    code_tex,
    escape_md,
    escape_pdftex,
    escape_tex,
    math_block,
    math_inline,
    number_tex,
)
from symparam.frozen import frozen
from symparam.printing import latex, mathml, mathml_name
from symparam.render import FRAGMENT_PACKAGES, SUBHEADING, document_options
from symparam.symbols import latex_name, symbol
from symparam.version import __version__
from symparam.wording import environment, filler, strings


@frozen
class Comparison:
    """What a comparison document shows: the parameters' :class:`~symparam.diff.Diff`, the
    two models' labels and grouped closed forms, and, where asked for, the FLOPs' and the KV
    cache's."""

    params: Diff
    label_a: str
    label_b: str
    closed_a: Any
    closed_b: Any
    flops: Diff | None = None
    cache: Diff | None = None

    def to_markdown(self, lang: str = "en", math: str = "dollars") -> str:
        return render_comparison(self, "md", lang, math=math)

    def to_html(self, lang: str = "en") -> str:
        return render_comparison(self, "html", lang)

    def to_latex(self, lang: str = "en", fragment: bool = False,
                 heading_level: str | None = None) -> str:
        return render_comparison(self, "tex", lang, fragment, heading_level)


def comparison(a: Any, b: Any, seq: int | None = None, batch: int = 1, flops: bool = False,
               cache: bool = False) -> Comparison:
    """The comparison of models ``a`` and ``b`` (with ``seq``: their FLOPs and KV cache)."""
    return Comparison(diff(a, b), a.label, b.label, structured(a), structured(b),
                      diff(a, b, "flops", seq=seq, batch=batch) if flops else None,
                      diff(a, b, "kv_cache", seq=seq, batch=batch) if cache else None)


def signed(number: int) -> str:
    """A change with its sign: +28,311,552, −786,432 (a minus sign, not a hyphen), +0."""
    return f"+{number:,}" if number > 0 else f"−{-number:,}" if number < 0 else "+0"


def render_comparison(c: Comparison, fmt: str, lang: str = "en", fragment: bool = False,
                      heading_level: str | None = None, math: str = "dollars") -> str:
    """``c`` as Markdown (``md``) or LaTeX (``tex``) in ``lang``, as :func:`symparam.render.
    render` writes a derivation (``fragment`` and ``heading_level`` for LaTeX, ``math`` for
    Markdown)."""
    if fmt == "html":
        return render_page(c, lang)
    level = document_options(fmt, "md, tex or html", math, heading_level, fragment)
    t = strings(lang)
    pdf = fmt == "tex" and lang == "en"
    escape = escape_md if fmt == "md" else escape_pdftex if pdf else escape_tex
    code = code_md if fmt == "md" else partial(code_tex, pdf=pdf)
    fill = filler(escape)
    inline = math_inline(fmt, math)
    words = _Words(t["diff"], t["text"], fill, escape, code, inline)
    p = c.params
    view = {
        "a": p.name_a, "b": p.name_b, "label_a": c.label_a, "label_b": c.label_b,
        "closed_a": [latex(c.closed_a)], "closed_b": [latex(c.closed_b)],
        "difference": [latex(p.grouped_difference)],
        "params": _section(p, words, 2),
        "depends": [_depends(d, p, words) for d in p.depends],
        "seq": None if c.flops is None and c.cache is None else
        (p.seq or (c.flops or c.cache).seq),  # type: ignore[union-attr]
        "batch": (c.flops or c.cache).batch if (c.flops or c.cache) else None,
    }
    after = view["params"]["numbers"]["next"] + (1 if view["depends"] else 0)
    view["depends_number"] = view["params"]["numbers"]["next"]
    for key, found in (("flops", c.flops), ("cache", c.cache)):
        view[key] = None
        if found is not None:
            view[key] = {**_section(found, words, 1, f"{after}."), "number": after}
            after += 1
    template = environment().get_template(f"diff.{fmt}.j2")
    return template.render(d=view, t=t, lang=lang, fragment=fragment, esc=escape, code=code,
                           fill=fill, math=inline, math_block=math_block(math),
                           aligned=aligned, headings=(level, SUBHEADING[level]),
                           packages=FRAGMENT_PACKAGES[lang])


@frozen
class _Words:
    """The language's strings and the output format's escaping, together."""

    t: Mapping[str, Any]
    text: Mapping[str, Any]
    fill: Callable[..., Markup]
    escape: Callable[[Any], Markup]
    code: Callable[[str], Markup]
    inline: Callable[[str], Markup]

    def form(self, form: Shown) -> Markup:
        name = self.t["form"][form.key]
        detail = []
        if form.fn:
            detail.append(str(self.code(form.fn)))
        sizes = [f"{latex_name(symbol(n))} = {number_tex(v)}" for n, v in form.sizes
                 if v is not None]
        if sizes:
            detail.append(str(self.inline(", ".join(sizes))))
        if not detail:
            return self.escape(name)
        return self.fill(self.t["form_detail"], name=name,
                         detail=Markup(str(self.escape(self.text["list_separator"]))
                                       .join(detail)))

    def forms(self, forms: tuple[Shown, ...], part: str) -> Markup:
        if not forms:
            return self.escape(self.t["part"][part])
        return Markup(" + ").join(self.form(f) for f in forms)


def _values(at: Mapping[str, int]) -> str:
    return ", ".join(f"{latex_name(symbol(n))} = {number_tex(v)}" for n, v in at.items()
                     if n not in ("s", "B"))


def _what(change: Change, w: _Words) -> Markup:
    unit = change.subject[0]
    part = w.t["part"][change.part]
    if change.cause == "replaced" and unit == "body":
        before, after = (w.forms(f, change.part) for f in change.forms)
        if [f.key for f in change.forms[0]] == [f.key for f in change.forms[1]]:
            return w.fill(w.t["built_otherwise"], forms=after)
        return Markup(f"{before} {w.escape('→')} {after}")
    if unit == "body":
        return w.fill(w.t["unit"]["body"], part=part)
    return w.escape(w.t["unit"][unit])


def _section(result: Diff, w: _Words, first: int, prefix: str = "") -> dict[str, Any]:
    """One quantity's terms: the structural changes, the widths, the sums, its headings
    numbered from ``first`` (after ``prefix``: 6.1, 6.2 …)."""
    structure, widths = [], []
    for change in result.changes:
        delta = None if change.delta is None else signed(change.delta)
        if change.cause == "width":
            steps = ", ".join(
                f"{latex_name(symbol(n))}: {number_tex(x)} \\to {number_tex(y)}"
                for n, x, y in change.steps)
            widths.append({"steps": steps, "part": w.t["part"][change.part], "delta": delta})
        else:
            other = change.at_a if result.order == "widths_first" else change.at_b
            structure.append({"other": "" if other is None else signed(other),
                              "part": w.t["part"][change.part],
                              "cause": w.t["cause"][change.cause],
                              "what": _what(change, w),
                              "formula": latex(change.formula or sympy.S.Zero, sized=False),
                              "delta": delta})
    rule = {"structure_first": ("rule_structure", "structure", "widths"),
            "widths_first": ("rule_widths_first", "structure_after", "widths_first"),
            "together": ("rule_together", "together", "widths")}[result.order]
    bound = result.delta is not None
    second = first + 1 if bound and result.order != "together" else None
    total = (second or first) + 1 if bound else None
    numbers = {"first": f"{prefix}{first}", "second": second and f"{prefix}{second}",
               "sum": total and f"{prefix}{total}", "next": (total or second or first) + 1}
    return {
        "numbers": numbers,
        "quantity": result.quantity,
        "count_a": None if result.count_a is None else f"{result.count_a:,}",
        "count_b": None if result.count_b is None else f"{result.count_b:,}",
        "delta": None if result.delta is None else signed(result.delta),
        "bound": bound,
        "closed_a": [latex(result.formula_a)], "closed_b": [latex(result.formula_b)],
        "difference": [latex(result.grouped_difference)],
        "order": result.order, "structure_first": result.order != "widths_first",
        "rule": rule[0], "structure_heading": rule[1], "widths_heading": rule[2],
        "other_heading": "at_a" if result.order == "widths_first" else "at_b",
        "at_values": _values(result.at),
        "structure": structure, "widths": widths,
        "by_part": [{"part": w.t["part"][p], "delta": signed(v)}
                    for p, v in result.by_part().items()],
        "by_cause": [{"cause": w.t["cause"][k], "delta": signed(v)}
                     for k, v in result.by_cause().items()],
    }


def _depends(d: Any, p: Diff, w: _Words) -> dict[str, Any]:
    model, other = (p.name_a, p.name_b) if d.matters_in == "a" else (p.name_b, p.name_a)
    drop = d.drop
    item: dict[str, Any] = {"symbol": latex_name(symbol(d.name)), "model": model,
                            "other": other, "kind": None, "assumption": None, "whole": None,
                            "chains": []}
    if drop is not None:
        item["kind"] = drop.kind
        if drop.assumption is not None:
            item["assumption"] = f"{latex_name(drop.assumption.symbol)} = " \
                                 f"{latex(drop.assumption.expr)}"
        if drop.whole is not None:
            item["whole"] = latex(drop.whole)
        item["chains"] = [f"{latex(product, cdot=True)} = {latex(shown, cdot=True)} = "
                          f"{latex(result)}" for product, shown, result in drop.steps]
    return item


# -- HTML ------------------------------------------------------------------------------------


def render_page(c: Comparison, lang: str = "en") -> str:
    """``c`` as one self-contained HTML document in ``lang``: the two models side by side,
    their closed forms and B − A in MathML, the tables of :func:`render_comparison`'s
    documents, with the model pages' stylesheet (and the comparison's few rules) inline under
    a Content-Security-Policy that lets the page load nothing and run no script. Static: the
    values are those the comparison was made at."""
    t = strings(lang)
    escape = _escape_html
    words = _HtmlWords(t["diff"], t["text"], partial(_fill_html, lang=lang), escape,
                       markup.code, _inline_mathml)
    p = c.params
    view: dict[str, Any] = {
        "a": p.name_a, "b": p.name_b, "label_a": c.label_a, "label_b": c.label_b,
        "closed_a": _display("P", "A", c.closed_a), "closed_b": _display("P", "B", c.closed_b),
        "difference": _display("P", None, p.grouped_difference),
        "params": _html_section(p, words, 2),
        "depends": [_depends_html(d, p, lang) for d in p.depends],
        "seq": None if c.flops is None and c.cache is None else
        (p.seq or (c.flops or c.cache).seq),  # type: ignore[union-attr]
        "batch": (c.flops or c.cache).batch if (c.flops or c.cache) else None,
    }
    after = view["params"]["numbers"]["next"] + (1 if view["depends"] else 0)
    view["depends_number"] = view["params"]["numbers"]["next"]
    for key, found, letter in (("flops", c.flops, "C"), ("cache", c.cache, "K")):
        view[key] = None
        if found is not None:
            view[key] = {**_html_section(found, words, 1, f"{after}."), "number": after,
                         "closed_a": _display(letter, "A", found.formula_a),
                         "closed_b": _display(letter, "B", found.formula_b)}
            after += 1
    fill = partial(_fill_html, lang=lang)
    title = fill(t["diff"]["title"], a=p.name_a, b=p.name_b).striptags()
    style = markup.asset("page.css") + markup.asset("diff.css")
    if "</style" in style.lower():
        raise InvalidValueError("the page's style would end early")  # never: ours
    policy = (f"default-src 'none'; script-src 'none'; style-src '{markup.sha256(style)}'; "
              "img-src 'none'; base-uri 'none'; form-action 'none'")
    env = environment().overlay(autoescape=True)
    return env.get_template("page/diff.html.j2").render(
        d=view, t=t, lang=lang, fill=fill, code=markup.code, title=title,
        policy=Markup(policy), style=Markup(style), version=__version__)


def _escape_html(value: Any) -> Markup:
    """Plain text escaped for HTML (its control and bidi characters shown as escapes)."""
    return markup.fill("{x}", {"x": value}, "en")


def _fill_html(template: str, lang: str, **fields: Any) -> Markup:
    return markup.fill(template, fields, lang)


def _inline_mathml(content: str) -> Markup:
    return markup.math(content)


def _number(value: int) -> str:
    """A figure in MathML, with its thousands separated (``<mn>50,257</mn>``)."""
    return f"<mn>{value:,}</mn>"


def _display(letter: str, side: str | None, expr: Any) -> Markup:
    """``P_A = …`` (or ``P_B − P_A = …`` when ``side`` is None), displayed."""
    def name(s: str) -> str:
        return f'<msub><mi>{letter}</mi><mi mathvariant="normal">{s}</mi></msub>'
    lhs = name(side) if side else f"{name('B')}<mo>−</mo>{name('A')}"
    return markup.equation(lhs, mathml(expr))


class _HtmlWords(_Words):
    """The strings, with a form's sizes as MathML."""

    def form(self, form: Shown) -> Markup:
        name = self.t["form"][form.key]
        detail = []
        if form.fn:
            detail.append(str(self.code(form.fn)))
        sizes = [f"{mathml_name(symbol(n))}<mo>=</mo>{_number(v)}" for n, v in form.sizes
                 if v is not None]
        if sizes:
            detail.append(str(self.inline("<mo>,</mo>".join(sizes))))
        if not detail:
            return self.escape(name)
        return self.fill(self.t["form_detail"], name=name,
                         detail=Markup(str(self.escape(self.text["list_separator"]))
                                       .join(detail)))


def _html_section(result: Diff, w: _Words, first: int, prefix: str = "") -> dict[str, Any]:
    """:func:`_section`'s view, its formulas MathML."""
    found = _section(result, w, first, prefix)
    structure = iter(found["structure"])
    widths = iter(found["widths"])
    for change in result.changes:
        if change.cause == "width":
            row = next(widths)
            row["steps"] = markup.math("<mo>,</mo>".join(
                f"{mathml_name(symbol(n))}<mo>:</mo>{_number(x)}<mo>→</mo>{_number(y)}"
                for n, x, y in change.steps))
        else:
            row = next(structure)
            row["formula"] = markup.math(mathml(change.formula or sympy.S.Zero))
    # each value a formula of its own, so that a narrow screen breaks the line between them
    found["at_values"] = w.escape(w.text["list_separator"]).join(
        markup.math(f"{mathml_name(symbol(n))}<mo>=</mo>{_number(v)}")
        for n, v in result.at.items() if n not in ("s", "B"))
    found["closed_a"] = found["closed_b"] = found["difference"] = None
    return found


def _depends_html(d: Any, p: Diff, lang: str) -> dict[str, Any]:
    model, other = (p.name_a, p.name_b) if d.matters_in == "a" else (p.name_b, p.name_a)
    drop = d.drop
    item: dict[str, Any] = {"symbol": markup.formula(symbol(d.name)), "model": model,
                            "other": other, "kind": None, "assumption": "", "whole": "",
                            "chains": []}
    if drop is not None:
        item["kind"] = drop.kind
        if drop.assumption is not None:
            item["assumption"] = markup.assignment(drop.assumption.symbol,
                                                   drop.assumption.expr)
        if drop.whole is not None:
            item["whole"] = markup.formula(drop.whole)
        item["chains"] = [markup.math(f"{mathml(product, cdot=True)}<mo>=</mo>"
                                      f"{mathml(shown, cdot=True)}<mo>=</mo>{mathml(result)}")
                          for product, shown, result in drop.steps]
    return item
