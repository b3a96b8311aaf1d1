"""The inputs the FLOPs fitter makes besides B × s ``input_ids``: an image (needs torch); an
audio's waveform is :mod:`symparam.fitting.audio_made`'s.

A forward that needs ``pixel_values`` (a vision encoder, a detector, a ViT) is run on B images
of C channels and R × R pixels, ``(B, C, R, R)``, C and R read off the config the class is
built from: ``num_channels`` and ``image_size`` (an int, or a pair of height and width) of the
config itself, or of the one section that holds both (``vision_config``,
``backbone_config``); where that config also holds ``num_frames``, on B videos of F such
frames, ``(B, F, C, R, R)`` (TimeSformer, VideoMAE). The shape is written into the FLOPs
file as expressions in the record's symbols (a size the record reads is its symbol, one it
holds fixed is its value), so that what a forward was run on is said from the record,
without torch. Where no config key holds the image's side (a ResNet's: a convolutional
network takes images of any side), the side is an input of the FLOPs like B and s, the
symbol ``R`` (:mod:`symparam.fitting.image_side` fits its floors); where no key holds its
channels, they are the 3 the model's code builds its first convolution for. A side held by a
key the record does not read (it sizes no weight) is refused by name, never guessed; so is
any other input (``grid_thw``, an audio's ``input_features``).

Where a forward needs token ids too (BLIP-2's language model reads B × s of them beside the
images), both are made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from symparam.fitting import audio_made
from symparam.fitting.fitter import FitError
from symparam.fitting.transformers_types import value_at

#: the input this module makes besides ``input_ids``
IMAGE = "pixel_values"
#: the config keys an image is read by: its channels and its side; and a video's frames
CHANNELS, SIDE, FRAMES = "num_channels", "image_size", "num_frames"
#: the symbol of a side no key holds, and the channels of an image no key gives them
FREE_SIDE, CODE_CHANNELS = "R", 3


@dataclass(frozen=True)
class Made:
    """How a forward is fed: an image read by the config keys ``channels`` and ``side``
    (paths: ``vision_config.image_size``), and B × s ``input_ids`` where ``tokens``; a video
    of ``frames`` such images where the same config holds ``num_frames`` (TimeSformer's,
    VideoMAE's: ``(B, F, C, R, R)``). ``side`` "" where no key holds it: the free side R,
    ``value`` at a run; ``channels`` "" where no key gives them (3)."""

    channels: str
    side: str
    tokens: bool
    frames: str = ""
    value: int = 0

    @property
    def free(self) -> bool:
        """Whether the image's side is an input of the FLOPs (the symbol R), no key's."""
        return not self.side

    def bound(self, point: Mapping[str, int]) -> Made:
        """This image at ``point``'s side R, where it is free."""
        return replace(self, value=point[FREE_SIDE]) if self.free else self

    @property
    def sequence(self) -> bool:
        """Whether a point holds s: where token ids are fed beside the images."""
        return self.tokens

    def shapes(self, record: Mapping[str, Any], config: Any) -> dict[str, list[Any]]:
        """The inputs' shapes as the FLOPs file writes them (:func:`shapes`)."""
        return shapes(self, record, config)

    def oracle_keys(self) -> dict[str, list[str]]:
        """What the oracle makes the same image by: its config keys."""
        return {"image_keys": [self.channels or CODE_CHANNELS, self.side or None,
                               *([self.frames] if self.frames else [])]}

    def tensors(self, config: Any, batch: int, seq: int, model: Any = None
                ) -> dict[str, Any]:
        """The inputs on the meta device for ``config`` (the built model's)."""
        import torch

        frames = (int(value_at(config, self.frames)),) if self.frames else ()
        out = {IMAGE: torch.zeros((batch, *frames, *self.image(config)), device="meta")}
        if self.tokens:
            out["input_ids"] = torch.zeros((batch, seq), dtype=torch.long, device="meta")
        return out

    def image(self, config: Any) -> tuple[int, int, int]:
        """C, R_height, R_width of the image ``config`` reads."""
        channels = int(value_at(config, self.channels)) if self.channels else CODE_CHANNELS
        side = (self.value, self.value) if self.free else pair(value_at(config, self.side))
        return (channels, *side)


def pair(side: Any) -> tuple[int, int]:
    """An image's height and width from ``image_size``: an int is a square's side."""
    if isinstance(side, int) and not isinstance(side, bool):
        return side, side
    if isinstance(side, (list, tuple)) and len(side) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in side):
        return int(side[0]), int(side[1])
    raise FitError(f"its image_size is {side!r}, neither a side nor a height and width")


