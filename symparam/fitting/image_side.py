"""The side of an image that no config key holds, as an input of the FLOPs (needs torch):
the symbol R, as B and s are (:mod:`symparam.fitting.flops` fits the rest).

A convolutional network (ResNet, RegNet, HGNetV2, Segformer …) takes images of any side R.
A convolution of kernel k, stride r, padding p and dilation d makes ``⌊(x + 2p − d(k −
1) − 1)/r⌋ + 1`` rows of x, and a chain of them (a stem, a pooling, each stage's stride)
folds into one quotient, ``⌊(R + c)/D⌋`` for whole c and D (``⌊⌊x/m⌋/n⌋ = ⌊x/(mn)⌋``): each
number of the forward's shapes that moves with R is a polynomial in such quotients (a
feature map's rows; its pixels flattened, ``⌊(R + c)/D⌋²``; the levels of a pyramid summed).
Each quotient is read off the forward run at sides of every remainder modulo 16 (the other
sizes at the base; the model built once): the ``(D, c)`` whose quotient spans the number's
values with its square and 1, told apart from every other that does by sides run where they
split them most evenly; the number is then fitted in those quotients and the other sizes
(:func:`solve.candidates`, as any size).

A forward that runs only at sides that some m divides (a pyramid whose upsampled maps are
added to the finer ones) is read at those sides alone, and the FLOPs file says so
(``"multiple"``); where few sides of the sweep run and no m explains them (RT-DETR's
pyramid meets where ``⌈R/16⌉ = 2⌈R/32⌉``, at 127 as at 256), at multiples of 32 alone —
a side it would run at besides is refused, never counted wrong; the least side it was
checked at is ``"least"``: a side below it, or not a multiple of m, is refused.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import sympy

from symparam.fitting import solve
from symparam.fitting.fitter import FitError
from symparam.fitting.forward import forward, run_meta
from symparam.fitting.inputs_made import FREE_SIDE
from symparam.symbols import symbol

#: the side a fit starts from; the largest stride a quotient is looked for up to
START, MAX_STRIDE = 256, 64
#: sides run besides the base (the other sizes at the base): every remainder modulo 16 among
#: them, and a few small sides
SWEEP = (*range(START + 1, START + 16), 33, 64, 127, START)
#: the stride whose multiples a side is read at where few others run
PYRAMID = 32
#: the most sides run to tell quotients apart
MAX_TELLING = 24

Atom = tuple[int, int]  # (D, c): ⌊(R + c)/D⌋


def start(fitter: Any) -> None:
    """Put R in the fitter's point where its image's side is free."""
    made = fitter.made
    if getattr(made, "free", False):
        fitter.point.setdefault(FREE_SIDE, START)
        fitter.sides, fitter.atoms, fitter.read, fitter.step = {}, [], {}, 1
    else:
        fitter.point.pop(FREE_SIDE, None)


def bound(made: Any, point: Mapping[str, int]) -> Any:
    """``made`` at ``point``'s side R, where it is a free side's image."""
    return made.bound(point) if getattr(made, "free", False) else made


def free(fitter: Any) -> bool:
    """Whether ``fitter``'s forward is run on images of the free side R."""
    return bool(getattr(fitter.made, "free", False))


def _sweep(fitter: Any, shape: set[Any]) -> dict[int, Any]:
    """The forward at each side of :data:`SWEEP` that runs with the base's operations, the
    other sizes at the base (once a fit; their failures are not conditions between sizes:
    the FLOPs file's ``"multiple"`` says them)."""
    if fitter.sides:
        return fitter.sides
    out = _runs(fitter, SWEEP, shape)
    step = math.gcd(*out) if out else 1
    if step > 1 and all(side % step for side in SWEEP if side not in out):
        out.update(_runs(fitter, range(START + step, START + step * 17, step), shape))
    fitter.step = step if step > 1 and len(out) < len(SWEEP) else 1
    if len(out) < 8:  # a pyramid whose maps meet where 32 divides the side (RT-DETR's)
        wide = _runs(fitter, [START + PYRAMID * j for j in range(-6, 10)], shape)
        if len(wide) >= 8:
            out, fitter.step = wide, PYRAMID
    if len(out) < 8:
        raise FitError(f"its forward runs at too few image sides to read them: {sorted(out)}")
    fitter.sides = out
    return out


