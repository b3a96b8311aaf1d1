"""Hugging Face ``config.json`` → a symparam model, without importing torch or transformers.

``hf_types.json`` holds, per ``model_type``, as data: the family that builds it, the classes it
serves, which config key holds each hyperparameter (and its aliases), which keys set options,
the defaults transformers' config class gives a key missing from the file, and what a missing
or ``null`` key means when it has no fixed default (``num_key_value_heads`` → ``h_kv = h``).

>>> m = from_hf_config({"model_type": "llama", "num_hidden_layers": 32})
>>> m.label, m.count()
('LlamaModel', 6607343616)
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from symparam.errors import ConfigError
from symparam.limits import MAX_CONFIG_BYTES, MAX_JSON_DIGITS, MAX_LAYERS_LISTED, MAX_VALUE


@cache
def model_types() -> dict[str, dict[str, Any]]:
    """The supported ``model_type`` entries, as read from ``hf_types.json``."""
    text = resources.files("symparam").joinpath("hf_types.json").read_text(encoding="utf-8")
    return json.loads(text)


def load_config(path: str) -> dict[str, Any]:
    """Read a ``config.json`` (or the one in a folder) as a dict, with one-line errors."""
    if os.path.isdir(path):
        path = os.path.join(path, "config.json")
    if not os.path.exists(path):
        raise ConfigError(f"{path}: no such file")
    if not os.path.isfile(path):
        raise ConfigError(f"{path}: not a regular file")
    size = os.path.getsize(path)
    if size > MAX_CONFIG_BYTES:
        raise ConfigError(f"{path}: {size:,} bytes is too large for a config.json")
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle, parse_int=_json_int, parse_constant=_json_constant)
    except _JSONNumber as error:
        raise ConfigError(f"{path}: {error}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise ConfigError(f"{path}: invalid JSON ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise ConfigError(f"{path}: JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: expected a JSON object, got {type(data).__name__}")
    return data


def quoted(raw: Any, limit: int = 60) -> str:
    """A config value as JSON for an error message, cut to ``limit`` characters."""
    try:
        text = json.dumps(raw, ensure_ascii=False)
    except (RecursionError, ValueError):
        text = f"a {type(raw).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


class _JSONNumber(ValueError):
    """A number in a config.json that no hyperparameter can hold."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        raise _JSONNumber(f"a number of {len(text):,} digits (at most {MAX_JSON_DIGITS})")
    return int(text)


def _json_constant(text: str) -> float:
    raise _JSONNumber(f"{text} is not JSON (RFC 8259 has no NaN or Infinity)")


def looks_like_config(name: str) -> bool:
    """Whether a MODEL argument names a config file or folder rather than a preset."""
    return name.endswith(".json") or os.sep in name or os.path.exists(name)


@dataclass(frozen=True)
class Resolved:
    """What a config says: the family, the class counted, its options, values, assumptions."""

    family: str
    architecture: str
    label: str
    model_type: str
    options: dict[str, Any]
    values: dict[str, int]
    assumptions: tuple[str, ...]


def resolve_config(
    config: Mapping[str, Any], *, arch: str | None = None, base: bool = False,
    where: str = "config",
) -> Resolved:
    """Read a config dict into a :class:`Resolved` (no model is built yet)."""
    if not isinstance(config, Mapping):
        raise ConfigError(f"{where}: expected a JSON object")
    model_type = config.get("model_type")
    types = model_types()
    if not isinstance(model_type, str) or model_type not in types:
        known = ", ".join(sorted(types))
        shown = "missing" if model_type is None else quoted(model_type)
        raise ConfigError(f"{where}: model_type {shown} is not supported (supported: {known})")
    spec = types[model_type]
    cls = _choose_class(config, spec, arch, base, where)
    values, assumptions = _values(config, spec, where)
    options = dict(spec.get("fixed", {}))
    for option, key in spec.get("options", {}).items():
        options[option] = _bool(config, key, spec["defaults"].get(key), where,
                                null_is_false=key in spec.get("null_is_false", ()))
    for option, (rule, first, second) in spec.get("computed", {}).items():
        options[option] = _computed(config, spec, rule, first, second, where)
    architecture = spec["classes"][cls]
    _check_padding(config, spec, values, where)
    values["n_labels"] = _labels(config, where)  # dropped later when the class has no such head
    return Resolved(spec["family"], architecture, cls, model_type, options, values,
                    tuple(assumptions))


