"""The figures a published figure's note may name, worked out from the block tree.

A preset's note says how its source counts (``the card's figure leaves out the token table``);
the numbers it sets beside the source's are this model's, so it names them as fields that are
filled in from the tree, never typed: ``{total}``, ``{active}``, ``{token_table}`` (the table
of V rows that maps tokens to vectors), ``{without_table}`` and ``{active_without_table}``
(the counts without it), ``{vision_tower}`` (a vision–language model's image encoder) and
``{without_vision_tower}`` (the count without it), and
any hyperparameter by its symbol (``{V}``, ``{E}``). Figures are
written with thousands separators, as every language of a derivation writes them; a number
the source itself prints stays in the note, in quotation marks.

>>> import symparam
>>> found = figures(symparam.model("gpt2"))
>>> found["token_table"] == 50257 * 768, found["without_table"] == found["total"] - 50257 * 768
(True, True)
>>> fill_note("without its {V} × {H} table: {without_table}", found)
'without its 50,257 × 768 table: 85,842,432'
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from symparam.errors import InvalidValueError
from symparam.symbols import V

if TYPE_CHECKING:
    from symparam.counted import Counted


def figures(model: Counted) -> dict[str, int]:
    """The named figures of ``model`` at its values (see the module's docstring)."""
    total, active = model.count(), model.active_count()
    found = {**model.bind(), "total": total, "active": active}
    table = next((entry for entry in model.tensors() if entry.tied_to is None
                  and not entry.indices and any(V in d.free_symbols for d in entry.shape)),
                 None)
    if table is not None:
        rows = model.value_of(table.numel)
        found.update(token_table=rows, without_table=total - rows,
                     active_without_table=active - rows)
    tower = _child(model.tree, "vision_tower") or _child(model.tree, "visual")
    if tower is None and getattr(model.family, "images", False):  # Idefics3's
        tower = _child(model.tree, "vision_model")
    if tower is not None:
        found["vision_tower"] = model.value_of(tower.params)
        found["without_vision_tower"] = total - found["vision_tower"]
    return found


def _child(block: Any, name: str, depth: int = 3) -> Any:
    """The block called ``name`` within ``depth`` levels of ``block`` (a vision tower under
    ``model``), or None."""
    for child_name, child in block.children():
        if child_name == name:
            return child
        found = _child(child, name, depth - 1) if depth > 1 else None
        if found is not None:
            return found
    return None


def fields(text: str) -> list[str]:
    """The names of the fields ``text`` fills in."""
    return [field for _, field, _, _ in string.Formatter().parse(text) if field is not None]


def fill_note(text: str, found: Mapping[str, int]) -> str:
    """``text`` with each ``{field}`` replaced by its figure, with thousands separators."""
    missing = [f for f in fields(text) if f not in found]
    if missing:
        raise InvalidValueError(f"a note names figures this model does not have: "
                                f"{', '.join(missing)}")
    return text.format_map({name: f"{value:,}" for name, value in found.items()})