def _runs(fitter: Any, sides: Sequence[int], shape: set[Any]) -> dict[int, Any]:
    """The forward at each of ``sides``, the other sizes at the base, of one model built
    once (the side sizes no weight); those that do not run with the base's operations left
    out, each of those run again alone (:meth:`FlopsFitter.run`: a mask built whole) and
    not kept as a failure between sizes."""
    p = fitter.point
    config = fitter.s.make_config({fitter.paths[k]: v for k, v in p.items()
                                   if k in fitter.paths})

    def each(model: Any, batch: int, seq: int) -> dict[int, Any]:
        out = {}
        for side in sides:
            try:
                out[side] = forward(model, batch, seq, made=replace(fitter.made, value=side))
            except Exception:  # run again alone below
                continue
        return out

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = run_meta(config, fitter.cls, p["B"], p.get("s", 0), each)
    ran, failed = len(fitter.ran), len(fitter.failed)
    for side in sides:
        if side not in got and len(got) < len(sides) // 2:
            r = fitter.run({**p, FREE_SIDE: side})
            if not isinstance(r, str):
                got[side] = r
    del fitter.ran[ran:], fitter.failed[failed:]
    return {k: r for k, r in got.items() if set(r.ops) == shape}


def moved(fitter: Any, base: Any, shape: set[Any], moved: dict[str, set[Any]],
          quiet: list[str]) -> None:
    """Add to ``moved`` each number of the base's shapes (and count) that differs at some
    side of the sweep: R doubled and halved, multiples of 32, may leave a number alone that
    a side of another remainder moves (R is then not ``quiet``)."""
    for r in _sweep(fitter, shape).values():
        for sig, (count, ints) in base.ops.items():
            c2, i2 = r.ops[sig]
            if c2 != count:
                moved.setdefault(FREE_SIDE, set()).add((sig, None))
            moved.setdefault(FREE_SIDE, set()).update(
                (sig, k) for k, (a, b) in enumerate(zip(ints, i2, strict=True)) if a != b)
    if moved.get(FREE_SIDE) and FREE_SIDE in quiet:
        quiet.remove(FREE_SIDE)


def seen(fitter: Any, keys: Sequence[str], value: Any) -> tuple[int, ...]:
    """A number's values at the sides run, where it moves with R (two numbers equal at the
    points every size moves at, multiples of 32 and one more, may differ at other sides:
    ⌊(R + 3)/32⌋ and ⌊(R + 7)/32⌋); () otherwise."""
    if not free(fitter) or FREE_SIDE not in keys:
        return ()
    return tuple(value(r) for _, r in sorted(fitter.sides.items()))


def _quotient(atom: Atom, side: int) -> int:
    d, c = atom
    return (side + c) // d


def _spans(columns: Sequence[Sequence[int]], rhs: Sequence[int]) -> bool:
    """Whether ``rhs`` is a sum of ``columns`` with rational coefficients (exactly)."""
    rows, pivots = solve.reduced([[*(col[i] for col in columns), rhs[i]]
                                  for i in range(len(rhs))], len(columns))
    return all(row[-1] == 0 for row in rows[len(pivots):])


def _fits(atoms: Sequence[Atom], sides: Sequence[int], values: Sequence[int]) -> bool:
    """Whether ``values`` at ``sides`` are a polynomial of degree two in the quotients."""
    qs = [[_quotient(a, x) for x in sides] for a in atoms]
    columns = [[1] * len(sides), *qs, *([a * b for a, b in zip(p, q, strict=True)]
                                        for i, p in enumerate(qs) for q in qs[i:])]
    return _spans(columns, values)


