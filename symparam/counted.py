"""What a model counts: a family's block tree with its assumptions, options and (optionally)
bound values (:class:`Counted`), its parts, and what was published about it.

This is the core every other module reads a model through; it knows nothing of derivations,
pages or analyses. :class:`symparam.built.Model`, what :func:`symparam.model` returns, adds the
questions each command asks on top of it.

>>> import symparam
>>> m = symparam.model("bert")
>>> sorted(s.name for s in m.params.free_symbols)
['H', 'L', 'N', 'T', 'V', 'd_ff']
>>> m.count(H=768, V=30522, L=512, T=2, N=12, d_ff=3072, h=12)
109482240
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import cached_property
from typing import Any

import sympy

from symparam.assumptions import Assumption, resolve
from symparam.blocks import Block, TensorInfo
from symparam.blocks.base import KINDS
from symparam.blocks.numbers import evaluate as _evaluate
from symparam.blocks.numbers import printable
from symparam.blocks.numbers import value as numeric_value
from symparam.bounds import expand
from symparam.errors import (
    InvalidValueError,
    ModelDefinitionError,
    UnboundError,
    UnknownSymbolError,
    shown,
    whole,
)
from symparam.family import Divides, Family
from symparam.integers import as_int
from symparam.limits import MAX_VALUE
from symparam.parts import Part, Parts
from symparam.reported import Described, Overridden, Reported
from symparam.symbols import B, order_key, s, symbol


class Counted:
    """A block tree plus what makes it a particular model: assumptions, options, values; its
    counts, tensors and parts. (:class:`symparam.built.Model` is this with the questions.)"""

    def __init__(
        self,
        name: str,
        family: Family,
        architecture: str,
        options: Mapping[str, Any],
        values: Mapping[str, int] | None = None,
        assumptions: Iterable[Assumption] = (),
        description: str = "",
        reported: Reported | None = None,
        free: Iterable[str] = (),
        i18n: Mapping[str, Mapping[str, str]] | None = None,
        label: str | None = None,
        config_keys: Mapping[str, str] | None = None,
        described: Described | None = None,
        unusable: Mapping[str, str] | None = None,
    ) -> None:
        self.name = name
        self.family = family
        self.architecture = architecture
        self.label = label or architecture
        self.options = dict(options)
        self.description = description or family.description
        #: the description as each language writes it, where it is not a preset's own
        self.described = described
        self.reported = reported
        self.i18n = dict(i18n or {})
        #: hyperparameter → the config.json key its value came from (as the file spells it)
        self.config_keys = dict(config_keys or {})
        #: hyperparameter → why the config's value of its key leaves it unbound, for what
        #: needs it (:class:`~symparam.modeltype.Unusable`: Llama 4's pixel shuffle ratio)
        self.unusable = dict(unusable or {})
        self.tree: Block = family.tree(architecture, self.options)
        self.user_assumptions = _distinct(assumptions)
        self.free = frozenset(free)
        defaults = {a.name for a in family.assumptions}
        for name_ in self.free:
            if name_ not in defaults:
                raise InvalidValueError(
                    f"{family.name} makes no assumption about {name_!r} to drop"
                    f" (it assumes: {', '.join(str(a) for a in family.assumptions) or 'nothing'})"
                )
        self.values: dict[str, int] = {}
        known = self.hyperparameters
        for a in self.user_assumptions:
            if a.symbol.name not in known:
                raise InvalidValueError(
                    f"{a.symbol} does not appear in {name} (it has {', '.join(known)})"
                )
        self.values = self._checked(values or {})
        # a freed assumption's symbol keeps the value the assumption gave it (llama-3-8b's
        # d_head = H/h = 128 stays 128 as a free hyperparameter), so the count still has one
        freed = {a.name: a for a in family.assumptions if a.name in self.free}
        given: dict[str, int] = {}
        for name_, a in freed.items():
            if name_ in self.values or name_ not in self.hyperparameters:
                continue
            needed = {sym.name for sym in a.expr.free_symbols}
            if needed <= set(self.values):
                found = a.expr.xreplace({self.symbols[n]: sympy.Integer(self.values[n])
                                         for n in needed})
                if found.is_Integer and found > 0:
                    given[name_] = int(found)
        if given:
            self.values = self._checked({**self.values, **given})

    # -- symbols ------------------------------------------------------------------------------

    @cached_property
    def raw_params(self) -> sympy.Expr:
        """The total straight from the tree, before any assumption."""
        return self.tree.params

    @cached_property
    def hyperparameters(self) -> list[str]:
        """Names of every hyperparameter the tree or its assumptions mention, in print order."""
        return list(self.symbols)

    @cached_property
    def symbols(self) -> dict[str, sympy.Symbol]:
        """The hyperparameters by name, in print order (read off the tree, not its sum)."""
        symbols = set(self.tree.held)
        for a in (*self.family.assumptions, *self.user_assumptions):
            if a.symbol in symbols:
                symbols |= a.expr.free_symbols
        for rule in self.divisibility:
            symbols |= rule.symbols
        symbols |= {symbol(n) for n in self.family.weightless}
        return {s.name: s for s in sorted(symbols, key=order_key)}

    @cached_property
    def divisibility(self) -> tuple[Divides, ...]:
        """The family's divisibility rules that hold for this class (a rule ``where_built``
        only where the tree holds its divisor), those of the forward pass alone included."""
        held = self.tree.held
        return tuple(r for r in self.family.divides
                     if not r.where_built or r.divisor.free_symbols <= held)

    @property
    def divides(self) -> tuple[Divides, ...]:
        """The divisibility rules a count must keep (not those of the forward pass alone)."""
        return tuple(r for r in self.divisibility if not r.to_run)

    def assumptions_for(self, bound: Iterable[str] = ()) -> tuple[Assumption, ...]:
        """Active assumptions: the user's, then the family's unless a value binds their symbol."""
        bound = set(bound)
        users = {a.name for a in self.user_assumptions}
        defaults = tuple(
            a
            for a in self.family.assumptions
            if a.name not in users and a.name not in bound and a.name not in self.free
        )
        return self.user_assumptions + defaults

    @property
    def assumptions(self) -> tuple[Assumption, ...]:
        """The assumptions behind :attr:`params` (given the values bound to this model)."""
        return self.assumptions_for(self.values)

    @cached_property
    def params(self) -> sympy.Expr:
        """The total unique parameter count, expanded, in the free hyperparameters."""
        return self._params_under(self.assumptions)

    @cached_property
    def active_params(self) -> sympy.Expr:
        """Parameters one token touches: the router's top k of E experts, everything else."""
        return self._params_under(self.assumptions, active=True)

    def _params_under(self, assumptions: tuple[Assumption, ...], active: bool = False
                      ) -> sympy.Expr:
        cache = self.__dict__.setdefault("_params_cache", {})
        key = (active, *(str(a) for a in assumptions))
        if key not in cache:
            raw = self.tree.active_params if active else self.raw_params
            cache[key] = expand(raw.xreplace(resolve(assumptions)),
                                what="the count under these assumptions")
        return cache[key]

    @cached_property
    def repeat_symbols(self) -> list[sympy.Symbol]:
        """Symbols that count repeated layers (``N`` …): formulas are grouped by them."""
        mapping = resolve(self.assumptions)
        found: set[sympy.Symbol] = set()
        for entry in self.tree.tensors():
            for _, count in entry.indices:
                found |= count.xreplace(mapping).free_symbols
        return sorted(found, key=order_key)

    # -- numbers ------------------------------------------------------------------------------

    def _checked(self, values: Mapping[str, Any]) -> dict[str, int]:
        known = self.hyperparameters
        out: dict[str, int] = {}
        for name, value in values.items():
            if name not in known:
                if self.family.knows(name):
                    raise InvalidValueError(f"{name} is an option of {self.family.name}")
                raise UnknownSymbolError(name, known)
            number = as_int(value)
            if number is None or number <= 0:
                raise InvalidValueError(f"{name} must be a positive integer, got {shown(value)}")
            value = number
            if value > MAX_VALUE:
                raise InvalidValueError(f"{name} = {whole(value)} is more than symparam takes "
                                        "(10^30)")
            out[name] = value
        for a in self.user_assumptions:
            if a.name in out:
                raise InvalidValueError(
                    f"{a.name} is both assumed ({a}) and given the value {out[a.name]}"
                )
        for small, big, reason in self.family.at_most:
            if small in out and big in out and out[small] > out[big]:
                raise InvalidValueError(
                    f"{small}={out[small]} exceeds {big}={out[big]}: {reason}"
                )
        active = self.assumptions_for(out)
        for a in active:
            a.check(out)
        mapping = resolve(active)
        for small, big, reason in self.tree.at_most:
            numbers = [e.xreplace(mapping).xreplace(
                {s: sympy.Integer(out[s.name]) for s in e.xreplace(mapping).free_symbols
                 if s.name in out}) for e in (small, big)]
            if all(n.is_Number for n in numbers) and numbers[0] > numbers[1]:
                raise InvalidValueError(f"{_shown(small, numbers[0])} exceeds "
                                        f"{_shown(big, numbers[1])}: {reason}")
        for rule in self.divides:
            divisor, dividend = (
                e.xreplace(mapping).xreplace(
                    {s: sympy.Integer(out[s.name]) for s in e.xreplace(mapping).free_symbols
                     if s.name in out}
                )
                for e in (rule.divisor, rule.dividend)
            )
            if divisor.is_Integer and dividend.is_Integer and dividend % divisor:
                if rule.divisor.is_Number:
                    problem = f"{_shown(rule.dividend, dividend)} is not a multiple of {divisor}"
                else:
                    problem = (f"{_shown(rule.divisor, divisor)} does not divide "
                               f"{_shown(rule.dividend, dividend)}")
                raise InvalidValueError(f"{problem}: {rule.reason}")
        return dict(sorted(out.items(), key=lambda kv: _name_key(kv[0])))

    def bind(self, overrides: Mapping[str, Any] | None = None) -> dict[str, int]:
        """This model's values with ``overrides`` on top, checked (the model's own values
        checked once while they stay the same: a derivation asks for hundreds of numbers)."""
        if overrides:
            return self._checked({**self.values, **overrides})
        given, checked = self.__dict__.get("_bound", (None, None))
        if given != self.values or checked is None:
            given, checked = dict(self.values), self._checked(self.values)
            self.__dict__["_bound"] = (given, checked)
        return dict(checked)

    def count_or_none(self, active: bool = False) -> int | None:
        """The exact total (``active``: the parameters one token touches), or None while a
        hyperparameter it needs has no value."""
        try:
            return self.active_count() if active else self.count()
        except UnboundError:
            return None

    def count(self, **values: int) -> int:
        """The exact total; raises naming every hyperparameter still without a value."""
        return self.count_of(self.tree, self.bind(values))

    def active_count(self, **values: int) -> int:
        """The exact number of parameters one token touches (the total for dense models)."""
        return self.count_of(self.tree, self.bind(values), active=True)

    def count_of(self, block: Block, bound: Mapping[str, int],
                 assumptions: Iterable[Assumption] | None = None, active: bool = False) -> int:
        """The parameters of ``block`` (this model's tree or a part of it) at ``bound`` values,
        counted on the tree (fast, no sympy sum) where it can be."""
        def formula(assumed: tuple[Assumption, ...]) -> sympy.Expr:
            if block is self.tree:
                return self._params_under(assumed, active=active)
            raw = block.active_params if active else block.params
            return expand(raw.xreplace(resolve(assumed)))

        return self._exact(lambda env: block.numeric(env, active), formula, bound,
                           None if assumptions is None else tuple(assumptions))

    def value_of(self, expr: sympy.Expr, values: Mapping[str, int] | None = None) -> int:
        """Any expression of this model's symbols (an assumed one, like d_head, included) at
        its values (plus ``values``)."""
        return self._exact(lambda env: numeric_value(expr, env),
                           lambda assumed: expand(expr.xreplace(resolve(assumed))),
                           self.bind(values))

    def _exact(self, on_tree: Callable[[dict[sympy.Symbol, Any]], Any],
               formula: Callable[[tuple[Assumption, ...]], sympy.Expr],
               bound: Mapping[str, int], assumptions: tuple[Assumption, ...] | None = None
               ) -> int:
        """The one way a number is worked out: ``on_tree`` over the bound values and the
        values the assumptions give (exact ints and Fractions, no sympy sum), or, where a value
        is missing (a symbol that cancels, like BERT's h, needs none) or the numbers do not
        give an integer, the ``formula`` under the assumptions (an error names every missing
        value)."""
        assumptions = self.assumptions_for(bound) if assumptions is None else assumptions
        try:
            total = on_tree(self._environment(bound, assumptions))
        except (UnboundError, InvalidValueError):
            return _evaluate(formula(assumptions), bound)
        if isinstance(printable(total), Fraction) and total.denominator != 1:
            return _evaluate(formula(assumptions), bound)
        return int(total)

    def _environment(self, bound: Mapping[str, int], assumptions: tuple[Assumption, ...]
                     ) -> dict[sympy.Symbol, Any]:
        """The bound values by symbol, with those the assumptions give: made once for the
        values a derivation asks hundreds of numbers at (the last one kept)."""
        key = (tuple(bound.items()), assumptions)
        last = self.__dict__.get("_last_environment")
        if last is not None and last[0] == key:
            return last[1]
        env: dict[sympy.Symbol, Any] = {self.symbols[n]: v for n, v in bound.items()}
        for sym, assumed in resolve(assumptions).items():
            env[sym] = numeric_value(assumed, env)
        self.__dict__["_last_environment"] = (key, env)
        return env

    def by_kind(self, active: bool = False) -> dict[str, int]:
        """The parameters (``active``: those one token touches) by kind of block, in the order
        of :data:`symparam.blocks.KINDS`."""
        found = self.tree.by_kind(active=active)
        return {kind: self.value_of(found[kind]) for kind in KINDS if kind in found}

    # -- structure ----------------------------------------------------------------------------

    def tensors(self) -> list[TensorInfo]:
        """Every named tensor with its shape under this model's assumptions."""
        mapping = resolve(self.assumptions)
        return [entry.substitute(mapping) for entry in self.tree.tensors()]

    def parts(self) -> Parts:
        """The breakdown: top-level blocks, opened down to their stacks of layers, each with
        its repeat count and tied tensors (the parts made once: each keeps the formula it
        was asked for)."""
        return Parts(self._parts, self)

    @cached_property
    def _parts(self) -> tuple[Part, ...]:
        mapping = resolve(self.assumptions)
        tied = [e.substitute(mapping) for e in self.tree.tensors() if e.tied_to is not None]
        out = []
        for placed in self.tree.parts():
            block, path = placed.block, placed.path
            repeat = block.count_expr.xreplace(mapping) if block.is_stack else None
            out.append(Part(path, block, repeat, tuple(
                e for e in tied if e.name == path or e.name.startswith(path + ".")), mapping))
        return tuple(out)

    def overridden(self) -> tuple[Overridden, ...]:
        """What the config asks for that transformers does not build (T5's and mT5's
        ``tie_word_embeddings: false``, which transformers 5 ties anyway): each option set
        against its default where the family says transformers ignores it, with what it
        builds instead and, for a tie, the count the config's untied head would give. The
        count is what transformers builds.

        >>> import symparam
        >>> t5 = symparam.model("t5", tie_word_embeddings=False, N=1, N_dec=1, V=10, H=4,
        ...                     d_ff=8, h=2, d_head=2, n_buckets=4)
        >>> [(o.option, o.count, o.as_written) for o in t5.overridden()]
        [('tie_word_embeddings', 404, 444)]
        """
        out = []
        for option in self.family.options:
            value = self.options.get(option.name, option.default)
            if not option.ignored or value == option.default:
                continue
            count = self.count() if self.values else None
            untied = None
            if count is not None and option.name == "tie_word_embeddings":
                untied = count + self.value_of(self.tree.tied_unembedding)
            out.append(Overridden(option.name, value, option.ignored, count, untied))
        return tuple(out)

    @property
    def sequence(self) -> sympy.Expr | None:
        """The sequence this class's input fixes (a ViT's patches and class token), or None
        where it runs on s tokens."""
        return self.family.sequence_of(self.architecture)

    def cannot_run(self) -> str | None:
        """Why transformers, which builds the model at these values (and it is counted), could
        not run its forward pass (DeepSeek's router groups: ``E_g`` must divide ``E``), in one
        line; None where nothing stops it."""
        failing = " (transformers builds it, and it is counted, but its forward pass fails)"
        for rule in self.divisibility:
            if not rule.to_run:
                continue
            at = {s: sympy.Integer(self.values[s.name]) for s in rule.symbols
                  if s.name in self.values}
            divisor, dividend = rule.divisor.xreplace(at), rule.dividend.xreplace(at)
            if divisor.is_Integer and dividend.is_Integer and dividend % divisor:
                return (f"{self.label} cannot run with {_shown(rule.divisor, divisor)} and "
                        f"{_shown(rule.dividend, dividend)}{failing}: {rule.reason}")
        for small, big, why in self.family.runs_if_at_most:
            first, second = self._size_value(small), self._size_value(big)
            if first is not None and second is not None and first > second:
                return (f"{self.label} cannot run with {small} = {first} above {big} = "
                        f"{second}{failing}: {why}")
        for a, b, why in self.family.runs_if_equal.get(self.architecture, ()):
            first, second = self.values.get(a), self.values.get(b)
            if first is not None and second is not None and first != second:
                return f"{self.label} cannot run with {a} = {first} and {b} = {second}: {why}"
        for option, why in self.family.runs_unless:
            if self.options.get(option):
                return f"{self.label} cannot run with {option}{failing}: {why}"
        return None

    def _size_value(self, size: str | sympy.Expr) -> int | None:
        """A size's value, named (``E_g``) or an expression in the sizes (⌊R/P⌋); None where
        one of them has none."""
        if isinstance(size, str):
            return self.values.get(size)
        if any(s.name not in self.values for s in size.free_symbols):
            return None
        return int(size.xreplace({s: sympy.Integer(self.values[s.name])
                                  for s in size.free_symbols}))

    def require_compute(self) -> None:
        """Raise unless this family's tree knows its forward FLOPs (its attention is marked).

        A tree of your own (:func:`symparam.from_block`) is asked to show its attention: an
        attention written as plain Linear layers in a Sequential would lose its products over
        the sequence (the s² terms) without a word, and nothing in a tree of sums tells those
        projections from an MLP's. So FLOPs need an :class:`~symparam.blocks.Attention` (or
        another block that works across tokens) in the tree, or ``attention=False`` given to
        ``from_block`` for a model that mixes no tokens."""
        if not self.family.compute:
            why = self.family.compute_refused
            raise InvalidValueError(f"FLOPs are not derived for the {self.family.title} "
                                    f"family{': ' + why if why else ' yet'}")
        refused = self.cannot_run()
        if refused is not None:
            raise InvalidValueError(refused)
        if not self.family.custom or self.tree.mixes_tokens or self.family.attention is False:
            return
        said = " although attention=True was given" if self.family.attention else ""
        raise ModelDefinitionError(
            f"{self.name}: no Attention block in the tree{said}, so its FLOPs would miss "
            "attention's products over the sequence; build attention with "
            "symparam.blocks.Attention(qk_width, v_width, heads=…, q_proj=Linear(…), …), or "
            "pass attention=False to from_block for a model without attention")

    def _flops_formula(self) -> sympy.Expr:
        self.require_compute()
        cache = self.__dict__.setdefault("_flops_cache", {})
        key = tuple(str(a) for a in self.assumptions)
        if key not in cache:
            raw = self.tree.flops(B, s)
            if self.sequence is not None:  # the input fixes the sequence (ViT)
                raw = raw.xreplace({s: self.sequence})
            cache[key] = expand(raw.xreplace(resolve(self.assumptions)),
                                what="the FLOPs under these assumptions")
        return cache[key]

    def __repr__(self) -> str:
        return f"Counted({self.name!r}, {self.architecture}, params={self.params})"


