"""Forward FLOPs of a fitted record, read off transformers' forward with torch's counter and
shipped as data (``flops/<model_type>.json``, written by ``python tools/fit_records.py --flops
TYPE``; :mod:`symparam.fitting.flops` says how). Read without torch: the formula is a JSON
expression (:mod:`symparam.fitted.expr`) in B, s and the record's sizes — in B and the sizes
alone where the forward was run on images (B × C × R × R ``pixel_values``, C and R the
config's ``num_channels`` and ``image_size``), which :func:`run_on` says from the file; where
it was run on B waveforms of ``input_values`` (a speech encoder's), s is the frames its
feature encoder makes of each, the waveform's length a formula in s; where on B log-mel
spectrograms (a Whisper-like encoder's ``input_features``), their frames are the ones the
model's own check asks for, a formula in its sizes, and the FLOPs hold no s. Where no config
key holds the images' side (a ResNet's), it is an input like B: the symbol R, given as
``side`` (``--image-size R``), a square's; the file says the least side the fit was checked
at and the m every side must be a multiple of, where the forward runs at those alone.

A class is refused in one line where its FLOPs were not fitted (with the reason the fit
gave), where a config gives a key a value the FLOPs were not read at, or a size the fit held
fixed another value.

>>> data = flops_file("apertus")
>>> sorted(data["classes"])[:1]
['ApertusForCausalLM']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

import sympy

from symparam.errors import ConfigError, InvalidValueError, Param, UnboundError
from symparam.fitted.expr import decode
from symparam.frozen import frozen
from symparam.symbols import symbol
from symparam.wording import strings

#: the format read (:data:`symparam.fitting.flops.FORMAT`)
FORMAT = 1
#: a speech encoder's inputs: B waveforms, B log-mel spectrograms
#: (:mod:`symparam.fitting.audio_made`)
WAVEFORM, FEATURES = "input_values", "input_features"
#: the symbol of an image's side that no config key holds (:mod:`symparam.fitting.image_side`)
SIDE = "R"


@cache
def flops_file(model_type: str) -> dict[str, Any] | None:
    """The FLOPs file of ``model_type``, or None where none is shipped."""
    path = resources.files("symparam.fitted").joinpath("flops", f"{model_type}.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    if data.get("format") != FORMAT or data.get("model_type") != model_type:
        raise ConfigError(f"the FLOPs file of {model_type} is not one this symparam reads")
    return dict(data)


@frozen
class FittedFlops:
    """A forward's FLOPs as torch's counter counts them: the total, its formula, by part."""

    flops: int
    formula: sympy.Expr
    parts: tuple[tuple[str, int], ...]
    convention: str


def how(data: Mapping[str, Any], entry: Mapping[str, Any] | None = None) -> str:
    """How the FLOPs were read, in words, with the versions and the inputs (of the class
    whose ``entry`` it is: B × s ``input_ids`` where it names none)."""
    return (f"read off transformers' forward (transformers {data.get('transformers')}) with "
            f"torch's counter, torch.utils.flop_counter.FlopCounterMode (torch "
            f"{data.get('torch')}), on the meta device, on {_given(entry or {})}, "
            f"{_padded(entry or {})}attention and experts as eager code "
            "(experts whose router's values the meta device does not hold batched, as "
            "transformers' batched_mm, which counts the same): the matrix products and "
            "convolutions that counter counts")


def _given(entry: Mapping[str, Any]) -> str:
    """The inputs a class's forward was run on, by their shapes' formulas."""
    shapes = inputs_of(entry)
    if list(shapes) == ["input_ids"]:
        return "B × s input_ids alone (no image, audio or other input)"
    said = [f"{name} of {' × '.join(_dim(d) for d in dims)}" for name, dims in shapes.items()]
    frames = "; s: the frames its feature encoder makes of each" if WAVEFORM in shapes else (
        "; s: the frames" if FEATURES in shapes and symbol("s") in shapes[FEATURES][1].free_symbols
        else "")
    return f"{' and '.join(said)} (no other input{frames})"


def _padded(entry: Mapping[str, Any]) -> str:
    """The pad token the fit set, where a sequence classifier needs one to pool a batch
    (:mod:`symparam.fitting.heads`), said; "" where it set none."""
    if "pad_token_id" not in entry:
        return ""
    return (f"with pad_token_id {entry['pad_token_id']} where the config sets none (without "
            "one, transformers' sequence classifier refuses a batch of more than one; the "
            "token it pools changes no product), ")


def _dim(d: sympy.Expr) -> str:
    """One dimension of an input's shape, in words' formula: a sum bracketed."""
    return f"({d})" if isinstance(d, sympy.Add) else str(d)


def inputs_of(entry: Mapping[str, Any]) -> dict[str, tuple[sympy.Expr, ...]]:
    """The inputs a class's forward was run on, each its shape's formulas in B, s and the
    record's sizes (``{"pixel_values": (B, num_channels, image_size, image_size)}``)."""
    given = entry.get("inputs") or {"input_ids": ["B", "s"]}
    return {name: tuple(decode(d, "a FLOPs file's inputs") for d in dims)
            for name, dims in given.items()}


