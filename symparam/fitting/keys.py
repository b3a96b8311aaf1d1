"""What each config key that is not a size does to a type's trees (needs torch, transformers):
each flag flipped, each enum's other values, any other key given another value of its kind,
for every class — *ignored* where no class changes, *values* where a class changes and
builds (fitted as alternatives), else *fixed*; flags that change a tree only together; a
list transformers makes from the sizes, as a rule; older spellings that change a tree."""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Iterator, Mapping
from typing import Any

from symparam.fitted.record import made_list
from symparam.fitting.builds import (
    LAYERS,
    as_json,
    same_tree,
)
from symparam.fitting.sizes import SizeKeys
from symparam.fitting.skeleton import (
    Reading,
)
from symparam.fitting.transformers_types import (
    NO_WEIGHT,
    Key,
    key_value,
)


class KeyProbes(SizeKeys):
    """A type's builds, its size keys, and what each of its other keys does."""

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
        entry: dict[str, Any] = {"default": as_json(key.class_default)}
        if "." in path and as_json(key.value) != entry["default"]:
            entry["absent"] = as_json(key.value)
        if isinstance(key.value, list) and key.class_default is None:
            entry.update(self.list_rule(path))
        tried = probe_values(key)
        # a copy: a config class may change a list it is given in place (Gemma 4's
        # layer_types, as it reads its per-layer configs)
        found = {repr(v): self.probe(path, copy.deepcopy(v), firsts) for v in tried}
        alternatives = [v for v in tried if found[repr(v)] == "moves"]
        if alternatives and key.kind in ("flag", "enum"):
            entry["values"] = [as_json(key.value), *(as_json(v) for v in alternatives)]
            return entry, alternatives
        if tried and all(f == "same" for f in found.values()):
            return {"ignored": True}, []  # every value tried builds the same trees
        # the value the trees were built with: a section's, where the type's default
        # config makes the section otherwise (Mask2Former's Swin depths)
        entry["fixed"] = [entry["default"] if key.class_default is None
                          else as_json(key.value)]
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
            return "moves" if any(not isinstance(first, str) and not same_tree(
                self.reading(cls, {**self.point, path: value}), first)
                for cls, first in firsts.items()) else "same"
        full = {**self.point, **{n: self.s.keys[self.paths[n]].value for n in self.shrunk}}
        if not isinstance(value, list) or full == self.point or isinstance(
                self.reading(self.s.classes[0], {**full, path: value}), str):
            return "unbuilt"
        return "changes" if any(not isinstance(first, str) and not same_tree(
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
                self.reading(cls, values), str) and not same_tree(self.reading(cls, values), first)
                for cls, first in firsts.items())

        if not moves(quiet):
            return
        pairs = [pair for pair in itertools.combinations(quiet, 2) if moves(list(pair))]
        for path in {p for pair in pairs for p in pair} if pairs else quiet:
            key = self.s.keys[path]
            if pairs:
                choices[path] = [other[path]]
                out[path] = {"default": as_json(key.class_default),
                             "values": [as_json(key.value), as_json(other[path])]}
            else:
                out[path] = {"default": as_json(key.class_default), "fixed": [as_json(key.value)]}

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
        # a size held fixed is read at its value only, and is not moved to check a rule
        lengths = [n for n in sorted(self.point, key=lambda n: not LAYERS.fullmatch(
            self.paths[n])) if self.point[n] >= len(listed) and n not in self.fixed]
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
                heads += [n for n in sorted(self.point)
                          if self.point[n] == k and n not in self.fixed]
            for name in lengths:
                if self.point[name] != len(listed):
                    continue
                for head in heads:
                    for relative in ([False, True] if k else [False]):
                        rule: dict[str, Any] = {"repeats": [as_json(v) for v in tail[:period]],
                                                "length": name}
                        if k:
                            rule.update({"head": [as_json(listed[0])] if isinstance(head, str)
                                         else [as_json(v) for v in listed[:k]],
                                         "head_length": head, "relative": relative})
                        yield rule
        if len(listed) <= 64:  # the same list whatever the sizes (Flint's mlp_only_layers)
            yield {"repeats": [as_json(v) for v in listed], "length": len(listed)}

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
            if not built or any(not same_tree(got, firsts[cls]) for cls, got in built):
                out.append(path)
        return out


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
