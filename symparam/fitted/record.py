"""A fitted record of a transformers model type, read without torch: its classes' block trees
and a config.json read through its keys.

A record (``symparam/fitted/records/<model_type>.json``, written by ``tools/fit_records.py``)
holds, for each config key, what the fit found it to be — a ``size`` (a symbol of the
formula, with the default a file that leaves it out gets), a key of fitted ``values`` (the
tree's items carry conditions on it), ``fixed`` (only the value fitted is counted; another is
refused by the key's name), or ``ignored`` (no value changes the tree) — and, for each class,
its tree (:mod:`symparam.fitted.tree`); a class's ``{"part": "base"}`` is the base model's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from symparam.blocks import Block
from symparam.blocks.numbers import value as number
from symparam.errors import ConfigError, quoted
from symparam.fitted.expr import decode
from symparam.fitted.tree import build
from symparam.frozen import frozen
from symparam.symbols import symbol

#: the record format this reader knows
FORMAT = 1


def class_tree(record: Mapping[str, Any], cls: str, options: Mapping[str, Any]) -> Block:
    """The block tree of class ``cls`` of ``record`` with the key values ``options``."""
    classes = record["classes"]
    where = f"the record of {record['model_type']}"
    if cls not in classes:
        raise ConfigError(f"{where} has no class {cls}")
    return build(classes[cls]["node"], options, where,
                 parts={"base": classes[record["base"]]["node"]})


@frozen
class Reading:
    """What a config.json says through a record: the class, the values of its sizes by
    symbol, the key values that select items, and the key each symbol came from."""

    cls: str
    values: dict[str, int]
    options: dict[str, Any]
    keys: dict[str, str]


def read_config(record: Mapping[str, Any], config: Mapping[str, Any], where: str,
                arch: str | None = None, base: bool = False) -> Reading:
    """``config`` (a config.json's dict) read through ``record``: every key the fit found to
    change the tree, with transformers' default where the file leaves it out; a value the
    record was not fitted for is refused in one line naming the key and the values fitted."""
    view = _View(record, config, where)
    written = record.get("legacy_written", {})
    for path in record.get("legacy", ()):
        present, raw = view.lookup(path)
        if present and not (path in written and _equal(raw, written[path])):
            raise ConfigError(f"{where}: {path} is an older spelling transformers converts; "
                              f"{record['model_type']} is read by its own keys only")
    for name, section in record.get("sections", {}).items():
        given = view.section(name)
        wanted = section.get("model_type")
        if given is not None and "model_type" in given and section.get("also") != "*" and \
                given["model_type"] not in (wanted, section.get("also", wanted)):
            raise ConfigError(f"{where}: {name}.model_type = {quoted(given['model_type'])}; "
                              f"{record['model_type']} was fitted with {quoted(wanted)}")
    values: dict[str, int] = {}
    options: dict[str, Any] = {}
    keys: dict[str, str] = {}
    derived: list[tuple[str, str, Any]] = []
    lists: list[tuple[str, Any, Mapping[str, Any]]] = []
    same: list[tuple[str, Any, Any]] = []
    as_written: list[tuple[str, Any]] = []
    for path, entry in record["keys"].items():
        if entry.get("ignored"):
            continue
        present, raw = view.lookup(path)
        if entry.get("optional"):  # read by the model only where given (head_dim)
            options[path] = "given" if present and raw is not None else None
            if options[path] is not None:
                values[entry["size"]] = _positive(raw, path, where)
                keys[entry["size"]] = path
            continue
        if "same_as" in entry:  # only the value transformers works out (moe_layer_end_index)
            if present and raw is not None and raw != entry.get("unset"):
                same.append((path, raw, entry["same_as"]))
            continue
        if "size" in entry:
            symbol = entry["size"]
            keys[symbol] = path
            kept = _kept(view, path, entry)
            if kept is not None:  # where the config class keeps the value given (Bailing's
                values[symbol] = _positive(kept[1], kept[0], where)  # linear_head_dim)
                keys[symbol] = kept[0]
                continue
            if entry.get("rewritten") and present and raw is not None:
                if not _left_to_it(record, view, path, symbol):
                    continue  # what it sized, the file gives (HRM's num_layers_per_stack)
                raise ConfigError(f"{where}: {path} is given, and transformers rewrites it when "
                                  f"it reads a config of {record['model_type']}: the record "
                                  "holds the value a config is made with, so a file that "
                                  "gives it is not counted")
            if path == "num_labels":
                values[symbol] = _labels(config, where)
            elif present and _per_layer(raw) and not _named(record, path, symbol):
                values[symbol] = max(raw)  # one per layer (Longformer's attention_window, as
                # its model writes it back), of a size that sizes no module: no change
            elif present and raw is not None and raw != entry.get("unset"):
                values[symbol] = _positive(raw, path, where)
            elif isinstance(view.default(path, entry), int) and (not present or raw is not None):
                values[symbol] = view.default(path, entry)  # a section left out: its default
            elif entry.get("derived") is not None:
                derived.append((symbol, path, entry["derived"]))
            else:
                raise ConfigError(f"{where}: {path} is {'null' if present else 'missing'}; "
                                  f"{record['model_type']} needs its value")
            continue
        if present and ("repeats" in entry or "step" in entry):
            lists.append((path, raw, entry))
            continue
        value = raw if present else view.default(path, entry)
        allowed = entry.get("values", entry.get("fixed", []))
        if not present and "fixed" in entry and "symbol" not in entry and view.as_default(path):
            # the default config's own value, which the fit was built with (not a size held
            # fixed: its value may be a layer count lowered for the fit)
            value = allowed[0]
        if present and "written" in entry and _equal(value, entry["written"]) and \
                not any(_equal(value, a) for a in allowed):
            as_written.append((path, value))  # the default config's file: sizes checked below
            continue
        if not any(_equal(value, a) for a in allowed):
            shown = ", ".join(quoted(a) for a in allowed)
            raise ConfigError(f"{where}: {path} = {quoted(value)} is not a value "
                              f"{record['model_type']} was fitted for ({shown})")
        if "values" in entry:
            options[path] = next(a for a in allowed if _equal(value, a))
        if isinstance(entry.get("symbol"), str) and type(value) is int:
            values[entry["symbol"]] = value  # a size held fixed, which a tree may still name
    for symbol, path, data in derived:  # transformers' own formula from the other sizes
        values[symbol] = _derive(data, values, path, where)
    for path, value in as_written[:1]:  # what transformers wrote for its defaults, made
        _at_defaults(record, values, keys, f"{where}: {path} = {quoted(value, 40)}")
    for path, raw, data in same:
        written = record["keys"][path].get("written")
        if written is not None and _equal(raw, written) and not _derivable(data, values):
            _at_defaults(record, values, keys, f"{where}: {path} = {quoted(raw, 40)}")
            continue  # the default config's own value, where its formula needs fixed sizes
        if raw != _derive(data, values, path, where):
            raise ConfigError(f"{where}: {path} = {quoted(raw)}; {record['model_type']} was "
                              f"fitted where it is {_derive(data, values, path, where)}, as "
                              "transformers makes it when it is left out")
    for path, raw, entry in lists:  # a list as transformers would make it is no change
        if raw is not None and raw != made_list(entry, values):
            raise ConfigError(f"{where}: {path} lists {quoted(raw, 50)}; {record['model_type']} "
                              "was fitted for the list transformers makes when it is left out "
                              f"({quoted(made_list(entry, values), 40)})")
    for pair in record.get("apart", ()):
        if all(_equal(options.get(p), v) for p, v in pair):
            shown = " with ".join(f"{p} = {quoted(v)}" for p, v in pair)
            raise ConfigError(f"{where}: {shown} is not fitted for {record['model_type']}")
    most = record.get("together_at_most")
    if most is not None:  # more values away from their defaults than were built together
        moved = [p for p, e in record["keys"].items() if isinstance(e, dict) and
                 ("values" in e or e.get("optional")) and
                 not _equal(options.get(p), e.get("default") if "values" in e else None)]
        if len(moved) > most:
            raise ConfigError(f"{where}: {', '.join(moved)} differ from their defaults "
                              f"together; {record['model_type']} was checked with at most "
                              f"{most} of them at once")
    return Reading(_class(record, config, arch, base, where), values, options, keys)


def _derivable(data: Any, values: Mapping[str, int]) -> bool:
    """Whether the formula ``data`` can be worked out from ``values`` (not where it names a
    size that is fixed, so not among them)."""
    try:
        _derive(data, values, "", "")
    except ConfigError:
        return False
    return True


def _at_defaults(record: Mapping[str, Any], values: Mapping[str, int],
                 keys: Mapping[str, str], said: str) -> None:
    """Refuse, after ``said`` (a value transformers writes for the default config, a list it
    makes from the default sizes), a size away from its default: the value may hang on it."""
    for name, value in values.items():
        if keys.get(name) == "num_labels":
            continue  # it sizes a classifier's head alone
        entry = record["keys"].get(keys.get(name, ""), {})
        known = [entry.get(k) for k in ("default", "absent") if isinstance(entry.get(k), int)]
        if known and value not in known:
            raise ConfigError(f"{said} is what transformers writes for the default config of "
                              f"{record['model_type']}, read only beside the default sizes; "
                              f"{keys[name]} = {value} is not its default")


def made_list(entry: Mapping[str, Any], values: Mapping[str, int]) -> list[Any]:
    """The list transformers makes for a key a file leaves out, at these sizes: a period of
    values over the layers (``repeats``), after a ``head`` (its values, or one value
    ``head_length`` times; the period counted from the first layer, or from the head's end
    where ``relative``), or ``from``, ``from + step`` … (``length`` − ``less`` items).

    >>> made_list({"head": ["dense"], "head_length": "k", "repeats": ["moe"], "length": "N",
    ...            "relative": False}, {"k": 2, "N": 4})
    ['dense', 'dense', 'moe', 'moe']
    """
    length = entry["length"]
    count = length if isinstance(length, int) else values.get(length, 0)
    if "step" in entry:
        return [entry["from"] + entry["step"] * i for i in range(count - entry["less"])]
    head = list(entry.get("head", []))
    k = entry.get("head_length", len(head))
    if not isinstance(k, int):
        k = values.get(k, 0)
        head = head[:1] * k
    head = head[:count]
    repeats = entry["repeats"]
    shift = len(head) if entry.get("relative") else 0
    return head + ([repeats[(i - shift) % len(repeats)] for i in range(len(head), count)]
                   if repeats else [])


class _View:
    """A config.json's keys as transformers reads them: a section's inside its object, a key
    under any name the config class maps to it (``attribute_map``)."""

    def __init__(self, record: Mapping[str, Any], config: Mapping[str, Any], where: str) -> None:
        self.record, self.config, self.where = record, config, where
        self.aliases: dict[str, list[str]] = {}
        for alias, name in (record.get("aliases") or {}).items():
            # either name may be the record's key: the config class's field or its alias
            self.aliases.setdefault(name, []).append(alias)
            self.aliases.setdefault(alias, []).append(name)

    def section(self, name: str) -> Mapping[str, Any] | None:
        """A section's object; where the file has none and transformers reads the section's
        keys from the top of the file (``flat``: hub configs of Qwen2-VL), those keys."""
        raw = self.config.get(name)
        if raw is not None and not isinstance(raw, dict):
            raise ConfigError(f"{self.where}: {name} must be an object, got {quoted(raw, 20)}")
        if raw is None and (self.record.get("sections", {}).get(name) or {}).get("flat"):
            inner = {p.split(".", 1)[1] for p in self.record["keys"] if p.startswith(name + ".")}
            return {k: v for k, v in self.config.items() if k in inner}
        return raw

    def lookup(self, path: str) -> tuple[bool, Any]:
        section, _, key = path.rpartition(".")
        data = self.config if not section else self.section(section)
        if data is None:
            return False, None
        for name in (key, *(self.aliases.get(key, ()) if not section else ())):
            if name in data:
                return True, data[name]
        return False, None

    def as_default(self, path: str) -> bool:
        """Whether a key the file leaves out holds what the type's default config holds: a
        key of the type's own config class, or of a section the file leaves out (transformers
        makes the section as the default config's). A section the file gives is made from
        its own class's defaults, which may differ (Mask2Former's Swin depths)."""
        section = path.rpartition(".")[0]
        return not section or self.section(section) is None

    def default(self, path: str, entry: Mapping[str, Any]) -> Any:
        """The value transformers gives a key the file leaves out: the config class's
        default, or, where the whole section is missing, the default config's."""
        section = path.rpartition(".")[0]
        if section and self.section(section) is None and "absent" in entry:
            return entry["absent"]
        return entry.get("default")


