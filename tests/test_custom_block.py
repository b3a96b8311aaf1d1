"""A kind of block defined here alone answers every question the tree is asked: nothing
elsewhere in symparam has to learn about it (no walker classifies blocks by name or class)."""

from __future__ import annotations

import sympy

import symparam
from symparam.blocks import Attention, Block, Embedding, Linear, Repeat, Sequential, Tensor
from symparam.compute import compute, kv_cache_width, memory
from symparam.symbols import B, H, N, V, h, s


class Memo(Block):
    """A toy block: one learned vector of width ``width`` that it multiplies into each token
    (3 FLOPs per number, its own rule), and that keeps one number per token for later ones."""

    kind = "mlp"

    def __init__(self, width: sympy.Expr) -> None:
        self.width = width
        self.weight = Tensor(width)

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("weight", self.weight),)

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 3 * batch * self.own_seq(seq) * self.width

    def cache(self, seq: sympy.Expr) -> sympy.Expr:
        return self.own_seq(seq)


def toy() -> symparam.Model:
    layer = Sequential(attn=Attention(H, H, kv_cache=2 * H, heads=h, qkv=Linear(H, 3 * H)),
                       memo=Memo(H))
    tree = Sequential(embed=Embedding(V, H), layers=Repeat(N, layer),
                      head=symparam.blocks.marked(Linear(H, V, bias=False), "head"))
    return symparam.from_block(tree, "toy", H=8, N=2, V=10, h=2)


def test_params_and_kinds() -> None:
    m = toy()
    assert m.params == sympy.expand(V * H + N * (3 * H**2 + 3 * H + H) + H * V)
    assert m.count() == 10 * 8 + 2 * (3 * 64 + 24 + 8) + 80
    assert m.by_kind() == {"embedding": 80, "attention": 2 * (3 * 64 + 24), "mlp": 2 * 8,
                           "head": 80}
    assert [p.name for p in m.parts()] == ["embed", "layers", "head"]


def test_flops_and_cache() -> None:
    m = toy()
    per_layer = 2 * B * s * H * 3 * H + 2 * B * s**2 * (H + H) + 3 * B * s * H
    assert sympy.expand(m.flops() - (N * per_layer + 2 * B * s * H * V)) == 0
    assert compute(m, seq=4).flops == int((N * per_layer + 2 * B * s * H * V).subs(
        {N: 2, H: 8, V: 10, B: 1, s: 4}))
    assert sympy.expand(kv_cache_width(m) - N * (2 * H + 1)) == 0
    assert memory(m, seq=5).kv_per_token == 2 * (2 * 8 + 1) * 2  # fp16, two layers


def test_derivation() -> None:
    d = toy().derive()
    assert d.value == toy().count()
    rows = [r for section in d.sections for r in section.rows]
    assert ("memo", "Memo") in [(r.name, r.kind) for r in rows]
    assert "memo" in d.to_markdown()
