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

The work is split by meaning: :mod:`~symparam.fitting.builds` (builds and fits),
:mod:`~symparam.fitting.sizes`, :mod:`~symparam.fitting.keys`, :mod:`~symparam.fitting.classes`.
"""

from __future__ import annotations

import copy
import json
from functools import partial
from typing import Any

from symparam.fitted.expr import encode
from symparam.fitting.builds import (
    GIVEN,
    Log,
    as_json,
    first_line,
    same_tree,
)
from symparam.fitting.classes import TypeFitter
from symparam.fitting.fitter import FitError
from symparam.fitting.merge import merge
from symparam.fitting.periods import alternative, drop_periods, period_choices
from symparam.fitting.transformers_types import (
    spec,
)

#: the record format; a record of another is not read
FORMAT = 1


def fit_type(model_type: str, seed: int = 0, log: Log | None = None) -> dict[str, Any]:
    """The record (plain JSON data) of ``model_type``; :class:`FitError` when its base
    model cannot be fitted."""
    import transformers

    s = spec(model_type)
    if not s.classes:
        raise FitError("transformers' auto mappings register no class")
    fitter = TypeFitter(s, seed, log or (lambda _m: None))
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
    fitter.periods = period_choices(fitter, s.classes, same_tree)
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
        together = {path: next(v for v in choices[path] if as_json(v) == value)
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
