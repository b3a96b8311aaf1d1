"""Solving for a size: which value of one hyperparameter gives a target count.

The count is a formula in the free hyperparameter once the others have their values; it moves
one way as that one grows, so a bisection on the formula finds where it crosses the target
(40 steps, no rule checked). The nearest values on either side that keep the model's rules
(heads that divide H …) are then looked for step by step, each evaluated exactly, on
multiples of ``multiple_of``. A hyperparameter the count does not depend on has no answer:
that is said, with the reason it drops out.

>>> import symparam
>>> result = solve(symparam.model("llama-2-7b"), "H", 7_000_000_000, multiple_of=128)
>>> result.value, result.below[1] <= 7_000_000_000 <= result.above[1]
(4224, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from symparam.blocks.base import value as numeric_value
from symparam.errors import InvalidValueError, Param, SymparamError, UnboundError
from symparam.limits import MAX_SOLVED, MAX_TARGET
from symparam.model import Model

#: valid values are looked for this many steps either side of the crossing
TRIES = 4096


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
    if not isinstance(model, Model):
        raise InvalidValueError(f"solve takes a Model, not {type(model).__name__}")
    if not isinstance(name, str) or name not in model.hyperparameters:
        raise InvalidValueError(f"{name!r} is not a hyperparameter of {model.name}"
                                f" (it has {', '.join(model.hyperparameters)})")
    for what, number, top in (("the target", target, MAX_TARGET),
                              ("the multiple", multiple_of, MAX_SOLVED)):
        if isinstance(number, bool) or not isinstance(number, int) or not 0 < number <= top:
            raise InvalidValueError(f"{what} must be a whole number from 1 to {top:,}, "
                                    f"got {number!r}")
    others = {k: v for k, v in model.values.items() if k != name}
    formula = _formula(model, name, others)
    steps = MAX_SOLVED // multiple_of

    def count(step: int) -> int | None:
        try:
            return model.count(**{**others, name: step * multiple_of})
        except UnboundError:
            raise
        except SymparamError:
            return None  # this value breaks a rule (h must divide H …): skip it

    crossing = _crossing(lambda step: formula(step * multiple_of), target, steps)
    above = _first_valid(count, range(crossing, min(steps, crossing + TRIES - 1) + 1))
    below = _first_valid(count, range(crossing - 1, max(0, crossing - 1 - TRIES), -1))
    options = [c for c in (below, above) if c is not None]
    if not options:
        raise InvalidValueError(
            f"no value of {name} within {TRIES:,} steps of {crossing * multiple_of:,} keeps "
            f"the rules of {model.name}; try ", Param("multiple_of"),
            " with a multiple they need")
    best = min(options, key=lambda c: (abs(c[1] - target), c[0]))
    pick = lambda c: None if c is None else (c[0] * multiple_of, c[1])  # noqa: E731
    return Solution(name, target, best[0] * multiple_of, best[1], pick(below), pick(above))


def _formula(model: Model, name: str, others: dict[str, int]) -> Callable[[int], Fraction]:
    """The count as a function of the one value, with no rule checked (it may be a fraction
    where a rule fails); raises when the count does not depend on it or lacks a value."""
    from symparam.analysis import dropouts, reason

    assumptions = model.assumptions_for({**others, name: 1})
    expr = model._params_under(assumptions)
    symbols = {s.name: s for s in expr.free_symbols}
    if name not in symbols:
        drop = next((d for d in dropouts(model) if d.symbol.name == name), None)
        why = reason(drop) if drop is not None else f"{name} does not appear in the total"
        raise InvalidValueError(f"no value of {name} gives a target count: the count does not "
                                f"depend on it ({why})")
    missing = sorted(n for n in symbols if n != name and n not in others)
    if missing:
        raise UnboundError(missing)
    env = {s: Fraction(others[n]) for n, s in symbols.items() if n != name}
    mine = symbols[name]
    return lambda x: Fraction(numeric_value(expr, {**env, mine: Fraction(x)}))


def _crossing(formula: Callable[[int], Fraction], target: int, steps: int) -> int:
    """The first step (1 … steps + 1) at which the count reaches the target, the count taken
    as growing or shrinking with the value as it does between the ends."""
    growing = formula(1) <= formula(steps)

    def reached(step: int) -> bool:
        return formula(step) >= target if growing else formula(step) <= target

    low, high = 1, steps + 1  # reached(high) is taken as true
    while low < high:
        middle = (low + high) // 2
        if reached(middle):
            high = middle
        else:
            low = middle + 1
    return low


def _first_valid(count: Callable[[int], int | None], steps: range) -> tuple[int, int] | None:
    for step in steps:
        value = count(step)
        if value is not None:
            return step, value
    return None
