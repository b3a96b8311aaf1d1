"""What every subcommand shares: the parser that reports usage errors on one line, the model
arguments (MODEL, --set, --arch, --base, --assume, --free), running a command over several
models, writing a file whole, and the one-line error with exit status 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from symparam.output import json_line, one_line

EXIT_USAGE = 2

#: how the command line spells each parameter the library names in its errors
FLAGS = {
    "seq": "--seq", "batch": "--batch", "target_seq": "--target-seq", "decode": "--decode",
    "causal": "--causal", "training": "--training", "recompute": "--recompute",
    "values": "--set {}", "force": "--force", "multiple_of": "--multiple-of",
    "sweep": "--sweep", "base": "--base", "arch": "--arch", "assume": "--assume",
    "free": "--free", "order": "--order",
}


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {one_line(message)}\n")


def whole(limit: int | None = None, least: int = 1) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``limit`` (:data:`MAX_SEQUENCE`
    when None), its digits counted before it is converted (``10^4000`` stays text)."""
    from symparam.limits import MAX_SEQUENCE

    top = MAX_SEQUENCE if limit is None else limit

    def parse(text: str) -> int:
        raw = text.strip().replace("_", "")
        digits = raw[1:] if raw[:1] in "+-" else raw
        if digits.isascii() and digits.isdigit() and len(digits) <= len(str(top)):
            value = int(raw)
            if least <= value <= top:
                return value
        raise argparse.ArgumentTypeError(
            f"takes a whole number from {least} to {top:,}, got {one_line(text, 40)!r}")

    parse.__name__ = "whole number"  # what argparse calls the type in its messages
    return parse


def parse_set(items: Sequence[str]) -> dict[str, Any]:
    """``--set NAME=VALUE`` items as values: positive integers, or true/false for options."""
    from symparam.errors import InvalidValueError

    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name:
            raise InvalidValueError(f"--set {item!r}: expected NAME=VALUE")
        digits = raw.replace("_", "")
        # up to 40 digits: the model refuses what passes MAX_VALUE with the same message as
        # for a config.json; more are refused before they are converted
        if name in out:
            raise InvalidValueError(f"--set {name} is given twice ({name}={out[name]} and "
                                    f"{name}={raw}): give it once")
        if digits.isascii() and digits.isdigit() and len(digits) > 40:
            raise InvalidValueError(f"--set {item}: {name} is more than symparam takes (10^30)")
        if digits.isascii() and digits.isdigit():
            value: Any = int(digits)
            if value <= 0:
                raise InvalidValueError(f"--set {item}: {name} must be a positive integer")
        elif raw.lower() in ("true", "false", "yes", "no", "on", "off"):
            value = raw
        else:
            raise InvalidValueError(
                f"--set {item}: {name} takes a positive integer (or true/false for an option)"
            )
        out[name] = value
    return out


def build_model(name: str, args: argparse.Namespace) -> Any:
    """The model MODEL names, with the model arguments of ``args``."""
    import symparam

    return symparam.model(
        name,
        arch=args.arch,
        base=args.base,
        assume=list(args.assume or ()),
        free=list(args.free or ()),
        **parse_set(args.set or ()),
    )


def each_model(args: argparse.Namespace,
               work: Callable[[str], tuple[dict[str, Any], Callable[[], None]]],
               separate: bool = False) -> int:
    """Run ``work`` on every MODEL: one JSON line each with ``--json`` (``{"model", "error"}``
    for one that fails), else its printout; the others still run, and a failure gives status 2.
    ``separate`` puts a blank line after each printout when there are several."""
    from symparam.errors import SymparamError

    failures = []
    for name in args.model:
        try:
            record, show = work(name)
        except SymparamError as error:
            shown = error.shown(FLAGS)
            failures.append(shown if shown.startswith(name) else f"{name}: {shown}")
            if args.json:
                print(json_line({"model": name, "error": shown}))
            continue
        if args.json:
            print(json_line(record))
        else:
            show()
            if separate and len(args.model) > 1:
                print()
    if not failures:
        return 0
    if len(failures) > 1:  # one line still: how many, then each
        return fail(f"{len(failures)} of {len(args.model)} models failed: "
                    + "; ".join(failures))
    return fail(failures[0])


def write_output(path: str, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` whole or not at all (see :mod:`symparam.output`)."""
    from symparam.output import write_atomically

    def write(temporary: str) -> None:
        import os

        from symparam.output import write_all

        fd = os.open(temporary, os.O_WRONLY | os.O_TRUNC)
        try:
            write_all(fd, text.encode("utf-8"))
        finally:
            os.close(fd)

    write_atomically(path, write, force)


def model_options(parser: argparse.ArgumentParser) -> None:
    """MODEL's arguments: --set, --arch, --base, --assume, --free."""
    parser.add_argument("--set", action="append", metavar="NAME=VALUE",
                        help="bind a hyperparameter (H=768) or set an option (pooler=false)")
    parser.add_argument("--arch", metavar="CLASS",
                        help="count another class (e.g. BertForMaskedLM)")
    parser.add_argument("--base", action="store_true",
                        help="for a config.json: count the base model, not architectures[0]")
    parser.add_argument("--assume", action="append", metavar="NAME=EXPR",
                        help="add an assumption, e.g. d_ff=4*H")
    parser.add_argument("--free", action="append", metavar="NAME",
                        help="drop a default assumption, e.g. d_head")


def command(commands: Any, name: str, help_: str, run: Any, many: bool = False,
            json_output: bool = True) -> argparse.ArgumentParser:
    """A subcommand taking MODEL (or several), the model options and, usually, --json."""
    p = commands.add_parser(name, help=help_)
    p.add_argument("model", metavar="MODEL", nargs="+" if many else None,
                   help="preset, family, model type, or config.json (file or folder)")
    if json_output:
        p.add_argument("--json", action="store_true", help="machine-readable output")
    model_options(p)
    p.set_defaults(run=run)
    return p


def fail(message: str) -> int:
    """Report an error on one line of stderr; the exit status for it."""
    print(f"symparam: error: {one_line(message)}", file=sys.stderr)
    return EXIT_USAGE
