"""The oracle for work that is not a matrix product: the real class run on the meta device
(eager attention), its elementwise work counted by kind.

Norms and bias adds are counted from the modules (the input of a LayerNorm — torch's, or a
model's own class so named, like Cohere's without bias and OLMo's without weights — or of an
RMSNorm; the output of a Linear, Conv1D or Conv2d that has a bias); softmax, activations and
adds from the aten operations the forward pass dispatches: ``_softmax`` (its output),
``gelu``, ``relu``, ``silu``, ``tanh``, ``sigmoid`` (their output), and ``add`` of two
floating-point tensors of two or more dimensions giving a (batch, seq, width) or
(batch·seq, width) tensor: residual connections and sums of embedding tables (not a bias
vector, which the Linear's count has, nor the 4-D adds of masks and rotary embeddings, nor
integer position arithmetic), and inside a ConvNeXt block the residual add of two maps of
the same 4-D shape; inside DeBERTa's attention, whose scores are
(batch·heads, s, s), such an add is a position term added to the scores (``score_add``).
torch's ``nn.MultiheadAttention`` (SigLIP's pooling head) projects by functional calls: its
biases are counted from its inputs and output, its 3-D softmax as attention's.
An add of a bias the model keeps as a buffer (BART's ``final_logits_bias``, added to the
logits) is a bias add. T5's and mT5's ``…LayerNorm`` are RMSNorms, and so is Llama 4's
``Llama4TextL2Norm``, x·rsqrt(mean(x²) + ε) over each head of q and k, without a weight. A
vector's softmax (Whisper's classifier's layer weights) is not counted, as the weighted sum it
makes is not.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from typing import Any

from tests.tools import need

oracle = need("tests.oracle")
torch, transformers, forward = oracle.torch, oracle.transformers, oracle.forward

from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402

_ACTIVATIONS = {"gelu", "relu", "silu", "tanh", "sigmoid"}


class _Ops(TorchDispatchMode):
    def __init__(self, counts: Counter[str], biases: frozenset[int] = frozenset()) -> None:
        super().__init__()
        self.counts = counts
        self.biases = biases  # the ids of the bias vectors the model keeps as buffers
        self.inside_activation = 0  # an activation module's own operations are not counted
        self.inside_scores = 0  # in DeBERTa's attention, an add of two 3-D tensors is a score
        self.inside_torch_attention = 0  # torch's MultiheadAttention: 3-D scores
        self.inside_maps = 0  # in a ConvNeXt block, the residual add is of two 4-D maps

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        out = func(*args, **(kwargs or {}))
        name = func.overloadpacket.__name__.rstrip("_")
        if self.inside_activation:
            pass
        elif name == "_softmax" and out.dim() > 1:  # attention's scores are 4-D, a router's
            # logits 2-D
            attention = out.dim() == 4 or self.inside_torch_attention
            self.counts["softmax" if attention else "routing"] += out.numel()
        elif name in _ACTIVATIONS:
            self.counts["activation"] += out.numel()
        elif name == "add" and out.dim() in (2, 3) and len(args) >= 2 and all(
            isinstance(a, torch.Tensor) and a.is_floating_point() and a.dim() >= 2
            for a in args[:2]
        ):
            if any(id(a) in self.biases for a in args[:2]):
                self.counts["bias"] += out.numel()
            else:
                self.counts["score_add" if self.inside_scores else "add"] += out.numel()
        elif name == "add" and self.inside_maps and out.dim() == 4 and len(args) >= 2 and all(
            isinstance(a, torch.Tensor) and a.shape == out.shape for a in args[:2]
        ):
            self.counts["add"] += out.numel()
        return out


def _is_activation(module: Any) -> bool:
    """An activation module: transformers' own (GELU variants …) or torch's."""
    return type(module).__module__ in ("transformers.activations",
                                       "torch.nn.modules.activation")


def _module_hooks(counts: Counter[str], ops: _Ops, module: Any) -> list[Any]:
    kind = type(module).__name__
    if kind == "DisentangledSelfAttention":  # its scores are (batch·heads, s, s)
        def begin(mod: Any, inputs: Any) -> None:
            ops.inside_scores += 1

        def end(mod: Any, inputs: Any, output: Any) -> None:
            ops.inside_scores -= 1

        return [module.register_forward_pre_hook(begin), module.register_forward_hook(end),
                *_module_hooks_of_kind(counts, module, kind)]
    if isinstance(module, torch.nn.MultiheadAttention):  # SigLIP's pooling head
        def start(mod: Any, inputs: Any) -> None:
            ops.inside_torch_attention += 1

        def stop(mod: Any, inputs: Any, output: Any) -> None:
            ops.inside_torch_attention -= 1
            # its projections are functional calls, no module the hooks below see: the packed
            # in-projection's bias on the queries, keys and values, the out-projection's
            if mod.in_proj_bias is not None:
                counts["bias"] += sum(x.numel() for x in inputs[:3])
            if mod.out_proj.bias is not None:
                counts["bias"] += output[0].numel()

        return [module.register_forward_pre_hook(start), module.register_forward_hook(stop)]
    if kind == "ConvNextLayer":  # its residual add is of (batch, channels, side, side) maps
        def begin_maps(mod: Any, inputs: Any) -> None:
            ops.inside_maps += 1

        def end_maps(mod: Any, inputs: Any, output: Any) -> None:
            ops.inside_maps -= 1

        return [module.register_forward_pre_hook(begin_maps),
                module.register_forward_hook(end_maps)]
    if _is_activation(module):
        def enter(mod: Any, inputs: Any) -> None:
            ops.inside_activation += 1

        def leave(mod: Any, inputs: Any, output: Any) -> None:
            ops.inside_activation -= 1
            counts["activation"] += output.numel()

        return [module.register_forward_pre_hook(enter), module.register_forward_hook(leave)]
    return _module_hooks_of_kind(counts, module, kind)


#: RMSNorms their models call LayerNorm
_RMS_NAMED_LAYER = frozenset({"T5LayerNorm", "MT5LayerNorm"})

#: modules whose bias add is counted from their output
_WITH_BIAS = (torch.nn.Linear, torch.nn.Conv1d, torch.nn.Conv2d, transformers.pytorch_utils.Conv1D)


def _module_hooks_of_kind(counts: Counter[str], module: Any, kind: str) -> list[Any]:
    """Norms and bias adds, counted from the module's input or output."""

    def hook(mod: Any, inputs: Any, output: Any) -> None:
        if isinstance(mod, torch.nn.LayerNorm) or kind.endswith("LayerNorm") or "RMSNorm" in kind \
                or kind.endswith("L2Norm"):
            layer = isinstance(mod, torch.nn.LayerNorm) or (
                kind.endswith("LayerNorm") and kind not in _RMS_NAMED_LAYER)
            norm = "layernorm" if layer else "rmsnorm"
            counts[norm] += inputs[0].numel()
            if getattr(mod, "weight", None) is not None:
                counts["norm_weight"] += inputs[0].numel()
            if getattr(mod, "bias", None) is not None:
                counts["bias"] += inputs[0].numel()
        elif (getattr(mod, "bias", None) is not None and isinstance(mod, _WITH_BIAS)) \
                or kind == "DebertaV2LMPredictionHead":  # it adds its bias after the word table
            counts["bias"] += output.numel()
        elif kind.endswith("Router") and getattr(mod, "bias", None) is not None:
            counts["bias"] += output[0].numel()  # gpt-oss's router: (logits, scores, indices)

    return [module.register_forward_hook(hook)]


def elements(config: dict[str, Any], cls: str, batch: int, seq: int,
             target: int | None = None, device: str = "meta") -> dict[str, int]:
    """The real class's elementwise work by kind, for ``batch`` sequences of ``seq`` tokens."""
    counts: Counter[str] = Counter()

    @contextlib.contextmanager
    def watch(model: Any) -> Iterator[None]:
        counts.clear()
        ops = _Ops(counts, frozenset(id(b) for name, b in model.named_buffers()
                                     if name.endswith("bias") and b.is_floating_point()))
        handles = [h for m in model.modules() for h in _module_hooks(counts, ops, m)]
        try:
            with ops:
                yield
        finally:
            for handle in handles:
                handle.remove()

    forward(config, cls, batch, seq, target, watch, eager=True, device=device)
    return dict(counts)
