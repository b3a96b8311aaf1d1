"""Running the command line on hostile input, in process, and holding it to its promises:
exit 0 with valid output, or exit 2 with one line on stderr; never a traceback, never exit 1
(but from ``check``, whose 1 says the formula is not the count, with nothing on stderr),
never more than :data:`TIME_LIMIT` seconds of CPU time (not of wall time: a loaded machine
makes an input slower, not wrong). Every run is tallied per entry point, and the tally is
printed at the end of the test session (tests/fuzz/conftest.py)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from symparam.cli import main

#: seconds of CPU time one input may take
TIME_LIMIT = 5
#: inputs per entry point: a thousand in CI, fewer locally; SYMPARAM_FUZZ_EXAMPLES overrides
#: (2000 was CI's budget until the suite had to fit in 15 minutes on 2 cores, issue 30: the
#: fuzz suite was a quarter of its CPU; ``SYMPARAM_FUZZ_EXAMPLES=2000`` runs that budget)
EXAMPLES = int(os.environ.get("SYMPARAM_FUZZ_EXAMPLES", "1000" if os.environ.get("CI") else "300"))

TALLY: dict[str, Counter[str]] = {}


class Timeout(BaseException):  # not an Exception: nothing in symparam may catch it
    pass


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Timeout` once this process has used ``seconds`` of CPU time here
    (ITIMER_PROF counts CPU time, user and system, not time spent waiting)."""
    def expire(signum: int, frame: Any) -> None:
        raise Timeout

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def run(entry: str, argv: Sequence[str]) -> Outcome:
    """``symparam argv`` in this process, checked, and counted under ``entry``."""
    tally = TALLY.setdefault(entry, Counter())
    tally["inputs"] += 1
    out, err = io.StringIO(), io.StringIO()
    try:
        with time_limit(TIME_LIMIT), contextlib.redirect_stdout(out), \
                contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as stop:  # argparse: --help, --version, usage errors
                code = stop.code if isinstance(stop.code, int) else 2
    except Timeout:
        tally["timeouts"] += 1
        raise AssertionError(f"symparam {argv!r} took more than {TIME_LIMIT} s") from None
    except Exception as error:
        tally["tracebacks"] += 1
        raise AssertionError(f"symparam {argv!r} raised {type(error).__name__}: {error}") \
            from error
    result = Outcome(code, out.getvalue(), err.getvalue())
    allowed = (0, 1, 2) if argv and argv[0] == "check" else (0, 2)
    assert code in allowed, f"symparam {argv!r} exited {code}: {result.err}"
    if code == 2:
        tally["rejected"] += 1
        lines = result.err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("symparam"), \
            f"symparam {argv!r}: stderr is not one line: {result.err!r}"
    else:
        tally["accepted"] += 1
        assert "Traceback" not in result.err
        assert code == 0 or result.err == "", f"symparam {argv!r}: {result.err!r}"
    return result


def call(entry: str, function: Callable[[], Any]) -> Any:
    """``function()`` (a call of the Python API), checked as :func:`run` checks a command:
    it returns, or raises a :class:`~symparam.errors.SymparamError`; anything else (an
    AttributeError, a RecursionError …) or a timeout fails. Counted under ``entry``."""
    from symparam.errors import SymparamError

    tally = TALLY.setdefault(entry, Counter())
    tally["inputs"] += 1
    try:
        with time_limit(TIME_LIMIT):
            result = function()
    except Timeout:
        tally["timeouts"] += 1
        raise AssertionError(f"{entry}: took more than {TIME_LIMIT} s") from None
    except SymparamError:
        tally["rejected"] += 1
        return None
    except Exception as error:
        tally["tracebacks"] += 1
        raise AssertionError(f"{entry} raised {type(error).__name__}: {error}") from error
    tally["accepted"] += 1
    return result


def json_lines(text: str) -> list[Any]:
    """Every line of ``text`` as JSON (fails on a line that is not)."""
    return [json.loads(line) for line in text.splitlines()]
