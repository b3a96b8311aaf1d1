"""What changed between two models, term by term, and what each change costs (``symparam
diff``). No presentation here: the result is data that the text, JSON, Markdown and LaTeX
outputs lay out.

Tensors are matched by role (:mod:`symparam.blocks.roles`: the kind of block and what the
tensor is in it), never by name, so GPT-2's fused ``c_attn`` and LLaMA's ``q_proj``, ``k_proj``
and ``v_proj`` are the same thing: attention weights, and a renaming is not a change.

The attribution rule. The difference count(B) − count(A) is walked in two legs, each exact, so
that the changes add up to it by construction (telescoping):

1. **structure, at A's widths**: each part of B's tree (embeddings, attention, MLP or experts,
   norms, head, other) is set against A's, with B's formula evaluated at A's values — a block
   added or removed (biases, a position table, a pooler), a block replaced (LayerNorm →
   RMSNorm, a GELU MLP → a gated one, dense → experts, one attention → another), the head
   tied or untied. A hyperparameter B has and A lacks takes the value A's tree implies where
   A's tree implies one (multi-head attention has as many key/value heads as query heads, so
   GPT-2 → LLaMA reads h_kv = h here and the grouping shows as a width), else B's own value.
2. **widths and counts, in B's structure**: then each hyperparameter moves from A's value to
   B's in turn, in the order symparam prints them (N, V, L, H, d_ff, h, h_kv …), each change
   evaluated at the values the ones before it already took. A step that would leave a part
   at a fractional count (h_kv not dividing h on the way) is taken together with the next.

Where B's rules cannot hold at A's widths (h not dividing H …), the legs are taken the other
way round: widths first, in A's structure, then the structure at B's widths; the result says
which (``order``).

>>> import symparam
>>> d = diff(symparam.model("gpt2"), symparam.model("gpt2-medium"))
>>> d.count_b - d.count_a == sum(c.delta for c in d.changes)
True
>>> [(c.cause, c.subject) for c in d.changes if c.part == "embeddings"]
[('width', ('H',))]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from symparam.analysis import dropouts, grouped, reason
from symparam.assumptions import resolve
from symparam.blocks.numbers import value
from symparam.blocks.roles import Form
from symparam.bounds import expand
from symparam.errors import InvalidValueError, SymparamError, UnboundError
from symparam.frozen import frozen
from symparam.printing import text
from symparam.symbols import B as BATCH
from symparam.symbols import order_key, s, symbol

#: the parts a difference is grouped by, in the order it is shown
PARTS = ("embeddings", "attention", "mlp", "norms", "head", "other")

#: which part each kind of block (and FLOPs' attention scores) belongs to
PART_OF = {"embedding": "embeddings", "attention": "attention", "scores": "attention",
           "mlp": "mlp", "experts": "mlp", "router": "mlp", "shared_experts": "mlp",
           "norm": "norms", "head": "head"}

#: the causes of a change: a block added or removed, a block replaced, the head tied or
#: untied, a width or count changed
CAUSES = ("added", "removed", "replaced", "tying", "width")

#: the units a part is compared by: a table of its own each, biases apart, the rest together
UNITS = ("tokens", "positions", "token_types", "table", "scores", "body", "pooler", "bias")

#: what is compared
QUANTITIES = ("params", "flops", "kv_cache")


@frozen
class Shown:
    """A form (:class:`~symparam.blocks.roles.Form`) as a comparison names it: ``key`` one of
    ``multi_head``, ``grouped_query``, ``multi_query``, ``latent`` (attention), ``layernorm``,
    ``layernorm_no_bias``, ``layernorm_no_affine``, ``rmsnorm``, ``mlp``, ``gated_mlp``,
    ``experts``; ``sizes``: the hyperparameters that decide it, with their values where known;
    ``fn`` the activation's name in transformers."""

    key: str
    sizes: tuple[tuple[str, int | None], ...] = ()
    fn: str = ""


