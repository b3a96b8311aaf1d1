"""Test settings. In CI (``CI`` set) hypothesis runs derandomized, so every CI run sees the
same examples and a new random find cannot block an unrelated change; locally it explores
fresh examples on each run, which is how new failures are found."""

import json
import math
import os
import random
import signal
import sys
from collections import Counter, defaultdict

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("local", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")

#: the share of each oracle sweep's cases a run takes unless told otherwise (a fifth: the
#: suite toward 15 minutes on 2 cores, issue 30; every case is tried across runs)
SWEEP_SHARE = 0.2
SWEEP_HELP = ("an oracle sweep's cases (one model type, preset or class each) run as a sample "
              "drawn afresh each run (sweep(weight=w): w times the share, for a costly one): "
              "SYMPARAM_SEED=N replays a run's sample, "
              "SYMPARAM_SWEEP=all runs every case, SYMPARAM_SWEEP=0.5 half of them")


def pytest_configure(config) -> None:  # pytest's hook
    # Ctrl-C as Python's default, even where the run was started with SIGINT ignored (a
    # background job of a shell without job control: every child inherits the ignoring, and
    # the tests that interrupt a child saw it finish as if never interrupted)
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    config.addinivalue_line("markers", f"sweep: {SWEEP_HELP}")
    share = os.environ.get("SYMPARAM_SWEEP", "").strip().lower() or str(SWEEP_SHARE)
    config.sweep_share = 1.0 if share == "all" else float(share)  # type: ignore[attr-defined]
    if not 0 < config.sweep_share <= 1:  # type: ignore[attr-defined]
        raise ValueError(f"SYMPARAM_SWEEP is 'all' or a share in (0, 1], not {share!r}")
    # one seed for the run: drawn here, or given; xdist's workers read the controller's
    seed = getattr(config, "workerinput", {}).get("sweep_seed") or os.environ.get("SYMPARAM_SEED")
    config.sweep_seed = int(seed) if seed else random.randrange(1, 10**6)  # type: ignore


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # xdist's hook: every worker samples alike
    node.workerinput["sweep_seed"] = node.config.sweep_seed


#: the counters the oracle and the fuzz suite keep (a module's ``TALLY``: name → Counter), by
#: the module that keeps them; under xdist each worker's are sent to the controller and summed
TALLIES = {"keys": "tests.test_keys", "fuzz": "tests.fuzz.harness"}
_RECEIVED: dict[str, dict[str, Counter]] = {kind: {} for kind in TALLIES}


def tally(kind: str) -> dict[str, Counter]:
    """The counters of ``kind`` this run kept: the workers' summed, or this process's own."""
    module = sys.modules.get(TALLIES[kind])
    own = getattr(module, "TALLY", {}) if module is not None else {}
    return _RECEIVED[kind] or own


def pytest_sessionfinish(session) -> None:  # pytest's hook: a worker sends its counters
    sent = getattr(session.config, "workeroutput", None)
    if sent is not None:
        sent["tallies"] = json.dumps({kind: tally(kind) for kind in TALLIES})


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:  # xdist's hook: the controller sums them
    for kind, counters in json.loads(node.workeroutput.get("tallies", "{}")).items():
        for name, counts in counters.items():
            _RECEIVED[kind].setdefault(name, Counter()).update(counts)


def pytest_collection_modifyitems(config, items) -> None:  # pytest's hook
    """Keep a sample of each sweep's cases: for each test function marked ``sweep``, a share
    of its parametrized cases (at least one), drawn with the run's seed and the function's
    name, so that the same seed draws the same cases whatever else is collected."""
    share = config.sweep_share
    cases = defaultdict(list)
    for item in items:
        if item.get_closest_marker("sweep") is not None:
            cases[(item.path, item.originalname)].append(item)
    if share >= 1 or not cases:
        return
    dropped, weighted = [], {}
    for (path, name), group in cases.items():
        # a costly sweep takes a smaller share: its marker's weight (the key-by-key sweep's)
        weight = group[0].get_closest_marker("sweep").kwargs.get("weight", 1)
        if weight != 1:
            weighted[name] = min(1.0, share * weight)
        keep = max(1, math.ceil(min(1.0, share * weight) * len(group)))
        draw = random.Random(f"{config.sweep_seed}:{path.name}:{name}")
        kept = {id(item) for item in draw.sample(group, keep)}
        dropped += [item for item in group if id(item) not in kept]
    if dropped:
        gone = {id(item) for item in dropped}
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if id(item) not in gone]
    config.sweep_counts = (sum(len(g) for g in cases.values()) - len(dropped),  # type: ignore
                           sum(len(g) for g in cases.values()))
    config.sweep_weighted = weighted  # type: ignore[attr-defined]


def _sweep_line(config) -> str:
    share = config.sweep_share
    if share >= 1:
        return "oracle sweeps: every case (SYMPARAM_SWEEP=all)"
    ran, of = getattr(config, "sweep_counts", (0, 0))
    counted = f"{ran:,} of {of:,} cases, " if of else ""
    weighted = "".join(f", {name} {part:.0%}"
                       for name, part in getattr(config, "sweep_weighted", {}).items())
    return (f"oracle sweeps: a sample, {counted}{share:.0%} of each{weighted} "
            f"(seed {config.sweep_seed}: "
            f"replay with SYMPARAM_SEED={config.sweep_seed}; every case with "
            "SYMPARAM_SWEEP=all)")


def pytest_report_header(config) -> str:  # pytest's hook
    return _sweep_line(config)


def pytest_terminal_summary(terminalreporter) -> None:  # pytest's hook
    """The sweeps' seed, and how many keys, variants and files the key-by-key oracle tried for
    each model type."""
    terminalreporter.write_line(_sweep_line(terminalreporter.config))
    keys = tally("keys")
    if not keys:
        return
    write = terminalreporter.write_line
    write("")
    write("key by key against transformers: per model type, the keys it knows, the variants "
          "tried and the files read")
    for model_type, counts in sorted(keys.items()):
        others = ", ".join(f"{v} {k}" for k, v in sorted(counts.items())
                           if k not in ("keys", "variants", "files"))
        write(f"  {model_type:<12} {counts['keys']:>3} keys {counts['variants']:>5} variants "
              f"{counts['files']:>6} files" + (f" ({others})" if others else ""))
