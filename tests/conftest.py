"""Test settings. In CI (``CI`` set) hypothesis runs derandomized, so every CI run sees the
same examples and a new random find cannot block an unrelated change; locally it explores
fresh examples on each run, which is how new failures are found."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("local", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")


def pytest_terminal_summary(terminalreporter) -> None:  # pytest's hook
    """How many keys, variants and files the key-by-key oracle tried for each model type."""
    import sys

    module = sys.modules.get("tests.test_keys")
    if module is None or not module.TALLY:
        return
    write = terminalreporter.write_line
    write("")
    write("key by key against transformers: per model type, the keys it knows, the variants "
          "tried and the files read")
    for model_type, tally in sorted(module.TALLY.items()):
        others = ", ".join(f"{v} {k}" for k, v in sorted(tally.items())
                           if k not in ("keys", "variants", "files"))
        write(f"  {model_type:<12} {tally['keys']:>3} keys {tally['variants']:>5} variants "
              f"{tally['files']:>6} files" + (f" ({others})" if others else ""))
