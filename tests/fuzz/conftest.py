"""Prints how many inputs each entry point was given, and what became of them."""

from __future__ import annotations

from typing import Any

from tests.conftest import tally


def pytest_terminal_summary(terminalreporter: Any) -> None:
    counters = tally("fuzz")
    if not counters:
        return
    write = terminalreporter.write_line
    write("")
    write("fuzz: inputs per entry point (accepted: exit 0; rejected: exit 2 with one line)")
    write(f"  {'entry point':<28}{'inputs':>8}{'accepted':>10}{'rejected':>10}"
          f"{'tracebacks':>12}{'timeouts':>10}")
    for entry, counts in sorted(counters.items()):
        write(f"  {entry:<28}{counts['inputs']:>8}{counts['accepted']:>10}"
              f"{counts['rejected']:>10}{counts['tracebacks']:>12}{counts['timeouts']:>10}")
