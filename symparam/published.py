"""Published FLOPs formulas as their authors wrote them, evaluated for the quantity symparam
prints (a forward pass, training, with recomputation) or refused with the reason.

Each is written in the model's own hyperparameters: B batch, s sequence, N layers, H hidden,
V vocabulary, h heads, d_head head size (so h·d_head is the heads' width, not H), d_ff the FFN
size, P parameters:

- Kaplan et al. 2020, section 2.1 and table 1: C_fwd ≈ 2·N_ne + 2·n_layer·n_ctx·d_attn a token,
  N_ne the parameters without the vocabulary and position embeddings (nor an unembedding: their
  models tie it to the token table), d_attn = h·d_head; training C ≈ 6·N_ne a token (the
  backward pass twice the forward). The attention term is both attention products under a
  causal mask (a query sees s/2 keys on average), or one of them over the full s.
- Hoffmann et al. 2022 (Chinchilla), appendix F: embeddings 2·s·V·H; per layer Q, K, V
  2·3·s·H·(key size × heads), QKᵀ and the weighted values 2·s²·(key size × heads) each, softmax
  3·h·s², output 2·s·(key size × heads)·H, a two-matrix MLP 2·s·2·H·d_ff; logits 2·s·H·V; the
  backward pass twice the forward. Its table A4 ratios to 6·N·D were computed from the layers'
  terms only, without embeddings and logits (``chinchilla-a4``; Karpathy's nanoGPT
  scaling_laws notebook reproduces them so, after the authors' correspondence).
- Narayanan et al. 2021 (Megatron-LM), section 5.1: 96·B·s·N·H²·(1 + s/(6H) + V/(16·N·H)) for
  training with full recomputation (each layer's forward again, not the logits); without
  recomputation 72·B·s·N·H²·(1 + s/(6H) + V/(12·N·H)), a forward pass a third of that.
- Chowdhery et al. 2022 (PaLM), appendix B: 6·P + 12·N·h·d_head·s a token for training, without
  rematerialization; a forward pass a third of that.

A formula whose shapes are not the model's (a gated MLP where it assumes two matrices, grouped
key/value heads, a mixture of experts) is still evaluated as written; the row says where it
does not fit.

>>> import symparam
>>> rows = {r.name: r for r in compare(symparam.model("gpt2"), seq=1024)}
>>> rows["megatron"].value == rows["megatron"].exact  # GPT-2's d_ff = 4H: Megatron is exact
True
>>> rows = {r.name: r for r in compare(symparam.model("gpt2"), seq=1024, decode=True)}
>>> reason = rows["palm"].refused
>>> reason.startswith("Chowdhery et al. count every token of whole sequences")
True
>>> reason.endswith("a decoding step is one token against a cache")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sympy

from symparam.assumptions import resolve
from symparam.compute import compute
from symparam.errors import InvalidValueError
from symparam.frozen import frozen
from symparam.printing import text
from symparam.symbols import B, H, N, V, d_ff, d_head, h, s


@frozen
class Request:
    """The quantity the exact count was printed for (see :func:`symparam.compute.compute`)."""

    training: bool = False
    recompute: str = "none"
    causal: bool = False
    decode: bool = False


class NotComparable(Exception):
    """A formula that gives no figure for the requested quantity, with the reason."""


@frozen
class Published:
    """One published formula at the model's values beside the exact count: what it counts
    (``terms``), where it does not fit the model (``notes``), or why it gives no figure for this
    quantity (``refused``, and no ``value``)."""

    name: str
    source: str
    terms: str
    formula: sympy.Expr | None
    value: int | None
    exact: int
    exact_formula: sympy.Expr
    notes: tuple[str, ...] = ()
    refused: str | None = None
    #: the figure over 6·N·D (training) or 2·N·D (a forward pass), N the parameters a token
    #: uses and D the B·s tokens: the column of Hoffmann et al.'s table A4, for its row
    ratio: float | None = None

    @property
    def relative_error(self) -> float | None:
        if self.value is None:
            return None
        return (self.value - self.exact) / self.exact


@frozen
class Shapes:
    """What the formulas read off a model: its parameters (the active ones for a mixture of
    experts), the non-embedding ones, the heads' width, its forward FLOPs by kind of block."""

    params: sympy.Expr
    non_embedding: sympy.Expr
    width: sympy.Expr
    routed: bool
    by_kind: dict[str, sympy.Expr]
    symbols: frozenset[str]
    values: dict[sympy.Symbol, sympy.Expr]
    mapping: dict[sympy.Symbol, sympy.Expr]


