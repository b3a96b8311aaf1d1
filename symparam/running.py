"""What a model holds and runs at a sequence length and a batch a reader chooses, worked out
once for its document (:class:`~symparam.document.Running`): the KV cache and a state-space
layer's state, the activations a training step keeps under each recomputation policy, and the
forward, training and decoding FLOPs — each the formula ``symparam memory`` / ``symparam
flops`` evaluate, as the tree makes it (not expanded: the same value, a fraction of the
work) — and, where a command refuses one, which refusal. A page lays it out
(:mod:`symparam.page_compute`).

>>> import symparam
>>> found = at_any_length(symparam.model("gpt2"))
>>> [name for name, _ in found.flops], found.refused
(['forward', 'training', 'training-selective', 'training-full', 'decode'], None)
>>> sorted(found.kv), found.decode_refused
(['bf16', 'fp16', 'fp32', 'int8'], None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import sympy

from symparam.blocks.tree import Runs
from symparam.compute import DTYPE_BYTES, compute
from symparam.document import Running
from symparam.errors import SymparamError
from symparam.fitted.forward import why_not
from symparam.images import DEFAULT_IMAGES, anyres, bound, reads_images, resizes
from symparam.memory import POLICIES, kept, kv_cache, kv_cache_width, saved_bytes, state_size
from symparam.symbols import B, s, s_dec

if TYPE_CHECKING:
    from symparam.counted import Counted

#: the dtypes activations are derived in (``symparam memory`` refuses them in int8)
ACTIVATION_DTYPES = ("fp32", "fp16", "bf16")
#: the most runs of layers memory and compute are derived for at a reader's values: each
#: figure is a formula with a term a run, nine of them a dtype, written into a page's script
#: (the commands take any model up to MAX_LAYER_RUNS runs; a page of 1,000 runs took more than
#: 5 s of CPU). Every published model folds into far fewer (the presets: a handful).
MAX_RUNS = 64
#: the steps whose FLOPs are derived, each with what ``symparam flops`` is asked
STEPS = (("forward", {}), ("training", {"training": True}),
         ("training-selective", {"training": True, "recompute": "selective"}),
         ("training-full", {"training": True, "recompute": "full"}),
         ("decode", {"decode": True}))


def _decoder_as_source(expr: Any) -> Any:
    """An encoder–decoder's decoder as long as its source, as the commands take it when no
    ``--target-seq`` is given."""
    return expr.xreplace({s_dec: s})


def at_any_length(model: Counted) -> Running | None:
    """What ``model`` holds and runs at s and B (None where a hyperparameter of its own is
    named s or B, which a reader's values would stand for)."""
    if {"s", "B"} & set(model.symbols):
        return None
    fixed = model.sequence is not None
    images = _images(model)
    if model.family.fitted:  # its weights alone; FLOPs where torch's counter was read
        fitted = why_not(model.record["model_type"], model.architecture) is None
        return Running(fixed, "fitted_flops" if fitted else "fitted", **images)
    runs = sum(len(part.block.repeats) if isinstance(part.block, Runs) else 1
               for part in model.parts() if part.repeat is not None)
    if runs > MAX_RUNS:
        return Running(fixed, "runs", runs, **images)

    held = kv_cache(model)
    kv = None
    if held is not None:
        held = _decoder_as_source(held)
        kv = {dtype: held * B * per for dtype, per in DTYPE_BYTES.items()}
    state = state_size(model)
    states = None if state is None else {dtype: state * B * per
                                         for dtype, per in DTYPE_BYTES.items()}
    activations: tuple[tuple[str, dict[str, Any]], ...] = ()
    refused = not getattr(model.family, "activations_checked", True)
    if not refused:
        try:  # the tensors kept, whatever their dtype, each dtype's bytes of them
            activations = tuple(
                (policy, {dtype: _decoder_as_source(saved_bytes(elements, dtype))
                          for dtype in ACTIVATION_DTYPES})
                for policy, elements in ((p, kept(model, p)) for p in POLICIES))
        except SymparamError:
            refused = True
    found = dict(fixed=fixed, runs=runs, kv=kv, state=states, activations=activations,
                 activations_refused=refused, **images)
    if not model.family.compute:
        return Running(**found, flops_refused=True)
    flops = []
    decode = None
    for name, how in STEPS:
        if fixed and name == "decode":
            continue
        try:
            result = compute(model, seq=None if fixed else 1, batch=1, by_part=False,
                             expanded=False, **how)
        except SymparamError:
            if name != "decode":
                return Running(**found, flops_refused=True)
            decode = _decode_refusal(model)
            continue
        flops.append((name, _decoder_as_source(result.formula)))
    return Running(**found, flops=tuple(flops), decode_refused=decode)


def kv_width(model: Counted) -> sympy.Expr | None:
    """The numbers ``model``'s KV cache grows by a token (:func:`~symparam.memory.kv_cache_width`),
    where it holds keys and values and that growth is a polynomial of the sizes (no window's
    min or max in it)."""
    width = kv_cache_width(model)
    return None if width is None or width.has(sympy.Min, sympy.Max) else width


def _images(model: Counted) -> dict[str, Any]:
    """A vision–language model's image inputs, each starting where ``symparam flops`` does
    without ``--images`` and ``--image-size``: one image a sequence and, where the processor
    resizes an image, the tokens and (where the tower has windows) the windows' query–key pairs
    of one of :data:`~symparam.images.DEFAULT_IMAGE_SIZE` pixels; and how that image is said."""
    if not reads_images(model):
        return {"images": (), "images_start": None}
    try:
        start = bound(model, None)
    except SymparamError:  # the processor's arithmetic refuses these sizes: images alone
        start = {"n_img": DEFAULT_IMAGES}
    # a tower without windows (Qwen3-VL's): no formula reads its pairs
    inputs = tuple((name, value) for name, value in start.items()
                   if not (name == "Q_win" and name not in model.symbols))
    said = None
    if (resizes(model) or anyres(model)) and len(start) > 1:
        said = "anyres" if anyres(model) else "resize"
    return {"images": inputs, "images_start": said}


def _decode_refusal(model: Counted) -> str:
    """Why ``symparam flops --decode`` refuses ``model``, in the order its refusal tests it:
    a state (``state``), attention over another sequence (``cross``), else ``none``."""
    if state_size(model) is not None:
        return "state"
    if model.tree.attends_elsewhere():
        return "cross"
    return "none"
