"""Checking a hand-derived formula against the engine's, term by term.

Each monomial of the difference is set beside the engine's and the formula's coefficients and
the tensors that give the engine's term, so a reader sees which weights the hand count missed
or counted twice. The formula goes through the whitelist parser, never ``sympify``.

>>> import symparam
>>> result = check(symparam.model("bert", pooler=False, assume=["d_ff=4*H"]),
...                "(3*L + 11*N + 2)*H + 12*N*H**2")
>>> result.equal, str(result.difference)
(False, '-2*H*L + 2*H*N + H*T + H*V')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import sympy

from symparam.assumptions import resolve
from symparam.bounds import expand
from symparam.errors import InvalidValueError
from symparam.frozen import frozen
from symparam.limits import MAX_FORMULA_TERMS
from symparam.parsing import parse_formula
from symparam.printing import term_key, text
from symparam.reports import SOURCES_SHOWN, check_lines, check_summary
from symparam.tables import Shown, Table

if TYPE_CHECKING:
    from symparam.counted import Counted


@frozen
class Term:
    """One monomial where engine and formula differ, and where the engine's term comes from."""

    monomial: sympy.Expr
    engine: sympy.Expr
    formula: sympy.Expr
    value: int | None
    sources: tuple[tuple[str, sympy.Expr, str], ...]

    @property
    def difference(self) -> sympy.Expr:
        return (self.engine - self.formula) * self.monomial


@frozen
class CheckResult(Shown):
    """The verdict: equal or not, the difference, its terms, and both sides' values. Its
    ``str()`` is what ``symparam check`` prints; in Jupyter, a table of the terms."""

    engine: sympy.Expr
    formula: sympy.Expr
    difference: sympy.Expr
    terms: tuple[Term, ...]
    values: Mapping[str, int]
    engine_value: int | None
    formula_value: sympy.Expr | None
    model: str = ""

    @property
    def equal(self) -> bool:
        return self.difference == 0

    @property
    def equal_at_values(self) -> bool | None:
        """Whether both sides give the same number at the model's values (None if unbound)."""
        if self.engine_value is None or self.formula_value is None:
            return None
        return self.formula_value == self.engine_value

    def to_dict(self) -> dict[str, Any]:
        """What ``symparam check --json`` prints (the model's name aside)."""
        return {
            "equal": self.equal,
            "equal_at_values": self.equal_at_values,
            "difference": str(self.difference),
            "terms": [{
                "term": str(t.difference),
                "engine": str(t.engine * t.monomial),
                "formula": str(t.formula * t.monomial),
                "value": t.value,
                "from": [{"tensor": name, "coefficient": str(c), "shape": shape}
                         for name, c, shape in t.sources],
            } for t in self.terms],
            "values": dict(self.values),
            "engine_value": self.engine_value,
            "formula_value": exact(self.formula_value),
        }

    def _lines(self) -> list[str]:
        return check_lines(self.model, self)

    def _summary(self) -> str:
        return check_summary(self.model, self)

    def _tables(self) -> list[Table]:
        heading, *_ = lines = check_lines(self.model, self)
        rows = []
        for t in self.terms:
            tensors = [f"{name} ({shape}{'' if c == 1 else f', ×{c}'})"
                       for name, c, shape in t.sources[:SOURCES_SHOWN]]
            if len(t.sources) > SOURCES_SHOWN:
                tensors.append(f"and {len(t.sources) - SOURCES_SHOWN} more tensors")
            rows.append((text(t.monomial), text(t.engine * t.monomial),
                         text(t.formula * t.monomial), t.value, "; ".join(tensors)))
        notes = (lines[-1],) if self.engine_value is not None else ()
        return [Table(heading if self.equal else f"{self.model}: {heading}",
                      ("term", "engine", "formula", "difference at the values", "from"),
                      tuple(rows), notes)]


def exact(value: sympy.Expr | None) -> int | str | None:
    """A value for JSON: an integer as a JSON integer, a fraction as its text."""
    if value is None:
        return None
    return int(value) if value.is_Integer else str(value)


def parse_for(model: Counted, text: str) -> sympy.Expr:
    """A formula over the model's hyperparameter names, read by the whitelist parser."""
    return parse_formula(text, model.hyperparameters)


def sources(model: Counted) -> dict[sympy.Expr, list[tuple[str, sympy.Expr, str]]]:
    """For each monomial of the total, the tensors that contribute it: name, coefficient and
    shape (``V×H``)."""
    mapping = resolve(model.assumptions)
    out: dict[sympy.Expr, list[tuple[str, sympy.Expr, str]]] = {}
    for entry in model.tree.tensors():
        if entry.tied_to is not None:
            continue
        params = sympy.expand(entry.params.xreplace(mapping))
        shape = "×".join(text(sympy.expand(d.xreplace(mapping))) for d in entry.shape)
        if entry.indices:
            shape = "×".join(text(i.count.xreplace(mapping)) for i in entry.indices) + \
                " copies of " + shape
        for monomial, coefficient in params.as_coefficients_dict().items():
            out.setdefault(monomial, []).append((entry.name, coefficient, shape))
    return out


def check(model: Counted, text: str) -> CheckResult:
    """Compare ``text`` with ``model``'s total (under its assumptions)."""
    formula = expand(parse_for(model, text).xreplace(resolve(model.assumptions)),
                     MAX_FORMULA_TERMS, "the formula under the model's assumptions")
    engine = model.params
    difference = sympy.expand(engine - formula)
    engine_terms = engine.as_coefficients_dict()
    formula_terms = formula.as_coefficients_dict()
    where = sources(model)
    values = model.values
    numbers = {s: sympy.Integer(values[s.name]) for s in difference.free_symbols
               if s.name in values}
    terms = []
    for term in sorted(sympy.Add.make_args(difference), key=term_key):
        if term == 0:
            continue
        monomial = term.as_coeff_Mul()[1]
        value = term.xreplace(numbers)
        terms.append(Term(
            monomial,
            engine_terms.get(monomial, sympy.Integer(0)),
            formula_terms.get(monomial, sympy.Integer(0)),
            int(value) if value.is_Integer else None,
            tuple(where.get(monomial, ())),
        ))
    engine_value = formula_value = None
    bound = {s.name for s in engine.free_symbols | formula.free_symbols}
    if bound <= set(values):
        engine_value = model.count()
        formula_value = formula.xreplace(
            {s: sympy.Integer(values[s.name]) for s in formula.free_symbols})
        if not formula_value.is_finite:  # zoo or nan: a denominator is zero there
            shown = ", ".join(f"{s.name}={values[s.name]}"
                              for s in sorted(formula.free_symbols, key=str))
            raise InvalidValueError(f"the formula divides by zero at the model's values "
                                    f"({shown})")
    return CheckResult(engine, formula, difference, tuple(terms), values, engine_value,
                       formula_value, model.name)
