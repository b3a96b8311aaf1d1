"""A derivation laid out as Markdown or LaTeX: the view its templates (``derivation.md.j2``,
``derivation.tex.j2``) are given, with every formula already LaTeX and every number already
formatted; the templates only lay it out.

The language strings, the jinja2 environment and the sentences shared with the page are
:mod:`symparam.wording`'s; escaping, figures and math delimiters :mod:`symparam.escaping`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

import sympy
from markupsafe import Markup

from symparam.breaking import aligned
from symparam.errors import InvalidValueError
from symparam.escaping import (
    code_md,
    code_tex,
    escape_md,
    escape_pdftex,
    escape_tex,
    math_block,
    math_inline,
    number,
    number_tex,
    prose,
)
from symparam.printing import factor, latex, letter, part_term, shape
from symparam.render_gpu import gpu_view
from symparam.rounding import decimal, in_units, percent
from symparam.symbols import (
    B,
    Q_win,
    latex_name,
    lookup,
    n_img,
    n_tile,
    r_img,
    s,
    s_img,
)
from symparam.wording import (
    environment,
    family_name,
    filler,
    hyper_meaning,
    option_text,
    option_value,
    strings,
)

if TYPE_CHECKING:

    from symparam.document import Document, ModuleRow

FORMATS = ("md", "tex")
#: how Markdown writes math: ``dollars`` ($…$ and $$…$$, for renderers that read math before
#: Markdown: GitHub, Jupyter, VS Code, Obsidian, pandoc), ``github`` (```math blocks and $`…`$,
#: which GitHub alone reads as math and nothing can alter), ``katex`` (\(…\) and $$…$$ with
#: every punctuation mark escaped, so that a Markdown renderer that is not math-aware hands
#: KaTeX's or MathJax's auto-render the TeX unchanged)
MATH_FLAVOURS = ("dollars", "github", "katex")
#: LaTeX heading commands, outermost first; a derivation's headings take one and the next
HEADING_LEVELS = ("section", "subsection", "subsubsection", "paragraph")
SUBHEADING = {"section": "subsection", "subsection": "subsubsection",
               "subsubsection": "paragraph", "paragraph": "subparagraph"}
#: what a LaTeX fragment needs from the document it is pasted into
FRAGMENT_PACKAGES = {"en": ("array", "booktabs", "tabularx"),
                      "zh": ("array", "booktabs", "tabularx", "xeCJK"),
                      "ko": ("array", "booktabs", "tabularx", "xetexko")}


_UNITS = {
    "mib": r"1\,\mathrm{MiB} = 2^{20}\,\mathrm{B}",
    "mb": r"1\,\mathrm{MB} = 10^{6}\,\mathrm{B}",
    "gib": r"1\,\mathrm{GiB} = 2^{30}\,\mathrm{B}",
    "gb": r"1\,\mathrm{GB} = 10^{9}\,\mathrm{B}",
}


def document_options(fmt: str, formats: str, math: str, heading_level: str | None,
                     fragment: bool) -> str:
    """The outermost headings' command of a document in ``fmt`` (``formats`` says the choices
    in an error), after its format, math flavour and heading level are checked."""
    if fmt not in FORMATS:
        raise InvalidValueError(f"unknown format {fmt!r}; choose {formats}")
    if math not in MATH_FLAVOURS:
        raise InvalidValueError(f"unknown math flavour {math!r}; choose one of "
                                f"{', '.join(MATH_FLAVOURS)}")
    level = heading_level or ("subsection" if fragment else "section")
    if level not in HEADING_LEVELS:
        raise InvalidValueError(f"unknown heading level {level!r}; choose one of "
                                f"{', '.join(HEADING_LEVELS)}")
    return level


def render(derivation: Document, fmt: str, lang: str = "en", fragment: bool = False,
           heading_level: str | None = None, math: str = "dollars") -> str:
    """``derivation`` as Markdown (``md``) or LaTeX (``tex``) in ``lang``.

    Markdown only: ``math`` is one of :data:`MATH_FLAVOURS`.

    LaTeX only: ``fragment`` gives the body alone, to paste into a paper (no longtable, no
    footer, its packages on a first ``% requires:`` line); ``heading_level`` is the command
    of its outermost headings (``section`` in a document, ``subsection`` in a fragment by
    default), the parts of the model one level below.
    """
    level = document_options(fmt, "md or tex", math, heading_level, fragment)
    t = strings(lang)
    pdf = fmt == "tex" and lang == "en"  # the English document is pdflatex's
    escape = escape_md if fmt == "md" else escape_pdftex if pdf else escape_tex
    code = code_md if fmt == "md" else partial(code_tex, pdf=pdf)

    fill = filler(escape)
    inline = math_inline(fmt, math)
    view = _view(derivation, lang, t, code, fill, inline)
    view["family"] = family_name(derivation.family, lang)
    view["reading"] = reading(t, derivation.architecture, derivation.family_name, escape, code,
                              inline)
    template = environment().get_template(f"derivation.{fmt}.j2")
    return template.render(d=view, t=t, lang=lang, fragment=fragment, esc=escape, code=code,
                           fill=fill, math=inline, math_block=math_block(math), aligned=aligned,
                           units=_UNITS,
                           headings=(level, SUBHEADING[level]),
                           packages=FRAGMENT_PACKAGES[lang])


def reading(t: Mapping[str, Any], architecture: str, family: str, escape: Any, code: Any,
            inline: Any) -> list[Markup]:
    """The architecture in prose, as its paper describes it, in the document's language: the
    paragraphs of ``[reading]`` under the family's class that builds it (``CLIPModel``), else
    under the family's name (``mamba``: every class of the family); none for most. The
    language file is ours, not a user's: its inline TeX is written as it is."""
    paragraphs = t.get("reading", {})
    return [prose(text, escape, code, inline)
            for text in paragraphs.get(architecture, paragraphs.get(family, []))]


