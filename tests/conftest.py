"""Test settings. In CI (``CI`` set) hypothesis runs derandomized, so every CI run sees the
same examples and a new random find cannot block an unrelated change; locally it explores
fresh examples on each run, which is how new failures are found."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("local", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")
