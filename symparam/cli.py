"""The ``symparam`` command: parse arguments, run the command (the core ones in
:mod:`symparam.cli_core`, the others in the ``cli_*`` modules that add them), print. Errors:
one line, exit 2."""

from __future__ import annotations

import argparse
import contextlib
import io
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NoReturn

from symparam import __version__
from symparam.cli_common import (
    EXIT_USAGE,
    FLAGS,
    JSON_HELP,
    Parser,
    command,
    fail,
    output_format,
    say,
    subcommand,
    whole,
)
from symparam.cli_core import cmd_count, cmd_derive, cmd_formula, cmd_list
from symparam.errors import SymparamError
from symparam.limits import MAX_BLOCK_DEPTH
from symparam.output import ClosedStream, PlainText, closed_streams

#: every subcommand, in the order ``symparam -h`` lists them; the analysis ones live in
#: :mod:`symparam.cli_analysis`
CORE_COMMANDS = ("list", "count", "formula", "derive")
COMMANDS = (*CORE_COMMANDS, "options", "depends", "check", "approx", "sensitivity", "solve",
            "flops", "sweep", "memory", "plot", "page", "site", "diff", "fit")


class _Skipped:
    """A subcommand's parser that is not built: its arguments are not needed for this run."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        pass

    def set_defaults(self, **kwargs: Any) -> None:
        pass

    def add_mutually_exclusive_group(self, **kwargs: Any) -> _Skipped:
        return self


class _Only:
    """The subcommands, building only the one being run (argparse's 130-odd arguments of the
    others cost a cold start more than the count itself)."""

    def __init__(self, commands: Any, wanted: str | None) -> None:
        self.commands, self.wanted = commands, wanted

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if self.wanted is None or name == self.wanted:
            return self.commands.add_parser(name, **kwargs)
        return _Skipped()


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser; given ``argv`` that names a subcommand first, only that
    subcommand's parser is built (help and errors for anything else see them all)."""
    return _built(argv[0] if argv and argv[0] in COMMANDS else None)


@cache
def _built(wanted: str | None) -> argparse.ArgumentParser:
    """The parser of the subcommand ``wanted`` (None: every one), built once a process:
    argparse makes a help formatter (asking the terminal's size) for each argument it adds,
    and parsing leaves the parser as it was, so a program that runs :func:`main` many times
    (a notebook, the fuzz suite: 15 ms a call for the whole parser) builds each once."""
    parser = Parser(
        prog="symparam",
        description="Exact closed-form parameter counts of neural networks.",
        epilog="Each command's --help ends with examples. Exit status: 0 done, 1 from check "
               "when the formula is not the count, 2 bad input (one line on stderr).",
    )

    parser.add_argument("--version", action="version", version=f"symparam {__version__}")
    commands: Any = _Only(parser.add_subparsers(dest="command", required=True,
                                                parser_class=Parser), wanted)

    p = subcommand(commands, "list", "families, model types and presets")
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    p.set_defaults(run=cmd_list)

    p = command(commands, "count", "exact parameter count with a breakdown", cmd_count,
                many=True)
    p.add_argument("--depth", type=whole(MAX_BLOCK_DEPTH), metavar="K",
                   help="the block tree to depth K, down to single tensors at the deepest "
                        "(as torchinfo lists a model)")

    p = command(commands, "formula", "the closed-form count", cmd_formula)
    p.add_argument("--format", type=output_format("text", "latex", "json"), default="text",
                   metavar="{text,latex,json}",
                   help="plain text (default), LaTeX, or JSON (the same as --json)")
    p.add_argument("--active", action="store_true",
                   help="the parameters one token touches (MoE: top k of E experts)")

    p = command(commands, "derive", "step-by-step derivation in Markdown or LaTeX", cmd_derive)
    p.add_argument("--format", type=output_format("markdown", "latex"), default="markdown",
                   metavar="{markdown,latex}", help="the document's format (default markdown)")
    p.add_argument("--lang", choices=("en", "zh", "ko"), default="en",
                   help="English (default), Chinese or Korean")
    p.add_argument("--symbolic", action="store_true", help="the family's formula, no values")
    p.add_argument("--math", choices=("dollars", "github", "katex"),
                   help="Markdown math: $…$ and $$…$$ (dollars: GitHub, Jupyter, VS Code, "
                        "pandoc), ```math and $`…`$ (github), or escaped \\(…\\) for a "
                        "Markdown renderer followed by KaTeX or MathJax (katex); default "
                        "dollars")
    p.add_argument("--fragment", action="store_true",
                   help="LaTeX body only, to paste into a paper (its packages on line 1)")
    p.add_argument("--heading-level", metavar="LEVEL",
                   help="LaTeX command of the outermost headings: section, subsection "
                        "(a fragment's default), subsubsection or paragraph")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    p.add_argument("--flops", action="store_true", help="add a compute section (needs --seq)")
    p.add_argument("--seq", type=whole(), metavar="S",
                   help="tokens per sequence, for --flops and --gpus' activations and traffic")
    p.add_argument("--batch", type=whole(), metavar="B",
                   help="sequences for --flops (default 1); with --gpus the global batch of a "
                        "training step")
    p.add_argument("--dtype", choices=("fp32", "fp16", "bf16"),
                   help="with --gpus, the dtype of the activations and traffic (default fp16)")
    from symparam.cli_parallel import add_arguments

    add_arguments(p, whole)

    if wanted not in CORE_COMMANDS:  # the module that adds the one wanted, or all of them
        for add, names in _ADDED:
            if wanted is None or wanted in names:
                add(commands)
    return parser


