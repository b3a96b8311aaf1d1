"""The record of a transformers model type: every class its auto mappings register, read off
its module tree with the fitter, and what each config key does (needs torch, transformers).

:func:`fit_type` fits the base model over every size key (:mod:`symparam.fitting.fitter`)
and probes every other key, for every class, at the same sizes — a flag flipped, an enum's
other values, any other value changed — keeping each as what it turned out to be: *ignored*
(no class changes), *values* (a class changes and builds: the tree with each value is fitted
and folded in as a condition, :mod:`symparam.fitting.merge`), or *fixed* (a config with
another value is refused by the key's name). Each other class is the base model under its
attribute (``model``) and its own modules, fitted alone. Pairs of values are checked
together against a build; pairs that do not hold are refused together. A size that
transformers works out when a config.json leaves it out (``head_dim``) gets that formula,
fitted the same way on configs alone.

The layer counts are fitted at the smallest values whose tree has the default's runs (a
period of 4 layer kinds needs 12 layers, not the default's 48): the fit is exact at every
depth and checked at others, and a build costs what its layers cost.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from typing import Any

from symparam.fitted.expr import encode
from symparam.fitted.record import class_tree, made_list
from symparam.fitting.fitter import Build, FitError, Fitted, fit_node
from symparam.fitting.merge import merge
from symparam.fitting.meta import quiet_init, read
from symparam.fitting.periods import alternative, drop_periods, period_choices
from symparam.fitting.skeleton import (
    Leaf,
    Node,
    Param,
    Reading,
    numbers,
    outline,
    resolve_ties,
    skeleton,
    where,
)
from symparam.fitting.transformers_types import (
    NO_WEIGHT,
    Key,
    TypeSpec,
    key_value,
    spec,
    symbol_names,
)
from symparam.symbols import symbol

#: the record format; a record of another is not read
FORMAT = 1
#: the value of a key the model code reads only where a file gives it (``getattr(config,
#: "head_dim", H // h)``): its tree is fitted with the key given, a size of its own
GIVEN = "given"
#: builds that check sets of three or more non-default values together, at most, per type
SETS = 160
#: size keys that count layers, by name: fitted at fewer layers where the runs allow
LAYERS = re.compile(r".*(layers|depth|depths|blocks)$")
#: size keys that may name a layer by its index: a layer count is not lowered below them
INDEX = re.compile(r".*(layer|index|_k_|first_|last_|start|end).*")

Log = Callable[[str], None]


def fit_type(model_type: str, seed: int = 0, log: Log | None = None) -> dict[str, Any]:
    """The record (plain JSON data) of ``model_type``; :class:`FitError` when its base
    model cannot be fitted."""
    import transformers

    s = spec(model_type)
    if not s.classes:
        raise FitError("transformers' auto mappings register no class")
    if _heterogeneous(s):
        raise FitError("its default config is heterogeneous (per_layer_config: some layers' "
                       "sizes differ from the others', and which layers hang on the layer "
                       "count), which the fitter does not read")
    fitter = _TypeFitter(s, seed, log or (lambda _m: None))
    base = s.classes[0]
    shrunk = fitter.shrunk = fitter.shrink(base)
    base_fit = fitter.fit(base, {})
    if set(fitter.fixed) & shrunk:  # a layer count the structure hangs on: at its default
        fitter.point.update({k: fitter.s.keys[fitter.paths[k]].value
                             for k in set(fitter.fixed) & shrunk})
        fitter.fixed.clear()
        fitter.bounds.clear()
        base_fit = fitter.fit(base, {})
    base_fit = fitter.follow_derived(base, base_fit)
    fitter.say(f"{base}: {base_fit.builds} builds")
    others, choices = fitter.keys()
    choices.update({path: [GIVEN] for path in fitter.optional_sizes(base)})
    fitter.periods = period_choices(fitter, s.classes, _same)
    choices.update(fitter.periods)
    defaults = {p: fitter.default_value(p) for p in choices}
    universe = {p: [defaults[p], *vs] for p, vs in choices.items()}
    node = base_fit.node
    for path, value in fitter.moving(base, choices):
        choice, extra = fitter.assign(path, value, base_fit.moved)
        alt = alternative(fitter, path, value, partial(
            fitter.fit, base, choice, vary=sorted(base_fit.moved | set(extra)), extra=extra))
        if alt is not None:
            node = merge(node, alt.node, {path: value}, defaults, universe)
    classes: dict[str, Any] = {base: {"node": node}}
    refused: dict[str, str] = {}
    for cls in s.classes[1:]:
        try:
            classes[cls] = fitter.fit_class(cls, base, base_fit, choices, defaults, universe)
        except FitError as error:
            refused[cls] = str(error)
            fitter.say(f"{cls}: refused: {error}")
    drop_periods(fitter, choices)
    if set(fitter.fixed) & shrunk:
        raise FitError(f"the structure hangs on {', '.join(sorted(set(fitter.fixed) & shrunk))}"
                       " in a class, not in the base model")
    keys = {**fitter.size_entries(), **others}
    keys = {path: keys[path] for path in s.keys}
    keys.update({path: {"size": name, "optional": True}
                 for path, (name, _) in fitter.optional.items()})
    record: dict[str, Any] = {
        "format": FORMAT, "model_type": model_type, "transformers": transformers.__version__,
        "base": base, "keys": keys, "sections": fitter.sections(),
        "aliases": s.aliases, "legacy": list(dict.fromkeys(fitter.legacy())),
        "legacy_written": fitter.written(fitter.legacy()),
        "classes": classes,
        "refused": refused,
    }
    apart = fitter.apart(record, choices)
    for pair in list(apart):  # two values the record does not count together: fitted so
        if pair not in apart:
            continue
        together = {path: next(v for v in choices[path] if _json(v) == value)
                    for path, value in pair}
        trial = copy.deepcopy(record)
        try:
            fitter.fit_together(trial, together, base_fit, defaults, universe)
        except FitError as error:
            fitter.say(f"{together}: not fitted together: {error}")
            continue
        now = fitter.apart(trial, choices)
        if all(p in apart for p in now) and len(now) < len(apart):
            record, apart = trial, now  # kept only where it leaves fewer pairs refused
    larger, checked = fitter.apart_sets(record, choices, apart)
    record["apart"] = apart + larger
    if checked is not None:  # more values than were built together: the rest are refused
        record["together_at_most"] = checked
    record["builds"] = fitter.builds
    return unread_rewrites(record)


def unread_rewrites(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with each size transformers rewrites (``rewritten``) whose symbol nothing
    else in it names — no tree, no other key's formula — read as ``ignored``: the value a
    file gives is overwritten (HYV4Config sets head_dim to qk_rope_head_dim) and sizes no
    module, so the file transformers writes, holding the rewritten value, is no change.

    >>> unread_rewrites({"keys": {"head_dim": {"size": "d_head", "rewritten": True},
    ...     "qk_rope_head_dim": {"size": "qk_rope_head_dim"}},
    ...     "classes": {"M": {"node": {"shape": ["qk_rope_head_dim"]}}}})["keys"]["head_dim"]
    {'ignored': True}
    """
    for path, entry in record["keys"].items():
        if not (isinstance(entry, dict) and entry.get("rewritten")):
            continue
        rest = {k: v for k, v in record.items() if k != "keys"}
        rest["keys"] = {k: v for k, v in record["keys"].items() if k != path}
        if json.dumps(entry["size"]) not in json.dumps(rest):
            record["keys"][path] = {"ignored": True}
    return record


