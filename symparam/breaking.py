"""Long displays broken into rows, for Markdown, as the LaTeX documents break theirs.

A LaTeX derivation breaks a step too wide for the line after a ``+`` or ``-``, rather outside
brackets than inside (``symparamstep`` in ``derivation.tex.j2``). A Markdown renderer (KaTeX,
MathJax) breaks nothing inside ``$$ … $$``: DeepSeek-V3's closed form ran to thousands of
pixels. Here a row wider than :data:`ROOM` is cut at the sums the printer wrote, the fewest
brackets deep first, into rows of the same ``aligned`` block; a bracket sized with
``\\left(`` … ``\\right)`` that a cut splits is closed with ``\\right.`` and opened again with
``\\left.``, so that each row stands alone.

Widths are estimated from the TeX in em (a letter about 0.6, a binary operator with its
spaces 1.2, a sub- or superscript at 0.7, a fraction as wide as its wider part): a rough
measure, within about a fifth of KaTeX's own glyph widths for most of the showcase's rows,
enough to keep a row within a page's column.

>>> break_row(r"a + b + c", 3.0)
['a + b', '{} + c']
>>> break_row(r"x + \\left(a + b + c + d + e + f + g + h + i\\right) y", 14.0)
['x', '{} + \\\\left(a + b + c + d + e \\\\right.', '\\\\left. {} + f + g + h + i\\\\right) y']
"""

from __future__ import annotations

import itertools

from symparam.frozen import frozen

#: how wide a row of a display may be, in em of KaTeX's display font (1.21 times the text's):
#: about 780 pixels at a 16-pixel text, the width of a GitHub page's column
ROOM = 40.0

#: estimated widths in em (display size) of what the printer writes
_OPERATOR = 1.22  # + or - with a binary operator's spaces
_RELATION = 1.34  # = or \approx with a relation's spaces
_SCRIPT = 0.7  # sub- and superscripts are set smaller
_COMMANDS = {
    "cdot": 0.78, "times": 1.0, "approx": _RELATION, "lfloor": 0.45, "rfloor": 0.45,
    "lceil": 0.45, "rceil": 0.45, ",": 0.17, "quad": 1.0, "qquad": 2.0, "Theta": 0.78,
    "Delta": 0.83, "log": 1.3, "exp": 1.4,
}


@frozen
class _Cut:
    """A place a row may break: before the operator at ``at + 1``, ``depth`` brackets deep,
    with the ``\\left`` delimiters open there (outermost first)."""

    at: int
    depth: int
    opened: tuple[str, ...]


def _group(tex: str, start: int) -> int:
    """The index just after the brace group that opens at ``tex[start]``."""
    depth = 0
    for i in range(start, len(tex)):
        if tex[i] == "{" and (i == 0 or tex[i - 1] != "\\"):
            depth += 1
        elif tex[i] == "}" and tex[i - 1] != "\\":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(tex)


def _command(tex: str, start: int) -> tuple[str, int]:
    """The control sequence at ``tex[start]`` (a backslash) and the index after it."""
    end = start + 1
    while end < len(tex) and tex[end].isalpha():
        end += 1
    if end == start + 1 and end < len(tex):  # a control symbol: \, \{ \\
        end += 1
    return tex[start + 1:end], end


def width(tex: str) -> float:
    """The estimated width of ``tex`` in em (display size)."""
    total = 0.0
    i = 0
    while i < len(tex):
        c = tex[i]
        if c == "\\":
            name, i = _command(tex, i)
            if name == "frac":
                top_end = _group(tex, i)
                bottom_end = _group(tex, top_end)
                total += max(width(tex[i + 1:top_end - 1]),
                             width(tex[top_end + 1:bottom_end - 1])) + 0.24
                i = bottom_end
            elif name in ("mathrm", "text", "mathit"):
                end = _group(tex, i)
                total += width(tex[i + 1:end - 1])
                i = end
            elif name in ("left", "right", "bigl", "bigr"):
                if tex.startswith("\\", i):
                    delimiter, i = _command(tex, i)
                    total += 0.45 if delimiter != "." else 0.0
                else:
                    total += 0.39 if tex[i] != "." else 0.0
                    i += 1
            else:
                total += _COMMANDS.get(name, 0.8)
        elif c in "^_":
            if tex.startswith("{", i + 1):
                end = _group(tex, i + 1)
                total += _SCRIPT * width(tex[i + 2:end - 1])
                i = end
            else:
                total += _SCRIPT * width(tex[i + 1:i + 2])
                i += 2
        elif c in "{}& ":
            i += 1
        elif c in "+-" and tex[i - 1:i] == " " and tex[i + 1:i + 2] == " ":
            total += _OPERATOR
            i += 1
        elif c in "=<>":
            total += _RELATION
            i += 1
        else:
            total += 0.5 if c.isdigit() else 0.28 if c in ",.;" else 0.39 if c in "()[]" \
                else 0.62
            i += 1
    return total


