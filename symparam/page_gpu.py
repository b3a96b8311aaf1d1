"""A page's section on the most loaded GPU of a parallel layout (``symparam page MODEL --gpus
G …``): the figures :func:`symparam.parallel.per_gpu` gives once, for the layout on the
command line and the model's own values — the same the derivation's ``--gpus`` section and
``symparam memory --gpus`` give — put into the derivation's sentences in all three languages,
the formulas in MathML. They are worked tensor by tensor (what divides, ZeRO's ceilings, the
stage that holds most), which the page's script does not redo: the section is static, says
so, and hides while the reader's values differ from the page's own.

>>> import symparam
>>> from symparam.derivation import gpu_step
>>> from symparam.markup import Words
>>> from symparam.placement import Layout
>>> step = gpu_step(symparam.model("llama-3-8b"), Layout(64, tp=8, zero=3))
>>> view = gpu_section(step, Words())
>>> [p["bytes"] for p in view["parts"]], view["total"]
(['251,003,904', '251,003,904', '1,506,023,424'], '2,008,031,232')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from markupsafe import Markup

from symparam.document import GpuStep
from symparam.live import shown
from symparam.markup import Field, Words, code, fill, math
from symparam.printing import INVISIBLE_TIMES, mathml, percent
from symparam.render_gpu import NOTATIONS, TRAFFIC_KEYS, gpu_formula
from symparam.rounding import gib
from symparam.wording import LANGUAGES

_UPRIGHT = '<mi mathvariant="normal">{}</mi>'
_GLYPHS = NOTATIONS["mathml"]
PSI, PSI_E, N_D, N_DE = _GLYPHS.psi, _GLYPHS.psi_e, _GLYPHS.n_d, _GLYPHS.n_de
_TIMES = f"<mo>{INVISIBLE_TIMES}</mo>"


def _ceil(inside: str) -> str:
    return f"<mrow><mo>⌈</mo>{inside}<mo>⌉</mo></mrow>"


def _frac(top: str, bottom: str) -> str:
    return f"<mfrac><mrow>{top}</mrow><mrow>{bottom}</mrow></mfrac>"


def _inline(content: str, reading: str) -> Field:
    """Inline math, read (for a Korean particle after it) as ``reading``."""
    return Field(math(content), reading)


def part_formula(terms: tuple[tuple[int, bool, bool], ...]) -> Markup:
    """A GPU's part in MathML: :func:`symparam.render_gpu.gpu_formula`, the derivation's
    builder of it, in its MathML notation.

    >>> print(part_formula(((2, False, True),)).striptags())
    2⁢⌈ΨNd⌉
    """
    return math(gpu_formula(terms, "mathml"))


def _bytes(value: int | Fraction) -> str:
    """Bytes as the page shows a number: whole with separators, else the exact fraction."""
    return shown(value)


def layout_flags(step: GpuStep) -> str:
    """The command line's options that gave ``step``'s layout (those not at their defaults),
    as the page says which layout its figures are for."""
    lay = step.found.layout
    gib = None if step.gpu_memory is None else Fraction(step.gpu_memory, 2**30)
    memory = gib if gib is None or gib.denominator == 1 else float(gib)
    given = (("--gpus", lay.gpus, None), ("--zero", lay.zero, 0), ("--tp", lay.tp, 1),
             ("--pp", lay.pp, 1), ("--sp", lay.sp, False), ("--ep", lay.ep, 1),
             ("--cp", lay.cp, 1), ("--capacity-factor", lay.capacity, None),
             ("--micro-batch", lay.micro_batch, 1), ("--batch", lay.batch, None),
             ("--seq", lay.seq, None), ("--optimizer", step.found.optimiser, "adam-mixed"),
             ("--recompute", step.recompute, "none"), ("--dtype", step.dtype, "fp16"),
             ("--gpu-memory", memory, None))
    return " ".join(flag if value is True else f"{flag} {value}"
                    for flag, value, default in given if value != default)


def gpu_section(step: GpuStep, words: Words, flags: str | None = None) -> dict[str, Any]:
    """What the page's per-GPU section shows of ``step`` (nothing reckoned here), ``flags``
    the options that gave it (by default :func:`layout_flags`)."""
    f = step.found
    lay = f.layout
    each = _each(words)
    where = "gpu_only" if f.stages == 1 else "gpu_first" if f.stage == 0 else \
        "gpu_last" if f.stage == f.stages - 1 else "gpu_middle"
    nd = _inline(N_D, r"N_{\mathrm{d}}")
    intro = [words("text.gpu_intro", gpus=lay.gpus, dp=lay.dp, tp=lay.tp, pp=lay.pp,
                   zero=each("text.gpu_zero", zero=lay.zero) if lay.zero else
                   each("text.gpu_no_zero"), optimiser=code(f.optimiser),
                   psi=_inline(PSI, r"\Psi"), nd=nd,
                   share=_inline(_ceil(f"{PSI}<mo>/</mo>{N_D}"), r"\lceil \Psi / N_d \rceil"))]
    if lay.cp > 1:
        intro.append(words("text.gpu_context", cp=lay.cp, nd=nd, group=lay.replicas))
    if lay.sp:
        intro.append(words("text.gpu_sequence"))
    if lay.ep > 1:
        intro.append(words("text.gpu_experts", ep=lay.ep, psi_e=_inline(PSI_E, r"\Psi_E"),
                           nde=_inline(f"{N_DE}<mo>=</mo><mi>d</mi><mo>/</mo><mi>e</mi>",
                                       "N_dE = d/e")))
    held = [words("text." + where, stage=f.stage + 1, stages=f.stages, params=f"{f.dense:,}")]
    if f.experts:
        held.append(words("text.gpu_expert_params", params=f"{f.experts:,}"))
    parts = [{"name": words("text.gpu_" + p.name.replace(" ", "_")),
              "formula": part_formula(p.terms), "bytes": _bytes(p.bytes), "gib": gib(p.bytes)}
             for p in f.parts]
    if f.activations is not None:
        parts.append({"name": words("text.gpu_activations"),
                      "formula": math(
                          "<mi>min</mi><mo>&#x2061;</mo><mrow><mo>(</mo><mi>p</mi><mo>−</mo>"
                          "<mi>q</mi><mo>+</mo><mn>1</mn><mo>,</mo><mi>m</mi><mo>)</mo></mrow>"
                          f"{_TIMES}<msub><mi>A</mi><mi>q</mi></msub>")
                      if lay.pp > 1 else math("<mi>A</mi>"),
                      "bytes": _bytes(f.activations), "gib": gib(f.activations)})
    notes = []
    if isinstance(f.kv_cache, int):
        key = "text.gpu_kv_latent" if f.kv_whole_on_ranks else "text.gpu_kv"
        notes.append(words(key + ("_context" if lay.cp > 1 else ""), batch=lay.batch or 1,
                           bytes=_bytes(f.kv_cache), binary=gib(f.kv_cache)))
        if f.kv_stages is not None:
            notes.append(words("text.gpu_kv_stages",
                               stages=", ".join(_bytes(b) for b in f.kv_stages)))
    traffic, refused = [], []
    if f.traffic is not None:
        for kind, value, formula, size, _ in f.traffic.rows:
            name = words("text." + TRAFFIC_KEYS[kind])
            if formula is None:
                refused.append(words("text.gpu_traffic_refused", kind=each(
                    "text." + TRAFFIC_KEYS[kind])))
                continue
            traffic.append({"name": name, "formula": math(mathml(formula)), "size": size,
                            "bytes": _bytes(value), "gib": gib(value)})
    gap = words("text.sentence_gap")
    return {"said": words("page.gpu_static", flags=code(flags or layout_flags(step))),
            "changed": words("page.gpu_changed", command=code("symparam memory --gpus")),
            "intro": gap.join(intro), "held": gap.join(held), "parts": parts,
            "total": _bytes(f.total), "total_gib": gib(f.total),
            "activations": gap.join(_activations(step, words)),
            "notes": notes, "traffic": traffic, "traffic_refused": gap.join(refused),
            "traffic_intro": words("text.gpu_traffic_intro", m=lay.micro_batches)
            if traffic else None,
            "bubble": _bubble(step, words), "fits": _fits(step, words, gap),
            "rules": gap.join(_rules(step, words))}


def _each(words: Words) -> Any:
    """A sentence of the derivation filled in each language, as a field of another."""
    def filled(key: str, **fields: Any) -> dict[str, Markup]:
        return {lang: fill(words.text(lang, key), fields, lang) for lang in LANGUAGES}
    return filled


def _activations(step: GpuStep, words: Words) -> list[Markup]:
    """What the activations row counts, or why there is none (as the derivation says it)."""
    f = step.found
    lay = f.layout
    if f.activations is None:
        if lay.seq is None:
            return [words("text.gpu_activations_need_seq", seq=code("--seq"))]
        if not f.activations_refused:
            return []
        return [words("text.gpu_activations_refused", command=code("symparam memory --gpus"))]
    each = _each(words)
    out = [words("text.gpu_activations_counted" if lay.seq is not None else
                 "text.gpu_activations_counted_images", a=_inline("<mi>A</mi>", "A"),
                 b=lay.micro_batch, s=lay.seq, dtype=code(step.dtype),
                 recompute=each("text.gpu_recompute_" + step.recompute))]
    if lay.tp > 1:
        out.append(words("text.gpu_activations_tp"))
    if lay.sp:
        out.append(words("text.gpu_activations_sp"))
        if f.latent:
            out.append(words("text.gpu_activations_sp_latent"))
    if lay.cp > 1:
        out.append(words("text.gpu_activations_cp", tokens=lay.seq // lay.cp, cp=lay.cp))
    if lay.capacity is not None:
        out.append(words("text.gpu_activations_ep", c=str(lay.capacity), rows=_inline(
            f"<mi>E</mi>{_TIMES}" + _ceil("<mi>c</mi>" + _TIMES + "<mi>b</mi>" + _TIMES
                                          + "<mi>s</mi>" + _TIMES + "<mi>k</mi><mo>/</mo>"
                                          "<mi>E</mi>"), "E ceil(c b s k / E)")))
    if lay.pp > 1 and f.stage_activations is not None:
        k = step.in_flight[f.stage]
        out.append(words("text.gpu_activations_pp", q=_inline("<mi>q</mi>", "q"),
                         flight=_inline("<mi>min</mi><mo>&#x2061;</mo><mrow><mo>(</mo><mi>p</mi>"
                                        "<mo>−</mo><mi>q</mi><mo>+</mo><mn>1</mn><mo>,</mo>"
                                        "<mi>m</mi><mo>)</mo></mrow>", "min(p − q + 1, m)"),
                         m=lay.micro_batches, k=k, one=_bytes(f.activations // k),
                         stages=", ".join(_bytes(b) for b in f.stage_activations)))
    return out


def _bubble(step: GpuStep, words: Words) -> Markup | None:
    f = step.found
    lay = f.layout
    if f.traffic is None or f.traffic.bubble is None:
        return None
    value = f.traffic.bubble
    shown_ = (_frac("<mi>p</mi><mo>−</mo><mn>1</mn>", "<mi>m</mi>") + "<mo>=</mo>"
              + _frac(f"<mn>{lay.pp - 1}</mn>", f"<mn>{lay.micro_batches}</mn>"))
    if (value.numerator, value.denominator) != (lay.pp - 1, lay.micro_batches):
        shown_ += "<mo>=</mo>" + (_frac(f"<mn>{value.numerator}</mn>",
                                        f"<mn>{value.denominator}</mn>")
                                  if value.denominator != 1 else f"<mn>{value.numerator}</mn>")
    return words("text.gpu_bubble", bubble=_inline(shown_, f"(p − 1)/m = {value}"),
                 percent=percent(value))


def _fits(step: GpuStep, words: Words, gap: Markup) -> Markup | None:
    f = step.found
    limit = step.gpu_memory
    if limit is None:
        return None
    said = words("text.gpu_fits" if f.total <= limit else "text.gpu_over",
                 limit=_bytes(limit), limit_binary=gib(limit),
                 spare=_bytes(max(0, limit - f.total)), over=_bytes(max(0, f.total - limit)),
                 over_binary=gib(max(0, f.total - limit)))
    if f.activations is None:
        return gap.join((said, words("text.gpu_fits_without_activations")))
    return said


def _rules(step: GpuStep, words: Words) -> list[Markup]:
    """How the tensors are split and partitioned, and what the traffic's formulas count."""
    f = step.found
    rules = [words("text.gpu_rules")]
    if f.activations is None:
        rules.append(words("text.gpu_no_activations"))
    if f.traffic is None or all(formula is None for _, _, formula, _, _ in f.traffic.rows):
        return rules
    rules.append(words("text.gpu_traffic_rules", nstage=_inline(
        f"<msub><mi>N</mi>{_UPRIGHT.format('stage')}</msub><mo>=</mo>"
        f"<mn>{f.traffic.layers}</mn>", f"N_stage = {f.traffic.layers}")))
    for kind, _, formula, _, _ in f.traffic.rows:
        if formula is None:
            continue
        key = TRAFFIC_KEYS[kind].replace("_zero3", "").replace("gpu_traffic",
                                                               "gpu_traffic_rules")
        rules.append(words("text." + key, wkv=_inline(
            f"<msub><mi>W</mi>{_UPRIGHT.format('kv')}</msub><mo>=</mo>"
            f"<mn>{f.traffic.kv_width}</mn>", f"W_kv = {f.traffic.kv_width}")))
        if key.endswith("_tensor") and f.traffic.kinds:
            kinds = "<mo>;</mo><mspace width=\"1em\"></mspace>".join(
                f"<msub><mi>N</mi><mn>{i}</mn></msub><mo>=</mo><mn>{n}</mn><mo>,</mo>"
                f"<mspace width=\"0.5em\"></mspace><msub><mi>W</mi><mn>{i}</mn></msub>"
                f"<mo>=</mo>{mathml(w)}" for i, (n, w) in enumerate(f.traffic.kinds, 1))
            rules.append(words("text.gpu_traffic_rules_kinds",
                               nk=_inline("<msub><mi>N</mi><mi>k</mi></msub>", "N_k"),
                               wk=_inline("<msub><mi>W</mi><mi>k</mi></msub>", "W_k"),
                               kinds=_inline(kinds, "kinds")))
        if key.endswith("_expert") and f.traffic.moe_layers is not None:
            rules.append(words("text.gpu_traffic_rules_moe", ne=_inline(
                f"<msub><mi>N</mi>{_UPRIGHT.format('E')}</msub><mo>=</mo>"
                f"<mn>{f.traffic.moe_layers}</mn>", f"N_E = {f.traffic.moe_layers}")))
    return rules
