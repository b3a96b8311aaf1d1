"""What the families declare of how transformers runs their classes (:mod:`symparam.inputs`),
asked by model type and class: the oracle (tests/oracle.py) feeds and runs each class this way,
and no test keeps a list of model types for it."""

from __future__ import annotations

from typing import Any

from symparam.catalog import model_types
from symparam.inputs import Inputs, inputs_of, runnable_of


def family_of(model_type: str) -> Any:
    """The family that serves ``model_type``, or None (a fitted record's type)."""
    return model_types()[model_type].family if model_type in model_types() else None


def _declared(model_type: str, cls: str = "") -> tuple[Any, str, Inputs]:
    """The family of ``model_type``, the architecture that builds ``cls`` in it and what the
    family declares of its inputs (:mod:`symparam.inputs`); a type no family serves (a fitted
    record's) declares nothing."""
    if model_type not in model_types():
        return None, cls, Inputs()
    record = model_types()[model_type]
    return record.family, record.classes.get(cls, cls), inputs_of(record.family)


def feeding(model_type: str, cls: str) -> str:
    """What the class is fed, as its family declares it: ``resized`` (each image at its own
    resolution, with its grid of patches: Qwen2-VL), ``image_tokens`` (a vision–language
    model's language model reads each image as tokens in its sequence; LLaVA-NeXT's anyres
    tiles are its own tests'), ``audio`` (Whisper's mel frames, with token ids for a
    decoder), ``pixels`` (a class whose input alone fixes its sequence: an image),
    ``paired`` (two towers: an image and token ids) or ``tokens``."""
    family, built, declared = _declared(model_type, cls)
    if family is None:
        return "tokens"
    if family.resized:
        return "resized"
    if family.images and not family.anyres and family.sequence_of(built) is None:
        return "image_tokens"
    if built in declared.audio:
        return "audio"
    if family.sequence_of(built) is not None:
        return "pixels"
    return "paired" if built in declared.paired else "tokens"


def alone(model_type: str, cls: str) -> bool:
    """Whether the class's input alone fixes its sequence (an image's patches, Whisper's
    classifier's frames): it has no decoder fed token ids."""
    family, built, _ = _declared(model_type, cls)
    return family is not None and family.sequence_of(built) is not None


def reads_image_sizes(model_type: str, cls: str) -> bool:
    """Whether the class's language model reads each image's size by value (Mistral 3 splits
    its merged tokens by them): it runs on the CPU with small real weights."""
    return feeding(model_type, cls) == "image_tokens" and _declared(model_type)[2].image_sizes


def finds_real_images(model_type: str, cls: str = "") -> bool:
    """Whether the class drops the images that are all zeros (padding), found by value
    (Idefics3, SmolVLM): it runs on the CPU with small real weights, fed images of ones."""
    return _declared(model_type)[2].blank_images and (
        not cls or feeding(model_type, cls) == "image_tokens")


def on_cpu(model_type: str, cls: str) -> bool:
    """Whether the oracle runs the class on the CPU with small real weights: its forward reads
    a value a meta tensor does not hold (an index, each image's size, the images that are
    padding)."""
    return indexes_by_value(model_type, cls) or reads_image_sizes(model_type, cls) \
        or finds_real_images(model_type, cls)


def indexes_by_value(model_type: str, cls: str) -> bool:
    """Whether the class's forward indexes a tensor by a tensor's value (ModernBERT's multiple
    choice picks each choice's first token by its position)."""
    _, built, declared = _declared(model_type, cls)
    return built in declared.by_value


def at_eos(model_type: str, cls: str) -> bool:
    """Whether the class is a classifier that reads the state at the last <eos> token, found
    by value: it runs on the CPU with small real weights (eager attention, which the counter
    sees there), every token fed an <eos>, and the token its shifted input starts with."""
    _, built, declared = _declared(model_type, cls)
    return built in declared.at_eos


def uncached(model_type: str, cls: str) -> bool:
    """Whether the class is a decoder alone that sizes its cache by the encoder's depth (BART's
    family), so cannot cache a deeper decoder: fed ``use_cache=False`` (a cache holds keys and
    values, it multiplies nothing)."""
    _, built, declared = _declared(model_type, cls)
    return built in declared.uncached


def targeted(model_type: str, cls: str) -> bool:
    """Whether the encoder–decoder class runs its decoder on its own target sequence (the
    others decode their input shifted right, or have no decoder)."""
    _, built, declared = _declared(model_type, cls)
    return built in declared.targeted


def needs_a_window(model_type: str) -> bool:
    """Whether the model type's sliding layers need a window (a null one cannot run), as its
    record declares (:class:`symparam.inputs.Runnable`)."""
    return model_type in model_types() and runnable_of(model_types()[model_type]).window_needed
