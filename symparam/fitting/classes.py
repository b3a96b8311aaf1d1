"""Each class of a type fitted beside its base model, and values checked together (needs torch,
transformers): a class is the base model under its attribute and its own modules, or, where
it does not hold the base model as it is alone, the whole class; pairs (and sets, where few
enough to build) of non-default values the record does not count right are found by building
them, fitted together where that leaves fewer refused, and refused together otherwise."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import partial
from typing import Any

from symparam.errors import ConfigError
from symparam.fitted.record import class_tree
from symparam.fitting.builds import (
    as_json,
    class_prefix,
    same_tree,
    without_prefix,
)
from symparam.fitting.fitter import FitError, Fitted
from symparam.fitting.keys import KeyProbes
from symparam.fitting.merge import merge
from symparam.fitting.periods import alternative
from symparam.symbols import symbol

#: builds that check sets of three or more non-default values together, at most, per type
SETS = 160


class TypeFitter(KeyProbes):
    """Builds of one model type's classes at chosen sizes and key values, each once, and
    what the record makes of them."""

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
        prefix = class_prefix(whole, alone)
        if prefix is not None and ("." in prefix or {
                p.name for p in whole.params if p.name.startswith(prefix + ".")} != {
                f"{prefix}.{q.name}" for q in alone.params}):
            prefix = None  # not the base model as it is alone (a head's boxes put in it): whole
        vary = sorted(base_fit.moved | {self.names["num_labels"]})  # the rest: checked at once
        node = self.fit(cls, {}, prefix, vary).node
        first = whole if prefix is None else without_prefix(whole, prefix)
        for path, values in choices.items():
            for value in values:
                other = self.reading(cls, self.values(path, value))
                if isinstance(other, str) or same_tree(
                        other if prefix is None else without_prefix(other, prefix), first):
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
                items = [[p, as_json(v)] for p, v in combo]
                if any(_holds(refused, items) for refused in [*apart, *out]):
                    continue
                built += 1
                if self.miscounts(record, combo, defaults):
                    out.append(items)
        return out, None

    def miscounts(self, record: Mapping[str, Any], combo: list[tuple[str, Any]],
                  defaults: Mapping[str, Any]) -> bool:
        """Whether some class built with the values ``combo`` counts otherwise by the record,
        or its tree cannot be made with them (two alternatives, each fitted alone, that both
        hold an item of one name: Zamba's attention period and offset, each another value)."""
        values = self.values(*itertools.chain.from_iterable(combo))
        env = {symbol(k): v for k, v in values.items() if not isinstance(v, bool)
               and isinstance(v, int) and k in self.paths}
        for cls in record["classes"]:
            got = self.reading(cls, values)
            if isinstance(got, str):
                continue
            try:
                tree = class_tree(record, cls, {**defaults, **dict(combo)})
            except ConfigError:
                return True
            if tree.numeric(env) != got.total:
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
                out.append([[p1, as_json(v1)], [p2, as_json(v2)]])
        return out


def _holds(part: list[list[Any]], whole: list[list[Any]]) -> bool:
    return all(item in whole for item in part)
