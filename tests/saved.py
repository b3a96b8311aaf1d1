"""The oracle for activation memory: what the real class saves for its backward pass.

A training step of the real class (train mode, every dropout at 0, eager attention and experts,
small real weights on the CPU, ``use_cache=False``: a cache is for generation, and filling
one copies each layer's keys and values) runs under
``torch.autograd.graph.saved_tensors_hooks``; every tensor an operation saves is seen there,
and its storage is counted once (a view saves its whole storage), the model's parameters and
buffers left out (they are weights, not activations). Recomputation as transformers and
Megatron-LM do it: ``full``, transformers' gradient checkpointing of each layer;
``selective``, each layer's attention function (``eager_attention_forward``) run under
``torch.utils.checkpoint``, which keeps its inputs.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from typing import Any

from tests.declared import feeding
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

DTYPES = {"fp32": torch.float32, "bf16": torch.bfloat16}


#: model types without attention, which selective recomputation leaves as they are
NO_ATTENTION = frozenset({"convnext"})


@contextlib.contextmanager
def _selective(model: Any) -> Iterator[None]:
    """Each layer's attention core (the modeling module's ``eager_attention_forward``) run
    under a reentrant checkpoint: it keeps the core's tensor inputs and runs it again."""
    module = importlib.import_module(type(model).__module__)
    original = getattr(module, "eager_attention_forward", None)
    if original is None and model.config.model_type in NO_ATTENTION:
        yield  # nothing to recompute
        return
    if original is None:
        raise LookupError(f"{type(model).__name__} has no attention function to checkpoint")

    def checkpointed(attention: Any, query: Any, key: Any, value: Any, mask: Any,
                     *args: Any, **kwargs: Any) -> Any:
        def core(q: Any, k: Any, v: Any, m: Any) -> Any:
            return original(attention, q, k, v, m, *args, **kwargs)

        return torch.utils.checkpoint.checkpoint(core, query, key, value, mask,
                                                 use_reentrant=True)

    module.eager_attention_forward = checkpointed
    try:
        yield
    finally:
        module.eager_attention_forward = original


def saved_bytes(config: dict[str, Any], cls: str, batch: int, seq: int,
                target: int | None = None, policy: str = "none", dtype: str = "fp32",
                detail: list[tuple[str, tuple[int, ...], str, int]] | None = None) -> int:
    """Bytes of the distinct storages a forward pass of the class named ``cls`` saves for its
    backward pass, for ``batch`` sequences of ``seq`` tokens (an image for ViT; ``target``
    decoder tokens for T5), parameters and buffers left out. ``detail`` collects (module,
    shape, dtype, bytes) of each storage."""
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    hf_config = transformers.AutoConfig.for_model(config["model_type"], **data)
    hf_config._attn_implementation = "eager"
    hf_config._experts_implementation = "eager"
    hf_config.use_cache = False  # a training step fills no cache (the classes that take no
    # use_cache argument read the config's)
    torch.manual_seed(0)
    model = getattr(transformers, cls)(hf_config).to(DTYPES[dtype])
    model.train()
    for module in model.modules():  # dropout off: a mask would be saved
        if isinstance(module, torch.nn.Dropout):
            module.p = 0.0
        for name, value in list(vars(module).items()):
            if "dropout" in name and isinstance(value, float):
                setattr(module, name, 0.0)
    if policy == "full":
        model.activation_checkpointing_enable()
    state = {t.untyped_storage().data_ptr()
             for t in (*model.parameters(), *model.buffers())}
    stack: list[str] = []
    handles = []
    for name, module in model.named_modules():
        handles.append(module.register_forward_pre_hook(
            lambda m, i, n=name: stack.append(n)))
        handles.append(module.register_forward_hook(lambda m, i, o: (stack.pop(), None)[1]))
    seen: dict[int, int] = {}
    alive: list[Any] = []  # held until counted: a freed storage's address can come back

    def pack(tensor: Any) -> Any:
        alive.append(tensor)
        storage = tensor.untyped_storage()
        pointer = storage.data_ptr()
        if pointer not in state and pointer not in seen and storage.nbytes():
            seen[pointer] = storage.nbytes()
            if detail is not None:
                detail.append((stack[-1] if stack else "", tuple(tensor.shape),
                               str(tensor.dtype), storage.nbytes()))
        return tensor

    if feeding(config["model_type"], cls) == "pixels":  # an image of the configured side
        side = hf_config.image_size
        inputs = {"pixel_values": torch.zeros((batch, hf_config.num_channels, side, side),
                                              dtype=DTYPES[dtype])}
    else:
        generator = torch.Generator().manual_seed(1)
        shape = (1, batch, seq) if cls.endswith("ForMultipleChoice") else (batch, seq)
        inputs = {"input_ids": torch.randint(0, hf_config.vocab_size, shape,
                                             generator=generator)}
    if target is not None:
        inputs["decoder_input_ids"] = torch.zeros((batch, target), dtype=torch.long)
    chosen = _selective(model) if policy == "selective" else contextlib.nullcontext()
    try:
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t), chosen:
            model(**inputs)
    finally:
        for handle in handles:
            handle.remove()
    return sum(seen.values())