@frozen
class Change:
    """One term of the difference: in ``part``, for ``cause``, ``subject`` (the unit that
    changed — ``body``, ``bias``, ``tokens``, ``positions`` … — or, for a width, the
    hyperparameters that moved); ``before`` and ``after`` its count on either side of the
    change (None without values), ``formula`` what it adds as a formula in the shared
    hyperparameters (a structural change; None for a width), ``steps`` each hyperparameter's
    value before and after (a width), ``forms`` the forms before and after (a replacement)."""

    part: str
    cause: str
    subject: tuple[str, ...]  # for tying: ("untied",) or ("tied",)
    before: int | None
    after: int | None
    formula: sympy.Expr | None = None
    steps: tuple[tuple[str, int, int], ...] = ()
    forms: tuple[tuple[Shown, ...], tuple[Shown, ...]] = ((), ())
    #: a structural change's formula at each model's own widths (a symbol one of them lacks
    #: at the other's value; None where that is not a whole number): what the change would
    #: cost in A, and in B
    at_a: int | None = None
    at_b: int | None = None

    @property
    def delta(self) -> int | None:
        """What the change adds (negative: removes)."""
        if self.before is None or self.after is None:
            return None
        return self.after - self.before


@frozen
class DependsChange:
    """A hyperparameter that the total depends on in one model and not in the other:
    ``matters_in`` is ``a`` or ``b``; ``kind`` and ``reason`` say why it drops out of the
    other (:func:`symparam.analysis.dropouts`; None where the other has no such
    hyperparameter)."""

    name: str
    matters_in: str
    kind: str | None
    reason: str | None
    drop: Any = None  # the other model's DropOut, for documents to say it in their language


@frozen
class Diff:
    """count(B) − count(A) of ``quantity`` (``params``, ``flops`` or ``kv_cache``), term by
    term. ``formula_a``/``formula_b``: the two closed forms; ``difference``: B's minus A's as
    a formula (the same symbols standing for each model's own values); ``changes`` sum to
    ``count_b − count_a``; ``order``: ``structure_first`` (the rule) or ``widths_first``;
    ``at``: the values the structural changes were evaluated at."""

    name_a: str
    name_b: str
    quantity: str
    formula_a: sympy.Expr
    formula_b: sympy.Expr
    count_a: int | None
    count_b: int | None
    changes: tuple[Change, ...]
    order: str
    at: Mapping[str, int]
    forms_a: Mapping[str, tuple[Shown, ...]]
    forms_b: Mapping[str, tuple[Shown, ...]]
    depends: tuple[DependsChange, ...] = ()
    seq: int | None = None
    batch: int | None = None
    formula_by_part: Mapping[str, tuple[sympy.Expr, sympy.Expr]] = field(default_factory=dict)
    #: the symbols that count layers in either model (formulas are grouped by them)
    counts: tuple[sympy.Symbol, ...] = ()

    @property
    def difference(self) -> sympy.Expr:
        return expand(self.formula_b - self.formula_a)

    @property
    def grouped_difference(self) -> sympy.Expr:
        """:attr:`difference` grouped by the layer counts, as a person writes it."""
        return grouped(self.difference, self.counts)

    @property
    def delta(self) -> int | None:
        if self.count_a is None or self.count_b is None:
            return None
        return self.count_b - self.count_a

    def by_part(self) -> dict[str, int]:
        """What each part adds, over all causes."""
        out: dict[str, int] = {}
        for change in self.changes:
            if change.delta is not None:
                out[change.part] = out.get(change.part, 0) + change.delta
        return {part: out[part] for part in PARTS if part in out}

    def by_cause(self) -> dict[str, int]:
        """What each cause adds, over all parts."""
        out: dict[str, int] = {}
        for change in self.changes:
            if change.delta is not None:
                out[change.cause] = out.get(change.cause, 0) + change.delta
        return {cause: out[cause] for cause in CAUSES if cause in out}


# -- the two sides --------------------------------------------------------------------------


@dataclass
class _Side:
    """One model as a comparison reads it: its units (part, unit) → formula under its
    assumptions, what a tied head would hold, its forms by part, its values."""

    model: Any
    units: dict[tuple[str, str], sympy.Expr]
    tied: dict[str, sympy.Expr]
    forms: dict[str, tuple[Form, ...]]
    values: dict[str, int]
    bound: bool

    def total(self, env: Mapping[sympy.Symbol, Any], part: str | None = None) -> Fraction:
        return sum((Fraction(value(expr, env)) for (p, _), expr in self.units.items()
                    if part is None or p == part), Fraction(0))

    def symbols(self) -> set[sympy.Symbol]:
        return set().union(*(expr.free_symbols for expr in self.units.values()))


