"""What every subcommand shares: the parser that reports usage errors on one line, the model
arguments (MODEL, --set, --arch, --base, --assume, --free), running a command over several
models, writing a file whole, and the one-line error with exit status 2."""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import symparam
from symparam import limits
from symparam.errors import ConfigError, InvalidValueError, SymparamError
from symparam.limits import MAX_SEQUENCE
from symparam.output import json_line, one_line, write_all, write_atomically

EXIT_USAGE = 2

#: how the command line spells each parameter the library names in its errors
FLAGS = {
    "seq": "--seq", "batch": "--batch", "target_seq": "--target-seq", "decode": "--decode",
    "causal": "--causal", "training": "--training", "recompute": "--recompute",
    "values": "--set {}", "force": "--force", "multiple_of": "--multiple-of",
    "sweep": "--sweep", "base": "--base", "arch": "--arch", "assume": "--assume",
    "free": "--free", "order": "--order", "target": "--target", "depth": "--depth",
    "gpus": "--gpus", "tp": "--tp", "pp": "--pp", "ep": "--ep", "sp": "--sp", "zero": "--zero",
    "micro_batch": "--micro-batch", "optimizer": "--optimizer", "images": "--images",
    "image_size": "--image-size", "capacity_factor": "--capacity-factor",
    "cp": "--cp",
}


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {one_line(message)}\n")


