"""Published FLOPs formulas, evaluated beside the exact count of the same forward pass.

Each is written in the model's own hyperparameters (B batch, s sequence, N layers, H hidden,
V vocabulary, h heads, d_ff FFN size, P the exact parameter count), as its paper states it:

- Kaplan et al. 2020, section 2.1: C_fwd ≈ 2·P_ne + 2·N·s·H per token, P_ne the parameters
  without the embedding tables.
- Chinchilla (Hoffmann et al. 2022), appendix F: embeddings, Q/K/V, QKᵀ, softmax (3 per score),
  the weighted sum, the output projection, the FFN and the logits, counted per sequence.
- Megatron-LM (Narayanan et al. 2021), section 5.1: 24·B·s·N·H²·(1 + s/(6H) + V/(12·N·H)) for
  a forward pass (their 96·… counts training with recomputation).
- PaLM (Chowdhery et al. 2022), appendix B: 6·P + 12·N·h·d_head·s per token for training, i.e.
  a third of that for the forward pass.

>>> import symparam
>>> rows = {r.name: r for r in compare(symparam.model("gpt2"), seq=1024)}
>>> rows["megatron"].value == rows["megatron"].exact  # GPT-2's d_ff = 4H: Megatron is exact
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy

from symparam.assumptions import resolve
from symparam.compute import compute
from symparam.symbols import B, H, N, V, d_ff, d_head, h, s


@dataclass(frozen=True)
class Published:
    """One published formula at the model's values, beside the exact count."""

    name: str
    source: str
    formula: sympy.Expr
    value: int
    exact: int
    exact_formula: sympy.Expr

    @property
    def relative_error(self) -> float:
        return (self.value - self.exact) / self.exact


SOURCES = {
    "kaplan": "Kaplan et al. 2020, section 2.1: C_fwd ≈ 2·N_ne + 2·n_layer·n_ctx·d_attn a token",
    "chinchilla": "Hoffmann et al. 2022, appendix F, table A4",
    "megatron": "Narayanan et al. 2021, section 5.1 (forward pass)",
    "palm": "Chowdhery et al. 2022, appendix B (training ÷ 3)",
}


def palm_per_token(params: Any, layers: Any, heads: Any, head_dim: Any, seq: Any) -> Any:
    """PaLM's training FLOPs per token: 6·P + 12·L·H·Q·T (appendix B)."""
    return 6 * params + 12 * layers * heads * head_dim * seq


def formulas(model: Any) -> dict[str, sympy.Expr]:
    """Each published forward-FLOPs formula for B sequences of s tokens of ``model``."""
    mapping = {d_head: H / h, **resolve(model.assumptions)}  # heads split H unless told
    total = model.params
    tables = model.tree.by_kind().get("embedding", sympy.S.Zero)
    non_embedding = sympy.expand(total - tables.xreplace(mapping))
    width = (h * d_head).xreplace(mapping)  # the heads' total width (H under d_head = H/h)
    ffn = d_ff if d_ff in total.free_symbols else 4 * H
    per_layer = (2 * 3 * s * H * width + 2 * s * s * width + 3 * h * s * s
                 + 2 * s * s * width + 2 * s * width * H + 2 * s * 2 * H * ffn)
    chinchilla = B * (2 * s * V * H + N * per_layer + 2 * s * H * V)
    return {
        "kaplan": B * s * (2 * non_embedding + 2 * N * s * H),
        "chinchilla": chinchilla,
        "megatron": 24 * B * s * N * H**2 * (1 + s / (6 * H) + V / (12 * N * H)),
        "palm": B * s * palm_per_token(total, N, h, d_head.xreplace(mapping), s) / 3,
    }


def compare(model: Any, seq: int, batch: int = 1) -> list[Published]:
    """The published formulas at the model's values, with the exact forward FLOPs."""
    result = compute(model, seq=seq, batch=batch)
    exact = result.flops
    values = {**model.bind(), "B": batch, "s": seq}
    out = []
    for name, formula in formulas(model).items():
        missing = {x.name for x in formula.free_symbols} - set(values)
        if missing:
            continue  # the formula needs a size this model does not have (no h in a toy MLP)
        value = formula.xreplace({x: sympy.Integer(values[x.name]) for x in formula.free_symbols})
        out.append(Published(name, SOURCES[name], formula, int(sympy.floor(value)), exact,
                             result.formula))
    return out
