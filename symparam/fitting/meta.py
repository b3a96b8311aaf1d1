"""Building a module on torch's meta device and reading its parameters (needs torch).

No weights are allocated: a meta tensor has a shape and no storage, so a 70-billion-parameter
model builds in a fraction of a second. torch is imported here, when a build is asked for,
never when symparam is imported.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from symparam.errors import SymparamError
from symparam.fitting.skeleton import Param, Reading


def need_torch() -> Any:
    """torch, or a one-line error saying how to get it."""
    try:
        import torch
    except ImportError:
        raise SymparamError("fitting a module needs torch, which is not installed; install it "
                            "(pip install torch) or count a model symparam knows") from None
    return torch


#: torch's weight initialisers (``torch.nn.init``'s, which its modules import by name)
INITIALISERS = ("uniform_", "normal_", "constant_", "ones_", "zeros_", "eye_", "dirac_",
                "xavier_uniform_", "xavier_normal_", "kaiming_uniform_", "kaiming_normal_",
                "trunc_normal_", "orthogonal_", "sparse_")


def initialising_modules() -> list[Any]:
    """The loaded modules that hold :data:`INITIALISERS`: ``torch.nn.init`` and torch's own
    modules (``torch.nn.modules.linear`` …), which call them by the names they imported."""
    return [m for n, m in list(sys.modules.items())
            if n == "torch.nn.init" or n.startswith("torch.nn.modules.")]


@contextlib.contextmanager
def quiet_init() -> Iterator[None]:
    """torch's weight initialisers made to do nothing (a meta tensor has no values to set:
    they cost half a build's time), as transformers' ``no_init_weights`` does, but leaving
    a model's own ``init_weights`` alone — it ties the weights that are tied."""
    saved = []
    for module in initialising_modules():
        for name in INITIALISERS:
            if hasattr(module, name):
                saved.append((module, name, getattr(module, name)))
                setattr(module, name, _keep)
    for module_name, name, faster in _FASTER:
        module = sys.modules.get(module_name)
        if module is not None and hasattr(module, name):
            saved.append((module, name, getattr(module, name)))
            setattr(module, name, faster)
    try:
        yield
    finally:
        for module, name, function in saved:
            setattr(module, name, function)


def _keep(tensor: Any, *args: Any, **kwargs: Any) -> Any:
    return tensor


def _sinusoid_table(n_position: int, d_hid: int) -> Any:
    """VideoMAE's position table (a plain tensor, no parameter), as its
    ``get_sinusoid_encoding_table`` makes it, with numpy's arrays instead of a Python loop
    over every position and dimension (which took most of a build: 5 s at the default).

    >>> import numpy as np
    >>> from transformers.models.videomae import modeling_videomae as m
    >>> bool(np.allclose(_sinusoid_table(7, 6).numpy(), m.get_sinusoid_encoding_table(7, 6)))
    True
    """
    import numpy as np
    import torch

    exponents = 2 * (np.arange(d_hid) // 2) / d_hid
    table = np.arange(n_position)[:, None] / np.power(10000, exponents)[None, :]
    table[:, 0::2] = np.sin(table[:, 0::2])
    table[:, 1::2] = np.cos(table[:, 1::2])
    return torch.FloatTensor(table).unsqueeze(0)


#: model code's helpers that compute, with Python loops, values no parameter holds: each
#: replaced while a model is built, where its module is loaded, by one that makes the same
_FASTER: tuple[tuple[str, str, Callable[..., Any]], ...] = (
    ("transformers.models.videomae.modeling_videomae", "get_sinusoid_encoding_table",
     _sinusoid_table),
)


def build_on_meta(build: Callable[..., Any], sizes: Mapping[str, int]) -> Any:
    """``build(**sizes)`` on the meta device; it must return an ``nn.Module``."""
    import warnings

    torch = need_torch()
    with torch.device("meta"), quiet_init(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a builder's advice on how to run it, not ours
        module = build(**sizes)
    if not isinstance(module, torch.nn.Module):
        raise SymparamError(f"the builder returned a {type(module).__name__}, not a "
                            "torch.nn.Module")
    return module


def read(module: Any) -> Reading:
    """Every parameter of ``module`` under every name it has, in ``named_parameters()``
    order, the first name of a shared one its owner (as ``num_parameters()`` counts it once),
    and the kind of each module that holds one."""
    owners: dict[int, str] = {}
    params: list[Param] = []
    kinds: dict[str, str] = {}
    types: dict[str, str] = {}
    for path, mod in module.named_modules(remove_duplicate=False):
        own = [(n, p) for n, p in mod._parameters.items()  # none of zero elements: it
               if p is not None and p.numel() > 0]  # counts none (no register tokens)
        if not own:
            continue
        kinds[path] = kind_of(mod, {n: tuple(p.shape) for n, p in own})
        types[path] = type(mod).__name__
        for name, p in own:
            full = f"{path}.{name}" if path else name
            owner = owners.setdefault(id(p), full)
            params.append(Param(full, tuple(int(d) for d in p.shape),
                                None if owner == full else owner))
    return Reading(tuple(params), kinds, types)


def kind_of(module: Any, shapes: Mapping[str, tuple[int, ...]]) -> str:
    """What symparam block ``module`` is, from its torch class and its own tensors: a
    ``Linear``, ``Embedding``, ``LayerNorm``, ``RMSNorm``, ``Conv1d``/``Conv2d`` (square
    kernel), transformers' ``Conv1D`` (GPT-2's transposed Linear), or ``""`` (bare tensors)."""
    import torch

    nn = torch.nn
    names = set(shapes)
    weight = shapes.get("weight", ())
    bias = shapes.get("bias")
    one_d = len(weight) == 1 and (bias is None or bias == weight)
    type_name = type(module).__name__
    if isinstance(module, nn.Linear) and names <= {"weight", "bias"} and len(weight) == 2:
        return "Linear"
    if isinstance(module, nn.Embedding) and names == {"weight"}:
        return "Embedding"
    if isinstance(module, nn.Conv1d | nn.Conv2d) and names <= {"weight", "bias"}:
        dims = 1 if isinstance(module, nn.Conv1d) else 2
        if len(weight) == dims + 2 and len(set(weight[2:])) == 1:
            return f"Conv{dims}d"
        return ""
    if type_name == "Conv1D" and names <= {"weight", "bias"} and len(weight) == 2:
        return "Conv1D"
    if (isinstance(module, nn.LayerNorm) or type_name.endswith("LayerNorm")) and one_d \
            and names <= {"weight", "bias"}:
        return "LayerNorm"
    if (isinstance(module, nn.RMSNorm) or type_name.endswith("RMSNorm")) and one_d \
            and names == {"weight"}:
        return "RMSNorm"
    return ""
