"""A transformers model type as the fitter sees it: its config keys, classified, and a builder
from values of those keys to each class the auto mappings register (needs transformers).

Every key of the type's config class — and of each sub-config (``text_config``,
``vision_config`` …), as ``section.key`` — is read off the default config after transformers
has filled it in (``head_dim`` = hidden_size // num_attention_heads …) and classified by the
value it holds: a positive integer is a *size* (each becomes a symbol of the formula), a
boolean a *flag*, a string an *enum* (its values from the key's ``Literal`` type), anything
else *other*. Token ids are sizes of no weight and are left out by name (:data:`NO_WEIGHT`).
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from symparam.fitting.fitter import FitError
from symparam.symbols import VOCABULARY

#: keys that hold no weight in any transformers model (ids of special tokens, bookkeeping):
#: not probed, and ignored in a config.json
NO_WEIGHT = re.compile(
    r"(.*_token_ids?|.*_token_index|.*_token|transformers_version|architectures|dtype|"
    r"torch_dtype|_name_or_path|model_type|use_cache|output_.*|return_dict|problem_type|"
    r"initializer_.*|.*_init_std|.*dropout.*|.*_eps|.*epsilon|rope_.*|.*rope_theta|"
    r"id2label|label2id|chunk_size_feed_forward|tokenizer_class|prefix|task_specific_params|"
    r"finetuning_task|max_length|min_length|.*_penalty|temperature|top_[kp]|num_beams|"
    r"decoder_start_token_id|is_decoder|add_cross_attention|tie_encoder_decoder|"
    r"cross_attention_hidden_size|quantization_config|auto_map|custom_pipelines|"
    r"_attn_implementation.*|attn_implementation)")

#: the canonical symbol of a key that means one (:mod:`symparam.symbols`)
CANONICAL = {
    "hidden_size": "H", "vocab_size": "V", "num_hidden_layers": "N",
    "intermediate_size": "d_ff", "num_attention_heads": "h", "num_key_value_heads": "h_kv",
    "head_dim": "d_head", "max_position_embeddings": "L", "type_vocab_size": "T",
    "num_labels": "n_labels",
}
#: the tag a section's symbols carry (the text tower's none: it is the model's language part)
SECTION_TAGS = {"text_config": "", "vision_config": "vis", "audio_config": "aud"}


@dataclass(frozen=True)
class Key:
    """One config key: where it is (``hidden_size``, ``text_config.hidden_size``), the value
    the default config holds, the config class's own default (what a config.json that leaves
    it out gets), its kind, and an enum's values."""

    path: str
    value: Any
    class_default: Any
    kind: str
    choices: tuple[Any, ...] = ()
    hint: str = ""


@dataclass
class TypeSpec:
    """A model type: its config class, sections, keys and classes (``base`` first)."""

    model_type: str
    config_class: Any
    sections: dict[str, tuple[Any, dict[str, Any]]]
    keys: dict[str, Key]
    classes: list[str]
    aliases: dict[str, str] = field(default_factory=dict)
    legacy: list[str] = field(default_factory=list)
    #: keys the model code reads with a fallback that no config class here defines
    unread: list[str] = field(default_factory=list)

    def make_config(self, values: Mapping[str, Any], drop: str = "") -> Any:
        """The config with ``values`` (by path) over the defaults; sections start from the
        default config's own (less what transformers derives from other keys, and less the
        key ``drop``, to see what transformers makes of its absence)."""
        top: dict[str, Any] = {k: v for k, v in values.items() if "." not in k}
        for name, (_, start) in self.sections.items():
            section = {k: v for k, v in start.items() if f"{name}.{k}" != drop}
            section.update({k.split(".", 1)[1]: v for k, v in values.items()
                            if k.startswith(name + ".")})
            top[name] = section
        return self.config_class(**top)

    def build(self, cls_name: str, values: Mapping[str, Any]) -> Any:
        """The class ``cls_name`` built from the config with ``values`` (on the device in
        force: the caller's meta device)."""
        import transformers

        return getattr(transformers, cls_name)(self.make_config(values))


