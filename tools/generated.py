"""The one command line of every generator in tools/: say whether the committed files are
what the generator makes now, or (``--write``) rewrite them."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(description: str, generate: Callable[[], Mapping[Path, str]], command: str,
        argv: list[str] | None = None, folder: Path | None = None) -> int:
    """``generate`` gives each file's path and text; files of ``folder`` it no longer makes
    are stale too (removed by ``--write``). Exit 0 when up to date or written, 1 when stale."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--write", action="store_true", help="rewrite the committed files")
    args = parser.parse_args(argv)
    fresh = dict(generate())
    extra = [] if folder is None else [p for p in folder.glob("*.py") if p not in fresh]
    shown = (folder or next(iter(fresh))).relative_to(ROOT)
    if args.write:
        for path in extra:
            path.unlink()
        for path, text in fresh.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        print(f"wrote {shown}")
        return 0
    stale = extra or [p for p, text in fresh.items()
                      if not p.exists() or p.read_text(encoding="utf-8") != text]
    if stale:
        print(f"{shown} is out of date: run {command} --write", file=sys.stderr)
        return 1
    print(f"{shown} is up to date")
    return 0
