"""A derivation's whiteboard summary: what to say before the tables.

Where the parameters are (each part's share of the whole, each kind of block's share of one
layer), the rule of thumb people use and its exact error for this model, and which class of
the family comes closest to a published figure. Everything is read off the block tree: the
rule of thumb keeps each layer's weight matrices (the terms of degree two and more, biases and
norms left out) and the token tables (the terms holding V), whatever the family, and leaves out
a kind of block whose matrices hold less than :data:`CUT` of the count (DeepSeek-V3's latent
attention, router and shared expert: what is left is a whiteboard term, not the exact formula
without its norms). The notes beside it (a layer's matrices in units of H², grouped-query
attention's widths) are worked out from the widths the tree builds, at the model's values.

>>> import symparam
>>> s = summarise(symparam.model("bert-base-uncased"))
>>> [(p.name, round(float(100 * p.fraction), 1)) for p in s.parts]
[('embeddings', 21.8), ('encoder.layer', 77.7), ('pooler', 0.5)]
>>> [(k.name, k.value) for k in s.layer]
[('attention', 2362368), ('mlp', 4722432), ('norm', 3072)]
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import sympy

from symparam.analysis import grouped
from symparam.assumptions import resolve
from symparam.blocks.base import KINDS
from symparam.bounds import expanded
from symparam.bounds import size as expanded_size
from symparam.errors import SymparamError
from symparam.frozen import frozen
from symparam.labels import stack_label
from symparam.printing import Terms
from symparam.symbols import VOCABULARY, H, V, d_ff, d_head, h, h_kv

if TYPE_CHECKING:
    from symparam.counted import Counted


#: classes with a head trained for a task after pretraining: a paper's figure counts none
TASK_HEADS = ("ForSequenceClassification", "ForTokenClassification", "ForQuestionAnswering",
              "ForMultipleChoice", "ForImageClassification")

#: the symbols that count layers (not sizes): left out of a term's degree
COUNTS = frozenset(e.symbol for e in VOCABULARY.values() if e.counts_layers)

#: a kind of block whose matrices hold less than this share of the count, in all its layers,
#: is left out of the rule of thumb
CUT = Fraction(2, 100)
#: the hidden size of GPT's and BERT's textbook MLP, as a multiple of H (d_ff = 4H)
TEXTBOOK_RATIO = 4
#: terms (a bound on the expanded form) past which a layer has no shares by kind and no rule of
#: thumb: a rule of a few hundred terms is none, and grouping them took most of the time of the
#: widest formulas accepted (the families' layers have at most 14)
WIDE_LAYER = 100


@frozen
class Share:
    """A part of the model (or a kind of block in one layer), what it holds and its share,
    exactly, of the whole (:attr:`Summary.whole`, :attr:`Summary.layer_whole`)."""

    name: str
    params: sympy.Expr
    value: int | None
    fraction: Fraction | None


@frozen
class LayerMatrices:
    """One kind of layer's weight matrices at the model's values, in units of H²: by kind of
    block (``attention``: self- and cross-attention together; ``mlp``; Jamba's ``mixer``), in
    the order of :data:`KINDS`, and all of them."""

    name: str
    kinds: tuple[tuple[str, Fraction], ...]
    total: Fraction


@frozen
class Grouping:
    """Keys and values shared by groups of query heads: ``kv`` key/value heads for ``heads``
    query heads, k (and v) ``kv_width`` numbers a token where q is ``q_width``; the attention's
    matrices in units of H² (``attention``), and with a key/value head per query head
    (``full``), both read off the tree."""

    kv: int
    heads: int
    kv_width: int | None
    q_width: int | None
    attention: Fraction
    full: Fraction


@frozen
class Thumb:
    """The rule of thumb for this model: each layer's weight matrices times the layers, and the
    token tables; biases, norms and the smaller tables left out, and (values known) every kind
    of block whose matrices hold less than :data:`CUT` of the count (``left_out``, together
    ``left_out_share`` of it).

    ``mlp``: ``"plain"`` (two matrices, 2·H·d_ff) or ``"gated"`` (three, 3·H·d_ff) when the
    layers have such an MLP, ``matrices`` its coefficient (2 or 3), ``textbook`` the d_ff at
    which its matrices come to a plain MLP's at d_ff = 4H (4H; LLaMA's 8H/3) and that size
    (8H²); ``ratio``: d_ff/H at this model's values; ``layers``: each kind of layer's matrices
    in units of H² (:class:`LayerMatrices`); ``grouped``: :class:`Grouping` where keys and
    values are shared by groups of query heads; ``classic``: the textbook form (12·N·H² + …)
    where this model's d_ff makes it exact for the matrices (d_ff = 4H with a plain MLP).
    """

    layer: sympy.Expr
    total: Terms
    value: int | None
    error: Fraction | None
    mlp: str | None
    ratio: Fraction | None
    grouped: Grouping | None
    classic: sympy.Expr | None
    matrices: int | None = None
    textbook: tuple[sympy.Expr, sympy.Expr] | None = None
    layers: tuple[LayerMatrices, ...] = ()
    left_out: tuple[str, ...] = ()
    left_out_share: Fraction | None = None


@frozen
class Closest:
    """The class of the family whose count comes closest to the published figure."""

    architecture: str
    value: int
    #: its gap to the published figure, a fraction of it (above it: positive)
    fraction: Fraction


@frozen
class Summary:
    """Shares of the whole and of one layer, the rule of thumb, the class nearest a figure."""

    parts: tuple[Share, ...]
    layer_name: str | None
    layer: tuple[Share, ...]
    thumb: Thumb | None
    closest: Closest | None
    #: what each part is a share of (the count), and each kind of block of the layer (the
    #: layer, by its kinds): a document writes the shares, a page keeps them live
    whole: sympy.Expr = sympy.S.Zero
    layer_whole: sympy.Expr = sympy.S.Zero

    @property
    def thumb_gap(self) -> sympy.Expr | None:
        """How far the rule of thumb is from the count, as a formula (above it: positive;
        a share of :attr:`whole`, ``thumb.error``)."""
        return None if self.thumb is None else self.thumb.total.expr - self.whole


def summarise(model: Counted, symbolic: bool = False) -> Summary:
    """The whiteboard summary of ``model`` (no numbers when ``symbolic``)."""
    mapping = resolve(model.assumptions)

    def value(expr: sympy.Expr) -> int | None:
        return None if symbolic else model.value_of(expr)

    total = None if symbolic else model.count()
    parts = []
    stacks = []
    found_parts = model.parts()
    paths = [part.name for part in found_parts]
    for part in found_parts:
        params = part.formula
        if part.repeat is not None:  # a stack: its count times one layer, N·(…)
            layer = grouped(expanded(part.block.block.params.xreplace(mapping)),
                            model.repeat_symbols)
            params = sympy.Mul(part.repeat, layer, evaluate=False) if layer.is_Add \
                or part.repeat.is_Add else part.repeat * layer
        number = value(params)
        name = part.name if part.repeat is None else stack_label(
            part.name, part.block, mapping, value, paths.count(part.name) > 1)
        parts.append(Share(name, params, number, _fraction(number, total)))
        if part.repeat is not None and params != 0:
            stacks.append((part, number, name))
    layer_name, layer, layer_whole = None, (), sympy.S.Zero
    if stacks:
        main, _, main_name = max(stacks, key=lambda s: s[1] or 0) if not symbolic \
            else stacks[-1]
        inner = main.block.block
        layer_params = inner.params.xreplace(mapping)
        if expanded_size(layer_params).terms > WIDE_LAYER:
            return Summary(tuple(parts), None, (), None,
                           None if symbolic else _closest(model), model.params)
        layer_total = value(layer_params)
        found = inner.by_kind()
        formulas = [(kind, expanded(found[kind].xreplace(mapping))) for kind in KINDS
                    if kind in found]
        layer_whole = sympy.Add(*(formula for _, formula in formulas))  # by its kinds
        layer = tuple(Share(kind, formula, value(formula),
                            _fraction(value(formula), layer_total)) for kind, formula in formulas)
        layer_name = main_name
    return Summary(tuple(parts), layer_name, layer,
                   _thumb(model, found_parts, paths, mapping, value, total),
                   None if symbolic else _closest(model), model.params, layer_whole)


def _fraction(part: int | None, whole: int | None) -> Fraction | None:
    return None if part is None or not whole else Fraction(part, whole)


def _net_degree(term: sympy.Expr) -> int:
    """The sizes multiplied in a term, counts of layers left out: H² is of degree 2, and so is
    ALBERT's K·H² (K layers of a group); a size divided by (a head count) still spans the
    matrix, so GPT-BigCode's keys and values, H × 2H/h, are of degree 2 as well."""
    return sum(int(e) for b, e in term.as_powers_dict().items()
               if b.is_Symbol and e.is_Integer and e > 0 and b not in COUNTS)


