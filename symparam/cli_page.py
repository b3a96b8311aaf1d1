"""The web commands: ``page`` (one model's self-contained HTML page) and ``site`` (the pages of
every preset with an index). Thin: parse, call :mod:`symparam.page` / :mod:`symparam.site`,
write."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from symparam.cli_common import build_model, command, subcommand, write_output
from symparam.output import json_line

_LANGUAGES = ("en", "zh", "ko")


def cmd_page(args: argparse.Namespace) -> int:
    from symparam.catalog import example_values
    from symparam.page import page

    model = build_model(args.model, args)
    html = page(model, lang=args.lang, symbolic=args.symbolic, title=args.title,
                example=example_values(model) if args.symbolic else None)
    if args.json:  # the page as a string in one JSON line, or where it was written
        record: dict[str, Any] = {"model": args.model, "lang": args.lang}
        if args.output is not None:
            write_output(args.output, html, args.force)
            record["output"] = args.output
        else:
            record["html"] = html
        print(json_line(record))
    elif args.output is not None:  # -o "" is a mistake to report, not standard output
        write_output(args.output, html, args.force)
    else:
        sys.stdout.write(html)
    return 0


def cmd_site(args: argparse.Namespace) -> int:
    from symparam.site import write_site

    written = write_site(args.folder, lang=args.lang, force=args.force)
    if args.json:  # a line a file written
        for path in written:
            print(json_line({"file": str(path)}))
        return 0
    print(f"{len(written)} files written in {args.folder} (open index.html)")
    return 0


def add_page_commands(commands: Any) -> None:
    """Register ``page`` and ``site`` with the command line's subcommands."""
    p = command(commands, "page", "a self-contained HTML page: the derivation, and inputs "
                "that recompute the count", cmd_page)
    p.add_argument("--lang", choices=_LANGUAGES, default="en",
                   help="the language the page opens in where neither its address (?lang=) "
                   "nor the reader's browser names one of the three (all three are in it)")
    p.add_argument("--symbolic", action="store_true",
                   help="the family's formulas, no values (the reader gives them)")
    p.add_argument("--title", metavar="TEXT",
                   help="what the page calls the model (default: the preset or model type; "
                   "a config.json's class, never its path)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")

    p = subcommand(commands, "site", "the page of every preset and an index, in a folder")
    p.add_argument("folder", metavar="DIR", help="the folder to write (made if missing)")
    p.add_argument("--json", action="store_true", help="JSON Lines: one object a file written")
    p.add_argument("--lang", choices=_LANGUAGES, default="en",
                   help="the language the pages open in where neither the address (?lang=) "
                   "nor the reader's browser names one of the three")
    p.add_argument("--force", action="store_true", help="overwrite files that exist")
    p.set_defaults(run=cmd_site)