def _unit(part: str, facet: str, kind: str) -> str:
    if kind == "scores":
        return "scores"
    if facet in ("bias", "pooler"):
        return facet
    if part == "embeddings" and facet in ("tokens", "positions", "token_types", "table"):
        return facet
    return "body"


def _side(model: Any, quantity: str, seq: int | None, batch: int | None) -> _Side:
    mapping = resolve(model.assumptions)
    units: dict[tuple[str, str], list[sympy.Expr]] = {}
    tied: dict[str, list[sympy.Expr]] = {}
    if quantity == "params":
        roles = model.tree.roles()
        for (kind, facet), expr in roles.items():
            part = PART_OF.get(kind, "other")
            if facet == "tied":
                tied.setdefault(part, []).append(expr)
                continue
            units.setdefault((part, _unit(part, facet, kind)), []).append(expr)
        # what a block counts beyond its tensors (none in symparam's families): kept, so
        # that the parts still add up to the total
        rest = expand((model.tree.params - sympy.Add(
            *(e for (_, facet), e in roles.items() if facet != "tied"))).xreplace(mapping))
        if rest != 0:
            units.setdefault(("other", "body"), []).append(rest)
    else:
        model.require_compute()
        if quantity == "flops":
            found = model.tree.flops_by_kind(BATCH, s)
        else:
            found = {"attention": model.tree.cache(s) - model.tree.held_state()}
        for kind, expr in found.items():
            if model.sequence is not None:
                expr = expr.xreplace({s: model.sequence})
            part = PART_OF.get(kind, "other")
            units.setdefault((part, _unit(part, "", kind)), []).append(expr)
    merged = {key: expand(sympy.Add(*terms).xreplace(mapping)) for key, terms in units.items()}
    merged = {key: expr for key, expr in merged.items() if expr != 0}
    forms: dict[str, dict[Form, None]] = {}
    for kind, found_forms in model.tree.forms().items():
        for form in found_forms:
            sizes = tuple(expand(size.xreplace(mapping)) for size in form.sizes)
            forms.setdefault(PART_OF.get(kind, "other"), {})[
                Form(form.name, sizes, form.flags, form.fn)] = None
    values = _values(model)
    if quantity != "params":
        values.update({"s": seq or 1, "B": batch or 1})
    need = {sym.name for e in merged.values() for sym in e.free_symbols}
    return _Side(model, merged, {p: expand(sympy.Add(*t).xreplace(mapping))
                                 for p, t in tied.items()},
                 {p: tuple(f) for p, f in forms.items()}, values, need <= set(values))


def _values(model: Any) -> dict[str, int]:
    """Every hyperparameter with a value: given, or worked out from an assumption."""
    out = dict(model.values)
    for a in model.assumptions:
        if a.name in out:
            continue
        try:
            out[a.name] = model.value_of(a.expr)
        except SymparamError:
            continue
    return out


# -- forms ----------------------------------------------------------------------------------


def _shown(form: Form, values: Mapping[str, int]) -> Shown:
    """A form named at ``values``: attention as multi-head, grouped-query or multi-query by
    its heads, latent where it is; norms and MLPs by their kind; experts with E and k."""
    numbers = [_number(size, values) for size in form.sizes]
    names = [_name(size) for size in form.sizes]
    if form.name == "attention":
        heads, kv = numbers[0], numbers[1]
        if "latent" in form.flags:
            key = "latent"
        elif form.sizes[1] == form.sizes[0] or (heads is not None and kv == heads):
            key = "multi_head"
        elif form.sizes[1] == 1 or kv == 1:
            key = "multi_query"
        else:
            key = "grouped_query"
        sizes = ((names[0], heads),) if key in ("multi_head", "latent") else \
            ((names[0], heads), (names[1], kv))
        return Shown(key, sizes)
    if form.name == "layernorm":
        return Shown("layernorm" + "".join("_" + f for f in form.flags))
    if form.name == "mlp":
        return Shown("gated_mlp" if "gated" in form.flags else "mlp", (), form.fn)
    if form.name == "experts":
        return Shown("experts", tuple(zip(names, numbers, strict=True)), form.fn)
    return Shown(form.name)


