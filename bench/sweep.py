"""The count of LLaMA over 1,000,000 (H, N) combinations: symparam's evaluate, or by hand.

python bench/sweep.py [hand]  → prints the seconds the evaluation took
"""

from __future__ import annotations

import sys
import time

import numpy as np

import symparam

H = np.repeat(np.arange(1, 1001, dtype=np.int64) * 128, 1000)
N = np.tile(np.arange(1, 1001, dtype=np.int64), 1000)

if len(sys.argv) > 1:
    # by hand: LLaMA with V = 32000, h = h_kv = 32, d_ff = 11008
    start = time.perf_counter()
    counts = N * (4 * H * H + 3 * H * 11008 + 2 * H) + 2 * 32000 * H + H
else:
    model = symparam.model("llama", V=32000, h=32, h_kv=32, d_ff=11008)
    model.evaluate(H=H[:2], N=N[:2])  # compile once, as a sweep over many arrays would
    start = time.perf_counter()
    counts = model.evaluate(H=H, N=N)
print(f"{time.perf_counter() - start:.5f}")
