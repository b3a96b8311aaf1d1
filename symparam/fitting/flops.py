"""Forward FLOPs read off transformers' forward with torch's counter (needs torch, transformers).

Each class of a fitted type is built on the meta device and run on ``input_ids`` of B
sequences of s tokens (or, where its forward needs an image, on B images sized by its config:
:mod:`symparam.fitting.inputs_made`), attention and experts as eager code, under
``torch.utils.flop_counter.FlopCounterMode``. Beside it, each operation the counter counts
(``flop_registry``: mm, addmm, bmm, baddbmm, convolutions, attention kernels) is recorded with
the module it ran in (layer indices folded: ``model.layers.*.mlp.down_proj``), its place
among that module's counted operations, and its arguments' shapes. Built at the default sizes
(layer counts lowered), at each size (and B, s) moved alone, and at points where all move at
once, every shape's every dimension and the number of times each operation runs are solved
exactly in B, s and the sizes (:mod:`symparam.fitting.solve`, as the parameter fitter solves
a tensor's dimensions); each operation's FLOPs are then torch's own formula for it applied to
those expressions, and their sum is the forward's. The sum is checked against the counter's
total at points none of the fits used; anything that does not fit, or a forward that does not
run on the meta device, is refused with the reason, never guessed.

A flag or enum the record fits as values (``attention_bias``) is tried at its other values at
three points: where the counter's total is the formula's at all of them, the key changes no
FLOPs; otherwise a config with that value is refused.
"""

from __future__ import annotations

import functools
import random
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

import sympy

from symparam import fitted
from symparam.fitted.expr import encode
from symparam.fitting import heads, image_side, inputs_made, runs_if, solve
from symparam.fitting.audio_made import Spectrogram, Waveform
from symparam.fitting.fitter import FitError
from symparam.fitting.forward import (
    ASKS,
    GIVEN,
    UNFED,
    Run,
    Signature,
    forward,
    forward_failed,
    needed,
    only_input,
    run_meta,
    takes,
    takes_ids,
)
from symparam.fitting.keys import probe_values
from symparam.fitting.transformers_types import spec
from symparam.symbols import symbol

