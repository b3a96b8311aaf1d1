"""Key-by-key variants of a model type's config.json, for the oracle (tests/test_keys.py).

The keys varied are not the ones symparam reads: they are every key transformers knows for the
model type — the config class's fields, what its ``to_dict()`` writes, the spellings of its
``attribute_map``, and every ``config.NAME`` / ``getattr(config, "NAME")`` its modeling code
reads (``head_dim`` is no field of ``Qwen3MoeConfig``, yet its attention reads it). Each key is
changed one at a time from a base config (integers doubled, halved and moved by one, booleans
flipped, null keys set to sizes, numbers nulled, strings swapped for the choices a ``Literal``
type allows, lists emptied or cut), and each variant is written three ways: as transformers
writes it (``to_json_string(use_diff=True)``), under each alias spelling, and as a lean
hand-written file holding only what was set. A composite config's sub-configs (CLIP's
``text_config`` and ``vision_config``) are varied key by key within them.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import itertools
import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import transformers
from transformers.models.auto import modeling_auto

#: keys that are bookkeeping, not architecture (set by the writer or by the test itself)
BOOKKEEPING = frozenset({"transformers_version", "architectures", "model_type", "_name_or_path"})

#: a small base for every type: each key that a type has (under any spelling) is set; sizes
#: chosen so that heads divide the hidden size and rotary head sizes are even
SMALL: dict[str, Any] = {
    "vocab_size": 37, "hidden_size": 16, "intermediate_size": 24, "num_hidden_layers": 2,
    "num_attention_heads": 4, "num_key_value_heads": 2, "max_position_embeddings": 32,
    "embedding_size": 8, "moe_intermediate_size": 8, "shared_expert_intermediate_size": 12,
    "num_experts": 4, "num_local_experts": 4, "n_routed_experts": 4, "num_experts_per_tok": 2,
    "n_shared_experts": 1, "first_k_dense_replace": 1, "q_lora_rank": 8, "kv_lora_rank": 8,
    "qk_rope_head_dim": 4, "qk_nope_head_dim": 4, "v_head_dim": 4, "n_group": 1,
    "topk_group": 1, "d_ff": 24, "d_kv": 4, "relative_attention_num_buckets": 8,
    "relative_attention_max_distance": 16, "ffn_dim": 24, "word_embed_proj_dim": 16,
    "hidden_dim": 24, "image_size": 8, "patch_size": 4, "encoder_stride": 4, "pad_token_id": 0,
    "bos_token_id": 1, "eos_token_id": 2, "decoder_start_token_id": 0, "head_dim": 4,
}
#: types whose small base needs more than SMALL (an explicit head size that must be even …)
SMALL_EXTRA: dict[str, dict[str, Any]] = {
    "t5": {"num_decoder_layers": 2},
    "mt5": {"num_decoder_layers": 2},
    # heads that split d_model in the decoder too, and a short audio input
    "whisper": {"decoder_attention_heads": 4, "decoder_layers": 2, "encoder_ffn_dim": 24,
                "decoder_ffn_dim": 24, "max_source_positions": 6, "max_target_positions": 16,
                "num_mel_bins": 5, "classifier_proj_size": 8},
    "gpt_neo": {"attention_types": [[["global", "local"], 1]]},  # as many layers as the base
    "convnext": {"hidden_sizes": [8, 16], "depths": [1, 2]},  # as many stages as the base
    # heads of head_dim that make expand · hidden_size, groups that divide them, short chunks
    "mamba2": {"num_heads": 8, "head_dim": 4, "n_groups": 2, "state_size": 4, "chunk_size": 4},
}


def config_class(model_type: str) -> type:
    return type(transformers.AutoConfig.for_model(model_type))


def registered_classes(model_type: str) -> list[str]:
    """Every class transformers' auto mappings register for ``model_type`` that it exports."""
    found: set[str] = set()
    for name in dir(modeling_auto):
        if name.startswith("MODEL") and name.endswith("MAPPING_NAMES"):
            value = getattr(modeling_auto, name).get(model_type)
            if value is not None:
                found |= set(value) if isinstance(value, list | tuple) else {value}
    return sorted(found)


@cache
def known_keys(model_type: str) -> tuple[str, ...]:
    """Every key transformers knows for ``model_type`` (see the module docstring)."""
    cls = config_class(model_type)
    keys = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else set()
    keys |= set(cls().to_dict())
    keys |= set(getattr(cls, "attribute_map", {}))
    for name in registered_classes(model_type):
        real = getattr(transformers, name, None)
        if real is None:
            continue
        source = inspect.getsource(importlib.import_module(real.__module__))
        keys |= set(re.findall(r"\bconfig\.([A-Za-z]\w*)", source))
        keys |= set(re.findall(r"getattr\(\s*(?:self\.)?config\s*,\s*[\"'](\w+)", source))
    for section, sub in sections(model_type).items():  # a composite's sub-configs, key by key
        inner = {f.name for f in dataclasses.fields(sub)} if dataclasses.is_dataclass(sub) \
            else set()
        inner |= set(sub().to_dict()) | set(getattr(sub, "attribute_map", {}))
        keys |= {f"{section}.{k}" for k in inner - BOOKKEEPING if not k.startswith("_")}
        keys.discard(section)  # varied key by key instead
    return tuple(sorted(k for k in keys - BOOKKEEPING if not k.startswith("_")))


def sections(model_type: str) -> dict[str, type]:
    """The sub-configs of a composite config (CLIP's ``text_config``, ``vision_config``) by
    key, each with its config class; none for a flat config."""
    from tools.hf_defaults import sub_config

    cls = config_class(model_type)
    return {name: sub_config(cls, name) for name in getattr(cls, "sub_configs", None) or {}}


