"""``python -m symparam``, and the ``symparam`` command (:func:`run`)."""

from __future__ import annotations

import contextlib
import functools
import gc
import importlib
import os
import signal
import sys
import types

TYPE_CHECKING = False
if TYPE_CHECKING:  # not imported at run time: nothing before the handlers but what must be
    from typing import Any, NoReturn


def run() -> int:
    """The command line as a program: SIGTERM or Ctrl-C from the first moment (while the
    command line's modules and sympy are imported, before :func:`symparam.cli.main` has its
    handlers) is one line and status 143 or 130, not a traceback; :func:`symparam.cli.main`
    handles them from then on."""
    signal.signal(signal.SIGTERM, _terminated)
    defer_sympy_tensor()
    gc.disable()  # importing sympy and the command line makes no cycles to collect, and each
    # collection would walk every object they made (a tenth of a derivation's instructions)
    try:
        from symparam.cli import main
        # and the core every command counts with (the blocks, the model's record, sympy's
        # expressions), which the command line's own modules no longer import: made with the
        # collector off and frozen with the rest, as importing it later would not be
        importlib.import_module("symparam.counted")
    except KeyboardInterrupt:
        _say("symparam: interrupted")
        return 130
    gc.freeze()  # what the imports made is kept for good: later collections skip it
    gc.enable()
    return main()


TENSOR = "sympy.tensor.tensor"


class _NotYet:
    """What sympy's ``Add`` checks its terms against before the tensor module is loaded: no
    object is an instance of it, as no tensor can exist before its module does."""


class _DeferredTensor(types.ModuleType):
    """Stands for ``sympy.tensor.tensor`` in :data:`sys.modules` until something asks it for
    more than ``Add.flatten`` does. Every ``Add`` imports ``TensExpr`` and ``TensAdd`` from it
    to test its terms, and loading it loads sympy's combinatorics (polyhedra built at import):
    0.07 s of CPU, a fifth of ``import sympy``, for a test no expression of symparam can pass.
    Any other name, these two asked by anyone else, or these two once it is loaded, loads and
    answers from the real module, which then replaces this one."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if name in ("TensExpr", "TensAdd") and sys.modules.get(TENSOR) is self \
                and sys._getframe(1).f_code is _add_flatten():  # sympy's Add, no one else
            return _NotYet
        if sys.modules.get(TENSOR) is self:
            del sys.modules[TENSOR]
        return getattr(importlib.import_module(TENSOR), name)


@functools.cache
def _add_flatten() -> types.CodeType:
    from sympy.core.add import Add  # loaded by then: only an Add asks

    return Add.flatten.__func__.__code__


def defer_sympy_tensor() -> None:
    """The command line's process only (a library must not touch sympy's modules): see
    :class:`_DeferredTensor`."""
    if TENSOR not in sys.modules:
        sys.modules[TENSOR] = _DeferredTensor(TENSOR)


def _terminated(signum: int, frame: Any) -> NoReturn:
    """SIGTERM before the command line runs: nothing is written yet, nothing to remove, so the
    process ends here. Raising SystemExit would not do: the signal can land inside a callback
    of the import system (a module lock's weakref), where Python prints the exception as
    ignored and the command carries on."""
    _say("symparam: terminated")
    os._exit(143)


def _say(line: str) -> None:
    """``line`` on stderr where there is one (2>&-: the status says it)."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):  # a descriptor 2 it cannot write
        print(line, file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(run())