def _same(a: Atom, b: Atom, step: int) -> bool:
    """Whether two quotients are one an affine function of the other at every side that
    ``step`` divides (then a polynomial in one is one in the other: on multiples of 32,
    ``⌊R/2⌋`` is ``R/2``)."""
    period = math.lcm(a[0], b[0], step)
    pairs = {(_quotient(a, x), _quotient(b, x)) for x in range(step, 3 * period + step, step)}
    (x0, y0), *rest = sorted(pairs)
    if len({x for x, _ in pairs}) != len(pairs) or len({y for _, y in pairs}) != len(pairs):
        return False
    if not rest:
        return True
    x1, y1 = rest[0]
    return all((y - y0) * (x1 - x0) == (y1 - y0) * (x - x0) for x, y in rest)


def _atoms(fitter: Any, value: Any, shape: set[Any]) -> list[Atom]:
    """The fewest quotients of R that the number ``value`` reads is a polynomial of degree
    two in (one, else two of those other numbers were read in), told apart by sides run."""
    sides = _sweep(fitter, shape)
    step = fitter.step
    known: list[Atom] = fitter.atoms
    memo = tuple(value(sides[x]) for x in sorted(sides))
    if memo in fitter.read:
        return fitter.read[memo]
    pool = [(d, c) for d in range(1, MAX_STRIDE + 1) for c in range(d)]
    for size in (1, 2):
        choices = [(a,) for a in pool] if size == 1 else [
            (a, b) for i, a in enumerate(known) for b in known[i + 1:]]
        for _ in range(MAX_TELLING):
            xs = sorted(sides)
            vs = [value(sides[x]) for x in xs]
            choices = _distinct([c for c in choices if _function(c, xs, vs)
                                 and _fits(c, xs, vs)], step)
            side = _telling(choices, xs, step) if len(choices) > 1 else None
            if side is None:
                break
            ran, failed = len(fitter.ran), len(fitter.failed)
            r = fitter.run({**fitter.point, FREE_SIDE: side})
            del fitter.ran[ran:], fitter.failed[failed:]
            if isinstance(r, str) or set(r.ops) != shape:
                break
            sides[side] = r
        if len(choices) == 1:
            found = list(choices[0])
            fitter.atoms = list(dict.fromkeys([*known, *found]))
            fitter.read[memo] = found
            return found
        if len(choices) > 1:
            raise FitError(f"{len(choices)} quotients of the image's side fit every side run: "
                           + ", ".join(str(_expr(c[0])) for c in choices[:3]))
    raise FitError("no quotient of the image's side, nor two, fits the sides run")


def _function(atoms: Sequence[Atom], sides: Sequence[int], values: Sequence[int]) -> bool:
    """Whether equal quotients at two sides give equal values (what a polynomial in them
    must: a cheap test before :func:`_fits`)."""
    seen: dict[tuple[int, ...], int] = {}
    return all(seen.setdefault(tuple(_quotient(a, x) for a in atoms), v) == v
               for x, v in zip(sides, values, strict=True))


def _distinct(kept: list[tuple[Atom, ...]], step: int) -> list[tuple[Atom, ...]]:
    """``kept`` with each choice equal to an earlier one at every side ``step`` divides
    left out (simplest first: the smaller stride, the smaller offset)."""
    out: list[tuple[Atom, ...]] = []
    for c in kept:
        if not any(len(o) == len(c) and all(_same(a, b, step) for a, b in zip(o, c,
                                                                             strict=True))
                   for o in out):
            out.append(c)
    return out


def _telling(kept: list[tuple[Atom, ...]], seen: Sequence[int], step: int) -> int | None:
    """A side not run yet where ``kept`` differ in some quotient: the one that splits them
    most evenly (the fewest left in its largest group), so that few sides tell them apart."""
    best, most = None, len(kept)
    for x in range(START + step, START + 4 * MAX_STRIDE * step, step):
        if x in seen:
            continue
        groups: dict[tuple[int, ...], int] = {}
        for c in kept:
            at = tuple(_quotient(a, x) for a in c)
            groups[at] = groups.get(at, 0) + 1
        if len(groups) > 1 and max(groups.values()) < most:
            best, most = x, max(groups.values())
    return best