def classes_of(model_type: str) -> list[str]:
    """The classes transformers' auto mappings register for ``model_type``, the base model
    (``MODEL_MAPPING_NAMES``) first, each once."""
    import transformers.models.auto.modeling_auto as auto

    found: list[str] = []
    base = auto.MODEL_MAPPING_NAMES.get(model_type)
    for name in sorted(n for n in dir(auto) if n.endswith("_MAPPING_NAMES")
                       and n != "CONFIG_MAPPING_NAMES"):
        mapping = getattr(auto, name)
        if not isinstance(mapping, dict) or model_type not in mapping:
            continue
        listed = mapping[model_type]
        for cls in listed if isinstance(listed, list | tuple) else (listed,):
            if cls not in found:
                found.append(cls)
    if isinstance(base, str):
        found = [base] + [c for c in found if c != base]
    return found


def spec(model_type: str) -> TypeSpec:
    """The :class:`TypeSpec` of ``model_type`` (its default config must build)."""
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING

    config_class = CONFIG_MAPPING[model_type]
    try:
        default = config_class()
    except Exception as error:  # its class refuses its own defaults (Gemma 4's assistant)
        raise FitError(f"{config_class.__name__} does not build with the default config: "
                       f"{type(error).__name__}: {first_line(error, 200)}") from None
    keys: dict[str, Key] = {}
    sections: dict[str, tuple[Any, dict[str, Any]]] = {}
    _read_keys(default, "", keys)
    keys["num_labels"] = Key("num_labels", default.num_labels, 2, "size")
    for name in getattr(config_class, "sub_configs", {}) or {}:
        sub = getattr(default, name, None)
        if sub is None or not hasattr(sub, "to_diff_dict"):
            continue
        derived = _derived(type(sub), sub)
        start = {k: v for k, v in sub.to_diff_dict().items()
                 if k not in derived and k != "transformers_version"}
        sections[name] = (type(sub), start)
        _read_keys(sub, name + ".", keys)
        _per_layer(sub, name + ".", keys, start)
    _per_layer(default, "", keys, {})
    aliases = dict(getattr(config_class, "attribute_map", {}) or {})
    classes = classes_of(model_type)
    legacy = _legacy(config_class, "")
    unread = _unread(config_class, classes, "")
    for name, (sub_class, _) in sections.items():
        legacy += _legacy(sub_class, name + ".")
        unread += _unread(sub_class, classes, name + ".")
    return TypeSpec(model_type, config_class, sections, keys, classes, aliases,
                    list(dict.fromkeys(legacy)), [u for u in dict.fromkeys(unread)
                                                  if u not in keys])


def _legacy(config_class: Any, prefix: str) -> list[str]:
    """Keywords the config class reads besides its fields (older spellings its
    ``__post_init__`` pops): a config.json holding one is refused, as not read here."""
    import importlib
    import inspect

    try:
        source = inspect.getsource(importlib.import_module(config_class.__module__))
    except (OSError, TypeError):
        return []
    fields = {f.name for f in dataclasses.fields(config_class)} | set(
        getattr(config_class, "attribute_map", {}) or {})
    found = re.findall(r"kwargs\.(?:pop|get)\(\s*[\"'](\w+)[\"']", source)
    return [prefix + n for n in dict.fromkeys(found) if n not in fields]


def _unread(config_class: Any, classes: list[str], prefix: str) -> list[str]:
    """Keys the model code reads with a fallback (``getattr(config, "head_dim", …)``) that
    the config class does not define: a file that gives one changes the model where the
    record cannot see it, so it is refused (unless no value is found to change a tree)."""
    import importlib
    import inspect

    import transformers

    fields = {f.name for f in dataclasses.fields(config_class)} | set(
        getattr(config_class, "attribute_map", {}) or {}) | _base_fields()
    found: dict[str, None] = {}
    modules = {getattr(transformers, c).__module__ for c in classes if hasattr(transformers, c)}
    for module in sorted(modules):
        try:
            source = inspect.getsource(importlib.import_module(module))
        except (OSError, TypeError, ImportError):
            continue
        for name in re.findall(r"getattr\(\s*(?:self\.)?\w*config\s*,\s*[\"'](\w+)[\"']",
                               source):
            if name not in fields and not NO_WEIGHT.fullmatch(name):
                found[prefix + name] = None
    return list(found)


@cache
def _base_fields() -> frozenset[str]:
    from transformers.configuration_utils import PreTrainedConfig

    return frozenset(f.name for f in dataclasses.fields(PreTrainedConfig))


def _derived(config_class: Any, instance: Any) -> set[str]:
    """Keys the config class leaves None by default and fills in from others (a layer_types
    list, head_dim), which a section must not pin when its sizes move."""
    out = set()
    for f in dataclasses.fields(config_class):
        if f.default is None and key_value(instance, f.name) is not None \
                and not isinstance(key_value(instance, f.name), int | bool):
            out.add(f.name)
    return out


