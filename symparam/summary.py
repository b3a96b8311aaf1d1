"""A derivation's whiteboard summary: what to say before the tables.

Where the parameters are (each part's share of the whole, each kind of block's share of one
layer), the rule of thumb people use and its exact error for this model, and which class of
the family comes closest to a published figure. Everything is read off the block tree: the
rule of thumb keeps each layer's weight matrices (the terms of degree two and more, biases and
norms left out) and the token tables (the terms holding V), whatever the family.

>>> import symparam
>>> s = summarise(symparam.model("bert-base-uncased"))
>>> [(p.name, round(100 * p.fraction, 1)) for p in s.parts]
[('embeddings', 21.8), ('encoder.layer', 77.7), ('pooler', 0.5)]
>>> [(k.name, k.value) for k in s.layer]
[('attention', 2362368), ('mlp', 4722432), ('norm', 3072)]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import sympy

from symparam.analysis import grouped
from symparam.assumptions import resolve
from symparam.blocks.base import KINDS
from symparam.errors import SymparamError
from symparam.printing import Terms
from symparam.symbols import VOCABULARY, H, V, d_ff, h_kv

if TYPE_CHECKING:
    from symparam.model import Model


#: classes with a head trained for a task after pretraining: a paper's figure counts none
TASK_HEADS = ("ForSequenceClassification", "ForTokenClassification", "ForQuestionAnswering",
              "ForMultipleChoice", "ForImageClassification")

#: the symbols that count layers (not sizes): left out of a term's degree
COUNTS = frozenset(e.symbol for e in VOCABULARY.values() if e.counts_layers)


@dataclass(frozen=True)
class Share:
    """A part of the model (or a kind of block in one layer), what it holds and its share."""

    name: str
    params: sympy.Expr
    value: int | None
    fraction: float | None


@dataclass(frozen=True)
class Thumb:
    """The rule of thumb for this model: each layer's weight matrices times the layers, and the
    token tables; biases, norms and the smaller tables left out.

    ``mlp``: ``"plain"`` (two matrices, 2·H·d_ff) or ``"gated"`` (three, 3·H·d_ff) when the
    layers have such an MLP; ``ratio``: d_ff/H at this model's values; ``per_layer``: one
    layer's weight matrices in units of H²; ``grouped``: (h_kv, h) where keys and values are
    shared by groups of query heads; ``classic``: the textbook form (12·N·H² + …) where this
    model's d_ff makes it exact for the matrices (d_ff = 4H with a plain MLP).
    """

    layer: sympy.Expr
    total: Terms
    value: int | None
    error: float | None
    mlp: str | None
    ratio: Fraction | None
    per_layer: Fraction | None
    grouped: tuple[int, int] | None
    classic: sympy.Expr | None


@dataclass(frozen=True)
class Closest:
    """The class of the family whose count comes closest to the published figure."""

    architecture: str
    value: int
    fraction: float


@dataclass(frozen=True)
class Summary:
    """Shares of the whole and of one layer, the rule of thumb, the class nearest a figure."""

    parts: tuple[Share, ...]
    layer_name: str | None
    layer: tuple[Share, ...]
    thumb: Thumb | None
    closest: Closest | None


def summarise(model: Model, symbolic: bool = False) -> Summary:
    """The whiteboard summary of ``model`` (no numbers when ``symbolic``)."""
    mapping = resolve(model.assumptions)

    def value(expr: sympy.Expr) -> int | None:
        return None if symbolic else model.value_of(expr)

    total = None if symbolic else model.count()
    parts = []
    stacks = []
    for part in model.parts():
        params = part.formula
        if part.repeat is not None:  # a stack: its count times one layer, N·(…)
            layer = grouped(sympy.expand(part.block.block.params.xreplace(mapping)),
                            model.repeat_symbols)
            params = sympy.Mul(part.repeat, layer, evaluate=False) if layer.is_Add \
                or part.repeat.is_Add else part.repeat * layer
        number = value(params)
        parts.append(Share(part.name, params, number, _fraction(number, total)))
        if part.repeat is not None and params != 0:
            stacks.append((part, number))
    layer_name, layer = None, ()
    if stacks:
        main, _ = max(stacks, key=lambda s: s[1] or 0) if not symbolic else stacks[-1]
        inner = main.block.block
        layer_total = value(inner.params.xreplace(mapping))
        kinds = []
        found = inner.by_kind()
        for kind in (k for k in KINDS if k in found):
            params = found[kind]
            formula = sympy.expand(params.xreplace(mapping))
            number = value(formula)
            kinds.append(Share(kind, formula, number, _fraction(number, layer_total)))
        layer_name, layer = main.name, tuple(kinds)
    return Summary(tuple(parts), layer_name, layer, _thumb(model, mapping, value, total),
                   None if symbolic else _closest(model))


def _fraction(part: int | None, whole: int | None) -> float | None:
    return None if part is None or not whole else part / whole


def _net_degree(term: sympy.Expr) -> int:
    """Exponents added up, negative ones taken away, counts of layers left out: h_kv·H²/h is
    of degree 2, as H² is, and so is ALBERT's K·H² (K layers of a group)."""
    return sum(int(e) for b, e in term.as_powers_dict().items()
               if b.is_Symbol and e.is_Integer and b not in COUNTS)


