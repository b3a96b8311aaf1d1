"""The ``fit`` command: the closed form of your own module, read off its module tree (needs
torch). Thin: parse, call :func:`symparam.fit`, print."""

from __future__ import annotations

import argparse
from typing import Any

from symparam.cli_common import JSON_HELP, parse_set, subcommand
from symparam.errors import InvalidValueError
from symparam.output import json_line


def cmd_fit(args: argparse.Namespace) -> int:
    from symparam.analysis import structured
    from symparam.fitting import builder, fit
    from symparam.fitting.meta import need_torch
    from symparam.printing import text

    need_torch()  # before the module named is imported: it would import torch itself
    sizes = parse_set(args.size or ())
    for name, value in sizes.items():
        if not isinstance(value, int):
            raise InvalidValueError(f"--size {name}={value}: a size is a positive integer")
    if not sizes:
        raise InvalidValueError("give the example sizes the builder takes, e.g. --size H=64")
    m = fit(builder(args.builder), **sizes)
    total = m.count()
    fitted = m.fitted
    if args.json:
        print(json_line({"model": args.builder, "formula": str(m.params),
                         "text": text(structured(m)), "params": total,
                         "sizes": dict(m.values), "fixed": dict(fitted.fixed),
                         "quiet": sorted(fitted.quiet), "builds": fitted.builds,
                         "bounds": {k: list(b) for k, b in fitted.bounds.items()}}))
        return 0
    at = ", ".join(f"{k}={v}" for k, v in m.values.items())
    print(f"{args.builder}: read off its module tree ({fitted.builds} builds on the meta "
          "device)")
    print(f"  params = {text(structured(m))}")
    print(f"  at {at}: {total:,}" if at else f"  = {total:,}")
    for name, why in fitted.fixed.items():
        print(f"  {name} kept at {sizes[name]}: {why}")
    for name, (lo, hi) in fitted.bounds.items():
        held = f"{lo} to {hi}" if lo is not None and hi is not None else \
            f"{lo} or more" if lo is not None else f"{hi} or less"
        print(f"  {name} counted for {held} only: other values make other modules")
    if fitted.quiet:
        print(f"  not in the count: {', '.join(sorted(fitted.quiet))}")
    return 0


def add_fit_command(commands: Any) -> None:
    """Register ``fit`` with the command line's subcommands."""
    p = subcommand(commands, "fit", "the closed-form count of your own torch module, read "
                   "off its module tree on the meta device (needs torch)")
    p.add_argument("builder", metavar="MODULE:FUNCTION",
                   help="a function (or class) from sizes to an nn.Module, as "
                        "package.module:function (the current folder is searched first)")
    p.add_argument("--size", action="append", metavar="NAME=VALUE",
                   help="an example size the builder takes as a keyword (H=64); the formula "
                        "is in these names")
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    p.set_defaults(run=cmd_fit)
