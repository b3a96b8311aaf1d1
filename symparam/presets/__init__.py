"""Named configurations, kept as data: one JSON file per preset in this folder.

A preset of a Hugging Face model holds its ``config.json`` (``config``), read through the same
path as any other config file. Any other preset names its family and class, binds hyperparameter
values by canonical name and sets options. Each may record a figure someone published for it
(``reported``) to compare against.
``i18n`` holds the description and the figure's source and note in other languages.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
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


@cache
def presets() -> dict[str, Preset]:
    """Every preset shipped with symparam, by name, in file-name order."""
    out = {}
    folder = resources.files(__name__)
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".json"):
            data = json.loads(item.read_text(encoding="utf-8"))
            out[data["name"]] = Preset(**data)
    return out
