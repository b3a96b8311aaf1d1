"""One forward of a transformers class on the meta device, each operation torch's FLOPs
counter counts recorded with the module it ran in (needs torch, transformers): what
:mod:`symparam.fitting.flops` fits its expressions to.

A forward runs with eager attention and experts (each product visible to the counter); where
it reads a value a meta tensor cannot give (a mask skipped where no token is padded, a
router's tokens per expert), it runs again as :func:`run_meta` says.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Mapping
from typing import Any

from symparam.fitting import audio_made, inputs_made
from symparam.fitting.fitter import FitError
from symparam.fitting.meta import quiet_init

#: the one input the fitter makes: B × s token ids
GIVEN = "input_ids"
#: an input left None read as a tensor: CLIP's forward given token ids but no image
UNFED = re.compile(r"'NoneType' object has no attribute")
#: a forward's own check that an input it needs was given ("You have to specify pixel_values")
ASKS = re.compile(r"(?:have to|must) (?:specify|provide|pass) (?:either )?`?(\w+)`?")


#: an error that names the meta device (a value read off a tensor, an operation with no
#: meta kernel) or devices (a tensor made on the CPU beside meta ones): not one of the
#: model's own code
ON_META = re.compile(r"(?<![a-z])meta(?![a-z])|same device", re.IGNORECASE)


def forward_failed(why: str, where: str = "") -> str:
    """Why a forward did not run, said as what it is: the meta device's limit where the
    error names it, else an error the forward raises on the inputs the fitter makes (a
    missing input, a check of the model's own) — the meta device is not blamed for those.

    >>> forward_failed("RuntimeError: Tensor.item() cannot be called on meta tensors")[:44]
    'its forward does not run on the meta device:'
    >>> forward_failed("NotImplementedError: The register_meta function for nonzero()")[:44]
    'its forward does not run on the meta device:'
    >>> print(forward_failed("ValueError: You have to specify bbox", " at the default's depth"))
    ... # doctest: +ELLIPSIS
    its forward raises at the default's depth on the inputs the fitter makes: ValueError: ...
    >>> forward_failed("KeyError: 'metadata'")[:47]
    'its forward raises on the inputs the fitter mak'
    """
    if ON_META.search(why):
        return f"its forward does not run{where} on the meta device: {why}"
    return f"its forward raises{where} on the inputs the fitter makes: {why}"


Signature = tuple[Any, ...]
Reading = dict[Signature, tuple[int, tuple[int, ...]]]


class Run:
    """One forward: each counted operation by signature (how often, its shapes' numbers),
    and the counter's total."""

    def __init__(self, ops: Reading, specs: dict[Signature, Any], total: int) -> None:
        self.ops, self.specs, self.total = ops, specs, total


def _generic(name: str, modules: Mapping[str, Any]) -> str:
    """``name`` with each index into a list of layers folded (``layers.*``); an index into a
    Sequential (CTRL's ``ffn.0``, ``ffn.2``) names a module of its own and is kept."""
    import torch

    parts = name.split(".")
    out = []
    for k, part in enumerate(parts):
        parent = modules.get(".".join(parts[:k]))
        folded = part.isdigit() and not isinstance(parent, torch.nn.Sequential)
        out.append("*" if folded else part)
    return ".".join(out)


def forward(model: Any, batch: int, seq: int,
            made: inputs_made.Made | audio_made.Waveform | audio_made.Spectrogram | None = None
            ) -> Run:
    """The counted operations of ``model(input_ids)`` on the meta device (B × s tokens), or
    of ``model(pixel_values …)`` or ``model(input_values)`` as ``made`` says
    (:mod:`symparam.fitting.inputs_made`, :mod:`symparam.fitting.audio_made`)."""
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils._pytree import tree_flatten, tree_map
    from torch.utils.flop_counter import FlopCounterMode, flop_registry

    modules = dict(model.named_modules())
    names = {id(m): _generic(n, modules) for n, m in modules.items()}
    raw = {id(m): n for n, m in modules.items()}
    stack: list[list[Any]] = [["", 0, ""]]
    events: list[tuple[Any, ...]] = []

    def pre(module: Any, _args: Any) -> None:
        if id(module) in names:
            stack.append([names[id(module)], 0, raw[id(module)]])

    def post(module: Any, _args: Any, _out: Any) -> None:
        if id(module) in names and len(stack) > 1:
            stack.pop()

    def shape(x: Any) -> Any:
        return tuple(x.shape) if isinstance(x, torch.Tensor) else x

    class Recorder(TorchDispatchMode):
        def __torch_dispatch__(self, func: Any, types: Any, args: Any = (),
                               kwargs: Any = None) -> Any:
            kwargs = kwargs or {}
            out = func(*args, **kwargs)
            packet = func.overloadpacket
            if packet in flop_registry:
                frame = stack[-1]
                frame[1] += 1
                leaves, spec = tree_flatten(tree_map(shape, (args, kwargs, out)))
                ints = tuple(v for v in leaves if type(v) is int)
                others = tuple(repr(v) for v in leaves if type(v) is not int)
                events.append(((frame[0], frame[1], str(packet), others, str(spec)),
                               ints, (packet, spec, leaves), frame[2]))
            return out

    given = made.tensors(model.config, batch, seq, model) if made else {
        GIVEN: torch.zeros((batch, seq), dtype=torch.long, device="meta")}
    counter = FlopCounterMode(display=False)
    hooks = [torch.nn.modules.module.register_module_forward_pre_hook(pre),
             torch.nn.modules.module.register_module_forward_hook(post)]
    try:
        with counter, Recorder(), torch.no_grad():
            model(**given)
    finally:
        for h in hooks:
            h.remove()
    return Run(*_read(events), int(counter.get_total_flops()))


def _read(events: list[tuple[Any, ...]]) -> tuple[Reading, dict[Signature, Any]]:
    """Each operation's count and shapes by signature, the layers of a list folded; where
    a list's layers run it at different shapes (a feature encoder's convolutions, each of
    its own kernel and stride), by each layer's own name instead (``conv_layers.0``)."""
    shapes: dict[Signature, set[tuple[int, ...]]] = {}
    for sig, ints, _how, _name in events:
        shapes.setdefault(sig, set()).add(ints)
    ops: Reading = {}
    specs: dict[Signature, Any] = {}
    for sig, ints, how, name in events:
        if len(shapes[sig]) > 1:
            sig = (name, *sig[1:])
        count, seen = ops.get(sig, (0, ints))
        if seen != ints:
            raise FitError(f"{sig[0] or 'the model'}: {sig[2]} runs at different shapes in "
                           f"different layers or calls ({seen} and {ints})")
        ops[sig] = (count + 1, ints)
        specs[sig] = how
    return ops, specs


def _inputs(cls: str) -> Mapping[str, Any]:
    """The parameters of ``cls``'s forward (``inspect.Parameter`` by name)."""
    import inspect

    import transformers

    return inspect.signature(getattr(transformers, cls).forward).parameters


def needed(cls: str) -> list[str]:
    """The inputs of ``cls``'s forward with no default besides ``input_ids``: the fitter
    makes none of them (an image's ``pixel_values``, an audio's ``input_features``)."""
    return [p.name for p in _inputs(cls).values() if p.name not in ("self", GIVEN)
            and p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def only_input(cls: str) -> str:
    """The one input ``cls``'s forward reads where it takes no ``input_ids``: an image
    classifier's ``pixel_values``, a speech model's ``input_values`` or ``input_features``
    (which default to None); "" where it takes token ids, or none of them."""
    params = _inputs(cls)
    if GIVEN in params:
        return ""
    return next((n for n in (inputs_made.IMAGE, audio_made.WAVEFORM, audio_made.FEATURES)
                 if n in params), "")


def takes(cls: str, name: str) -> bool:
    """Whether ``cls``'s forward reads an input ``name`` (with a default or not)."""
    return name in _inputs(cls)


def takes_ids(cls: str) -> bool:
    """Whether ``cls``'s forward needs ``input_ids`` (no default: BLIP-2's, beside its
    images)."""
    param = _inputs(cls).get(GIVEN)
    return param is not None and param.default is param.empty


def run_meta(config: Any, cls: str, batch: int, seq: int, how: Any) -> Any:
    """``how(model, batch, seq)`` on ``cls`` built on the meta device from ``config`` with
    eager attention and experts; where the forward reads a value (a check for padding beside
    the pad token, whether a mask may be skipped: ``.item()``, which a meta tensor cannot
    give), again with masks built whole, then also with no pad token (no product hangs on
    either)."""
    import torch
    import transformers


    eager(config)
    attempt = 0
    first: Exception | None = None  # the plain forward's failure, the reason where none runs
    while True:
        with torch.device("meta"), quiet_init():
            model = getattr(transformers, cls)(config)
        model.eval().requires_grad_(False)
        try:
            with masks_built() if attempt else contextlib.nullcontext():
                return how(model, batch, seq)
        except Exception as error:
            meta = isinstance(error, RuntimeError) and "meta" in str(error)
            if isinstance(error, RuntimeError) and "nonzero" in str(error) \
                    and eager(config, experts="batched_mm"):
                continue  # a router's tokens per expert: the experts batched, as below
            if attempt == 2 or not meta:
                if first is None or meta:  # a retry that got no further: the first's why
                    raise
                raise first from None
            if attempt == 1:  # masks built whole did not do: the pad token's check
                config.pad_token_id = None
            first = first or error
            attempt += 1


@contextlib.contextmanager
def masks_built() -> Iterator[None]:
    """transformers' masks built whole rather than skipped where no token is padded: the
    skip reads whether any is (``padding_mask.all()``), a value a meta tensor cannot give;
    the mask is added to the scores, no product, so the counter counts the same."""
    from unittest import mock

    from transformers import masking_utils

    with contextlib.ExitStack() as stack:
        for name in ("_ignore_bidirectional_mask_sdpa", "_ignore_causal_mask_sdpa"):
            if hasattr(masking_utils, name):
                stack.enter_context(mock.patch.object(masking_utils, name,
                                                      lambda *a, **k: False))
        yield


def eager(config: Any, experts: str = "eager") -> bool:
    """Attention and experts as plain torch code, each product visible to the counter; True
    where that changed the experts' code.

    Eager experts run each expert on the tokens routed to it: how many is read off the
    router's values (``nonzero``), which a meta tensor cannot give. ``experts="batched_mm"``
    is transformers' own other code for them: each token's ``top_k`` experts' weights
    gathered and multiplied as one batch, ``2·(B·s·top_k)·d_in·d_out`` FLOPs a projection —
    what the eager experts count on any routing (the tokens routed, summed over the experts,
    are ``B·s·top_k``), read without the router's values."""
    changed = False
    for part in [config, *(getattr(config, n, None) for n in ("text_config", "vision_config",
                                                              "audio_config"))]:
        if part is not None and hasattr(part, "_attn_implementation"):
            part._attn_implementation = "eager"
            changed |= getattr(part, "_experts_implementation", None) != experts
            part._experts_implementation = experts
    return changed
