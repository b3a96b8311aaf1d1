"""The count of LLaMA over 1,000,000 (H, N) combinations: symparam's evaluate beside the same
formula written by hand in numpy, in turn in one process, medians of 9 runs each.

python bench/sweep.py  → prints two medians in seconds: evaluate, then by hand
"""

from __future__ import annotations

import statistics
import time

import numpy as np

import symparam

H = np.repeat(np.arange(1, 1001, dtype=np.int64) * 128, 1000)
N = np.tile(np.arange(1, 1001, dtype=np.int64), 1000)

model = symparam.model("llama", V=32000, h=32, h_kv=32, d_ff=11008)
model.evaluate(H=H[:2], N=N[:2])  # compile once, as a sweep over many arrays would
ours, hand = [], []
for _ in range(9):
    start = time.perf_counter()
    counts = model.evaluate(H=H, N=N)
    ours.append(time.perf_counter() - start)
    start = time.perf_counter()
    # by hand: LLaMA with V = 32000, h = h_kv = 32, d_ff = 11008
    expected = N * (4 * H * H + 3 * H * 11008 + 2 * H) + 2 * 32000 * H + H
    hand.append(time.perf_counter() - start)
assert (counts == expected).all()
print(f"{statistics.median(ours):.5f} {statistics.median(hand):.5f}")
