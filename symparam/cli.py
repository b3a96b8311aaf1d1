"""The ``symparam`` command: parse arguments, call the API, print. Errors: one line, exit 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from symparam.output import json_line, one_line

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line and exits with status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {one_line(message)}\n")


def _parse_set(items: Sequence[str]) -> dict[str, Any]:
    from symparam.errors import InvalidValueError

    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name:
            raise InvalidValueError(f"--set {item!r}: expected NAME=VALUE")
        digits = raw.replace("_", "")
        if digits.isascii() and digits.isdigit() and len(digits) <= 30:
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


def _build(name: str, args: argparse.Namespace) -> Any:
    import symparam

    return symparam.model(
        name,
        arch=args.arch,
        base=args.base,
        assume=list(args.assume or ()),
        free=list(args.free or ()),
        **_parse_set(args.set or ()),
    )


def _group(model: Any, expr: Any) -> Any:
    from symparam.analysis import grouped

    return grouped(expr, model.repeat_symbols)


# -- list -----------------------------------------------------------------------------------------


def cmd_list(args: argparse.Namespace) -> int:
    from symparam.catalog import listing

    rows = listing()
    if args.json:
        for row in rows:
            print(json_line(row))
        return 0
    width = max(len(r["name"]) for r in rows)
    print("families (count with --set NAME=VALUE for each hyperparameter):")
    for r in rows:
        if r["kind"] == "family":
            print(f"  {r['name']:<{width}}  {r['description']}; classes: "
                  f"{', '.join(r['architectures'])}")
    print("config.json model types (count a file or folder: symparam count path/config.json):")
    for r in rows:
        if r["kind"] == "model_type":
            print(f"  {r['name']:<{width}}  {', '.join(r['architectures'])}")
    print("presets:")
    for r in rows:
        if r["kind"] == "preset":
            print(f"  {r['name']:<{width}}  {r['architecture']}: {r['description']}")
    return 0


# -- count ----------------------------------------------------------------------------------------


def _count_record(name: str, args: argparse.Namespace) -> dict[str, Any]:
    m = _build(name, args)
    total = m.count()
    active = m.active_count()
    bound = m.bind()
    breakdown, tied = [], []
    for part in m.parts():
        row: dict[str, Any] = {"name": part.name, "params": m.count_of(part.block, bound)}
        if part.repeat is not None:
            row["repeat"] = m.value_of(part.repeat)
        breakdown.append(row)
        for entry in part.tied:
            tied.append({
                "name": entry.name,
                "tied_to": entry.tied_to,
                "params_if_untied": m.value_of(entry.copies * entry.numel),
            })
    record: dict[str, Any] = {
        "model": name,
        "description": m.description,
        "params": total,
        "active_params": active,
        "architecture": m.label,
        "family": m.family.name,
        "values": m.values,
        "options": m.options,
        "assumptions": [str(a) for a in m.assumptions],
        "breakdown": breakdown,
        "tied": tied,
    }
    if getattr(args, "json", False):  # the formula costs a sympy sum: only where it is shown
        record["formula"] = str(m.params)
    if m.reported is not None:
        record["reported"] = {"params": m.reported.params, "source": m.reported.source}
        if m.reported.note:
            record["reported"]["note"] = m.reported.note
    return record


def _print_count(record: dict[str, Any]) -> None:
    print(f"{record['model']}: {record['architecture']} ({record['family']} family)")
    if record["description"]:
        print(f"  {record['description']}")
    rows = []
    for row in record["breakdown"]:
        label, note = row["name"], ""
        if "repeat" in row:
            label += f" ×{row['repeat']}"
            note = f"{row['params'] // row['repeat']:,} per layer"
        for tie in record["tied"]:
            if tie["name"].startswith(row["name"] + ".") or tie["name"] == row["name"]:
                untied = record["params"] + tie["params_if_untied"]
                note = (f"{tie['name']} is {tie['tied_to']} (tied): +0; untied it would add "
                        f"{tie['params_if_untied']:,}, making {untied:,}")
        rows.append((label, row["params"], note))
    width = max([len(r[0]) for r in rows] + [5])
    digits = len(f"{record['params']:,}")
    for label, value, note in rows:
        shown = f"{value:,}" if value else "+0"
        line = f"  {label:<{width}}  {shown:>{digits}}"
        print(f"{line}   {note}" if note else line)
    print(f"  {'total':<{width}}  {record['params']:>{digits},}")
    if record["active_params"] != record["params"]:
        share = record["active_params"] / record["params"]
        print(f"  {'active':<{width}}  {record['active_params']:>{digits},}   "
              f"per token: the router's top k experts and everything dense ({share:.1%})")
    reported = record.get("reported")
    if reported:
        diff = (record["params"] - reported["params"]) / reported["params"]
        side = "above" if diff > 0 else "below"
        print(f"  reported: {reported['params']:,} ({reported['source']}); "
              f"the exact count is {abs(diff):.2%} {side} it")
        if "note" in reported:
            print(f"  note: {reported['note']}")


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
            failures.append(str(error) if str(error).startswith(name) else f"{name}: {error}")
            if args.json:
                print(json_line({"model": name, "error": str(error)}))
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


def cmd_count(args: argparse.Namespace) -> int:
    def work(name: str) -> tuple[dict[str, Any], Callable[[], None]]:
        record = _count_record(name, args)
        return record, lambda: _print_count(record)

    return each_model(args, work, separate=True)


# -- formula --------------------------------------------------------------------------------------


def cmd_formula(args: argparse.Namespace) -> int:
    from symparam.printing import latex, text
    from symparam.symbols import lookup

    m = _build(args.model, args)
    total = m.active_params if args.active else m.params
    form = _group(m, total)
    present = {s.name for s in total.free_symbols}
    assumed = {a.name for a in m.assumptions}
    absent = [n for n in m.hyperparameters if n not in present and n not in assumed]
    if args.format == "latex":
        print(latex(form))
        return 0
    if args.format == "json":
        print(json_line({
            "model": args.model,
            "architecture": m.label,
            "formula": str(total),
            "active": bool(args.active),
            "latex": latex(form),
            "text": text(form),
            "expanded": text(total),
            "symbols": [
                {"name": s.name, "meaning": lookup(s.name).meaning, "latex": lookup(s.name).latex}
                for s in sorted(total.free_symbols, key=lambda s: m.hyperparameters.index(
                    s.name))
            ],
            "assumptions": [str(a) for a in m.assumptions],
            "not_in_total": absent,
        }))
        return 0
    print(f"{args.model}: {m.label}")
    label = "active" if args.active else "params"
    print(f"  {label} = {text(form)}")
    print(f"  {' ' * len(label)} = {text(total)}")
    for a in m.assumptions:
        print(f"  assuming {a.symbol} = {text(a.expr)}: {a.reason}")
    if absent:
        print(f"  not in the total: {', '.join(absent)}")
    return 0


# -- derive -------------------------------------------------------------------------------------


def write_output(path: str, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` whole or not at all (see :mod:`symparam.output`)."""
    from symparam.output import write_atomically

    def write(temporary: str) -> None:
        with open(temporary, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)

    write_atomically(path, write, force)