def page_inputs(model: Counted) -> tuple[set[sympy.Symbol], set[sympy.Symbol]]:
    """What a page of ``model`` asks for, as symbols: those its counts need (the total and the
    active count), and every input it shows — those, and every other hyperparameter that no
    assumption defines (BERT's ``h``, which the count does not need, but the page shows
    ``d_head = H/h`` and checks that ``h`` divides ``H``)."""
    needed = model.params.free_symbols | model.active_params.free_symbols
    assumed = {a.symbol for a in model.assumptions}
    return needed, needed | {s for s in model.symbols.values() if s not in assumed}


def _distinct(assumptions: Iterable[Assumption]) -> tuple[Assumption, ...]:
    """The user's assumptions, one per symbol: the same one twice counts once, two different
    ones about one symbol are an error (the last would win silently)."""
    out: dict[str, Assumption] = {}
    for a in assumptions:
        if not isinstance(a, Assumption):
            raise InvalidValueError(f"an assumption must be an Assumption, not "
                                    f"{type(a).__name__}")
        known = out.get(a.name)
        if known is not None and known.expr != a.expr:
            raise InvalidValueError(f"{a.name} is assumed twice ({known} and {a}): keep one")
        out.setdefault(a.name, a)
    return tuple(out.values())


def _shown(expr: sympy.Expr, value: sympy.Expr) -> str:
    return str(value) if expr.is_Number else f"{expr}={value}"


def _name_key(name: str) -> tuple[int, int, str]:
    return order_key(sympy.Symbol(name))
