"""The registry: every family, model type and preset, and the one way to get a model by name.

Families live one to a module in :mod:`symparam.architectures`; each module also declares the
model types it serves (``MODEL_TYPES``, records of :class:`symparam.modeltype.ModelType`).
This module owns the lists — :func:`families`, :func:`model_types`, :func:`model_names`, the
rows ``symparam list`` prints — and :func:`model`, which turns a family, a model type, a
preset or a config.json into a :class:`~symparam.built.Model`.

>>> model("bert-base-uncased").count()
109482240
>>> model_types()["mixtral"].family.name
'moe'
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import field
from functools import cache
from typing import Any

from symparam.assumptions import Assumption, parse_assumption
from symparam.built import Model
from symparam.counted import page_inputs
from symparam.errors import (
    ConfigError,
    InvalidValueError,
    SymparamError,
    UnboundError,
    UnknownModelError,
    shown,
)
from symparam.family import Family
from symparam.frozen import frozen
from symparam.hf import Resolved, generated, load_config, looks_like_config, resolve_config
from symparam.modeltype import Count, Flag, ModelType
from symparam.presets import Preset, presets
from symparam.reported import Described, Reported
from symparam.symbols import is_known

#: the family modules, in listing order
FAMILY_MODULES = (
    "bert", "distilbert", "albert", "electra", "deberta", "mpnet", "modernbert",
    "openai_gpt", "gpt2", "gptj", "opt", "bloom", "mpt", "gpt_neox", "falcon", "llama", "phi",
    "moe", "deepseek", "llama4", "ernie", "qwen3_next", "mamba", "mamba2", "jamba",
    "transformer", "t5", "bart", "whisper", "vit", "dinov2", "convnext", "clip", "siglip", "gemma3",
    "llava", "llava_next", "mistral3", "paligemma", "idefics3", "internvl", "llama4_vision",
    "qwen2_5_vl",
    "qwen2_vl", "qwen3_vl", "qwen3_vl_moe", "mlp",
)


def family(name: str) -> Family:
    """The family called ``name`` (one of :data:`FAMILY_MODULES`)."""
    if name not in FAMILY_MODULES:
        raise UnknownModelError(name, model_names())
    return importlib.import_module(f"symparam.architectures.{name}").FAMILY


def families() -> list[Family]:
    """Every family, in listing order."""
    return [family(name) for name in FAMILY_MODULES]


class _Registry(Mapping[str, ModelType]):
    """Every model type by name, as the index lists them; a type's family module is imported
    the first time one of its records is asked for, so resolving a name costs one family."""

    def __init__(self, where: Mapping[str, str]) -> None:
        self._where = where
        self._loaded: dict[str, ModelType] = {}

    def __getitem__(self, name: str) -> ModelType:
        if name not in self._loaded:
            module = importlib.import_module(f"symparam.architectures.{self._where[name]}")
            for record in getattr(module, "MODEL_TYPES", ()):
                self._loaded[record.name] = record
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, name: object) -> bool:
        return name in self._where

    def module_of(self, name: str) -> str:
        """The family module that declares the model type ``name``."""
        return self._where[name]


@cache
def model_types() -> _Registry:
    """Every supported ``model_type``, by name, as its family module declares it (listed by
    ``architectures/index.json``, which ``tools/catalog_index.py`` writes)."""
    path = os.path.join(os.path.dirname(__file__), "architectures", "index.json")
    with open(path, encoding="utf-8") as handle:
        return _Registry(json.load(handle)["model_types"])


def records_of(fam: Family) -> list[ModelType]:
    """The model types a family serves, its own first."""
    types = model_types()
    return [types[name] for name in types if types.module_of(name) == fam.name]


def model_names() -> list[str]:
    """Every name :func:`model` accepts: families, config.json model types, then presets."""
    types = [t for t in model_types() if t not in FAMILY_MODULES]
    return [*FAMILY_MODULES, *types, *presets()]


def canonical_name(name: str) -> str:
    """``name`` as :func:`model_names` spells it when it differs only in case (``GPT2``,
    ``Llama-3-8B``); anything else as given."""
    if name in presets() or name in model_types() or name in FAMILY_MODULES:
        return name
    return _lowercase_names().get(name.lower(), name)


@cache
def _lowercase_names() -> dict[str, str]:
    return {known.lower(): known for known in reversed(model_names())}


#: a Hugging Face Hub id: an owner, one slash, a repository name
_HUB_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,95}/[A-Za-z0-9][A-Za-z0-9_.-]{0,95}")


def hub_hint(name: str) -> None:
    """Refuse a Hugging Face Hub id (``meta-llama/Meta-Llama-3-8B``: one slash, no such file
    or folder here) with how to fetch its config.json with ``hf``, the command the
    huggingface_hub that transformers 5 installs ships (it no longer ships
    ``huggingface-cli``), and the preset that is that model, where one is: symparam reads
    local files only and never goes online."""
    if _HUB_ID.fullmatch(name) is None or name.endswith(".json") or os.path.exists(name):
        return
    found = hub_preset(name)
    preset = f"; symparam's preset {found} is that model: give its name instead" if found else ""
    raise ConfigError(f"{name} looks like a Hugging Face Hub id, and symparam reads only local "
                      f"config files; fetch its config with `hf download {name} config.json` "
                      f"and count the path it prints{preset}")


def hub_preset(hub_id: str) -> str | None:
    """The preset of the model a Hub id names: one whose description or published figure's
    source names the id, else one named as the repository (in any case, without a ``-hf``
    suffix or a leading word of the owner's name: ``meta-llama/Meta-Llama-3-8B`` is
    ``llama-3-8b``).

    >>> hub_preset("openai-community/gpt2"), hub_preset("meta-llama/Llama-2-7b-hf")
    ('gpt2', 'llama-2-7b')
    >>> hub_preset("state-spaces/mamba-130m-hf"), hub_preset("someone/own-model")
    ('mamba-130m', None)
    """
    wanted = hub_id.lower()
    for preset in presets().values():
        named = " ".join((preset.description, str((preset.reported or {}).get("source", ""))))
        if wanted in {found.lower() for found in _HUB_ID.findall(named)}:
            return preset.name
    owner, _, repo = wanted.partition("/")
    repo = repo.removesuffix("-hf")
    owner_word = owner.split("-")[0] + "-"
    for candidate in (repo, repo.removeprefix(owner_word)):
        known = canonical_name(candidate)
        if known in presets():
            return known
    return None


def config_names(record: ModelType) -> dict[str, str]:
    """Each config.json key a model type reads into a hyperparameter or an option, under
    every spelling transformers accepts (``hidden_size``, ``n_embd`` …), with the symbol or
    option it holds: how ``hidden_size=4096`` binds H."""
    spellings = generated().get(record.name, {}).get("spellings", {})
    out: dict[str, str] = {}
    for size in record.sizes:
        for key in (size.key, *spellings.get(size.key, ())):
            out.setdefault(key, size.symbol)
    for rule in record.rules:
        if isinstance(rule, Flag | Count):
            key = getattr(rule, "key", "") or rule.option
            for spelled in (key, *spellings.get(key, ())):
                out.setdefault(spelled, rule.option)
    return out


def _by_symbol(values: Mapping[str, Any], fam: Family, record: ModelType | None
               ) -> dict[str, Any]:
    """``values`` with each config key (``hidden_size``) put as the symbol or option it holds
    (``H``); a symbol given twice, under two names, is an error."""
    names = config_names(record) if record is not None else {}
    out: dict[str, Any] = {}
    given: dict[str, str] = {}
    for key, value in values.items():
        target = key
        if not fam.knows(key) and not is_known(key) and key in names:
            target = names[key]
        if target in out:
            raise InvalidValueError(f"{target} is given twice ({given[target]}={out[target]} "
                                    f"and {key}={value}): give it once")
        if isinstance(value, str) and is_known(target) and not fam.knows(target) \
                and not value.strip().isdigit():  # a word, the value of an option, for a size
            said = value if value.isidentifier() and len(value) <= 40 else shown(value)
            raise InvalidValueError(f"{key}={said}: {key} takes a positive integer")
        out[target], given[target] = value, key
    return out


def preset_class(preset: Preset) -> str:
    """The class a preset counts."""
    if preset.config is not None:
        listed = preset.config.get("architectures") or []
        return listed[0] if listed else ""
    return preset.architecture


def model(
    name: str,
    *,
    arch: str | None = None,
    assume: Iterable[Assumption | str] = (),
    free: Iterable[str] = (),
    base: bool = False,
    **values: Any,
) -> Model:
    """A family (``"bert"``), a model type (``"mixtral"``), a preset (``"bert-base-uncased"``)
    or a config.json path.

    Keyword arguments bind hyperparameters by canonical name (``H=768``) or set the family's
    options (``pooler=False``); ``arch`` picks another class; ``base`` counts a config's base
    model; ``assume`` adds assumptions such as ``"d_ff=4*H"``; ``free`` drops a default
    assumption by its symbol (``free=["d_head"]`` keeps the head size a free hyperparameter).
    """
    if not isinstance(name, str):
        raise UnknownModelError(repr(name), model_names())
    name = canonical_name(name)
    preset = presets().get(name)
    if preset is not None and preset.config is not None:
        resolved = resolve_config(preset.config, model_types(), arch=arch, base=base, where=name)
        return _build(name, resolved, assume, free, values, preset)
    if preset is None and name not in FAMILY_MODULES:
        if name in model_types():
            return of_model_type(name, arch=arch, base=base, assume=assume, free=free,
                                 **values)
        if not looks_like_config(name):
            found = fitted_type(name, arch, base, assume, free, values)  # issue 28's hook
            if found is not None:
                return found
            raise UnknownModelError(name, model_names())
        hub_hint(name)
        config = load_config(name)
        found = fitted_config(config, name, name, arch, base, assume, free, values)
        if found is not None:
            return found
        resolved = resolve_config(config, model_types(), arch=arch, base=base, where=name)
        return _build(name, resolved, assume, free, values)
    fam = family(preset.family if preset else name)
    architecture = fam.resolve_architecture(arch or (preset.architecture if preset else None))
    own = records_of(fam)
    keys = own[0].config_keys if own else {}
    source = Source(fam, architecture, dict(preset.options) if preset else {},
                    dict(preset.values) if preset else {}, keys=keys, preset=preset)
    return _assemble(name, source, Asked(tuple(assume), tuple(free), values))


def of_model_type(name: str, *, arch: str | None = None, base: bool = False,
                  assume: Iterable[Assumption | str] = (), free: Iterable[str] = (),
                  **values: Any) -> Model:
    """The model type ``name`` as its family uses it, no values: what :func:`model` gives for a
    model type's name, and the way to a type whose name a family of another takes (``llama4``:
    the family of Llama 4's language model, and the type of the whole vision–language model).
    """
    record = model_types()[name]
    config = {"model_type": name, "architectures": [next(iter(record.classes))]}
    resolved = resolve_config(config, model_types(), arch=arch, base=base, where=name)
    # a type whose config fixes a size by default (Gemma's head_dim) keeps it free
    assumed = {a.name for a in record.family.assumptions}
    free = (*free, *(s for s in resolved.values if s in assumed))
    resolved = Resolved(resolved.record, resolved.architecture, resolved.label,
                        resolved.options, {}, (), resolved.keys)
    return _build(name, resolved, assume, free, values)


def from_hf_config(
    source: str | Mapping[str, Any] | Any,
    *,
    arch: str | None = None,
    base: bool = False,
    name: str | None = None,
    assume: Iterable[Assumption | str] = (),
    free: Iterable[str] = (),
    **values: Any,
) -> Model:
    """The model a Hugging Face config describes: a ``config.json`` (a path, or a folder
    holding one), its dict, or a transformers config object (anything with ``to_dict()`` and
    a ``model_type``, ``LlamaConfig(...)``; transformers itself is not imported).

    The class counted is ``arch`` if given, else the base model with ``base``, else the
    config's ``architectures[0]``, else the base model (what ``AutoModel`` builds).
    ``assume``, ``free`` and the keyword values (by symbol, ``H=4096``, or by the config's
    own key, ``hidden_size=4096``) work as in :func:`model`.

    >>> from_hf_config({"model_type": "llama", "num_hidden_layers": 32}).count()
    6607343616
    """
    where, config = config_source(source, name)
    found = fitted_config(config, where, name or where, arch, base, assume, free, values)
    if found is not None:  # issue 28's hook
        return found
    resolved = resolve_config(config, model_types(), arch=arch, base=base, where=where)
    return _build(name or where, resolved, assume, free, values)


# -- issue 28: model types no hand-written family serves, read from their fitted records ------


def fitted_config(config: Mapping[str, Any], where: str, name: str, arch: str | None,
                  base: bool, assume: Iterable[Assumption | str], free: Iterable[str],
                  values: Mapping[str, Any]) -> Model | None:
    """The model of a config.json whose model_type no hand-written family serves and a fitted
    record does (:mod:`symparam.fitted`), or None: hand-written families take precedence."""
    from symparam import fitted  # only for a name no family knows: startup reads no record

    model_type = config.get("model_type") if isinstance(config, Mapping) else None
    if not isinstance(model_type, str) or model_type in model_types() \
            or not fitted.has(model_type):
        return None
    _no_free(free, str(model_type))
    return fitted.model_for_config(config, where, name=name, arch=arch, base=base,
                                   values=values, assume=assume)


def fitted_type(name: str, arch: str | None, base: bool, assume: Iterable[Assumption | str],
                free: Iterable[str], values: Mapping[str, Any]) -> Model | None:
    """The formula of a model type by name that only a fitted record serves, or None."""
    from symparam import fitted

    if name in model_types() or not fitted.has(name):
        return None
    _no_free(free, name)
    return fitted.model_for_type(name, arch=arch, base=base, values=values, assume=assume)


def _no_free(free: Iterable[str], model_type: str) -> None:
    if list(free):
        raise InvalidValueError(f"{model_type} is read from a fitted record, which makes no "
                                "assumption to drop")


def config_source(source: Any, name: str | None = None) -> tuple[str, Mapping[str, Any]]:
    """Where a config comes from (for messages) and its contents: a path is read, a mapping
    taken as it is, a transformers config object asked for its ``to_dict()``."""
    if isinstance(source, str):
        return source, load_config(source)
    if isinstance(source, Mapping):
        return name or "config", source
    to_dict = getattr(type(source), "to_dict", None)
    if callable(to_dict) and isinstance(getattr(source, "model_type", None), str):
        where = name or type(source).__name__
        try:
            config = source.to_dict()
        except Exception as error:  # a foreign object's method: its failure, told in one line
            raise ConfigError(f"{where}: to_dict() failed ({type(error).__name__})") from None
        if not isinstance(config, Mapping):
            raise ConfigError(f"{where}: to_dict() gave a {type(config).__name__}, not a dict")
        config = dict(config)
        config.setdefault("model_type", source.model_type)
        return where, config
    raise ConfigError(f"a config is a path, a dict or a transformers config object (with "
                      f"to_dict() and model_type), not a {type(source).__name__}")


@frozen
class Asked:
    """What a caller of :func:`model` asked beside the name: assumptions to add, symbols to keep
    free, and values or options by name (``H=768``, ``pooler=False``)."""

    assume: tuple[Assumption | str, ...]
    free: tuple[str, ...]
    values: Mapping[str, Any]


@frozen
class Source:
    """What a model is built from before the caller's changes: its family and class, the
    options and values a config (``resolved``) or a preset gives, the config's assumptions and
    the key each value is read from."""

    family: Family
    architecture: str
    options: Mapping[str, Any]
    values: Mapping[str, Any]
    assumptions: tuple[Assumption, ...] = ()
    keys: Mapping[str, str] = field(default_factory=dict)
    resolved: Resolved | None = None
    preset: Preset | None = None

    @classmethod
    def of(cls, resolved: Resolved, preset: Preset | None = None) -> Source:
        """A config's reading (a preset's config, when ``preset`` is given)."""
        return cls(resolved.record.family, resolved.architecture, resolved.options,
                   resolved.values, resolved.assumptions, resolved.keys, resolved, preset)


def _build(name: str, resolved: Resolved, assume: Iterable[Assumption | str],
           free: Iterable[str], values: dict[str, Any], preset: Preset | None = None) -> Model:
    return _assemble(name, Source.of(resolved, preset), Asked(tuple(assume), tuple(free), values))


def _assemble(name: str, source: Source, asked: Asked) -> Model:
    fam, architecture, preset, resolved = (source.family, source.architecture, source.preset,
                                           source.resolved)
    options, bound = dict(source.options), dict(source.values)
    own = records_of(fam)
    values = _by_symbol(dict(asked.values), fam, resolved.record if resolved is not None else
                        own[0] if own else None)
    before = (fam.resolve_options(options), dict(bound))
    given = {}  # the user's options, an old switch's name put as its choice's value
    for key, value in values.items():
        if fam.knows(key):
            given[key] = value
        else:
            bound[key] = value
    options = fam.resolve_options({**before[0], **fam.unalias(given, before[0])})
    assume = list(asked.assume)
    # what the user changed in a preset: its published figure and description no longer apply
    changes = [f"{k}={v}" for k, v in options.items() if before[0].get(k) != v]
    changes += [f"{k}={v}" for k, v in bound.items() if before[1].get(k) != v]
    changes += [str(a) for a in assume]
    used = Model(name, fam, architecture, options).hyperparameters
    assumptions: list[Assumption] = []
    for item in source.assumptions:  # the config's own: unless the user's value replaces it
        if item.name not in values and item.name in used:
            assumptions.append(item)
    for item in assume:
        assumptions.append(item if isinstance(item, Assumption)
                           else parse_assumption(item, used))
    # a preset's or config's values the class does not use (V in a body), or that the user's
    # assumptions now define, are dropped quietly; the user's own values are checked
    assumed = {a.name for a in assumptions}
    used = Model(name, fam, architecture, options, None, assumptions).hyperparameters
    bound = {k: v for k, v in bound.items()
             if k in values or (k in used and k not in assumed)}
    label = resolved.label if resolved is not None else None
    same_class = preset is not None and label in (None, preset_class(preset)) and not changes
    reported = Reported(**preset.reported) if same_class and preset.reported else None
    described = None
    if preset is not None and changes:
        described = Described("changed", {"preset": preset.name, "changes": ", ".join(changes)})
    elif preset is None and resolved is not None:
        described = Described("config", {"model_type": resolved.record.name,
                                         "label": resolved.label})
    if preset is not None:
        description = preset.description if not changes else \
            f"the preset {preset.name} with {', '.join(changes)}"
    else:
        description = (f"a config.json of model_type {resolved.record.name}, counted as "
                       f"{resolved.label}") if resolved else ""
    return Model(
        name, fam, architecture, options, bound, assumptions,
        description=description, reported=reported, free=asked.free,
        i18n=preset.i18n if same_class else None, label=label, config_keys=source.keys,
        described=described, unusable=resolved.unusable if resolved is not None else None,
    )


def listing() -> list[dict[str, Any]]:
    """What ``symparam list`` prints: model types, families and presets, one row each."""
    rows: list[dict[str, Any]] = []
    for record in model_types().values():
        rows.append({"name": record.name, "kind": "model_type", "family": record.family.name,
                     "architectures": list(record.classes),
                     "description": f"config.json with model_type {record.name!r}"})
    for fam in families():
        rows.append({"name": fam.name, "kind": "family", "architectures": list(fam.architectures),
                     "description": fam.description})
    for preset in presets().values():
        rows.append({"name": preset.name, "kind": "preset",
                     "family": preset.family or (preset.config or {}).get("model_type"),
                     "architecture": preset_class(preset), "description": preset.description})
    return rows


def example_values(model: Model) -> tuple[dict[str, int], str, str]:
    """Values a symbolic page starts from, so that it opens on a count rather than on what is
    missing, and where they come from: (values, model type, preset). The model's own where it
    has every one the count needs (no model type, no preset); else those of transformers'
    config class with no arguments (``BertConfig()``: BERT base) for the first model type the
    model's family serves with a class its architecture builds, named by that model type;
    else the values of the family's first preset, named by it (the original Transformer's
    family: no transformers class). Every input of the page that has a value there gets it
    (BERT's ``h``, which the count does not need, but the page shows ``d_head = H/h`` and
    checks that ``h`` divides ``H``); the values that break a rule of the page's model (its
    own assumptions) are not taken.

    >>> example_values(model("bert"))
    ({'H': 768, 'L': 512, 'N': 12, 'T': 2, 'V': 30522, 'd_ff': 3072, 'h': 12}, 'bert', '')
    >>> example_values(model("transformer"))[1:]
    ('', 'transformer-base')
    """
    total = {s.name for s in model.params.free_symbols}
    needed, inputs = ({s.name for s in group} for group in page_inputs(model))
    if needed <= set(model.values):
        own = {name: model.values[name] for name in inputs if name in model.values}
        return dict(sorted(own.items())), "", ""
    for kind, values in _default_values(model, inputs):
        if total <= set(values):  # DeepseekV2Config() sets no top k: a total, no active count
            found = _counted(model, values, needed)
            if found is not None:
                return found, kind, ""
    for name, preset in presets().items():
        if preset.family == model.family.name and needed <= set(preset.values):
            found = _counted(model, {n: v for n, v in preset.values.items() if n in inputs},
                             needed)
            if found is not None:
                return found, "", name
    return {}, "", ""


def _default_values(model: Model, inputs: set[str]) -> Iterator[tuple[str, dict[str, int]]]:
    """The values of ``inputs`` in transformers' config class with no arguments, for each model
    type that could have given ``model``: its own, else each its family serves with a class
    that its architecture builds (DeepSeek's DeepseekV3ForCausalLM: deepseek_v3's, not
    deepseek_v2's; the MoE family's MoEForCausalLM: mixtral's MixtralForCausalLM)."""
    described = model.described.fields if model.described is not None else {}
    kind = described.get("model_type") or (
        model.name if model.name in model_types()
        and model_types()[model.name].family.name == model.family.name else None)
    if kind is not None:
        candidates = [(kind, model.label)]
    else:  # each model type's first class that the architecture builds
        candidates = [(record.name, classes[0]) for record in records_of(model.family)
                      if (classes := [c for c, built in record.classes.items()
                                      if built == model.architecture])]
    for kind, cls in candidates:
        try:
            defaults = from_hf_config({"model_type": kind, "architectures": [cls]})
        except SymparamError:
            continue
        # an assumed value counts too: LlamaConfig() leaves num_key_value_heads to h_kv = h
        values: dict[str, int] = {}
        for name in inputs & set(defaults.symbols):
            with contextlib.suppress(UnboundError):  # DeepseekV2Config() has no top k
                values[name] = defaults.value_of(defaults.symbols[name])
        yield kind, values


def _counted(model: Model, values: dict[str, int], needed: set[str]) -> dict[str, int] | None:
    """``values`` (which bind the total's every symbol), sorted, where ``model`` counts them;
    else those the counts need, where it counts those alone (a value the count does not need
    can break a rule: h that does not divide H); else None."""
    for tried in (values, {n: v for n, v in values.items() if n in needed}):
        try:
            model.count(**tried)  # raises where they break a rule of this model
            return dict(sorted(tried.items()))
        except SymparamError:
            continue
    return None