def _number(expr: sympy.Expr, values: Mapping[str, int]) -> int | None:
    try:
        found = value(expr, {sym: values[sym.name] for sym in expr.free_symbols})
    except (KeyError, UnboundError):
        return None
    return int(found) if Fraction(found).denominator == 1 else None


def _name(expr: sympy.Expr) -> str:
    return text(expr)


def _linked(a: _Side, b: _Side, inferred: Mapping[str, int]) -> dict[str, str]:
    """B's key/value heads that follow its query heads while those move (A's multi-head
    attention read as B's grouped-query one with h_kv = h): the grouping is then its own
    step, h_kv from h to B's value, instead of two steps that cancel."""
    forms_b = [f for f in b.forms.get("attention", ()) if f.name == "attention"]
    if len(forms_b) != 1:
        return {}
    heads, kv = forms_b[0].sizes[:2]
    if kv.is_Symbol and heads.is_Symbol and kv.name in inferred and \
            inferred[kv.name] == a.values.get(heads.name):
        return {kv.name: heads.name}
    return {}


def _inferred(a: _Side, b: _Side) -> dict[str, int]:
    """Values of B's hyperparameters that A lacks, as A's tree implies them: B's attention
    written with A's heads (GPT-2's multi-head attention has h_kv = h key/value heads, d_head
    = H/h wide), where each model has one kind of attention."""
    out: dict[str, int] = {}
    forms_a = [f for f in a.forms.get("attention", ()) if f.name == "attention"]
    forms_b = [f for f in b.forms.get("attention", ()) if f.name == "attention"]
    if len(forms_a) != 1 or len(forms_b) != 1 or not a.bound:
        return out
    for size_a, size_b in zip(forms_a[0].sizes, forms_b[0].sizes, strict=True):
        number = _number(size_a, a.values)
        if size_b.is_Symbol and size_b.name not in a.model.hyperparameters and number:
            out[size_b.name] = number
    return out


# -- the walk ---------------------------------------------------------------------------------


def diff(model_a: Any, model_b: Any, quantity: str = "params", seq: int | None = None,
         batch: int | None = None) -> Diff:
    """count(B) − count(A) of ``quantity`` (``params``; ``flops`` of ``batch`` sequences of
    ``seq`` tokens; ``kv_cache``: numbers kept after ``seq`` tokens), term by term, as the
    module's docstring says. Without values on either side, the changes carry formulas and no
    numbers."""
    if quantity not in QUANTITIES:
        raise InvalidValueError(f"diff compares {', '.join(QUANTITIES)}, not {quantity!r}")
    if quantity != "params" and seq is None and \
            (model_a.sequence is None or model_b.sequence is None):
        raise InvalidValueError(f"comparing {quantity} needs seq (tokens per sequence)")
    a, b = _side(model_a, quantity, seq, batch), _side(model_b, quantity, seq, batch)
    bound = a.bound and b.bound
    changes: list[Change] = []
    order = "structure_first"
    at: dict[str, int] = {}
    if bound:
        plan = _plan(a, b)
        start = _env_for(a, b.values, a.values)
        if plan is not None:
            changes += _structure(a, b, a.values, plan[0])
            changes += _widths(b, plan[0], b.values, plan[1])
            at = dict(plan[0])
        elif _holds(a, start, {**a.values, **b.values}):
            order = "widths_first"
            changes += _widths(a, a.values, start)
            changes += _structure(a, b, start, b.values)
            at = dict(start)
        else:  # neither model's rules hold at the other's widths: each at its own
            order = "together"
            changes += _structure(a, b, a.values, b.values, together=True)
        changes = [_costs(c, a, b) for c in changes]
    else:
        changes += _structure(a, b, None, None)
    count_a = int(a.total(_env(a.values))) if bound else None
    count_b = int(b.total(_env(b.values))) if bound else None
    if bound:
        _check_totals(model_a, model_b, quantity, seq, batch, count_a, count_b)
        added = sum(c.delta or 0 for c in changes)
        if added != count_b - count_a:  # the rule's promise: never printed if broken
            raise AssertionError(f"the changes add up to {added}, not {count_b - count_a}")
    forms_a = {p: tuple(_shown(f, a.values) for f in fs) for p, fs in a.forms.items()}
    forms_b = {p: tuple(_shown(f, b.values) for f in fs) for p, fs in b.forms.items()}
    formula_a = sympy.Add(*a.units.values())
    formula_b = sympy.Add(*b.units.values())
    by_part = {p: (sympy.Add(*(e for (q, _), e in a.units.items() if q == p)),
                   sympy.Add(*(e for (q, _), e in b.units.items() if q == p)))
               for p in PARTS}
    return Diff(model_a.name, model_b.name, quantity, formula_a, formula_b, count_a, count_b,
                tuple(changes), order, at, forms_a, forms_b,
                _depends(model_a, model_b) if quantity == "params" else (),
                seq, batch, {p: f for p, f in by_part.items() if f != (0, 0)},
                tuple(sorted(set(model_a.repeat_symbols) | set(model_b.repeat_symbols),
                             key=order_key)))