def from_hf_config(
    source: str | Mapping[str, Any],
    *,
    arch: str | None = None,
    base: bool = False,
    name: str | None = None,
) -> Any:
    """The model a ``config.json`` (a path, a folder holding one, or a dict) describes.

    The class counted is ``arch`` if given, else the base model with ``base``, else the file's
    ``architectures[0]``, else the base model (what ``AutoModel`` builds).
    """
    import symparam

    where = source if isinstance(source, str) else "config"
    config = load_config(source) if isinstance(source, str) else source
    resolved = resolve_config(config, arch=arch, base=base, where=where)
    return symparam.model(name or where, _resolved=resolved)


def _choose_class(
    config: Mapping[str, Any], spec: Mapping[str, Any], arch: str | None, base: bool, where: str
) -> str:
    classes = spec["classes"]
    if arch is not None:
        chosen = arch
    elif base:
        chosen = spec["base"]
    else:
        listed = config.get("architectures")
        if listed is None or listed == []:
            chosen = spec["base"]
        elif isinstance(listed, list) and isinstance(listed[0], str):
            chosen = listed[0]
        else:
            raise ConfigError(f"{where}: architectures must be a list of class names")
    if chosen not in classes:
        raise ConfigError(
            f"{where}: class {quoted(chosen)} is not supported for {config.get('model_type')}"
            f" (supported: {', '.join(classes)})"
        )
    return chosen


def _lookup(config: Mapping[str, Any], key: str, spec: Mapping[str, Any]) -> tuple[bool, Any]:
    for candidate in (key, *spec.get("aliases", {}).get(key, ())):
        if candidate in config:
            return True, config[candidate]
    return False, None


def _given(config: Mapping[str, Any], key: str, spec: Mapping[str, Any]) -> Any:
    """``key``'s value as the config writes it (``null`` included), or the type's default when
    the config leaves it out."""
    present, value = _lookup(config, key, spec)
    return value if present else spec["defaults"].get(key)


def _values(
    config: Mapping[str, Any], spec: Mapping[str, Any], where: str
) -> tuple[dict[str, int], list[str]]:
    values: dict[str, int] = {}
    assumptions: list[str] = []
    missing_rules = spec.get("missing", {})
    for symbol_name, key in spec["values"].items():
        present, raw = _lookup(config, key, spec)
        default = spec["defaults"].get(key)
        if present and raw == 0 and symbol_name in spec.get("zero_means_none", ()):
            continue  # e.g. no dense layers before the MoE ones: an option says so
        if present and raw is not None:
            values[symbol_name] = _positive_int(raw, key, where)
        elif not present and default is not None:
            values[symbol_name] = default
        elif symbol_name in missing_rules:
            rule = missing_rules[symbol_name]
            if rule not in ("d_head=H/h", "N_dec=N", "none"):  # the family's own / unused
                assumptions.append(rule)
        else:
            raise ConfigError(f"{where}: {key} is null; it must be a positive integer")
    if "N_dense" in values and "N" in values and values["N_dense"] > values["N"]:
        values["N_dense"] = values["N"]  # transformers: every layer before k is dense
    return values, assumptions


def _computed(
    config: Mapping[str, Any], spec: Mapping[str, Any], rule: str, first: str, second: str,
    where: str,
) -> Any:
    """An option that follows from keys: ``differs`` (set and ≠), ``true_and_false``, or
    ``activation`` (T5's ``[gated-]activation``) …"""
    if rule == "positive":
        return _given(config, first, spec) != 0
    if rule in ("not_null", "float_or_null"):  # a size or a number switches something on,
        value = _given(config, first, spec)  # null switches it off
        if value is None:
            return False
        if rule == "float_or_null" and not isinstance(value, float):  # as transformers types it
            raise ConfigError(f"{where}: {first} must be a decimal number or null, got "
                              f"{quoted(value)}")
        if rule == "not_null":
            _positive_int(value, first, where)
        return True
    if rule == "positive_int":  # null is refused, as transformers refuses it
        return _positive_int(_given(config, first, spec), first, where)
    if rule == "qwen_layer_pattern":  # Qwen-MoE: layer i is sparse unless listed in first
        present, listed = _lookup(config, first, spec)
        if not present or listed is None or listed == []:
            return ()
        if not isinstance(listed, list) or any(
            isinstance(i, bool) or not isinstance(i, int) for i in listed
        ):
            raise ConfigError(f"{where}: {first} must be a list of layer indices")
        step = _computed(config, spec, "positive_int", second, "", where)
        _, depth = _lookup(config, spec["values"]["N"], spec)
        depth = depth if depth is not None else spec["defaults"][spec["values"]["N"]]
        depth = _positive_int(depth, spec["values"]["N"], where)
        if depth > MAX_LAYERS_LISTED:
            raise ConfigError(f"{where}: {depth} layers is more than symparam lists one by one")
        skip = set(listed)
        return tuple(int(i not in skip and (i + 1) % step == 0) for i in range(depth))
    if rule == "falcon_parallel_norms":  # null means 2 with the new decoder architecture, else 1
        present, value = _lookup(config, first, spec)
        if not present or value is None:
            return 2 if _bool(config, second, spec["defaults"].get(second), where) else 1
        return 2 if _positive_int(value, first, where) == 2 else 1
    if rule == "activation":  # T5's feed_forward_proj: "relu", "gated-gelu" …
        value = _given(config, first, spec)
        parts = value.split("-") if isinstance(value, str) else []
        if not parts or len(parts) > 2 or (len(parts) == 2 and parts[0] != "gated") \
                or parts[-1] not in ACTIVATIONS:
            raise ConfigError(f"{where}: {first} must be an activation or gated-<activation> "
                              f"that transformers knows, got {quoted(value)}")
        return len(parts) == 2
    if rule == "differs":
        value = _given(config, first, spec)
        if value is None:
            return False
        _, other = _lookup(config, second, spec)
        other = spec["defaults"].get(second) if other is None else other
        return _positive_int(value, first, where) != other
    return _bool(config, first, spec["defaults"].get(first), where) and not _bool(
        config, second, spec["defaults"].get(second), where
    )


