"""The ``options`` command: a model's options, what each takes and the value the model has.
Thin: build the model, read :meth:`symparam.family.Family.listing`, print."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from symparam.cli_common import build_model, command
from symparam.output import json_line


def _shown(value: Any) -> str:
    """A value as ``--set NAME=VALUE`` takes it back."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


def cmd_options(args: argparse.Namespace) -> int:
    m = build_model(args.model, args)
    rows = m.family.listing(m.options)
    if args.json:
        for row in rows:
            print(json_line({"model": args.model, "family": m.family.name, **row}))
        return 0
    print(f"{args.model}: the options of the {m.family.name} family, with this model's "
          "values (change one with --set NAME=VALUE)")
    indent = " " * 6
    for row in rows:
        print(f"  {row['option']}={_shown(row['value'])}")
        print(textwrap.fill(f"{row['takes']}: {row['help']}", 100, initial_indent=indent,
                            subsequent_indent=indent))
        if row["aliases"]:
            old = ", ".join(f"{alias}=true for {value}" for alias, value in row["aliases"].items())
            print(textwrap.fill(f"also taken as the switch it once was: {old}", 100,
                                initial_indent=indent, subsequent_indent=indent))
    return 0


def add_options_command(commands: Any) -> None:
    """Register ``options`` on the main parser's subcommands."""
    command(commands, "options", "a model's options: what each takes, the value it has",
            cmd_options)
