"""The audio inputs the FLOPs fitter makes: a raw waveform sized to give whole frames
(needs torch to make it; the lengths need nothing).

A forward that needs ``input_values`` (wav2vec2, HuBERT, WavLM, Data2Vec-Audio, UniSpeech,
SEW …) reads B waveforms through a feature encoder, a chain of 1-d convolutions of kernels
k_i and strides r_i with no padding (``conv_kernel``, ``conv_stride`` of the config), whose
every output frame the transformer then reads. A waveform of any length gives
``⌊(len − k)/r⌋ + 1`` frames a layer: floors, which the fitter's polynomials do not hold. So
the waveform is made to give exactly s frames with no samples left over:

    length(s) = receptive field + (s − 1)·Π r_i,  receptive field = 1 + Σ (k_i − 1)·Π_{j<i} r_j

(wav2vec2's default, kernels 10, 3, 3, 3, 3, 2, 2 and strides 5, 2, 2, 2, 2, 2, 2: 400 + 320·(s
− 1) samples, 25 ms of 16 kHz audio and 20 ms a frame after it), and s — the length of the
sequence the transformer reads, as for token ids — is the size the FLOPs are fitted in.
The FLOPs file writes the waveform's shape as that expression (``["B", 320·s + 80]``), so
what a forward ran on is said from the file, without torch; the oracle makes the same
waveform from transformers' own config by :func:`length`.

The chain is read where the record holds it fixed at one value (the waveform's length is
then a formula in s alone); a chain the record reads at other values, or a config with no
such keys, is refused by name, never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sympy

from symparam.fitted.expr import encode
from symparam.fitting.fitter import FitError
from symparam.fitting.transformers_types import value_at
from symparam.symbols import symbol

#: the input this module makes
WAVEFORM = "input_values"
#: the config keys of a feature encoder's convolutions: kernels and strides, layer by layer
KERNELS, STRIDES = "conv_kernel", "conv_stride"
#: a Whisper-like encoder's input, and the config keys of its bins and positions
FEATURES, BINS, POSITIONS = "input_features", "num_mel_bins", "max_source_positions"
#: the config key of the width of a frame of features fed one a position (Wav2Vec2-BERT)
WIDTH = "feature_projection_input_dim"


def length(kernels: Sequence[int], strides: Sequence[int], frames: int) -> int:
    """Samples of a waveform that the convolutions of ``kernels`` and ``strides`` (no
    padding) turn into exactly ``frames`` frames, none left over: the receptive field of one
    frame, then the product of the strides for each frame after it."""
    if len(kernels) != len(strides) or frames < 1:
        raise ValueError("one stride a kernel, and a frame at least")
    field, step = 1, 1
    for kernel, stride in zip(kernels, strides, strict=True):
        field += (kernel - 1) * step
        step *= stride
    return field + (frames - 1) * step


@dataclass(frozen=True)
class Waveform:
    """How a forward is fed: B waveforms of :func:`length` samples for s frames, the
    convolutions read by the config keys ``kernels`` and ``strides`` (paths)."""

    kernels: str = KERNELS
    strides: str = STRIDES
    #: no token ids beside it; the point holds s (the frames)
    tokens: bool = False
    sequence: bool = True

    def samples(self, config: Any, frames: int) -> int:
        """The waveform's length for ``frames`` frames in ``config`` (the built model's)."""
        return length(value_at(config, self.kernels), value_at(config, self.strides), frames)

    def tensors(self, config: Any, batch: int, seq: int, model: Any = None
                ) -> dict[str, Any]:
        """The inputs on the meta device: B waveforms giving ``seq`` frames each."""
        import torch

        return {WAVEFORM: torch.zeros((batch, self.samples(config, seq)), device="meta")}

    def shapes(self, record: Mapping[str, Any], config: Any) -> dict[str, list[Any]]:
        """The waveform's shape as the FLOPs file writes it: ``["B", length(s)]``, the
        length a JSON expression in s (the chain is fixed, so its numbers are constants)."""
        kernels, strides = self.chain(config)
        step = length(kernels, strides, 2) - length(kernels, strides, 1)
        field = length(kernels, strides, 1)
        return {WAVEFORM: ["B", encode(step * symbol("s") + sympy.Integer(field - step))]}

    def chain(self, config: Any) -> tuple[list[int], list[int]]:
        return list(value_at(config, self.kernels)), list(value_at(config, self.strides))

    def oracle_keys(self) -> dict[str, list[str]]:
        """What the oracle makes the same waveform by: the chain's config keys."""
        return {"audio_keys": [self.kernels, self.strides]}