#: the format of a FLOPs file; another is not read
FORMAT = 1
#: the batch and sequence length a fit starts from, and the layer count it lowers to
BATCH, SEQ, LAYERS_AT = 2, 8, 2
#: points where every size moves at once: to fit on, to choose between fits, to check the sum
FIT_POINTS, SETTLE_POINTS, CHECK_POINTS = 6, 3, 3
LAYERS = re.compile(r".*(layers|depth|blocks)$")
#: sizes a sequence may pass (a sliding window, a chunk): drawn small, below and above s
WINDOW = re.compile(r".*(window|chunk).*")
#: the symbols of the batch and the sequence length
BS = ("B", "s")
class FlopsFitter:
    """The FLOPs of one class of a type, as its record's sizes give them."""

    def __init__(self, model_type: str, record: Mapping[str, Any], cls: str,
                 seed: int = 0) -> None:
        self.s, self.cls, self.record = spec(model_type), cls, record
        self.rng = random.Random(f"{seed}:{model_type}:{cls}")
        self.paths: dict[str, str] = {}  # symbol → config path
        self.point: dict[str, int] = {}
        for path, entry in record["keys"].items():
            key = self.s.keys.get(path)
            if not isinstance(entry, dict) or "size" not in entry or key is None:
                continue
            if isinstance(entry["size"], str) and type(key.value) is int and key.value > 0:
                self.paths[entry["size"]] = path
                self.point[entry["size"]] = key.value
        for name, path in self.paths.items():  # a fit costs what its layers cost
            if LAYERS.match(path) and self.point[name] > LAYERS_AT:
                self.point[name] = LAYERS_AT
        self.point.update(B=BATCH, s=SEQ)
        self.forwards, self.alone = 0, 2  # values of a size moved alone to fit on
        self.made: inputs_made.Made | Waveform | Spectrogram | None = None  # an image …
        self.tied: dict[str, set[str]] = {}
        self.ran: list[dict[str, int]] = []  # points whose forward ran, and those it did not
        self.failed: list[tuple[dict[str, int], str]] = []
        self.pad: int | None = None  # a pad token set where a classifier needs one

    def run(self, point: Mapping[str, int], options: Mapping[str, Any] | None = None
            ) -> Run | str:
        """The forward at ``point`` (and key values ``options``), or why it does not run."""
        import warnings

        self.forwards += 1
        values = {self.paths[k]: v for k, v in point.items() if k in self.paths}
        values.update(options or {})
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                done = run_meta(heads.padded(self.s.make_config(values), self.pad), self.cls,
                                point["B"], point.get("s", 0),
                                functools.partial(forward,
                                                  made=image_side.bound(self.made, point)))
        except FitError:
            raise
        except Exception as error:  # transformers refusing these sizes, or a meta tensor
            why = f"{type(error).__name__}: {' '.join(str(error).split())[:160]}"
            if not options:
                self.failed.append((dict(point), why))
            return why
        if not options:
            self.ran.append(dict(point))
        return done

    def fit(self) -> dict[str, Any]:
        """The class's FLOPs entry: the formula, its parts, what it holds and was checked at."""
        needs = needed(self.cls)
        if not needs and only_input(self.cls):  # pixel_values=None, and no token ids
            needs = [only_input(self.cls)]
        if needs:
            self._make(needs)
        base = self.run(self.point)
        if isinstance(base, str) and heads.NO_PAD.search(base):  # pools the last non-pad
            self.pad = heads.PAD
            base = self.run(self.point)
        if isinstance(base, str):
            asked = ASKS.search(base)
            if asked and (asked.group(1) != GIVEN or (self.made and not self.made.tokens)):
                self._make([asked.group(1)])
                base = self.run(self.point)
            elif self.made is None and UNFED.search(base) and takes(self.cls, inputs_made.IMAGE):
                self._make([inputs_made.IMAGE], ids=True)  # a dual encoder: an image, tokens
                base = self.run(self.point)
        if isinstance(base, str):
            layered = [k for k, p in self.paths.items() if LAYERS.match(p)]
            self.point.update({k: self.s.keys[self.paths[k]].value for k in layered})
            base = self.run(self.point)
            if isinstance(base, str):
                raise FitError(forward_failed(base))
        else:
            base = self._deepen(base)
        shape = set(base.ops)
        fit_on: list[tuple[dict[str, int], Run]] = [(dict(self.point), base)]
        moved: dict[str, set[Signature | tuple[Signature, int]]] = {}
        quiet: list[str] = []
        fixed: dict[str, int] = {}
        for key in self.point:
            x = self.point[key]
            got = 0
            for v in (2 * x, x // 2, 3 * x, x + 1):
                if v < 1 or v == x or got == self.alone:
                    continue
                p = {**self.point, key: v}
                r = self.run(p)
                if isinstance(r, str) or set(r.ops) != shape:
                    continue
                got += 1
                fit_on.append((p, r))
                moved.setdefault(key, set()).update(_differ(base, r))
            if not got:
                fixed[key] = x
            elif not moved.get(key):
                quiet.append(key)
        if image_side.free(self):  # what moves with R at sides no multiple of 32
            image_side.moved(self, base, shape, moved, quiet)
        tied = self._tied(fixed, base, shape, fit_on, moved)
        if "B" in fixed or "s" in fixed:
            raise FitError("its forward does not run at other batch sizes or lengths on the "
                           "meta device")
        moving = [k for k in self.point if k not in fixed and k not in quiet]
        settle_on = self._drawn(moving, SETTLE_POINTS + FIT_POINTS, shape)
        if len(settle_on) < SETTLE_POINTS + FIT_POINTS:
            settle_on += self._drawn(moving, SETTLE_POINTS + FIT_POINTS - len(settle_on), shape,
                                     gentle=True)
        fit_on += settle_on[:FIT_POINTS]
        settle_on = settle_on[FIT_POINTS:]
        self.tied = tied
        exprs = self._solve(base, fit_on, settle_on, moved)
        total, parts = self._sum(base, exprs)
        checks = self._drawn(moving, CHECK_POINTS, shape)
        if len(checks) < CHECK_POINTS:  # sizes that must divide each other: doubled or kept
            checks += self._drawn(moving, CHECK_POINTS - len(checks), shape, gentle=True)
        if len(checks) < CHECK_POINTS:
            raise FitError(f"fewer than {CHECK_POINTS} points where every size moves run, to "
                           "check the fit on")
        for p, r in [*fit_on, *settle_on, *checks]:
            got = _at(total, p)
            if got != r.total:
                raise FitError(f"the fitted FLOPs give {got:,} where torch's counter gives "
                               f"{r.total:,} at {_shown(p)}")
        whole = {**self.point, **{k: self.s.keys[path].value for k, path in self.paths.items()
                                  if LAYERS.match(path)}}
        if whole != self.point:  # the default's depth: dense layers first, a period of kinds
            r = self.run(whole)  # that the lowered builds may not hold
            if isinstance(r, str):
                raise FitError(forward_failed(r, " at the default's layer counts"))
            if _at(total, whole) != r.total:
                raise FitError(f"the fitted FLOPs give {_at(total, whole):,} where torch's "
                               f"counter gives {r.total:,} at the default's layer counts "
                               f"({_shown(whole)})")
        entry: dict[str, Any] = {
            "flops": encode(total),
            "parts": [[name, encode(e)] for name, e in parts],
            "sizes": sorted(k for k in moving if k not in BS),
            "quiet": sorted(quiet), "fixed": {**self._held(), **fixed},
            "checked": [dict(p) for p, _ in checks],
        }
        entry["runs_if"] = (runs_if.between([k for k in moving if k not in BS], self.ran,
                                            self.failed)
                            + runs_if.even(self, exprs)
                            + runs_if.products(tied, self.ran, self.failed))
        entry["keys"] = self._keys(total, [dict(self.point), *(p for p, _ in checks[:2])])
        if self.made is not None:
            entry["inputs"] = self.made.shapes(self.record, self.s.make_config({}))
            entry.update(self.made.oracle_keys())  # the config keys it is made by
        entry.update({"pad_token_id": self.pad} if self.pad is not None else {})
        if image_side.free(self):  # R's least value and the multiple it must be
            entry.update(image_side.entry(self, total))
        entry["forwards"] = self.forwards
        return entry

    def _make(self, needs: Sequence[str], ids: bool = False) -> None:
        """Feed the forward what it needs besides (or instead of) ``input_ids``, as
        :func:`inputs_made.plan` says: an image (the point then has no s where no token ids
        are fed), a waveform of s frames; a :class:`FitError` names what is not made. The
        runs before are forgotten (their failures were the missing input's)."""
        before = self.made
        wanted = [*needs, *([inputs_made.IMAGE] if before else [])]
        self.made = inputs_made.plan(self.record, list(dict.fromkeys(wanted)),
                                     ids or takes_ids(self.cls)
                                     or bool(before and before.tokens))
        self.alone = 4 if isinstance(self.made, Waveform) else 2  # x + 1: K's parity
        image_side.start(self)  # R, an image's side no key holds
        if self.made.sequence:
            self.point.setdefault("s", SEQ)
        else:
            self.point.pop("s", None)
        self.ran.clear()
        self.failed.clear()

    def _held(self) -> dict[str, int]:
        """The record's symbols this fit never moves (a size the record holds fixed, a
        period of layer kinds fitted as values: Flint's ``decoder_sparse_step``), at the value
        every run had, its default config's: another value is refused."""
        out: dict[str, int] = {}
        for path, entry in self.record["keys"].items():
            name = entry.get("symbol") if isinstance(entry, dict) else None
            key = self.s.keys.get(path)
            if isinstance(name, str) and name not in self.paths and key is not None \
                    and type(key.value) is int:
                out[name] = key.value
        return out

    def _deepen(self, base: Run) -> Run:
        """The base run at layer counts deep enough to run every operation the default's
        depth runs (Flint's first two layers are dense, the others sparse: two layers run
        no experts): lowered to 2, else 4, 8 or 16 where that runs the same operations."""
        full = {k: self.s.keys[path].value for k, path in self.paths.items()
                if LAYERS.match(path)}
        if all(self.point[k] == v for k, v in full.items()):
            return base
        whole = self.run({**self.point, **full})
        depth = LAYERS_AT
        while not isinstance(whole, str) and set(base.ops) != set(whole.ops) and depth < 16:
            depth *= 2
            p = {**self.point, **{k: min(v, depth) for k, v in full.items()}}
            r = self.run(p)
            if isinstance(r, str):
                break
            if set(r.ops) == set(whole.ops):
                self.point = p
                return r
        return base

    def _drawn(self, moving: Sequence[str], wanted: int, shape: set[Signature],
               gentle: bool = False) -> list[tuple[dict[str, int], Run]]:
        """Points where every size moves (halved, kept or doubled; B and s drawn, and a
        window or chunk small enough for s to pass it), that run with the base's
        operations; ``gentle``: each size kept or doubled, which keeps most sizes that must
        divide each other dividing."""
        out: list[tuple[dict[str, int], Run]] = []
        for _ in range(10 * wanted):
            if len(out) == wanted:
                break
            p = dict(self.point)
            for k in moving:
                if k == "B":
                    p[k] = self.rng.randint(1, 5)
                elif k == "s":
                    p[k] = self.rng.randint(1, 40)
                elif WINDOW.match(self.paths.get(k, "")):  # a window the sequence may pass
                    p[k] = self.rng.randint(1, 24)
                else:
                    p[k] = self.rng.choice([p[k], 2 * p[k]]) if gentle else \
                        max(1, self.rng.choice([p[k] // 2, p[k], 2 * p[k], p[k] + 1]))
            r = self.run(p)
            if not isinstance(r, str) and set(r.ops) == shape:
                out.append((p, r))
        return out

    def _solve(self, base: Run, fit_on: Sequence[tuple[dict[str, int], Run]],
               settle_on: Sequence[tuple[dict[str, int], Run]],
               moved: Mapping[str, set[Any]]) -> dict[Any, sympy.Expr]:
        """An exact expression for each operation's count and each number of its shapes."""
        points = [p for p, _ in fit_on]
        held = [p for p, _ in settle_on]
        out: dict[Any, sympy.Expr] = {}
        cache: dict[Any, sympy.Expr] = {}
        for sig, (_, ints) in base.ops.items():
            for index in (None, *range(len(ints))):
                place = (sig, index)

                def value(r: Run, sig: Signature = sig, index: int | None = index) -> int:
                    count, ints = r.ops[sig]
                    return count if index is None else ints[index]

                values = [value(r) for _, r in fit_on]
                wanted = [value(r) for _, r in settle_on]
                keys = sorted(k for k, places in moved.items() if place in places)
                if any(k in self.tied for k in keys):  # moved together: either may hold it
                    keys = sorted(set(keys) | {k for k in keys for k in self.tied.get(k, ())})
                memo = (tuple(keys), tuple(values), tuple(wanted),
                        image_side.seen(self, keys, value))  # R's sides: values there too
                if memo not in cache:
                    cache[memo] = self._widened(keys, points, values, held, wanted, place,
                                                value, set(base.ops))
                out[place] = cache[memo]
        return out

    def _one(self, keys: list[str], points: Sequence[Mapping[str, int]], values: list[int],
             held: Sequence[Mapping[str, int]], wanted: list[int], place: Any,
             value: Any, shape: set[Signature], factor: bool = True) -> sympy.Expr:
        """The one formula of a number; where several fit every point, points that tell
        them apart are run (the simplest kept where none runs). On images, a product of a
        size by the rest is tried first (:meth:`_per_image`)."""
        if self.made is not None and factor and "B" in keys and len(keys) > 1:
            each = self._per_image(keys, points, values, held, wanted, place, value, shape)
            if each is not None:
                return each
        if image_side.free(self) and inputs_made.FREE_SIDE in keys:  # its floors: R's
            return image_side.fit(self, keys, points, values, held, wanted, place, value, shape)
        linear = {k: solve.marginal_linear(self.point, points, values, k) for k in keys}
        required = [k for k in keys if k not in self.tied]
        options = solve.candidates(keys, points, values, linear, required,
                                   squares=self.made is not None,
                                   halves=isinstance(self.made, Waveform))
        chosen, why, kept = solve.settle(options, held, wanted)
        tries = 0
        while chosen is None and kept and tries < 200:
            tries += 1
            p = dict(self.point)
            for k in keys:
                x = p[k]
                p[k] = self.rng.choice([v for v in (x - 1, x + 1, x // 2 + 1, 2 * x + 1, 3 * x,
                                                    x // 3, 5 * x) if v >= 1])
            if len({c.at(p) for c in kept}) < 2:
                continue
            r = self.run(p)
            if isinstance(r, str) or set(r.ops) != shape:
                if tries > 40:
                    chosen = kept[0]  # nothing that runs tells them apart
                continue
            kept = [c for c in kept if c.at(p) == value(r)]
            if not kept:
                why = "the fits found do not hold where they differ"
            elif solve.agree(kept):
                chosen = kept[0]
        if chosen is None:
            sig, index = place
            what = "how often it runs" if index is None else f"number {index} of its shapes"
            raise FitError(f"{sig[0] or 'the model'}: {sig[2]}, {what}: {why}")
        return chosen.expr()

    def _widened(self, keys: list[str], points: Sequence[Mapping[str, int]],
                 values: list[int], held: Sequence[Mapping[str, int]], wanted: list[int],
                 place: Any, value: Any, shape: set[Signature]) -> sympy.Expr:
        """:meth:`_one`, and where nothing fits in the sizes that moved the number alone,
        in those and one more that two points equal in them but of different values tell
        apart (h in ``h·⌊H/h⌋``, which is H wherever h divides H: h moved alone shows
        nothing)."""
        try:
            return self._one(keys, points, values, held, wanted, place, value, shape)
        except FitError as error:
            seen: dict[tuple[int, ...], list[tuple[Mapping[str, int], int]]] = {}
            for p, v in [*zip(points, values, strict=True), *zip(held, wanted, strict=True)]:
                seen.setdefault(tuple(p[k] for k in keys), []).append((p, v))
            telling = sorted({k for group in seen.values() for (p, v) in group
                              for (q, w) in group if v != w for k in p
                              if k not in keys and p[k] != q.get(k)})
            for extra in telling:
                try:
                    return self._one(sorted([*keys, extra]), points, values, held, wanted,
                                     place, value, shape)
                except FitError:
                    continue
            raise error from None

    def _per_image(self, keys: list[str], points: Sequence[Mapping[str, int]],
                   values: list[int], held: Sequence[Mapping[str, int]], wanted: list[int],
                   place: Any, value: Any, shape: set[Signature], depth: int = 0
                   ) -> sympy.Expr | None:
        """A number that is a size times one in the other sizes (an image's patches
        flattened over the batch, ``B·(⌊R/P⌋² + 1)``, or over the batch and the heads,
        ``B·h·⌊R/P⌋²``: more factors than a term of :mod:`solve` holds), fitted as that size
        times the rest — B first, then each other size it divides at every point, two deep;
        None where it is no such product, or nothing fits it so."""
        if depth == 2 or len(keys) < 2:
            return None
        seen = [*zip(points, values, strict=True), *zip(held, wanted, strict=True)]
        for key in sorted(keys, key=lambda k: (k != "B", k)):
            if any(p[key] == 0 or v % p[key] for p, v in seen):
                continue
            at = self.point[key]

            def each(r: Run, at: int = at) -> int:  # settling runs move the others only
                return int(value(r)) // at

            rest = [k for k in keys if k != key]
            inner = [v // p[key] for p, v in zip(points, values, strict=True)]
            kept = [v // p[key] for p, v in zip(held, wanted, strict=True)]
            per = self._per_image(rest, points, inner, held, kept, place, each, shape,
                                  depth + 1)
            if per is None:
                try:
                    per = self._one(rest, points, inner, held, kept, place, each, shape,
                                    factor=False)
                except FitError:
                    continue
            return symbol(key) * per
        return None

    def _sum(self, base: Run, exprs: Mapping[Any, sympy.Expr]
             ) -> tuple[sympy.Expr, list[tuple[str, sympy.Expr]]]:
        """torch's formula for each operation applied to its fitted shapes, times how often
        it runs; summed, and by part (the module path's first two names)."""
        from torch.utils._pytree import tree_unflatten
        from torch.utils.flop_counter import flop_registry

        parts: dict[str, sympy.Expr] = {}
        for sig in base.ops:
            packet, spec, leaves = base.specs[sig]
            formula = getattr(flop_registry[packet], "__wrapped__", None)
            if formula is None:
                raise FitError(f"{sig[0]}: torch's counter has no shape formula for {sig[2]}")
            k = 0
            symbolic = []
            for leaf in leaves:
                if type(leaf) is int:
                    symbolic.append(exprs[(sig, k)])
                    k += 1
                else:
                    symbolic.append(leaf)
            args, kwargs, out = tree_unflatten(symbolic, spec)
            try:
                each = formula(*args, out_shape=out, **kwargs)
                each = sympy.Integer(each) if isinstance(each, int) else each
            except Exception as error:  # torch's formula asks more of a shape than a product
                raise FitError(f"{sig[0]}: torch's formula for {sig[2]} does not take the "
                               f"fitted shapes ({type(error).__name__})") from None
            name = ".".join(sig[0].split(".")[:2]) or "(the model's own code)"
            parts[name] = parts.get(name, sympy.Integer(0)) + exprs[(sig, None)] * each
        parts = {k: sympy.expand(v) for k, v in parts.items() if sympy.expand(v) != 0}
        return sympy.expand(sum(parts.values(), sympy.Integer(0))), sorted(parts.items())

    def _tied(self, fixed: dict[str, int], base: Run, shape: set[Signature],
              fit_on: list[tuple[dict[str, int], Run]], moved: dict[str, set[Any]]
              ) -> dict[str, set[str]]:
        """Sizes whose forward runs only moved with another (Helium's attention needs H =
        h·d_head): each doubled with each other size held fixed, and the builds that run
        fitted on; they are no longer fixed, and each is fitted in the sizes it moves with."""
        tied: dict[str, set[str]] = {}
        sizes = [k for k in fixed if k not in BS]
        for key in sizes:
            for other in sizes:
                if other == key:
                    continue
                p = {**self.point, key: 2 * self.point[key], other: 2 * self.point[other]}
                r = self.run(p)
                if isinstance(r, str) or set(r.ops) != shape:
                    continue
                fit_on.append((p, r))
                moved.setdefault(key, set()).update(_differ(base, r))
                tied.setdefault(key, set()).add(other)
        for key in tied:
            fixed.pop(key, None)
        return tied

    def _keys(self, total: sympy.Expr, points: Sequence[dict[str, int]]
              ) -> dict[str, list[Any]]:
        """For each key the record fits values of, the values that change no FLOPs (the
        counter's total is the formula's at the base and at two of the check points); the
        others are refused where a config gives them."""

        out: dict[str, list[Any]] = {}
        for path, entry in self.record["keys"].items():
            if not isinstance(entry, dict) or "values" not in entry:
                continue
            default = entry.get("default")
            kept = [default]
            key = self.s.keys.get(path)
            for value in entry["values"]:
                if value == default or key is None or value not in [key.value,
                                                                    *probe_values(key)]:
                    continue
                runs = [self.run(p, {path: value}) for p in points]
                if all(not isinstance(r, str) and r.total == _at(total, p)
                                            for p, r in zip(points, runs, strict=True)):
                    kept.append(value)
            out[path] = kept
        return out


def _differ(base: Run, other: Run) -> set[Any]:
    out: set[Any] = set()
    for sig, (count, ints) in base.ops.items():
        c2, i2 = other.ops[sig]
        if c2 != count:
            out.add((sig, None))
        out.update((sig, k) for k, (a, b) in enumerate(zip(ints, i2, strict=True)) if a != b)
    return out


def _at(expr: sympy.Expr, point: Mapping[str, int]) -> int:
    value = expr.xreplace({symbol(k): sympy.Integer(v) for k, v in point.items()})
    return int(value)


def _shown(point: Mapping[str, int]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in point.items())


def fit_flops(model_type: str, seed: int = 0, only: Sequence[str] = ()) -> dict[str, Any]:
    """The FLOPs file of ``model_type`` (plain JSON data): each class of its record (or of
    ``only``) fitted, or refused with why (:func:`heads.unread`)."""
    import torch
    import transformers

    record = fitted.load(model_type)
    classes: dict[str, Any] = {}
    refused: dict[str, str] = {}
    for cls in [c for c in record["classes"] if not only or c in only]:
        if (why := heads.unread(cls, record["base"])) is not None:
            refused[cls] = why
            continue
        try:
            classes[cls] = FlopsFitter(model_type, record, cls, seed).fit()
        except FitError as error:
            refused[cls] = str(error)
    return {"format": FORMAT, "model_type": model_type,
            "transformers": transformers.__version__,
            "torch": torch.__version__.split("+")[0], "seed": seed,
            "classes": classes, "refused": refused}


def main(argv: list[str]) -> int:
    """``python -m symparam.fitting.flops MODEL_TYPE OUT.json [CLASS …]``: one type's FLOPs
    file (of those classes only, where named)."""
    import json

    model_type, out, *only = argv
    started = time.process_time()
    try:
        data = fit_flops(model_type, only=only)
    except Exception as error:  # the record, or transformers, failing on the default
        data = {"format": FORMAT, "model_type": model_type, "classes": {},
                "refused": {"*": f"{type(error).__name__}: {str(error)[:200]}"}}
    data["cpu_seconds"] = round(time.process_time() - started, 1)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