#: a bracket narrower than this (em) is never broken inside: ``(N - N_dense)`` stays whole
_WHOLE = 10.0


def _cuts(tex: str) -> list[_Cut]:
    """Where ``tex`` may break: before each binary ``+`` and ``-`` outside braces (never inside
    a fraction, a subscript or a name) and outside any bracket narrower than :data:`_WHOLE`."""
    out = []
    braces = 0
    opened: list[tuple[str, int]] = []  # (delimiter, where its content starts); "(" plain
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(tex):
        c = tex[i]
        if c == "\\":
            name, end = _command(tex, i)
            if name in ("left", "right"):
                delimiter, after = _command(tex, end) if tex.startswith("\\", end) else \
                    (tex[end], end + 1)
                if name == "left":
                    opened.append((delimiter, after))
                elif opened:
                    spans.append((opened.pop()[1], i))
                i = after
                continue
            i = end
            continue
        if c == "{":
            braces += 1
        elif c == "}":
            braces -= 1
        elif c == "(":
            opened.append(("", i + 1))
        elif c == ")" and opened:
            spans.append((opened.pop()[1], i))
        elif c in "+-" and braces == 0 and tex[i - 1:i] == " " and tex[i + 1:i + 2] == " ":
            out.append(_Cut(i - 1, len(opened), tuple(d for d, _ in opened if d)))
        i += 1
    narrow = [(a, b) for a, b in spans if width(tex[a:b]) < _WHOLE]
    return [cut for cut in out if not any(a <= cut.at < b for a, b in narrow)]


def break_row(tex: str, room: float = ROOM, indent: float = 0.0) -> list[str]:
    """``tex`` as rows no wider than ``room`` em where it can be cut, after ``indent`` em
    (what stands before every row: ``P =``), cut the fewest brackets deep first: each term of
    the sum on a row of its own where the rows must be cut, a term too wide cut inside its
    brackets in turn. Each row after the first starts with its operator, ``{} + …``; a row
    that cannot be cut stays as it is."""
    cuts = {cut.at: cut for cut in _cuts(tex)}
    bounds = _split(tex, 0, len(tex), sorted(cuts.values(), key=lambda c: c.at), room - indent)
    rows = []
    for a, b in bounds:
        row = tex[a:b]
        if a in cuts:  # the row starts with the cut's operator, its brackets opened again
            row = "\\left. " * len(cuts[a].opened) + "{} " + tex[a + 1:b]
        if b in cuts:
            row += " \\right." * len(cuts[b].opened)
        rows.append(row.strip())
    return rows


def _split(tex: str, a: int, b: int, cuts: list[_Cut], room: float) -> list[tuple[int, int]]:
    """Rows of ``tex[a:b]``, as (start, end) pairs: packed greedily at the shallowest cuts
    inside, each row still too wide split in turn at the cuts deeper inside it."""
    inside = [c for c in cuts if a < c.at < b]
    if width(tex[a:b]) <= room or not inside:
        return [(a, b)]
    depth = min(c.depth for c in inside)
    ends = [c.at for c in inside if c.depth == depth] + [b]
    rows: list[tuple[int, int]] = []
    start = a
    for at, after in itertools.pairwise(ends):
        if start < at and width(tex[start:after]) > room:  # the next piece does not fit
            rows.append((start, at))
            start = at
    rows.append((start, b))
    if len(rows) == 2:  # two rows: as even as they can be, not a long row and a stub
        fitting = [at for at in ends[:-1] if width(tex[a:at]) <= room
                   and width(tex[at:b]) <= room]
        if fitting:
            at = min(fitting, key=lambda at: max(width(tex[a:at]), width(tex[at:b])))
            rows = [(a, at), (at, b)]
    deeper = [c for c in inside if c.depth > depth]
    return [row for ra, rb in rows for row in _split(tex, ra, rb, deeper, room)]


def aligned(lines: list[str], label: str | None = None, relation: str = "=",
            room: float = ROOM) -> str:
    """An ``aligned`` block: ``label relation line`` and ``= line`` for the rest, aligned on
    the relation, each line wider than ``room`` broken into rows (:func:`break_row`) that
    continue a quad to the right of it."""
    indent = (width(label) if label else 0.0) + _RELATION
    out = []
    for n, line in enumerate(lines):
        lead = (f"{label} &{relation} " if label else "&") if n == 0 else "&= "
        rows = break_row(line, room, indent + 1.0)  # continued rows: a quad further in
        out.append(lead + rows[0])
        out.extend(r"&\quad " + row for row in rows[1:])
    return "\\begin{aligned}\n" + " \\\\\n".join(out) + "\n\\end{aligned}"