@frozen
class PublishedFormula:
    """A published formula: its source, what it counts, how it gives the requested quantity."""

    source: str
    terms: str
    build: Callable[[Shapes, Request], tuple[sympy.Expr, tuple[str, ...]]]
    #: its figure is also given over 6·N·D, as the paper's table gives it
    ratio: bool = False


def _no_decode(name: str, request: Request) -> None:
    if request.decode:
        raise NotComparable(f"{name} count every token of whole sequences; a decoding step is "
                            "one token against a cache")


def _full_scores(name: str, request: Request) -> None:
    if request.causal:
        raise NotComparable(f"{name} count the attention over the full s×s, which causal "
                            "attention halves")


def _no_recompute(name: str, request: Request, why: str = "do not count recomputation") -> None:
    if request.recompute != "none":
        raise NotComparable(f"{name} {why}")


def _routed(shapes: Shapes) -> tuple[str, ...]:
    if not shapes.routed:
        return ()
    return ("a token uses k of the E experts: P is taken as the parameters a token uses "
            "(the active ones)",)


def kaplan(shapes: Shapes, request: Request) -> tuple[sympy.Expr, tuple[str, ...]]:
    _no_decode("Kaplan et al.", request)
    _no_recompute("Kaplan et al.", request)
    forward = B * s * (2 * shapes.non_embedding + 2 * N * s * shapes.width)
    return (3 if request.training else 1) * forward, _routed(shapes)


def chinchilla_terms(shapes: Shapes, embeddings: bool) -> dict[str, sympy.Expr]:
    """Appendix F's terms for B sequences, grouped by the kind of block that does the work."""
    w = shapes.width
    terms = {
        "attention": N * B * (2 * 3 * s * H * w + 2 * s * s * w + 2 * s * s * w + 2 * s * w * H),
        "softmax": N * B * 3 * h * s * s,
        "mlp": N * B * 2 * s * (H * d_ff + H * d_ff),
    }
    if embeddings:
        terms["embedding"] = B * 2 * s * V * H
        terms["head"] = B * 2 * s * H * V
    return terms


def _chinchilla(embeddings: bool) -> Callable[[Shapes, Request],
                                              tuple[sympy.Expr, tuple[str, ...]]]:
    def build(shapes: Shapes, request: Request) -> tuple[sympy.Expr, tuple[str, ...]]:
        _no_decode("Hoffmann et al.", request)
        _full_scores("Hoffmann et al.", request)
        _no_recompute("Hoffmann et al.", request)
        if "d_ff" not in shapes.symbols:
            raise NotComparable("Hoffmann et al.'s dense MLP needs d_ff, which this model "
                                "does not have (its MLP is a mixture of experts)")
        terms = chinchilla_terms(shapes, embeddings)
        forward = sympy.Add(*terms.values())
        checked = {k: v for k, v in terms.items() if k in _KINDS}
        return (3 if request.training else 1) * forward, misfits(shapes, checked)

    return build


def megatron_terms(request: Request) -> dict[str, sympy.Expr]:
    """Narayanan et al.'s 24·B·s·N·H²·(1 + s/(6H) + V/(12·N·H)) for a forward pass, by kind:
    per layer Q, K, V, O of H×H and both attention products, an MLP of 4H, then the logits."""
    return {"attention": N * (8 * B * s * H**2 + 4 * B * s**2 * H),
            "mlp": N * 16 * B * s * H**2, "head": 2 * B * s * V * H}


