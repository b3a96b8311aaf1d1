"""Rendering: one jinja2 environment, the escaping and number filters, the language strings.

Templates (``derivation.md.j2``, ``derivation.tex.j2``) only lay out what they are given: every
formula arrives here as LaTeX and every number already formatted. Language strings live in
``templates/lang/<lang>.toml``; sentences there take named fields that are escaped for the
output format before they are filled in.
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache, partial
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sympy
from markupsafe import Markup

from symparam.breaking import aligned
from symparam.errors import InvalidValueError
from symparam.josa import attach
from symparam.pdftex import settable
from symparam.printing import latex, percent
from symparam.render_gpu import gpu_view
from symparam.symbols import (
    B,
    Q_win,
    indexed,
    latex_name,
    lookup,
    n_img,
    n_tile,
    order_key,
    r_img,
    s,
    s_img,
)
from symparam.templating import loader, table

if TYPE_CHECKING:
    import jinja2

    from symparam.counted import Described
    from symparam.document import Document, ModuleRow

LANGUAGES = ("en", "zh", "ko")
FORMATS = ("md", "tex")
#: how Markdown writes math: ``dollars`` ($…$ and $$…$$, for renderers that read math before
#: Markdown: GitHub, Jupyter, VS Code, Obsidian, pandoc), ``github`` (```math blocks and $`…`$,
#: which GitHub alone reads as math and nothing can alter), ``katex`` (\(…\) and $$…$$ with
#: every punctuation mark escaped, so that a Markdown renderer that is not math-aware hands
#: KaTeX's or MathJax's auto-render the TeX unchanged)
MATH_FLAVOURS = ("dollars", "github", "katex")
_ASCII_PUNCTUATION = frozenset(string.punctuation)
#: the letter of a parameter count (:attr:`Derivation.count_letter`) in LaTeX
COUNT_LETTERS = {"P": "P", "Θ": r"\Theta"}
#: LaTeX heading commands, outermost first; a derivation's headings take one and the next
HEADING_LEVELS = ("section", "subsection", "subsubsection", "paragraph")
SUBHEADING = {"section": "subsection", "subsection": "subsubsection",
               "subsubsection": "paragraph", "paragraph": "subparagraph"}
#: what a LaTeX fragment needs from the document it is pasted into
FRAGMENT_PACKAGES = {"en": ("array", "booktabs", "tabularx"),
                      "zh": ("array", "booktabs", "tabularx", "xeCJK"),
                      "ko": ("array", "booktabs", "tabularx", "xetexko")}

_TEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
    # signs pdflatex's inputenc does not know, set as math in every engine
    "−": r"\ensuremath{-}", "≠": r"\ensuremath{\neq}", "≈": r"\ensuremath{\approx}",
    "≤": r"\ensuremath{\leq}", "≥": r"\ensuremath{\geq}", "↔": r"\ensuremath{\leftrightarrow}",
    "→": r"\ensuremath{\rightarrow}", "⌈": r"\ensuremath{\lceil}", "⌉": r"\ensuremath{\rceil}",
    "⌊": r"\ensuremath{\lfloor}", "⌋": r"\ensuremath{\rfloor}", "Δ": r"\ensuremath{\Delta}",
}
_MD_SPECIAL = {
    "\\": "\\\\", "|": r"\|", "*": r"\*", "_": r"\_", "`": r"\`", "[": r"\[", "]": r"\]",
    "<": "&lt;", ">": "&gt;", "&": "&amp;", "$": r"\$", "#": r"\#",
}


_UNITS = {
    "mib": r"1\,\mathrm{MiB} = 2^{20}\,\mathrm{B}",
    "mb": r"1\,\mathrm{MB} = 10^{6}\,\mathrm{B}",
    "gib": r"1\,\mathrm{GiB} = 2^{30}\,\mathrm{B}",
    "gb": r"1\,\mathrm{GB} = 10^{9}\,\mathrm{B}",
}


def _printable(text: Any) -> str:
    """``text`` on one line: line breaks and other control characters become spaces (a blank
    line would end a LaTeX argument, a newline a Markdown table row or heading)."""
    return "".join(c if c.isprintable() else " " for c in str(text))


def escape_tex(text: Any) -> Markup:
    """Plain text made safe for LaTeX: every special character is printed, never executed."""
    if isinstance(text, Markup):
        return text
    return Markup("".join(_TEX_SPECIAL.get(c, c) for c in _printable(text)))


def escape_pdftex(text: Any) -> Markup:
    """:func:`escape_tex` for a document pdflatex compiles (English): a character its fonts
    cannot set (模, 😀, Hebrew …) is written as its code point, ``<U+6A21>``
    (:func:`symparam.pdftex.settable`)."""
    if isinstance(text, Markup):
        return text
    return escape_tex(settable(_printable(text), _TEX_SPECIAL))


def escape_md(text: Any) -> Markup:
    """Plain text made safe for Markdown: no table breaks, no HTML, no emphasis."""
    if isinstance(text, Markup):
        return text
    return Markup("".join(_MD_SPECIAL.get(c, c) for c in _printable(text)))


def code_md(text: str) -> Markup:
    """A tensor name as inline code. A ``|`` would end a table cell, and inside a code span no
    escape protects it from a backslash before it (``\\|``), so such a name is escaped text.
    The fence is one backtick longer than the longest run of them in the name (CommonMark
    ends a span at the first run as long as its fence: ````a``[x](…)``b```` with a fence of
    two would close early and leave a live link)."""
    if "|" in str(text):
        return escape_md(text)
    body = _printable(text).replace("<", "&lt;")
    longest = max((len(run) for run in re.findall("`+", body)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest else ""
    return Markup(f"{fence}{pad}{body}{pad}{fence}")


def code_tex(text: str, pdf: bool = False) -> Markup:
    """A tensor name in typewriter type, breakable after each dot and underscore and inside
    CamelCase words (``Enc·Dec·Attention``), so that it fits a narrow column; ``pdf``: for
    pdflatex, as :func:`escape_pdftex` writes it."""
    if pdf:
        text = settable(_printable(text), _TEX_SPECIAL)
    pieces = []
    for part in str(text).split("."):
        pieces.append(r"\_\allowbreak{}".join(_camel_breaks(w) for w in part.split("_")))
    return Markup(r"\texttt{" + r".\allowbreak{}".join(pieces) + "}")


def _camel_breaks(word: str) -> str:
    """``word`` escaped, with a break allowed before each capital that follows a small letter."""
    out = []
    for i, c in enumerate(word):
        if i and c.isupper() and word[i - 1].islower():
            out.append(r"\allowbreak{}")
        out.append(str(escape_tex(c)))
    return "".join(out)


def number(value: int) -> str:
    """Thousands separators, as all three languages write figures: 109,482,240."""
    return f"{value:,}"


def ratio(value: Fraction) -> str:
    """A ratio of sizes as a short decimal: 4, 2.6875, 3.5, 12.06."""
    if value.denominator == 1:
        return str(value.numerator)
    shown = f"{float(value):.4f}".rstrip("0")
    return shown


def number_tex(value: int) -> str:
    """A figure inside math: ``109{,}482{,}240`` keeps the commas from adding space."""
    return f"{value:,}".replace(",", "{,}")


@cache
def _templates_folder() -> Path:
    installed = resources.files("symparam") / "templates"
    if installed.is_dir():
        return Path(str(installed))
    return Path(__file__).resolve().parent.parent / "templates"


def template_source(name: str) -> str:
    """The text of ``name`` (``page/page.css``) under the package's templates, as the
    environment's loader reads it."""
    return (_templates_folder() / name).read_text(encoding="utf-8")


