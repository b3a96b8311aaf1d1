"""The derivation's section on the most loaded GPU of a parallel layout, laid out for the
templates: every figure is :func:`symparam.parallel.per_gpu`'s, the one ``symparam memory
--gpus`` prints; here they are only put into each language's sentences."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import sympy

from symparam.document import GpuStep
from symparam.frozen import frozen
from symparam.printing import INVISIBLE_TIMES, latex
from symparam.rounding import gib, percent

#: the traffic kinds :mod:`symparam.parallel_traffic` names, by their language key
TRAFFIC_KEYS = {
    "data-parallel gradients": "gpu_traffic_data",
    "data-parallel gradients and ZeRO-3 gathers": "gpu_traffic_data_zero3",
    "tensor-parallel all-reduces": "gpu_traffic_tensor",
    "pipeline sends": "gpu_traffic_pipeline",
    "expert all-to-all": "gpu_traffic_expert",
    "context-parallel ring": "gpu_traffic_context",
}


@frozen
class Notation:
    """The per-GPU formula's glyphs in one notation: the parameters Ψ and the experts' Ψ_E, the
    ranks that partition them N_d and N_dE, a term whole (``{size}`` bytes × ``{psi}``) and
    partitioned (× ⌈``{psi}``/``{ranks}``⌉), and the sign between terms."""

    psi: str
    psi_e: str
    n_d: str
    n_de: str
    whole: str
    partitioned: str
    plus: str


_MI = '<mi mathvariant="normal">{}</mi>'
#: LaTeX for the derivation, MathML for the page: the one formula :func:`gpu_formula` lays out
NOTATIONS = {
    "latex": Notation(r"\Psi", r"\Psi_{\mathrm{E}}", r"N_{\mathrm{d}}", r"N_{\mathrm{dE}}",
                      r"{size}\,{psi}",
                      r"{size} \left\lceil \frac{{{psi}}}{{{ranks}}} \right\rceil", " + "),
    "mathml": Notation(_MI.format("Ψ"), f"<msub>{_MI.format('Ψ')}{_MI.format('E')}</msub>",
                       f"<msub><mi>N</mi>{_MI.format('d')}</msub>",
                       f"<msub><mi>N</mi>{_MI.format('dE')}</msub>",
                       f"<mn>{{size}}</mn><mo>{INVISIBLE_TIMES}</mo>{{psi}}",
                       f"<mn>{{size}}</mn><mo>{INVISIBLE_TIMES}</mo><mrow><mo>⌈</mo><mfrac>"
                       "<mrow>{psi}</mrow><mrow>{ranks}</mrow></mfrac><mo>⌉</mo></mrow>",
                       "<mo>+</mo>"),
}

#: the traffic formulas' symbols as LaTeX
_NAMES = {"Ψ": NOTATIONS["latex"].psi, "Ψ_E": NOTATIONS["latex"].psi_e,
          "N_stage": r"N_{\mathrm{stage}}", "d_E": r"d_{\mathrm{E}}", "W_kv": r"W_{\mathrm{kv}}",
          "N_E": r"N_{\mathrm{E}}"}


def gpu_formula(terms: tuple[tuple[int, bool, bool], ...], notation: str = "latex") -> str:
    r"""A GPU's part (:attr:`symparam.placement.Part.terms`) in ``notation`` (LaTeX, or MathML
    for the page): each term bytes × Ψ (Ψ_E of experts), or its ZeRO partition ⌈Ψ/N_d⌉
    (⌈Ψ_E/N_dE⌉).

    >>> print(gpu_formula(((12, False, True), (2, True, False))))
    12 \left\lceil \frac{\Psi}{N_{\mathrm{d}}} \right\rceil + 2\,\Psi_{\mathrm{E}}
    >>> print(gpu_formula(((2, False, False),), "mathml"))
    <mn>2</mn><mo>&#x2062;</mo><mi mathvariant="normal">Ψ</mi>
    """
    n = NOTATIONS[notation]
    return n.plus.join((n.partitioned if partitioned else n.whole).format(
        size=size, psi=n.psi_e if experts else n.psi, ranks=n.n_de if experts else n.n_d)
        for size, experts, partitioned in terms)


def traffic_formula(expr: Any) -> str:
    """A traffic formula (in elements) as LaTeX, its symbols named as the text names them."""
    names = {sym: _NAMES.get(sym.name) or latex(sym) for sym in expr.free_symbols}
    return sympy.latex(expr, symbol_names=names)


def exact(value: int | Fraction) -> str:
    """Bytes as ``memory --gpus --json`` gives them: a whole number with separators, else
    the fraction."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value.numerator:,}/{value.denominator:,}"
    return f"{int(value):,}"


