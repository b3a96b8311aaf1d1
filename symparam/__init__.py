"""symparam: exact closed-form parameter counts of neural networks, derived from their blocks.

>>> import symparam
>>> symparam.model("bert-base-uncased").count()
109482240
>>> symparam.Repeat(symparam.symbol("N"), symparam.Linear(8, 8, bias=False)).params
64*N
"""

from __future__ import annotations

from typing import Any

from symparam.assumptions import Assumption, parse_assumption
from symparam.blocks import (
    Block,
    Conv1D,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    RMSNorm,
    Sequential,
    Tensor,
)
from symparam.errors import SymparamError
from symparam.model import Model
from symparam.symbols import symbol

__version__ = "0.1.0"

__all__ = [
    "Assumption",
    "Block",
    "Conv1D",
    "Embedding",
    "LayerNorm",
    "Linear",
    "Model",
    "RMSNorm",
    "Repeat",
    "Sequential",
    "SymparamError",
    "Tensor",
    "model",
    "model_names",
    "symbol",
]


def model_names() -> list[str]:
    """Every name :func:`model` accepts: families first, then presets."""
    from symparam.architectures import FAMILY_MODULES
    from symparam.presets import presets

    return [*FAMILY_MODULES, *presets()]


def model(
    name: str,
    *,
    arch: str | None = None,
    assume: list[Assumption | str] | tuple[Assumption | str, ...] = (),
    free: list[str] | tuple[str, ...] = (),
    **values: Any,
) -> Model:
    """A family (``"bert"``) or preset (``"bert-base-uncased"``) as a :class:`Model`.

    Keyword arguments bind hyperparameters by canonical name (``H=768``) or set the family's
    options (``pooler=False``); ``arch`` picks another class of the family; ``assume`` adds
    assumptions such as ``"d_ff=4*H"``; ``free`` drops a default assumption by its symbol
    (``free=["d_head"]`` keeps the head size a free hyperparameter).
    """
    from symparam.architectures import FAMILY_MODULES, family
    from symparam.errors import UnknownModelError
    from symparam.model import Reported
    from symparam.presets import presets

    if not isinstance(name, str):
        raise UnknownModelError(repr(name), model_names())
    preset = presets().get(name)
    if preset is None and name not in FAMILY_MODULES:
        raise UnknownModelError(name, model_names())
    fam = family(preset.family if preset else name)
    options = dict(preset.options) if preset else {}
    bound = dict(preset.values) if preset else {}
    for key, value in values.items():
        if fam.option(key) is not None:
            options[key] = value
        else:
            bound[key] = value
    architecture = fam.resolve_architecture(arch or (preset.architecture if preset else None))
    names = None
    assumptions = []
    for item in assume:
        if isinstance(item, Assumption):
            assumptions.append(item)
        else:
            if names is None:
                names = Model(name, fam, architecture, fam.resolve_options(options)).hyperparameters
            assumptions.append(parse_assumption(item, names))
    reported = Reported(**preset.reported) if preset and preset.reported else None
    if preset is not None and architecture != preset.architecture:
        # another class of the family may not use every value of the preset (no V in a body)
        used = Model(name, fam, architecture, fam.resolve_options(options)).hyperparameters
        bound = {k: v for k, v in bound.items() if k in used or k in values}
        reported = None
    return Model(
        name,
        fam,
        architecture,
        fam.resolve_options(options),
        bound,
        assumptions,
        description=preset.description if preset else "",
        reported=reported,
        free=free,
        i18n=preset.i18n if preset and preset.architecture == architecture else None,
    )
