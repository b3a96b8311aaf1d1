"""Writing a 1,000,000-row sweep of LLaMA 2 7B (H × N) as CSV: symparam's writer beside numpy's
own ``savetxt`` on the same array, in turn in one process, medians of 5 runs each. The two files
are checked to be byte for byte the same.

python bench/csvwrite.py  → prints two medians in seconds: symparam's writer, then savetxt
"""

from __future__ import annotations

import filecmp
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

import symparam
from symparam.sweep import sweep, write

table = sweep(symparam.model("llama-2-7b"),
              {"H": list(range(128, 128_001, 128)), "N": list(range(1, 1001))})
array = np.column_stack([table.columns["H"], table.columns["N"], table.counts])
assert len(table) == 1_000_000
folder = Path(tempfile.mkdtemp())
ours, theirs = [], []
for _ in range(5):
    with (folder / "symparam.csv").open("w") as out:
        start = time.perf_counter()
        write(table, out, csv=True)
        ours.append(time.perf_counter() - start)
    with (folder / "savetxt.csv").open("w") as out:
        start = time.perf_counter()
        np.savetxt(out, array, fmt="%d", delimiter=",", header="H,N,params", comments="")
        theirs.append(time.perf_counter() - start)
assert filecmp.cmp(folder / "symparam.csv", folder / "savetxt.csv", shallow=False)
print(f"{statistics.median(ours):.4f} {statistics.median(theirs):.4f}")