def gpu_view(g: GpuStep, t: Mapping[str, Any], fill: Callable[..., Any],
             inline: Callable[[str], Any], code: Callable[[str], Any]) -> dict[str, Any]:
    """The section's sentences and tables, from ``g`` (nothing reckoned here)."""
    text = t["text"]
    f = g.found
    lay = f.layout
    where = "gpu_only" if f.stages == 1 else "gpu_first" if f.stage == 0 else \
        "gpu_last" if f.stage == f.stages - 1 else "gpu_middle"
    n = NOTATIONS["latex"]
    nd = inline(n.n_d)
    intro = [fill(text["gpu_intro"], gpus=lay.gpus, dp=lay.dp, tp=lay.tp, pp=lay.pp,
                  zero=fill(text["gpu_zero"], zero=lay.zero) if lay.zero else
                  text["gpu_no_zero"], optimiser=code(f.optimiser), psi=inline(n.psi), nd=nd,
                  share=inline(rf"\left\lceil {n.psi} / {n.n_d} \right\rceil"))]
    if lay.cp > 1:
        intro.append(fill(text["gpu_context"], cp=lay.cp, nd=nd, group=lay.replicas))
    if lay.sp:
        intro.append(fill(text["gpu_sequence"]))
    if lay.ep > 1:
        intro.append(fill(text["gpu_experts"], ep=lay.ep, psi_e=inline(n.psi_e),
                          nde=inline(f"{n.n_de} = d/e")))
    held = fill(text[where], stage=f.stage + 1, stages=f.stages, params=f"{f.dense:,}")
    if f.experts:
        held += text["sentence_gap"] + fill(text["gpu_expert_params"], params=f"{f.experts:,}")
    parts = [{"name": text["gpu_" + p.name.replace(" ", "_")], "formula": gpu_formula(p.terms),
              "bytes": exact(p.bytes), "binary": gib(p.bytes)} for p in f.parts]
    activations = _activations(g, text, fill, inline, code)
    if f.activations is not None:
        k = g.in_flight[f.stage] if lay.pp > 1 else 1
        parts.append({"name": text["gpu_activations"],
                      "formula": r"\min(p - q + 1,\, m)\, A_{q}" if lay.pp > 1 else "A",
                      "bytes": exact(f.activations), "binary": gib(f.activations),
                      "in_flight": k})
    notes = []
    if isinstance(f.kv_cache, int):
        key = "gpu_kv_latent" if f.kv_whole_on_ranks else "gpu_kv"
        notes.append(fill(text[key + "_context" if lay.cp > 1 else key],
                          batch=lay.batch or 1, bytes=exact(f.kv_cache),
                          binary=gib(f.kv_cache)))
        if f.kv_stages is not None:
            notes.append(fill(text["gpu_kv_stages"], stages=", ".join(exact(b)
                                                                     for b in f.kv_stages)))
    traffic, refused = [], []
    if f.traffic is not None:
        for kind, value, formula, size, _ in f.traffic.rows:
            name = text[TRAFFIC_KEYS[kind]]
            if formula is None:
                refused.append(fill(text["gpu_traffic_refused"], kind=name))
                continue
            traffic.append({"name": name, "formula": traffic_formula(formula),
                            "size": size, "bytes": exact(value), "binary": gib(value)})
    bubble = None
    if f.traffic is not None and f.traffic.bubble is not None:
        shown = rf"\frac{{p - 1}}{{m}} = \frac{{{lay.pp - 1}}}{{{lay.micro_batches}}}"
        value = f.traffic.bubble
        if (value.numerator, value.denominator) != (lay.pp - 1, lay.micro_batches):
            shown += (rf" = \frac{{{value.numerator}}}{{{value.denominator}}}"
                      if value.denominator != 1 else f" = {value.numerator}")
        bubble = fill(text["gpu_bubble"], bubble=inline(shown),
                      percent=percent(value))
    fits = None
    if g.gpu_memory is not None:
        fits = fill(text["gpu_fits" if f.total <= g.gpu_memory else "gpu_over"],
                    limit=exact(g.gpu_memory), limit_binary=gib(g.gpu_memory),
                    spare=exact(max(0, g.gpu_memory - f.total)),
                    over=exact(max(0, f.total - g.gpu_memory)),
                    over_binary=gib(max(0, f.total - g.gpu_memory)))
        if f.activations is None:
            fits += text["sentence_gap"] + fill(text["gpu_fits_without_activations"])
    rules = [fill(text["gpu_rules"])]
    if f.activations is None:
        rules.append(fill(text["gpu_no_activations"]))
    if traffic:
        rules.append(fill(text["gpu_traffic_rules"], nstage=inline(
            rf"{_NAMES['N_stage']} = {f.traffic.layers}")))
        for kind, _, formula, _, _ in f.traffic.rows:
            if formula is not None:
                key = TRAFFIC_KEYS[kind].replace("_zero3", "").replace("gpu_traffic",
                                                                       "gpu_traffic_rules")
                rules.append(fill(text[key], wkv=inline(rf"{_NAMES['W_kv']} = "
                                                        f"{f.traffic.kv_width}")))
                if key.endswith("_tensor") and f.traffic.kinds:
                    rules.append(fill(text["gpu_traffic_rules_kinds"], nk=inline("N_k"),
                                      wk=inline("W_k"), kinds=inline(
                        r";\quad ".join(rf"N_{{{i}}} = {n},\ W_{{{i}}} = {latex(w)}"
                                         for i, (n, w) in enumerate(f.traffic.kinds, 1)))))
                if key.endswith("_expert") and f.traffic.moe_layers is not None:
                    rules.append(fill(text["gpu_traffic_rules_moe"], ne=inline(
                        rf"{_NAMES['N_E']} = {f.traffic.moe_layers}")))
    return {"intro": intro, "held": held, "parts": parts, "total": exact(f.total),
            "total_binary": gib(f.total), "activations": activations, "notes": notes,
            "traffic": traffic, "traffic_refused": refused, "bubble": bubble, "fits": fits,
            "rules": rules, "micro_batches": lay.micro_batches}


