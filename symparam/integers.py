"""Whole numbers as users hand them over: Python's ``int``, numpy's integer scalars
(``np.int64(4096)``), sympy's ``Integer`` — anything that is an integer by ``__index__`` — but
never a bool. numpy is not imported here: its scalars answer ``operator.index`` themselves.

>>> as_int(4096), as_int(True), as_int(4096.0)
(4096, None, None)
"""

from __future__ import annotations

import operator


def as_int(value: object) -> int | None:
    """``value`` as a Python ``int`` if it is a whole number of an integer type (not a bool,
    not a float that happens to be whole), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int(value)  # an int subclass (IntEnum …) as a plain int
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception:  # a foreign __index__ may raise anything: not a whole number
        return None