@cache
def environment() -> jinja2.Environment:
    """The one environment: templates shipped with the package, strict about missing names
    (jinja2 is imported here, where it is first needed: the page renders without it)."""
    import jinja2

    env = jinja2.Environment(
        loader=loader()(_templates_folder()),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["num"] = number
    env.filters["numtex"] = number_tex
    env.filters["breakable"] = breakable
    return env


def breakable(tex: str) -> str:
    """LaTeX of a formula that a narrow table cell may break inside a product too (Mamba-2's
    ``2 d_state d_conv g_ssm`` in a two-column paper), at a penalty above a sum's (700), so
    that a line breaks after a + where it can."""
    tokens = tex.split(" ")
    out = tokens[:1]
    for before, after in itertools.pairwise(tokens):
        ends = before.endswith(("}", ")")) or re.fullmatch(r"\w+", before) is not None
        starts = re.match(r"\w|\\(left|frac|mathrm)\b", after) is not None
        out.append(r"\penalty900 " + after if ends and starts else after)
    return " ".join(out)


@cache
def strings(lang: str) -> Mapping[str, Any]:
    """The language file for ``lang``; an unknown language is a clear error."""
    if lang not in LANGUAGES:
        raise InvalidValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    name = f"lang/{lang}.toml"
    return table(name, (_templates_folder() / name).read_text(encoding="utf-8"))


def family_name(title: str, lang: str) -> str:
    """A family's name as ``lang`` writes it in a sentence (MoE 解码器, not MoE decoder). Chinese
    puts a space between a Latin name and the Han word after it (LLaMA 系列) and none between
    Han characters (多层感知机系列): the name carries its own space, the sentence none."""
    name = strings(lang).get("families", {}).get(title, title)
    return name + " " if lang == "zh" and name[-1:].isascii() else name


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
    view = _view(derivation, t, code, fill, inline)
    view["family"] = family_name(derivation.family, lang)
    view["reading"] = reading(t, derivation.architecture, derivation.family_name, escape, code,
                              inline)
    for key, text in derivation.i18n.get(lang, {}).items():
        if key == "description":
            view["description"] = text
        elif view["reported"] is not None and key in ("source", "note"):
            view["reported"][key] = text
        elif view["reported"] is not None and view["reported"]["recount"] is not None \
                and key == "recount_why":
            view["reported"]["recount"]["why"] = text
    if derivation.described is not None:  # not a preset's own: each language's sentence
        view["description"] = fill(t["described"][derivation.described.key], key=code(
            "model_type"), **{name: code(value) for name, value in
                              derivation.described.fields.items()})
    if view["reported"] is not None and view["reported"]["note"]:  # its figures, from the tree
        view["reported"]["note"] = fill(view["reported"]["note"], **{
            name: number(value) for name, value in derivation.figures.items()})
    template = environment().get_template(f"derivation.{fmt}.j2")
    return template.render(d=view, t=t, lang=lang, fragment=fragment, esc=escape, code=code,
                           fill=fill, math=inline, math_block=math_block(math), aligned=aligned,
                           units=_UNITS,
                           headings=(level, SUBHEADING[level]),
                           packages=FRAGMENT_PACKAGES[lang])


def filler(escape: Callable[[Any], Markup]) -> Callable[..., Markup]:
    """``fill(template, **fields)``: a language string with its ``{fields}`` put in,
    everything escaped by ``escape``; a field's format spec is a Korean particle to attach
    after it (``{symbol:은}``)."""
    def fill(template: str, **fields: Any) -> Markup:
        out = []
        for literal, field, spec, _ in string.Formatter().parse(template):
            out.append(str(escape(literal)))
            if field is not None:
                shown = str(escape(fields[field]))
                out.append(shown)
                if spec:
                    out.append(attach(shown, spec))
        return Markup("".join(out))

    return fill


def description(lang: str, described: Described | None,
                i18n: Mapping[str, Mapping[str, str]], default: str) -> str:
    """What the model is, as plain text in ``lang``: the sentence of ``described`` (a
    config.json's, a changed preset's), else the preset's own in ``i18n``, else ``default``."""
    if described is not None:
        return strings(lang)["described"][described.key].format_map(
            {"key": "model_type", **described.fields})
    return i18n.get(lang, {}).get("description", default)


#: the pieces of a reading: a hyperparameter ``[[H]]``, inline TeX ``$…$``, a ``name``
_READING_PIECES = re.compile(r"(\[\[\w+\]\]|\$[^$]+\$|`[^`]+`)")


def reading(t: Mapping[str, Any], architecture: str, family: str, escape: Any, code: Any,
            inline: Any) -> list[Markup]:
    """The architecture in prose, as its paper describes it, in the document's language: the
    paragraphs of ``[reading]`` under the family's class that builds it (``CLIPModel``), else
    under the family's name (``mamba``: every class of the family); none for most. The
    language file is ours, not a user's: its inline TeX is written as it is."""
    paragraphs = t.get("reading", {})
    return [prose(text, escape, code, inline)
            for text in paragraphs.get(architecture, paragraphs.get(family, []))]


def prose(text: str, escape: Any, code: Any, inline: Any) -> Markup:
    """One paragraph of a reading: ``[[H]]`` a hyperparameter's symbol, TeX between dollar
    signs inline math, a module's name between backquotes code, the rest escaped text."""
    pieces = []
    for piece in _READING_PIECES.split(text):
        if piece.startswith("[[") and piece.endswith("]]"):
            pieces.append(inline(lookup(piece[2:-2]).latex))
        elif piece.startswith("$") and piece.endswith("$") and len(piece) > 1:
            pieces.append(inline(piece[1:-1]))
        elif piece.startswith("`") and piece.endswith("`") and len(piece) > 1:
            pieces.append(code(piece[1:-1]))
        elif "$" in piece or "`" in piece:
            raise InvalidValueError(f"an unmatched $ or ` in the reading {text[:40]!r}…")
        else:
            pieces.append(escape(piece))
    return Markup("".join(str(p) for p in pieces))


def math_inline(fmt: str, flavour: str) -> Callable[[str], Markup]:
    """Inline math: ``\\(…\\)`` in LaTeX, in Markdown as ``flavour`` writes it."""
    def inline(tex: str) -> Markup:
        if fmt == "tex":
            return Markup(f"\\({tex}\\)")
        if flavour == "github":
            return Markup(f"$`{tex}`$")
        if flavour == "katex":
            return Markup(_escape_commonmark(f"\\({tex}\\)"))
        return Markup(f"${tex}$")

    return inline


def math_block(flavour: str) -> Callable[[str], Markup]:
    """Display math in Markdown, as ``flavour`` writes it (the TeX on lines of its own)."""
    def block(tex: str) -> Markup:
        if flavour == "github":
            return Markup(f"```math\n{tex}\n```")
        if flavour == "katex":
            return Markup(f"$$\n{_escape_commonmark(tex)}\n$$")
        return Markup(f"$$\n{tex}\n$$")

    return block


def _escape_commonmark(tex: str) -> str:
    r"""``tex`` with a backslash before every ASCII punctuation mark: any CommonMark parser
    gives back exactly ``tex`` (``\\`` stays two backslashes, ``_`` makes no emphasis).

    >>> print(_escape_commonmark(r"a_{1} \, b"))
    a\_\{1\} \\\, b
    """
    return "".join("\\" + c if c in _ASCII_PUNCTUATION else c for c in tex)


def _memory_line(params: int, per: int, total: int, big: bool) -> str:
    unit, power = ("GiB", 30) if big else ("MiB", 20)
    rounded = f"{total / 2**power:,.2f}".replace(",", "{,}")
    return (
        rf"{number_tex(params)} \times {per}\,\mathrm{{B}} = {number_tex(total)}\,\mathrm{{B}}"
        rf" = \frac{{{number_tex(total)}}}{{2^{{{power}}}}}\,\mathrm{{{unit}}}"
        rf" \approx {rounded}\,\mathrm{{{unit}}}"
    )


def _shape(dims: tuple[sympy.Expr, ...]) -> str:
    """A weight's shape, ``(h d_nope + h d_rope) × r_q``: a sum in brackets; a scalar's (CLIP's
    temperature) is ``()``, as torch and numpy write it."""
    if not dims:
        return "()"
    return r" \times ".join(_factor(d) for d in dims)


def _factor(expr: sympy.Expr) -> str:
    """``expr`` as one factor of a product: a sum in brackets (``(N - N_dense) P_3``)."""
    printed = latex(expr, sized=False)  # plain brackets: a narrow cell may break inside them
    return f"({printed})" if expr.is_Add else printed


def _view(d: Document, t: Mapping[str, Any], code: Any, fill: Any, inline: Any
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
            "shape": _shape(r.weight),
            "bias": _shape(r.bias) if r.bias else None,
            "params": latex(r.params),
            "value": number(r.value) if r.value is not None else None,
            "tied_to": r.tied_to,
        }

    count = COUNT_LETTERS[d.count_letter]
    sections = []
    parts_tex, parts_values = [], []
    for index, section in enumerate(d.sections, start=1):
        label = f"{count}_{{{index}}}"
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
            stack = [_factor(section.repeat) + r" \cdot " + label]
            if section.repeat_value is None:
                stack.append(latex(sympy.Mul(section.repeat, section.subtotal, evaluate=False)))
            if section.repeat_value is not None and section.subtotal_value is not None:
                stack.append(f"{number_tex(section.repeat_value)} \\times "
                             f"{number_tex(section.subtotal_value)}")
                stack.append(number_tex(section.subtotal_value * section.repeat_value))
            copies = latex(section.repeat)
            if section.repeat.is_Number:  # a count the config lists: the number once
                copies = number_tex(int(section.repeat))
            elif section.repeat_value is not None:
                copies = f"{copies} = {number_tex(section.repeat_value)}"
            entry["repeat"] = {"symbol": latex(section.repeat), "value": section.repeat_value,
                               "count": copies, "lines": stack}
            parts_tex.append(_factor(section.repeat) + " " + label)
        else:
            parts_tex.append(label)
        if section.total_value is not None:
            parts_values.append(number_tex(section.total_value))
        sections.append(entry)

    total_lines = [" + ".join(parts_tex)]
    if parts_values:
        total_lines.append(" + ".join(parts_values))
        if d.value is not None and len(parts_values) > 1:
            total_lines.append(number_tex(d.value))
    closed = three(d.grouped, d.value)
    if d.value is not None and latex(d.total) != closed[0] and d.expanded_reads_well:
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

    ties = [{
        "name": tie.name,
        "owner": tie.owner,
        "untied": latex(tie.untied),
        "lines": three(tie.untied, tie.untied_value),
        "total_untied": number(d.value + tie.untied_value) if d.value is not None and
        tie.untied_value is not None else None,
    } for tie in d.ties]

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
    for m in d.memory:
        big = m.bytes >= 2**30
        memory.append({
            "dtype": m.dtype,
            "per": m.bytes_per_param,
            "bytes": number(m.bytes),
            "binary": f"{(m.gib if big else m.mib):,.2f} {'GiB' if big else 'MiB'}",
            "decimal": f"{(m.gb if big else m.mb):,.2f} {'GB' if big else 'MB'}",
            "line": _memory_line(d.value or 0, m.bytes_per_param, m.bytes, big),
        })

    reported = None
    if d.reported is not None and d.gap is not None:
        diff = d.gap
        reported = {
            "params": number(d.reported.params),
            "source": d.reported.source,
            "note": d.reported.note,
            "percent": percent(diff),
            "above": diff > 0,
            "recount": None,
        }
        if d.recount is not None:
            at = {sym.name: v for sym, v in d.values.items()}
            names = sorted(d.reported.recount, key=lambda n: order_key(lookup(n).symbol))
            reported["recount"] = {
                "changes": ", ".join(f"{lookup(n).latex} = {number_tex(d.reported.recount[n])}"
                                     for n in names),
                "actual": ", ".join(f"{lookup(n).latex} = {number_tex(at[n])}" for n in names),
                "why": d.reported.recount_why,
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
        gap = (c.rule - c.flops) / c.flops
        compute = {
            "batch": c.batch, "seq": c.seq,
            "kinds": [{"kind": kinds.get(k, k), "formula": latex(f, sized=False),
                       "flops": number(v),
                       "share": percent(v / c.flops)} for k, f, v in c.kinds],
            "rule": number(c.rule), "rule_gap": percent(gap), "rule_above": gap > 0,
            "training": number(c.training), "tokens": number(c.batch * c.seq),
            "rules": [{
                "formula": r.formula.format(count=count), "value": number(r.value),
                "defined": fill(t["text"][f"rule_{r.who}" + ("_active" if r.active else "")],
                                params=number(r.params)),
                # signed: below the exact count is −, above +
                "gap": ("−" if r.value < c.training else "+" if r.value > c.training else "")
                + percent((r.value - c.training) / c.training)} for r in c.rules],
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
        "description": d.description,
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
        "kept": [latex_name(s) for s in sorted(d.total.free_symbols, key=order_key)],
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


def hyper_meaning(t: Mapping[str, Any], name: str, default: str) -> str:
    """What the hyperparameter ``name`` means, in the language of ``t``: its translation, or
    ``default``, the vocabulary's English (:mod:`symparam.symbols`, the one English table,
    which English does not repeat), or for a symbol of the user's own, that it is one."""
    table = t.get("meaning", {})
    if name in table:
        return table[name]
    numbered = indexed(name)
    if name == "d_0" and "d_0" in table:
        return table["d_0"]
    if numbered is not None and f"{numbered[0]}_i" in table:
        return table[f"{numbered[0]}_i"].format(i=numbered[1])
    return default or t["text"]["none"]


def option_value(value: Any) -> str:
    """An option's value as the derivation writes it: ``true``, ``[1, 0, 1]``, ``3``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def option_text(t: Mapping[str, Any], name: str, value: Any, help_: str, fill: Any,
                symbol: Callable[[str], Any], family: str = "") -> Any:
    """What an option's value means, in the document's language: the ``[option]`` string for
    a switch that is on (or a number, with ``{value}``), ``[option_off]`` for one that is off,
    ``[option]``'s ``name=value`` for a value of a :class:`~symparam.family.Choice`, each
    under ``family.name`` where the family's option means something else than the name's
    (Falcon's ``bias`` is on its projections alone). A hyperparameter written ``[[d_emb]]`` in
    the string is typeset by ``symbol`` (its name → math in the output's format); ``fill`` puts
    the fields into the sentence. An option of a user's own family, which the language files
    do not know, is its help, marked as off where it is off (never its "on" text as is)."""
    table = t["option_off" if value is False else "option"]
    text = table.get(f"{family}.{name}", table.get(name))
    if isinstance(value, str):  # a choice's value has its own sentence: "norm_placement=post"
        text = table.get(f"{family}.{name}={value}", table.get(f"{name}={value}", text))
    if text is None:
        text = t["text"]["option_not"].format(help=help_) if value is False else help_
    text = text.replace("{value}", option_value(value))
    pieces = re.split(r"\[\[(\w+)\]\]", text.replace("{", "{{").replace("}", "}}"))
    template = "".join(f"{{s{i}}}" if i % 2 else piece for i, piece in enumerate(pieces))
    symbols = {f"s{i}": symbol(piece) for i, piece in enumerate(pieces) if i % 2}
    return fill(template, **symbols)


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

