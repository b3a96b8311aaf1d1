"""Why a model type transformers has is not counted: the fitter's refusals
(``symparam/fitted/refused.json``), read without importing the fitted records' machinery — the
name resolution asks only when a type no family nor record serves is given."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def refusal(model_type: Any) -> str | None:
    """Why no record is shipped for ``model_type``, where transformers has it and a fit was
    refused (``refused.json``, read only here: when a type no family serves is asked for)."""
    if not isinstance(model_type, str):
        return None
    path = resources.files("symparam").joinpath("fitted", "refused.json")
    try:
        refused = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    why = refused.get(model_type)
    return why if isinstance(why, str) else None
