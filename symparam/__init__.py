"""symparam: exact closed-form parameter counts of neural networks, derived from their blocks.

>>> import symparam
>>> symparam.model("bert-base-uncased").count()
109482240
>>> symparam.Repeat(symparam.symbol("N"), symparam.Linear(8, 8, bias=False)).params
64*N
"""

from __future__ import annotations

import dataclasses
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
    "from_block",
    "from_hf_config",
    "model",
    "model_names",
    "symbol",
]


def model_names() -> list[str]:
    """Every name :func:`model` accepts: families, config.json model types, then presets."""
    from symparam.architectures import FAMILY_MODULES
    from symparam.hf import model_types
    from symparam.presets import presets

    types = [t for t in model_types() if t not in FAMILY_MODULES]
    return [*FAMILY_MODULES, *types, *presets()]


def model(
    name: str,
    *,
    arch: str | None = None,
    assume: list[Assumption | str] | tuple[Assumption | str, ...] = (),
    free: list[str] | tuple[str, ...] = (),
    base: bool = False,
    _resolved: Any = None,
    **values: Any,
) -> Model:
    """A family (``"bert"``), a preset (``"bert-base-uncased"``) or a config.json path.

    Keyword arguments bind hyperparameters by canonical name (``H=768``) or set the family's
    options (``pooler=False``); ``arch`` picks another class; ``base`` counts a config's base
    model; ``assume`` adds assumptions such as ``"d_ff=4*H"``; ``free`` drops a default
    assumption by its symbol (``free=["d_head"]`` keeps the head size a free hyperparameter).
    """
    from symparam.architectures import FAMILY_MODULES, family
    from symparam.errors import UnknownModelError
    from symparam.hf import load_config, looks_like_config, model_types, resolve_config
    from symparam.model import Reported
    from symparam.presets import presets

    if not isinstance(name, str):
        raise UnknownModelError(repr(name), model_names())
    preset = presets().get(name)
    resolved = _resolved
    if resolved is None and preset is not None and preset.config is not None:
        resolved = resolve_config(preset.config, arch=arch, base=base, where=name)
    elif resolved is None and preset is None and name not in FAMILY_MODULES:
        if name in model_types():  # a model_type: its family as that type uses it, no values
            spec = model_types()[name]
            config = {"model_type": name, "architectures": [next(iter(spec["classes"]))]}
            resolved = resolve_config(config, arch=arch, base=base, where=name)
            resolved = dataclasses.replace(resolved, values={}, assumptions=())
            # a type whose config fixes a size by default (Gemma's head_dim) keeps it free
            fam_assumed = {a.name for a in family(spec["family"]).assumptions}
            free = (*free, *(sym for sym, key in spec["values"].items()
                             if sym in fam_assumed and spec["defaults"].get(key) is not None))
        elif not looks_like_config(name):
            raise UnknownModelError(name, model_names())
        else:
            resolved = resolve_config(load_config(name), arch=arch, base=base, where=name)

    from_config: tuple[str, ...] = ()
    label = None
    if resolved is not None:
        fam = family(resolved.family)
        options, bound = dict(resolved.options), dict(resolved.values)
        architecture, label, from_config = resolved.architecture, resolved.label, \
            resolved.assumptions
    else:
        fam = family(preset.family if preset else name)
        options = dict(preset.options) if preset else {}
        bound = dict(preset.values) if preset else {}
        architecture = fam.resolve_architecture(arch or (preset.architecture if preset else None))
    for key, value in values.items():
        if fam.option(key) is not None:
            options[key] = value
        else:
            bound[key] = value
    options = fam.resolve_options(options)
    used = Model(name, fam, architecture, options).hyperparameters
    assumptions = []
    for item in (*from_config, *assume):
        if isinstance(item, Assumption):
            assumptions.append(item)
            continue
        if item in from_config:
            parsed = parse_assumption(item)
            if parsed.name in values or parsed.name not in used:
                continue  # the user's value replaces it, or this class has no such symbol
        else:
            parsed = parse_assumption(item, used)
        assumptions.append(parsed)
    # a preset's or config's values the class does not use (V in a body), or that the user's
    # assumptions now define, are dropped quietly; the user's own values are checked
    assumed = {a.name for a in assumptions}
    used = Model(name, fam, architecture, options, None, assumptions).hyperparameters
    bound = {k: v for k, v in bound.items()
             if k in values or (k in used and k not in assumed)}
    same_class = preset is not None and label in (None, _preset_class(preset))
    reported = Reported(**preset.reported) if same_class and preset.reported else None
    return Model(
        name,
        fam,
        architecture,
        options,
        bound,
        assumptions,
        description=preset.description if preset else _config_description(resolved),
        reported=reported,
        free=free,
        i18n=preset.i18n if same_class else None,
        label=label,
    )


def _config_description(resolved: Any) -> str:
    if resolved is None:
        return ""
    return f"a {resolved.model_type} config.json, counted as {resolved.label}"


def preset_class(preset: Any) -> str:
    """The class a preset counts."""
    return _preset_class(preset)


def _preset_class(preset: Any) -> str:
    if preset.config is not None:
        listed = preset.config.get("architectures") or []
        return listed[0] if listed else ""
    return preset.architecture


def from_block(block: Block, name: str = "custom") -> Model:
    """A :class:`Model` of your own block tree, for ``formula()``, ``derive()`` and the rest.

    >>> from symparam import Linear, Sequential, from_block
    >>> from_block(Sequential(fc=Linear(4, 2))).count()
    10
    """
    from symparam.family import Family

    family = Family(name=name, title=name, description="a model built from blocks",
                    architectures={name: "your block tree"}, build=lambda _a, _o: block,
                    compute=True)
    return Model(name, family, name, {})


def from_hf_config(source: Any, **kwargs: Any) -> Model:
    """The model a Hugging Face ``config.json`` describes: :func:`symparam.hf.from_hf_config`."""
    from symparam.hf import from_hf_config as read

    return read(source, **kwargs)
