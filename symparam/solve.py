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
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from symparam.analysis import dropouts, reason
from symparam.blocks.numbers import value as numeric_value
from symparam.errors import InvalidValueError, Param, SymparamError, UnboundError
from symparam.frozen import frozen
from symparam.integers import as_int
from symparam.limits import MAX_SOLVED, MAX_TARGET
from symparam.reports import solve_lines
from symparam.rounding import signed_percent
from symparam.tables import Shown, Table

if TYPE_CHECKING:
    from symparam.counted import Counted

#: valid values are looked for this many steps either side of the crossing
TRIES = 4096


@frozen
class Solution(Shown):
    """The best value, its count, and the neighbouring valid values below and above. Its
    ``str()`` is what ``symparam solve`` prints; in Jupyter, a table."""

    symbol: str
    target: int
    value: int
    count: int
    below: tuple[int, int] | None
    above: tuple[int, int] | None
    model: str = ""

    def to_dict(self) -> dict[str, Any]:
        """What ``symparam solve --json`` prints (the model's name aside)."""
        return {"symbol": self.symbol, "target": self.target, "value": self.value,
                "count": self.count, "below": self.below, "above": self.above}

    def _lines(self) -> list[str]:
        return solve_lines(self.model, self)

    def _tables(self) -> list[Table]:
        rows = [(label, pair[0], pair[1], signed_percent(pair[1] - self.target, self.target))
                for label, pair in (("nearest", (self.value, self.count)),
                                    ("below", self.below), ("above", self.above))
                if pair is not None]
        return [Table(solve_lines(self.model, self)[0],
                      ("", self.symbol, "parameters", f"from {self.target:,}"), tuple(rows))]


def solve(model: Counted, name: str, target: int, multiple_of: int = 1) -> Solution:
    """The value of ``name`` (a multiple of ``multiple_of``) whose count is nearest ``target``."""
    if not callable(getattr(model, "count", None)) or \
            not isinstance(getattr(model, "hyperparameters", None), list):
        raise InvalidValueError(f"solve takes a Model, not {type(model).__name__}")
    if not isinstance(name, str) or name not in model.hyperparameters:
        raise InvalidValueError(f"{name!r} is not a hyperparameter of {model.name}"
                                f" (it has {', '.join(model.hyperparameters)})")
    for what, given, top in (("the target", target, MAX_TARGET),
                             ("the multiple", multiple_of, MAX_SOLVED)):
        number = as_int(given)
        if number is None or not 0 < number <= top:
            raise InvalidValueError(f"{what} must be a whole number from 1 to {top:,}, "
                                    f"got {given!r}")
    target, multiple_of = int(target), int(multiple_of)
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
    return Solution(name, target, best[0] * multiple_of, best[1], pick(below), pick(above),
                    model.name)


def _formula(model: Counted, name: str, others: dict[str, int]) -> Callable[[int], Fraction]:
    """The count as a function of the one value, with no rule checked (it may be a fraction
    where a rule fails); raises when the count does not depend on it or lacks a value."""
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


def parse_target(text: str) -> int:
    """A target count as people write it — ``7e9``, ``7B``, ``350M``, ``7_000_000_000`` — as an
    exact positive integer (its size judged from the exponent before any arithmetic).

    >>> parse_target("7B"), parse_target("1.5e9"), parse_target("350M")
    (7000000000, 1500000000, 350000000)
    """
    from decimal import Decimal, InvalidOperation

    units = {"K": 10**3, "M": 10**6, "B": 10**9, "G": 10**9, "T": 10**12}
    if not isinstance(text, str):
        raise InvalidValueError(f"a target is a count or text like 7B, not {text!r}")
    raw = text.strip().replace("_", "").replace(",", "")
    scale = 1
    if raw[-1:].upper() in units:
        raw, scale = raw[:-1], units[raw[-1:].upper()]
    wrong = (Param("target"), f" {text!r} must be a positive whole count up to {MAX_TARGET:,}")
    if len(raw) > 40:
        raise InvalidValueError(*wrong)
    if not raw.isascii():  # digits are 0-9, as everywhere a number is read (not ١٢ or １２)
        raise InvalidValueError(Param("target"), f" {text!r} is not a number (e.g. 7e9 or "
                                "7B)")
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise InvalidValueError(Param("target"), f" {text!r} is not a number (e.g. 7e9 or "
                                "7B)") from None
    # 1e999999999 stays text: its size is read off the exponent
    if not value.is_finite() or not 0 <= value.adjusted() <= 20:
        raise InvalidValueError(*wrong)
    value *= scale
    if value > MAX_TARGET or value != value.to_integral_value():
        raise InvalidValueError(*wrong)
    return int(value)
