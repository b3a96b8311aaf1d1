"""What ``symparam COMMAND --help`` says beyond its options: examples, and the exit statuses.

Each command's examples are data here (one entry a command, shown by argparse as the help's
epilog), so the parsers in :mod:`symparam.cli` and :mod:`symparam.cli_analysis` stay short.
Every example is run by tests/test_cli_help.py.
"""

from __future__ import annotations

#: how a run ends, for every command (``check`` adds 1)
STATUSES = ("exit status: 0 done, 2 bad input or a model that cannot be counted (one line on "
            "stderr), 130 interrupted")

#: the model argument, as every command reads it
MODELS = ("MODEL is a preset (any case: GPT2, llama-3-8b), a family (bert), a model type "
          "(mixtral), a config.json file or a folder holding one{more}. Only local files are "
          "read: fetch a Hub model's config with `hf download ID config.json` and give the "
          "path it prints. --set takes the canonical names (H=4096) or the config's own "
          "keys (hidden_size=4096).")
#: what MODEL may also be, by command (standard input: all but plot)
MORE_MODELS = {
    "count": ", a folder of model folders (each counted), or - for a config.json on "
             "standard input",
    "flops": ", a folder of model folders (each counted), or - for a config.json on "
             "standard input",
    "plot": "",
}
STDIN_MODEL = ", or - for a config.json on standard input"

#: what diff adds about its two models
DIFF_MODELS = ("A and B are read as MODEL is; --set and --assume apply to both, --set-a, "
               "--set-b, --assume-a and --assume-b to one. Structural changes are counted at "
               "A's widths, then each width or count moves to B's in turn.")
#: what diff's --json prints
DIFF_JSON = ("--json prints one JSON line: A and B named in \"a\" and \"b\", every term with "
             "its part, cause and counts, counts as integers.")

#: output formats, one name each wherever they appear
FORMATS = ("--json prints JSON Lines: one object a line, counts as integers, the model named "
           "in \"model\"")
#: what --json prints, for the commands whose lines are not about a model
FORMATS_OF = {
    "list": "--json prints JSON Lines: one object a name, with its \"name\", \"kind\" and "
            "\"description\"; a model type's and a preset's \"family\"; a family's and a model "
            "type's classes in \"architectures\", a preset's class in \"architecture\"",
    "site": "--json prints JSON Lines: one object a file written, its path in \"file\"",
}

EXAMPLES: dict[str, tuple[str, ...]] = {
    "list": (
        "symparam list",
        "symparam list --json",
    ),
    "options": (
        "symparam options llama",
        "symparam options olmo2 --set norm_placement=sandwich --json",
    ),
    "count": (
        "symparam count bert-base-uncased",
        "symparam count gpt2 llama-3-8b --json",
        "symparam count llama-3-8b --set hidden_size=2048 --set N=16",
        "symparam count bert-base-uncased --depth 3",
        "symparam count path/to/config.json models/",
        "cat config.json | symparam count -",
    ),
    "formula": (
        "symparam formula bert --assume d_ff=4*H",
        "symparam formula llama --format latex",
        "symparam formula mixtral-8x7b --active --json",
    ),
    "derive": (
        "symparam derive bert-base-uncased -o bert.md",
        "symparam derive bloom-1b4-zh --lang zh",
        "symparam derive bert --symbolic --format latex",
        "symparam derive gpt2 --format latex --fragment --heading-level subsection",
        "symparam derive gpt2 --flops --seq 1024",
    ),
    "depends": (
        "symparam depends bert",
        "symparam depends llama-3-8b --json",
    ),
    "check": (
        'symparam check bert "N·(12·H² + 13·H) + (V + L + T + 2)·H" --set pooler=false '
        "--assume d_ff=4*H",
        'symparam check bert-base-uncased "12·N·H² + V·H" --json',
        'symparam check gpt2 "12*N*H^2" || echo "the formula is not the count"',
    ),
    "approx": (
        "symparam approx bert-base-uncased --name bert-shortcut",
        "symparam approx llama-3-8b --order 2",
        'symparam approx gpt2 --formula "12*N*H^2 + V*H"',
    ),
    "sensitivity": (
        "symparam sensitivity llama-3-8b",
        "symparam sensitivity gpt2 --json",
    ),
    "solve": (
        "symparam solve llama-2-7b --target 7B --for H --multiple-of 128",
        "symparam solve gpt2 --target 350M --for N --json",
    ),
    "flops": (
        "symparam flops bert-base-uncased gpt2 --seq 128",
        "symparam flops llama-2-7b --seq 2048 --compare kaplan,chinchilla",
        "symparam flops gpt2 --seq 1024 --training --recompute selective",
        "symparam flops llama-3-8b --seq 8192 --decode --json",
    ),
    "sweep": (
        "symparam sweep llama-2-7b H=2048:8192:256 N=16,32 --csv",
        "symparam sweep gpt2 N=12:48 --json",
    ),
    "memory": (
        "symparam memory llama-3-8b --seq 8192 --batch 4",
        "symparam memory gpt2 --dtype bf16 --json",
    ),
    "plot": (
        "symparam plot gpt2 llama-2-7b mixtral-8x7b -o parts.png",
        "symparam plot gpt2 --sweep N=12:48 -o depth.svg",
    ),
    "page": (
        "symparam page llama-3-8b -o llama.html",
        "symparam page bert --symbolic --lang zh -o bert.zh.html",
    ),
    "site": (
        "symparam site pages",
    ),
    "diff": (
        "symparam diff gpt2 llama-2-7b",
        "symparam diff llama-3-8b mixtral-8x7b --json",
        "symparam diff llama-2-7b llama-3-8b --flops --seq 2048 --memory",
        "symparam diff gpt2 llama-2-7b --format latex --fragment --lang zh",
        "symparam diff llama-3-8b mixtral-8x7b --format markdown -o diff.md",
        "symparam diff llama llama --set-a h_kv=32 --set-b h_kv=8 --set N=32 --set V=32000 "
        "--set H=4096 --set d_ff=11008 --set h=32",
    ),
    "fit": (
        "symparam fit torch.nn:Linear --size in_features=64 --size out_features=32",
        "symparam fit torch.nn:TransformerEncoderLayer --size d_model=64 --size nhead=4 "
        "--size dim_feedforward=256 --json",
    ),
}

#: what a command adds to :data:`STATUSES`
EXTRA = {
    "check": "exit status: 0 the formula is the exact count, 1 it is not, 2 bad input (one "
             "line on stderr)",
}

#: commands whose output is not a model's record (no MODEL argument)
NO_MODEL = ("list", "site", "fit")


def epilog(command: str) -> str:
    """The text under ``symparam COMMAND --help``: examples, then how MODEL is read, the JSON
    it prints and its exit statuses."""
    import textwrap

    lines = ["examples:", *(f"  {example}" for example in EXAMPLES[command]), ""]
    more = MORE_MODELS.get(command, STDIN_MODEL)
    paragraphs = [MODELS.format(more=more)] if command not in NO_MODEL else []
    if command == "diff":
        paragraphs.append(DIFF_MODELS)
    paragraphs += [DIFF_JSON if command == "diff" else FORMATS_OF.get(command, FORMATS) + ".",
                   EXTRA.get(command, STATUSES) + "."]
    for paragraph in paragraphs:
        lines += [textwrap.fill(paragraph, 79), ""]
    return "\n".join(lines).rstrip() + "\n"
