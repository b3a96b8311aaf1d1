"""A page's memory and compute at a sequence length, a batch and a dtype the reader chooses:
the KV cache and a state-space layer's state, the activations a training step keeps under
each recomputation policy, and the forward, training and decoding FLOPs — each the formula
``symparam memory`` / ``symparam flops`` evaluate, as the tree makes it (not expanded: the
same value, a fraction of the work), kept live by the page's script in s and B
(the dtype a select: each figure is written once a dtype, and the script shows the one
chosen). Where a command refuses, the page says why in one line.

>>> import symparam
>>> from symparam.live import Formulas
>>> from symparam.markup import Words, code, math
>>> found = running(symparam.model("gpt2"), Formulas({}), Words())
>>> [row["name"] for row in found["flops"]], found["dtype"]
(['forward', 'training', 'training-selective', 'training-full', 'decode'], 'fp16')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from symparam.blocks.tree import Runs
from symparam.compute import DTYPE_BYTES, compute
from symparam.errors import SymparamError
from symparam.fitted.forward import why_not
from symparam.images import (
    DEFAULT_IMAGE_SIZE,
    DEFAULT_IMAGES,
    anyres,
    bound,
    reads_images,
    resizes,
)
from symparam.live import Formulas
from symparam.markup import Words, code, math
from symparam.memory import POLICIES, kept, kv_cache, saved_bytes, state_size
from symparam.printing import mathml_name
from symparam.symbols import B, lookup, s, s_dec
from symparam.wording import LANGUAGES, family_name, hyper_meaning, strings

#: the values the page's inputs start from (the dtype: ``symparam memory``'s default)
START = {s: 2048, B: 1}
DEFAULT_DTYPE = "fp16"
#: the dtypes activations are derived in (``symparam memory`` refuses them in int8)
ACTIVATION_DTYPES = ("fp32", "fp16", "bf16")
#: the most runs of layers a page derives memory and compute for: each figure is a formula
#: with a term a run, nine of them a dtype, written into the page's script (the commands take
#: any model up to MAX_LAYER_RUNS runs; a page of 1,000 runs took more than 5 s of CPU). Every
#: published model folds into far fewer (the presets: a handful).
MAX_PAGE_RUNS = 64


def _decoder_as_source(expr: Any) -> Any:
    """An encoder–decoder's decoder as long as its source, as the commands take it when no
    ``--target-seq`` is given."""
    return expr.xreplace({s_dec: s})


def running(model: Any, formulas: Formulas, words: Words) -> dict[str, Any] | None:
    """What the template shows of ``model`` at s, B and a dtype (None where a hyperparameter
    of its own is named s or B, which the inputs would stand for)."""
    if {"s", "B"} & set(model.symbols):
        return None
    for symbol, start in START.items():
        formulas.values.setdefault(symbol, start)
    fixed = model.sequence is not None
    seq = None if fixed else 1
    out: dict[str, Any] = {"dtype": DEFAULT_DTYPE, "dtypes": list(DTYPE_BYTES),
                           "has_seq": not fixed, "kv": None, "state": None,
                           "activations": [], "activations_refused": None,
                           "flops": [], "flops_refused": None, "decode_refused": None,
                           **_images(model, formulas, words)}
    if model.family.fitted:  # its weights alone; FLOPs where torch's counter was read
        fitted = why_not(model.record["model_type"], model.architecture) is None
        out["refused"] = words("page.run_fitted_flops", flops=code("symparam flops")) \
            if fitted else words("page.run_fitted")
        return out
    runs = sum(len(part.block.repeats) if isinstance(part.block, Runs) else 1
               for part in model.parts() if part.repeat is not None)
    if runs > MAX_PAGE_RUNS:
        out["refused"] = words("page.run_many", runs=f"{runs:,}", limit=MAX_PAGE_RUNS,
                               memory=code("symparam memory"), flops=code("symparam flops"))
        return out
    out["refused"] = None

    def by_dtype(build: Callable[[str], Any], dtypes: tuple[str, ...] = tuple(DTYPE_BYTES),
                 refused: Markup | None = None) -> Markup:
        """One figure a dtype (bytes and GiB), the one not chosen hidden."""
        parts = []
        for dtype in DTYPE_BYTES:
            hidden = "" if dtype == DEFAULT_DTYPE else " hidden"
            if dtype in dtypes:
                expr = build(dtype)
                inner = Markup("{} ({})").format(formulas.live(expr),
                                                 formulas.live(expr, unit="gib"))
            else:
                inner = refused or Markup("—")
            parts.append(Markup('<span data-dtype="{}"{}>{}</span>').format(
                dtype, Markup(hidden), inner))
        return Markup("").join(parts)

    held = kv_cache(model)
    if held is not None:
        held = _decoder_as_source(held)
        out["kv"] = by_dtype(lambda dtype: held * B * DTYPE_BYTES[dtype])
    state = state_size(model)
    if state is not None:
        out["state"] = by_dtype(lambda dtype: state * B * DTYPE_BYTES[dtype])

    if not getattr(model.family, "activations_checked", True):
        out["activations_refused"] = words("page.activations_unchecked")
    else:
        try:  # the tensors kept, whatever their dtype, each dtype's bytes of them
            found = {policy: {dtype: _decoder_as_source(saved_bytes(elements, dtype))
                              for dtype in ACTIVATION_DTYPES}
                     for policy, elements in ((p, kept(model, p)) for p in POLICIES)}
        except SymparamError:
            out["activations_refused"] = words("page.activations_unchecked")
        else:
            refused = words("page.activations_int8")
            out["activations"] = [
                {"name": policy, "figure": by_dtype(lambda dtype, p=policy: found[p][dtype],
                                                    ACTIVATION_DTYPES, refused)}
                for policy in POLICIES]

    if not model.family.compute:
        out["flops_refused"] = words("page.flops_family", family=_family(model))
        return out
    runs = [("forward", {}), ("training", {"training": True}),
            ("training-selective", {"training": True, "recompute": "selective"}),
            ("training-full", {"training": True, "recompute": "full"}),
            ("decode", {"decode": True})]
    for name, how in runs:
        if fixed and name == "decode":
            continue
        try:
            result = compute(model, seq=seq, batch=1, by_part=False, expanded=False, **how)
        except SymparamError:
            if name != "decode":
                out["flops"] = []
                out["flops_refused"] = words("page.flops_family", family=_family(model))
                return out
            out["decode_refused"] = words(_decode_refusal(model))
            continue
        expr = _decoder_as_source(result.formula)
        out["flops"].append({"name": name, "value": formulas.live(expr)})
    return out


def _images(model: Any, formulas: Formulas, words: Words) -> dict[str, Any]:
    """A vision–language model's image inputs, each starting where ``symparam flops`` does
    without ``--images`` and ``--image-size``: one image a sequence and, where the processor
    resizes an image, the tokens and (where the tower has windows) the windows' query–key pairs
    of one of :data:`DEFAULT_IMAGE_SIZE` pixels, said in a sentence."""
    if not reads_images(model):
        return {"images": [], "images_start": None}
    try:
        start = bound(model, None)
    except SymparamError:  # the processor's arithmetic refuses these sizes: images alone
        start = {"n_img": DEFAULT_IMAGES}
    inputs = []
    for name, value in start.items():
        if name == "Q_win" and name not in model.symbols:
            continue  # a tower without windows (Qwen3-VL's): no formula reads its pairs
        hyper = lookup(name)
        formulas.values.setdefault(hyper.symbol, value)
        meaning = words.each({lang: _capital(hyper_meaning(strings(lang), name, hyper.meaning))
                              for lang in LANGUAGES})
        inputs.append({"name": name, "start": value, "meaning": meaning,
                       "symbol": math(mathml_name(hyper.symbol))})
    said = None
    if (resizes(model) or anyres(model)) and len(start) > 1:
        height, width = DEFAULT_IMAGE_SIZE
        said = words("page.images_start_anyres" if anyres(model) else "page.images_start",
                     height=height, width=width, flops=code("symparam flops"),
                     option=code("--image-size"))
    return {"images": inputs, "images_start": said}


def _capital(label: str) -> str:
    """A meaning as a label begins: its first letter a capital (as "Tokens a sequence, s")."""
    return label[:1].upper() + label[1:]


def _decode_refusal(model: Any) -> str:
    """The words of why ``symparam flops --decode`` refuses ``model``, in the order its
    refusal tests them."""
    if state_size(model) is not None:
        return "page.decode_state"
    if model.tree.attends_elsewhere():
        return "page.decode_cross"
    return "page.decode_none"


def _family(model: Any) -> dict[str, str]:
    """The family's name in each language's sentence (MoE 解码器, not MoE decoder)."""
    return {lang: family_name(model.family.title, lang) for lang in LANGUAGES}