def megatron(shapes: Shapes, request: Request) -> tuple[sympy.Expr, tuple[str, ...]]:
    _no_decode("Narayanan et al.", request)
    _full_scores("Narayanan et al.", request)
    if request.recompute == "selective":
        raise NotComparable("Narayanan et al. give training without recomputation (72·…) and "
                            "with full recomputation (96·…), not selective recomputation")
    terms = megatron_terms(request)
    forward = 24 * B * s * N * H**2 * (1 + s / (6 * H) + V / (12 * N * H))
    if request.recompute == "full":
        total = 96 * B * s * N * H**2 * (1 + s / (6 * H) + V / (16 * N * H))
    else:
        total = (3 if request.training else 1) * forward
    return total, misfits(shapes, terms)


def palm_per_token(params: Any, layers: Any, heads: Any, head_dim: Any, seq: Any) -> Any:
    """PaLM's training FLOPs per token: 6·P + 12·L·H·Q·T (appendix B)."""
    return 6 * params + 12 * layers * heads * head_dim * seq


def palm(shapes: Shapes, request: Request) -> tuple[sympy.Expr, tuple[str, ...]]:
    _no_decode("Chowdhery et al.", request)
    _full_scores("Chowdhery et al.", request)
    _no_recompute("Chowdhery et al.", request, "count model FLOPs, without rematerialization "
                                               "(their hardware FLOPs utilization adds it)")
    training = B * s * (6 * shapes.params + 12 * N * shapes.width * s)
    return training if request.training else training / 3, _routed(shapes)


FORMULAS: dict[str, PublishedFormula] = {
    "kaplan": PublishedFormula(
        "Kaplan et al. 2020, section 2.1, table 1: C_fwd ≈ 2·N + 2·n_layer·n_ctx·d_attn a token",
        "2 per non-embedding parameter (no token or position tables, no unembedding) and "
        "2·N·s·h·d_head for attention, a token; no logits; training 3× (C ≈ 6·N·D)", kaplan),
    "chinchilla": PublishedFormula(
        "Hoffmann et al. 2022, appendix F",
        "embeddings 2·s·V·H, per layer Q/K/V, QKᵀ, softmax (3 a score), the weighted values, "
        "the output projection and a two-matrix MLP, logits 2·s·H·V; training 3×",
        _chinchilla(embeddings=True)),
    "chinchilla-a4": PublishedFormula(
        "Hoffmann et al. 2022, table A4 (appendix F's layer terms, as its ratios were computed)",
        "per layer Q/K/V, QKᵀ, softmax, the weighted values, the output projection and a "
        "two-matrix MLP; no embeddings, no logits; training 3×; over 6·N·D, its ratio column",
        _chinchilla(embeddings=False), ratio=True),
    "megatron": PublishedFormula(
        "Narayanan et al. 2021, section 5.1",
        "24·B·s·N·H²·(1 + s/6H + V/12NH) a forward pass (Q, K, V, O of H×H, an MLP of 4H, "
        "both attention products, logits); training 72·…, with full recomputation "
        "96·…(1 + s/6H + V/16NH): the layers run again, the logits do not", megatron),
    "palm": PublishedFormula(
        "Chowdhery et al. 2022, appendix B",
        "6·P + 12·N·h·d_head·s a token for training (every parameter in a multiply-add, both "
        "attention products over the full s×s); a forward pass a third", palm),
}

#: the source of each formula, by the name ``--compare`` takes
SOURCES = {name: formula.source for name, formula in FORMULAS.items()}

#: the model's kinds of block that each of a formula's terms stands for
_KINDS = {"attention": ("attention", "scores"),
          "mlp": ("mlp", "experts", "router", "shared_experts"), "head": ("head",)}
_NAMES = {"attention": "attention", "mlp": "MLP", "head": "head (logits)"}