def _matrices(expr: sympy.Expr) -> sympy.Expr:
    """The terms of degree two and more: weight matrices, not biases or norm weights."""
    return sympy.Add(*(t for t in sympy.Add.make_args(expanded(expr)) if _net_degree(t) >= 2))


def _thumb(model: Counted, found_parts: list, paths: list[str], mapping: dict, value: object,
           total: int | None) -> Thumb | None:
    layers = []  # (part, its label, its matrices by kind of block)
    rest = []
    for part in found_parts:
        if part.repeat is not None:
            kinds = part.block.block.by_kind()
            matrices = {k: _matrices(p.xreplace(mapping)) for k, p in kinds.items() if k != "norm"}
            label = stack_label(part.name, part.block, mapping, value, paths.count(part.name) > 1)
            layers.append((part, label, {k: m for k, m in matrices.items() if m != 0}))
        else:
            rest.append(part.formula)
    if not layers:
        return None
    kept, left_out, left_share = _kept_kinds(layers, value, total)
    tables = sympy.Add(*(t for t in sympy.Add.make_args(expanded(sympy.Add(*rest)))
                         if V in t.free_symbols and _net_degree(t) >= 2))
    by_count: dict[sympy.Expr, sympy.Expr] = {}
    for part, _, matrices in layers:
        held = sympy.Add(*(m for k, m in matrices.items() if k in kept))
        if held != 0:
            by_count[part.repeat] = by_count.get(part.repeat, sympy.S.Zero) + held
    terms = [sympy.Mul(count, grouped(matrices, ()), evaluate=False) if matrices.is_Add
             or count.is_Add else count * matrices for count, matrices in by_count.items()]
    if tables != 0:
        terms.append(grouped(tables, ()))
    if not terms:  # no weight matrix at all (a stack of Linear(1, 1)): no rule to give
        return None
    thumb_total = Terms(tuple(terms))
    layer = sympy.Add(*layers[-1][2].values())
    number = None if total is None else value(thumb_total.expr)  # type: ignore[operator]
    error = None if number is None or not total else Fraction(number - total, total)
    mlp_coefficient = expanded(layer).coeff(H * d_ff)
    mlp = {2: "plain", 3: "gated"}.get(int(mlp_coefficient)) if mlp_coefficient.is_Integer \
        else None
    textbook = None
    if mlp is not None:  # the d_ff at which the MLP is a plain one's at d_ff = 4H, and its size
        size = 2 * TEXTBOOK_RATIO * H**2
        textbook = (size / (mlp_coefficient * H), size)
    ratio = None
    found_layers: tuple[LayerMatrices, ...] = ()
    sharing = None
    if total is not None:
        values = model.bind()
        if "H" in values:
            unit = values["H"] ** 2
            if "d_ff" in values:
                ratio = Fraction(values["d_ff"], values["H"])
            if mlp is not None:
                found_layers = _layer_matrices(layers, value, unit)
            sharing = _grouping(model, layers, value, unit)
    classic = None
    if mlp == "plain" and ratio == TEXTBOOK_RATIO:
        classic = expanded(thumb_total.expr.xreplace({d_ff: TEXTBOOK_RATIO * H}))
    return Thumb(layer, thumb_total, number, error, mlp, ratio, sharing, classic,
                 int(mlp_coefficient) if mlp is not None else None, textbook, found_layers,
                 left_out, left_share)


