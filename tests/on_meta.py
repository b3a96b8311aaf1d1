"""torch and transformers for the oracle, and a class built on the meta device: no weights,
and torch's initialisers skipped there (filling a meta tensor changes nothing)."""

from __future__ import annotations

from typing import Any

from tests.tools import need

torch = need("torch")
transformers = need("transformers")


def _skipped_on_meta(init: Any) -> Any:
    """torch's initialiser ``init``, doing nothing to a meta tensor: a meta tensor holds no
    values, so filling it changes nothing but costs torch's dispatch (about half of building a
    model on the meta device). Any other tensor is filled as before."""
    def skip(tensor: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(tensor, torch.Tensor) and tensor.is_meta:
            return tensor
        return init(tensor, *args, **kwargs)

    skip.skips_meta = True  # type: ignore[attr-defined]
    return skip


def _skip_initialisers_on_meta() -> None:
    """Every initialiser where torch's modules hold it (the fitter's list,
    :data:`symparam.fitting.meta.INITIALISERS`) made :func:`_skipped_on_meta`; once a process."""
    from symparam.fitting.meta import INITIALISERS, initialising_modules

    for module in initialising_modules():
        for name in INITIALISERS:
            init = getattr(module, name, None)
            if init is not None and not getattr(init, "skips_meta", False):
                setattr(module, name, _skipped_on_meta(init))


_skip_initialisers_on_meta()


def named(module: Any) -> dict[str, tuple[int, ...]]:
    return {name: tuple(p.shape) for name, p in module.named_parameters()}


def build(cls: Any, config: Any, **kwargs: Any) -> dict[str, tuple[int, ...]]:
    with torch.device("meta"):
        return named(cls(config, **kwargs))