def _name(atom: Atom) -> str:
    return FREE_SIDE if atom == (1, 0) else f"q_{atom[0]}_{atom[1]}"


def _expr(atom: Atom) -> sympy.Expr:
    d, c = atom
    return symbol(FREE_SIDE) if d == 1 else sympy.floor((symbol(FREE_SIDE) + c) / d)


def fit(fitter: Any, keys: list[str], points: Sequence[Mapping[str, int]],
        values: list[int], held: Sequence[Mapping[str, int]], wanted: list[int],
        place: Any, value: Any, shape: set[Any]) -> sympy.Expr:
    """The formula of a number that moves with R: its quotients of R read (:func:`_atoms`),
    then it fitted in those and the other sizes, the sides run among the points."""
    atoms = _atoms(fitter, value, shape)
    sides = fitter.sides
    names = [_name(a) for a in atoms]

    def widened(p: Mapping[str, int]) -> dict[str, int]:
        return {**p, **{n: _quotient(a, p[FREE_SIDE]) for n, a in zip(names, atoms,
                                                                       strict=True)}}

    base = fitter.point
    extra = [({**base, FREE_SIDE: x}, value(r)) for x, r in sorted(sides.items())]
    fit_points = [widened(p) for p in [*points, *(p for p, _ in extra[::2])]]
    fit_values = [*values, *(v for _, v in extra[::2])]
    check = [widened(p) for p in [*held, *(p for p, _ in extra[1::2])]]
    check_values = [*wanted, *(v for _, v in extra[1::2])]
    others = [k for k in keys if k != FREE_SIDE]
    used = sorted({*others, *names})
    required = [k for k in used if k not in fitter.tied]
    options = solve.candidates(used, fit_points, fit_values, {}, required, squares=True)
    chosen, why, kept = solve.settle(options, check, check_values)
    if chosen is None and kept:
        chosen = kept[0] if _agree_on(kept, fitter, shape, value, widened) else None
        why = why if chosen is None else ""
    if chosen is None:
        sig, index = place
        what = "how often it runs" if index is None else f"number {index} of its shapes"
        raise FitError(f"{sig[0] or 'the model'}: {sig[2]}, {what}: {why}")
    return chosen.expr().xreplace({symbol(n): _expr(a) for n, a in zip(names, atoms,
                                                                       strict=True)})


def _agree_on(kept: list[Any], fitter: Any, shape: set[Any], value: Any,
              widened: Any) -> bool:
    """Whether the formulas ``kept`` agree at points run where they differ (then the first
    is kept); False where one run tells them apart and they do not."""
    for _ in range(40):
        p = dict(fitter.point)
        for k in p:
            if k not in ("B",):
                p[k] = fitter.rng.choice([p[k], 2 * p[k], p[k] + 1 if k == FREE_SIDE
                                          else p[k]])
        wide = widened(p)
        if len({c.at(wide) for c in kept}) < 2:
            continue
        r = fitter.run(p)
        if isinstance(r, str) or set(r.ops) != shape:
            continue
        kept[:] = [c for c in kept if c.at(wide) == value(r)]
        if len(kept) <= 1 or solve.agree(kept):
            return bool(kept)
    return False


def entry(fitter: Any, total: sympy.Expr) -> dict[str, Any]:
    """What the FLOPs file says of the free side: its symbol, the least side the fitted sum
    was checked at (every side run is), and the m every side must be a multiple of; the
    sum is checked at each side run first."""
    env = {symbol(k): sympy.Integer(v) for k, v in fitter.point.items()}
    checked = []
    for side, r in sorted(fitter.sides.items()):
        got = int(total.xreplace({**env, symbol(FREE_SIDE): sympy.Integer(side)}))
        if got != r.total:
            raise FitError(f"the fitted FLOPs give {got:,} where torch's counter gives "
                           f"{r.total:,} at an image side of {side}")
        checked.append(side)
    return {"image": {"symbol": FREE_SIDE, "least": min(checked), "multiple": fitter.step}}
