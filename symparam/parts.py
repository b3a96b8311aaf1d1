"""A model's breakdown: each top-level block or stack of layers as a :class:`Part`, with its
repeat count, tied tensors and formula; :class:`Parts` lists them and shows as a table of each
part's count and share of the total (:meth:`symparam.counted.Counted.parts`).

>>> import symparam
>>> [(p.name, p.repeat) for p in symparam.model("gpt2").parts()]
[('transformer.wte', None), ('transformer.wpe', None), ('transformer.h', N),
 ('transformer.ln_f', None), ('lm_head', None)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import field
from functools import cached_property
from typing import Any

import sympy

from symparam.blocks import Block, TensorInfo
from symparam.bounds import expand
from symparam.errors import UnboundError
from symparam.frozen import frozen
from symparam.tables import Rich, Table, human, share


@frozen
class Part(Rich):
    """A part of a model's breakdown: a top-level block, or a stack of layers, with its repeat
    count and tied tensors (under the model's assumptions, ``mapping``). Its ``formula`` is built
    only when asked for (a text count does not need the sum)."""

    name: str
    block: Block
    repeat: sympy.Expr | None
    tied: tuple[TensorInfo, ...]
    mapping: Mapping[sympy.Symbol, sympy.Expr] = field(default_factory=dict, repr=False)

    @cached_property
    def formula(self) -> sympy.Expr:
        """What the part adds, expanded."""
        return expand(self.block.params.xreplace(self.mapping))

    @property
    def kinds(self) -> dict[str, sympy.Expr]:
        """What the part adds, by kind of block (attention, mlp, norm …)."""
        return {kind: expand(expr.xreplace(self.mapping))
                for kind, expr in self.block.by_kind().items()}

    def to_dict(self) -> dict[str, Any]:
        from symparam.printing import text  # the printer loads with the first formula shown

        return {"name": self.name, "repeat": None if self.repeat is None else text(self.repeat),
                "formula": text(self.formula), "tied": [t.name for t in self.tied]}

    def _tables(self) -> list[Table]:
        data = self.to_dict()
        return [Table(f"part {self.name}", ("repeat", "formula", "tied"),
                      ((data["repeat"], data["formula"], ", ".join(data["tied"]) or None),))]


class Parts(list[Part], Rich):
    """A model's breakdown (:meth:`Model.parts`): a list of :class:`Part`, which shows in
    Jupyter as a table of each part's formula, count and share of the total."""

    def __init__(self, parts: Iterable[Part], model: Any) -> None:
        """``model``: the :class:`~symparam.counted.Counted` these parts break down."""
        super().__init__(parts)
        self.model = model

    def to_dict(self) -> dict[str, Any]:
        model = self.model
        counts: list[int | None]
        try:
            bound = model.bind()
            counts = [model.count_of(p.block, bound) for p in self]
        except UnboundError:
            counts = [None] * len(self)
        return {"model": model.name, "params": model.count_or_none(),
                "parts": [{**p.to_dict(), "params": c} for p, c in zip(self, counts, strict=True)]}

    def _tables(self) -> list[Table]:
        data = self.to_dict()
        total = data["params"]
        rows = []
        for part in data["parts"]:
            shown = None if total is None or part["params"] is None else \
                share(part["params"], total)
            rows.append((part["name"], part["repeat"], part["formula"], part["params"], shown))
        notes = () if total is None else (f"total {total:,} ({human(total)})",)
        return [Table(f"{self.model.name}: parameters by part",
                      ("part", "repeat", "formula", "parameters", "share"), tuple(rows), notes)]