def free_side(model: Any) -> dict[str, Any] | None:
    """What the FLOPs file says of the free side R of ``model``'s images (``{"symbol": "R",
    "least": 33, "multiple": 1}``), or None where its config fixes the side or it takes no
    image."""
    data = flops_file(model.record["model_type"])
    entry = (data or {}).get("classes", {}).get(model.architecture) or {}
    return entry.get("image")


def takes_image(model: Any) -> bool:
    """Whether the fitted FLOPs of ``model``'s class were read on images."""
    data = flops_file(model.record["model_type"])
    entry = (data or {}).get("classes", {}).get(model.architecture) or {}
    return "pixel_values" in (entry.get("inputs") or {})


def takes_sequence(model: Any) -> bool:
    """Whether the fitted FLOPs of ``model``'s class read a sequence length (B × s token
    ids); those of a forward run on images alone do not."""
    data = flops_file(model.record["model_type"])
    entry = (data or {}).get("classes", {}).get(model.architecture)
    return entry is None or any(symbol("s") in d.free_symbols
                                for dims in inputs_of(entry).values() for d in dims)


def run_on(model: Any, batch: int, seq: int | None, lang: str = "en",
           bare: bool = False, side: int | None = None) -> str:
    """What ``model``'s forward was run on, at ``batch`` and ``seq``, in ``lang``: its
    images (how many, their size and channels, read off the record's sizes) and its token
    sequences (``run on 2 images of 224 × 224 pixels with 3 channels each``; ``bare``: the
    inputs alone)."""
    words = strings(lang)["fitted_inputs"]
    said = []
    for name, shape in input_shapes(model, batch, seq, side).items():
        if name == "input_ids":
            said.append(words["tokens_one" if batch == 1 else "tokens"].format(
                count=batch, seq=shape[1]))
        elif name == WAVEFORM:  # B × samples, s frames each
            said.append(words["waveforms_one" if batch == 1 else "waveforms"].format(
                count=batch, samples=shape[1], frames=seq))
        elif name == FEATURES and seq is not None:  # B × s frames × D values
            said.append(words["features_one" if batch == 1 else "features"].format(
                count=batch, frames=shape[1], width=shape[2]))
        elif name == FEATURES:  # B × mel bins × frames
            said.append(words["spectrograms_one" if batch == 1 else "spectrograms"].format(
                count=batch, bins=shape[1], frames=shape[2]))
        elif len(shape) == 5:  # a video: B × frames × C × height × width
            said.append(words["videos_one" if batch == 1 else "videos"].format(
                count=batch, frames=shape[1], channels=shape[2], height=shape[3],
                width=shape[4]))
        else:
            said.append(words["images_one" if batch == 1 else "images"].format(
                count=batch, channels=shape[1], height=shape[2], width=shape[3]))
    said_all = words["and"].join(said)
    return said_all if bare else words["run_on"].format(inputs=said_all)


def input_shapes(model: Any, batch: int, seq: int | None, side: int | None = None
                 ) -> dict[str, tuple[int, ...]]:
    """The shapes of the inputs ``model``'s forward was run on, at ``batch``, ``seq``, the
    images' ``side`` where no key holds it, and the model's sizes (``{"pixel_values": (2, 3,
    224, 224)}``)."""
    data = flops_file(model.record["model_type"])
    entry = (data or {}).get("classes", {}).get(model.architecture, {})
    sizes: Mapping[str, int] = getattr(model, "sizes", None) or model.values
    env = {symbol(k): sympy.Integer(v) for k, v in sizes.items()}
    env[symbol("B")] = sympy.Integer(batch)
    if seq is not None:
        env[symbol("s")] = sympy.Integer(seq)
    if side is not None:
        env[symbol(SIDE)] = sympy.Integer(side)
    return {name: tuple(int(d.xreplace(env)) for d in dims)
            for name, dims in inputs_of(entry).items()}


def why_not(model_type: str, cls: str) -> str | None:
    """Why the FLOPs of ``cls`` are not shipped, or None where they are."""
    data = flops_file(model_type)
    if data is None:
        return (f"FLOPs are not fitted for {model_type} yet (python tools/fit_records.py "
                f"--flops {model_type})")
    if cls in data["classes"]:
        return None
    why = data["refused"].get(cls, data["refused"].get("*", "not fitted"))
    return f"FLOPs of {cls} were not read off transformers' forward: {why}"


