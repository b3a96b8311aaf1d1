"""Sizes that set the period of layer kinds, fitted one value at a time.

BLIP-2's Q-Former puts cross-attention in every ``cross_attention_frequency``-th layer,
Qwen2-MoE an expert block in every ``decoder_sparse_step``-th, Zamba its shared attention
every ``attn_layer_period``-th. Another value folds the layers into other runs (another
stride, more or fewer kinds), so the fitter, whose builds must differ only in their numbers,
holds such a size *fixed*. Rather than write a run's length as a quotient of the layer count
by a period — which needs runs that line up across periods, and the phase and remainder
rules of each model code — each other value is fitted as an alternative, like an enum's:
the tree with that value, fitted and checked over every other size, folded in under a
condition on the key. A value not fitted is refused by the key's name.

The values tried are those around the default that the oracle and published files use
(doubled, halved, 1, 2, 4), at most :data:`MOST`. A value is kept only where every class
fits with it and its fits hold no size fixed, and bound no size, that the default's did not
(else the whole record would count less); otherwise it is left out, so refused.

>>> tried(2), tried(1), tried(6)
([4, 1], [2, 4], [12, 3, 1])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from symparam.fitting.fitter import FitError

#: the last part of a size key that may set a period of layer kinds, or its phase (Zamba's
#: attention every ``attn_layer_period``-th layer from ``attn_layer_offset``; Switch
#: Transformers' ``num_sparse_encoder_layers`` sparse layers, one every
#: ``num_layers // num_sparse_encoder_layers``)
PERIOD = re.compile(r".*(frequency|freq|sparse_step|period|layer_step|interval|every|offset|"
                    r"sparse_.*layers)")
#: the most values fitted besides the default
MOST = 3

T = TypeVar("T")


class _Fitter(Protocol):  # what :class:`symparam.fitting.classes.TypeFitter` offers
    sizes: list[str]
    names: Mapping[str, str]
    point: dict[str, Any]
    fixed: dict[str, str]
    bounds: dict[str, tuple[int | None, int | None]]
    periods: dict[str, list[int]]
    dropped: set[tuple[str, Any]]

    def say(self, message: str) -> None: ...

    def reading(self, cls: str, values: Mapping[str, Any]) -> Any: ...


def tried(x: int) -> list[int]:
    """The values tried for a period whose default is ``x``."""
    out: list[int] = []
    for v in (2 * x, x // 2, 1, 2, 4):
        if v >= 1 and v != x and v not in out:
            out.append(v)
    return out[:MOST]


def period_choices(fitter: _Fitter, classes: list[str],
                   same: Callable[[Any, Any], bool]) -> dict[str, list[int]]:
    """The size keys held fixed that may set a period, each with the values tried that build
    the base model and change some class's tree."""
    firsts = {cls: fitter.reading(cls, fitter.point) for cls in classes}
    out: dict[str, list[int]] = {}
    for path in fitter.sizes:
        name = fitter.names[path]
        if name not in fitter.fixed or not PERIOD.fullmatch(path.rpartition(".")[2]):
            continue
        values = []
        for value in tried(fitter.point[name]):
            if isinstance(fitter.reading(classes[0], {**fitter.point, path: value}), str):
                continue
            if any(not isinstance(first, str) and not same(
                    fitter.reading(cls, {**fitter.point, path: value}), first)
                    for cls, first in firsts.items()):
                values.append(value)
        if values:
            out[path] = values
    return out


def sandboxed(fitter: _Fitter, fit: Callable[[], T]) -> T | None:
    """``fit()``, or None where it fails or holds fixed or bounds a size the fits before it
    did not (the fitter's sizes then as they were)."""
    fixed, bounds = dict(fitter.fixed), dict(fitter.bounds)
    try:
        found: T | None = fit()
    except FitError:
        found = None
    if found is None or fitter.fixed != fixed or fitter.bounds != bounds:
        fitter.fixed, fitter.bounds = fixed, bounds
        return None
    return found


def alternative(fitter: _Fitter, path: str, value: Any, fit: Callable[[], T]) -> T | None:
    """``fit()`` of a tree with ``path`` at ``value``; for a period's value, None where it
    does not fit as the default's sizes do (the value is then dropped, so refused)."""
    if path not in fitter.periods:
        return fit()
    if (path, value) in fitter.dropped:
        return None
    found = sandboxed(fitter, fit)
    if found is None:
        fitter.dropped.add((path, value))
        fitter.say(f"{path} = {value}: not fitted")
    return found


def drop_periods(fitter: _Fitter, choices: dict[str, list[Any]]) -> None:
    """The period values some class was not fitted with taken out of ``choices`` and the
    fitter's ``periods`` (a file giving one is refused by the key)."""
    for path in list(fitter.periods):
        kept = [v for v in fitter.periods[path] if (path, v) not in fitter.dropped]
        if kept:
            fitter.periods[path] = choices[path] = kept
        else:
            del fitter.periods[path]
            choices.pop(path, None)