def _activations(g: GpuStep, text: Mapping[str, Any], fill: Callable[..., Any],
                 inline: Callable[[str], Any], code: Callable[[str], Any]) -> list[Any]:
    """What the activations row counts, or why there is none."""
    f = g.found
    lay = f.layout
    if f.activations is None:
        if lay.seq is None:
            return [fill(text["gpu_activations_need_seq"], seq=code("--seq"))]
        if not f.activations_refused:
            return []
        return [fill(text["gpu_activations_refused"], command=code("symparam memory --gpus"))]
    out = [fill(text["gpu_activations_counted" if lay.seq is not None else
                     "gpu_activations_counted_images"], a=inline("A"), b=lay.micro_batch,
                s=lay.seq, dtype=code(g.dtype), recompute=text["gpu_recompute_" + g.recompute])]
    if lay.tp > 1:
        out.append(fill(text["gpu_activations_tp"]))
    if lay.sp:
        out.append(fill(text["gpu_activations_sp"]))
        if f.latent:
            out.append(fill(text["gpu_activations_sp_latent"]))
    if lay.cp > 1:
        out.append(fill(text["gpu_activations_cp"], tokens=lay.seq // lay.cp, cp=lay.cp))
    if lay.capacity is not None:
        out.append(fill(text["gpu_activations_ep"], c=str(lay.capacity),
                        rows=inline(r"E \left\lceil c\, b\, s\, k / E \right\rceil")))
    if lay.pp > 1 and f.stage_activations is not None:
        k = g.in_flight[f.stage]
        out.append(fill(text["gpu_activations_pp"], q=inline("q"), flight=inline(
            r"\min(p - q + 1,\, m)"), m=lay.micro_batches, k=k,
            one=exact(f.activations // k),
            stages=", ".join(exact(b) for b in f.stage_activations)))
    return out
