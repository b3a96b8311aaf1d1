"""Notebook displays: HTML tables for Jupyter, and the same data as dicts and pandas frames.

A result gives its data once: :meth:`Tabular.to_dict` (plain, JSON-ready values) and
``_tables()`` (captioned tables of plain values, what a reader sees). :class:`Rich` lays the
tables out as HTML (``_repr_html_``); :meth:`Tabular.to_pandas` builds a DataFrame from the main
one. pandas is optional and imported only when a frame is asked for. A display never raises:
an error shows as one line in the output, as it would on the command line.

>>> print(human(109_482_240), human(21_760_000_000, "FLOPs"), binary(4 * 2**30))
109.48 M 21.76 GFLOPs 4.00 GiB
>>> Table("caption", ("a", "b"), ((1234, None),)).html().count("<td")
2
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from symparam.errors import InvalidValueError, SymparamError

if TYPE_CHECKING:
    from symparam.compute import Compute
    from symparam.derivation import Derivation
    from symparam.memory import Memory
    from symparam.model import Model, Part

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
    """A size in bytes in KiB, MiB, GiB or TiB, to two decimals."""
    for power, unit in ((40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")):
        if size >= 2**power:
            return f"{size / 2**power:,.2f} {unit}"
    return f"{size:,} B"


def pandas() -> Any:
    """pandas, imported now (it is optional and never imported with symparam)."""
    try:
        import pandas as pd
    except ImportError:
        raise InvalidValueError("to_pandas needs pandas: pip install pandas") from None
    return pd


@dataclass(frozen=True)
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


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data: formulas as symparam's text, dataclasses as dicts of their
    fields, tuples as lists, mappings with string keys."""
    import sympy

    from symparam.printing import Terms, text

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


# -- models and their parts ---------------------------------------------------------------------

def _count(model: Model, active: bool = False) -> int | None:
    from symparam.errors import UnboundError

    try:
        return model.active_count() if active else model.count()
    except UnboundError:
        return None


def model_dict(model: Model) -> dict[str, Any]:
    from symparam.printing import text

    total = _count(model)
    return {"name": model.name, "architecture": model.label, "family": model.family.title,
            "params": total, "active_params": _count(model, active=True),
            "formula": text(model.formula().grouped), "expanded": text(model.params),
            "values": dict(model.values),
            "assumptions": [str(a) for a in model.assumptions],
            "options": plain(model.options)}


def model_tables(model: Model) -> list[Table]:
    from symparam.printing import text
    from symparam.symbols import is_known, lookup

    data = model_dict(model)
    total, active = data["params"], data["active_params"]
    rows: list[tuple[Any, ...]] = []
    if total is not None:
        rows.append(("parameters", total, human(total)))
        if active is not None and active != total:
            rows.append(("active per token", active, human(active)))
    notes = [f"P = {data['formula']}"]
    if data["assumptions"]:
        notes.append(f"assumes {', '.join(data['assumptions'])}")
    if total is None:
        unbound = sorted({s.name for s in model.params.free_symbols} - set(model.values))
        notes.append(f"no count: give {', '.join(unbound)} a value")
    summary = Table(f"{model.name}: {model.label} ({model.family.title})",
                    ("", "exact", "about"), tuple(rows), tuple(notes))
    assumed = {a.name: a for a in model.assumptions}
    hyper = []
    for name in model.hyperparameters:
        meaning = lookup(name).meaning if is_known(name) else ""
        rule = f"{name} = {text(assumed[name].expr)}" if name in assumed else None
        hyper.append((name, meaning, _value(model, name), rule))
    return [summary, Table("hyperparameters", ("symbol", "meaning", "value", "assumed"),
                           tuple(hyper))]


def _value(model: Model, name: str) -> int | None:
    """``name``'s value: given, or worked out from an assumption (d_head = H/h); None if
    neither."""
    if name in model.values:
        return model.values[name]
    assumed = {a.name: a for a in model.assumptions}
    if name not in assumed:
        return None
    try:
        return model.value_of(assumed[name].expr)
    except SymparamError:
        return None


def model_frame(model: Model) -> Table:
    """One row: the model's counts and values, so frames of several models concatenate."""
    data = model_dict(model)
    names = list(model.hyperparameters)
    return Table(model.name, ("model", "params", "active_params", *names),
                 ((model.name, data["params"], data["active_params"],
                   *(_value(model, n) for n in names)),))


def part_dict(part: Part) -> dict[str, Any]:
    from symparam.printing import text

    return {"name": part.name, "repeat": None if part.repeat is None else text(part.repeat),
            "formula": text(part.formula), "tied": [t.name for t in part.tied]}


def part_table(part: Part) -> Table:
    data = part_dict(part)
    return Table(f"part {part.name}", ("repeat", "formula", "tied"),
                 ((data["repeat"], data["formula"], ", ".join(data["tied"]) or None),))


def breakdown_dict(model: Model, parts: Sequence[Part]) -> dict[str, Any]:
    counts = _part_counts(model, parts)
    return {"model": model.name, "params": _count(model),
            "parts": [{**part_dict(p), "params": c} for p, c in zip(parts, counts, strict=True)]}


def _part_counts(model: Model, parts: Sequence[Part]) -> list[int | None]:
    from symparam.errors import UnboundError

    try:
        bound = model.bind()
        return [model.count_of(p.block, bound) for p in parts]
    except UnboundError:
        return [None] * len(parts)


def breakdown_table(model: Model, parts: Sequence[Part]) -> Table:
    data = breakdown_dict(model, parts)
    total = data["params"]
    rows = []
    for part in data["parts"]:
        shown = None if total is None or part["params"] is None else \
            share(part["params"], total)
        rows.append((part["name"], part["repeat"], part["formula"], part["params"], shown))
    notes = () if total is None else (f"total {total:,} ({human(total)})",)
    return Table(f"{model.name}: parameters by part", ("part", "repeat", "formula",
                                                      "parameters", "share"), tuple(rows), notes)


