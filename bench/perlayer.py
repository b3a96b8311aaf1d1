"""A model whose every layer has its own FFN width, timed in a fresh process.

python bench/perlayer.py LAYERS [derive]  → prints the seconds taken (one line)
"""

from __future__ import annotations

import sys
import time

start = time.perf_counter()

import sympy  # noqa: E402

import symparam  # noqa: E402
import symparam.limits  # noqa: E402
from symparam import Embedding, LayerNorm, Linear, Sequential, symbol  # noqa: E402

#: this script times how the work grows with distinct layers, past the bounds the API puts on a
#: tree by default (symparam.limits.MAX_BLOCKS: 1,000 such layers are 16,004 blocks, refused
#: in one line since issue 33; MAX_EXPANDED_TERMS: their count is 2,004 terms), which it lifts
#: for itself
symparam.limits.MAX_BLOCKS = 1_000_000
symparam.limits.MAX_EXPANDED_TERMS = 1_000_000


def build(layers: int) -> symparam.Model:
    hidden, vocab = symbol("H"), symbol("V")
    widths = [sympy.Symbol(f"f_{i}", integer=True, positive=True) for i in range(layers)]
    stack = Sequential(**{
        str(i): Sequential(attn=Linear(hidden, 3 * hidden), proj=Linear(hidden, hidden),
                           ln=LayerNorm(hidden), up=Linear(hidden, w), down=Linear(w, hidden))
        for i, w in enumerate(widths)
    })
    return symparam.from_block(Sequential(embed=Embedding(vocab, hidden), layers=stack))


def main() -> None:
    layers = int(sys.argv[1])
    values = {"H": 768, "V": 30522, **{f"f_{i}": 3072 + i for i in range(layers)}}
    begin = time.perf_counter()
    model = build(layers)
    model.params  # noqa: B018 (computing it is the point)
    model.count(**values)
    str(model.formula())
    if len(sys.argv) > 2:
        bound = symparam.from_block(model.tree)
        bound.values = bound.bind(values)
        bound.derive().to_markdown()
    print(f"{time.perf_counter() - begin:.4f}")


if __name__ == "__main__":
    main()