class _TypeFitter:
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
        """Fewer layers where the tree keeps the same runs (see the module's docstring), at
        least 8 (room for the sizes a run's start hangs on to move); the names shrunk."""
        first = self.reading(cls, self.point)
        if isinstance(first, str):
            raise FitError(f"{cls} does not build with the default config: {first}")
        shape = outline(resolve_ties(skeleton(first)))
        shrunk = set()
        for path in self.sizes:
            name, value = self.names[path], self.point[self.names[path]]
            if not LAYERS.fullmatch(path.rpartition(".")[2]):
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
                got = _apart(got, prefix)
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
        for _ in range(3):
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
            raise FitError(f"{cls}: sizes held fixed three times and still no fit")
        self.fixed.update(found.fixed)
        for name, (lo, hi) in found.bounds.items():  # every fit's bounds hold at once
            was_lo, was_hi = self.bounds.get(name, (None, None))
            self.bounds[name] = (max((v for v in (lo, was_lo) if v is not None), default=None),
                                 min((v for v in (hi, was_hi) if v is not None), default=None))
        return found

    def follow_derived(self, base: str, first: Fitted) -> Fitted:
        """The base model fitted again with the sizes it held fixed whose default
        transformers works out from other sizes (RoFormer's embedding_size, hidden_size where
        left out) left out of every build, where that holds fewer sizes fixed: given at its
        default, such a size adds a projection when hidden_size moves alone, so hidden_size
        was fixed with it, and the head count with hidden_size. It stays held to its formula
        (``same_as``: a file that gives another value is refused)."""
        follow = frozenset(name for name in self.fixed if self.s.keys[
            self.paths[name]].class_default is None and
            "derived" in self.default_of(self.s.keys[self.paths[name]]))
        if not follow or not set(self.fixed) - follow:
            return first
        kept = (dict(self.fixed), dict(self.bounds), self.cache)
        self.follow, self.cache = follow, {}
        self.fixed = {name: "transformers works it out from other sizes" for name in follow}
        self.bounds = {}
        try:
            found = self.fit(base, {})
        except FitError:
            found = None
        if found is not None and len(self.fixed) < len(kept[0]):
            self.say(f"{base}: {', '.join(sorted(follow))} left to transformers")
            return found
        self.follow = frozenset()
        self.fixed, self.bounds, self.cache = kept
        return first

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

    def size_entries(self) -> dict[str, Any]:
        """Each size key as the record holds it: a symbol with its default, or, where the
        structure hangs on it (another value makes other modules), fixed at its value."""
        out: dict[str, Any] = {}
        for path in self.sizes:
            key, name = self.s.keys[path], self.names[path]
            if name in self.fixed:
                found = self.default_of(key)
                # its symbol too: a tree fitted before a class fixed it may hold it
                entry: dict[str, Any] = {"fixed": [self.point[name]], "symbol": name}
                if path in self.periods:  # a period: each value fitted as an alternative
                    entry = {"values": [self.point[name], *self.periods[path]], "symbol": name}
                if "derived" in found:  # the value transformers works out when it is unset
                    entry = {"same_as": found["derived"], "unset": found.get("unset")}
                    if path in self.written([path]):  # what the default config's file holds
                        entry["written"] = self.written([path])[path]
                elif isinstance(key.class_default, int):
                    entry["default"] = key.class_default
                if "." in path and key.value != key.class_default:
                    entry["absent"] = key.value
                out[path] = entry
            else:
                out[path] = {"size": name, **self.default_of(key), **self.bound(name, key)}
                if self.rewritten(path):
                    out[path]["rewritten"] = True
        return out

    def rewritten(self, path: str) -> bool:
        """Whether the config class keeps another value than its class default for the size
        ``path`` (BailingHybridConfig sets head_dim to qk_rope_head_dim, keeping the given
        one as linear_head_dim): the file transformers writes then holds a value the fit
        did not start from, so a file that gives it is refused."""
        section, _, key = path.rpartition(".")
        spec_key = self.s.keys[path]  # the default a file that leaves it out is made with;
        value = spec_key.class_default  # where another value is overwritten from other keys,
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:  # it moves
            return False  # nothing and is not counted
        try:
            config = self.s.make_config({path: value})
        except Exception:  # transformers refusing the value: not a rewrite
            return False
        held = getattr(config, section, None) if section else config
        if isinstance(held, dict):
            return bool(held.get(key, value) != value)
        return held is not None and key_value(held, key, value) != value

    def bound(self, name: str, key: Key) -> dict[str, int]:
        """The lowest and highest value of a size whose other values make other modules
        (``min``, ``max``): those the fits saw, widened to the default the fits started from,
        whose modules are the example's (a layer count is lowered only where they stay)."""
        lo, hi = self.bounds.get(name, (None, None))
        known = [v for v in (key.value, self.point[name])
                 if isinstance(v, int) and not isinstance(v, bool) and v > 0]
        out = {}
        if lo is not None:
            out["min"] = min([lo, *known])
        if hi is not None:
            out["max"] = max([hi, *known])
        return out

    def keys(self) -> tuple[dict[str, Any], dict[str, list[Any]]]:
        """What each config key is in the record, and the values of each key fitted as
        alternatives (a flag's other value …): a value that changes any class's tree."""
        out: dict[str, Any] = {}
        choices: dict[str, list[Any]] = {}
        firsts = {cls: self.reading(cls, self.point) for cls in self.s.classes}
        for path, key in self.s.keys.items():
            if key.kind == "size":
                continue  # :meth:`size_entries`, once every fit has said which are fixed
            if key.kind == "ignored":
                out[path] = {"ignored": True}
                continue
            out[path], alternatives = self.key_entry(path, firsts)
            if alternatives:
                choices[path] = alternatives
        self.together(out, choices, firsts)
        return out, choices

    def key_entry(self, path: str, firsts: Mapping[str, Reading | str]
                  ) -> tuple[dict[str, Any], list[Any]]:
        """What the key ``path`` (not a size) is in the record, and its values fitted as
        alternatives: *ignored* only where every value tried builds and changes no tree."""
        key = self.s.keys[path]
        entry: dict[str, Any] = {"default": _json(key.class_default)}
        if "." in path and _json(key.value) != entry["default"]:
            entry["absent"] = _json(key.value)
        if isinstance(key.value, list) and key.class_default is None:
            entry.update(self.list_rule(path))
        tried = probe_values(key)
        found = {repr(v): self.probe(path, v, firsts) for v in tried}
        alternatives = [v for v in tried if found[repr(v)] == "moves"]
        if alternatives and key.kind in ("flag", "enum"):
            entry["values"] = [_json(key.value), *(_json(v) for v in alternatives)]
            return entry, alternatives
        if tried and all(f == "same" for f in found.values()):
            return {"ignored": True}, []  # every value tried builds the same trees
        # the value the trees were built with: a section's, where the type's default
        # config makes the section otherwise (Mask2Former's Swin depths)
        entry["fixed"] = [entry["default"] if key.class_default is None
                          else _json(key.value)]
        written = self.written([path]).get(path)
        if path in self.written([path]) and written not in entry["fixed"]:
            entry["written"] = written  # what the default config's file holds
        return entry, []

    def probe(self, path: str, value: Any, firsts: Mapping[str, Reading | str]) -> str:
        """Whether the key ``path`` at ``value`` builds the base model and changes some
        class's tree (``moves``), builds and changes none (``same``) or does not build
        (``unbuilt``). A list (a layer kind a layer) that does not build with the layer
        counts lowered is tried with them at their defaults, where its length may fit: a
        change there is ``changes`` (not an alternative fitted, but not ignored either: a
        file listing another kind for a layer is refused)."""
        base = self.reading(self.s.classes[0], {**self.point, path: value})
        if not isinstance(base, str):
            return "moves" if any(not isinstance(first, str) and not _same(
                self.reading(cls, {**self.point, path: value}), first)
                for cls, first in firsts.items()) else "same"
        full = {**self.point, **{n: self.s.keys[self.paths[n]].value for n in self.shrunk}}
        if not isinstance(value, list) or full == self.point or isinstance(
                self.reading(self.s.classes[0], {**full, path: value}), str):
            return "unbuilt"
        return "changes" if any(not isinstance(first, str) and not _same(
            self.reading(cls, {**full, path: value}), first)
            for cls in self.s.classes if not isinstance(
                first := self.reading(cls, full), str)) else "same"

    def together(self, out: dict[str, Any], choices: dict[str, list[Any]],
                 firsts: Mapping[str, Reading | str]) -> None:
        """Flags and enums that change no tree alone, flipped at once: BLIP unties its
        decoder only where both tie_word_embeddings keys are false. Where that changes a
        tree, each pair that does becomes keys of fitted values (fitted together, as
        :meth:`apart` finds), and where no pair does, they are fixed at their values."""
        quiet = [p for p, e in out.items() if e.get("ignored") and
                 self.s.keys[p].kind in ("flag", "enum") and probe_values(self.s.keys[p])]
        if len(quiet) < 2:
            return
        other = {p: probe_values(self.s.keys[p])[0] for p in quiet}

        def moves(paths: list[str]) -> bool:
            values = {**self.point, **{p: other[p] for p in paths}}
            return any(not isinstance(first, str) and not isinstance(
                self.reading(cls, values), str) and not _same(self.reading(cls, values), first)
                for cls, first in firsts.items())

        if not moves(quiet):
            return
        pairs = [pair for pair in itertools.combinations(quiet, 2) if moves(list(pair))]
        for path in {p for pair in pairs for p in pair} if pairs else quiet:
            key = self.s.keys[path]
            if pairs:
                choices[path] = [other[path]]
                out[path] = {"default": _json(key.class_default),
                             "values": [_json(key.value), _json(other[path])]}
            else:
                out[path] = {"default": _json(key.class_default), "fixed": [_json(key.value)]}

    def list_rule(self, path: str) -> dict[str, Any]:
        """A list transformers makes from the sizes when a config.json leaves it out (a
        layer_types list: one kind a layer, repeating with a period, after a head of layers
        of one kind — DeepSeek's first_k_dense_replace dense layers — or a progression): the
        rule, checked at each size doubled and halved; a file that lists the same is read as
        one that leaves it out."""
        def made(values: Mapping[str, int]) -> list[Any] | None:
            try:
                config = self.s.make_config({self.paths[k]: v for k, v in values.items()})
            except Exception:
                return None
            section, _, key = path.rpartition(".")
            found = key_value(getattr(config, section) if section else config, key)
            return list(found) if isinstance(found, list | tuple) else None

        listed = made(self.point)
        if listed is None:
            return {}
        if not listed:  # transformers makes none (Qwen3-VL-MoE's mlp_only_layers)
            doubled = made({k: 2 * v for k, v in self.point.items()})
            return {"repeats": [], "length": 0} if doubled == [] else {}
        probes = [(name, change(self.point[name])) for name in sorted(self.point)
                  if name not in self.fixed  # read only at its value: no other is counted
                  for change in (lambda x: 2 * x, lambda x: max(1, x // 2))]
        seen = {(name, value): made({**self.point, name: value}) for name, value in probes}

        def holds(rule: dict[str, Any]) -> bool:
            return all(got is None or got == made_list(rule, {**self.point, name: value})
                       for (name, value), got in seen.items())

        for rule in self._list_rules(listed):
            if made_list(rule, self.point) == listed and holds(rule):
                return rule
        return {}

    def _list_rules(self, listed: list[Any]) -> Iterator[dict[str, Any]]:
        """The rules that may make ``listed`` at the example sizes, simplest first: a
        progression, a period after a head (its length a number or a size), the period's
        phase counted from the first layer or from the head's end."""
        lengths = [n for n in sorted(self.point, key=lambda n: not LAYERS.fullmatch(
            self.paths[n])) if self.point[n] >= len(listed)]
        ints = all(isinstance(v, int) and not isinstance(v, bool) for v in listed)
        if ints and len(listed) > 1:
            step = listed[1] - listed[0]
            if all(b - a == step for a, b in itertools.pairwise(listed)):
                for name in lengths:
                    yield {"from": listed[0], "step": step, "length": name,
                           "less": self.point[name] - len(listed)}
        for k in range(min(len(listed), 17)):
            tail = listed[k:]
            period = next((p for p in range(1, min(16, len(tail)) + 1)
                           if all(tail[i] == tail[i % p] for i in range(len(tail)))), None)
            if period is None or (k and tail[:period] == [listed[k - 1]]):
                continue
            heads: list[Any] = [k] if k else [0]
            if k and all(v == listed[0] for v in listed[:k]):
                heads += [n for n in sorted(self.point) if self.point[n] == k]
            for name in lengths:
                if self.point[name] != len(listed):
                    continue
                for head in heads:
                    for relative in ([False, True] if k else [False]):
                        rule: dict[str, Any] = {"repeats": [_json(v) for v in tail[:period]],
                                                "length": name}
                        if k:
                            rule.update({"head": [_json(listed[0])] if isinstance(head, str)
                                         else [_json(v) for v in listed[:k]],
                                         "head_length": head, "relative": relative})
                        yield rule
        if len(listed) <= 64:  # the same list whatever the sizes (Flint's mlp_only_layers)
            yield {"repeats": [_json(v) for v in listed], "length": len(listed)}

    def legacy(self) -> list[str]:
        """The older spellings the config classes read (:attr:`TypeSpec.legacy`) that change
        a tree, or that no value tried builds with: a config.json holding one is refused."""
        firsts = {cls: self.reading(cls, self.point) for cls in self.s.classes}
        out = []
        for path in [*self.s.legacy, *self.s.unread]:
            if NO_WEIGHT.fullmatch(path.rpartition(".")[2]) or path in self.optional:
                continue
            built = [(cls, self.reading(cls, {**self.point, path: value}))
                     for value in (2, 1, True) for cls in firsts]
            built = [(cls, got) for cls, got in built if not isinstance(got, str)]
            if not built or any(not _same(got, firsts[cls]) for cls, got in built):
                out.append(path)
        return out

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

    def moving(self, cls: str, choices: Mapping[str, list[Any]]) -> list[tuple[str, Any]]:
        """The (key, value) alternatives that change the tree of ``cls`` itself."""
        first = self.reading(cls, self.point)
        return [(p, v) for p, vs in choices.items() for v in vs
                if not _same(self.reading(cls, self.values(p, v)), first)]

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

    def optional_sizes(self, base: str) -> list[str]:
        """The keys the model code reads with a fallback that its config class does not
        define (:func:`~symparam.fitting.transformers_types._unread`) and that, given a size,
        build another tree: each fitted given, as a size of its own."""
        firsts = {cls: self.reading(cls, self.point) for cls in self.s.classes}
        names = symbol_names([*self.sizes, *self.s.unread])
        for path in self.s.unread:
            built = [v for v in (64, 128, 32, 16, 8)
                     if not isinstance(self.reading(base, {**self.point, path: v}), str)]
            if len(built) < 2 or all(_same(self.reading(cls, {**self.point, path: built[0]}),
                                           first) for cls, first in firsts.items()):
                continue
            self.optional[path] = (names[path], built[0])
            self.paths[names[path]] = path
        return list(self.optional)

    def default_of(self, key: Key) -> dict[str, Any]:
        """What a config.json that leaves the size out gets: the config class's default, or,
        where transformers works it out from other sizes (head_dim from hidden_size and the
        heads), that formula, fitted on configs alone; for a section's key, also what a file
        without the section gets."""
        out: dict[str, Any] = {}
        if "." in key.path and key.value != key.class_default:
            out["absent"] = key.value
        if isinstance(key.class_default, int) and not isinstance(key.class_default, bool):
            if key.class_default > 0:
                out["default"] = key.class_default
                return out
            out["unset"] = key.class_default  # −1: "to the last layer", worked out below
        try:
            found = fit_node(self._config_observer(key.path), self.point, self.seed)
        except FitError:
            return out  # none: a file must give it
        expr = found.node["items"][0][1]["shape"][0]
        out["derived"] = expr
        return out

    def _config_observer(self, path: str) -> Callable[[Mapping[str, int]], Build | str]:
        name = self.names[path]

        def observe(values: Mapping[str, int]) -> Build | str:
            given = {self.paths[k]: v for k, v in values.items() if k != name}
            try:
                config = self.s.make_config(given, drop=path)
            except Exception as error:
                return type(error).__name__
            section, _, key = path.rpartition(".")
            value = key_value(getattr(config, section) if section else config, key)
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                return f"{path} is {value!r}"
            tree = Node("", "", (("value", Leaf((value,))),))
            return Build(dict(values), tree, value)

        return observe

    def sections(self) -> dict[str, Any]:
        """Each section's model_type (and the other one transformers reads as it: an old
        checkpoint's), and whether a file without the section gives its keys at the top
        (``flat``: Qwen2-VL's hub configs), both as transformers is found to read them."""
        out: dict[str, Any] = {}
        top = {f for f in self.s.keys if "." not in f}
        for name, (cls, start) in self.s.sections.items():
            entry: dict[str, Any] = {"model_type": getattr(cls, "model_type", "")}
            for alias in ("not-a-model-type", self.s.model_type):
                try:
                    made = self.s.config_class(**{name: {**start, "model_type": alias}})
                except Exception:
                    continue
                if type(getattr(made, name)) is cls and alias != entry["model_type"]:
                    entry["also"] = "*" if alias == "not-a-model-type" else alias
                    break  # "*": the section's class is fixed, whatever the file names
            inner = next((p.split(".", 1)[1] for p in self.sizes if p.startswith(name + ".")
                          and p.split(".", 1)[1] not in top), None)
            if inner is not None:
                value = self.s.keys[f"{name}.{inner}"].value + 1
                try:
                    made = self.s.config_class(**{inner: value})
                    if key_value(getattr(made, name), inner) == value:
                        entry["flat"] = True
                except Exception:
                    pass
            out[name] = entry
        return out

    def fit_class(self, cls: str, base: str, base_fit: Fitted, choices: Mapping[str, list[Any]],
                  defaults: Mapping[str, Any], universe: Mapping[str, list[Any]]
                  ) -> dict[str, Any]:
        """A class: the base model under its attribute and its own modules fitted alone, or,
        where it does not hold the base model (BLIP's captioner), the whole class."""
        whole = self.reading(cls, self.point)
        if isinstance(whole, str):
            raise FitError(f"it does not build: {whole}")
        alone = self.reading(base, self.point)
        assert not isinstance(alone, str)
        prefix = _prefix(whole, alone)
        if prefix is not None and ("." in prefix or {
                p.name for p in whole.params if p.name.startswith(prefix + ".")} != {
                f"{prefix}.{q.name}" for q in alone.params}):
            prefix = None  # not the base model as it is alone (a head's boxes put in it): whole
        vary = sorted(base_fit.moved | {self.names["num_labels"]})  # the rest: checked at once
        node = self.fit(cls, {}, prefix, vary).node
        first = whole if prefix is None else _apart(whole, prefix)
        for path, values in choices.items():
            for value in values:
                other = self.reading(cls, self.values(path, value))
                if isinstance(other, str) or _same(
                        other if prefix is None else _apart(other, prefix), first):
                    continue
                choice, extra = self.assign(path, value, base_fit.moved)
                alt = alternative(self, path, value, partial(
                    self.fit, cls, choice, prefix, sorted({*vary, *extra}), extra))
                if alt is not None:
                    node = merge(node, alt.node, {path: value}, defaults, universe)
        self.say(f"{cls}: fitted")
        if prefix is None:
            return {"node": {**node, "type": cls}}
        items = [[prefix, {"part": "base"}], *node["items"]]
        return {"node": {"module": "", "type": cls, "items": items}}

    def fit_together(self, record: dict[str, Any], together: Mapping[str, Any],
                     base_fit: Fitted, defaults: Mapping[str, Any],
                     universe: Mapping[str, list[Any]]) -> None:
        """Each class of ``record`` fitted with the key values ``together`` at once and
        folded in under both (an attention bias beside a given head_dim: each bias as wide
        as the heads it is given)."""
        choice: dict[str, Any] = {}
        extra: dict[str, int] = {}
        for path, value in together.items():
            one, more = self.assign(path, value, base_fit.moved)
            choice.update(one)
            extra.update(more)
        vary = sorted(base_fit.moved | set(extra) | {self.names["num_labels"]})
        for cls, entry in record["classes"].items():
            items = entry["node"]["items"]
            part = next((name for name, item in items if item.get("part") == "base"), None)
            if part is None:
                alt = self.fit(cls, choice, None, vary, extra).node
                entry["node"] = merge(entry["node"], alt, together, defaults, universe)
                continue
            own = {"module": "", "type": cls, "items": items[1:]}
            alt = self.fit(cls, choice, part, vary, extra).node
            merged = merge(own, alt, together, defaults, universe)
            entry["node"] = {**entry["node"], "items": [items[0], *merged["items"]]}

    def apart_sets(self, record: Mapping[str, Any], choices: Mapping[str, list[Any]],
                   apart: list[list[list[Any]]]) -> tuple[list[list[list[Any]]], int | None]:
        """Sets of three or more non-default values (of as many keys) whose tree, built from
        the record, does not count as transformers builds it (DeepSeek-VL's SAM encoder
        without qkv bias, absolute and relative positions: right by twos, wrong all three),
        each refused together; none holding a set already refused. At most :data:`SETS`
        builds: the size of set checked whole where that stops short, else None."""
        keys = list(choices)
        defaults = {p: self.default_value(p) for p in choices}
        out: list[list[list[Any]]] = []
        built = 0
        for size in range(3, len(keys) + 1):
            combos = [list(zip(paths, values, strict=True))
                      for paths in itertools.combinations(keys, size)
                      for values in itertools.product(*(choices[p] for p in paths))]
            if built + len(combos) > SETS:
                return out, size - 1
            for combo in combos:
                items = [[p, _json(v)] for p, v in combo]
                if any(_holds(refused, items) for refused in [*apart, *out]):
                    continue
                built += 1
                if self.miscounts(record, combo, defaults):
                    out.append(items)
        return out, None

    def miscounts(self, record: Mapping[str, Any], combo: list[tuple[str, Any]],
                  defaults: Mapping[str, Any]) -> bool:
        """Whether some class built with the values ``combo`` counts otherwise by the record."""
        values = self.values(*itertools.chain.from_iterable(combo))
        env = {symbol(k): v for k, v in values.items() if not isinstance(v, bool)
               and isinstance(v, int) and k in self.paths}
        for cls in record["classes"]:
            got = self.reading(cls, values)
            if isinstance(got, str):
                continue
            if class_tree(record, cls, {**defaults, **dict(combo)}).numeric(env) != got.total:
                return True
        return False

    def apart(self, record: Mapping[str, Any], choices: Mapping[str, list[Any]]
              ) -> list[list[list[Any]]]:
        """Pairs of non-default values whose tree, built from the record, does not count as
        transformers builds it: refused together."""
        defaults = {p: self.default_value(p) for p in choices}
        out = []
        pairs = [(p, v) for p, vs in choices.items() for v in vs]
        for (p1, v1), (p2, v2) in itertools.combinations(pairs, 2):
            if p1 == p2:
                continue
            if self.miscounts(record, [(p1, v1), (p2, v2)], defaults):
                out.append([[p1, _json(v1)], [p2, _json(v2)]])
        return out


def _holds(part: list[list[Any]], whole: list[list[Any]]) -> bool:
    return all(item in whole for item in part)


def probe_values(key: Key) -> list[Any]:
    """The values tried for a key that is not a size: a flag's other value, an enum's other
    values (from its ``Literal`` type; for an activation, two others), for anything else one
    other value of its kind, where one can be made."""
    value = key.value
    if key.kind == "flag":
        return [not value]
    if key.kind == "enum":
        others = [c for c in key.choices if c != value]
        if not others and ("act" in key.path or "activation" in key.path):
            others = [a for a in ("gelu", "relu") if a != value]
        return others
    if value is None:  # a feature left off: on, with a value of the kind its type names
        hint = key.hint.replace("'", "")
        for kind, probe in (("float", 1.0), ("int", 1), ("bool", True)):
            if re.search(rf"\b{kind}\b", hint):
                return [probe]
        return []
    if isinstance(value, float):
        return [value * 2 + 1]
    if isinstance(value, int) and not isinstance(value, bool):
        return [value - 1]
    if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
        flipped = [1 - v if v in (0, 1) else v + 1 for v in value]  # a flag a layer, or ids
        return [flipped, [value[0]] * len(value)]
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        kinds = list(dict.fromkeys(value))
        if len(kinds) == 1 and key.path.endswith("layer_types"):
            kinds += [k for k in ("full_attention", "sliding_attention") if k not in kinds]
        return [[k] * len(value) for k in kinds]
    return []


def _same(a: Reading | str, b: Reading | str) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return False
    return [(p.name, p.shape, p.tie) for p in a.params] == \
        [(p.name, p.shape, p.tie) for p in b.params]


def _json(value: Any) -> Any:
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, list | tuple) and all(isinstance(v, bool | int | float | str)
                                              for v in value):
        return list(value)
    return repr(value)


def _prefix(whole: Reading, alone: Reading) -> str | None:
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


def _apart(reading: Reading, prefix: str) -> Reading:
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


def _heterogeneous(s: TypeSpec) -> bool:
    """Whether the default config of ``s``, or one of its sections, sizes some layers
    apart from the others (Gemma 4's full-attention layers twice as wide per head)."""
    default = s.config_class()
    parts = [default, *(getattr(default, name, None) for name in s.sections)]
    return any(bool(getattr(part, "is_heterogeneous", False)) for part in parts)


def first_line(error: BaseException, most: int) -> str:
    """The first line of ``error``'s message that says something (transformers' ImportError
    starts with an empty one), at most ``most`` characters."""
    return next((line.strip() for line in str(error).splitlines() if line.strip()), "")[:most]


def encoded(expr: Any) -> Any:
    """An expression as a record writes it."""
    return encode(expr)


def main(argv: list[str]) -> int:
    """``python -m symparam.fitting.records MODEL_TYPE OUT.json``: fit one type (the
    generator runs each in a child of bounded CPU time) and write its record, or why not."""
    import json
    import time

    model_type, out = argv
    started = time.process_time()
    try:
        data = fit_type(model_type)
    except FitError as error:
        data = {"model_type": model_type, "refused": str(error)}
    except Exception as error:  # transformers failing on its own default config
        data = {"model_type": model_type,
                "refused": f"{type(error).__name__}: {first_line(error, 200)}"}
    data["cpu_seconds"] = round(time.process_time() - started, 1)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(data, handle, sort_keys=False)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
