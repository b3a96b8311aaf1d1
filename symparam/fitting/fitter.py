"""Reading a closed form off a module tree: build at example sizes, vary them, solve exactly.

:func:`fit_node` takes ``observe`` — sizes in, one build's tree out (or why it did not build)
— and example sizes. It builds at those sizes and at sizes varied one at a time (each to
double, half, triple …) and, for the sizes a number moves with together, two at a time; a
size whose change alters the tree beyond its numbers (another kind of layer, a tensor more)
is *structural* and cannot vary. Every number of the tree (a dimension, the length of a list
of layers, where a run of layers starts and how many it holds) is solved exactly over the
points built (:mod:`symparam.fitting.solve`) and then checked at points none of those used,
where every size moves at once; a number that nothing fits, or that the check contradicts,
is refused by the name of its tensor, never guessed. The result is a record node
(:mod:`symparam.fitted.tree`) whose block tree gives every count the module has.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import sympy

from symparam.blocks.numbers import value as number_at
from symparam.errors import SymparamError
from symparam.fitted.expr import encode
from symparam.fitted.tree import build
from symparam.fitting import solve
from symparam.fitting.skeleton import Leaf, Listing, Node, numbers, outline
from symparam.symbols import symbol

#: sizes one probe may try for a size of example value x, in order; two that build are kept
PROBES = (lambda x: 2 * x, lambda x: x // 2, lambda x: 3 * x, lambda x: x + 1)
#: points where every size moves at once, to check the fits on; and tries to find them
CHECKS = 2
CHECK_TRIES = 10
#: rounds of refitting with the check points added, before a number is refused
ROUNDS = 6
#: why a build is not aligned with the example's: its modules differ, not only its numbers
MISALIGNED = "the module tree changes beyond its sizes"


class FitError(SymparamError):
    """A module tree whose closed form cannot be read off exactly; ``keys``: the sizes the
    number that no formula fits moves with (held fixed, the rest may still be fitted)."""

    def __init__(self, *parts: object, keys: frozenset[str] = frozenset()) -> None:
        super().__init__(*parts)
        self.keys = keys


@dataclass(frozen=True)
class Build:
    """One build: the sizes, the tree (ties resolved) and the unique parameter count."""

    point: Mapping[str, int]
    tree: Node
    total: int


Observe = Callable[[Mapping[str, int]], "Build | str"]


@dataclass
class Probes:
    """What the builds showed: the base, aligned builds to fit on and to check with, the sizes
    that change nothing (``quiet``), and those that change the structure (``fixed``, why)."""

    base: Build
    fit_on: list[Build]
    checks: list[Build] = field(default_factory=list)
    moved: dict[str, list[int]] = field(default_factory=dict)
    quiet: set[str] = field(default_factory=set)
    fixed: dict[str, str] = field(default_factory=dict)
    #: builds of one size varied alone whose modules differ from the example's, by size
    unaligned: dict[str, list[Build]] = field(default_factory=dict)
    unaligned_last: Build | None = None
    builds: int = 0


def explore(observe: Observe, sizes: Mapping[str, int], seed: int = 0,
            vary: Sequence[str] | None = None) -> Probes:
    """Build at ``sizes`` and around them (see the module's docstring)."""
    first = observe(sizes)
    if isinstance(first, str):
        raise FitError(f"it does not build at the example sizes: {first}")
    shape = outline(first.tree)
    probes = Probes(first, [first], builds=1)
    base_numbers = numbers(first.tree)

    def aligned(point: Mapping[str, int]) -> Build | str:
        probes.builds += 1
        got = observe(point)
        if isinstance(got, str):
            return got
        probes.unaligned_last = None
        if outline(got.tree) != shape:
            probes.unaligned_last = got
            return MISALIGNED
        return got

    for key in vary if vary is not None else list(sizes):
        x = sizes[key]
        kept: list[Build] = []
        why = ""
        tried: set[int] = {x}
        for probe in PROBES:
            value = probe(x)
            if value < 1 or value in tried or len(kept) == 2:
                continue
            tried.add(value)
            got = aligned({**sizes, key: value})
            if isinstance(got, str):
                why = why or f"at {key}={value}: {got}"
                if got == MISALIGNED and probes.unaligned_last is not None:
                    probes.unaligned.setdefault(key, []).append(probes.unaligned_last)
                continue
            kept.append(got)
        if kept and all(numbers(b.tree) == base_numbers for b in kept) and len(kept) == 2 \
                and key not in probes.unaligned:
            probes.quiet.add(key)  # up and down: it moves nothing
        if not kept or (key in probes.unaligned and
                        all(numbers(b.tree) == base_numbers for b in kept)):
            probes.fixed[key] = why or "no other value builds"  # moves the structure only
            continue
        probes.fit_on += kept
        if key not in probes.quiet:
            probes.moved[key] = [b.point[key] for b in kept]
    _pairs(probes, aligned, sizes)
    rng = random.Random(seed)
    probes.checks = _checks(probes, aligned, sizes, rng, CHECKS)
    return probes


def bounds(x: int, kept: Sequence[int], misaligned: Sequence[int]
           ) -> tuple[int | None, int | None]:
    """The values a size was seen to keep the example's modules over: from the lowest kept
    value above every lower value that changed them to the highest below every higher one
    (None: no value on that side changed them).

    >>> bounds(8, [4, 9], [16, 24]), bounds(32, [33], [64, 16, 96])
    ((None, 9), (32, 33))
    """
    above = min((v for v in misaligned if v > x), default=None)
    below = max((v for v in misaligned if v < x), default=None)
    hi = None if above is None else max([x, *(v for v in kept if v < above)])
    lo = None if below is None else min([x, *(v for v in kept if v > below)])
    return lo, hi


def depends(probes: Probes) -> dict[tuple[Any, ...], frozenset[str]]:
    """For each number of the tree, the sizes whose change alone moved it."""
    base = numbers(probes.base.tree)
    out = {path: set() for path in base}
    for made in probes.fit_on[1:]:
        changed = [k for k in made.point if made.point[k] != probes.base.point[k]]
        if len(changed) != 1:
            continue
        for path, value in numbers(made.tree).items():
            if value != base[path]:
                out[path].add(changed[0])
    return {path: frozenset(keys) for path, keys in out.items()}


def _pairs(probes: Probes, aligned: Callable[[Mapping[str, int]], Build | str],
           sizes: Mapping[str, int]) -> None:
    """Builds with two sizes moved together, for each pair some number moves with."""
    pairs = set()
    for keys in depends(probes).values():
        pairs |= set(itertools.combinations(sorted(keys), 2))
    for a, b in sorted(pairs):
        for va, vb in itertools.product(probes.moved.get(a, ()), probes.moved.get(b, ())):
            got = aligned({**sizes, a: va, b: vb})
            if not isinstance(got, str):
                probes.fit_on.append(got)
                break


def _checks(probes: Probes, aligned: Callable[[Mapping[str, int]], Build | str],
            sizes: Mapping[str, int], rng: random.Random, wanted: int) -> list[Build]:
    """Builds at points where every size that moves anything moves at once, none of them a
    point built before; in the first tries the sizes that moved nothing alone move too (a
    layer index that matters only beside more layers than the example's)."""
    moving = sorted(probes.moved)
    seen = {tuple(sorted(b.point.items())) for b in [*probes.fit_on, *probes.checks]}
    out: list[Build] = []
    if not moving:
        return out
    for attempt in range(CHECK_TRIES):
        if len(out) == wanted:
            break
        point = dict(sizes)
        for key in moving:
            x = sizes[key]
            point[key] = rng.choice([v for v in (x // 2, x, 2 * x, 3 * x, 4 * x) if v >= 1])
        if attempt < CHECK_TRIES // 2:
            for key in sorted(probes.quiet):
                x = sizes[key]
                point[key] = rng.choice([v for v in (x // 2, x, 2 * x) if v >= 1])
        key_ = tuple(sorted(point.items()))
        if key_ in seen or sum(point[k] != sizes[k] for k in moving) < min(2, len(moving)):
            continue
        seen.add(key_)
        got = aligned(point)
        if not isinstance(got, str):
            out.append(got)
    return out


def solve_numbers(probes: Probes, observe: Observe, seed: int = 0
                  ) -> dict[tuple[Any, ...], sympy.Expr]:
    """An exact expression for every number of the tree, checked on points it was not fitted
    on; :class:`FitError` names the first number that none fits. Where several formulas fit
    every point, a point where they differ is built to choose; where none such builds, they
    agree wherever the module builds, and the simplest is kept."""
    rng = random.Random(seed + 1)
    shape = outline(probes.base.tree)
    dependence = depends(probes)
    settled: dict[tuple[Any, ...], solve.Candidate] = {}

    def aligned(point: Mapping[str, int]) -> Build | str:
        probes.builds += 1
        got = observe(point)
        if isinstance(got, str) or outline(got.tree) != shape:
            return "it does not build there as it does at the example"
        return got

    for attempt in range(ROUNDS + 1):
        exprs, failed = _solve_round(probes, dependence, settled)
        if not failed or attempt == ROUNDS:
            break
        contradicted = False
        for path, _why, kept in failed:
            if not kept:
                contradicted = True
                continue
            used = sorted(frozenset().union(*(t.names for c in kept for t in c.terms)))
            told = _distinguish(kept, used, probes, aligned, rng)
            if told is None:
                settled[path] = kept[0]
            else:
                probes.checks.append(told)
        if contradicted and probes.checks:
            # what the checks contradicted is fitted again on them too, and checked anew
            probes.fit_on += probes.checks
            probes.checks = _checks(probes, aligned, probes.base.point, rng, CHECKS)
        elif contradicted:
            break
    if not failed:
        return exprs
    path, why, _ = failed[0]
    raise FitError(f"{place(path)}: {why}", keys=dependence[path])


def _distinguish(kept: Sequence[solve.Candidate], keys: Sequence[str], probes: Probes,
                 aligned: Callable[[Mapping[str, int]], Build | str],
                 rng: random.Random) -> Build | None:
    """A build at a point where the formulas ``kept`` give different numbers, or None where
    no such point builds (within :data:`CHECK_TRIES` tries)."""
    base = probes.base.point
    tries = 0
    for _ in range(20 * CHECK_TRIES):
        point = dict(base)
        for key in keys:
            x = base[key]
            point[key] = rng.choice([v for v in (x - 1, x + 1, x // 2 + 1, 2 * x + 1, 3 * x,
                                                 x // 3, 5 * x) if v >= 1])
        if len({c.at(point) for c in kept}) < 2:
            continue
        tries += 1
        got = aligned(point)
        if not isinstance(got, str):
            return got
        if tries == CHECK_TRIES:
            break
    return None


def _unexplained(keys: Sequence[str], base: Mapping[str, int],
                 points: Sequence[Mapping[str, int]], values: Sequence[int]) -> list[str]:
    """The sizes besides ``keys`` that differ from ``base`` at the points where the fit on
    ``keys`` alone (on the points that vary nothing else) gives another number."""
    alone = [(p, v) for p, v in zip(points, values, strict=True)
             if all(p[k] == base[k] for k in p if k not in keys)]
    found = solve.candidates(keys, [p for p, _ in alone], [v for _, v in alone])
    if len(found) != 1:
        return []
    out: set[str] = set()
    for point, value in zip(points, values, strict=True):
        if found[0].at(point) != value:
            out |= {k for k in point if point[k] != base[k] and k not in keys}
    return sorted(out)


def _hidden(points: Sequence[Mapping[str, int]], values: Sequence[int],
            keys: frozenset[str]) -> frozenset[str]:
    """Sizes a number moves with that varying each alone did not show (h in h·⌊H/h⌋, which
    is H wherever h divides H): those that differ between two points where ``keys`` agree
    and the number does not."""
    seen: dict[tuple[int, ...], tuple[Mapping[str, int], int]] = {}
    out: set[str] = set()
    for point, value in zip(points, values, strict=True):
        at = tuple(point[k] for k in sorted(keys))
        other = seen.setdefault(at, (point, value))
        if other[1] != value:
            out |= {k for k in point if point[k] != other[0][k]}
    return frozenset(out)


def _fewest(points: Sequence[Mapping[str, int]], values: Sequence[int],
            keys: frozenset[str], hidden: frozenset[str]) -> list[frozenset[str]]:
    """The smallest sets of the ``hidden`` sizes that, beside ``keys``, tell every two values
    apart (h alone in h·⌊H/h⌋, where the points that showed it differ in every size at once):
    each set of the fewest sizes that does, fewer than all of them.

    >>> pts = [{"H": 8, "h": 2, "V": 5}, {"H": 8, "h": 3, "V": 7}, {"H": 8, "h": 2, "V": 7}]
    >>> [sorted(s) for s in _fewest(pts, [8, 6, 8], frozenset({"H"}), frozenset({"h", "V"}))]
    [['h']]
    """
    for size in range(1, len(hidden)):
        found = [frozenset(combo) for combo in itertools.combinations(sorted(hidden), size)
                 if not _hidden(points, values, keys | set(combo))]
        if found:
            return found
    return []


def _solve_round(probes: Probes, dependence: Mapping[tuple[Any, ...], frozenset[str]],
                 settled: Mapping[tuple[Any, ...], solve.Candidate]
                 ) -> tuple[dict[tuple[Any, ...], sympy.Expr],
                            list[tuple[Any, str, list[solve.Candidate]]]]:
    fit_values = [numbers(b.tree) for b in probes.fit_on]
    check_values = [numbers(b.tree) for b in probes.checks]
    points = [b.point for b in probes.fit_on]
    checks = [b.point for b in probes.checks]
    base = probes.base.point
    cache: dict[Any, tuple[sympy.Expr | None, str, list[solve.Candidate]]] = {}
    stride_of = strides(probes.base.tree)
    exprs: dict[tuple[Any, ...], sympy.Expr] = {}
    failed: list[tuple[Any, str, list[solve.Candidate]]] = []
    for path in sorted(fit_values[0], key=_order):
        values = [v[path] for v in fit_values]
        wanted = [v[path] for v in check_values]
        found = _periodic(path, exprs, stride_of, points, values, checks, wanted)
        if found is not None:
            exprs[path] = found
            continue
        required = sorted(dependence[path])  # what moves it alone must be in its formula
        moving = frozenset(probes.moved)  # a size that moved nothing alone is no suspect
        hidden = _hidden(points, values, dependence[path]) & moving
        keys = sorted(dependence[path] | hidden)
        chosen_before = settled.get(path)
        if chosen_before is not None and all(
                chosen_before.at(p) == v for p, v in zip([*points, *checks], [*values, *wanted],
                                                         strict=True)):
            exprs[path] = chosen_before.expr()  # no point built tells its rivals from it
            continue
        key = (tuple(keys), tuple(values), tuple(wanted))
        if key not in cache:
            linear = {k: solve.marginal_linear(base, points, values, k) for k in keys}
            options = solve.candidates(keys, points, values, linear, required)
            if not options and hidden:  # the fewest of them that could tell the values apart
                for fewer in _fewest(points, values, dependence[path], hidden):
                    inner = sorted(dependence[path] | fewer)
                    options += solve.candidates(
                        inner, points, values,
                        {k: solve.marginal_linear(base, points, values, k) for k in inner},
                        required)
            if not options:
                more = [k for k in _unexplained(required, base, points, values)
                        if k not in keys and k in moving]
                if more:
                    linear = {k: solve.marginal_linear(base, points, values, k)
                              for k in [*keys, *more]}
                    options = solve.candidates([*keys, *more], points, values, linear,
                                               required)
            chosen, why, kept = solve.settle(options, checks, wanted)
            cache[key] = (None if chosen is None else chosen.expr(), why, kept)
        expr, why, kept = cache[key]
        if expr is None:
            failed.append((path, why, kept))
        else:
            exprs[path] = expr
    return exprs, failed


def _order(path: tuple[Any, ...]) -> tuple[int, tuple[str, ...]]:
    """Lengths first, then where runs start, then the rest: a run's count is tried as what is
    left of its list's length."""
    last = path[-1]
    rank = {"length": 0, "start": 1, "count": 2}.get(last, 3) if isinstance(last, str) else 3
    return rank, tuple(str(p) for p in path)


def _periodic(path: tuple[Any, ...], exprs: Mapping[tuple[Any, ...], sympy.Expr],
              stride_of: Mapping[tuple[Any, ...], int], points: Sequence[Mapping[str, int]],
              values: Sequence[int], checks: Sequence[Mapping[str, int]],
              wanted: Sequence[int]) -> sympy.Expr | None:
    """A run's count as the elements left from its start to the end of its list, one every
    stride: ⌈(length − start)/stride⌉, where that gives every count seen."""
    if path[-1] != "count":
        return None
    length = exprs.get((*path[:-2], "length"))
    start = exprs.get((*path[:-1], "start"))
    stride = stride_of.get(path[:-2])
    if length is None or start is None or stride is None:
        return None
    expr = sympy.floor((length - start + stride - 1) / stride) if stride > 1 else length - start
    for point, seen in zip([*points, *checks], [*values, *wanted], strict=True):
        env = {symbol(k): v for k, v in point.items()}
        if number_at(expr, env) != seen:
            return None
    return expr


def place(path: tuple[Any, ...]) -> str:
    """A number's place in words: ``layers.{#0}.fc.weight, dimension 1``."""
    names = ".".join(str(p) for p in path[:-1])
    last = path[-1]
    if isinstance(last, int):
        return f"{names} (dimension {last})"
    return f"{names} ({last})" if names else str(last)


def to_record(tree: Node, exprs: Mapping[tuple[Any, ...], sympy.Expr],
              path: tuple[Any, ...] = ()) -> dict[str, Any]:
    """The record node (:mod:`symparam.fitted.tree`) of ``tree`` with each number its
    expression."""
    items: list[list[Any]] = []
    for name, item in tree.items:
        here = (*path, name)
        if isinstance(item, Leaf):
            entry: dict[str, Any] = {"shape": [encode(exprs[(*here, d)])
                                               for d in range(len(item.shape))]}
            if item.tie is not None:
                entry["tie"] = item.tie
        elif isinstance(item, Listing):
            entry = {"runs": [{"count": encode(exprs[(*here, f"#{k}", "count")]),
                               "start": encode(exprs[(*here, f"#{k}", "start")]),
                               "stride": item.stride,
                               "node": to_record(seg.node, exprs, (*here, f"#{k}"))}
                              for k, seg in enumerate(item.segments)]}
        else:
            entry = to_record(item, exprs, here)
        items.append([name, entry])
    return {"module": tree.kind, "type": tree.type_name, "items": items}


def strides(tree: Node, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], int]:
    """Each list's stride by its path."""
    out: dict[tuple[Any, ...], int] = {}
    for name, item in tree.items:
        here = (*path, name)
        if isinstance(item, Listing):
            out[here] = item.stride
            for k, seg in enumerate(item.segments):
                out.update(strides(seg.node, (*here, f"#{k}")))
        elif isinstance(item, Node):
            out.update(strides(item, here))
    return out


@dataclass(frozen=True)
class Fitted:
    """A fitted tree: its record node, the sizes it holds (and those it could not vary, with
    why), and how many builds it took."""

    node: dict[str, Any]
    sizes: Mapping[str, int]
    quiet: frozenset[str]
    fixed: Mapping[str, str]
    builds: int
    moved: frozenset[str] = frozenset()
    #: sizes whose other values past a point make other modules: the values the fit holds for
    bounds: Mapping[str, tuple[int | None, int | None]] = field(default_factory=dict)


def fit_node(observe: Observe, sizes: Mapping[str, int], seed: int = 0,
             vary: Sequence[str] | None = None) -> Fitted:
    """The record node of the module ``observe`` builds (see the module's docstring), checked
    whole: its count equals the build's at every point built."""
    probes = explore(observe, sizes, seed, vary)
    exprs = solve_numbers(probes, observe, seed)
    node = to_record(probes.base.tree, exprs)
    tree = build(node, {}, "the fitted tree", outside=True)
    for b in [*probes.fit_on, *probes.checks]:
        env = {symbol(k): v for k, v in b.point.items()}
        got = tree.numeric(env)
        if got != b.total:
            raise FitError(f"the fitted tree counts {got} where the module has {b.total} "
                           f"at {dict(b.point)}")
    return Fitted(node, dict(sizes), frozenset(probes.quiet), dict(probes.fixed),
                  probes.builds, frozenset(probes.moved), _bounds(probes, tree))


def _bounds(probes: Probes, tree: Any) -> dict[str, tuple[int | None, int | None]]:
    """The sizes the fitted tree holds only between two values: where a size varied alone
    built other modules (more layers moving which carry an adapter) and the tree does not
    count that build, it holds up to the values seen counted on that side. Other modules
    the tree still counts (a run folded another way at one layer) bound nothing."""
    out: dict[str, tuple[int | None, int | None]] = {}
    base = probes.base.point

    def right(b: Build) -> bool:
        try:
            return bool(tree.numeric({symbol(k): v for k, v in b.point.items()}) == b.total)
        except (SymparamError, ArithmeticError, ValueError):
            return False

    for key, builds in probes.unaligned.items():
        wrong = [b.point[key] for b in builds if not right(b)]
        if not wrong:
            continue
        counted = [b.point[key] for b in [*probes.fit_on, *builds] if b.point[key] != base[key]
                   and all(b.point[k] == v for k, v in base.items() if k != key)
                   and b.point[key] not in wrong]
        out[key] = bounds(base[key], counted, wrong)
    return out
