"""How a stack of layers is named where two stacks share a list (DeepSeek-V3's dense and MoE
layers are both ``model.layers``): by the indices each covers, with numbers where known.

>>> import symparam
>>> from symparam.summary import summarise
>>> [p.name for p in summarise(symparam.model("deepseek-v3")).parts][1:3]
['model.layers.{0…2}', 'model.layers.{3…60}']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from symparam.blocks import Repeat
from symparam.blocks.tree import Runs
from symparam.printing import text


def layer_names(path: str, block: Repeat, mapping: Mapping[sympy.Symbol, sympy.Expr],
                value: Any, shared: bool = False) -> str:
    """``layers.{i}``, or the indices a repeat covers when it shares the list with another
    (``layers.{0…2}`` then ``layers.{3…60}``; ``layers.{1, 3, …}``), with numbers where known;
    the runs of one layer (:class:`~symparam.blocks.tree.Runs`) each so, the first few of many
    then ``…``."""
    if isinstance(block, Runs):
        pieces = [_indices(run, mapping, value) for run in block.repeats[:RUNS_NAMED + 1]]
        if len(block.repeats) > RUNS_NAMED:
            pieces[RUNS_NAMED:] = ["…"]
        return f"{path}.{{{', '.join(pieces)}}}"
    if block.start == 0 and block.stride == 1 and not shared:
        return f"{path}.{{i}}"
    indices = _indices(block, mapping, value)
    if "…" not in indices:  # a stack of one layer: that layer
        return f"{path}.{indices}"
    return f"{path}.{{{indices}}}"


#: how many runs of one layer a name lists before ``…``
RUNS_NAMED = 6


def _indices(block: Repeat, mapping: Mapping[sympy.Symbol, sympy.Expr], value: Any) -> str:
    """The indices one repeat covers: ``0…2``, ``7``, ``1, 3, …, 59``."""
    start = block.start.xreplace(mapping)
    last = start + block.stride * (block.count_expr.xreplace(mapping) - 1)
    shown = [value(e) if value(start) is not None else None for e in (start, last)]
    first_text, last_text = (str(v) if v is not None else text(sympy.expand(e))
                             for v, e in zip(shown, (start, last), strict=True))
    if first_text == last_text:  # a run of one layer
        return first_text
    if block.stride == 1:
        return f"{first_text}…{last_text}"
    second = str(value(start + block.stride)) if shown[0] is not None else \
        text(sympy.expand(start + block.stride))
    return f"{first_text}, {second}, …, {last_text}"


def stack_label(path: str, block: Repeat, mapping: Mapping[sympy.Symbol, sympy.Expr],
                value: Any, shared: bool) -> str:
    """A stack as a breakdown names it: its path, with the indices it covers where another
    stack shares the path (``model.layers.{3…60}``)."""
    return layer_names(path, block, mapping, value, shared=True) if shared else path
