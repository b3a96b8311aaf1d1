"""Test settings. In CI (``CI`` set) hypothesis runs derandomized, so every CI run sees the
same examples and a new random find cannot block an unrelated change; locally it explores
fresh examples on each run, which is how new failures are found."""

import json
import os
import random
import resource
import signal
import sys
from collections import Counter, defaultdict

import pytest
from hypothesis import settings

# Bytecode caches on, whatever the environment says: PYTHONDONTWRITEBYTECODE (set on the CI
# machine) made every test process compile symparam afresh and pytest rewrite every test
# module's asserts afresh, in each xdist worker and in each `python -m symparam` a test starts
# (issue 30: 21 s of CPU to collect, 14 s with the caches; ~0.2 s a subprocess). The caches go
# where Python puts them (__pycache__/, ignored by git); the workers and subprocesses started
# after this line inherit the environment without it.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("local", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")

#: the share of each oracle sweep's cases a run takes unless told otherwise (a fifth: the
#: suite toward 15 minutes on 2 cores, issue 30; every case is tried across runs)
SWEEP_SHARE = 0.2
SWEEP_HELP = ("an oracle sweep's cases (one model type, preset or class each) run as a sample "
              "drawn afresh each run, filling the share of the sweep's CPU (each case weighed by "
              "its cost in tests/costs.json; sweep(weight=w): w times the share, for a costly "
              "one): SYMPARAM_SEED=N replays a run's sample, SYMPARAM_SWEEP=all runs every "
              "case, SYMPARAM_SWEEP=0.5 half of each sweep's CPU")


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


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):  # pytest's hook: each test's CPU, when asked
    """With SYMPARAM_COSTS=DIR, each test's CPU seconds (its process's and its children's:
    xelatex, node, the CLI's subprocesses) appended to DIR/<worker>.jsonl: the costs the
    sweeps' sample is weighed by (tools/test_costs.py gathers them)."""
    where = os.environ.get("SYMPARAM_COSTS")
    if not where:
        yield
        return
    before = _cpu()
    yield
    worker = getattr(item.config, "workerinput", {}).get("workerid", "main")
    os.makedirs(where, exist_ok=True)
    with open(os.path.join(where, f"{worker}.jsonl"), "a", encoding="utf-8") as out:
        out.write(json.dumps([item.nodeid, round(_cpu() - before, 3)]) + "\n")


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


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
    """Keep a sample of each sweep's cases, then put the costliest tests first.

    For each test function marked ``sweep``, cases drawn with the run's seed and the function's
    name (the same seed draws the same cases whatever else is collected) until they fill its
    share of the function's CPU: each case weighed by its cost measured in tests/costs.json
    (a case not measured weighs the median of its function's), the first drawn always kept.
    A run thus costs its share whichever cases it draws, and every case can be drawn. The
    tests measured costliest run first, so that no worker starts one near the end while the
    other waits (the longest-first order, which xdist's work stealing then balances)."""
    share = config.sweep_share
    costs = _costs()
    cases = defaultdict(list)
    for item in items:
        if item.get_closest_marker("sweep") is not None:
            cases[(item.path, item.originalname)].append(item)
    dropped, weighted = [], {}
    for (path, name), group in cases.items() if share < 1 else ():
        # a costly sweep takes a smaller share: its marker's weight (the key-by-key sweep's)
        weight = group[0].get_closest_marker("sweep").kwargs.get("weight", 1)
        if weight != 1:
            weighted[name] = min(1.0, share * weight)
        kept = _draw(group, min(1.0, share * weight), costs,
                     random.Random(f"{config.sweep_seed}:{path.name}:{name}"))
        dropped += [item for item in group if id(item) not in kept]
    if dropped:
        gone = {id(item) for item in dropped}
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if id(item) not in gone]
    config.sweep_counts = (sum(len(g) for g in cases.values()) - len(dropped),  # type: ignore
                           sum(len(g) for g in cases.values()))
    config.sweep_weighted = weighted  # type: ignore[attr-defined]
    items.sort(key=lambda item: -costs.get(item.nodeid, 0) if
               costs.get(item.nodeid, 0) >= FIRST else 0)  # stable: the rest keep their order


#: a test measured at this many CPU seconds or more runs before the others
FIRST = 10.0
COSTS = os.path.join(os.path.dirname(__file__), "costs.json")


def _costs() -> dict[str, float]:
    """Each test's CPU seconds as last measured (tools/test_costs.py writes them), by node id."""
    try:
        with open(COSTS, encoding="utf-8") as held:
            return json.load(held)["costs"]
    except (OSError, ValueError, KeyError):
        return {}


def _draw(group: list, part: float, costs: dict[str, float], draw: random.Random) -> set[int]:
    """The ids of the cases of ``group`` that a run keeps: drawn in a random order, each kept
    while the kept cost no more than ``part`` of the group's (the first drawn always)."""
    if part >= 1:
        return {id(item) for item in group}
    known = sorted(costs[item.nodeid] for item in group if item.nodeid in costs)
    typical = known[len(known) // 2] if known else 1.0
    cost = {id(item): costs.get(item.nodeid, typical) for item in group}
    budget = part * sum(cost.values())
    kept: set[int] = set()
    spent = 0.0
    for item in draw.sample(group, len(group)):
        if not kept or spent + cost[id(item)] <= budget:
            kept.add(id(item))
            spent += cost[id(item)]
    return kept


def _sweep_line(config) -> str:
    share = config.sweep_share
    if share >= 1:
        return "oracle sweeps: every case (SYMPARAM_SWEEP=all)"
    ran, of = getattr(config, "sweep_counts", (0, 0))
    counted = f"{ran:,} of {of:,} cases, " if of else ""
    weighted = "".join(f", {name} {part:.0%}"
                       for name, part in getattr(config, "sweep_weighted", {}).items())
    return (f"oracle sweeps: a sample, {counted}{share:.0%} of each one's CPU{weighted} "
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