def _add_options(commands: Any) -> None:
    from symparam.cli_options import add_options_command

    add_options_command(commands)


def _add_analysis(commands: Any) -> None:
    from symparam.cli_analysis import add_commands

    add_commands(commands)


def _add_page(commands: Any) -> None:
    from symparam.cli_page import add_page_commands

    add_page_commands(commands)


def _add_diff(commands: Any) -> None:
    from symparam.cli_diff import add_diff_command

    add_diff_command(commands)


def _add_fit(commands: Any) -> None:
    from symparam.cli_fit import add_fit_command

    add_fit_command(commands)


#: what adds the other subcommands (imported only for them): (the adder, the commands it adds)
_ADDED: tuple[tuple[Callable[[Any], None], tuple[str, ...]], ...] = (
    (_add_options, ("options",)),
    (_add_analysis, ("depends", "check", "approx", "sensitivity", "solve", "flops", "sweep",
                     "memory", "plot")),
    (_add_page, ("page", "site")),
    (_add_diff, ("diff",)),
    (_add_fit, ("fit",)))


#: exit statuses for a run stopped by Ctrl-C (SIGINT) or SIGTERM, as shells report them
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143


class Terminated(BaseException):
    """SIGTERM, raised where the program is so that files being written are cleaned up."""


def _terminate(signum: int, frame: Any) -> NoReturn:
    raise Terminated


#: no SIGTERM handler replaced (yet)
_UNSET: Any = object()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0, 2 for an error (one line on
    stderr), 130 after Ctrl-C and 143 after SIGTERM (a file being written is removed).

    A standard stream the process was started without (``<&-``, ``>&-``, ``2>&-``, as under
    cron) is an error where it is used: nothing to read, output that cannot be written (one
    line, status 2); with no stderr, the status alone says it."""
    argv = sys.argv[1:] if argv is None else list(argv)
    handler = threading.current_thread() is threading.main_thread()
    stdin, stdout, stderr = sys.stdin, sys.stdout, sys.stderr
    text, previous = None, _UNSET
    try:  # from the first line: Ctrl-C while sympy is imported is one line too
        if handler:
            previous = signal.signal(signal.SIGTERM, _terminate)
        closed = closed_streams()
        if "stderr" in closed:  # an error is the status alone
            sys.stderr = io.StringIO()
        if "stdin" in closed:
            sys.stdin = None  # type: ignore[assignment]
        # unprintable characters are shown, not sent
        sys.stdout = text = PlainText(ClosedStream("standard output") if "stdout" in closed
                                      else stdout)
        try:
            args = build_parser(argv).parse_args(argv)
        except SystemExit as stop:  # --help, --version, a usage error (already reported)
            return stop.code if isinstance(stop.code, int) else EXIT_USAGE
        status = args.run(args)
        sys.stdout.flush()  # a full disk shows here, not after the status is decided
        return status
    except SymparamError as error:
        return fail(error.shown(FLAGS))
    except BrokenPipeError:
        _silence(stdout)
        return 0
    except OSError as error:  # writing the output failed (a full disk …)
        _silence(stdout)
        return fail(f"cannot write the output: {error.strerror or error}")
    except (RecursionError, MemoryError, OverflowError) as error:
        return fail(f"the input is too large to work on ({type(error).__name__})")
    except KeyboardInterrupt:
        return _stopped("interrupted", EXIT_INTERRUPTED)
    except Terminated:
        return _stopped("terminated", EXIT_TERMINATED)
    finally:
        if text is not None:
            _finish(text)  # what was printed before an error or a signal, --help's text …
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
        if previous is not _UNSET:  # None: a handler not set from Python, the default here
            signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def _finish(text: Any) -> None:
    """Write out what is left of a run's output (after a full disk, nothing more is said)."""
    with contextlib.suppress(OSError, ValueError):
        text.flush()


def _stopped(how: str, status: int) -> int:
    """A run stopped by a signal: one line, and the status a shell expects."""
    say(f"symparam: {how}")
    return status


def _silence(stream: Any) -> None:
    """Point a failed standard output at /dev/null: what is left in its buffer must not raise
    again (and print a second message) when Python flushes it at exit."""
    import os

    try:
        fileno = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