def plan(record: Mapping[str, Any], needs: Sequence[str], wants_ids: bool
         ) -> Made | audio_made.Waveform | audio_made.Spectrogram:
    """How to feed a forward that needs ``needs`` (inputs with no default, or that it asked
    for): an image, with token ids where ``wants_ids``; a waveform
    (:func:`audio_made.plan`); a :class:`FitError` naming what is not made, or why an image
    cannot be read off the config."""
    if audio_made.WAVEFORM in needs or audio_made.FEATURES in needs:
        return audio_made.plan(record, needs)
    other = [n for n in needs if n not in (IMAGE, "input_ids")]
    if other or IMAGE not in needs:
        what = "an input" if len(needs) == 1 else "inputs"
        raise FitError(f"its forward needs {', '.join(needs)}, {what} the fitter does not "
                       "make (it makes B × s input_ids, B images of pixel_values read by "
                       "num_channels and image_size, B waveforms of input_values read by "
                       "conv_kernel and conv_stride, and B input_features: spectrograms "
                       "read by num_mel_bins and max_source_positions, or frames by "
                       "feature_projection_input_dim)")
    keys = record["keys"]
    for section in _sections(keys):
        channels, side = _path(section, CHANNELS), _path(section, SIDE)
        if channels in keys and side in keys:
            for path in (channels, side):
                if not _read(keys[path]):
                    raise FitError(f"its image is sized by {path}, which the record does not "
                                   "read (it sizes no weight): an image of another size "
                                   "would be counted at the default's")
            frames = _path(section, FRAMES)
            return Made(channels, side, wants_ids or "input_ids" in needs,
                        frames if frames in keys and _read(keys[frames]) else "")
    return _unsized(keys, wants_ids or "input_ids" in needs)


def _unsized(keys: Mapping[str, Any], tokens: bool) -> Made:
    """An image no one section's keys size whole: its side free (R) where no key holds
    one, its channels the one ``num_channels`` the record reads, else the code's 3; a side
    or channels held by a key the record does not read is refused, as are two keys of
    channels (which would the image have?)."""
    sides = [p for p in keys if p.rpartition(".")[2] == SIDE]
    channels = [p for p in keys if p.rpartition(".")[2] == CHANNELS]
    for path in [*sides, *channels]:
        if not _read(keys[path]):
            raise FitError(f"its image is sized by {path}, which the record does not read "
                           "(it sizes no weight): an image of another size would be counted "
                           "at the default's")
    if len(sides) > 1 or len(channels) > 1:
        raise FitError(f"its forward needs pixel_values, and its config holds "
                       f"{', '.join(sides + channels)} in different sections: which sizes "
                       "the image is not read")
    return Made(channels[0] if channels else "", sides[0] if sides else "", tokens)


def _sections(keys: Mapping[str, Any]) -> list[str]:
    """The config itself, then each section holding the keys of an image, in the record's
    order."""
    out = [""]
    for path in keys:
        head, _, tail = path.rpartition(".")
        if tail in (CHANNELS, SIDE) and head and head not in out:
            out.append(head)
    return out


def _path(section: str, key: str) -> str:
    return f"{section}.{key}" if section else key


def _read(entry: Any) -> bool:
    """Whether the record reads a key: a size of it, or the values it was fitted for."""
    return isinstance(entry, dict) and ("size" in entry or "fixed" in entry
                                        or "values" in entry)


def shapes(made: Made, record: Mapping[str, Any], config: Any) -> dict[str, list[Any]]:
    """The inputs' shapes as the FLOPs file writes them (JSON expressions): ``B``, then each
    size the record reads by its symbol, one it holds fixed by its value in ``config``."""
    keys = record["keys"]

    def named(path: str, values: Sequence[int]) -> list[Any]:
        """Each of ``values`` as the size ``path`` (its symbol, where the record reads it
        as one: an int) or the value itself (a size the record holds fixed, a pair)."""
        name = keys[path].get("size")
        return [name] * len(values) if isinstance(name, str) else list(values)

    channels = named(made.channels, [int(value_at(config, made.channels))]) \
        if made.channels else [CODE_CHANNELS]
    side = [FREE_SIDE, FREE_SIDE] if made.free else named(made.side,
                                                         list(pair(value_at(config, made.side))))
    frames = named(made.frames, [int(value_at(config, made.frames))]) if made.frames else []
    out: dict[str, list[Any]] = {IMAGE: ["B", *frames, *channels, *side]}
    if made.tokens:
        out["input_ids"] = ["B", "s"]
    return out
