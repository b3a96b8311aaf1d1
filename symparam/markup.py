"""The HTML of a page, apart from what it says: words in three languages (each sentence in
an element of its own, shown for the chosen language by the stylesheet), formulas as MathML,
and the document around them — its stylesheet and script inline, under a
Content-Security-Policy that lets the page load nothing.

>>> from symparam.symbols import d_ff
>>> str(formula(d_ff).html)
'<math><msub><mi>d</mi><mi mathvariant="normal">ff</mi></msub></math>'
"""

from __future__ import annotations

import base64
import json
import re
import string
from collections.abc import Mapping
from functools import cache
from typing import Any

import sympy
from markupsafe import Markup, escape

from symparam.errors import InvalidValueError
from symparam.frozen import frozen
from symparam.josa import attach
from symparam.output import shown
from symparam.printing import Terms, latex, mathml, mathml_name
from symparam.templating import rendered, table
from symparam.wording import LANGUAGES, environment, strings, template_source

try:  # SHA-256 itself: hashlib would load OpenSSL first (10 M instructions of a page's start)
    from _sha256 import sha256 as _sha256  # Python 3.11
except ImportError:  # pragma: no cover - Python 3.12 names it _sha2; another build may lack it
    try:
        from _sha2 import sha256 as _sha256
    except ImportError:
        from hashlib import sha256 as _sha256
from symparam.version import __version__


@cache
def page_strings(lang: str) -> Mapping[str, Any]:
    """The page's own words in ``lang`` (``templates/page/lang/<lang>.toml``); the derivation's
    are :func:`symparam.wording.strings`."""
    strings(lang)  # an unknown language is the same clear error as for a derivation
    name = f"page/lang/{lang}.toml"
    return table(name, template_source(name))


@cache
def asset(name: str) -> str:
    """The page's stylesheet or script runtime, shipped with the templates."""
    return template_source(f"page/{name}")


@frozen
class Field:
    """A value put into a sentence: its HTML, and how it reads (a Korean particle after it is
    chosen by how it reads: ``H²`` ends in 제곱, whatever its MathML). Plain text becomes a
    field escaped for HTML, its control and bidi characters written as escapes (``\\x1b``)."""

    html: Markup
    reading: str


def _field(value: Any) -> Field:
    if isinstance(value, Field):
        return value
    if isinstance(value, Markup):
        return Field(value, value.striptags())
    return Field(escape(shown(str(value))), str(value))


def _html(value: Any) -> Markup:
    """``_field(value).html``, without working out how the value reads (a tenth of a page's
    rendering went to stripping the tags of values no particle follows)."""
    if isinstance(value, Field):
        return value.html
    if isinstance(value, Markup):
        return value
    return escape(shown(str(value)))


def fill(template: str, fields: Mapping[str, Any], lang: str) -> Markup:
    """A sentence with its ``{fields}`` put in, every piece of text escaped for HTML; a
    field's format spec is a Korean particle to attach after it (``{symbol:은}``); a field
    given per language (a dict) takes the sentence's."""
    out = []
    for literal, name, spec, _ in string.Formatter().parse(template):
        out.append(str(escape(literal)))
        if name is not None:
            given = fields[name]
            value = given[lang] if isinstance(given, dict) else given
            out.append(str(_html(value)))
            if spec:
                out.append(str(escape(attach(_field(value).reading, spec))))
    return Markup("".join(out))


class Words:
    """The page's words: every sentence in all three languages, each in an element of its
    own (``<span class="t" lang="zh">``) that the stylesheet shows for the chosen language."""

    def __init__(self) -> None:
        self.strings = {lang: {**strings(lang), "page": page_strings(lang)} for lang in LANGUAGES}

    def text(self, lang: str, key: str) -> Any:
        """The string at the dotted ``key`` (``headings.total``, ``page.reset``) in ``lang``."""
        found: Any = self.strings[lang]
        for part in key.split("."):
            found = found[part]
        return found

    def __call__(self, key: str, **fields: Any) -> Markup:
        """``key``'s sentence in all three languages, its ``fields`` put in (a field given
        per language, as a dict, takes each sentence's own)."""
        return self.each({lang: fill(self.text(lang, key), fields, lang) for lang in LANGUAGES})

    def each(self, given: Mapping[str, Any]) -> Markup:
        """What is already written in every language (a meaning, an option's sentence), each
        in its element; plain text is escaped."""
        return Markup("".join(f'<span class="t" lang="{lang}">{_html(given[lang])}</span>'
                              for lang in LANGUAGES))

    def plain(self, lang: str, key: str, **fields: Any) -> str:
        """``key``'s sentence in ``lang`` as plain text (a title, a label)."""
        return fill(self.text(lang, key), fields, lang).striptags()


