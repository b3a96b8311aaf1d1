"""What a forward needs to run, read off where the FLOPs fitter's forwards ran and where they
failed (:mod:`symparam.fitting.flops`): conditions between sizes that hold at every point
that ran and fail at some that did not. Each holds wherever the forward ran, so one may hold
by chance and refuse a config that would run — a refusal, never a wrong number.

>>> ran = [{"h": 4, "h_kv": 2}, {"h": 8, "h_kv": 4}, {"h": 8, "h_kv": 8}]
>>> failed = [({"h": 8, "h_kv": 3}, "repeat_kv"), ({"h": 4, "h_kv": 8}, "repeat_kv")]
>>> between(["h", "h_kv"], ran, failed)
[['divides', 'h_kv', 'h', 'repeat_kv']]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import sympy

from symparam.fitted.expr import encode
from symparam.symbols import symbol

Point = Mapping[str, int]


def between(sizes: Sequence[str], ran: Sequence[Point],
            failed: Sequence[tuple[Point, str]]) -> list[list[Any]]:
    """Conditions between two of ``sizes`` (``a <= b``, ``a`` divides ``b``) that hold at
    every point of ``ran`` and fail at some of ``failed`` (repeat_kv needs h_kv to divide h),
    each with the first failure it explains: a config that breaks one is refused, as
    transformers cannot run it. Those that explain the most failures first; one whose
    failures those explain is left out (``N`` divides ``H`` where ``H + 1`` failed for the
    groups of a convolution, which ``groups`` dividing ``H`` explains). A failure none
    explains is not covered (the oracle's ``unrun``). An image's free side R is left out: the
    sides it runs at are :mod:`symparam.fitting.image_side`'s to say (a failure at a side
    drawn is no condition between it and a width)."""
    found: list[tuple[list[Any], set[int]]] = []
    sizes = [k for k in sizes if k != "R"]
    for a in sizes:
        for b in sizes:
            if a == b:
                continue
            for kind, holds in (("le", lambda p, a=a, b=b: p[a] <= p[b]),
                                ("divides", lambda p, a=a, b=b: p[b] % p[a] == 0)):
                if all(holds(p) for p in ran):
                    broken = {i for i, (p, _) in enumerate(failed) if not holds(p)}
                    if broken:
                        found.append(([kind, a, b, failed[min(broken)][1]], broken))
    out: list[list[Any]] = []
    covered: set[int] = set()
    for condition, broken in sorted(found, key=lambda f: -len(f[1])):
        if broken - covered:
            out.append(condition)
            covered |= broken
    return out


def products(tied: Mapping[str, set[str]], ran: Sequence[Point],
             failed: Sequence[tuple[Point, str]]) -> list[list[Any]]:
    """For sizes moved together (``tied``), ``a = b·c`` where it holds at every point of
    ``ran`` and fails at some of ``failed`` (Helium's attention needs H = h·d_head): a config
    that breaks it is refused."""
    out: list[list[Any]] = []
    names = sorted(tied)
    for a in names:
        for b, c in ((b, c) for b in names for c in names if b < c and a not in (b, c)):
            if all(p[a] == p[b] * p[c] for p in ran):
                broken = [why for p, why in failed if p[a] != p[b] * p[c]]
                if broken:
                    out.append(["product", a, [b, c], broken[0]])
    return out


def even(fitter: Any, exprs: Mapping[Any, Any]) -> list[list[Any]]:
    """Dimensions ``fitter``'s forward needs even (rotary embeddings halve the head's width):
    one even at the base that, made odd at two points drawn around it, fails to run at both,
    and ran odd nowhere (one of an image's free side R is left out: its floors are fitted,
    and the sides it must be a multiple of said by :mod:`symparam.fitting.image_side`)."""
    def at(e: Any, point: Point) -> int:
        return int(e.xreplace({symbol(k): sympy.Integer(v) for k, v in point.items()}))

    out: list[list[Any]] = []
    for e in sorted(set(exprs.values()), key=sympy.default_sort_key):
        names = sorted(str(x) for x in e.free_symbols)
        if e.is_number or any(n in ("B", "s", "R") for n in names) or at(e, fitter.point) % 2:
            continue
        if any(at(e, p) % 2 for p in fitter.ran):
            continue
        fails: list[str] = []
        for _ in range(40):
            p = dict(fitter.point)
            for n in names:
                p[n] = fitter.rng.randint(max(1, p[n] // 2), 2 * p[n])
            if not at(e, p) % 2:
                continue
            r = fitter.run(p)
            if not isinstance(r, str):
                break
            fails.append(r)
            if len(fails) == 2:
                out.append(["even", encode(e), fails[0]])
                break
    return out