def field_class(model_type: str, key: str) -> tuple[type, str]:
    """The config class that declares ``key`` and its name there: a sub-config's for
    ``text_config.hidden_size``."""
    section, dot, inner = key.partition(".")
    found = sections(model_type)
    if dot and section in found:
        return found[section], inner
    return config_class(model_type), key


def aliases(model_type: str) -> dict[str, str]:
    """transformers' other spellings: alias → the attribute it stands for."""
    return dict(getattr(config_class(model_type), "attribute_map", {}))


@cache
def small_base(model_type: str) -> dict[str, Any]:
    """The small base config's keys (canonical spellings), as a hand-written file sets them:
    each key of :data:`SMALL` the type knows and its config class accepts, alone or with the
    type's :data:`SMALL_EXTRA` (Falcon's ``head_dim`` is a property, not a key)."""
    cls = config_class(model_type)
    known = set(known_keys(model_type))
    spelled = aliases(model_type)
    base: dict[str, Any] = {}
    extra = SMALL_EXTRA.get(model_type, {})
    for key, value in {**SMALL, **extra}.items():
        target = spelled.get(key, key)
        if target in known:
            try:
                cls(**{target: value})
            except Exception:
                try:  # accepted together with the rest (GPT-Neo's depth and layer kinds)
                    cls(**{**base, **extra, target: value})
                except Exception:
                    continue
            base[target] = value
    for section, sub in sections(model_type).items():  # each sub-config small too
        inner: dict[str, Any] = {}
        known_inner = {k.partition(".")[2] for k in known if k.startswith(section + ".")}
        for _ in range(2):  # twice: a size may need the heads set after it to divide it
            for key, value in SMALL.items():
                if key in known_inner and key not in inner:
                    try:
                        sub(**{**inner, key: value})
                    except Exception:
                        continue
                    inner[key] = value
        base[section] = inner
    return base


def _literal_choices(model_type: str, key: str) -> list[Any]:
    """The choices a ``Literal[...]`` annotation of the field allows (read from its text: the
    annotations name torch, which ``typing.get_type_hints`` cannot resolve here)."""
    cls, key = field_class(model_type, key)
    fields = {f.name: f.type for f in dataclasses.fields(cls)} \
        if dataclasses.is_dataclass(cls) else {}
    found: list[Any] = []
    for inside in re.findall(r"Literal\[([^\]]*)\]", str(fields.get(key, ""))):
        try:
            value = ast.literal_eval(f"({inside},)")
        except (ValueError, SyntaxError):
            continue
        found.extend(value)
    return found


#: strings tried for a string key whose type lists no choices (activations, T5's
#: feed_forward_proj, layouts): transformers refuses what it does not know
STRINGS = ("gelu", "relu", "silu", "gated-gelu", "gated-silu", "absolute", "relative_key")


def values_for(model_type: str, key: str, current: Any) -> Iterator[Any]:
    """The values ``key`` is changed to, from ``current``."""
    if isinstance(current, bool):
        yield not current
    elif isinstance(current, int):
        if current > 0:
            yield current * 2
            if current // 2 >= 1:
                yield current // 2
            yield current + 1
        else:
            yield from (1, 2)
        yield None
    elif current is None:
        yield from (2, 4, True, False)
    elif isinstance(current, float):
        yield current * 2
        yield None
    elif isinstance(current, str):
        choices = _literal_choices(model_type, key) or list(STRINGS)
        yield from (c for c in choices if c != current)
        yield None
    elif isinstance(current, list):
        if current:
            yield current[:-1]
            yield list(reversed(current))
        yield [0]
        yield [1]
        yield None
    elif isinstance(current, dict):
        if key == "id2label":
            yield {str(i): f"LABEL_{i}" for i in range(3)}
        yield None


def variants(model_type: str, base: dict[str, Any]) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """(key, value, kwargs) for each key of the type changed once from ``base``, then each pair
    of boolean keys flipped together (a flag that acts only with another: BERT's
    ``add_cross_attention`` with ``is_decoder``)."""
    start = config_class(model_type)(**base).to_dict()
    for key in known_keys(model_type):
        section, dot, inner = key.partition(".")
        if dot and section in sections(model_type):  # a sub-config's key, set within it
            current = (start.get(section) or {}).get(inner, base.get(section, {}).get(inner))
            for value in values_for(model_type, key, current):
                yield key, value, {**base, section: {**base.get(section, {}), inner: value}}
            continue
        current = start.get(key, base.get(key))
        for value in values_for(model_type, key, current):
            yield key, value, {**base, key: value}
    flags = [k for k in known_keys(model_type) if isinstance(start.get(k), bool)]
    for first, second in itertools.combinations(flags, 2):
        flipped = {first: not start[first], second: not start[second]}
        yield f"{first}+{second}", tuple(flipped.values()), {**base, **flipped}


def written(hf_config: Any, cls: str) -> dict[str, Any]:
    """The file ``save_pretrained`` writes for ``hf_config`` counted as ``cls``."""
    data = json.loads(hf_config.to_json_string(use_diff=True))
    data["architectures"] = [cls]
    return data


def respelled(model_type: str, data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """``data`` with each canonical key that has aliases written under each alias instead."""
    for alias, canonical in aliases(model_type).items():
        if canonical in data and alias not in data:
            out = {k: v for k, v in data.items() if k != canonical}
            out[alias] = data[canonical]
            yield out