def misfits(shapes: Shapes, terms: dict[str, sympy.Expr]) -> tuple[str, ...]:
    """Where a formula's terms are not the model's forward FLOPs of the same kind of block
    (compared at the model's values, for every B and s): what each is, side by side."""
    out = []
    for kind, formula in terms.items():
        model = sympy.Add(*(shapes.by_kind.get(k, sympy.S.Zero) for k in _KINDS[kind]))
        formula = sympy.expand(formula.xreplace(shapes.mapping))
        if sympy.expand((model - formula).xreplace(shapes.values)) != 0:
            out.append(f"{_NAMES[kind]}: the model's {text(sympy.expand(model))}, the "
                       f"formula's {text(formula)}")
    return tuple(out)


def _shapes(model: Any) -> Shapes:
    mapping = resolve(model.assumptions)
    routed = model.tree.active_params is not model.tree.params
    total = model.active_params if routed else model.params
    vocabulary = model.tree.vocabulary_params.xreplace(mapping)
    # the heads' width: h·d_head where the model has a head size, else the heads split H
    width = (h * d_head).xreplace(mapping) if "d_head" in model.symbols else H
    fixed = _fixed_sequence(model)
    by_kind = {kind: sympy.expand(flops.xreplace(fixed).xreplace(mapping))
               for kind, flops in model.tree.flops_by_kind(B, s).items()}
    values = {model.symbols[n]: sympy.Integer(v) for n, v in model.values.items()}
    return Shapes(total, sympy.expand(total - vocabulary), width, routed, by_kind,
                  frozenset(model.symbols), values, mapping)


def compare(model: Any, seq: int | None, batch: int = 1, causal: bool = False,
            training: bool = False, recompute: str = "none", decode: bool = False,
            target_seq: int | None = None, nonmatmul: bool = False,
            names: tuple[str, ...] | None = None) -> list[Published]:
    """The published formulas (``names``, else all) for the quantity the exact count is
    printed for: the same arguments as :func:`symparam.compute.compute`."""
    result = compute(model, seq=seq, batch=batch, causal=causal, training=training,
                     recompute=recompute, decode=decode, target_seq=target_seq,
                     nonmatmul=nonmatmul)
    request = Request(training, recompute, causal, decode)
    values = {**model.bind(), "B": batch}
    if model.sequence is None:
        values["s"] = seq
    shapes = _shapes(model)
    out = []
    for name in names or tuple(FORMULAS):
        if name not in FORMULAS:
            raise InvalidValueError(f"unknown published formula {name!r}; choose from "
                                    f"{', '.join(FORMULAS)}")
        spec = FORMULAS[name]
        try:
            if "s_dec" in {x.name for x in result.formula.free_symbols}:
                raise NotComparable("an encoder–decoder runs two sequences; the formula takes "
                                    "one")
            formula, notes = spec.build(shapes, request)
            formula = formula.xreplace(_fixed_sequence(model)).xreplace(shapes.mapping)
            missing = sorted({x.name for x in formula.free_symbols} - set(values))
            if missing:
                raise NotComparable(f"the formula needs {', '.join(missing)}, which this model "
                                    "does not have")
        except NotComparable as reason:
            out.append(Published(name, spec.source, spec.terms, None, None, result.flops,
                                 result.formula, refused=str(reason)))
            continue
        value = sympy.floor(formula.xreplace({x: sympy.Integer(values[x.name])
                                              for x in formula.free_symbols}))
        ratio = None
        if spec.ratio:  # over 6·N·D for training, 2·N·D for a forward pass
            tokens = batch * (seq if model.sequence is None else model.value_of(model.sequence))
            rule = (6 if training else 2) * model.value_of(shapes.params) * tokens
            ratio = int(value) / rule
        out.append(Published(name, spec.source, spec.terms, formula, int(value), result.flops,
                             result.formula, notes, ratio=ratio))
    return out


def _fixed_sequence(model: Any) -> dict[sympy.Symbol, sympy.Expr]:
    """A ViT's input fixes s: the formulas take the model's own sequence."""
    return {} if model.sequence is None else {s: model.sequence}


__all__ = ["FORMULAS", "SOURCES", "Published", "Request", "compare", "palm_per_token"]
