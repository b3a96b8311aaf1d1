"""Text made safe for a document, and the pieces every format shares: escaping for LaTeX and
Markdown, a tensor's name as code, figures with their separators, math delimiters of each
Markdown flavour, and a paragraph of prose with hyperparameters, math and code in it.

Nothing here knows a model: :mod:`symparam.render` and :mod:`symparam.page` lay documents out
with these.
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from symparam.errors import InvalidValueError
from symparam.pdftex import settable
from symparam.symbols import lookup

_ASCII_PUNCTUATION = frozenset(string.punctuation)


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


#: the pieces of a reading: a hyperparameter ``[[H]]``, inline TeX ``$…$``, a ``name``
_READING_PIECES = re.compile(r"(\[\[\w+\]\]|\$[^$]+\$|`[^`]+`)")


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