def whole(limit: int | None = None, least: int = 1) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``limit`` (:data:`MAX_SEQUENCE`
    when None), its digits counted before it is converted (``10^4000`` stays text)."""
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


#: older spellings of an output format, still read: one name is shown for each format
FORMAT_ALIASES = {"md": "markdown", "tex": "latex"}


def output_format(*choices: str) -> Callable[[str], str]:
    """An argparse type for ``--format``: one of ``choices`` (``markdown``, ``latex``,
    ``text``, ``json``), in any case; ``md`` and ``tex`` are read as ``markdown`` and
    ``latex``."""

    def parse(text: str) -> str:
        name = FORMAT_ALIASES.get(text.strip().lower(), text.strip().lower())
        if name not in choices:
            raise argparse.ArgumentTypeError(
                f"invalid choice: {one_line(text, 40)!r} (choose from {', '.join(choices)})")
        return name

    parse.__name__ = "format"
    return parse


def parse_set(items: Sequence[str]) -> dict[str, Any]:
    """``--set NAME=VALUE`` items as values: positive integers, or true/false or a word (a
    choice's value) for options."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name:
            raise InvalidValueError(f"--set {item!r}: expected NAME=VALUE")
        if name in _NOT_SET:
            raise InvalidValueError(f"--set {item}: {name} is not a hyperparameter or an "
                                    f"option{_NOT_SET[name]}")
        if name in out:
            raise InvalidValueError(f"--set {name} is given twice ({name}={out[name]} and "
                                    f"{name}={raw}): give it once")
        digits = raw.replace("_", "")
        # up to 40 digits: the model refuses what passes MAX_VALUE with the same message as
        # for a config.json; more are refused before they are converted
        if digits.isascii() and digits.isdigit() and len(digits) > 40:
            raise InvalidValueError(f"--set {item}: {name} is more than symparam takes (10^30)")
        if digits.isascii() and digits.isdigit():
            value: Any = int(digits)
            if value <= 0:
                raise InvalidValueError(f"--set {item}: {name} must be a positive integer")
        elif raw.lower() in ("true", "false", "yes", "no", "on", "off") or _WORD.match(raw):
            value = raw  # a switch, or a choice's value (norm_placement=post): the model reads it
        else:
            raise InvalidValueError(
                f"--set {item}: {name} takes a positive integer (or true/false, or a word, for "
                "an option)"
            )
        out[name] = value
    return out


#: a choice's value as --set takes it (norm_placement=sandwich)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}\Z")
#: names --set cannot bind: the model arguments of their own (and what names the model)
_NOT_SET = {"arch": " (give --arch)", "base": " (give --base)", "assume": " (give --assume)",
            "free": " (give --free)", "name": "", "source": ""}


def build_model(name: str, args: argparse.Namespace) -> Any:
    """The model MODEL names, with the model arguments of ``args``; ``-`` is a config.json
    read from standard input (once, however often it is named)."""
    common: dict[str, Any] = {"arch": args.arch, "base": args.base,
                              "assume": list(args.assume or ()), "free": list(args.free or ())}
    values = parse_set(args.set or ())
    if name == STDIN:
        return symparam.from_hf_config(standard_input(args), name="standard input", **common,
                                       **values)
    return symparam.model(name, **common, **values)


#: the MODEL that stands for a config.json on standard input
STDIN = "-"


def standard_input(args: argparse.Namespace) -> dict[str, Any]:
    """The config.json on standard input, read at its first use and kept on ``args``."""
    from symparam.hf import read_config_stream

    if getattr(args, "stdin_config", None) is None:
        if sys.stdin is None:  # started without one (<&-, as under cron or systemd)
            raise ConfigError("standard input is closed: there is no config.json to read")
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        args.stdin_config = read_config_stream(stream)
    config: dict[str, Any] = args.stdin_config
    return config


def expand_folders(names: Sequence[str]) -> list[str]:
    """MODEL arguments with each folder of model folders (a folder holding no config.json
    whose folders hold one) replaced by those folders, in name order."""
    out: list[str] = []
    for name in names:
        out.extend(_model_folders(name) or [name])
    return out


def _model_folders(name: str) -> list[str]:
    import os

    from symparam.catalog import canonical_name, model_names

    if name == STDIN or canonical_name(name) in model_names():
        return []
    try:
        if not os.path.isdir(name) or os.path.lexists(os.path.join(name, "config.json")):
            return []
        found = []
        with os.scandir(name) as entries:
            for entry in entries:
                if entry.is_dir() and os.path.isfile(os.path.join(entry.path, "config.json")):
                    found.append(entry.path)
                    if len(found) > limits.MAX_FOLDER_MODELS:
                        raise ConfigError(f"{name}: more than {limits.MAX_FOLDER_MODELS:,} model "
                                          "folders; count fewer at once")
    except OSError:
        return []  # reading it as a config names the problem
    return sorted(found)


def each_model(args: argparse.Namespace,
               work: Callable[[str], tuple[dict[str, Any], Callable[[], None]]],
               separate: bool = False) -> int:
    """Run ``work`` on every MODEL: one JSON line each with ``--json`` (``{"model", "error"}``
    for one that fails), else its printout; the others still run, and a failure gives status 2.
    ``separate`` puts a blank line after each printout when there are several."""
    failures = []
    names = expand_folders(args.model)
    done: dict[str, tuple[dict[str, Any], Callable[[], None]]] = {}
    for name in names:
        try:
            if name not in done:  # a name given twice is worked out once
                done[name] = work(name)
            record, show = done[name]
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
            if separate and len(names) > 1:
                print()
    if not failures:
        return 0
    if len(failures) > 1:  # one line still: how many, then each
        return fail(f"{len(failures)} of {len(names)} models failed: "
                    + "; ".join(failures))
    return fail(failures[0])


def emit_document(text: str, record: dict[str, Any], output: str | None, force: bool,
                  as_json: bool) -> None:
    """A document to ``output`` (``-o``) or standard output; with ``--json``, one line: the
    ``record`` with the file written, or with the document itself."""
    if output is not None:  # -o "" is a mistake to report, not standard output
        write_output(output, text, force)
        if as_json:
            print(json_line({**record, "output": output}))
    elif as_json:
        print(json_line({**record, "document": text}))
    else:
        sys.stdout.write(text)


def write_output(path: str, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` whole or not at all (see :mod:`symparam.output`)."""
    def write(temporary: str) -> None:
        import os

        fd = os.open(temporary, os.O_WRONLY | os.O_TRUNC)
        try:
            write_all(fd, text.encode("utf-8"))
        finally:
            os.close(fd)

    write_atomically(path, write, force)


def model_options(parser: argparse.ArgumentParser) -> None:
    """MODEL's arguments: --set, --arch, --base, --assume, --free."""
    parser.add_argument("--set", action="append", metavar="NAME=VALUE",
                        help="bind a hyperparameter by its symbol (H=768) or its config.json "
                             "key (hidden_size=768), or set an option (pooler=false)")
    parser.add_argument("--arch", metavar="CLASS",
                        help="count another class (e.g. BertForMaskedLM)")
    parser.add_argument("--base", action="store_true",
                        help="for a config.json: count the base model, not architectures[0]")
    parser.add_argument("--assume", action="append", metavar="NAME=EXPR",
                        help="add an assumption, e.g. d_ff=4*H")
    parser.add_argument("--free", action="append", metavar="NAME",
                        help="drop a default assumption, e.g. d_head")


#: what --json does, for every command
JSON_HELP = "JSON Lines: one object a line, counts as integers"


def subcommand(commands: Any, name: str, help_: str) -> argparse.ArgumentParser:
    """A subcommand's parser, its examples and exit statuses under its options."""
    import textwrap

    from symparam.cli_help import epilog

    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=help_, description=textwrap.fill(help_[:1].upper() + help_[1:] + ".", 79),
        epilog=epilog(name), formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser


def command(commands: Any, name: str, help_: str, run: Any, many: bool = False,
            json_output: bool = True, stdin: bool = True) -> argparse.ArgumentParser:
    """A subcommand taking MODEL (or several: each folder of model folders counted in turn),
    the model options and, usually, --json; ``stdin``: ``-`` reads a config.json from
    standard input."""
    p = subcommand(commands, name, help_)
    p.add_argument("model", metavar="MODEL", nargs="+" if many else None,
                   help="preset (any case), family, model type, config.json file or folder"
                        + (", folder of model folders" if many and stdin else "")
                        + (", or - for standard input" if stdin else ""))
    if json_output:
        p.add_argument("--json", action="store_true", help=JSON_HELP)
    model_options(p)
    p.set_defaults(run=run)
    return p


def fail(message: str) -> int:
    """Report an error on one line of stderr; the exit status for it."""
    say(f"symparam: error: {one_line(message)}")
    return EXIT_USAGE


def say(line: str) -> None:
    """``line`` on stderr, where there is one to write to (a process started with ``2>&-``
    may hold a descriptor 2 it cannot write: the exit status says what happened)."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)
