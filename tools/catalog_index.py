"""Regenerate ``symparam/architectures/index.json``: every model type and the family module that
declares it, in listing order, so that resolving a name imports one family module, not all.

    python tools/catalog_index.py           # say whether the committed file is up to date
    python tools/catalog_index.py --write   # rewrite it

``tests/test_records.py`` runs :func:`generate` and fails when the committed file differs.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import Any

# this checkout's tools and symparam before any other on the path (an editable install of
# another checkout puts its own there: a worktree's tools would write into that one)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.generated import ROOT, run

TARGET = ROOT / "symparam" / "architectures" / "index.json"


def generate() -> dict[str, Any]:
    """The index as the family modules declare it today (every module imported)."""
    from symparam.catalog import FAMILY_MODULES

    types: dict[str, str] = {}
    for module_name in FAMILY_MODULES:
        module = importlib.import_module(f"symparam.architectures.{module_name}")
        if module.FAMILY.name != module_name:
            raise SystemExit(f"{module_name}: its FAMILY is called {module.FAMILY.name!r}")
        for record in getattr(module, "MODEL_TYPES", ()):
            if record.name in types:
                raise SystemExit(f"{record.name}: declared by {types[record.name]} and "
                                 f"{module_name}")
            types[record.name] = module_name
    return {"model_types": types}


def text(index: dict[str, Any]) -> str:
    return json.dumps(index, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    return run(__doc__.splitlines()[0], lambda: {TARGET: text(generate())},
               "python tools/catalog_index.py", argv)


if __name__ == "__main__":
    sys.exit(main())
