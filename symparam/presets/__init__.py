"""Named configurations, kept as data: one JSON file per preset in this folder.

A preset of a Hugging Face model holds its ``config.json`` (``config``), read through the same
path as any other config file. Any other preset names its family and class, binds hyperparameter
values by canonical name and sets options. Each may record a figure someone published for it
(``reported``) to compare against.
``i18n`` holds the description and the figure's source and note in other languages.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import field
from functools import cache
from typing import Any

from symparam.frozen import frozen


@frozen
class Preset:
    """One named configuration, as read from its JSON file."""

    name: str
    description: str
    family: str = ""
    architecture: str = ""
    values: dict[str, int] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    config: dict[str, Any] | None = None
    reported: dict[str, Any] | None = None
    i18n: dict[str, dict[str, str]] = field(default_factory=dict)


class _Presets(Mapping[str, Preset]):
    """The presets by name (their files' names, in order); a file is read when its preset is
    first asked for, so naming one preset reads one file."""

    def __init__(self, folder: str) -> None:
        self._folder = folder
        self._names = sorted(name[: -len(".json")] for name in os.listdir(folder)
                             if name.endswith(".json"))
        self._known = set(self._names)
        self._read: dict[str, Preset] = {}

    def __getitem__(self, name: str) -> Preset:
        if name not in self._known:
            raise KeyError(name)
        if name not in self._read:
            path = os.path.join(self._folder, f"{name}.json")
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
            if data.get("name") != name:
                raise ValueError(f"{path}: its name is {data.get('name')!r}")
            self._read[name] = Preset(**data)
        return self._read[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._known


@cache
def presets() -> Mapping[str, Preset]:
    """Every preset shipped with symparam, by name, in file-name order."""
    return _Presets(os.path.dirname(__file__))
