"""Key by key against transformers: every key it knows for a model type, changed one at a time.

From two bases — the config class's defaults and a small config — each key transformers knows
for the type (tests/keys.py: fields, what it writes, its aliases, and every ``config.NAME`` its
modeling code reads) is changed once, and each variant is written as transformers writes it,
under each alias spelling, and as a lean hand-written file. For every class the type registers
(the default base: its base class, to stay quick), symparam's total must equal the real class's
``num_parameters()`` on the meta device. symparam may refuse a file only where transformers
cannot run the model it builds (tried: a forward pass on the meta device) or where the file
writes a value of a type the config field does not declare (``true`` for an integer). A variant
transformers itself refuses is skipped. The counts of keys and files tried print at the end.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from typing import Any

import pytest

from symparam.catalog import model_types
from symparam.errors import SymparamError
from tests import declared
from tests.tools import need

oracle = need("tests.oracle")
keys = need("tests.keys")
torch, transformers = oracle.torch, oracle.transformers

TALLY: dict[str, Counter[str]] = {}


def _real(cls: str, hf_config: Any) -> int:
    """The class's count, built from a copy: some classes change the config they are given
    (BART's question answering sets 2 labels, its causal LM makes it a decoder's)."""
    import copy

    with torch.device("meta"):
        return getattr(transformers, cls)(copy.deepcopy(hf_config)).num_parameters()


def _read_back(data: dict[str, Any]) -> int | None:
    """The labels of the config transformers reads from a file it wrote (None: it cannot
    read the file back, as when the file holds ``true`` for a size given under an alias)."""
    kept = {k: v for k, v in data.items() if k != "architectures"}
    try:
        return transformers.AutoConfig.for_model(**kept).num_labels
    except Exception:  # the file as written is one transformers refuses
        return None


#: the sizes a model that runs on the CPU with real weights (declared.on_cpu) is
#: probed at, but the key varied: a default Mistral 3 is 7 B real weights (its tower's eager
#: attention over 12,100 patches more; the sweep's run that built one was killed at 24 GB).
#: Widths and depths only: the heads, their size and the image's patches, which decide
#: whether it runs, are kept
SMALL = {"hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 1}


def _small(config: dict[str, Any], key: str) -> dict[str, Any]:
    """``config`` at the widths and depths of :data:`SMALL`, each head as wide as before (a
    head size the config leaves to H // h written out), but the key varied."""
    out = dict(config)
    for section in ("text_config", "vision_config"):
        part = out.get(section)
        if not isinstance(part, dict):
            continue
        part = dict(part)
        hidden, heads = part.get("hidden_size"), part.get("num_attention_heads")
        if part.get("head_dim") is None and isinstance(hidden, int) \
                and isinstance(heads, int) and heads > 0:
            part["head_dim"] = hidden // heads
        part.update({k: v for k, v in SMALL.items() if f"{section}.{k}" != key})
        out[section] = part
    return out


def _runs(cls: str, hf_config: Any, key: str = "") -> bool:
    """Whether the real class runs a forward pass on the meta device (a short input); a model
    the oracle runs on the CPU, at :func:`_small` sizes."""
    config = hf_config.to_dict() | {"model_type": hf_config.model_type}
    if declared.on_cpu(hf_config.model_type, cls):
        config = _small(config, key)
    try:
        oracle.forward(config, cls, 1, 4,
                       4 if declared.targeted(hf_config.model_type, cls) else None, _nothing,
                       eager=True)
    except Exception:  # any failure of the real class is "cannot run"
        return False
    return True


class _nothing:
    def __init__(self, model: Any) -> None:
        pass

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _ill_typed(model_type: str, key: str, value: Any) -> bool:
    """A boolean where the config field declares a number (JSON ``true`` for a size), or
    anything but a boolean for a key that no field declares and the model code reads as a flag
    (ELECTRA's ``summary_proj_to_labels: 2``, which Python would take as true)."""
    import dataclasses

    from symparam.modeltype import Flag

    cls, name = keys.field_class(model_type, key)
    fields = {f.name: str(f.type) for f in dataclasses.fields(cls)}
    name = keys.aliases(model_type).get(name, name)
    flags = {k for r in model_types()[model_type].rules if isinstance(r, Flag) for k in r.reads()}
    if name not in fields and name in flags:
        return not isinstance(value, bool)
    return isinstance(value, bool) and "bool" not in fields.get(name, "")


def _files(model_type: str, hf_config: Any, kwargs: dict[str, Any], cls: str
           ) -> list[tuple[str, dict[str, Any]]]:
    written = keys.written(hf_config, cls)
    out = [("written", written)]
    out += [("alias", f) for f in keys.respelled(model_type, written)]
    out.append(("lean", {"model_type": model_type, "architectures": [cls], **kwargs}))
    return [(how, json.loads(json.dumps(data))) for how, data in out]


#: a third of the share of the other sweeps: the costliest of them (a vision–language type's
#: hundreds of builds take minutes of CPU; at a fifth it was a quarter of the suite's, at a
#: tenth still its costliest test, issue 30)
@pytest.mark.sweep(weight=0.35)
@pytest.mark.parametrize("model_type", sorted(model_types()))
def test_every_key_against_transformers(model_type: str) -> None:
    import symparam

    logging.disable(logging.WARNING)
    transformers.logging.set_verbosity_error()
    record = model_types()[model_type]
    tally = TALLY.setdefault(model_type, Counter())
    tally["keys"] = len(keys.known_keys(model_type))
    failures: list[str] = []
    for base_name, base in (("default", {}), ("small", keys.small_base(model_type))):
        classes = [record.base] if base_name == "default" else list(record.classes)
        for key, value, kwargs in keys.variants(model_type, base):
            try:
                hf_config = transformers.AutoConfig.for_model(model_type, **kwargs)
            except Exception:  # transformers refuses the variant itself
                tally["refused by transformers"] += 1
                continue
            tally["variants"] += 1
            for cls in classes:
                try:
                    real = _real(cls, hf_config)
                except Exception:  # a class transformers cannot build
                    tally["refused by transformers"] += 1
                    continue
                files = _files(model_type, hf_config, kwargs, cls)
                if _read_back(files[0][1]) not in (None, hf_config.num_labels):
                    # transformers writes a diff against PreTrainedConfig's 2 labels, so a
                    # BART config of 2 labels (its class makes 3) does not read back as itself
                    # (transformers reads that file, and its respellings, as symparam does)
                    tally["written files transformers reads back otherwise"] += 1
                    files = files[-1:]  # the lean file
                for how, data in files:
                    tally["files"] += 1
                    where = f"{base_name} base, {key}={value!r}, {cls}, {how}"
                    try:
                        ours = symparam.from_hf_config(data).count()
                    except SymparamError as error:
                        if _ill_typed(model_type, key, value) or not _runs(cls, hf_config, key):
                            tally["refused, as transformers cannot run it"] += 1
                            continue
                        failures.append(f"{where}: refused ({error}) but transformers runs it")
                        continue
                    if ours != real:
                        failures.append(f"{where}: {ours:,} ≠ transformers {real:,}")
    assert not failures, f"{len(failures)} differences:\n" + "\n".join(failures[:40])
