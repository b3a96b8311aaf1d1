"""Builds of one model type's classes on the meta device, at chosen sizes and key values, each
once, and the fits made of them (needs torch, transformers): the base on which
:mod:`symparam.fitting.records` reads a type, with :mod:`~symparam.fitting.sizes` (what each
size key is), :mod:`~symparam.fitting.keys` (what each other key does) and
:mod:`~symparam.fitting.classes` (each class, and values checked together).

The layer counts are fitted at the smallest values whose tree has the default's runs (a
period of 4 layer kinds needs 12 layers, not the default's 48): the fit is exact at every
depth and checked at others, and a build costs what its layers cost.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from symparam.fitting.fitter import Build, FitError, Fitted, fit_node
from symparam.fitting.meta import quiet_init, read
from symparam.fitting.skeleton import (
    Param,
    Reading,
    numbers,
    outline,
    resolve_ties,
    skeleton,
    where,
)
from symparam.fitting.transformers_types import (
    TypeSpec,
    first_line,
    symbol_names,
)

#: the value of a key the model code reads only where a file gives it (``getattr(config,
#: "head_dim", H // h)``): its tree is fitted with the key given, a size of its own
GIVEN = "given"
#: size keys that count layers, by name: fitted at fewer layers where the runs allow
LAYERS = re.compile(r".*(layers|depth|depths|blocks)$")
#: size keys that count experts, by name: fitted at fewer where the runs allow (a build of
#: NLLB-MoE's 128 experts a layer takes half a second; its tree folds them into one run)
EXPERTS = re.compile(r".*experts$")
#: size keys that may name a layer by its index: a layer count is not lowered below them
INDEX = re.compile(r".*(layer|index|_k_|first_|last_|start|end).*")

Log = Callable[[str], None]


class Builds:
    """Builds of one model type's classes at chosen sizes and key values, each once."""

    def __init__(self, s: TypeSpec, seed: int, say: Log) -> None:
        self.s, self.seed, self.say = s, seed, say
        self.sizes = [p for p, k in s.keys.items() if k.kind == "size"]
        self.names = symbol_names(self.sizes)
        self.paths = {v: k for k, v in self.names.items()}
        self.point = {self.names[p]: s.keys[p].value for p in self.sizes}
        self.cache: dict[Any, Reading | str] = {}
        self.builds = 0
        self.fixed: dict[str, str] = {}  # sizes the structure hangs on, by symbol: why
        #: sizes past whose bounds other modules appear, by symbol: (lowest, highest) or None
        self.bounds: dict[str, tuple[int | None, int | None]] = {}
        self.optional: dict[str, tuple[str, int]] = {}  # a key read only where given
        self._written: dict[str, Any] | None = None  # the default config's config.json
        #: sizes left out of every build, so transformers works them out from the others
        self.follow: frozenset[str] = frozenset()
        #: sizes held fixed that set a period of layer kinds: the other values fitted
        #: (:mod:`symparam.fitting.periods`), and those some class could not be fitted with
        self.periods: dict[str, list[int]] = {}
        self.dropped: set[tuple[str, Any]] = set()
        self.shrunk: set[str] = set()  # the layer counts lowered (:meth:`shrink`)

    def reading(self, cls: str, values: Mapping[str, Any]) -> Reading | str:
        """The parameters of ``cls`` built with the sizes and key values ``values`` (by
        symbol and by path), or why it did not build."""
        key = (cls, tuple(sorted((k, repr(v)) for k, v in values.items())))
        if key not in self.cache:
            self.cache[key] = self._read(cls, values)
        return self.cache[key]

    def _read(self, cls: str, values: Mapping[str, Any]) -> Reading | str:
        import warnings

        import torch


        self.builds += 1
        config_values = {self.paths.get(k, k): v for k, v in values.items()
                         if k not in self.follow}
        try:
            with torch.device("meta"), quiet_init(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                module = self.s.build(cls, config_values)
        except Exception as error:  # transformers refusing these values: the probe fails
            return f"{type(error).__name__}: {first_line(error, 160)}"
        return read(module)

    def shrink(self, cls: str) -> set[str]:
        """Fewer layers (and experts) where the tree keeps the same runs (see the module's
        docstring), at least 8 (room for the sizes a run's start hangs on to move); the
        names shrunk."""
        first = self.reading(cls, self.point)
        if isinstance(first, str):
            raise FitError(f"{cls} does not build with the default config: {first}")
        shape = outline(resolve_ties(skeleton(first)))
        shrunk = set()
        for path in self.sizes:
            name, value = self.names[path], self.point[self.names[path]]
            if not (LAYERS.fullmatch(path.rpartition(".")[2]) or
                    EXPERTS.fullmatch(path.rpartition(".")[2])):
                continue
            # a layer index (moe_layer_end_index = N − 1) must keep its layers
            section = path.rpartition(".")[0]
            indices = [self.point[self.names[p]] for p in self.sizes if p != path
                       and p.rpartition(".")[0] == section and INDEX.fullmatch(p)
                       and self.point[self.names[p]] < value]
            floor = max(indices, default=0) + 1
            for smaller in sorted({8, 12, 16, 24} & set(range(floor, value))):
                got = self.reading(cls, {**self.point, name: smaller})
                if not isinstance(got, str) and outline(resolve_ties(skeleton(got))) == shape:
                    self.point[name] = smaller
                    shrunk.add(name)
                    break
        return shrunk

    def observer(self, cls: str, choice: Mapping[str, Any], prefix: str | None = None
                 ) -> Callable[[Mapping[str, int]], Build | str]:
        def observe(values: Mapping[str, int]) -> Build | str:
            got = self.reading(cls, {**values, **choice})
            if isinstance(got, str):
                return got
            if prefix is not None:
                got = without_prefix(got, prefix)
            return Build(dict(values), resolve_ties(skeleton(got)), got.total)

        return observe

    def fit(self, cls: str, choice: Mapping[str, Any], prefix: str | None = None,
            vary: list[str] | None = None, extra: Mapping[str, int] | None = None) -> Fitted:
        """The fit of ``cls`` (less its base model under ``prefix``) with the key values
        ``choice``, varying the sizes ``vary`` and those of the others that move this tree
        (found by moving them in groups, halving the group that moves it)."""
        observe = self.observer(cls, choice, prefix)
        point = {**self.point, **(extra or {})}
        if vary is not None:
            first = observe(point)
            if isinstance(first, str):
                raise FitError(f"{cls} does not build: {first}")
            rest = [k for k in self.point if k not in vary and k not in self.fixed]
            vary = sorted({*vary, *self._moving(observe, first, rest)})
        # each round holds at least one more size fixed (else it is refused), so it ends
        for _ in range(len(point) + 1):
            try:
                found = fit_node(observe, point, self.seed, vary)
                break
            except FitError as error:  # hold the sizes of a number nothing fits fixed
                if not error.keys or error.keys <= set(self.fixed):
                    raise
                self.fixed.update({k: f"no formula fits what it moves ({error})"
                                   for k in error.keys})
                vary = [k for k in (vary if vary is not None else point)
                        if k not in self.fixed]
        else:
            raise FitError(f"{cls}: every size held fixed and still no fit")
        self.fixed.update(found.fixed)
        for name, (lo, hi) in found.bounds.items():  # every fit's bounds hold at once
            was_lo, was_hi = self.bounds.get(name, (None, None))
            self.bounds[name] = (max((v for v in (lo, was_lo) if v is not None), default=None),
                                 min((v for v in (hi, was_hi) if v is not None), default=None))
        return found

    def _moving(self, observe: Callable[[Mapping[str, int]], Build | str], first: Build,
                group: list[str]) -> list[str]:
        """The sizes of ``group`` whose change moves the tree ``first`` (a group that moves
        it, or that transformers refuses both doubled and halved, is split in two)."""
        if not group:
            return []
        for change in (lambda x: 2 * x, lambda x: max(1, x // 2)):
            got = observe({**self.point, **{k: change(self.point[k]) for k in group}})
            if not isinstance(got, str):
                if numbers(got.tree) == numbers(first.tree) and \
                        outline(got.tree) == outline(first.tree):
                    return []
                break
        if len(group) == 1:
            return group
        half = len(group) // 2
        return self._moving(observe, first, group[:half]) + \
            self._moving(observe, first, group[half:])

    def moving(self, cls: str, choices: Mapping[str, list[Any]]) -> list[tuple[str, Any]]:
        """The (key, value) alternatives that change the tree of ``cls`` itself."""
        first = self.reading(cls, self.point)
        return [(p, v) for p, vs in choices.items() for v in vs
                if not same_tree(self.reading(cls, self.values(p, v)), first)]

    def assign(self, path: str, value: Any, moved: frozenset[str] = frozenset()
               ) -> tuple[dict[str, Any], dict[str, int]]:
        """A key's value as a build takes it: a config value, or, for a key given
        (:data:`GIVEN`), a size of its own added to the sizes (by its symbol); for a
        period's value, the layer counts among ``moved`` at their defaults, not lowered (the
        fewest layers that keep the default's runs may fold another period's otherwise as
        they move)."""
        if value == GIVEN and path in self.optional:
            name, example = self.optional[path]
            return {}, {name: example}
        if path in self.periods:
            return {path: value}, {n: self.s.keys[self.paths[n]].value
                                   for n in sorted(self.shrunk & moved)}
        return {path: value}, {}

    def values(self, *pairs: Any) -> dict[str, Any]:
        """The sizes with the keys and values ``pairs`` (path, value, path, value …)."""
        out: dict[str, Any] = dict(self.point)
        for path, value in zip(pairs[::2], pairs[1::2], strict=True):
            choice, extra = self.assign(path, value)
            out.update(choice)
            out.update(extra)
        return out

    def default_value(self, path: str) -> Any:
        return None if path in self.optional else self.s.keys[path].value

    def written(self, paths: list[str]) -> dict[str, Any]:
        """What the config.json transformers writes for the default config holds at each of
        ``paths`` (out_indices beside out_features): a file that holds the same is read as
        one that leaves them out."""
        if self._written is None:
            self._written = self.s.make_config({}).to_dict()
        data = self._written
        out = {}
        for path in paths:
            section, _, key = path.rpartition(".")
            held = data.get(section) if section else data
            if isinstance(held, dict) and key in held:
                out[path] = json.loads(json.dumps(held[key], default=str))  # as written
        return out


def same_tree(a: Reading | str, b: Reading | str) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return False
    return [(p.name, p.shape, p.tie) for p in a.params] == \
        [(p.name, p.shape, p.tie) for p in b.params]


def as_json(value: Any) -> Any:
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, list | tuple) and all(isinstance(v, bool | int | float | str)
                                              for v in value):
        return list(value)
    return repr(value)


def class_prefix(whole: Reading, alone: Reading) -> str | None:
    """The attribute under which ``whole`` holds every parameter of ``alone`` with the same
    shape (``model``), or None."""
    if not alone.params:
        return None
    first = alone.params[0].name
    shapes = {q.name: q.shape for q in whole.params}
    for p in whole.params:
        if p.name.endswith("." + first):
            prefix = p.name[: -len(first) - 1]
            if all(shapes.get(f"{prefix}.{q.name}") == q.shape for q in alone.params):
                return prefix
    return None


def without_prefix(reading: Reading, prefix: str) -> Reading:
    """``reading`` without the base model under ``prefix``; a tie to it names its place in
    the base model's tree (``model.layers.#0.…``)."""
    inner = [Param(p.name[len(prefix) + 1:], p.shape,
                   p.tie[len(prefix) + 1:] if p.tie and p.tie.startswith(prefix + ".") else p.tie)
             for p in reading.params if p.name.startswith(prefix + ".")]
    base_tree = skeleton(Reading(tuple(inner), {}))
    own = []
    for p in reading.params:
        if p.name.startswith(prefix + "."):
            continue
        tie = p.tie
        if tie is not None and tie.startswith(prefix + "."):
            tie = "=" + prefix + "." + ".".join(where(base_tree, tie[len(prefix) + 1:]))
        own.append(Param(p.name, p.shape, tie))
    kinds = {k: v for k, v in reading.kinds.items() if not k.startswith(prefix + ".")}
    return Reading(tuple(own), kinds, reading.types)