def math(content: str, display: bool = False) -> Markup:
    """A ``<math>`` element around printed MathML."""
    return Markup(f'<math display="block">{content}</math>' if display else
                  f"<math>{content}</math>")


def formula(expr: sympy.Expr | Terms, cdot: bool = False) -> Field:
    """A formula as inline math, read (for Korean particles) as its LaTeX."""
    return Field(math(mathml(expr, cdot=cdot)), latex(expr))


def assignment(symbol: sympy.Symbol, expr: sympy.Expr) -> Field:
    """``d_head = H/h``: an assumption, as inline math."""
    return Field(math(f"{mathml_name(symbol)}<mo>=</mo>{mathml(expr)}"),
                 f"{latex(symbol)} = {latex(expr)}")


def code(name: str) -> Markup:
    """A tensor or class name, as code (control and bidi characters shown as escapes), with a
    place to break a line after each ``_`` and ``.`` (``max_position_`` / ``embeddings``)."""
    text = str(escape(shown(name)))
    return Markup("<code>" + re.sub(r"([_.])(?=.)", r"\1<wbr>", text) + "</code>")


def equation(*pieces: str, relation: str = "=") -> Markup:
    """A displayed equation: its pieces joined by ``=`` (or ``relation``). A chain of more than
    two pieces breaks before a relation where the line is too narrow (``P = grouped`` on one
    line, ``= expanded`` and ``= total`` on the next): browsers break no MathML line, so each
    link is a ``<math>`` of its own, shown in display style, in a line that wraps."""
    rel = f"<mo>{escape(relation)}</mo>"
    if len(pieces) <= 2:
        return Markup('<div class="eq">') + math(rel.join(pieces), display=True) \
            + Markup("</div>")
    links = [pieces[0] + rel + pieces[1], *(rel + p for p in pieces[2:])]
    return Markup('<div class="eq chain">') + Markup("").join(
        Markup('<span class="link">') + math(link) + Markup("</span>") for link in links) \
        + Markup("</div>")


def script_of(data: Mapping[str, Any], code_: str) -> str:
    """A page's one script: ``DATA`` (as JSON) and the code, in a strict function of their
    own (nothing leaks into the page's global scope)."""
    return f"(() => {{\n\"use strict\";\nconst DATA = {safe_json(data)};\n{code_}}})();\n"


def document(template: str, script: str, **context: Any) -> str:
    """An HTML document from ``template`` with the stylesheet and ``script`` inline, under a
    Content-Security-Policy that allows those two (by their hashes) and nothing else: no
    request, no other script or style, no form, no base address."""
    style = asset("page.css")
    if "</script" in script.lower() or "</style" in style.lower():
        raise InvalidValueError("the page's script or style would end early")  # never: ours
    policy = ("default-src 'none'; "
              f"script-src '{sha256(script)}'; style-src '{sha256(style)}'; "
              "img-src 'none'; base-uri 'none'; form-action 'none'")

    values = {"policy": Markup(policy), "style": Markup(style), "script": Markup(script),
              "version": __version__, **context}
    html = rendered(template, True, template_source(template), values)
    if html is not None:  # its compiled copy, without importing jinja2
        return html
    return environment().overlay(autoescape=True).get_template(template).render(values)


def safe_json(data: Any) -> str:
    """JSON that is also safe inside a ``<script>``: no ``<``, ``>``, ``&`` or line separators."""
    text = json.dumps(data, ensure_ascii=False)
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def sha256(text: str) -> str:
    """The hash a Content-Security-Policy names an inline script or style by."""
    digest = _sha256(text.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")
