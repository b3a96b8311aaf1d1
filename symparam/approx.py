"""Approximations as derived results: what a short formula keeps, what it drops, how far off it is.

An approximation is compared with an exact quantity of the model (its total, or its total
without the vocabulary and position tables and an untied unembedding, as Kaplan et al.
count), under stated assumptions; the terms it drops are listed with their values. The
leading terms (``order``) are those of the highest degree in the sizes (H, V, d_ff …): the
layer counts (N, N_dec, G, K, N_dense) multiply a term without raising its degree, so
12·N·H² is of degree 2. Sensitivity gives ∂P/∂x and the elasticity (x/P)·∂P/∂x.

>>> import symparam
>>> a = approximate(symparam.model("bert-base-uncased"), "bert-shortcut")
>>> a.exact_value, a.approx_value
(109482240, 108965376)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sympy

from symparam.assumptions import parse_assumption, resolve
from symparam.bounds import expand
from symparam.errors import InvalidValueError
from symparam.frozen import frozen
from symparam.parsing import parse_formula
from symparam.printing import term_key, text
from symparam.reports import (
    approx_lines,
    approx_summary,
    sensitivity_lines,
    sensitivity_summary,
    slope_name,
)
from symparam.symbols import VOCABULARY, order_key
from symparam.tables import Shown, Table

if TYPE_CHECKING:
    from symparam.counted import Counted


@frozen
class Named:
    """A published or popular approximation: its formula, what it approximates, its source."""

    formula: str
    target: str  # "total" or "non_embedding"
    assume: tuple[str, ...]
    source: str


NAMED = {
    "kaplan": Named("12*N*H^2", "non_embedding", ("d_ff=4*H",),
                    "Kaplan et al. 2020, eq. 2.1: non-embedding parameters ≈ 12·n_layer·d_model²; "
                    "their N leaves out the vocabulary and position embeddings, and the "
                    "unembedding (tied to the token table in their models; an untied LM head "
                    "is left out too)"),
    "bert-shortcut": Named("V*H + 145*H^2", "total", ("d_ff=4*H",),
                           "the 12·d²-per-layer shortcut for BERT-base: V·d + 12 layers × 12·d² "
                           "+ a pooler of d² (a Korean blog's derivation, seeds/004)"),
    "nanogpt": Named("P - L*H", "total", (),
                     "nanoGPT's get_num_params(non_embedding=True): the total less the position "
                     "table"),
}


@frozen
class Approximation(Shown):
    """An approximate formula beside the exact one, with the exact error term by term. Its
    ``str()`` is what ``symparam approx`` prints; in Jupyter, a table of the terms it leaves
    out."""

    name: str
    source: str
    target: str
    exact: sympy.Expr
    approx: sympy.Expr
    dropped: tuple[tuple[sympy.Expr, int | None], ...]
    exact_value: int | None
    approx_value: int | None
    model: str = ""

    def to_dict(self) -> dict[str, Any]:
        """What ``symparam approx --json`` prints (the model's name aside)."""
        return {"approximation": self.name, "source": self.source, "target": self.target,
                "exact": str(self.exact), "approx": str(self.approx), "error": str(self.error),
                "exact_value": self.exact_value, "approx_value": self.approx_value,
                "relative_error": self.relative_error,
                "dropped": [{"term": str(t), "value": v} for t, v in self.dropped]}

    def _lines(self) -> list[str]:
        return approx_lines(self.model, self)

    def _summary(self) -> str:
        return approx_summary(self.model, self)

    def _tables(self) -> list[Table]:
        heading, *rest = approx_lines(self.model, self)
        said = [line.strip() for line in rest[:3] if not line.startswith("  what")]
        return [Table(heading, ("left out", "at the values"),
                      tuple((text(term), value) for term, value in self.dropped), tuple(said))]

    @property
    def error(self) -> sympy.Expr:
        return sympy.expand(self.exact - self.approx)

    @property
    def relative_error(self) -> float | None:
        if self.exact_value is None or self.approx_value is None:
            return None
        return (self.approx_value - self.exact_value) / self.exact_value


def approximate(model: Counted, name: str | None = None, formula: str | None = None,
                order: int | None = None) -> Approximation:
    """Compare a named approximation, a user's ``formula`` or the leading terms (``order``)."""
    if name is not None:
        if name not in NAMED:
            raise InvalidValueError(f"unknown approximation {name!r}; known: {', '.join(NAMED)}")
        spec = NAMED[name]
        extra = [a for a in map(parse_assumption, spec.assume)
                 if a.symbol.name in model.hyperparameters and _holds(model, a)]
        assumptions = (*extra, *(a for a in model.assumptions
                                 if a.name not in {e.name for e in extra}))
    else:
        spec, assumptions = None, model.assumptions
    mapping = resolve(assumptions)
    exact = expand(model.raw_params.xreplace(mapping), what="the count under these assumptions")
    target = spec.target if spec else "total"
    if target == "non_embedding":
        exact = sympy.expand(exact - model.tree.vocabulary_params.xreplace(mapping))
    names = [*model.hyperparameters, "P"]
    if order is not None:
        top = max(_degree(t) for t in sympy.Add.make_args(exact))
        if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= top:
            raise InvalidValueError(f"the order must be a whole number from 1 to {top}, the "
                                    f"count's highest degree, got {order!r}")
        approx = sympy.Add(*(t for t in sympy.Add.make_args(exact) if _degree(t) >= order))
        label = f"terms of degree ≥ {order}"
        source = (f"the leading terms of the exact count; a term's degree counts its sizes "
                  f"({', '.join(_sizes(exact))}), not the layer counts that multiply it "
                  f"({', '.join(_layer_counts(exact)) or 'none here'})")
    else:
        text = spec.formula if spec else formula
        if text is None:
            raise InvalidValueError("give an approximation's name, a formula or an order")
        approx = parse_formula(text, names).xreplace({sympy.Symbol("P", integer=True,
                                                                    positive=True): exact})
        approx = expand(approx.xreplace(mapping), what="the approximation")
        label, source = name or text, spec.source if spec else "the formula given"
    numbers = {s: sympy.Integer(v) for s, v in
               ((s, model.values.get(s.name)) for s in model.symbols.values()) if v is not None}
    for a in assumptions:  # values implied by the assumptions (d_ff = 4H at H = 768)
        if a.symbol not in numbers:
            implied = a.expr.xreplace(numbers)
            if implied.is_Integer:
                numbers[a.symbol] = implied
    # a formula with numbers baked in (seed 004's 145 = 12 layers × 12 + 1) is compared with the
    # exact count at the values of the symbols it leaves out
    kept = approx.free_symbols
    fixed = {s: v for s, v in numbers.items() if s not in kept}
    dropped = []
    for term in sorted(sympy.Add.make_args(sympy.expand((exact - approx).xreplace(fixed))),
                       key=term_key):
        if term != 0:
            value = term.xreplace(numbers)
            dropped.append((term, int(value) if value.is_Integer else None))

    def at(expr: sympy.Expr) -> int | None:
        value = expr.xreplace(numbers)
        if not value.is_finite and not value.free_symbols:  # zoo or nan
            raise InvalidValueError(f"the approximation {label} divides by zero at the model's "
                                    "values")
        return int(value) if value.is_Integer else None

    return Approximation(label, source, target, exact, approx, tuple(dropped), at(exact),
                         at(approx), model.name)


def _holds(model: Counted, assumption: Any) -> bool:
    """Whether an assumption agrees with the model's values (or its symbol is unbound)."""
    if assumption.symbol.name not in model.values:
        return True
    values = model.values
    implied = assumption.expr.xreplace(
        {s: sympy.Integer(values[s.name]) for s in assumption.expr.free_symbols
         if s.name in values})
    return implied == values[assumption.symbol.name]


def _degree(term: sympy.Expr) -> int:
    """The degree of a term in the sizes: layer counts (N …) are not counted."""
    counts = {e.symbol for e in VOCABULARY.values() if e.counts_layers}
    return sum(int(e) for b, e in term.as_powers_dict().items()
               if b.is_Symbol and b not in counts and e.is_Integer and e > 0)


def _layer_counts(expr: sympy.Expr) -> list[str]:
    counts = {e.symbol for e in VOCABULARY.values() if e.counts_layers}
    return [x.name for x in sorted(expr.free_symbols & counts, key=order_key)]


def _sizes(expr: sympy.Expr) -> list[str]:
    return [x.name for x in sorted(expr.free_symbols, key=order_key)
            if x.name not in _layer_counts(expr)]


@frozen
class Sensitivity:
    """∂P/∂x at the model's values, and the elasticity (x/P)·∂P/∂x. Where x enters through a
    floor (Qwen-MoE's sparse layers, ⌊N/s⌋), P has no derivative in x: ``derivative`` is then
    the step P(x + 1) − P(x) and ``stepped`` is true."""

    symbol: sympy.Symbol
    derivative: sympy.Expr
    slope: float
    elasticity: float
    stepped: bool = False


class Sensitivities(list[Sensitivity], Shown):
    """:func:`sensitivity`'s rows, a list; its ``str()`` is what ``symparam sensitivity``
    prints, and in Jupyter it shows as a table."""

    def __init__(self, rows: list[Sensitivity], model: str) -> None:
        super().__init__(rows)
        self.model = model

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model,
                "rows": [{"symbol": r.symbol.name, "derivative": text(r.derivative),
                          "slope": r.slope, "elasticity": r.elasticity, "step": r.stepped}
                         for r in self]}

    def _lines(self) -> list[str]:
        return sensitivity_lines(self.model, self)

    def _summary(self) -> str:
        return sensitivity_summary(self.model, self)

    def _tables(self) -> list[Table]:
        rows = tuple((r.symbol.name, slope_name(r), text(r.derivative), round(r.slope),
                      f"{r.elasticity:.2f}%") for r in self)
        return [Table(sensitivity_lines(self.model, self)[0],
                      ("symbol", "slope", "formula", "at the values", "1% more adds"), rows)]