def _kept_kinds(layers: list, value: object, total: int | None
                ) -> tuple[set[str], tuple[str, ...], Fraction | None]:
    """The kinds of block the rule of thumb keeps: every one whose matrices, in all the layers,
    hold at least :data:`CUT` of the count (all of them with no values); the others, in the
    order of :data:`KINDS`, and their share together."""
    kinds = {k for _, _, matrices in layers for k in matrices}
    if total is None:
        return kinds, (), None
    held = {k: sum(value(part.repeat * matrices[k])  # type: ignore[operator]
                   for part, _, matrices in layers if k in matrices) for k in kinds}
    kept = {k for k in kinds if Fraction(held[k], total) >= CUT}
    if not kept:  # nothing large enough: the layers are what they are
        return kinds, (), None
    out = tuple(k for k in KINDS if k in kinds and k not in kept)
    return kept, out, (Fraction(sum(held[k] for k in out), total) if out else None)


def _layer_matrices(layers: list, value: object, unit: int) -> tuple[LayerMatrices, ...]:
    """Each kind of layer that has the MLP (a stack whose matrices hold H·d_ff), its matrices
    in units of H² at the model's values; stacks alike are one."""
    out: list[LayerMatrices] = []
    for _, label, matrices in layers:
        if "mlp" not in matrices or expanded(matrices["mlp"]).coeff(H * d_ff) == 0:
            continue
        found = LayerMatrices(
            label, tuple((k, Fraction(value(matrices[k]), unit))  # type: ignore[operator]
                         for k in KINDS if k in matrices),
            Fraction(value(sympy.Add(*matrices.values())), unit))  # type: ignore[operator]
        if not any((f.kinds, f.total) == (found.kinds, found.total) for f in out):
            out.append(found)
    return tuple(out)


