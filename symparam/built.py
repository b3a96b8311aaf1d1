"""A model as :func:`symparam.model` returns it: what it counts (:class:`~symparam.counted.Counted`)
and the questions each command asks of it (:class:`~symparam.questions.Questions`), with its
formula, derivation and sweeps, and its notebook display.

>>> import symparam
>>> m = symparam.model("bert-base-uncased")
>>> m.count(), m.flops(seq=128).flops
(109482240, 22348431360)
>>> m.derive()
Derivation(bert-base-uncased: BertModel, 109,482,240)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from symparam.counted import Counted
from symparam.errors import SymparamError
from symparam.parts import Part, Parts
from symparam.questions import Questions
from symparam.reported import Described, Overridden, Reported
from symparam.symbols import is_known, lookup
from symparam.tables import Rich, Table, human, plain

if TYPE_CHECKING:
    from symparam.analysis import Formula
    from symparam.derivation import Derivation
    from symparam.diff import Diff
    from symparam.sweep import Sweep

__all__ = ["Described", "Model", "Overridden", "Part", "Parts", "Reported"]


class Model(Counted, Questions, Rich):
    """A block tree plus what makes it a particular model: assumptions, options, values, and
    the questions each command asks of it.

    In Jupyter it shows as tables (its count, formula and hyperparameters); :meth:`to_dict`
    and :meth:`to_pandas` give the same as data (a frame of one row, to concatenate)."""

    def evaluate(self, **arrays: Any) -> Any:
        """The total for many combinations at once: arrays (or lists) of values by name,
        broadcast together, the model's own values for the rest. Exact either way: with numpy
        (a numpy array, int64 when no intermediate value can pass 2⁶³ − 1, else Python integers
        and a warning saying so), or without it (nested lists of Python integers). Refuses,
        naming the first, if a combination breaks a rule of the model (h must divide H …)."""
        from symparam.sweep import evaluate

        return evaluate(self, arrays)

    def sweep(self, **ranges: Sequence[int]) -> Sweep:
        """The count at every combination of the values given by name (a grid; the first name
        varies slowest), skipping the combinations that break a rule of the model and naming
        them in ``.skipped``. Shows as a table in Jupyter; ``.to_pandas()`` gives a frame."""
        from symparam.sweep import sweep

        return sweep(self, ranges)

    def formula(self) -> Formula:
        """The total grouped as a person writes it (``N·(…) + …``); shows as LaTeX in Jupyter."""
        from symparam.analysis import Formula, structured

        return Formula(self.params, form=structured(self))

    def derive(self, symbolic: bool = False, seq: int | None = None, batch: int = 1,
               layout: Any = None, optimizer: str = "adam-mixed", recompute: str = "none",
               dtype: str = "bf16", gpu_memory: int | None = None) -> Derivation:
        """The step-by-step derivation (``symbolic``: the family's, with no numbers); with
        ``seq``, a compute section for ``batch`` sequences of ``seq`` tokens; with a
        ``layout`` (:class:`symparam.placement.Layout`), the bytes on its most loaded GPU as
        :meth:`per_gpu` gives them (``optimizer``, ``recompute``, ``dtype``), and whether they
        fit in ``gpu_memory`` bytes."""
        from symparam.derivation import derive

        return derive(self, symbolic=symbolic, seq=seq, batch=batch, layout=layout,
                      training=(optimizer, recompute, dtype), gpu_memory=gpu_memory)

    def diff(self, other: Model, quantity: str = "params", seq: int | None = None,
             batch: int | None = None) -> Diff:
        """What changed from this model to ``other``, term by term (``symparam diff``): by
        part and by cause, summing to ``other``'s count minus this one's
        (:func:`symparam.diff.diff`; ``quantity`` ``flops`` or ``kv_cache`` with ``seq``)."""
        from symparam.diff import diff

        return diff(self, other, quantity, seq=seq, batch=batch)

    def __repr__(self) -> str:
        return f"Model({self.name!r}, {self.architecture}, params={self.params})"

    def to_dict(self) -> dict[str, Any]:
        """Name, class, family, count (None without values), active count, formula, values,
        assumptions and options, as plain data."""
        from symparam.printing import text  # the printer loads with the first formula shown

        return {"name": self.name, "architecture": self.label, "family": self.family.title,
                "params": self.count_or_none(), "active_params": self.count_or_none(active=True),
                "formula": text(self.formula().grouped), "expanded": text(self.params),
                "values": dict(self.values),
                "assumptions": [str(a) for a in self.assumptions],
                "options": plain(self.options)}

    def _tables(self) -> list[Table]:
        from symparam.printing import text

        data = self.to_dict()
        total, active = data["params"], data["active_params"]
        rows: list[tuple[Any, ...]] = []
        if total is not None:
            rows.append(("parameters", total, human(total)))
            if active is not None and active != total:
                rows.append(("active per token", active, human(active)))
        notes = [f"P = {data['formula']}"]
        if data["assumptions"]:
            notes.append(f"assumes {', '.join(data['assumptions'])}")
        if total is None:
            unbound = sorted({s.name for s in self.params.free_symbols} - set(self.values))
            notes.append(f"no count: give {', '.join(unbound)} a value")
        summary = Table(f"{self.name}: {self.label} ({self.family.title})",
                        ("", "exact", "about"), tuple(rows), tuple(notes))
        assumed = {a.name: a for a in self.assumptions}
        hyper = []
        for name in self.hyperparameters:
            meaning = lookup(name).meaning if is_known(name) else ""
            rule = f"{name} = {text(assumed[name].expr)}" if name in assumed else None
            hyper.append((name, meaning, self._shown_value(name), rule))
        return [summary, Table("hyperparameters", ("symbol", "meaning", "value", "assumed"),
                               tuple(hyper))]

    def _frame(self) -> Table:
        """One row: the model's counts and values, so frames of several models concatenate."""
        names = list(self.hyperparameters)
        return Table(self.name, ("model", "params", "active_params", *names),
                     ((self.name, self.count_or_none(), self.count_or_none(active=True),
                       *(self._shown_value(n) for n in names)),))

    def _shown_value(self, name: str) -> int | None:
        """``name``'s value: given, or worked out from an assumption (d_head = H/h); None if
        neither."""
        if name in self.values:
            return self.values[name]
        assumed = {a.name: a for a in self.assumptions}
        if name not in assumed:
            return None
        try:
            return self.value_of(assumed[name].expr)
        except SymparamError:
            return None
