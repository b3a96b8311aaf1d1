"""``python -m symparam``, and the ``symparam`` command (:func:`run`)."""

from __future__ import annotations

import contextlib
import signal
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # not imported at run time: nothing before the handlers but what must be
    from typing import Any, NoReturn


def run() -> int:
    """The command line as a program: SIGTERM or Ctrl-C from the first moment (while the
    command line's modules and sympy are imported, before :func:`symparam.cli.main` has its
    handlers) is one line and status 143 or 130, not a traceback; :func:`symparam.cli.main`
    handles them from then on."""
    signal.signal(signal.SIGTERM, _terminated)
    try:
        from symparam.cli import main
    except KeyboardInterrupt:
        _say("symparam: interrupted")
        return 130
    return main()


def _terminated(signum: int, frame: Any) -> NoReturn:
    """SIGTERM before the command line runs: nothing is written yet, nothing to remove."""
    _say("symparam: terminated")
    raise SystemExit(143)


def _say(line: str) -> None:
    """``line`` on stderr where there is one (2>&-: the status says it)."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):  # a descriptor 2 it cannot write
        print(line, file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(run())