def _env(values: Mapping[str, int]) -> dict[sympy.Symbol, int]:
    return {symbol(name): number for name, number in values.items()}


def _env_for(side: _Side, first: Mapping[str, int], rest: Mapping[str, int]) -> dict[str, int]:
    """Values for ``side``'s formulas: ``first`` where it has them, else ``rest``."""
    names = {sym.name for sym in side.symbols()}
    return {n: first[n] if n in first else rest[n] for n in sorted(
        names, key=lambda n: order_key(sympy.Symbol(n)))}


def _plan(a: _Side, b: _Side) -> tuple[dict[str, int], dict[str, str]] | None:
    """The values B's structure is evaluated at in the first leg: A's where A has the
    hyperparameter, what A's tree implies, else B's own; None if B's rules cannot hold there
    (then widths come first). With them, the hyperparameters that follow another in the
    second leg (:func:`_linked`)."""
    inferred = _inferred(a, b)
    known = {**b.values, **inferred, **a.values}
    for candidate, links in ((known, _linked(a, b, inferred)), ({**b.values, **a.values}, {})):
        env = _env_for(b, candidate, b.values)
        if _holds(b, env, candidate):
            return env, links
    return None


def _holds(side: _Side, env: Mapping[str, int], values: Mapping[str, int]) -> bool:
    """Whether ``side``'s rules hold at ``values`` (its hyperparameters there, those it
    assumes left to the assumption) and every unit is a whole number at ``env``."""
    assumed = {a.name for a in side.model.assumptions}
    given = {n: v for n, v in values.items()
             if n in side.model.hyperparameters and n not in assumed}
    try:
        side.model.bind(given)
    except SymparamError:
        return False
    return all(Fraction(value(e, _env(env))).denominator == 1 for e in side.units.values())


def _costs(change: Change, a: _Side, b: _Side) -> Change:
    """``change`` with its formula at A's widths and at B's (a structural change)."""
    if change.formula is None:
        return change
    found = []
    for first, second in ((a.values, b.values), (b.values, a.values)):
        env = {**second, **first}
        try:
            number = Fraction(value(change.formula, {sym: env[sym.name]
                                                     for sym in change.formula.free_symbols}))
        except (KeyError, UnboundError):
            number = Fraction(1, 2)
        found.append(int(number) if number.denominator == 1 else None)
    return dataclasses.replace(change, at_a=found[0], at_b=found[1])


