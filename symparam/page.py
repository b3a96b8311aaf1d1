"""A model's web page: one self-contained HTML file to read its derivation and change its values.

``symparam page MODEL -o model.html`` writes it. The page holds the derivation typeset in
MathML (browsers render it natively, so no math library is shipped), an input for every
hyperparameter, and a script that works out the total, the active parameters and every figure
of the derivation again when a value changes. The closed forms reach the script through the
project's printer (:func:`symparam.printing.javascript`) and are computed over exact rationals
of BigInts, so a count stays exact past 2⁵³; the script never turns text into code. Nothing is
fetched when the page is read: its Content-Security-Policy allows only its own script and style,
by their hashes. The values live in the address (``#H=1024&N=24``, read as name=digits pairs),
so a link shares a configuration; all three languages are in the page, and a button switches.

Everything the page shows before its script runs is worked out here the same way
(:mod:`symparam.live`), so a printed page or one read without JavaScript is right too. The
rules the command line checks before it counts (heads that divide the hidden size …) are
checked by the script as well, each with its message.

>>> import symparam
>>> html = page(symparam.model("toy-net"))
>>> "default-src 'none'" in html and "<math" in html and "3,145,728" in html
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

import sympy
from markupsafe import Markup, escape

from symparam.compute import DTYPE_BYTES
from symparam.counted import page_inputs
from symparam.derivation import Derivation, derive
from symparam.errors import InvalidValueError
from symparam.hf import looks_like_config
from symparam.images import IMAGE_INPUTS
from symparam.live import Formulas, grouped
from symparam.markup import (
    Field,
    Words,
    asset,
    assignment,
    code,
    document,
    equation,
    fill,
    formula,
    math,
    page_strings,
    script_of,
)
from symparam.page_compute import running
from symparam.page_gpu import gpu_section
from symparam.printing import latex, letter, mathml, mathml_name, part_term, shape
from symparam.rounding import percent
from symparam.symbols import lookup
from symparam.wording import (
    LANGUAGES,
    family_name,
    hyper_meaning,
    option_text,
    option_value,
    strings,
)

if TYPE_CHECKING:
    from symparam.counted import Counted
    from symparam.document import GpuStep

#: the width of the share-by-part bar, in its own units (it is drawn as wide as the page)
BAR_WIDTH = 1000

#: the longest title a page takes (``--title``)
MAX_TITLE = 200


def page(model: Counted, lang: str = "en", symbolic: bool = False,
         title: str | None = None,
         example: tuple[Mapping[str, int], str, str] | None = None,
         per_gpu: GpuStep | None = None) -> str:
    """``model``'s page as one HTML document, first shown in ``lang`` (the reader switches);
    ``symbolic``: the family's formulas with no values of its own, the inputs starting from
    ``example`` (values, and the model type whose defaults they are or the preset whose
    values they are: :func:`symparam.catalog.example_values`, as ``symparam page
    --symbolic`` gives them) for every input that has one there, or
    from the model's own values where it has all, else empty; ``title``: the name the page
    gives the model (by default its preset or type, and for a config.json its class: never
    the path it was read from, which a shared page would show to everyone); ``per_gpu``: the
    most loaded GPU of a parallel layout as :func:`symparam.derivation.gpu_step` gives it, for
    a section of its own (static: the figures of the model's own values).

    Raises what :func:`~symparam.derivation.derive` raises: a model without every value is
    an error unless ``symbolic``."""
    if lang not in LANGUAGES:
        strings(lang)  # raises: unknown language
    name = _title(model) if title is None else _checked_title(title)
    derivation = derive(model, symbolic=symbolic, running=True)
    if per_gpu is not None:
        if symbolic:
            raise InvalidValueError("per_gpu is a layout at the model's values: a symbolic "
                                    "page has none")
        derivation = dataclasses.replace(derivation, per_gpu=per_gpu)
    start: dict[sympy.Symbol, int] = {}
    source = ("", "")
    if symbolic:
        needed, inputs = page_inputs(model)
        if {s.name for s in needed} <= set(model.values):
            start = {s: model.values[s.name] for s in inputs if s.name in model.values}
        elif example is not None:
            start = {s: int(example[0][s.name]) for s in inputs if s.name in example[0]}
            source = (example[1], example[2])
        derivation = dataclasses.replace(derivation, values=start)
    view = _view(derivation)
    view["example"] = None if not start else {"kind": source[0], "preset": source[1]}
    view["model"] = name
    words: Words = view["words"]
    formulas: Formulas = view["formulas"]
    data = {
        "languages": list(LANGUAGES),
        "titles": {code_: words.plain(code_, "page.title", model=name)
                   for code_ in LANGUAGES},
        "total": formulas.add(derivation.total),
        "needs": [s.name for s in derivation.kept],
    }
    script = script_of(data, asset("rational.js") + formulas.script() + asset("languages.js")
                       + asset("page.js"))
    return document("page/page.html.j2", script, v=view, t=words, lang=lang,
                    title=data["titles"][lang], code=code, list_of=_list_of)


def _title(model: Counted) -> str:
    """What a page calls ``model``: its name, or for a config.json read from a path its class
    (``Qwen3MoeForCausalLM``)."""
    if model.described is not None and model.described.key in ("config", "fitted_config") \
            and looks_like_config(model.name):
        return model.label
    return model.name


def _checked_title(title: str) -> str:
    if not isinstance(title, str) or not title.strip() or len(title) > MAX_TITLE:
        raise InvalidValueError(f"the title must be text of 1 to {MAX_TITLE} characters, "
                                f"got {title!r:.60}")
    return title.strip()


def _list_of(name: str) -> Markup:
    """Where the script writes the names a message is about (as text, never as HTML)."""
    return Markup(f'<span data-list="{name}"></span>')


def _view(d: Derivation) -> dict[str, Any]:
    """Everything the template lays out, with every formula already typeset and every figure
    an element the script keeps up to date."""
    words = Words()
    formulas = Formulas(d.values)
    messages = _checks(d, formulas, words)
    live = formulas.live
    total = d.total

    inputs = []
    for h in d.hyperparameters:
        name = h.symbol.name
        if name in IMAGE_INPUTS and h.config_key is None and h.symbol not in d.values:
            continue  # an image's, not the model's: an input beside s and B (page_compute)
        entry = {
            "name": name,
            "symbol": math(mathml_name(h.symbol)),
            "meaning": words.each({lang: hyper_meaning(strings(lang), name, h.meaning)
                                   for lang in LANGUAGES}),
            "key": h.config_key,
            "default": "" if h.symbol not in d.values else str(d.values[h.symbol]),
            "assumed": None,
        }
        if h.assumed is not None:
            entry["assumed"] = words("page.assumed", expr=formula(h.assumed.expr),
                                     value=live(h.resolved, always=True))
        inputs.append(entry)

    results = {"total": live(total, tag="output", machine=True), "active": None,
               "active_bare": None, "shared": d.shared_experts}
    if d.has_active:
        results["active"] = live(d.active, tag="output", machine=True)
        if d.active_tables != 0:  # as gpt-oss's and DeepSeek-V3's cards count
            results["active_bare"] = live(d.active - d.active_tables, tag="output")

    return {
        "words": words,
        "formulas": formulas,
        "model": d.model,
        "architecture": d.architecture,
        # the family's name in each language where it has one (MoE 解码器, not MoE decoder)
        "family": {lang: family_name(d.family, lang) for lang in LANGUAGES},
        "description": None if not d.says_what_model else
        {lang: d.described_in(lang) for lang in LANGUAGES},
        "languages": [(lang, page_strings(lang)["name"]) for lang in LANGUAGES],
        "symbolic": d.symbolic,
        # one letter, one meaning: where P is a hyperparameter (the patch size), the count is Θ
        "count_letter": None if d.count_letter == "P" else
        Field(math(letter(d.count_letter, "mathml")), d.count_letter),
        "patch": Field(math("<mi>P</mi>"), "P"),
        "inputs": inputs,
        "results": results,
        "messages": messages,
        "summary": _summary(d, formulas, words),
        "total": _total(d, formulas, words),
        "dropouts": _dropouts(d, words),
        "assumptions": [{"formula": assignment(a.symbol, a.expr),
                         "reason": words.each({lang: strings(lang)["assumption_reason"]
                                               .get(a.name, a.reason) for lang in LANGUAGES})}
                        for a in d.assumptions],
        "options": [{"name": f"{name}={option_value(value)}",
                     "text": words.each({lang: _option(lang, name, value, help_, d.family_name)
                                         for lang in LANGUAGES})}
                    for name, value, help_ in d.options],
        "sections": _sections(d, formulas, words),
        "ties": [{"name": tie.name, "owner": tie.owner, "untied": live(tie.untied),
                  "formula": formula(tie.untied), "total": live(d.untied_total(tie)[0]),
                  "value": live(total)} for tie in d.ties],
        "memory": [{"dtype": m.dtype, "per": m.per, "bytes": live(m.bytes),
                    "gib": live(m.bytes, unit="gib"), "gb": live(m.bytes, unit="gb")}
                   for m in d.stored],
        "reported": _reported(d),
        **_memory_more(d, formulas),
        "running": running(d, formulas, words),
        "gpus": _gpus(d, words),
    }


def _gpus(d: Derivation, words: Words) -> dict[str, Any] | None:
    """The section on the most loaded GPU of the layout the page was made for, if any."""
    return None if d.per_gpu is None else gpu_section(d.per_gpu, words)


def _memory_more(d: Derivation, formulas: Formulas) -> dict[str, Any]:
    """What ``symparam memory`` prints beside the weights, as figures of the page's values:
    the training state under each optimiser recipe (:attr:`Document.training_state
    <symparam.document.Document.training_state>`), and the bytes the KV cache grows by a
    token in each dtype (:attr:`~symparam.document.Document.kv_width`, where there is one)."""
    live = formulas.live
    training = [{"name": o.name, "per": o.per, "bytes": live(o.bytes),
                 "gib": live(o.bytes, unit="gib")} for o in d.training_state]
    kv = []
    if d.kv_width is not None:
        kv = [{"dtype": dtype, "per": per, "bytes": live(per * d.kv_width)}
              for dtype, per in DTYPE_BYTES.items()]
    return {"training": training, "kv": kv}


def _option(lang: str, name: str, value: Any, help_: str, family: str) -> Markup:
    """What an option's value means, in ``lang``, its symbols in MathML."""
    return option_text(strings(lang), name, value, help_,
                       lambda template, **fields: fill(template, fields, lang),
                       lambda symbol: math(mathml_name(lookup(symbol).symbol)), family)


def _checks(d: Derivation, formulas: Formulas, words: Words) -> list[dict[str, Any]]:
    """The rules the command line checks before it counts (:attr:`Document.checks
    <symparam.document.Document.checks>`), each with the message the page shows while the
    values break it."""
    out = []
    side = partial(formulas.live, always=True)
    for rule in d.checks:
        run = "" if rule.blocking else "_run"
        if rule.says == "assumed":
            symbol, expr = rule.written
            message = words("page.check_assumed", assumption=assignment(symbol, expr),
                            symbol=formula(symbol), value=side(rule.a))
        elif rule.kind == "divides":
            divisor, dividend = rule.written
            message = words(f"page.check_{rule.says}{run}", divisor=formula(divisor),
                            a=side(rule.a), dividend=formula(dividend), b=side(rule.b),
                            reason=rule.reason, lib=code("transformers"))
        elif rule.kind == "at_most":
            small, big = rule.written
            message = words(f"page.check_at_most{run}", small=formula(small), a=side(rule.a),
                            big=formula(big), b=side(rule.b), reason=rule.reason,
                            lib=code("transformers"))
        else:  # a count
            message = words(f"page.check_{rule.says}", value=side(rule.a))
        index = formulas.check(rule.kind, rule.a, rule.b, rule.blocking)
        out.append({"index": index, "message": message, "blocking": rule.blocking,
                    "hidden": not formulas.failing(formulas.checks[index])})
    return out


def _summary(d: Derivation, formulas: Formulas, words: Words) -> dict[str, Any] | None:
    """The whiteboard summary: each part's share of the whole, one layer by kind of block,
    the rule of thumb and its gap to the exact count."""
    s = d.summary
    if s is None:
        return None
    live = formulas.live
    parts = [{"name": p.name, "formula": formula(p.params), "value": live(p.params),
              "share": live(p.params, of=s.whole)} for p in s.parts]
    # the share-by-part bar: each part a rectangle as wide as its share (the script redraws
    # it; a drawing, not a figure: the shares are read in the table)
    x = 0.0
    for part, found in zip(parts, s.parts, strict=True):
        index, of = formulas.add(found.params), formulas.add(s.whole)
        number, whole = formulas.numbers[index], formulas.numbers[of]
        width = 0.0 if number is None or not whole or not formulas.ok else \
            float(Fraction(number) / Fraction(whole)) * BAR_WIDTH
        part["bar"] = {"f": index, "of": of, "x": f"{x:.2f}",
                       "width": f"{max(width, 0.0):.2f}"}
        x += max(width, 0.0)
    layer = [{"kind": words.each({lang: strings(lang)["kind"].get(k.name, k.name)
                                  for lang in LANGUAGES}),
              "formula": formula(k.params), "value": live(k.params),
              "share": live(k.params, of=s.layer_whole)} for k in s.layer]
    thumb = None
    if s.thumb is not None:
        gap = s.thumb_gap
        thumb = {"equation": copyable(
                     equation(letter(d.count_letter, "mathml"), mathml(s.thumb.total),
                              f"<mn>{live(s.thumb.total)}</mn>", relation="≈"),
                     f"{letter(d.count_letter)} \\approx {latex(s.thumb.total)}", words),
                 "gap": words("page.thumb_gap", gap=live(gap, of=s.whole),
                              sign=formulas.sign(gap))}
    return {"parts": parts, "layer_name": s.layer_name, "layer": layer, "thumb": thumb}


def _total(d: Derivation, formulas: Formulas, words: Words) -> dict[str, Any]:
    """The sum of the parts, the closed form, and the active count beside it."""
    live = formulas.live
    sums, values = [], []
    for index, s in enumerate(d.sections, start=1):
        sums.append(part_term(d.count_letter, index, s.repeat, "mathml"))
        values.append(f"<mn>{live(s.total)}</mn>")
    lines = [equation(letter(d.count_letter, "mathml"), "<mo>+</mo>".join(sums),
                      "<mo>+</mo>".join(values))]
    closed = [letter(d.count_letter, "mathml"), mathml(d.grouped)]
    if d.shows_expanded:
        closed.append(mathml(d.total))
    closed.append(f"<mn>{live(d.total)}</mn>")
    active = None
    if d.has_active:
        name = f'<msub><mi>{d.count_letter}</mi><mi mathvariant="normal">active</mi></msub>'
        active = {"equation": copyable(
                      equation(name, mathml(d.active_grouped), f"<mn>{live(d.active)}</mn>"),
                      f"{letter(d.count_letter)}_{{\\mathrm{{active}}}} = "
                      f"{latex(d.active_grouped)}", words),
                  "value": live(d.active), "share": live(d.active, of=d.total)}
    return {"sums": lines, "value": live(d.total),
            "closed": copyable(equation(*closed), f"{letter(d.count_letter)} = "
                               f"{latex(d.grouped)}", words),
            "active": active}


def copyable(shown: Markup, tex: str, words: Words) -> Markup:
    """A displayed equation with a button that copies its closed form as LaTeX (and shows
    it under the equation, for a browser that keeps the clipboard from a page)."""
    return (Markup('<div class="copyable">') + shown
            + Markup('<button type="button" class="copy needs-script" data-latex="')
            + escape(tex) + Markup('">') + words("page.copy_latex", latex=code("LaTeX"))
            + Markup('</button><code class="latex" hidden></code></div>'))


def _sections(d: Derivation, formulas: Formulas, words: Words) -> list[dict[str, Any]]:
    """Layer by layer: each part's modules with their shapes and counts, and its sum."""
    live = formulas.live
    out = []
    for index, s in enumerate(d.sections, start=1):
        rows = [{"name": r.name, "kind": r.kind,
                 "shape": math(shape(r.weight, "mathml")),
                 "bias": None if not r.bias else math(shape(r.bias, "mathml")),
                 "formula": formula(r.params), "value": live(r.params),
                 "tied_to": r.tied_to} for r in s.rows]
        entry: dict[str, Any] = {
            "index": index, "names": s.names, "rows": rows, "prefix": s.layer_prefix,
            "sum": copyable(equation(letter(d.count_letter, "mathml", index),
                                     mathml(s.subtotal), f"<mn>{live(s.subtotal)}</mn>"),
                            f"{letter(d.count_letter, index=index)} = {latex(s.subtotal)}",
                            words),
            "repeat": None,
        }
        if s.repeat is not None:
            entry["repeat"] = {
                "count": formula(s.repeat), "value": live(s.repeat),
                "equation": equation(part_term(d.count_letter, index, s.repeat, "mathml"),
                                     f"<mn>{live(s.repeat)}</mn><mo>×</mo>"
                                     f"<mn>{live(s.subtotal)}</mn>",
                                     f"<mn>{live(s.total)}</mn>")}
        out.append(entry)
    return out


def _dropouts(d: Derivation, words: Words) -> dict[str, Any]:
    """Which hyperparameters drop out of the total and why, as ``symparam depends`` says."""
    kept = Markup(", ").join(math(mathml_name(s)) for s in d.kept)
    items = []
    for drop in d.dropouts:
        symbol = formula(drop.symbol)
        assumption = None if drop.assumption is None else \
            assignment(drop.assumption.symbol, drop.assumption.expr)
        whole = "" if drop.whole is None else formula(drop.whole)
        chains = [math("<mo>=</mo>".join((mathml(product, cdot=True), mathml(shown_, cdot=True),
                                         mathml(result))))
                  for product, shown_, result in drop.steps]
        items.append({"sentence": words(f"text.drop_{drop.kind}", symbol=symbol,
                                        assumption=assumption or "", whole=whole),
                      "chains": chains})
    return {"kept": words("text.kept", symbols=kept), "drops": items}


def _reported(d: Derivation) -> dict[str, Any] | None:
    """The published figure and the family's closest class, at the page's own values."""
    found = {lang: d.published_in(lang) for lang in LANGUAGES}  # None: no figure to compare
    published = {lang: p for lang, p in found.items() if p is not None}
    if d.reported is None or d.gap is None or len(published) != len(found):
        return None
    diff = d.gap
    closest = None
    if d.summary is not None and d.summary.closest is not None:
        c = d.summary.closest
        closest = {"architecture": code(c.architecture), "value": grouped(c.value),
                   "percent": percent(c.fraction),
                   "side": _side(c.fraction > 0)}
    source = {lang: p.source for lang, p in published.items()}
    note = {lang: p.note for lang, p in published.items()}
    recount = None
    if d.recount is not None:

        def values(which: int) -> Markup:
            return Markup(", ").join(assignment(lookup(n).symbol, sympy.Integer(v[which])).html
                                     for n, *v in d.recounted)

        recount = {"changes": values(0), "actual": values(1),
                   "why": {lang: p.recount_why for lang, p in published.items()},
                   "value": grouped(d.recount)}
    return {"params": grouped(d.reported.params), "source": source, "note": note,
            "has_note": bool(d.reported.note), "percent": percent(diff),
            "side": _side(diff > 0), "closest": closest, "recount": recount}


def _side(above: bool) -> dict[str, str]:
    """"above" or "below", in every language."""
    return {lang: strings(lang)["text"]["above" if above else "below"] for lang in LANGUAGES}

