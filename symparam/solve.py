"""Solving for a size: which value of one hyperparameter gives a target count.

The count grows with every size, so an integer search over the free hyperparameter finds the
value whose count is nearest the target, on multiples of ``multiple_of``; every candidate is
evaluated exactly and must satisfy the model's rules (heads that divide H …).

>>> import symparam
>>> result = solve(symparam.model("llama-2-7b"), "H", 7_000_000_000, multiple_of=128)
>>> result.value, result.below[1] <= 7_000_000_000 <= result.above[1]
(4224, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from symparam.errors import InvalidValueError, SymparamError, UnboundError
from symparam.limits import MAX_SOLVED
from symparam.model import Model


@dataclass(frozen=True)
class Solution:
    """The best value, its count, and the neighbouring valid values below and above."""

    symbol: str
    target: int
    value: int
    count: int
    below: tuple[int, int] | None
    above: tuple[int, int] | None


def solve(model: Model, name: str, target: int, multiple_of: int = 1) -> Solution:
    """The value of ``name`` (a multiple of ``multiple_of``) whose count is nearest ``target``."""
    if name not in model.hyperparameters:
        raise InvalidValueError(f"{name} is not a hyperparameter of {model.name}"
                                f" (it has {', '.join(model.hyperparameters)})")
    if target <= 0 or multiple_of <= 0:
        raise InvalidValueError("the target and the multiple must be positive")
    others = {k: v for k, v in model.values.items() if k != name}

    def count(step: int) -> int | None:
        try:
            return model.count(**{**others, name: step * multiple_of})
        except UnboundError:
            raise
        except SymparamError:
            return None  # this value breaks a rule (h must divide H …): skip it

    low, high = 1, MAX_SOLVED // multiple_of
    if (first := _valid_at_or_after(count, low, high)) is None:
        raise InvalidValueError(f"no value of {name} satisfies the model's rules")
    if first[1] >= target:
        high = first[0]
    while low < high:  # smallest step whose count reaches the target
        middle = (low + high) // 2
        found = _valid_at_or_after(count, middle, high)
        if found is None or found[1] >= target:
            high = middle if found is None else min(high, found[0])
        else:
            low = found[0] + 1
    above = _valid_at_or_after(count, high, MAX_SOLVED // multiple_of)
    below = _valid_at_or_before(count, high - 1)
    options = [c for c in (below, above) if c is not None]
    best = min(options, key=lambda c: (abs(c[1] - target), c[0]))
    pick = lambda c: None if c is None else (c[0] * multiple_of, c[1])  # noqa: E731
    return Solution(name, target, best[0] * multiple_of, best[1], pick(below), pick(above))


def _valid_at_or_after(count, start: int, stop: int, tries: int = 64):  # type: ignore[no-untyped-def]
    for step in range(start, min(stop, start + tries) + 1):
        value = count(step)
        if value is not None:
            return step, value
    return None


def _valid_at_or_before(count, start: int, tries: int = 64):  # type: ignore[no-untyped-def]
    for step in range(start, max(0, start - tries), -1):
        value = count(step)
        if value is not None:
            return step, value
    return None