def _structure(a: _Side, b: _Side, env_a: Mapping[str, int] | None,
               env_b: Mapping[str, int] | None, together: bool = False) -> list[Change]:
    """The first leg: each part's units set against each other, A at ``env_a``, B at
    ``env_b`` (no numbers where they are None). ``together``: each at its own values, a unit
    of the same formula then a change of widths."""
    out = []
    moved = tuple((n, a.values[n], b.values[n]) for n in sorted(
        set(a.values) & set(b.values), key=lambda n: order_key(sympy.Symbol(n)))
        if a.values[n] != b.values[n])
    for part in PARTS:
        for unit in UNITS:
            ea, eb = a.units.get((part, unit)), b.units.get((part, unit))
            tying = part == "head" and unit == "body" and (
                (ea is None and eb is not None and part in a.tied)
                or (eb is None and ea is not None and part in b.tied))
            if ea is not None and eb is not None and expand(ea - eb) == 0:
                if together and env_a is not None and env_b is not None:
                    before, after = (int(value(ea, _env(env_a))), int(value(eb, _env(env_b))))
                    if before != after:
                        out.append(Change(part, "width", tuple(n for n, _, _ in moved),
                                          before, after, steps=moved))
                continue
            if ea is None and eb is None:
                continue
            cause = "tying" if tying else "added" if ea is None else "removed" if eb is None \
                else "replaced"
            before = after = None
            if env_a is not None and env_b is not None:
                before = 0 if ea is None else int(value(ea, _env(env_a)))
                after = 0 if eb is None else int(value(eb, _env(env_b)))
            forms = ((), ())
            if cause == "replaced" and unit == "body":
                forms = (tuple(_shown(f, a.values) for f in a.forms.get(part, ())),
                         tuple(_shown(f, b.values) for f in b.forms.get(part, ())))
            if before is not None and before == after and cause == "replaced" and \
                    [f.key for f in forms[0]] == [f.key for f in forms[1]]:
                continue  # written otherwise, the same design, the same count: a renaming
            if tying:  # which way: the head's own weight came or went
                unit = "untied" if ea is None else "tied"
            out.append(Change(part, cause, (unit,), before, after,
                              expand((eb or 0) - (ea or 0)), forms=forms))
    return out


def _widths(side: _Side, start: Mapping[str, int], end: Mapping[str, int],
            links: Mapping[str, str] | None = None) -> list[Change]:
    """The second leg: ``side``'s structure as each hyperparameter moves from ``start`` to
    ``end``, in print order, those ``links`` names following the one they name (and moving
    on in their own turn); a step leaving a part fractional is merged with the next."""
    links = links or {}
    names = sorted((n for n in start if n in end and start[n] != end[n]),
                   key=lambda n: order_key(sympy.Symbol(n)))
    names += [n for n, leader in links.items() if n not in names and leader in names]
    names.sort(key=lambda n: order_key(sympy.Symbol(n)))
    out: list[Change] = []
    current = dict(start)
    before = {p: side.total(_env(current), p) for p in PARTS}
    pending: list[tuple[str, int, int]] = []
    for name in names:
        if current[name] == end[name]:
            continue  # it followed its leader there already
        pending.append((name, current[name], end[name]))
        current[name] = end[name]
        for follower, leader in links.items():
            if leader == name and current[follower] != end[name]:
                pending.append((follower, current[follower], end[name]))
                current[follower] = end[name]
        after = {p: side.total(_env(current), p) for p in PARTS}
        if any(v.denominator != 1 for v in after.values()):
            continue
        for part in PARTS:
            if after[part] != before[part]:
                out.append(Change(part, "width", tuple(n for n, _, _ in pending),
                                  int(before[part]), int(after[part]), steps=tuple(pending)))
        before, pending = after, []
    if pending:  # the last values are the model's own: whole numbers
        raise AssertionError("a width step ended between whole counts")
    return out


def _check_totals(model_a: Any, model_b: Any, quantity: str, seq: int | None,
                  batch: int | None, count_a: int, count_b: int) -> None:
    """The two totals as each model counts itself (a second way to the same numbers)."""
    for model, count in ((model_a, count_a), (model_b, count_b)):
        if quantity == "flops":
            own = None if model.sequence is not None else seq  # a ViT's image fixes it
            counted = model.flops(seq=own, batch=batch or 1).flops
        elif quantity == "params":
            counted = model.count()
        else:
            continue
        if counted != count:
            raise AssertionError(f"{model.name}: the parts add up to {count}, the model "
                                 f"counts {counted}")


def _depends(model_a: Any, model_b: Any) -> tuple[DependsChange, ...]:
    """Hyperparameters the total depends on in one model and not the other."""
    present_a = {sym.name for sym in model_a.params.free_symbols}
    present_b = {sym.name for sym in model_b.params.free_symbols}
    out = []
    for name in sorted(present_a ^ present_b, key=lambda n: order_key(sympy.Symbol(n))):
        matters, other = ("a", model_b) if name in present_a else ("b", model_a)
        if name not in other.hyperparameters:
            continue  # the other has no such hyperparameter: a block added or removed says it
        drop = next((d for d in dropouts(other) if d.symbol.name == name), None)
        out.append(DependsChange(name, matters, None if drop is None else drop.kind,
                                 None if drop is None else reason(drop), drop))
    return tuple(out)
