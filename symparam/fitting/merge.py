"""One record node for several values of a flag: the items that differ carry a condition.

A tree fitted with ``attention_bias`` false and one fitted with it true differ only in the
biases of four Linears. :func:`merge` keeps what they share once and writes what differs as
entries of the same name with conditions, ``"if": {"attention_bias": [true]}``, so that the
loader (:mod:`symparam.fitted.tree`) builds the one the options select. Merges nest: an
entry chosen under the alternative's values (every other key at its default) that differs is
opened where both are modules of one kind, else narrowed to exclude the new value and the
alternative's entry added beside it.

>>> leaf = lambda *shape: {"shape": list(shape)}
>>> node = lambda *items: {"module": "", "type": "M", "items": [list(i) for i in items]}
>>> off = node(("w", leaf("H", "H")))
>>> on = node(("w", leaf("H", "H")), ("b", leaf("H")))
>>> merge(off, on, {"bias": True}, {"bias": False}, {"bias": [False, True]})["items"]
[['w', {'shape': ['H', 'H']}], ['b', {'shape': ['H'], 'if': {'bias': [True]}}]]
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

Node = dict[str, Any]


def allows(entry: Mapping[str, Any], values: Mapping[str, Any]) -> bool:
    """Whether ``entry``'s condition holds for the key values ``values``."""
    return all(values.get(k) in allowed for k, allowed in (entry.get("if") or {}).items())


def _plain(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if k != "if"}


def _narrowed(entry: dict[str, Any], assignment: Mapping[str, Any],
              universe: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """``entry`` wherever it applied but under ``assignment``: for keys k₁ … kₙ assigned, one
    copy where k₁ has another value, one where k₁ is assigned and k₂ has another … (the
    exact complement of a conjunction, as conditions are conjunctions of allowed values)."""
    cond = dict(entry.get("if") or {})
    out = []
    pinned: dict[str, list[Any]] = {}
    for key, value in assignment.items():
        allowed = [v for v in cond.get(key, universe[key]) if v != value]
        if allowed:
            out.append({**entry, "if": {**cond, **pinned, key: allowed}})
        pinned[key] = [value]
    return out


def _with(entry: Mapping[str, Any], assignment: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(entry)
    out["if"] = {**(entry.get("if") or {}), **{k: [v] for k, v in assignment.items()}}
    return out


def merge(base: Node, alternative: Node, assignment: Mapping[str, Any],
          defaults: Mapping[str, Any], universe: Mapping[str, Sequence[Any]]) -> Node:
    """``base`` (which may already hold conditions) with ``alternative`` — the tree fitted
    with the key values ``assignment`` and every other key at its default — folded in."""
    chosen = {**defaults, **assignment}
    return _merge_module(copy.deepcopy(base), alternative, assignment, chosen, universe)


def _merge_module(base: Node, alt: Node, assignment: Mapping[str, Any], chosen: Mapping[str, Any],
                  universe: Mapping[str, Sequence[Any]]) -> Node:
    items: list[list[Any]] = []
    alt_items = {name: item for name, item in alt["items"]}
    done: set[str] = set()
    alt_order = [name for name, _ in alt["items"]]
    for name, entry in base["items"]:
        if name not in alt_items:
            kept = _narrowed(entry, assignment, universe) if allows(entry, chosen) else [entry]
            items += [[name, e] for e in kept]
            continue
        if not allows(entry, chosen):
            items.append([name, entry])
            continue
        done.add(name)
        items += [[name, e] for e in _merge_entry(entry, alt_items[name], assignment, chosen,
                                                   universe)]
    for position, name in enumerate(alt_order):  # what only the alternative holds
        if name in done or any(n == name and allows(e, chosen) for n, e in base["items"]):
            continue
        after = alt_order[position - 1] if position else None
        at = max((i + 1 for i, (n, _) in enumerate(items) if n == after), default=0) \
            if after is not None else 0
        items.insert(at, [name, _with(alt_items[name], assignment)])
        done.add(name)
    return {**base, "items": items}


def _merge_entry(entry: dict[str, Any], alt: dict[str, Any], assignment: Mapping[str, Any],
                 chosen: Mapping[str, Any], universe: Mapping[str, Sequence[Any]]
                 ) -> list[dict[str, Any]]:
    """The entries one item becomes: itself where the alternative agrees, opened where both
    are modules (or lists of runs) of one shape, else narrowed and the alternative beside."""
    plain = _plain(entry)
    if plain == alt:
        return [entry]
    if "items" in plain and "items" in alt and plain.get("module") == alt.get("module") \
            and plain.get("type") == alt.get("type"):
        return [{**_merge_module(plain, alt, assignment, chosen, universe),
                 **({"if": entry["if"]} if "if" in entry else {})}]
    if "runs" in plain and "runs" in alt and len(plain["runs"]) == len(alt["runs"]) and all(
            {k: v for k, v in r.items() if k != "node"} == {k: v for k, v in s.items()
                                                             if k != "node"}
            for r, s in zip(plain["runs"], alt["runs"], strict=True)):
        runs = []
        for r, s in zip(plain["runs"], alt["runs"], strict=True):
            merged = _merge_entry(r["node"], s["node"], assignment, chosen, universe)
            if len(merged) != 1:
                break
            runs.append({**r, "node": merged[0]})
        else:
            return [{**plain, "runs": runs, **({"if": entry["if"]} if "if" in entry else {})}]
    return [*_narrowed(entry, assignment, universe), _with(alt, assignment)]
