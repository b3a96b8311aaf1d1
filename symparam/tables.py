"""Captioned tables of plain values, the one form every result gives its data in, and the
notebook protocols that show them: HTML tables for Jupyter, dicts and pandas frames.

A result gives its data once, beside its class: :meth:`Tabular.to_dict` (plain, JSON-ready
values) and ``_tables()`` (captioned tables of plain values, what a reader sees). :class:`Rich`
lays the tables out as HTML (``_repr_html_``); :meth:`Tabular.to_pandas` builds a DataFrame from
the main one. pandas is optional and imported only when a frame is asked for. A display never
raises: an error shows as one line in the output, as it would on the command line. This module
knows no result: it imports nothing of symparam but errors and the formula printer.

>>> print(human(109_482_240), human(21_760_000_000, "FLOPs"), binary(4 * 2**30))
109.48 M 21.76 GFLOPs 4.00 GiB
>>> Table("caption", ("a", "b"), ((1234, None),)).html().count("<td")
2
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import sympy

from symparam.errors import InvalidValueError, SymparamError
from symparam.frozen import frozen
from symparam.rounding import in_units, percent

_SI = ((10**12, "T"), (10**9, "G"), (10**6, "M"), (10**3, "k"))
_COUNT = ((10**12, "T"), (10**9, "B"), (10**6, "M"), (10**3, "K"))


def human(number: int, unit: str = "") -> str:
    """``number`` in thousands, millions … to two decimals: ``109.48 M`` (a count, with B for
    10⁹), ``21.76 GFLOPs`` (a ``unit``, with SI prefixes)."""
    prefixes = _SI if unit else _COUNT
    for size, prefix in prefixes:
        if abs(number) >= size:
            return f"{number / size:,.2f} {prefix}{unit}"
    return f"{number:,} {unit}".rstrip()


def binary(size: int) -> str:
    """A size in bytes in KiB, MiB, GiB or TiB, to two decimals (rounded exactly, by
    :func:`symparam.rounding.in_units`, the one way every output writes a size)."""
    for power, unit in ((40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")):
        if size >= 2**power:
            return in_units(size, 2**power, unit)
    return f"{size:,} B"


def pandas() -> Any:
    """pandas, imported now (it is optional and never imported with symparam)."""
    try:
        import pandas as pd
    except ImportError:
        raise InvalidValueError("to_pandas needs pandas: pip install pandas") from None
    return pd


@frozen
class Table:
    """A captioned table of plain values (int, float, str or None), with notes below it."""

    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    notes: tuple[str, ...] = ()

    def html(self) -> str:
        notes = "".join(f'<p style="margin:0.2em 0">{html.escape(n)}</p>' for n in self.notes)
        if not self.rows:
            return f"<p><b>{html.escape(self.caption)}</b></p>{notes}"
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(_cell(v) for v in row) + "</tr>" for row in self.rows)
        caption = f'<caption style="text-align:left;font-weight:bold">' \
                  f"{html.escape(self.caption)}</caption>" if self.caption else ""
        return (f'<table style="margin-bottom:0.5em">{caption}<thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>{notes}")

    def text(self) -> list[str]:
        """The table as lines of text: its caption, the columns aligned (numbers to the right,
        with thousands separators), its notes below."""
        cells = [list(self.columns), *([_text_cell(v) for v in row] for row in self.rows)]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self.columns))]
        right = [any(isinstance(row[i], int | float) and not isinstance(row[i], bool)
                     for row in self.rows) for i in range(len(self.columns))]
        lines = [self.caption] if self.caption else []
        for row in cells if self.rows else []:
            lines.append("  " + "  ".join(
                cell.rjust(width) if align else cell.ljust(width)
                for cell, width, align in zip(row, widths, right, strict=True)).rstrip())
        return lines + [f"  {note}" for note in self.notes]


def _text_cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)


def _cell(value: Any) -> str:
    if value is None:
        return '<td style="text-align:center">—</td>'
    if isinstance(value, bool):
        return f"<td>{value}</td>"
    if isinstance(value, int):
        return f'<td style="text-align:right">{value:,}</td>'
    if isinstance(value, float):
        return f'<td style="text-align:right">{value:,.2f}</td>'
    return f'<td style="text-align:left">{html.escape(str(value))}</td>'


class Tabular:
    """``to_dict()`` and ``to_pandas()`` from a result's tables."""

    def _tables(self) -> list[Table]:
        raise NotImplementedError

    def _frame(self) -> Table:
        """The table a DataFrame is made of (the first shown, unless a class says)."""
        return self._tables()[0]

    def to_dict(self) -> dict[str, Any]:
        """The result as plain data: ints, strings (formulas as symparam prints them), lists
        and dicts, ready for ``json.dumps``."""
        raise NotImplementedError

    def to_pandas(self) -> Any:
        """The main table as a pandas DataFrame (needs pandas, which symparam does not)."""
        pd = pandas()
        table = self._frame()
        return pd.DataFrame([list(r) for r in table.rows], columns=list(table.columns))


class Rich(Tabular):
    """A result that shows in Jupyter as HTML tables."""

    def _repr_html_(self) -> str:
        try:
            return '<div class="symparam">' + "".join(t.html() for t in self._tables()) + \
                "</div>"
        except SymparamError as error:  # a display shows the problem instead of raising
            return f'<p class="symparam-error">symparam: {html.escape(str(error))}</p>'


class Shown(Rich):
    """A result whose plain display — ``str()``, and IPython's pretty printer — is the text
    its command prints (``_lines()``), and whose HTML is its tables."""

    def _lines(self) -> list[str]:
        raise NotImplementedError

    def __str__(self) -> str:
        try:
            return "\n".join(self._lines())
        except SymparamError as error:  # a display shows the problem instead of raising
            return f"symparam: {error}"

    def _summary(self) -> str:
        """What the result says, on one line (its ``repr``): the text's first line."""
        return self._lines()[0]

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def __repr__(self) -> str:
        """``<CheckResult bert-base-uncased: …>``: one short line, where a plain Python prompt
        or a list shows the result (``print()`` or IPython show all of its text)."""
        try:
            summary = self._summary()
        except SymparamError as error:
            summary = f"symparam: {error}"
        return f"<{type(self).__name__} {summary}>"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # IPython takes the first class of the MRO that has a printer of its own (dict's, a
        # dataclass's __repr__): each result's class names this one itself; and its repr,
        # unless it writes its own (a dataclass's repr of every field, a dict's or a list's of
        # every item, would be a screenful on one line)
        super().__init_subclass__(**kwargs)
        cls._repr_pretty_ = Shown._repr_pretty_  # type: ignore[method-assign]
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = Shown.__repr__  # type: ignore[method-assign]


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data: formulas as symparam's text, dataclasses as dicts of their
    fields, tuples as lists, mappings with string keys."""
    from symparam.printing import Terms, text  # the printer loads with the first formula shown

    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, sympy.Integer):
        return int(value)
    if isinstance(value, sympy.Basic | Terms):
        return text(value)
    if isinstance(value, Fraction):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(vars(value)[f.name]) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, Sequence):
        return [plain(v) for v in value]
    return str(value)


def share(part: int, total: int) -> str | None:
    """``part`` as a percentage of ``total``, as every output writes a share
    (:func:`symparam.rounding.percent`): never a rounded 0.00% for a part that is not zero,
    nor 100% for one that is not the whole; None for a total of zero.

    >>> share(4096, 6_738_415_616), share(0, 10), share(1, 3)
    ('0.000061%', '0%', '33.3%')
    """
    if not total:
        return None
    return percent(part, total)