def termwise_diff(expr: sympy.Expr, sym: sympy.Symbol) -> sympy.Expr:
    """``sympy.diff(expr, sym)`` of a sum, term by term, the terms without ``sym`` left out:
    the same derivative, without sympy's pass over every term (a count of 64 floors of N, a
    sparse step of 64, took seconds per symbol that way)."""
    return sympy.Add(*(_monomial_diff(term, sym) for term in sympy.Add.make_args(expr)
                       if sym in term.free_symbols))


def _monomial_diff(term: sympy.Expr, sym: sympy.Symbol) -> sympy.Expr:
    """d/d sym of one term: c·symᵉ·rest is e·c·symᵉ⁻¹·rest when sym is only in symᵉ (sympy's
    diff asks every factor's assumptions first); anything else through sympy.diff."""
    exponent = term.as_powers_dict().get(sym)
    if exponent is not None and exponent.is_Number \
            and sym not in (term / sym**exponent).free_symbols:
        return term * exponent / sym
    return sympy.diff(term, sym)


def sensitivity(model: Counted) -> Sensitivities:
    """For every hyperparameter in the total: how much the count moves when it does."""
    total = model.params
    values = model.bind()
    numbers = {s: sympy.Integer(values[s.name]) for s in total.free_symbols if s.name in values}
    count = model.count()
    out = []
    for sym in sorted(total.free_symbols, key=lambda s: model.hyperparameters.index(s.name)):
        stepped = any(sym in f.free_symbols for f in total.atoms(sympy.floor, sympy.ceiling))
        if stepped:
            derivative = sympy.expand(total.xreplace({sym: sym + 1}) - total)
        else:
            derivative = termwise_diff(total, sym)
        slope = derivative.xreplace(numbers)
        if not slope.is_Number:
            raise InvalidValueError(f"the count has no slope in {sym} at the model's values")
        out.append(Sensitivity(sym, derivative, float(slope),
                               float(slope * numbers[sym] / count), stepped))
    return Sensitivities(out, model.name)
