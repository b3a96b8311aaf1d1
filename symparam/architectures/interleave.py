"""Interleaved layer patterns: one numbered list of layers of several kinds, as few stacks of
repeated layers as the pattern allows.

A pattern with a period (Jamba's attention layer every 8th, MoE every 2nd; Qwen3-Next's full
attention every 4th) is written for any depth N: each kind's positions within the period that
form one arithmetic progression are one :class:`~symparam.blocks.Repeat` of
⌈(N − r)/p⌉ layers numbered r, r + p … (⌊N/p⌋ for the last position of each period), so
that Jamba's MoE layers are ⌊N/2⌋ whatever N is. An explicit list (a config's ``layer_types``)
is cut into runs of equal neighbours, or into the progressions of its shortest period,
whichever is fewer.

>>> from symparam.blocks import Linear
>>> layers = periodic(["dense", "moe"], lambda kind: Linear(2, 2))
>>> [repeat.count_expr for repeat in layers.repeats]
[ceiling(N/2), floor(N/2)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import sympy

from symparam.blocks import Block, Repeat, Stack
from symparam.errors import InvalidValueError
from symparam.limits import MAX_LAYER_RUNS
from symparam.symbols import N

K = TypeVar("K", bound=Hashable)


def count(depth: sympy.Expr, start: int, stride: int) -> sympy.Expr:
    """How many of the layers 0 … depth − 1 are start, start + stride …: N for every layer,
    ⌊N/p⌋ for the last of each period, ⌈(N − r)/p⌉ otherwise (one term, where
    ⌊(N − 1 − r)/p⌋ + 1 would double the terms of every formula it multiplies; unevaluated:
    sympy's evaluation of each costs milliseconds)."""
    if stride == 1 and start == 0:
        return depth
    if start == stride - 1:
        return sympy.floor(depth / stride, evaluate=False)
    return sympy.ceiling((depth - start) / stride, evaluate=False)


def progressions(period: Sequence[K]) -> list[tuple[K, int, int]]:
    """(kind, start, stride) for a pattern repeated every ``len(period)`` layers: each kind's
    positions as one progression of a stride dividing the period where they form one, else one
    progression per position."""
    size = len(period)
    found: list[tuple[K, int, int]] = []
    for kind in dict.fromkeys(period):
        where = [r for r, k in enumerate(period) if k == kind]
        stride = next((p for p in range(where[0] + 1, size + 1) if size % p == 0
                       and where == list(range(where[0], size, p))), None)
        if stride is None:
            found += [(kind, r, size) for r in where]
        else:
            found.append((kind, where[0], stride))
    if len(found) > MAX_LAYER_RUNS:
        raise InvalidValueError(f"a layer pattern of {len(found):,} runs is more than symparam "
                                f"builds ({MAX_LAYER_RUNS:,})")
    return sorted(found, key=lambda item: item[1])


def periodic(period: Sequence[K], build: Callable[[K], Block], depth: sympy.Expr = N) -> Block:
    """``depth`` layers whose kinds repeat ``period``, each kind's layer built once by
    ``build``."""
    layers = {kind: build(kind) for kind in dict.fromkeys(period)}
    repeats = [Repeat(count(depth, start, stride), layers[kind], start, stride)
               for kind, start, stride in progressions(period)]
    if len(repeats) == 1:
        return repeats[0]
    return Stack(*repeats)


def listed(pattern: Sequence[K], build: Callable[[K], Block]) -> Block:
    """An explicit per-layer list of kinds, each kind's layer built once by ``build``."""
    layers = {kind: build(kind) for kind in dict.fromkeys(pattern)}
    repeats = [Repeat(times, layers[kind], start, stride)
               for kind, start, times, stride in runs(pattern)]
    return repeats[0] if len(repeats) == 1 else Stack(*repeats)


def runs(pattern: Sequence[K]) -> list[tuple[K, int, int, int]]:
    """A per-layer list as few (kind, start, count, stride) progressions as it allows: runs of
    equal neighbours, or, if fewer, one progression per position of its shortest period."""
    n = len(pattern)
    border = [0] * n  # prefix function: the shortest period is n - border[-1]
    for i in range(1, n):
        k = border[i - 1]
        while k and pattern[i] != pattern[k]:
            k = border[k - 1]
        border[i] = k + (pattern[i] == pattern[k])
    period = n - border[-1]
    periodic_runs = [(pattern[r], r, (n - r + period - 1) // period, period)
                     for r in range(period)]
    consecutive: list[tuple[K, int, int, int]] = []
    for i, kind in enumerate(pattern):
        if consecutive and consecutive[-1][0] == kind:
            consecutive[-1] = (kind, consecutive[-1][1], consecutive[-1][2] + 1, 1)
        else:
            consecutive.append((kind, i, 1, 1))
    found = min(periodic_runs, consecutive, key=len)
    if len(found) > MAX_LAYER_RUNS:
        raise InvalidValueError(f"a layer pattern of {len(found):,} runs is more than symparam "
                                f"builds ({MAX_LAYER_RUNS:,})")
    return found