def _class(record: Mapping[str, Any], config: Mapping[str, Any], arch: str | None, base: bool,
           where: str) -> str:
    if arch is not None:
        chosen = arch
    elif base:
        chosen = record["base"]
    else:
        listed = config.get("architectures")
        if not listed:
            chosen = record["base"]
        elif isinstance(listed, list) and isinstance(listed[0], str):
            chosen = listed[0]
        else:
            raise ConfigError(f"{where}: architectures must be a list of class names")
    if chosen in record.get("refused", {}):
        raise ConfigError(f"{where}: {chosen} was not fitted: {record['refused'][chosen]}")
    if chosen not in record["classes"]:
        raise ConfigError(f"{where}: class {quoted(chosen)} is not one transformers registers "
                          f"for {record['model_type']} (fitted: {', '.join(record['classes'])})")
    return chosen


def _per_layer(raw: Any) -> bool:
    """Whether ``raw`` is a nonempty list of positive integers (a value per layer)."""
    return isinstance(raw, list) and bool(raw) and all(
        type(v) is int and v > 0 for v in raw)


def _named(record: Mapping[str, Any], path: str, name: str) -> bool:
    """Whether anything in ``record`` but the key ``path`` names the symbol ``name`` (a
    tree's shape, another key's formula or list): where nothing does, its value sizes no
    module the record counts.

    >>> _named({"keys": {"w": {"size": "w"}}, "classes": {"M": {"shape": ["H"]}}}, "w", "w")
    False
    """
    rest = {k: v for k, v in record.items() if k != "keys"}
    rest["keys"] = {k: v for k, v in record["keys"].items() if k != path}
    return json.dumps(name) in json.dumps(rest)


