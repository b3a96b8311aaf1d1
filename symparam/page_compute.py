"""A page's memory and compute at a sequence length, a batch and a dtype the reader chooses:
the KV cache and a state-space layer's state, the activations a training step keeps under
each recomputation policy, and the forward, training and decoding FLOPs, as the document holds
them (:class:`~symparam.document.Running`, worked out by :mod:`symparam.running`), kept live
by the page's script in s and B (the dtype a select: each figure is written once a dtype, and
the script shows the one chosen). Where a command refuses, the page says why in one line.

>>> import symparam
>>> from symparam.derivation import derive
>>> from symparam.live import Formulas
>>> from symparam.markup import Words
>>> found = running(derive(symparam.model("gpt2"), running=True), Formulas({}), Words())
>>> [row["name"] for row in found["flops"]], found["dtype"]
(['forward', 'training', 'training-selective', 'training-full', 'decode'], 'fp16')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from symparam.compute import DTYPE_BYTES
from symparam.images import DEFAULT_IMAGE_SIZE
from symparam.live import Formulas
from symparam.markup import Words, code, math
from symparam.printing import mathml_name
from symparam.running import MAX_RUNS
from symparam.symbols import B, lookup, s
from symparam.wording import LANGUAGES, family_name, hyper_meaning, strings

if TYPE_CHECKING:
    import sympy

    from symparam.document import Document, Running

#: the values the page's inputs start from, where the layout it was made for gives none
#: (:func:`starts`; the dtype: ``symparam memory``'s default)
START = {s: 2048, B: 1}
DEFAULT_DTYPE = "fp16"
#: why a page derives none of the memory and compute, by :attr:`Running.refused
#: <symparam.document.Running.refused>`
REFUSED = {"fitted_flops": "page.run_fitted_flops", "fitted": "page.run_fitted",
           "runs": "page.run_many"}


def running(d: Document, formulas: Formulas, words: Words) -> dict[str, Any] | None:
    """What the template shows of :attr:`d.running <symparam.document.Document.running>` at
    s, B and a dtype (None where a hyperparameter of the model's own is named s or B, which
    the inputs would stand for)."""
    found = d.running
    if found is None:
        return None
    start = starts(d)
    for symbol, value in start.items():
        formulas.values.setdefault(symbol, value)
    out: dict[str, Any] = {"dtype": DEFAULT_DTYPE, "dtypes": list(DTYPE_BYTES),
                           "has_seq": not found.fixed, "seq": start[s], "batch": start[B],
                           "kv": None, "state": None,
                           "activations": [], "activations_refused": None,
                           "flops": [], "flops_refused": None, "decode_refused": None,
                           **_images(found, formulas, words)}
    if found.refused is not None:  # a fitted record's weights alone, or too many runs
        out["refused"] = words(REFUSED[found.refused], flops=code("symparam flops"),
                               runs=f"{found.runs:,}", limit=MAX_RUNS,
                               memory=code("symparam memory"))
        return out
    out["refused"] = None

    def by_dtype(exprs: Mapping[str, sympy.Expr], refused: Markup | None = None) -> Markup:
        """One figure a dtype (bytes and GiB), the one not chosen hidden."""
        parts = []
        for dtype in DTYPE_BYTES:
            hidden = "" if dtype == DEFAULT_DTYPE else " hidden"
            if dtype in exprs:
                expr = exprs[dtype]
                inner = Markup("{} ({})").format(formulas.live(expr),
                                                 formulas.live(expr, unit="gib"))
            else:
                inner = refused or Markup("—")
            parts.append(Markup('<span data-dtype="{}"{}>{}</span>').format(
                dtype, Markup(hidden), inner))
        return Markup("").join(parts)

    if found.kv is not None:
        out["kv"] = by_dtype(found.kv)
    if found.state is not None:
        out["state"] = by_dtype(found.state)
    if found.activations_refused:
        out["activations_refused"] = words("page.activations_unchecked")
    else:
        refused = words("page.activations_int8")
        out["activations"] = [{"name": policy, "figure": by_dtype(exprs, refused)}
                              for policy, exprs in found.activations]
    if found.flops_refused:
        out["flops_refused"] = words("page.flops_family", family=_family(d))
        return out
    out["flops"] = [{"name": name, "value": formulas.live(expr)} for name, expr in found.flops]
    if found.decode_refused is not None:
        out["decode_refused"] = words(f"page.decode_{found.decode_refused}")
    return out


def starts(d: Document) -> dict[sympy.Symbol, int]:
    """Where the inputs s and B start: at the sequence length and the global batch of the
    layout the page was made for, where it gives them (``symparam page MODEL --gpus …
    --seq S --batch B``: its per-GPU section's, :attr:`Document.per_gpu
    <symparam.document.Document.per_gpu>`), else at :data:`START`."""
    start = dict(START)
    if d.per_gpu is not None:
        layout = d.per_gpu.found.layout
        for symbol, given in ((s, layout.seq), (B, layout.batch)):
            if given is not None:
                start[symbol] = given
    return start


def _images(found: Running, formulas: Formulas, words: Words) -> dict[str, Any]:
    """A vision–language model's image inputs (:attr:`Running.images
    <symparam.document.Running.images>`), each where ``symparam flops`` starts it without
    ``--images`` and ``--image-size``, and, where the processor resizes an image, a sentence
    saying the one of :data:`~symparam.images.DEFAULT_IMAGE_SIZE` pixels they start from."""
    inputs = []
    for name, value in found.images:
        hyper = lookup(name)
        formulas.values.setdefault(hyper.symbol, value)
        meaning = words.each({lang: _capital(hyper_meaning(strings(lang), name, hyper.meaning))
                              for lang in LANGUAGES})
        inputs.append({"name": name, "start": value, "meaning": meaning,
                       "symbol": math(mathml_name(hyper.symbol))})
    said = None
    if found.images_start is not None:
        height, width = DEFAULT_IMAGE_SIZE
        said = words("page.images_start_anyres" if found.images_start == "anyres"
                     else "page.images_start", height=height, width=width,
                     flops=code("symparam flops"), option=code("--image-size"))
    return {"images": inputs, "images_start": said}


def _capital(label: str) -> str:
    """A meaning as a label begins: its first letter a capital (as "Tokens a sequence, s")."""
    return label[:1].upper() + label[1:]


def _family(d: Document) -> dict[str, str]:
    """The family's name in each language's sentence (MoE 解码器, not MoE decoder)."""
    return {lang: family_name(d.family, lang) for lang in LANGUAGES}
