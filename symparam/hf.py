"""Reading a Hugging Face ``config.json``, without importing torch or transformers.

Each ``model_type`` is a record (:class:`symparam.modeltype.ModelType`) declared beside its
family: the keys it reads and what a ``null`` means. This module loads a file safely and reads
it through its record (:func:`resolve_config`), with transformers' defaults and spellings from
``hf_defaults.json``; :func:`symparam.catalog.from_hf_config` turns the result into a model.

>>> from symparam.catalog import model_types
>>> resolve_config({"model_type": "llama", "num_hidden_layers": 32}, model_types()).label
'LlamaModel'
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import field
from functools import cache
from importlib import resources
from typing import Any

from symparam.assumptions import Assumption
from symparam.errors import ConfigError, Param, quoted, whole
from symparam.frozen import frozen
from symparam.limits import MAX_CONFIG_BYTES, MAX_JSON_DIGITS, MAX_LAYERS_LISTED, MAX_VALUE
from symparam.modeltype import Leave, ModelType, NullRule, Size, Unusable
from symparam.refused import refusal


@cache
def generated() -> dict[str, dict[str, Any]]:
    """Per model type, transformers' defaults for the keys its record reads and the other
    spellings of those keys, in the order transformers prefers them (``hf_defaults.json``,
    written by ``tools/hf_defaults.py`` from the pinned transformers)."""
    text = resources.files("symparam").joinpath("hf_defaults.json").read_text(encoding="utf-8")
    return json.loads(text)["types"]


def load_config(path: str) -> dict[str, Any]:
    """Read a ``config.json`` (or the one in a folder) as a dict, with one-line errors."""
    if os.path.isdir(path):
        path = os.path.join(path, "config.json")
    return parse_config(_read_regular(path), path)


def read_config_stream(stream: Any, where: str = "standard input") -> dict[str, Any]:
    """A ``config.json`` read from an open binary stream (standard input: ``symparam count
    -``), at most MAX_CONFIG_BYTES of it, with the same one-line errors as a file."""
    try:
        text = stream.read(MAX_CONFIG_BYTES + 1)
    except (OSError, ValueError) as error:  # closed, or not readable (a captured stdin …)
        raise ConfigError(f"{where}: cannot read it ({error})") from None
    if not isinstance(text, bytes):
        raise ConfigError(f"{where}: not a binary stream")
    if len(text) > MAX_CONFIG_BYTES:
        raise ConfigError(f"{where}: more than {MAX_CONFIG_BYTES:,} bytes is too large for a "
                          "config.json")
    return parse_config(text, where)


def parse_config(text: bytes, path: str) -> dict[str, Any]:
    """The bytes of a ``config.json`` as a dict (``path`` names it in errors)."""
    try:
        data = json.loads(text.decode("utf-8"), parse_int=_json_int,
                          parse_constant=_json_constant)
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


def _read_regular(path: str) -> bytes:
    """The bytes of ``path``, which must be a regular file of at most MAX_CONFIG_BYTES.

    The file is opened without blocking and the descriptor opened is checked, not the path
    (a FIFO swapped in after a check of the path would block the read); errors (permission,
    a loop of links, a file the kernel will not read) are one line each."""
    import stat

    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise ConfigError(f"{path}: {_reason(error)}") from None
    except ValueError:  # a NUL byte: no file has such a name
        raise ConfigError(f"{path!r}: not a file name") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ConfigError(f"{path}: not a regular file")
        if info.st_size > MAX_CONFIG_BYTES:
            raise ConfigError(f"{path}: {info.st_size:,} bytes is too large for a config.json")
        chunks, size = [], 0
        while size <= MAX_CONFIG_BYTES:  # a file that grows (or lies about its size) is cut
            chunk = os.read(fd, min(1 << 20, MAX_CONFIG_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_CONFIG_BYTES:
            raise ConfigError(f"{path}: more than {MAX_CONFIG_BYTES:,} bytes is too large for "
                              "a config.json")
        return b"".join(chunks)
    except OSError as error:
        raise ConfigError(f"{path}: cannot read it ({_reason(error)})") from None
    finally:
        os.close(fd)


def _reason(error: OSError) -> str:
    """What went wrong, in words: ``no such file``, ``permission denied`` …"""
    import errno

    named = {errno.ENOENT: "no such file", errno.EACCES: "permission denied",
             errno.ELOOP: "too many levels of symbolic links",
             errno.ENOTDIR: "a part of the path is not a folder"}
    return named.get(error.errno or 0, (error.strerror or str(error)).lower())


class _JSONNumber(ValueError):
    """A number in a config.json that no hyperparameter can hold."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        raise _JSONNumber(f"a number of {len(text):,} digits (at most {MAX_JSON_DIGITS})")
    return int(text)


