"""symparam's speed and memory targets, measured side by side in one run.

    python bench/run.py            # prints the table
    python bench/run.py --write    # and writes it to bench/RESULTS.md

Every target is a ratio of two measurements taken here, now, on this machine, each the median
of several runs in fresh processes (so no cache carries over). Needs the test extra
(torch and transformers for the comparison with a real model, numpy for the sweep).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PYTHON = sys.executable
REPEATS = int(os.environ.get("SYMPARAM_BENCH_REPEATS", "5"))


def paired(first: list[str], second: list[str], repeats: int = REPEATS) -> tuple[float, float]:
    """Median wall times of two commands run in turn (A, B, A, B …), so that a busy moment on
    the machine weighs on both alike."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for argv, bucket in ((first, times[0]), (second, times[1])):
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            bucket.append(time.perf_counter() - start)
    return statistics.median(times[0]), statistics.median(times[1])


def printed(argv: list[str], repeats: int = 3) -> float:
    """Median of the number a command prints (a time it measured itself)."""
    return statistics.median(
        float(subprocess.run(argv, check=True, capture_output=True, text=True).stdout.split()[-1])
        for _ in range(repeats)
    )


PEAK = ("import resource, runpy, sys; sys.argv = {argv!r}; "
        "exec({code!r}); "
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)")


def peak_kib(code: str, argv: list[str]) -> int:
    done = subprocess.run([PYTHON, "-c", PEAK.format(argv=argv, code=code)],
                          capture_output=True, text=True, check=False)
    return int(done.stderr.strip().splitlines()[-1])


#: the same 1,000,000 rows as ``symparam sweep llama-2-7b H=128:128000:128 N=1:1000:1 --csv``,
#: computed and written by numpy alone
NUMPY_CSV = ("import numpy as np, sys; "
             "H = np.repeat(np.arange(1, 1001, dtype=np.int64) * 128, 1000); "
             "N = np.tile(np.arange(1, 1001, dtype=np.int64), 1000); "
             "P = N * (4 * H * H + 3 * H * 11008 + 2 * H) + 2 * 32000 * H + H; "
             "np.savetxt(sys.stdout, np.column_stack([H, N, P]), fmt='%d', delimiter=',', "
             "header='H,N,params', comments='')")


#: the commands that must start near ``import sympy`` (each on a preset)
COMMANDS = (
    ["count", "bert-base-uncased"],
    ["derive", "bert-base-uncased"],
    ["derive", "llama-3-8b", "--format", "latex", "--lang", "zh"],
    ["flops", "llama-3-8b", "--seq", "2048"],
    ["depends", "llama"],
    ["formula", "mixtral"],
    ["memory", "llama-3-8b", "--seq", "8192"],
    ["page", "llama-3-8b"],
)

FAMILIES_IMPORTED = (
    "import sys, symparam; from symparam.catalog import FAMILY_MODULES; "
    "symparam.model('bert-base-uncased').count(); "
    "print(sum(f'symparam.architectures.{m}' in sys.modules for m in FAMILY_MODULES), "
    "len(FAMILY_MODULES))"
)


def runs_config() -> dict[str, object]:
    """A Qwen-MoE config.json of 2,014 layers in 983 runs (its mlp_only_layers drawn at
    random, seeded): what made ``derive`` take 99 s of CPU when it was quadratic."""
    import random

    draw = random.Random(1)
    only = [i for i in range(2_014) if draw.random() < 0.5]
    return {"model_type": "qwen2_moe", "hidden_size": 64, "num_hidden_layers": 2_014,
            "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 128,
            "moe_intermediate_size": 32, "shared_expert_intermediate_size": 64,
            "num_experts": 4, "num_experts_per_tok": 2, "vocab_size": 1000,
            "mlp_only_layers": only}


def compile_package() -> None:
    """Bytecode for the package, as an installed wheel has it (an editable install, or
    PYTHONDONTWRITEBYTECODE, would otherwise compile symparam's sources in every run, while
    sympy's were compiled when it was installed)."""
    subprocess.run([PYTHON, "-m", "compileall", "-q", str(HERE.parent / "symparam")],
                   check=True, capture_output=True)


def families_imported() -> tuple[int, int]:
    """How many family modules ``count bert-base-uncased`` imports, of how many."""
    found = subprocess.run([PYTHON, "-c", FAMILIES_IMPORTED], check=True, capture_output=True,
                           text=True).stdout.split()
    return int(found[0]), int(found[1])