def _grouping(model: Counted, layers: list, value: object, unit: int) -> Grouping | None:
    """Grouped-query attention, where a stack's attention holds h_kv and the model's h_kv is
    not h: its widths, and its matrices beside those of a key/value head per query head."""
    values = model.bind()
    if "h" not in values or "h_kv" not in values or values["h_kv"] == values["h"]:
        return None
    for _, _, matrices in layers:
        attention = matrices.get("attention", sympy.S.Zero)
        if h_kv not in attention.free_symbols:
            continue
        widths: tuple[int | None, int | None] = (None, None)
        if d_head.name in model.symbols:
            widths = (value(h_kv * d_head), value(h * d_head))  # type: ignore[operator]
        return Grouping(values["h_kv"], values["h"], *widths,
                        Fraction(value(attention), unit),  # type: ignore[operator]
                        Fraction(value(attention.xreplace({h_kv: h})), unit))  # type: ignore[operator]
    return None


def _closest(model: Counted) -> Closest | None:
    """The family's class nearest the published figure, if another class than the counted."""
    if model.reported is None:
        return None
    own = model.reported.gap(model.count())
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
        fraction = model.reported.gap(count)
        if best is None or abs(fraction) < abs(best.fraction):
            best = Closest(architecture, count, fraction)
    if best is None or best.architecture == model.architecture or abs(best.fraction) >= abs(own):
        return None
    return best