def _json_constant(text: str) -> float:
    """``NaN``, ``Infinity`` and ``-Infinity``: not JSON (RFC 8259), but Python writes them
    (transformers 4 writes Mamba-2's ``"time_step_limit": [0.0, Infinity]``) and reads them,
    and so do transformers and symparam; a key that sizes something refuses them as it
    refuses any number that is not a whole one (:func:`_positive_int`)."""
    return float(text)


def looks_like_config(name: str) -> bool:
    """Whether a MODEL argument names a config file or folder rather than a preset."""
    return name.endswith(".json") or os.sep in name or os.path.exists(name)


@frozen
class Resolved:
    """What a config says: the record read, the class counted, options, values, assumptions,
    and the key (as the file spells it) that each value came from."""

    record: ModelType
    architecture: str
    label: str
    options: dict[str, Any]
    values: dict[str, int]
    assumptions: tuple[Assumption, ...]
    keys: dict[str, str]
    #: the hyperparameters a key's value leaves unbound (:class:`~symparam.modeltype.Unusable`)
    #: and why, for what needs them
    unusable: dict[str, str] = field(default_factory=dict)


class ConfigView:
    """A config.json as one model type reads it: each key under any spelling transformers
    accepts (the one it prefers when a file holds two), transformers' default where the file
    leaves a key out, and one-line errors that name the file and the key."""

    def __init__(self, config: Mapping[str, Any], record: ModelType, where: str) -> None:
        self.config = config
        self.where = where
        data = generated()[record.name]
        self.defaults: dict[str, Any] = data["defaults"]
        # a composite config's defaults for a section the file leaves out (LLaVA's vision
        # tower is CLIP ViT-L/14 at 336 pixels then, CLIPVisionConfig's own defaults otherwise)
        self.unwritten: dict[str, Any] = data.get("unwritten", {})
        self.spellings: dict[str, list[str]] = data["spellings"]
        self.nullable = frozenset(data["nullable"])
        self.sections = record.sections
        # the sections whose class transformers picks by the model_type the file names there
        # (LLaVA's vision tower: CLIPVisionConfig or SiglipVisionConfig, each with its defaults)
        self.dispatched = frozenset(
            section for section in record.sections
            if any(f"{section}.model_type" in rule.reads() for rule in record.rules))
        self.flat = record.flat
        self.spelled: dict[str, str] = {}  # key → how the file spells it, for what was read

    def section(self, name: str) -> Mapping[str, Any]:
        """A sub-config of a composite config (CLIP's ``text_config``) as transformers builds
        it: the file's object (none, or null: every key its default), or, where the file also
        gives the older key that replaces it (``text_config_dict``), that one — transformers
        overwrites every key of the section with it or with the default."""
        override = self.sections.get(name, "")
        key = override if override and self.config.get(override) is not None else name
        raw = self.config.get(key)
        if raw is None and name in self.flat:  # the section's keys at the top of the file
            return self.config
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            raise ConfigError(f"{self.where}: {key} must be an object, got {quoted(raw, 20)}")
        return raw

    def _held(self, spelled: str) -> tuple[bool, Any]:
        """Whether the file holds the key as spelled, and its value; ``text_config.hidden_size``
        is read within its section."""
        section, dot, inner = spelled.partition(".")
        if dot and section in self.sections:
            data = self.section(section)
            return inner in data, data.get(inner)
        return spelled in self.config, self.config.get(spelled)

    def lookup(self, key: str) -> tuple[bool, Any]:
        """Whether the file holds ``key`` (under any spelling), and its value: the spelling
        transformers prefers wins, as in transformers; another spelling present must still be
        a value transformers' validation admits (not null where the key is not nullable, not
        a boolean for a number), as transformers checks each keyword it is given."""
        held = {s: self._held(s) for s in self.spellings.get(key, (key,))}
        found = [s for s, (present, _) in held.items() if present]
        if not found:
            return False, None
        first = held[found[0]][1]
        for other in found[1:]:
            value = held[other][1]
            if value is None and key not in self.nullable:
                raise ConfigError(f"{self.where}: {other} is null; it must be a value like "
                                  f"{found[0]}'s")
            if value is not None and first is not None \
                    and isinstance(value, bool) != isinstance(first, bool):
                raise ConfigError(f"{self.where}: {other} = {quoted(value, 20)} is not a value "
                                  f"of the kind {found[0]} holds")
        self.spelled[key] = found[0]
        return True, first

    def given(self, key: str) -> Any:
        """``key``'s value as the file writes it (``null`` included), or transformers' default
        when the file leaves it out."""
        present, value = self.lookup(key)
        return value if present else self.default_of(key)

    def default_of(self, key: str, absent: Any = None) -> Any:
        """transformers' default for ``key`` when the file leaves it out: a left-out section's
        own where the composite config gives one, else the config class's."""
        section, dot, inner = key.partition(".")
        if dot and key in self.unwritten and self.config.get(section) is None:
            return self.unwritten[key]
        if dot and section in self.dispatched:  # the class the section names, its defaults
            named = self.section(section).get("model_type")
            if isinstance(named, str) and named in generated():
                own = generated()[named]["defaults"]
                if inner in own:
                    return own[inner]
        return self.defaults.get(key, absent)

    def flag(self, key: str, null_is_false: bool = False, absent: bool | None = None) -> bool:
        """A flag: missing gives the default (``absent`` for a key the config class does not
        define); ``null`` is an error (transformers 5 refuses it) or, for the flags the model
        code reads as optional, false."""
        present, raw = self.lookup(key)
        if not present:
            raw = self.default_of(key, absent)
        elif raw is None:
            if not null_is_false:
                raise ConfigError(f"{self.where}: {self.spelled[key]} is null; it must be true "
                                  "or false")
            raw = False
        if not isinstance(raw, bool):
            raise ConfigError(f"{self.where}: {self.spelled.get(key, key)} must be true or "
                              f"false, got {quoted(raw)}")
        return raw

    def positive_int(self, key: str, raw: Any) -> int:
        return _positive_int(raw, self.spelled.get(key, key), self.where)

    def listed(self, entry: Size) -> dict[str, int]:
        """One size per stage from a list (ConvNeXt's ``hidden_sizes``): as many as
        ``entry.listed`` says are used, or every one with ``"all"``; transformers cannot build
        a model whose list is shorter."""
        raw = self.given(entry.key)
        shown = self.spelled.get(entry.key, entry.key)
        if not isinstance(raw, list) or not raw:
            raise ConfigError(f"{self.where}: {shown} must be a list of positive integers, got "
                              f"{quoted(raw, 30)}")
        count = len(raw)
        if entry.listed != "all":
            count = self.positive_int(entry.listed, self.given(entry.listed))
            if count > len(raw):
                raise ConfigError(f"{self.where}: {shown} lists {len(raw)} sizes but "
                                  f"{self.spelled.get(entry.listed, entry.listed)} = {count}; "
                                  "transformers cannot build the missing stages")

        if count > MAX_LAYERS_LISTED:
            raise ConfigError(f"{self.where}: {shown} lists more stages than symparam builds "
                              f"({MAX_LAYERS_LISTED})")
        return {f"{entry.symbol}_{i + 1}": _positive_int(raw[i], f"{shown}[{i}]", self.where)
                for i in range(count)}

    def size(self, entry: Size) -> int | Assumption | Leave | None:
        """A hyperparameter's value, or what stands for it when the key is null (``None``: the
        key is 0 and means "none")."""
        if entry.computed:  # transformers works it out itself (ignoring the key, or its own way)
            return entry.null.resolve(self) if isinstance(entry.null, NullRule) else entry.null
        present, raw = self.lookup(entry.key)
        if present and raw == 0 and entry.zero_means_none:
            return None
        if present and entry.null_as_absent and (raw is None or (type(raw) is int and raw == 0)):
            present = False
        if present and raw is not None:
            return self.positive_int(entry.key, raw)
        default = self.default_of(entry.key)
        if not present and default is not None:
            return default
        if entry.null is not None and not (present and entry.key not in self.nullable):
            if isinstance(entry.null, NullRule):
                return entry.null.resolve(self)
            return entry.null
        shown = self.spelled.get(entry.key, entry.key)
        raise ConfigError(f"{self.where}: {shown} is null; it must be a positive integer")