class Spectrogram:
    """How a Whisper-like encoder is fed: B log-mel spectrograms of ``num_mel_bins`` bins and
    exactly the frames its forward asks for, ``max_source_positions`` times the strides of
    its two convolutions (``conv1``, ``conv2``: 2 · 1500 = 3000, 30 s of audio at 100 frames
    a second), as the model's own check computes it; another length is refused by that
    check. So the frames are no free size: they are a formula in the sizes, and the FLOPs
    hold no s."""

    tokens = False
    sequence = False

    def __init__(self, bins: str, positions: str) -> None:
        self.bins, self.positions = bins, positions
        self.stride = 0  # the two convolutions' strides' product, read off each model built

    def tensors(self, config: Any, batch: int, seq: int, model: Any = None) -> dict[str, Any]:
        """The inputs on the meta device: B spectrograms of the frames ``model`` asks for."""
        import torch

        convs = [getattr(model, "conv1", None), getattr(model, "conv2", None)]
        if not all(isinstance(c, torch.nn.Conv1d) for c in convs):
            raise FitError(f"its forward needs {FEATURES}, and it holds no conv1 and conv2 "
                           "whose strides make its frames of max_source_positions (how many "
                           "frames it reads is no config key)")
        stride = convs[0].stride[0] * convs[1].stride[0]
        if self.stride and stride != self.stride:
            raise FitError(f"its convolutions' strides move with its sizes ({self.stride}, "
                           f"{stride}): its frames would be no one formula")
        self.stride = stride
        shape = (batch, int(value_at(config, self.bins)),
                 stride * int(value_at(config, self.positions)))
        return {FEATURES: torch.zeros(shape, device="meta")}

    def shapes(self, record: Mapping[str, Any], config: Any) -> dict[str, list[Any]]:
        """The spectrograms' shape as the FLOPs file writes it: ``["B", bins, stride·L]``,
        each size by its symbol (a size the record holds fixed by its value)."""
        def named(path: str) -> Any:
            name = record["keys"][path].get("size")
            return symbol(name) if isinstance(name, str) else \
                sympy.Integer(int(value_at(config, path)))

        frames = self.stride * named(self.positions)
        return {FEATURES: ["B", encode(named(self.bins)), encode(frames)]}

    def oracle_keys(self) -> dict[str, list[str]]:
        """What the oracle makes the same spectrograms by: the bins' and positions' keys."""
        return {"mel_keys": [self.bins, self.positions]}


@dataclass(frozen=True)
class Frames:
    """How a speech encoder fed feature frames is fed (Wav2Vec2-BERT's: stacked log-mel
    frames, one vector a frame, projected straight into the transformer): B sequences of s
    frames of ``width`` values each, ``(B, s, D)``, D the config key ``width`` (path)."""

    width: str
    tokens: bool = False
    sequence: bool = True

    def tensors(self, config: Any, batch: int, seq: int, model: Any = None
                ) -> dict[str, Any]:
        """The inputs on the meta device: B × s frames of D values."""
        import torch

        width = int(value_at(config, self.width))
        return {FEATURES: torch.zeros((batch, seq, width), device="meta")}

    def shapes(self, record: Mapping[str, Any], config: Any) -> dict[str, list[Any]]:
        """``["B", "s", D]``, D by its symbol."""
        return {FEATURES: ["B", "s", record["keys"][self.width]["size"]]}

    def oracle_keys(self) -> dict[str, list[str]]:
        """What the oracle makes the same frames by: their width's key."""
        return {"frame_keys": [self.width]}


def plan(record: Mapping[str, Any], needs: Sequence[str]
         ) -> Waveform | Spectrogram | Frames:
    """How to feed a forward that needs ``input_values``: a waveform, where the record
    holds a feature encoder's kernels and strides fixed at one value; that needs
    ``input_features`` alone: spectrograms, where the record reads ``num_mel_bins`` and
    ``max_source_positions`` as sizes (:class:`Spectrogram`), or frames of the width
    ``feature_projection_input_dim`` where it reads that (:class:`Frames`); a
    :class:`FitError` naming what is not made otherwise."""
    if FEATURES in needs:
        return _spectrogram(record, needs)
    other = [n for n in needs if n != WAVEFORM]
    if other:
        raise FitError(f"its forward needs {', '.join(needs)}; the fitter makes "
                       f"{WAVEFORM} alone (a waveform), not {', '.join(other)} beside it")
    keys = record["keys"]
    for path in (KERNELS, STRIDES):
        entry = keys.get(path)
        if not isinstance(entry, dict) or "ignored" in entry:
            raise FitError(f"its forward needs {WAVEFORM}, and its config holds no {path} "
                           "of a feature encoder's convolutions to size a waveform by (how "
                           "many samples make a frame is no config key)")
        if len(entry.get("fixed", ())) != 1:
            raise FitError(f"its forward needs {WAVEFORM}, sized by {path}, which the record "
                           "reads at more than one value: a waveform's length would not be "
                           "one formula in s")
    return Waveform()


def _spectrogram(record: Mapping[str, Any], needs: Sequence[str]) -> Spectrogram | Frames:
    other = [n for n in needs if n != FEATURES]
    if other:
        raise FitError(f"its forward needs {', '.join(needs)}; the fitter makes "
                       f"{FEATURES} alone (log-mel spectrograms), not {', '.join(other)} "
                       "beside it")
    keys = record["keys"]
    if "size" in keys.get(WIDTH, {}):
        return Frames(WIDTH)
    for head in dict.fromkeys(p.rpartition(".")[0] for p in keys if p.endswith(BINS)):
        bins, positions = (f"{head}.{k}" if head else k for k in (BINS, POSITIONS))
        if all("size" in keys.get(p, {}) for p in (bins, positions)):
            return Spectrogram(bins, positions)
    raise FitError(f"its forward needs {FEATURES} of a length no config key fixes: the "
                   "fitter makes log-mel spectrograms only of the frames a Whisper-like "
                   f"encoder checks for ({POSITIONS} beside {BINS}, sizes of the record), "
                   f"and frames of features of the width {WIDTH}")