def cpu_seconds(argv: list[str], repeats: int = 3) -> float:
    """Median CPU time (user + system) of a command's process."""
    times = []
    for _ in range(repeats):
        before = os.times()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = os.times()
        times.append(after.children_user + after.children_system
                     - before.children_user - before.children_system)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true",
                        help="write the table to bench/RESULTS.md (otherwise only print it)")
    args = parser.parse_args(argv)
    rows = []
    folder = Path(tempfile.mkdtemp())
    config = {"model_type": "bert", "architectures": ["BertModel"], "hidden_size": 768,
              "num_hidden_layers": 12, "num_attention_heads": 12, "intermediate_size": 3072,
              "vocab_size": 30522, "max_position_embeddings": 512, "type_vocab_size": 2}
    one = folder / "config.json"
    one.write_text(json.dumps(config))
    many = []
    for i in range(100):
        path = folder / f"c{i}.json"
        path.write_text(json.dumps({**config, "num_hidden_layers": 1 + i % 48}))
        many.append(str(path))
    cli = [PYTHON, "-m", "symparam"]
    compile_package()

    for argv in COMMANDS:
        ours, sympy_time = paired([*cli, *argv], [PYTHON, "-c", "import sympy"])
        rows.append((f"`symparam {' '.join(argv)}`, cold", "≤ 1.3× `import sympy`",
                     f"{ours:.3f} s vs {sympy_time:.3f} s", ours / sympy_time,
                     ours / sympy_time <= 1.3))
    imported, families = families_imported()
    rows.append(("family modules `count bert-base-uncased` imports", "1, whatever their number",
                 f"{imported} of {families}", imported, imported == 1))
    runs = folder / "runs.json"
    runs.write_text(json.dumps(runs_config()))
    for argv in (["derive"], ["page", "-o", str(folder / "runs.html"), "--force"],
                 ["count", "--depth", "100"]):
        cpu = cpu_seconds([*cli, argv[0], str(runs), *argv[1:]])
        rows.append((f"`symparam {argv[0]}` of 1,000 runs of layers "
                     f"({' '.join(argv[1:2]) or 'Markdown'})", "≤ 5 s of CPU",
                     f"{cpu:.2f} s", cpu / 5, cpu <= 5))

    torch_code = ("import json, sys, torch, transformers as T; "
                  f"c = T.BertConfig(**json.load(open({str(one)!r}))); "
                  "exec('with torch.device(\"meta\"):\\n m = T.BertModel(c)'); "
                  "print(sum(p.numel() for p in m.parameters()))")
    config_time, torch_time = paired([*cli, "count", str(one)], [PYTHON, "-c", torch_code],
                                     repeats=3)
    rows.append(("`symparam count config.json`, cold", "≥ 10× faster than transformers",
                 f"{config_time:.3f} s vs {torch_time:.3f} s", torch_time / config_time,
                 torch_time / config_time >= 10))

    hundred, config_time_again = paired([*cli, "count", *many, "--json"],
                                        [*cli, "count", str(one)])
    rows.append(("one `count` over 100 config.json files", "≤ 2× one file",
                 f"{hundred:.3f} s vs {config_time_again:.3f} s", hundred / config_time_again,
                 hundred / config_time_again <= 2))

    layers = {n: printed([PYTHON, str(HERE / "perlayer.py"), str(n)]) for n in (10, 100, 1000)}
    rows.append(("1,000 layers, each its own FFN width: build + params + count + formula",
                 "≤ 2 s", f"{layers[1000]:.3f} s", layers[1000] / 2, layers[1000] <= 2))
    growth = layers[1000] / layers[100]
    rows.append(("growth from 100 to 1,000 such layers", "≤ 12×",
                 f"{layers[10]:.3f} s / {layers[100]:.3f} s / {layers[1000]:.3f} s "
                 "(10 / 100 / 1,000)", growth, growth <= 12))
    derive = printed([PYTHON, str(HERE / "perlayer.py"), "1000", "derive"], repeats=1)
    rows.append(("the same 1,000 layers: derive to Markdown", "≤ 10 s", f"{derive:.3f} s",
                 derive / 10, derive <= 10))

    sweep, hand = (float(x) for x in subprocess.run(
        [PYTHON, str(HERE / "sweep.py"), "both"], check=True, capture_output=True, text=True
    ).stdout.split())
    rows.append(("`evaluate` over 1,000,000 combinations", "≤ 2× hand-written numpy",
                 f"{sweep:.4f} s vs {hand:.4f} s", sweep / hand, sweep / hand <= 2))

    writer, savetxt = (float(x) for x in subprocess.run(
        [PYTHON, str(HERE / "csvwrite.py")], check=True, capture_output=True, text=True
    ).stdout.split())
    rows.append(("writing 1,000,000 sweep rows as CSV", "≤ 2× numpy's `savetxt`, same array",
                 f"{writer:.3f} s vs {savetxt:.3f} s", writer / savetxt, writer / savetxt <= 2))
    command, script = paired([*cli, "sweep", "llama-2-7b", "H=128:128000:128", "N=1:1000:1",
                              "--csv"], [PYTHON, "-c", NUMPY_CSV], repeats=3)
    rows.append(("`symparam sweep` of 1,000,000 rows to CSV, whole command",
                 "≤ 2× a numpy script computing and saving them",
                 f"{command:.3f} s vs {script:.3f} s", command / script, command / script <= 2))

    base = peak_kib("import sympy", ["python"])
    ours = peak_kib("from symparam.cli import main; main()",
                    ["symparam", "count", "bert-base-uncased"])
    rows.append(("peak memory of `symparam count bert-base-uncased`", "≤ 1.5× `import sympy`",
                 f"{ours / 1024:.1f} MiB vs {base / 1024:.1f} MiB", ours / base,
                 ours / base <= 1.5))

    lines = ["| what | target | measured (median) | ratio | pass |", "|---|---|---|---:|---|"]
    for what, target, measured, ratio, ok in rows:
        lines.append(f"| {what} | {target} | {measured} | {ratio:.2f} | "
                     f"{'pass' if ok else 'FAIL'} |")
    machine = (f"{platform.platform()}, {os.cpu_count()} cores, Python "
               f"{platform.python_version()}; medians of {REPEATS} runs in fresh processes")
    table = "\n".join(lines)
    print(table)
    print(machine)
    if args.write:
        (HERE / "RESULTS.md").write_text(
            "# Benchmark results\n\nReproduce with `python bench/run.py --write` (after "
            "`pip install -e '.[test]'`). Each ratio compares two measurements taken in the same "
            f"run.\n\n{table}\n\nMachine: {machine}.\n", encoding="utf-8")
    return 0 if all(ok for *_, ok in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
