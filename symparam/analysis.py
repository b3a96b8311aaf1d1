"""Canonical forms of a count: expanded, and grouped the way a person writes it.

The grouped form factors out each layer count (``N·(…)``) and collects the rest by powers of the
hidden size (``(V + L + T + 3)·H``). It is a sympy expression equal to the expanded one, built
with ``evaluate=False`` so the grouping survives until it is printed.

>>> from symparam.symbols import H, N, V, L, T, d_ff
>>> from symparam.printing import text
>>> text(grouped(N * (12 * H**2 + 13 * H) + (V + L + T + 3) * H + H**2, [N]))
'N·(12·H² + 13·H) + H² + (V + L + T + 3)·H'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import sympy

from symparam.assumptions import Assumption, resolve
from symparam.bounds import expanded
from symparam.frozen import frozen
from symparam.printing import Terms, latex, text
from symparam.reports import depends_lines, depends_summary
from symparam.symbols import H, order_key
from symparam.tables import Shown, Table

if TYPE_CHECKING:
    from symparam.counted import Counted


class Formula:
    """A count as people read it: ``str`` gives the text form, Jupyter shows the LaTeX form.
    ``form`` is how it is written (the tree's structure, :func:`structured`); by default the
    expression grouped by the ``counts``."""

    def __init__(self, expr: sympy.Expr, counts: Sequence[sympy.Symbol] = (),
                 form: Terms | sympy.Expr | None = None) -> None:
        self.expr = expr
        self.grouped = grouped(expr, counts) if form is None else form

    @property
    def text(self) -> str:
        return text(self.grouped)

    @property
    def latex(self) -> str:
        return latex(self.grouped)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Formula({self.text})"

    def _repr_latex_(self) -> str:
        return f"$\\displaystyle P = {self.latex}$"


def grouped(
    expr: sympy.Expr, counts: Sequence[sympy.Symbol], primary: sympy.Symbol = H
) -> sympy.Expr:
    """``expr`` grouped by the layer-count symbols, the rest collected by powers of ``primary``."""
    expr = expanded(expr)
    by_count: dict[sympy.Expr, list[sympy.Expr]] = {}
    for term in sympy.Add.make_args(expr):
        powers = term.as_powers_dict()
        key = sympy.Mul(*(base**exp for base, exp in powers.items()
                          if base in counts or (isinstance(base, sympy.floor)
                                                and base.free_symbols & set(counts))))
        by_count.setdefault(key, []).append(term / key)
    parts: list[sympy.Expr] = []
    for key, terms in by_count.items():
        inner = sympy.Add(*terms)
        if key == 1:
            parts.extend(_collect(inner, primary))
        elif inner.is_Add:
            parts.append(sympy.Mul(*sympy.Mul.make_args(key), inner, evaluate=False))
        else:
            parts.append(key * inner)
    if len(parts) == 1:
        return parts[0]
    return sympy.Add(*parts, evaluate=False)


def structured(model: Counted, active: bool = False) -> Terms:
    """The total (``active``: per token) as the tree builds it: each stack of layers as its
    count times one layer (``N_dense·(…) + (N − N_dense)·(…)``, stacks of one count together, in
    the tree's order), then the rest collected by powers of H — never expanded into negative
    terms.

    >>> import symparam
    >>> from symparam.printing import text
    >>> text(structured(symparam.model("bert")))
    'N·(4·H² + (2·d_ff + 9)·H + d_ff) + H² + (V + L + T + 3)·H'
    """
    mapping = resolve(model.assumptions)
    counts = model.repeat_symbols
    stacks: dict[sympy.Expr, list[sympy.Expr]] = {}
    rest: list[sympy.Expr] = []
    for part in model.parts():
        block = part.block.block if part.repeat is not None else part.block
        params = (block.active_params if active else block.params).xreplace(mapping)
        if part.repeat is None:
            rest.append(params)
        else:
            stacks.setdefault(part.repeat, []).append(params)
    terms: list[sympy.Expr] = []
    for count, layers in stacks.items():
        layer = grouped(sympy.Add(*layers), counts)
        if layer == 0:
            continue
        terms.append(sympy.Mul(count, layer, evaluate=False) if layer.is_Add or count.is_Add
                     else count * layer)
    remainder = expanded(sympy.Add(*rest))
    if remainder != 0:
        terms.extend(_collect(remainder, H))
    return Terms(tuple(terms) or (sympy.Integer(0),))


def _collect(expr: sympy.Expr, primary: sympy.Symbol) -> list[sympy.Expr]:
    """Collect by powers of ``primary``; what is left, by its most shared symbol.

    One pass over the terms (sympy's ``collect`` adds term by term, which is quadratic in the
    number of terms: seconds for a model whose 1,000 layers each have their own width).
    """
    by_power: dict[sympy.Expr, list[sympy.Expr]] = {}
    for term in sympy.Add.make_args(expr):
        exponent = term.as_powers_dict().get(primary, 0) if term != 0 else 0
        by_power.setdefault(exponent, []).append(term / primary**exponent if exponent else term)
    out: list[sympy.Expr] = []
    rest_terms = [t for t in by_power.pop(0, []) if t != 0]
    for exponent in sorted(by_power, key=lambda e: -e):
        coefficient = sympy.Add(*by_power[exponent])
        power = primary**exponent
        if coefficient.is_Add:
            out.append(sympy.Mul(coefficient, power, evaluate=False))
        else:
            out.append(coefficient * power)
    shared = Counter(x for t in rest_terms for x in t.free_symbols)
    if shared and len(rest_terms) > 2:
        secondary, times = max(shared.items(), key=lambda kv: (kv[1], -order_key(kv[0])[1]))
        if times >= 2 and secondary != primary:
            return out + _collect(sympy.Add(*rest_terms), secondary)
    return out + rest_terms


@frozen
class DropOut:
    """A hyperparameter of the tree that is absent from the total, and why.

    ``kind`` is ``cancels`` (it enters only through products that an assumption reduces,
    ``steps`` holding each ``(product, with the assumption put in, result)``), ``splits`` (it
    splits ``whole`` into parts, which it must divide, and adds no weights: heads that split
    H), ``no_weights`` (it sets what the layers compute, not a weight's shape: a sliding
    window, the groups a token's experts come from), ``assumed`` (an assumption replaces
    it by other hyperparameters), ``shared`` (the layers share weights across depth) or
    ``active_only`` (it changes only what a token uses, as top-k does in an MoE) or ``given``
    (it only sets the default of a size the config gives itself: Mamba's expansion e, where
    the file holds d_inner, ``assumption`` being the default not taken).
    """

    symbol: sympy.Symbol
    kind: str
    assumption: Assumption | None = None
    steps: tuple[tuple[sympy.Expr, sympy.Expr, sympy.Expr], ...] = ()
    whole: sympy.Expr | None = None


def dropouts(model: Counted) -> list[DropOut]:
    """The hyperparameters that drop out of ``model``'s total, each with its reason."""
    present = model.params.free_symbols
    active = model.assumptions
    by_symbol = {a.symbol: a for a in active}
    dims: set[sympy.Expr] = set()
    for entry in model.tree.tensors():
        dims.update(entry.shape)
        dims.update(count for _, count in entry.indices)
    out = []
    for name in model.hyperparameters:
        sym = model.symbols[name]
        if sym in present:
            continue
        if sym in by_symbol:
            out.append(DropOut(sym, "assumed", by_symbol[sym]))
            continue
        default = next((a for a in model.family.assumptions
                        if a.symbol not in by_symbol and a.symbol in present
                        and sym in a.expr.free_symbols), None)
        if default is not None:
            out.append(DropOut(sym, "given", default))
            continue
        carriers = sorted((d for d in dims if sym in d.free_symbols), key=str)
        if sym not in present and sym in model.active_params.free_symbols:
            out.append(DropOut(sym, "active_only"))
            continue
        if name in model.family.weightless:
            out.append(DropOut(sym, model.family.weightless[name]))
            continue
        if not carriers:
            rule = next((rule for rule in model.divisibility if rule.divisor == sym), None)
            out.append(DropOut(sym, "no_weights") if rule is None else
                       DropOut(sym, "splits_to_run" if rule.to_run else "splits",
                               whole=rule.dividend))
            continue
        reducing = next((a for a in active if sym in a.expr.free_symbols), None)
        shown = {a.symbol: a.expr for a in active}
        steps = tuple((d, d, d.xreplace(resolve(active))) for d in carriers)
        out.append(DropOut(sym, "cancels", reducing, tuple(
            (product, _display(product, shown), result) for product, _, result in steps
        )))
    return out


def _display(expr: sympy.Expr, shown: dict[sympy.Symbol, sympy.Expr]) -> sympy.Expr:
    """``expr`` with the assumed symbols put in, kept unevaluated so ``h·(H/h)`` shows."""
    factors = []
    for factor in sympy.Mul.make_args(expr):
        base, exponent = factor.as_base_exp()
        if base in shown:
            factors.append(sympy.Pow(shown[base], exponent, evaluate=False)
                           if exponent != 1 else shown[base])
        else:
            factors.append(factor)
    return sympy.Mul(*factors, evaluate=False)


def reason(drop: DropOut) -> str:
    """One line saying why ``drop.symbol`` is not in the total (English; templates translate)."""
    name = drop.symbol.name
    if drop.kind == "cancels" and drop.assumption is not None:
        chains = "; ".join(f"{text(p)} = {text(s)} = {text(r)}" for p, s, r in drop.steps)
        return f"{name} enters only as {chains} under {drop.assumption.name} = " \
               f"{text(drop.assumption.expr)}"
    if drop.kind == "assumed" and drop.assumption is not None:
        return f"{name} is replaced by the assumption {name} = {text(drop.assumption.expr)}"
    if drop.kind == "shared":
        return f"{name} adds no weights: every layer reuses the same shared weights"
    if drop.kind == "active_only":
        return f"{name} sets how many experts a token uses: it changes the active count only"
    if drop.kind == "given" and drop.assumption is not None:
        other = drop.assumption.symbol.name
        return f"{name} only sets the default {other} = {text(drop.assumption.expr)}, and the " \
               f"config gives {other} itself"
    if drop.kind == "rotary":
        return f"{name} sets how much of each head rotary embeddings rotate: rotation has no " \
               "weights"
    if drop.kind == "splits" and drop.whole is not None:
        return f"{name} splits {text(drop.whole)} into parts, which it must divide, and adds " \
               "no weights of its own"
    if drop.kind == "splits_to_run" and drop.whole is not None:
        return f"{name}: the forward pass splits {text(drop.whole)} into that many groups, so " \
               f"it must divide {text(drop.whole)} to run (the model is built, and counted, " \
               "whatever its value); it adds no weights of its own"
    if drop.kind == "image":
        return f"{name} sets how many positions each convolution runs on, not its weights"
    return f"{name} sets what the layers compute, not the shape of any weight"


class Dependence(dict[str, Any], Shown):
    """:func:`depends`'s answer, a dict (``affects``, ``drops_out``, ``assumptions``); its
    ``str()`` is what ``symparam depends`` prints, and in Jupyter it shows as a table."""

    def __init__(self, found: dict[str, Any], model: str) -> None:
        super().__init__(found)
        self.model = model

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, **self}

    def _lines(self) -> list[str]:
        return depends_lines(self.model, self)

    def _summary(self) -> str:
        return depends_summary(self.model, self)

    def _tables(self) -> list[Table]:
        heading, *_ = depends_lines(self.model, self)
        rows = tuple((d["symbol"], d["reason"]) for d in self["drops_out"])
        notes = tuple(f"assumes {a}" for a in self["assumptions"])
        if not rows:
            notes = ("every hyperparameter of the model appears in the total", *notes)
        return [Table(heading, ("symbol", "drops out because"), rows, notes)]


def depends(model: Counted) -> Dependence:
    """Which hyperparameters the total depends on, and why the others drop out."""
    present = {s.name for s in model.params.free_symbols}
    return Dependence({
        "affects": [n for n in model.hyperparameters if n in present],
        "drops_out": [{"symbol": d.symbol.name, "kind": d.kind, "reason": reason(d)}
                      for d in dropouts(model)],
        "assumptions": [str(a) for a in model.assumptions],
    }, model.name)
