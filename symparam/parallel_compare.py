"""Published figures for training at scale, reproduced beside symparam's exact ones.

- ZeRO (Rajbhandari et al. 2020), Figure 1: Ψ = 7.5B parameters, K = 12 bytes of Adam state
  a parameter, N_d = 64 data-parallel ranks: 120 GB, 31.4 GB, 16.6 GB and 1.9 GB a GPU for the
  baseline, P_os, P_os+g and P_os+g+p (ZeRO-1, -2, -3).
- Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer Models"),
  Table 2: the activations of one transformer layer, 16-bit, in bytes: sbh(34 + 5as/h) without
  parallelism, sbh(10 + 24/t + 5as/(ht)) with tensor parallelism t, sbh/t·(34 + 5as/h) with
  tensor and sequence parallelism (s tokens, b sequences, h hidden, a heads).
- Megatron-LM's pipeline bubble (Narayanan et al. 2021): (p − 1)/m of the ideal time.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import sympy

from symparam.errors import SymparamError
from symparam.memory import ADAM_MIXED, Optimiser
from symparam.parallel_activations import layer_bytes
from symparam.placement import Layout, zero_parts
from symparam.printing import text

#: Figure 1 of the ZeRO paper: the figures it prints, in GB (10⁹ bytes), one a stage
ZERO_FIGURE_1 = (("baseline", 0, "(2 + 2 + K)·Ψ", "120 GB"),
                 ("P_os", 1, "2Ψ + 2Ψ + K·Ψ/N_d", "31.4 GB"),
                 ("P_os+g", 2, "2Ψ + (2 + K)·Ψ/N_d", "16.6 GB"),
                 ("P_os+g+p", 3, "(2 + 2 + K)·Ψ/N_d", "1.9 GB"))
ZERO_PSI, ZERO_K, ZERO_ND = 7_500_000_000, 12, 64
ZERO_SOURCE = "Rajbhandari et al. 2020 (ZeRO), Figure 1: Ψ = 7.5B, K = 12, N_d = 64"


def zero_rows(params: int = ZERO_PSI, d: int = ZERO_ND) -> list[dict[str, Any]]:
    """Each ZeRO stage's bytes a GPU as symparam computes them for ``params`` on ``d`` ranks
    (Adam in mixed precision: K = 12), beside the paper's formula and, at the paper's sizes,
    its printed figure."""
    recipe = Optimiser("adam-mixed", "", ADAM_MIXED)
    rows = []
    for name, stage, formula, printed in ZERO_FIGURE_1:
        exact = sum(p.bytes for p in zero_parts(params, 0, d, d, stage, recipe))
        paper = Fraction(4 + ZERO_K, 1) * params if stage == 0 else \
            Fraction(4 * params) + Fraction(ZERO_K * params, d) if stage == 1 else \
            Fraction(2 * params) + Fraction((2 + ZERO_K) * params, d) if stage == 2 else \
            Fraction((4 + ZERO_K) * params, d)
        rows.append({"stage": stage, "name": name, "formula": formula,
                     "printed": printed if (params, d) == (ZERO_PSI, ZERO_ND) else None,
                     "paper_bytes": str(paper) if paper.denominator != 1 else int(paper),
                     "exact_bytes": exact})
    return rows


#: Korthikanti et al. 2022, Table 2, per layer (bytes), as sympy in s, b, h, a, t
s_, b_, h_, a_, t_ = sympy.symbols("s b h a t", positive=True, integer=True)
KORTHIKANTI_TABLE_2 = (
    ("no parallelism", s_ * b_ * h_ * (34 + 5 * a_ * s_ / h_)),
    ("tensor parallelism", s_ * b_ * h_ * (10 + 24 / t_ + 5 * a_ * s_ / (h_ * t_))),
    ("tensor and sequence parallelism", s_ * b_ * h_ / t_ * (34 + 5 * a_ * s_ / h_)),
)
KORTHIKANTI_SOURCE = "Korthikanti et al. 2022, Table 2 (16-bit, one layer, no recomputation)"
#: what the paper's 34 counts that a model's own code may not keep, and the reverse
KORTHIKANTI_COUNTS = (
    "the paper counts, per layer: the input of each of the two LayerNorms; q, k, v and the "
    "attention input (11sbh with the scores' input); the softmax output (2as²b) and its dropout "
    "mask (as²b); the attention output's dropout mask and the MLP's (sbh each); the MLP's "
    "input (2sbh), its GELU input (8sbh) and GELU output (8sbh). A model run without dropout "
    "keeps no masks; an RMSNorm, fp32 softmax or a gated MLP keeps other tensors: symparam "
    "lists each tensor torch saves")


def korthikanti_rows(model: Any, seq: int, batch: int, tp: int, dtype: str = "bf16"
                     ) -> list[dict[str, Any]]:
    """Table 2's formulas at the model's sizes (micro-batch ``batch``, ``tp``), beside
    symparam's exact bytes a layer where derived (no tensor parallelism: the layer's share of
    the saved tensors, the coefficient of N)."""
    values = model.bind()
    if not {"H", "h"} <= set(values):
        return []
    env = {s_: seq, b_: batch, h_: values["H"], a_: values["h"], t_: tp}
    rows = []
    for name, formula in KORTHIKANTI_TABLE_2:
        if tp == 1 and name != "no parallelism":
            continue
        t = 1 if name == "no parallelism" else tp
        value = formula.xreplace({**env, t_: t})
        row: dict[str, Any] = {"name": name, "formula": text(formula), "t": t,
                               "paper_bytes": int(value) if value.is_Integer else str(value),
                               "exact_bytes": None}
        try:
            row["exact_bytes"] = exact = layer_bytes(model, Layout(
                t, tp=t, micro_batch=batch, seq=seq, sp=name.endswith("sequence parallelism")),
                "none", dtype)
            # the paper's figure over the exact one, as the text shows its gap
            row["paper_over"] = str(Fraction(str(row["paper_bytes"])) / exact)
        except SymparamError as error:
            row["refused"] = str(error)
        rows.append(row)
    return rows


def bubble(pp: int, micro_batches: int) -> Fraction:
    """Megatron-LM's pipeline bubble: (p − 1)/m of the ideal step time."""
    return Fraction(pp - 1, micro_batches)
