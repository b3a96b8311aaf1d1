"""Prints how many inputs each entry point was given, and what became of them."""

from __future__ import annotations

from typing import Any

from tests.fuzz.harness import TALLY


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not TALLY:
        return
    write = terminalreporter.write_line
    write("")
    write("fuzz: inputs per entry point (accepted: exit 0; rejected: exit 2 with one line)")
    write(f"  {'entry point':<28}{'inputs':>8}{'accepted':>10}{'rejected':>10}"
          f"{'tracebacks':>12}{'timeouts':>10}")
    for entry, tally in sorted(TALLY.items()):
        write(f"  {entry:<28}{tally['inputs']:>8}{tally['accepted']:>10}"
              f"{tally['rejected']:>10}{tally['tracebacks']:>12}{tally['timeouts']:>10}")