def _read_keys(config: Any, prefix: str, keys: dict[str, Key]) -> None:
    """Every key of ``config``'s own class (not PreTrainedConfig's bookkeeping), classified."""
    hints = {f.name: f for f in dataclasses.fields(type(config))}
    for name, f in hints.items():
        if name in _base_fields() or name in getattr(type(config), "sub_configs", {}) or \
                name.startswith("_"):
            continue
        value = key_value(config, name)
        default = f.default if f.default is not dataclasses.MISSING else value
        path = prefix + name
        if NO_WEIGHT.fullmatch(name):
            kind = "ignored"
        elif isinstance(value, bool):
            kind = "flag"
        elif isinstance(value, int) and value > 0:
            kind = "size"
        elif isinstance(value, str):
            kind = "enum"
        else:
            kind = "other"
        keys[path] = Key(path, value, default, kind, _literal(f.type) if kind == "enum" else (),
                         str(f.type))


def _per_layer(config: Any, prefix: str, keys: dict[str, Key], start: dict[str, Any]) -> None:
    """A heterogeneous config's ``per_layer_config`` (Gemma 4's: the full-attention layers'
    head_dim), which transformers makes from the other keys where a file leaves it out: a
    key (no field of the class) the fits leave to transformers, so its entry holds the value
    the default config's file writes, read only beside the default sizes."""
    if not getattr(config, "is_heterogeneous", False):
        return
    start.pop("per_layer_config", None)
    written = config.to_dict().get("per_layer_config")
    keys[prefix + "per_layer_config"] = Key(prefix + "per_layer_config", written, None,
                                            "other", (), "dict | None")


def key_value(config: Any, name: str, default: Any = None) -> Any:
    """``config.name`` (``default`` where it has none); for a key a heterogeneous config
    (Gemma 4) holds per layer, the global value, which a layer takes where its own config
    does not override it."""
    try:
        return getattr(config, name, default)
    except Exception:
        read = getattr(config, "_getattr_without_heterogeneous_validation", None)
        if read is None:
            raise
        return read(name)


def _literal(hint: Any) -> tuple[Any, ...]:
    """The values of a ``Literal[…]`` type (inside a union too), or none."""
    if isinstance(hint, str):
        return tuple(re.findall(r"'([^']*)'", hint.split("Literal[", 1)[1])) \
            if "Literal[" in hint else ()
    if typing.get_origin(hint) is typing.Literal:
        return tuple(typing.get_args(hint))
    out: tuple[Any, ...] = ()
    for arg in typing.get_args(hint):
        out += _literal(arg)
    return out


def symbol_names(paths: list[str]) -> dict[str, str]:
    """The symbol each size key is written as: the canonical one where the key means one
    (a section's with its tag: ``H_vis``), else the key's own name (a section's behind its
    tag: ``vis_patch_size``); each once, cut to 40 characters."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for path in paths:
        section, _, key = path.rpartition(".")
        tag = SECTION_TAGS.get(section, section.removesuffix("_config"))
        if key in CANONICAL:
            name = CANONICAL[key] if not tag else f"{CANONICAL[key]}_{tag}"
        else:
            name = f"{tag}_{key}" if tag else key
        name = re.sub(r"[^A-Za-z0-9_]", "_", name)
        if not name[:1].isalpha():
            name = "k_" + name
        if name in VOCABULARY and key not in CANONICAL:
            name = f"{name}_key"
        name = name[:40]
        while name in taken:
            name = (name[:36] + "_" + str(len(taken)))[:40]
        taken.add(name)
        out[path] = name
    return out


def first_line(error: BaseException, most: int) -> str:
    """The first line of ``error``'s message that says something (transformers' ImportError
    starts with an empty one), with the next where it ends in a colon (a validation error's
    heading, the reason below it), at most ``most`` characters."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    said = lines[:2] if len(lines) > 1 and lines[0].endswith(":") else lines[:1]
    return " ".join(said)[:most]


def value_at(config: Any, path: str) -> Any:
    """The value of the config key ``path`` (``vision_config.image_size``) in ``config``."""
    for part in path.split("."):  # a section transformers keeps as a dict, or a config
        config = config[part] if isinstance(config, Mapping) else getattr(config, part)
    return config
