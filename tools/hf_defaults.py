"""Regenerate ``symparam/hf_defaults.json`` from the installed (pinned) transformers.

For every model type's record, and every config key the record reads: whether a file may
write it ``null`` (its field's type admits None), the default the config class gives a key a
file leaves out (the class's field default, before its ``__post_init__``
works anything out: a missing ``head_dim`` is null, not H/h), and the other spellings
transformers accepts for the key — its ``attribute_map`` and the keyword aliases a config's
``__post_init__`` pops (BLOOM's ``n_embed``), each confirmed by building a config with it —
listed in the order transformers prefers them when a file holds more than one.

    python tools/hf_defaults.py           # say whether the committed file is up to date
    python tools/hf_defaults.py --write   # rewrite it

``tests/test_records.py`` runs :func:`generate` and fails when the committed file differs.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import re
import sys
from pathlib import Path
from typing import Any

# this checkout's tools and symparam before any other on the path (an editable install of
# another checkout puts its own there: a worktree's tools would write into that one)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.generated import ROOT, run

TARGET = ROOT / "symparam" / "hf_defaults.json"


def _config_class(model_type: str) -> type:
    import transformers

    return type(transformers.AutoConfig.for_model(model_type))


def _field_defaults(cls: type) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            out[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            out[f.name] = f.default_factory()
    return out


def _probe(cls: type, given: dict[str, Any], key: str) -> Any:
    try:
        return getattr(cls(**given), key)
    except Exception:
        pass
    # a check of one key against another (GPT-Neo's depth against its layer kinds) refuses any
    # other depth; the spelling is read the same way without the class's checks
    validators = cls.__dict__.get("__class_validators__")
    cls.__class_validators__ = []  # type: ignore[attr-defined]
    try:
        return getattr(cls(**given), key)
    except Exception:
        return _REFUSED
    finally:
        if validators is None:
            del cls.__class_validators__  # type: ignore[attr-defined]
        else:
            cls.__class_validators__ = validators  # type: ignore[attr-defined]


_REFUSED = object()


def sub_config(cls: type, section: str) -> type:
    """The config class of a composite config's ``section``: its own, or, where transformers
    gives ``AutoConfig`` (Gemma 3's ``vision_config``), the class of the model type it builds
    by default (``siglip_vision_model``)."""
    sub = cls.sub_configs[section]  # type: ignore[attr-defined]
    if dataclasses.is_dataclass(sub):
        return sub
    spec = getattr(cls, "sub_configs_defaults", {}).get(section)
    return _config_class(spec.model_type)


def _distinct(default: Any) -> tuple[Any, Any]:
    """Two values of the key's kind, both unlike its default."""
    if isinstance(default, bool):
        return (not default, not default)  # one flip only: precedence is read by the int probe
    if isinstance(default, int):
        return default + 1, default + 2
    if isinstance(default, float):
        return default + 0.5, default + 1.5
    return 3, 5


def spellings(model_type: str | type, key: str) -> list[str]:
    """``key`` and its other spellings, in the order transformers prefers them (of the
    model type's config class, or of the class given)."""
    cls = model_type if isinstance(model_type, type) else _config_class(model_type)
    fields = _field_defaults(cls)
    default = fields.get(key)
    if default is None:
        default = next((fields[a] for a, c in getattr(cls, "attribute_map", {}).items()
                        if c == key and fields.get(a) is not None), None)
    candidates = [alias for alias, canonical in getattr(cls, "attribute_map", {}).items()
                  if canonical == key]
    source = inspect.getsource(importlib.import_module(cls.__module__))
    for name in re.findall(r"kwargs\.pop\(\s*[\"'](\w+)[\"']", source):
        if name != key and name not in candidates:
            candidates.append(name)
    first, second = _distinct(default)
    found = []
    for alias in candidates:
        if _probe(cls, {alias: first}, key) != first:
            continue  # not a spelling of this key
        both = _probe(cls, {key: second, alias: first}, key)
        found.append((alias, both == first))
    preferred = [alias for alias, wins in found if wins]
    return [*preferred, key, *(alias for alias, wins in found if not wins)]


def generate() -> dict[str, Any]:
    """The contents of ``hf_defaults.json`` for the installed transformers."""
    import transformers

    from symparam.catalog import model_types

    out: dict[str, Any] = {"transformers": transformers.__version__, "types": {}}
    for name, record in sorted(model_types().items()):
        entry: dict[str, Any] = {"defaults": {}, "spellings": {}, "nullable": []}
        for key in record.reads():
            # a sub-config's key (CLIP's text_config.hidden_size) is its own class's
            section, dot, inner = key.partition(".")
            cls = _config_class(name)
            if dot and section in record.sections:
                cls = sub_config(cls, section)
            else:
                section, inner = "", key
            defaults = _field_defaults(cls)
            types = {f.name: str(f.type) for f in dataclasses.fields(cls)}
            spelled = spellings(cls, inner)
            # the field may be declared under another spelling (Qwen3-MoE's num_experts); a key
            # that is no field of the class (read by the model code with hasattr) has none
            if any(k in types for k in spelled):
                entry["defaults"][key] = _json(next(
                    (defaults[k] for k in (inner, *spelled) if defaults.get(k) is not None),
                    None))
            if len(spelled) > 1:
                entry["spellings"][key] = [f"{section}.{k}" if section else k for k in spelled]
            # a file may write null only where the field's type admits None (strict
            # validation refuses it elsewhere; a key that is no field is read by the model
            # code with getattr and fails on null)
            if any("None" in types.get(k, "") for k in spelled):
                entry["nullable"].append(key)
            if section:  # what a section the file leaves out is built with, where it differs
                spec = getattr(_config_class(name), "sub_configs_defaults", {}).get(section)
                unwritten = getattr(spec, "init_kwargs", None) or {}
                if inner in unwritten:
                    entry.setdefault("unwritten", {})[key] = _json(unwritten[inner])
        out["types"][name] = entry
    return out


def _json(value: Any) -> Any:
    """A default as a file writes it: a tuple (ConvNeXt's stage sizes) is a list."""
    return list(value) if isinstance(value, tuple) else value


def text() -> str:
    return json.dumps(generate(), indent=1, sort_keys=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    return run(__doc__.splitlines()[0], lambda: {TARGET: text()}, "python tools/hf_defaults.py",
               argv)


if __name__ == "__main__":
    sys.exit(main())
