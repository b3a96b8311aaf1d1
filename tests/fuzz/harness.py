"""Running the command line on hostile input, in process, and holding it to its promises:
exit 0 with valid output, or exit 2 with one line on stderr; never a traceback, never exit 1,
never more than :data:`TIME_LIMIT` seconds. Every run is tallied per entry point, and the tally
is printed at the end of the test session (tests/fuzz/conftest.py)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from symparam.cli import main

#: seconds one input may take
TIME_LIMIT = 5
#: inputs per entry point: thousands in CI, fewer locally (SYMPARAM_FUZZ_EXAMPLES overrides)
EXAMPLES = int(os.environ.get("SYMPARAM_FUZZ_EXAMPLES", "2000" if os.environ.get("CI") else "300"))

TALLY: dict[str, Counter[str]] = {}


class Timeout(BaseException):  # not an Exception: nothing in symparam may catch it
    pass


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: Any) -> None:
        raise Timeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


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
    assert code in (0, 2), f"symparam {argv!r} exited {code}: {result.err}"
    if code == 2:
        tally["rejected"] += 1
        lines = result.err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("symparam"), \
            f"symparam {argv!r}: stderr is not one line: {result.err!r}"
    else:
        tally["accepted"] += 1
        assert "Traceback" not in result.err
    return result


def json_lines(text: str) -> list[Any]:
    """Every line of ``text`` as JSON (fails on a line that is not)."""
    return [json.loads(line) for line in text.splitlines()]