def cmd_derive(args: argparse.Namespace) -> int:
    m = _build(args.model, args)
    if args.flops and args.seq is None:
        from symparam.errors import InvalidValueError

        raise InvalidValueError("--flops needs --seq S (tokens per sequence)")
    derivation = m.derive(symbolic=args.symbolic, seq=args.seq if args.flops else None,
                          batch=args.batch)
    if args.format == "tex":
        text = derivation.to_latex(lang=args.lang, fragment=args.fragment,
                                   heading_level=args.heading_level)
    else:
        text = derivation.to_markdown(lang=args.lang, math=args.math)
    if args.output:
        write_output(args.output, text, args.force)
    else:
        sys.stdout.write(text)
    return 0


# -- entry ----------------------------------------------------------------------------------------


def _model_options(parser: argparse.ArgumentParser) -> None:
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
    _model_options(p)
    p.set_defaults(run=run)
    return p


#: every subcommand, in the order ``symparam -h`` lists them; the analysis ones live in
#: :mod:`symparam.cli_analysis`
CORE_COMMANDS = ("list", "count", "formula", "derive")
COMMANDS = (*CORE_COMMANDS, "depends", "check", "approx", "sensitivity", "solve", "flops",
            "sweep", "memory", "plot")


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
    wanted = argv[0] if argv and argv[0] in COMMANDS else None
    parser = _Parser(
        prog="symparam",
        description="Exact closed-form parameter counts of neural networks.",
    )
    from symparam import __version__

    parser.add_argument("--version", action="version", version=f"symparam {__version__}")
    commands: Any = _Only(parser.add_subparsers(dest="command", required=True,
                                                parser_class=_Parser), wanted)

    p = commands.add_parser("list", help="families and presets")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(run=cmd_list)

    command(commands, "count", "exact parameter count with a breakdown", cmd_count, many=True)

    p = command(commands, "formula", "the closed-form count", cmd_formula, json_output=False)
    p.add_argument("--format", choices=("text", "latex", "json"), default="text")
    p.add_argument("--active", action="store_true",
                   help="the parameters one token touches (MoE: top k of E experts)")

    p = command(commands, "derive", "step-by-step derivation in Markdown or LaTeX", cmd_derive,
                json_output=False)
    p.add_argument("--format", choices=("md", "tex"), default="md")
    p.add_argument("--lang", choices=("en", "zh", "ko"), default="en")
    p.add_argument("--symbolic", action="store_true", help="the family's formula, no values")
    p.add_argument("--math", choices=("dollars", "github", "katex"), default="dollars",
                   help="Markdown math: $…$ and $$…$$ (dollars: GitHub, Jupyter, VS Code, "
                        "pandoc), ```math and $`…`$ (github), or escaped \\(…\\) for a "
                        "Markdown renderer followed by KaTeX or MathJax (katex)")
    p.add_argument("--fragment", action="store_true",
                   help="LaTeX body only, to paste into a paper (its packages on line 1)")
    p.add_argument("--heading-level", metavar="LEVEL",
                   help="LaTeX command of the outermost headings: section, subsection "
                        "(a fragment's default), subsubsection or paragraph")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    p.add_argument("--flops", action="store_true", help="add a compute section (needs --seq)")
    p.add_argument("--seq", type=int, metavar="S", help="tokens per sequence for --flops")
    p.add_argument("--batch", type=int, default=1, metavar="B", help="sequences for --flops")

    if wanted not in CORE_COMMANDS:
        from symparam.cli_analysis import add_commands

        add_commands(commands)
    return parser


def fail(message: str) -> int:
    """Report an error on one line of stderr; the exit status for it."""
    print(f"symparam: error: {one_line(message)}", file=sys.stderr)
    return EXIT_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    from symparam.errors import SymparamError

    argv = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(argv).parse_args(argv)
    try:
        return args.run(args)
    except SymparamError as error:
        return fail(str(error))
    except BrokenPipeError:
        return 0
    except (RecursionError, MemoryError, OverflowError) as error:
        return fail(f"the input is too large to work on ({type(error).__name__})")


if __name__ == "__main__":
    sys.exit(main())