def choose_record(config: Mapping[str, Any], types: Mapping[str, ModelType],
                  where: str) -> ModelType:
    """The record of the file's ``model_type`` among ``types``, or an error listing them."""
    if not isinstance(config, Mapping):
        raise ConfigError(f"{where}: expected a JSON object")
    model_type = config.get("model_type")
    if not isinstance(model_type, str) or model_type not in types:
        shown = "missing" if model_type is None else quoted(model_type)
        why = refusal(model_type)
        if why is not None:
            raise ConfigError(f"{where}: model_type {shown} is not counted: transformers has it, "
                              f"and reading its classes off their module trees was refused "
                              f"({why})")
        raise ConfigError(f"{where}: model_type {shown} is not supported (supported: "
                          f"{', '.join(sorted(types))})")
    return types[model_type]


def resolve_config(
    config: Mapping[str, Any], types: Mapping[str, ModelType], *, arch: str | None = None,
    base: bool = False, where: str = "config",
) -> Resolved:
    """Read a config dict into a :class:`Resolved` (no model is built yet), by the record of
    its model type among ``types`` (the registry: :func:`symparam.catalog.model_types`)."""
    record = choose_record(config, types, where)
    cls = _choose_class(config, record, arch, base, where)
    view = ConfigView(config, record, where)
    options = dict(record.fixed)
    for rule in record.rules:
        options[rule.option] = rule.read(view)
    values: dict[str, int] = {}
    assumptions: list[Assumption] = []
    keys: dict[str, str] = {}
    unusable: dict[str, str] = {}
    for entry in record.sizes:
        if entry.when and not any(options.get(option) for option in entry.when):
            continue  # a size that is there only with an option (a sliding window)
        if record.classes[cls] in entry.unbuilt:
            continue  # a part the class does not build (the encoder of a decoder alone)
        if entry.listed:  # one size per stage: symbol_1 … symbol_K
            stages = view.listed(entry)
            values.update(stages)
            shown = view.spelled.get(entry.key, entry.key)
            keys.update({name: f"{shown}[{i}]" for i, name in enumerate(stages)})
            continue
        value = view.size(entry)
        if isinstance(value, int):
            values[entry.symbol] = value
        elif isinstance(value, Assumption):
            assumptions.append(value)
        elif isinstance(value, Unusable):
            unusable[entry.symbol] = value.why
    if "N_dense" in values and "N" in values and values["N_dense"] > values["N"]:
        values["N_dense"] = values["N"]  # transformers: every layer before k is dense
    _check_padding(view, record, values)
    # dropped later when the class has no such head
    values["n_labels"] = _labels(config, where, record.labels)
    keys.update({s.symbol: view.spelled.get(s.key, s.key) for s in record.sizes
                 if not s.listed})
    keys["n_labels"] = "num_labels"
    return Resolved(record, record.classes[cls], cls, options, values, tuple(assumptions),
                    keys, unusable)