def _left_to_it(record: Mapping[str, Any], view: Any, path: str, name: str) -> bool:
    """Whether the size ``name`` (key ``path``) sizes anything a file leaves to it: a tree or
    a list names it, or a key the file leaves out is worked out from it. HrmTextConfig
    rewrites num_hidden_layers to the layers of both stacks, keeping the given count as
    num_layers_per_stack, which the file it writes holds: then the rewritten value sizes
    nothing."""
    rest = {k: v for k, v in record.items() if k != "keys"}
    if json.dumps(name) in json.dumps(rest):
        return True
    for other, entry in record["keys"].items():
        if other == path or json.dumps(name) not in json.dumps(entry):
            continue
        present, raw = view.lookup(other)
        given = present and raw is not None and raw != entry.get("unset")
        if not (given and "size" in entry and json.dumps(name) not in json.dumps(
                {k: v for k, v in entry.items() if k != "derived"})):
            return True
    return False


def _kept(view: Any, path: str, entry: Mapping[str, Any]) -> tuple[str, Any] | None:
    """The key and value a file holds where the config class keeps what a size it rewrites
    was given (``kept_as``: BailingHybridConfig's head_dim as linear_head_dim, which the file
    transformers writes holds), or None where the file does not hold it."""
    name = entry.get("kept_as")
    if not (entry.get("rewritten") and isinstance(name, str)):
        return None
    kept = f"{path.rpartition('.')[0]}.{name}".lstrip(".")
    present, raw = view.lookup(kept)
    return (kept, raw) if present and raw is not None else None


def _positive(raw: Any, path: str, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw <= 0:
        raise ConfigError(f"{where}: {path} must be a positive integer, got {quoted(raw)}")
    return raw


def _equal(a: Any, b: Any) -> bool:
    """JSON values equal as transformers would hold them (1 and 1.0 alike, True not 1)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or (isinstance(a, bool) and isinstance(b, bool) and a == b)
    return bool(a == b)


def _labels(config: Mapping[str, Any], where: str) -> int:
    """The labels of a classification head: ``num_labels``, else ``id2label``'s, else 2."""
    if "num_labels" in config:
        return _positive(config["num_labels"], "num_labels", where)
    labels = config.get("id2label")
    if isinstance(labels, dict) and labels:
        return len(labels)
    return 2


def _derive(data: Any, values: Mapping[str, int], path: str, where: str) -> int:
    from fractions import Fraction


    expr = decode(data, where)
    try:
        found = number(expr, {symbol(k): v for k, v in values.items()})
    except Exception:
        raise ConfigError(f"{where}: {path} is missing and cannot be worked out") from None
    if (isinstance(found, Fraction) and found.denominator != 1) or found <= 0:
        raise ConfigError(f"{where}: {path} is missing and works out to {found}")
    return int(found)
