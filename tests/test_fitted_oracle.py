"""The fitted records against transformers: a random sample of types on every run, configs
drawn from each type's default (tools/fitted_oracle.py), counted as ``num_parameters()``
counts them on the meta device.

The sample is drawn afresh with the run's sweep seed (``tests/conftest.py``: printed in the
header and summary, ``SYMPARAM_SEED=N`` replays it); ``SYMPARAM_SWEEP=all`` runs every type,
``SYMPARAM_SWEEP=0.2`` a fifth of them. The whole set with its coverage table is
``python tools/fitted_oracle.py --draws 6 --seed 2026 --write`` (docs/fitted-coverage.md).
"""

from __future__ import annotations

import math
import os
import random
import resource

import pytest

from symparam import fitted
from tests.test_fitted import ROOT, run_bounded

#: types a run checks unless SYMPARAM_SWEEP asks for a share, and configs drawn for each:
#: about 25 s of CPU time (16 took 14 s, transformers' import included), at most CPU
SAMPLE, DRAWS = 32, 4
#: CPU seconds the child may take for the default sample, and per type for a larger one
CPU, CPU_PER_TYPE = 120, 15


def sample(seed: int, share: float, explicit: bool) -> list[str]:
    """The types a run checks: every one at a share of 1, that share of them where
    SYMPARAM_SWEEP gave it, else :data:`SAMPLE` of them; drawn with the seed."""
    names = fitted.names()
    k = len(names) if share >= 1 else \
        max(1, math.ceil(share * len(names))) if explicit else min(SAMPLE, len(names))
    return sorted(random.Random(f"{seed}:fitted").sample(names, k))


@pytest.mark.sweep
def test_a_random_sample_of_types_counts_as_transformers_does(
        request: pytest.FixtureRequest) -> None:
    """No drawn config counts differently from transformers (refusals are allowed; the
    coverage document counts them): replay a failure with ``SYMPARAM_SEED`` or ``python
    tools/fitted_oracle.py TYPE --seed SEED --draws 4``."""
    pytest.importorskip("transformers")
    seed = request.config.sweep_seed
    types = sample(seed, request.config.sweep_share, bool(os.environ.get("SYMPARAM_SWEEP")))
    cpu = CPU if len(types) <= SAMPLE else CPU + CPU_PER_TYPE * len(types)
    print(f"fitted oracle: seed {seed}, {len(types)} types: {' '.join(types)}")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = run_bounded(f"import sys; sys.path.insert(0, {str(ROOT / 'tools')!r})\n"
                       f"from fitted_oracle import check\n"
                       f"for t in {types!r}:\n"
                       f"    print(t, dict(check(t, {DRAWS}, {seed})), flush=True)\n", cpu=cpu)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(f"fitted oracle: {used:.0f} s of CPU time")
    assert done.returncode == 0, f"seed {seed}: {done.stderr[-2000:]}"
    silent = [line for line in done.stdout.splitlines() if "'silent: " in line]
    assert not silent, f"seed {seed} (replay with SYMPARAM_SEED={seed}):\n" + "\n".join(silent)


def test_the_sample_is_drawn_by_the_seed_and_the_share() -> None:
    names = fitted.names()
    assert sample(7, 0.3, False) == sample(7, 0.3, False)
    assert len(sample(7, 0.3, False)) == min(SAMPLE, len(names))
    assert sample(7, 1.0, True) == sorted(names)
    assert len(sample(7, 0.5, True)) == math.ceil(0.5 * len(names))
    assert {tuple(sample(s, 0.3, False)) for s in range(5)} != {tuple(sample(0, 0.3, False))}


def test_a_run_over_some_types_replaces_their_rows_and_keeps_the_others() -> None:
    """``fitted_oracle.py TYPES --write`` once rewrote the coverage from those types alone
    ("records checked: 16 of 479"); the rows now merge into the outcomes kept."""
    import argparse
    import sys
    from collections import Counter

    sys.path.insert(0, str(ROOT / "tools"))
    from fitted_oracle import merge_params

    kept = {"draws": 6, "seed": 1, "types": {"a": {"exact": 6}, "b": {"exact": 2},
                                             "gone": {"exact": 1}}}
    some = argparse.Namespace(types=["b"], draws=6, seed=1)
    merged = merge_params(kept, {"b": Counter(exact=5, unbuilt=1)}, some, ["a", "b", "c"])
    assert merged == {"draws": 6, "seed": 1,
                      "types": {"a": {"exact": 6}, "b": {"exact": 5, "unbuilt": 1}}}
    every = argparse.Namespace(types=[], draws=3, seed=2)
    merged = merge_params(kept, {"c": Counter(exact=3)}, every, ["a", "b", "c"])
    assert merged == {"draws": 3, "seed": 2, "types": {"c": {"exact": 3}}}
    none = argparse.Namespace(types=[], draws=0, seed=0)
    assert merge_params(kept, {}, none, ["a"]) == {"draws": 6, "seed": 1,
                                                   "types": {"a": {"exact": 6}}}