def _choose_class(config: Mapping[str, Any], record: ModelType, arch: str | None, base: bool,
                  where: str) -> str:
    if arch is not None:
        chosen = arch
    elif base:
        chosen = record.base
    else:
        listed = config.get("architectures")
        if listed is None or listed == []:
            chosen = record.base
        elif isinstance(listed, list) and isinstance(listed[0], str):
            chosen = listed[0]
        else:
            raise ConfigError(f"{where}: architectures must be a list of class names")
    chosen = record.aliases.get(chosen, chosen)
    if chosen not in record.classes:
        raise ConfigError(
            f"{where}: class {quoted(chosen)} is not supported for {record.name} (supported: "
            f"{', '.join(record.classes)}); count the base model {record.base} instead with ",
            Param("base", "base=True"), ", or name a supported class with ",
            Param("arch", "arch=…"))
    return chosen


def _positive_int(raw: Any, key: str, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ConfigError(f"{where}: {key} must be a positive integer, got {quoted(raw)}")
    if raw <= 0:
        raise ConfigError(f"{where}: {key} must be a positive integer, got {whole(raw)}")
    if raw > MAX_VALUE:
        raise ConfigError(f"{where}: {key} = {whole(raw)} is more than symparam takes (10^30)")
    return raw


def _check_padding(view: ConfigView, record: ModelType, values: Mapping[str, int]) -> None:
    """``pad_token_id`` is an integer or null; where a table is built with it as its padding
    row (the token table, RoBERTa's position table too), torch requires it to be a row of that
    table, and transformers refuses the config otherwise."""
    pad = view.given("pad_token_id")
    if pad is None:
        return
    if isinstance(pad, bool) or not isinstance(pad, int):
        raise ConfigError(f"{view.where}: pad_token_id must be an integer or null, got "
                          f"{quoted(pad)}")
    for entry in record.sizes:
        rows = values.get(entry.symbol)
        if entry.pads and rows is not None and not -rows <= pad < rows:
            raise ConfigError(f"{view.where}: pad_token_id {whole(pad)} is not a row of the "
                              f"table of {view.spelled.get(entry.key, entry.key)} = {rows} rows, "
                              "which pads with it")


def _labels(config: Mapping[str, Any], where: str, default: int = 2) -> int:
    """The number of labels as transformers settles it: ``num_labels`` if given (it wins over
    ``id2label``), else the distinct label numbers of ``id2label``, else the config class's
    ``default`` (2, or 3 for BART and its kin). ``id2label`` is checked whenever present, as
    transformers reads its keys as integers either way."""
    labels = config.get("id2label")
    distinct = None
    if labels is not None:
        if not isinstance(labels, dict):
            raise ConfigError(f"{where}: id2label must be an object, got {quoted(labels)}")
        try:  # "0" and "00" are one label
            distinct = len({int(key) for key in labels})
        except (TypeError, ValueError, OverflowError):  # "x"; from the API, a tuple, inf
            keys = sorted(labels) if all(isinstance(k, str) for k in labels) else list(labels)
            raise ConfigError(f"{where}: id2label's keys must be label numbers, got "
                              f"{quoted(keys)}") from None
    if "num_labels" in config:  # null, like any non-number, is refused by transformers too
        return _positive_int(config["num_labels"], "num_labels", where)
    if distinct is None:
        return default
    if distinct == 0:
        raise ConfigError(f"{where}: id2label is empty: a classifier needs a label")
    return distinct