def _positive_int(raw: Any, key: str, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ConfigError(f"{where}: {key} must be a positive integer, got {quoted(raw)}")
    if raw <= 0:
        raise ConfigError(f"{where}: {key} must be a positive integer, got {raw}")
    if raw > MAX_VALUE:
        raise ConfigError(f"{where}: {key} = {raw} is more than symparam takes (10^30)")
    return raw


#: transformers' activation names (transformers.activations.ACT2CLS, 5.23)
ACTIVATIONS = frozenset({
    "gelu", "gelu_10", "gelu_accurate", "gelu_fast", "gelu_new", "gelu_python",
    "gelu_python_tanh", "gelu_pytorch_tanh", "hardswish", "laplace", "leaky_relu", "linear",
    "mish", "prelu", "quick_gelu", "relu", "relu2", "relu6", "sigmoid", "silu", "sqrtsoftplus",
    "swish", "tanh", "xielu",
})


def _bool(config: Mapping[str, Any], key: str, default: Any, where: str,
          null_is_false: bool = False) -> bool:
    """A flag: missing gives the default; ``null`` is an error (transformers 5 refuses it) or,
    for the keys the config class declares optional, false (what its model code reads)."""
    raw = config.get(key, default)
    if raw is None and key in config:
        if not null_is_false:
            raise ConfigError(f"{where}: {key} is null; it must be true or false")
        raw = False
    if not isinstance(raw, bool):
        raise ConfigError(f"{where}: {key} must be true or false, got {quoted(raw)}")
    return raw


def _check_padding(config: Mapping[str, Any], spec: Mapping[str, Any], values: Mapping[str, int],
                   where: str) -> None:
    """``pad_token_id`` is an integer or null; where a table is built with it as its padding
    row (``pad_tables``: the token table, RoBERTa's position table too), torch requires it to
    be a row of that table, and transformers refuses the config otherwise."""
    pad = config.get("pad_token_id", spec["defaults"].get("pad_token_id"))
    if pad is None:
        return
    if isinstance(pad, bool) or not isinstance(pad, int):
        raise ConfigError(f"{where}: pad_token_id must be an integer or null, got {quoted(pad)}")
    for name in spec.get("pad_tables", ()):
        rows = values.get(name)
        if rows is not None and not -rows <= pad < rows:
            key = spec["values"][name]
            raise ConfigError(f"{where}: pad_token_id {pad} is not a row of the table of "
                              f"{key} = {rows} rows, which pads with it")


def _labels(config: Mapping[str, Any], where: str) -> int:
    """The number of labels as transformers settles it: ``num_labels`` if given (it wins over
    ``id2label``), else the distinct label numbers of ``id2label``, else 2. ``id2label`` is
    checked whenever present, as transformers reads its keys as integers either way."""
    labels = config.get("id2label")
    distinct = None
    if labels is not None:
        if not isinstance(labels, dict):
            raise ConfigError(f"{where}: id2label must be an object, got {quoted(labels)}")
        try:  # "0" and "00" are one label
            distinct = len({int(key) for key in labels})
        except ValueError:
            raise ConfigError(f"{where}: id2label's keys must be label numbers, got "
                              f"{quoted(sorted(labels))}") from None
    if "num_labels" in config:  # null, like any non-number, is refused by transformers too
        return _positive_int(config["num_labels"], "num_labels", where)
    if distinct is None:
        return 2
    if distinct == 0:
        raise ConfigError(f"{where}: id2label is empty: a classifier needs a label")
    return distinct
