"""One exception hierarchy. The CLI turns any :class:`SymparamError` into one line and exit 2."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from typing import Any


class SymparamError(Exception):
    """Base class of every error symparam raises on purpose."""


class UnknownModelError(SymparamError):
    """A model name that is neither a family nor a preset."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        self.name = name
        known = list(known)
        close = difflib.get_close_matches(name.lower(), known, n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else "; `symparam list` shows them"
        super().__init__(f"unknown model {name!r}{hint}")


class UnknownSymbolError(SymparamError):
    """A hyperparameter name that is not in the vocabulary."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        self.name = name
        known = list(known)
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else f"; known: {', '.join(known)}"
        super().__init__(f"unknown hyperparameter {name!r}{hint}")


class UnboundError(SymparamError):
    """A count was asked for while some hyperparameters have no value."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(names)
        super().__init__(
            f"no value for {', '.join(self.names)}; bind them"
            f" (e.g. --set {self.names[0]}=…)"
        )


class InvalidValueError(SymparamError):
    """A hyperparameter or option value that is out of range or of the wrong type."""


class FormulaSyntaxError(SymparamError):
    """A formula that the whitelist parser does not accept."""


class ModelDefinitionError(SymparamError):
    """A block tree that is inconsistent (a tie to a tensor outside the tree, …)."""


class OutputError(SymparamError):
    """A file that cannot or may not be written."""


class ConfigError(SymparamError):
    """A config.json that cannot be read or describes no model symparam can count."""


def quoted(raw: Any, limit: int = 60) -> str:
    """A config value as JSON for an error message, cut to ``limit`` characters."""
    try:
        text = json.dumps(raw, ensure_ascii=False)
    except (RecursionError, ValueError):
        text = f"a {type(raw).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"