def _memory_line(params: int, per: int, total: int, big: bool) -> str:
    unit, power = ("GiB", 30) if big else ("MiB", 20)
    rounded = decimal(Fraction(total, 2**power), 2).replace(",", "{,}")
    return (
        rf"{number_tex(params)} \times {per}\,\mathrm{{B}} = {number_tex(total)}\,\mathrm{{B}}"
        rf" = \frac{{{number_tex(total)}}}{{2^{{{power}}}}}\,\mathrm{{{unit}}}"
        rf" \approx {rounded}\,\mathrm{{{unit}}}"
    )


def _view(d: Document, lang: str, t: Mapping[str, Any], code: Any, fill: Any, inline: Any
          ) -> dict[str, Any]:
    values = dict(d.values)

    def three(symbolic: sympy.Expr, value: int | None) -> list[str]:
        """The handcalcs line: symbolic = substituted = result (fewer parts when they agree)."""
        lines = [latex(symbolic)]
        if value is None:
            return lines
        substituted = latex(symbolic, values)
        if substituted not in lines and not getattr(symbolic, "is_Number", False):
            lines.append(substituted)
        result = number_tex(value)
        if result not in lines:
            lines.append(result)
        return lines

    def row(r: ModuleRow) -> dict[str, Any]:
        return {
            "name": r.name,
            "kind": r.kind,
            "shape": shape(r.weight),
            "bias": shape(r.bias) if r.bias else None,
            "params": latex(r.params),
            "value": number(r.value) if r.value is not None else None,
            "tied_to": r.tied_to,
        }

    count = letter(d.count_letter)
    sections = []
    parts_tex, parts_values = [], []
    for index, section in enumerate(d.sections, start=1):
        label = letter(d.count_letter, index=index)
        entry = {
            "index": index,
            "names": list(section.names),
            "rows": [row(r) for r in section.rows],
            "label": label,
            "lines": three(section.subtotal, section.subtotal_value),
            "layer_prefix": section.layer_prefix,
            "repeat": None,
        }
        if section.repeat is not None:
            stack = [factor(section.repeat) + r" \cdot " + label]
            if section.repeat_value is None:
                stack.append(latex(sympy.Mul(section.repeat, section.subtotal, evaluate=False)))
            if section.repeat_value is not None and section.subtotal_value is not None:
                stack.append(f"{number_tex(section.repeat_value)} \\times "
                             f"{number_tex(section.subtotal_value)}")
                stack.append(number_tex(section.total_value))
            copies = latex(section.repeat)
            if section.repeat.is_Number:  # a count the config lists: the number once
                copies = number_tex(int(section.repeat))
            elif section.repeat_value is not None:
                copies = f"{copies} = {number_tex(section.repeat_value)}"
            entry["repeat"] = {"symbol": latex(section.repeat), "value": section.repeat_value,
                               "count": copies, "lines": stack}
        parts_tex.append(part_term(d.count_letter, index, section.repeat))
        if section.total_value is not None:
            parts_values.append(number_tex(section.total_value))
        sections.append(entry)

    total_lines = [" + ".join(parts_tex)]
    if parts_values:
        total_lines.append(" + ".join(parts_values))
        if d.value is not None and len(parts_values) > 1:
            total_lines.append(number_tex(d.value))
    closed = three(d.grouped, d.value)
    if d.shows_expanded:  # with values or without, as the page writes it
        closed.insert(1, latex(d.total))
    active = None
    if d.has_active:
        active = {"lines": three(d.active_grouped, d.active_value),
                  "value": number(d.active_value) if d.active_value is not None else None,
                  "shared": d.shared_experts}

    hyper = []
    for h in d.hyperparameters:
        meaning = hyper_meaning(t, h.symbol.name, h.meaning)
        note = None
        if h.assumed is not None:
            note = f"{latex_name(h.symbol)} = {latex(h.assumed.expr)}"
        hyper.append({
            "symbol": latex_name(h.symbol),
            "meaning": meaning,
            "value": number(h.value) if h.value is not None else None,
            "key": h.config_key,
            "assumed": note,
        })

    assumptions = [{
        "tex": f"{latex_name(a.symbol)} = {latex(a.expr)}",
        "reason": t["assumption_reason"].get(a.name, a.reason),
    } for a in d.assumptions]

    ties = []
    for tie in d.ties:
        untied_value = d.untied_total(tie)[1]
        ties.append({
            "name": tie.name,
            "owner": tie.owner,
            "untied": latex(tie.untied),
            "lines": three(tie.untied, tie.untied_value),
            "total_untied": None if untied_value is None else number(untied_value),
        })

    drops = []
    for drop in d.dropouts:
        item = {"symbol": latex_name(drop.symbol), "kind": drop.kind,
                "assumption": None, "chains": [],
                "whole": None if drop.whole is None else latex(drop.whole)}
        if drop.assumption is not None:
            item["assumption"] = f"{latex_name(drop.assumption.symbol)} = " \
                                 f"{latex(drop.assumption.expr)}"
        for product, shown, result in drop.steps:
            item["chains"].append(
                f"{latex(product, cdot=True)} = {latex(shown, cdot=True)} = {latex(result)}"
            )
        drops.append(item)

    memory = []
    for m in d.stored:
        if m.value is None or d.value is None:
            continue
        big = m.value >= 2**30
        memory.append({
            "dtype": m.dtype,
            "per": m.per,
            "bytes": number(m.value),
            "binary": in_units(m.value, 2**30 if big else 2**20, "GiB" if big else "MiB"),
            "decimal": in_units(m.value, 10**9 if big else 10**6, "GB" if big else "MB"),
            "line": _memory_line(d.value, m.per, m.value, big),
        })

    reported = None
    published = d.published_in(lang)
    if d.reported is not None and d.gap is not None and published is not None:
        diff = d.gap
        reported = {
            "params": number(d.reported.params),
            "source": published.source,
            "note": published.note,
            "percent": percent(diff),
            "above": diff > 0,
            "recount": None,
        }
        if d.recount is not None:
            reported["recount"] = {
                "changes": ", ".join(f"{lookup(n).latex} = {number_tex(there)}"
                                     for n, there, _ in d.recounted),
                "actual": ", ".join(f"{lookup(n).latex} = {number_tex(here)}"
                                    for n, _, here in d.recounted),
                "why": published.recount_why,
                "value": number(d.recount),
            }

    options = [{
        "name": name,
        "value": option_value(value),
        "help": option_text(t, name, value, help_, fill,
                            lambda symbol: inline(lookup(symbol).latex), d.family_name),
    } for name, value, help_ in d.options]

    summary = _summary(d, t, fill, inline, code) if d.summary is not None else None

    compute = None
    if d.compute is not None:
        c = d.compute
        at = {**values, B: c.batch, s: c.seq}
        images = None
        if c.images is not None:  # a vision–language model: its images, said and bound
            pictures, patches, side, tokens, read = (c.images[0], c.images[1], c.images[2],
                                                     c.images[6], c.images[-1])
            at[n_img] = pictures
            if read is not None:  # LLaVA-NeXT's anyres tiles: its own sentence
                at[s_img], at[n_tile] = tokens, read[0]
                images = _anyres_images(t, fill, inline, pictures, patches, side, tokens, read)
            else:
                images = _images_said(t, fill, inline, at, c.images[:-1])
        kinds = t["kind"]
        compute = {
            "batch": c.batch, "seq": c.seq,
            "kinds": [{"kind": kinds.get(k, k), "formula": latex(f, sized=False),
                       "flops": number(v),
                       "share": percent(v, c.flops)} for k, f, v in c.kinds],
            "rule": number(c.rule), "rule_gap": percent(c.rule_gap),
            "rule_above": c.rule_gap > 0,
            "training": number(c.training), "tokens": number(c.batch * c.seq),
            "rules": [{
                "formula": r.formula.format(count=count), "value": number(r.value),
                "defined": fill(t["text"][f"rule_{r.who}" + ("_active" if r.active else "")],
                                params=number(r.params)),
                # signed: below the exact count is −, above +
                "gap": ("−" if r.value < c.training else "+" if r.value > c.training else "")
                + percent(r.value - c.training, c.training)} for r in c.rules],
            "idle": c.idle, "images": images,
            "lines": [latex(c.grouped), latex(c.grouped, at), number_tex(c.flops)],
            "flops": number(c.flops), "macs": number(c.flops // 2),
            "parts": [{"name": n, "flops": number(f)} for n, f in c.parts],
        }

    gpus = None
    if d.per_gpu is not None:

        gpus = gpu_view(d.per_gpu, t, fill, inline, code)

    return {
        "gpus": gpus,
        "count": count,
        "squares": d.has_square_terms,
        "transposed": d.transposed,
        "summary": summary,
        "compute": compute,
        "options": options,
        "model": d.model,
        "architecture": d.architecture,
        "family": d.family,
        # each language's sentence; a config.json's names its type and class as code
        "description": d.described_in(lang, fill, code),
        "says_what_model": d.says_what_model,
        "symbolic": d.symbolic,
        "hyper": hyper,
        "assumptions": assumptions,
        "sections": sections,
        "total_lines": total_lines,
        "closed": closed,
        "active": active,
        "value": number(d.value) if d.value is not None else None,
        "ties": ties,
        "dropouts": drops,
        "kept": [latex_name(s) for s in d.kept],
        "memory": memory,
        "reported": reported,
    }


def _images_said(t: Mapping[str, Any], fill: Any, inline: Any, at: dict[Any, Any],
                 images: tuple[int, ...]) -> str:
    """The images of every other vision–language model said, and bound in ``at``: their
    tokens and windows where the processor resizes them, the rows of their tokens."""
    (pictures, patches, side, columns, kernel, merge, tokens, height, width, window,
     pairs, rows, tiles, merged_side) = images
    if merge and not rows and not tiles:  # an image at its own resolution: its tokens
        at[s_img], at[Q_win] = tokens, pairs  # and windows are bound too
    if merged_side:  # the side of an image's grid of tokens, written r_img in the formula
        at[r_img] = merged_side
    said = t["text"]["compute_images_rows" if rows else "compute_images_tiled" if tiles
                     else "compute_images_merged" if merge
                     else "compute_images" if kernel else "compute_images_projected"]
    return fill(said, images=pictures, patches=number(patches),
                side=side, columns=columns, kernel=kernel, merge=merge,
                height=height, width=width, tokens=number(tokens), window=window,
                pairs=number(pairs), Q_win=inline(lookup("Q_win").latex),
                rows=rows, merged=number(tokens - rows), merged_side=merged_side,
                n_img=inline(lookup("n_img").latex),
                s_img=inline(lookup("s_img").latex),
                r_img=inline(lookup("r_img").latex))


def _anyres_images(t: Mapping[str, Any], fill: Any, inline: Any, pictures: int, patches: int,
                   side: int, tokens: int, read: tuple[int, ...]) -> str:
    """LLaVA-NeXT's images said: the size, the pinpoint, the tiles, the features kept (and
    shrunk, LLaVA-OneVision), the newlines; or each of several images read whole."""
    (tiles, height, width, best_h, best_w, grid_r, grid_c, kept_r, kept_c, rows, columns,
     whole, states, most) = read
    symbols = {name: inline(lookup(name).latex) for name in ("n_img", "s_img", "n_tile")}
    if whole:
        return fill(t["text"]["compute_images_anyres_whole"], images=pictures,
                    patches=number(patches), side=side, tokens=number(tokens),
                    states=number(states), tiles=tiles, **symbols)
    shrunk = "" if (rows, columns) == (kept_r, kept_c) else fill(
        t["text"]["compute_images_anyres_shrunk"], rows=rows, columns=columns, most=most)
    return fill(t["text"]["compute_images_anyres"], images=pictures, height=height,
                width=width, best_h=best_h, best_w=best_w, grid_r=grid_r, grid_c=grid_c,
                tiles=tiles, patches=number(patches), side=side, feat_r=grid_r * side,
                feat_c=grid_c * side, kept_r=kept_r, kept_c=kept_c, shrunk=shrunk, rows=rows,
                wide=columns + 1, tokens=number(tokens), **symbols)


def _summary(d: Document, t: Mapping[str, Any], fill: Any, inline: Any, code: Any
             ) -> dict[str, Any]:
    """The whiteboard summary laid out: shares as percentages, the rule of thumb's lines and
    notes (:mod:`symparam.notes`)."""
    s = d.summary
    assert s is not None
    kinds = t["kind"]
    parts = [{
        "name": p.name,
        "formula": latex(p.params, sized=False),
        "value": number(p.value) if p.value is not None else None,
        "share": percent(p.fraction) if p.fraction is not None else None,
    } for p in s.parts]
    layer = [{
        "kind": kinds.get(k.name, k.name),
        "formula": latex(k.params, sized=False),
        "value": number(k.value) if k.value is not None else None,
        "share": percent(k.fraction) if k.fraction is not None else None,
    } for k in s.layer]
    thumb = None
    if s.thumb is not None:
        from symparam.notes import thumb_notes  # a derivation's alone: not a page's start

        th = s.thumb
        lines = [latex(th.total)]
        if th.classic is not None and latex(th.classic) not in lines:
            lines.append(latex(th.classic))
        if th.value is not None:
            lines.append(number_tex(th.value))
        thumb = {"lines": lines, "notes": thumb_notes(th, t, fill, inline, code, percent)}
    closest = None
    if s.closest is not None:
        closest = {"architecture": s.closest.architecture, "value": number(s.closest.value),
                   "percent": percent(s.closest.fraction), "above": s.closest.fraction > 0}
    return {"parts": parts, "layer_name": s.layer_name, "layer": layer, "thumb": thumb,
            "closest": closest}