def _matrices(expr: sympy.Expr) -> sympy.Expr:
    """The terms of degree two and more: weight matrices, not biases or norm weights."""
    return sympy.Add(*(t for t in sympy.Add.make_args(sympy.expand(expr)) if _net_degree(t) >= 2))


def _thumb(model: Model, mapping: dict, value: object, total: int | None) -> Thumb | None:
    layers = []
    rest = []
    for part in model.parts():
        if part.repeat is not None:
            inner = part.block.block
            kinds = inner.by_kind()
            body = sympy.Add(*(p for k, p in kinds.items() if k != "norm")).xreplace(mapping)
            layers.append((part.repeat, _matrices(body)))
        else:
            rest.append(part.formula)
    if not layers:
        return None
    tables = sympy.Add(*(t for t in sympy.Add.make_args(sympy.expand(sympy.Add(*rest)))
                         if V in t.free_symbols and _net_degree(t) >= 2))
    by_count: dict[sympy.Expr, sympy.Expr] = {}
    for count, matrices in layers:
        by_count[count] = by_count.get(count, sympy.S.Zero) + matrices
    terms = [sympy.Mul(count, grouped(matrices, ()), evaluate=False) if matrices.is_Add
             or count.is_Add else count * matrices for count, matrices in by_count.items()]
    if tables != 0:
        terms.append(grouped(tables, ()))
    thumb_total = Terms(tuple(terms))
    layer = layers[-1][1]
    number = None if total is None else value(thumb_total.expr)  # type: ignore[operator]
    error = None if number is None or not total else (number - total) / total
    mlp_coefficient = sympy.expand(layer).coeff(H * d_ff)
    mlp = {2: "plain", 3: "gated"}.get(int(mlp_coefficient)) if mlp_coefficient.is_Integer \
        else None
    ratio = per_layer = None
    sharing = None
    if total is not None:
        values = model.bind()
        if "H" in values:
            hidden = values["H"]
            if "d_ff" in values:
                ratio = Fraction(values["d_ff"], hidden)
            try:
                per_layer = Fraction(value(layer), hidden**2)  # type: ignore[operator]
            except SymparamError:
                per_layer = None
        if h_kv in layer.free_symbols and "h" in values and "h_kv" in values \
                and values["h_kv"] != values["h"]:
            sharing = (values["h_kv"], values["h"])
    classic = None
    if mlp == "plain" and ratio == 4:
        classic = sympy.expand(thumb_total.expr.xreplace({d_ff: 4 * H}))
    return Thumb(layer, thumb_total, number, error, mlp, ratio, per_layer, sharing, classic)


def _closest(model: Model) -> Closest | None:
    """The family's class nearest the published figure, if another class than the counted."""
    if model.reported is None:
        return None
    figure = model.reported.params
    own = (model.count() - figure) / figure
    best: Closest | None = None
    for architecture in model.family.architectures:
        if architecture.endswith(TASK_HEADS):
            continue
        try:
            built = type(model)(model.name, model.family, architecture, model.options)
            used = {k: v for k, v in model.values.items() if k in built.hyperparameters}
            count = type(model)(model.name, model.family, architecture, model.options, used,
                                model.user_assumptions, free=model.free).count()
        except SymparamError:
            continue  # a class that needs another value (a classifier's labels …)
        fraction = (count - figure) / figure
        if best is None or abs(fraction) < abs(best.fraction):
            best = Closest(architecture, count, fraction)
    if best is None or best.architecture == model.architecture or abs(best.fraction) >= abs(own):
        return None
    return best


