"""The web commands: ``page`` (one model's self-contained HTML page) and ``site`` (the pages of
every preset with an index). Thin: parse, call :mod:`symparam.page` / :mod:`symparam.site`,
write."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from symparam.cli_common import build_model, command, subcommand, whole, write_output
from symparam.errors import InvalidValueError
from symparam.output import json_line

_LANGUAGES = ("en", "zh", "ko")


def cmd_page(args: argparse.Namespace) -> int:
    from symparam.catalog import example_values
    from symparam.cli_parallel import PAGE_FLAGS, gpu_memory_bytes, layout_of
    from symparam.page import page

    if args.gpus is not None and args.symbolic:
        raise InvalidValueError("--gpus needs the model's values: a --symbolic page has none")
    if args.gpus is not None and args.dtype is None:
        args.dtype = "fp16"  # as memory's and derive's activations and traffic
    layout = layout_of(args, args.batch, PAGE_FLAGS)  # the same checks as memory --gpus
    model = build_model(args.model, args)
    step = None
    if layout is not None:  # reckoned once: the page's section and --json's record
        from symparam.derivation import gpu_step

        step = gpu_step(model, layout, (args.optimizer, args.recompute, args.dtype),
                        gpu_memory_bytes(args))
    html = page(model, lang=args.lang, symbolic=args.symbolic, title=args.title,
                example=example_values(model) if args.symbolic else None, per_gpu=step)
    if args.json:  # the page as a string in one JSON line, or where it was written
        record: dict[str, Any] = {"model": args.model, "lang": args.lang}
        if step is not None:  # the section's figures, as memory --gpus --json gives them
            from symparam.cli_parallel import layout_record

            record["per_gpu"] = layout_record(model, args, args.batch, step.found)
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
    p.add_argument("--seq", type=whole(), metavar="S",
                   help="with --gpus, tokens per sequence, for the activations and traffic")
    p.add_argument("--batch", type=whole(), metavar="B",
                   help="with --gpus, the global batch of a training step")
    p.add_argument("--dtype", choices=("fp32", "fp16", "bf16"),
                   help="with --gpus, the dtype of the activations and traffic (default fp16)")
    from symparam.cli_parallel import add_arguments

    add_arguments(p, whole)  # the layout of a static per-GPU section, as memory --gpus takes it

    p = subcommand(commands, "site", "the page of every preset and an index, in a folder")
    p.add_argument("folder", metavar="DIR", help="the folder to write (made if missing)")
    p.add_argument("--json", action="store_true", help="JSON Lines: one object a file written")
    p.add_argument("--lang", choices=_LANGUAGES, default="en",
                   help="the language the pages open in where neither the address (?lang=) "
                   "nor the reader's browser names one of the three")
    p.add_argument("--force", action="store_true", help="overwrite files that exist")
    p.set_defaults(run=cmd_site)