def flops(model: Any, batch: int, seq: int | None, side: int | None = None) -> FittedFlops:
    """The forward FLOPs of the fitted ``model`` (a :class:`~symparam.fitted.FittedModel`)
    for ``batch`` sequences of ``seq`` tokens (or ``batch`` images, where its forward was run
    on images alone: ``seq`` None), of ``side`` × ``side`` pixels where no config key holds
    the side (R); :class:`InvalidValueError` says why not."""
    record = model.record
    model_type, cls = record["model_type"], model.architecture
    refused = why_not(model_type, cls)
    if refused is not None:
        raise InvalidValueError(refused)
    data = flops_file(model_type)
    assert data is not None
    entry = data["classes"][cls]
    if seq is not None and not takes_sequence(model):
        raise InvalidValueError(f"{cls}'s forward reads no token sequence (here "
                                f"{run_on(model, batch, None, bare=True)}): leave out ",
                                Param("seq"))
    if seq is None and takes_sequence(model):
        given = inputs_of(entry)
        what = ("the frames its feature encoder makes of each waveform" if WAVEFORM in given
                else "the frames of features" if FEATURES in given else "the sequence length")
        raise InvalidValueError(f"give {what}: ", Param("seq", "seq=S"))
    for path, kept in entry.get("keys", {}).items():
        value = model.options.get(path, record["keys"][path].get("default"))
        if value not in kept:
            raise InvalidValueError(
                f"{path} = {json.dumps(value)}: FLOPs of {cls} were read off transformers' "
                f"forward with {path} in {', '.join(json.dumps(v) for v in kept)} only")
    sizes: Mapping[str, int] = getattr(model, "sizes", None) or model.values
    _side(model, entry, side)
    sizes = {**sizes, **({SIDE: side} if side is not None else {})}
    for name, value in entry.get("fixed", {}).items():
        if name in sizes and sizes[name] != value:
            raise InvalidValueError(f"{name} = {sizes[name]}: FLOPs of {cls} were read off "
                                    f"transformers' forward at {name} = {value} only")
    known = set(entry["sizes"]) | set(entry.get("quiet", ())) | set(entry.get("fixed", {}))
    unread = sorted(k for k in sizes if k not in known)
    if unread:
        raise InvalidValueError(f"FLOPs of {cls} were not read off transformers' forward with "
                                f"{', '.join(unread)} given")
    for kind, a, b, *why in entry.get("runs_if", ()):
        if kind == "even":
            dim = decode(a, f"FLOPs of {model_type}")
            if all(x.name in sizes for x in dim.free_symbols):
                value = int(dim.xreplace({x: sympy.Integer(sizes[x.name])
                                          for x in dim.free_symbols}))
                if value % 2:
                    raise InvalidValueError(
                        f"{cls} cannot run with {dim} = {value}, odd: transformers' forward "
                        f"failed so when fitted ({b[:80]})")
            continue
        if kind == "product":
            c, d = b
            if all(k in sizes for k in (a, c, d)) and sizes[a] != sizes[c] * sizes[d]:
                raise InvalidValueError(
                    f"{cls} cannot run with {a} = {sizes[a]} other than {c}·{d} = "
                    f"{sizes[c] * sizes[d]}: transformers' forward failed so when fitted "
                    f"({why[0][:80]})")
            continue
        if a in sizes and b in sizes and not (
                sizes[a] <= sizes[b] if kind == "le" else sizes[b] % sizes[a] == 0):
            said = "above" if kind == "le" else "not dividing"
            raise InvalidValueError(f"{cls} cannot run with {a} = {sizes[a]} {said} {b} = "
                                    f"{sizes[b]}: transformers' forward failed so when fitted "
                                    f"({why[0][:80]})")
    formula = decode(entry["flops"], f"FLOPs of {model_type}")
    env = {symbol(k): sympy.Integer(v) for k, v in sizes.items()}
    env[symbol("B")] = sympy.Integer(batch)
    if seq is not None:
        env[symbol("s")] = sympy.Integer(seq)
    missing = sorted(str(x) for x in formula.free_symbols if x not in env)
    if missing:
        raise UnboundError(missing)
    parts = tuple((name, int(decode(e, f"FLOPs of {model_type}").xreplace(env)))
                  for name, e in entry["parts"])
    return FittedFlops(int(formula.xreplace(env)), formula, parts, how(data, entry))


def _side(model: Any, entry: Mapping[str, Any], side: int | None) -> None:
    """Refuse a ``side`` the FLOPs were not read with: none where no config key holds it, one
    where the config fixes it or the forward reads no image, one below the least side the
    fit was checked at or not a multiple of the m the forward runs at."""
    cls, image = model.architecture, entry.get("image")
    if image is None and side is not None:
        if "pixel_values" not in (entry.get("inputs") or {}):
            raise InvalidValueError(f"{cls}'s forward reads no image: leave out ",
                                    Param("image_size"))
        height, width = input_shapes(model, 1, 1)["pixel_values"][-2:]
        raise InvalidValueError(f"{cls}'s config fixes its images' size ({height} × {width} "
                                "pixels): leave out ", Param("image_size"))
    if image is None:
        return
    if side is None:
        raise InvalidValueError(f"give the side of {cls}'s images (no key of its config holds "
                                "it): ", Param("image_size", "image_size=R"))
    if side < image["least"]:
        raise InvalidValueError(f"an image side of {side}: FLOPs of {cls} were read off "
                                f"transformers' forward at sides from {image['least']} up")
    if side % image["multiple"]:
        raise InvalidValueError(f"an image side of {side}: {cls}'s forward runs only at sides "
                                f"that {image['multiple']} divides")
