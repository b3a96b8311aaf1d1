"""One exception hierarchy. The CLI turns any :class:`SymparamError` into one line and exit 2."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping
from typing import Any


class Param(str):
    """A parameter named in an error message, as the Python API spells it (``seq``, ``N=…``).

    The command line shows it as its flag instead (``--seq``, ``--set N=…``): the message is
    the library's, the mapping to flags the CLI's (:meth:`SymparamError.shown`).
    """

    def __new__(cls, key: str, text: str | None = None) -> Param:
        made = super().__new__(cls, key if text is None else text)
        made.key = key
        return made

    key: str


class SymparamError(Exception):
    """Base class of every error symparam raises on purpose.

    Its message may be given in pieces, some of them :class:`Param`: ``str(error)`` reads as
    the API spells the parameters, :meth:`shown` as another interface does.

    >>> error = SymparamError("give the sequence length (", Param("seq", "seq=…"), ")")
    >>> str(error), error.shown({"seq": "--seq S"})
    ('give the sequence length (seq=…)', 'give the sequence length (--seq S)')
    """

    def __init__(self, *parts: object) -> None:
        self.parts = parts
        super().__init__("".join(str(p) for p in parts))

    def shown(self, flags: Mapping[str, str]) -> str:
        """The message with each parameter as ``flags`` spells it (``{}`` in a flag takes the
        parameter's own text: ``"--set {}"`` shows ``N=…`` as ``--set N=…``)."""
        if not self.parts:
            return str(self)
        out = []
        for part in self.parts:
            if isinstance(part, Param) and part.key in flags:
                out.append(flags[part.key].replace("{}", str(part)))
            else:
                out.append(str(part))
        return "".join(out)


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
        super().__init__(f"no value for {', '.join(self.names)}; bind them (e.g. ",
                         Param("values", f"{self.names[0]}=…"), ")")


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
    if _long_int(raw):
        return whole(raw)
    try:
        text = json.dumps(raw, ensure_ascii=False)
    except (RecursionError, TypeError, ValueError):  # not JSON at all: an object
        text = f"a {type(raw).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shown(raw: Any, limit: int = 60) -> str:
    """A value from the Python API for an error message: its repr, cut to ``limit``
    characters, and a whole number of more than 40 digits as the count of its digits.

    >>> shown(768), shown("H"), shown(10**5000), shown(-10**40)
    ('768', "'H'", 'a whole number of 5,001 digits', 'a negative whole number of 41 digits')
    """
    if _long_int(raw):
        return whole(raw)
    try:
        text = repr(raw)
    except Exception:  # a foreign __repr__ may raise anything: its type is enough
        text = f"a {type(raw).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def whole(number: int) -> str:
    """A whole number for a message: itself up to 40 digits, else how many digits it has
    (Python writes no int of more than 4,300, and none of them would be read)."""
    if not _long_int(number):
        return str(number)
    magnitude = abs(number)
    digits = int((magnitude.bit_length() - 1) * 0.30102999566398120) + 1
    if magnitude >= 10**digits:
        digits += 1
    return f"a {'negative ' if number < 0 else ''}whole number of {digits:,} digits"


def _long_int(raw: Any) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool) and abs(raw) >= 10**40
