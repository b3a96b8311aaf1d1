"""The analyses as text: what ``symparam depends``, ``check``, ``sensitivity`` and ``solve``
print, line by line (``memory`` and ``flops`` write theirs beside their results, in
:mod:`symparam.memory` and :mod:`symparam.compute`). The command line prints these lines; the
results' own plain display (``str(m.check(…))``, IPython's pretty printer) is the same text,
so there is one way each answer reads, and their ``repr`` is its one-line summary.

>>> import symparam
>>> print(symparam.model("bert-base-uncased").solve("N", "110M"))
bert-base-uncased: N = 12 gives 109,482,240 (-0.47% from 110,000,000)
  below: N = 12 gives 109,482,240
  above: N = 13 gives 116,570,112
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from symparam.printing import text
from symparam.rounding import signed_percent

# the results are typed Any here: their modules import this one, for their own display

#: tensors named under a term of ``check``'s difference before "and N more tensors"
SOURCES_SHOWN = 12


def depends_lines(name: str, result: Mapping[str, Any]) -> list[str]:
    """``symparam depends``: what the total depends on, and why each other one drops out."""
    lines = [f"{name}: the total depends on {', '.join(result['affects']) or 'nothing'}"]
    lines += [f"  {drop['symbol']} drops out: {drop['reason']}" for drop in result["drops_out"]]
    if not result["drops_out"]:
        lines.append("  every hyperparameter of the model appears in the total")
    return lines


def depends_summary(name: str, result: Mapping[str, Any]) -> str:
    """``depends`` on one line: what the total depends on, and what drops out."""
    dropped = [drop["symbol"] for drop in result["drops_out"]]
    return depends_lines(name, result)[0] + \
        (f"; {', '.join(dropped)} {'drops' if len(dropped) == 1 else 'drop'} out"
         if dropped else "")


def check_lines(name: str, result: Any) -> list[str]:
    """``symparam check`` (``result``: a :class:`~symparam.check.CheckResult`): equal or
    not, each term where the two differ and the tensors that give the engine's, and both
    sides at the model's values."""
    if result.equal:
        lines = [f"equal: the formula is {name}'s exact count"]
    else:
        lines = [f"not equal: engine − formula = {text(result.difference)}"]
        for t in result.terms:
            shown = f"{text(t.monomial)}: the engine has {text(t.engine * t.monomial)}, " \
                    f"the formula {text(t.formula * t.monomial)}"
            if t.value is not None:
                shown += f" ({t.value:+,} at the model's values)"
            lines.append(f"  {shown}")
            for tensor, coefficient, shape in t.sources[:SOURCES_SHOWN]:
                times = "" if coefficient == 1 else f", ×{coefficient}"
                lines.append(f"      from {tensor} ({shape}{times})")
            if len(t.sources) > SOURCES_SHOWN:
                lines.append(f"      and {len(t.sources) - SOURCES_SHOWN} more tensors")
    if result.engine_value is not None:
        lines.append(f"at the model's values: engine {result.engine_value:,}, formula "
                     f"{number(result.formula_value)}"
                     + (" (the same number)" if result.equal_at_values and not result.equal
                        else ""))
    return lines


def check_summary(name: str, result: Any) -> str:
    """``check`` on one line: equal, or in how many terms the two differ, and both sides at
    the model's values."""
    if result.equal:
        verdict = "equal"
    else:
        count = len(result.terms)
        verdict = f"not equal: {count} {'term differs' if count == 1 else 'terms differ'}"
    lines = check_lines(name, result)
    return f"{name}: {verdict}" + (f"; {lines[-1]}" if result.engine_value is not None else "")


def number(value: Any) -> str:
    """An exact value as text: an integer with thousands separators, a fraction as it is."""
    return f"{int(value):,}" if value is not None and value.is_Integer else str(value)


def slope_name(row: Any) -> str:
    """``∂P/∂H``, or ``P(N + 1) − P(N)`` where the count moves by steps."""
    name = row.symbol.name
    return f"P({name} + 1) − P({name})" if row.stepped else f"∂P/∂{name}"


def approx_lines(name: str, a: Any) -> list[str]:
    """``symparam approx`` (``a``: an :class:`~symparam.approx.Approximation`): the exact count
    and the approximation as formulas, both at the model's values, and each term it leaves
    out."""
    what = "non-embedding count" if a.target == "non_embedding" else "total"
    lines = [f"{name}: {a.name} ({a.source})", f"  exact {what} = {text(a.exact)}",
             f"  approximation = {text(a.approx)}"]
    if a.exact_value is not None and a.approx_value is not None:
        lines.append(f"  at the model's values: exact {a.exact_value:,}, approximation "
                     f"{a.approx_value:,} ({signed_percent(a.relative_error)})")
    if a.dropped:
        lines.append("  what the approximation leaves out:")
        lines += [f"    {text(term)}" + ("" if value is None else f"  = {value:,}")
                  for term, value in a.dropped]
    return lines


def approx_summary(name: str, a: Any) -> str:
    """``approx`` on one line: which approximation, and how far it is at the model's values."""
    far = "" if a.relative_error is None else \
        f": {a.approx_value:,} against {a.exact_value:,} ({signed_percent(a.relative_error)})"
    return f"{name}: {a.name}{far}"


def sensitivity_lines(name: str, rows: Iterable[Any]) -> list[str]:
    """``symparam sensitivity`` (``rows``: :class:`~symparam.approx.Sensitivity`): each
    hyperparameter's slope and elasticity."""
    lines = [f"{name}: how the count moves with each hyperparameter at its value"]
    for r in rows:
        symbol = r.symbol.name
        lines.append(f"  {symbol:<8} {slope_name(r)} = {text(r.derivative)} = {r.slope:,.0f}; "
                     f"1% more {symbol} adds {r.elasticity:.2f}% parameters")
    return lines


def sensitivity_summary(name: str, rows: Iterable[Any]) -> str:
    """``sensitivity`` on one line: what 1% more of each hyperparameter adds."""
    added = ", ".join(f"{r.symbol.name} {r.elasticity:.2f}%" for r in rows)
    return f"{name}: 1% more of each adds {added or 'nothing'} parameters"


def solve_lines(name: str, result: Any) -> list[str]:
    """``symparam solve`` (``result``: a :class:`~symparam.solve.Solution`): the value
    nearest the target, and the valid ones either side."""
    target = result.target
    lines = [f"{name}: {result.symbol} = {result.value:,} gives {result.count:,} "
             f"({signed_percent(result.count - target, target)} from {target:,})"]
    for label, pair in (("below", result.below), ("above", result.above)):
        if pair is not None:
            lines.append(f"  {label}: {result.symbol} = {pair[0]:,} gives {pair[1]:,}")
    return lines