# -- compute and memory -------------------------------------------------------------------------

def compute_dict(result: Compute) -> dict[str, Any]:
    from symparam.printing import text

    return {"flops": result.flops, "macs": result.macs, "convention": result.convention,
            "formula": text(result.formula),
            "parts": [{"part": p, "flops": f} for p, f in result.parts],
            "nonmatmul": [{"kind": k, "flops": f} for k, f in result.nonmatmul],
            "notes": list(result.notes),
            "alternatives": [{"how": how, "flops": f, "formula": text(formula)}
                             for how, f, formula in result.alternatives]}


def compute_tables(result: Compute, costs: Mapping[str, tuple[int, str]]) -> list[Table]:
    """The tables of a :class:`~symparam.compute.Compute`; ``costs``: what each kind of work
    besides matrix products costs (:data:`symparam.compute.NONMATMUL`)."""
    data = compute_dict(result)
    summary = Table(f"FLOPs: {result.convention}", ("", "exact", "about"), (
        ("FLOPs", result.flops, human(result.flops, "FLOPs")),
        ("MACs", result.macs, human(result.macs, "MACs")),
        *((how, f, human(f, "FLOPs")) for how, f, _ in result.alternatives)),
        (f"FLOPs = {data['formula']}", *result.notes))
    shares = [(p["part"], p["flops"], share(p["flops"], result.flops)) for p in data["parts"]]
    tables = [summary, Table("by part", ("part", "FLOPs", "share"), tuple(shares))]
    if result.nonmatmul:
        tables.append(Table("besides matrix products", ("kind", "FLOPs", "as counted"),
                            tuple((k, f, costs[k][1] if k in costs else None)
                                  for k, f in result.nonmatmul)))
    return tables


def share(part: int, total: int) -> str | None:
    """``part`` as a percentage of ``total``, never a rounded 0.00% for a part that is not
    zero.

    >>> share(4096, 6_738_415_616), share(0, 10), share(1, 3)
    ('< 0.01%', '0%', '33.33%')
    """
    if not total:
        return None
    if not part:
        return "0%"
    percent = 100 * part / total
    return "< 0.01%" if percent < 0.01 else f"{percent:.2f}%"


def memory_dict(result: Memory) -> dict[str, Any]:
    data = plain(result)
    data["training"] = [{"state": part, "bytes_per_param": size, "bytes": count}
                        for part, size, count in result.training]
    data["training_total"] = sum(row[2] for row in result.training)
    return data


def memory_tables(result: Memory) -> list[Table]:
    from symparam.printing import text

    weights = Table(f"weights: {result.params:,} parameters",
                    ("dtype", "bytes per parameter", "bytes", "size"),
                    tuple((r.dtype, r.bytes_per_param, r.bytes, binary(r.bytes))
                          for r in result.weights))
    total = sum(row[2] for row in result.training)
    training = Table("training with Adam, mixed precision",
                     ("state", "bytes per parameter", "bytes", "size"),
                     (*((part, size, count, binary(count)) for part, size, count in
                        result.training),
                      ("total", sum(row[1] for row in result.training), total, binary(total))))
    tables = [weights, training]
    if result.kv_formula is not None:
        rows: list[tuple[Any, ...]] = [("per token", f"({text(result.kv_formula)}) × "
                                       f"{result.dtype_bytes} B", result.kv_per_token,
                                        binary(result.kv_per_token or 0))]
        if result.kv_total is not None:
            rows.append(("for the batch", None, result.kv_total, binary(result.kv_total)))
        tables.append(Table("KV cache", ("", "formula", "bytes", "size"), tuple(rows)))
    if result.state_formula is not None and result.state_total is not None:
        tables.append(Table("state (the same for any s)", ("", "formula", "bytes", "size"),
                            (("for the batch", f"({text(result.state_formula)}) × "
                              f"{result.dtype_bytes} B × B", result.state_total,
                              binary(result.state_total)),)))
    known = {"params", "weights", "training", "kv_formula", "kv_per_token", "kv_total",
             "dtype_bytes", "state_formula", "state_total"}
    for field in dataclasses.fields(result):  # what a later version adds, shown plainly
        value = vars(result)[field.name]
        if field.name not in known and value:
            tables.append(Table(field.name.replace("_", " "), ("", "value"),
                                tuple((str(plain(k)), plain(v)) for k, v in _pairs(value))))
    return tables


def _pairs(value: Any) -> list[tuple[Any, Any]]:
    if isinstance(value, Mapping):
        return list(value.items())
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [tuple(v)[:2] if isinstance(v, tuple) and len(v) >= 2 else (i, v)
                for i, v in enumerate(value)]
    return [("", value)]


# -- derivations --------------------------------------------------------------------------------

def derivation_dict(derivation: Derivation) -> dict[str, Any]:
    data = plain(derivation)
    data.pop("i18n", None)  # language strings, not the derivation
    return data


def derivation_frame(derivation: Derivation) -> Table:
    """Every weight-holding module of the derivation, one row each, by section."""
    from symparam.printing import text

    rows = []
    for section in derivation.sections:
        repeat = None if section.repeat is None else text(section.repeat)
        for row in section.rows:
            rows.append((" + ".join(section.names), repeat, row.name, row.kind,
                         "×".join(text(d) for d in row.weight),
                         None if row.bias is None else "×".join(text(d) for d in row.bias),
                         text(row.params), row.value, row.tied_to))
    return Table(derivation.model, ("section", "repeat", "module", "kind", "weight", "bias",
                                    "formula", "parameters", "tied to"), tuple(rows))
