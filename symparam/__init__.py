"""symparam: exact closed-form parameter counts of neural networks, derived from their blocks.

>>> import symparam
>>> symparam.model("bert-base-uncased").count()
109482240
>>> symparam.Repeat(symparam.symbol("N"), symparam.Linear(8, 8, bias=False)).params
64*N
"""

from __future__ import annotations

#: the names below are imported on first use (PEP 562), so that ``import symparam`` (and with it
#: the command line, until it has its signal handlers) does not wait for sympy
TYPE_CHECKING = False
if TYPE_CHECKING:  # what type checkers see; at run time, :func:`__getattr__` imports them
    from typing import Any

    from symparam.assumptions import Assumption
    from symparam.blocks import (
        Block,
        Conv1D,
        Embedding,
        LayerNorm,
        Linear,
        Repeat,
        RMSNorm,
        Sequential,
        Tensor,
    )
    from symparam.built import Model
    from symparam.errors import SymparamError
    from symparam.symbols import symbol

#: the blocks of symparam.blocks that the package exports
_BLOCKS = ("Block", "Conv1D", "Embedding", "LayerNorm", "Linear", "Repeat", "RMSNorm",
           "Sequential", "Tensor")

__all__ = [
    "Assumption",
    "Block",
    "Conv1D",
    "Embedding",
    "LayerNorm",
    "Linear",
    "Model",
    "RMSNorm",
    "Repeat",
    "Sequential",
    "SymparamError",
    "Tensor",
    "fit",
    "from_block",
    "from_hf_config",
    "model",
    "model_names",
    "symbol",
]


def __getattr__(name: str) -> Any:
    """A public class, ``symbol`` or ``__version__``, imported the first time it is asked for
    and kept."""
    if name in _BLOCKS:
        from symparam import blocks

        found = getattr(blocks, name)
    elif name == "Assumption":
        from symparam.assumptions import Assumption as found
    elif name == "Model":
        from symparam.built import Model as found
    elif name == "SymparamError":
        from symparam.errors import SymparamError as found
    elif name == "symbol":
        from symparam.symbols import symbol as found
    elif name == "__version__":
        from symparam.version import __version__ as found
    else:
        raise AttributeError(f"module 'symparam' has no attribute {name!r}")
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, "__version__"})


def model_names() -> list[str]:
    """Every name :func:`model` accepts: families, config.json model types, then presets."""
    from symparam.catalog import model_names as names

    return names()


def model(name: str, **kwargs: Any) -> Model:
    """A family (``"bert"``), a model type (``"mixtral"``), a preset (``"bert-base-uncased"``)
    or a config.json path, as :func:`symparam.catalog.model` reads it.

    Keyword arguments bind hyperparameters by canonical name (``H=768``) or set the family's
    options (``pooler=False``); ``arch`` picks another class; ``base`` counts a config's base
    model; ``assume`` adds assumptions such as ``"d_ff=4*H"``; ``free`` drops a default
    assumption by its symbol (``free=["d_head"]`` keeps the head size a free hyperparameter).
    """
    from symparam.catalog import model as build

    for key in ("assume", "free"):
        if key in kwargs:
            kwargs[key] = _listed(key, kwargs[key])
    return build(name, **kwargs)


def _listed(key: str, given: Any) -> list[Any]:
    """``assume`` or ``free`` as a list: None is none, one string or Assumption is one (not
    its characters); anything else must be a list (or tuple, set) of them."""
    from symparam.assumptions import Assumption
    from symparam.errors import InvalidValueError

    if given is None:
        return []
    if isinstance(given, str | Assumption):
        return [given]
    if not isinstance(given, list | tuple | set | frozenset):
        raise InvalidValueError(f"{key} takes a list of strings, not {type(given).__name__}")
    wanted = (str, Assumption) if key == "assume" else (str,)
    for item in given:
        if not isinstance(item, wanted):
            raise InvalidValueError(f"{key} takes a list of strings; {item!r} is not one")
    return list(given)


def from_block(block: Block, name: str = "custom", /, *, attention: bool | None = None,
               **values: Any) -> Model:
    """A :class:`Model` of your own block tree, for ``count()``, ``formula()``, ``derive()``,
    ``flops()`` and the rest; ``values`` bind its hyperparameters by name (the vocabulary's,
    ``H``, or your own, ``symbol("r")``; only ``attention`` is taken).

    FLOPs see attention only where it is an :class:`~symparam.blocks.Attention` block; a tree
    without one must say ``attention=False`` to be given FLOPs (an attention written as plain
    Linear layers would lose its products over the sequence silently).

    >>> from symparam import Linear, Sequential, from_block, symbol
    >>> from_block(Sequential(fc=Linear(4, 2))).count()
    10
    >>> from_block(Sequential(fc=Linear(symbol("H"), 2)), H=8).count()
    18
    """
    from symparam.blocks import Block
    from symparam.built import Model
    from symparam.errors import InvalidValueError, ModelDefinitionError
    from symparam.family import Family
    from symparam.limits import MAX_BLOCKS

    if not isinstance(block, Block):
        raise InvalidValueError(f"from_block takes a Block, not {type(block).__name__}")
    if block.size > MAX_BLOCKS:
        raise ModelDefinitionError(
            f"the tree has {block.size:,} blocks, a block counted at each place it is used: "
            f"more than symparam derives ({MAX_BLOCKS:,}); a stack of layers is one Repeat")
    if not isinstance(name, str) or not name:
        raise InvalidValueError("from_block's name must be a non-empty string")
    if attention is not None and not isinstance(attention, bool):
        raise InvalidValueError(f"attention takes True or False, not {attention!r}")
    family = Family(name=name, title=name, description="a model built from blocks",
                    architectures={name: "your block tree"}, build=lambda _a, _o: block,
                    compute=True, custom=True, attention=attention)
    return Model(name, family, name, {}, values)


def fit(build: Any, name: str | None = None, /, *, seed: int = 0, **sizes: int) -> Model:
    """The :class:`Model` of your own ``nn.Module``: ``build(**sizes)`` is built on torch's
    meta device at the sizes given and around them, and each tensor's dimensions are read
    off as exact formulas in the sizes, checked at sizes not used to find them
    (:func:`symparam.fitting.fit`; needs torch). ``symparam.fit(build, H=64, N=2).params``
    is the closed form; ``count``, ``formula``, ``derive`` and the rest work on it."""
    from symparam.fitting import fit as fitted

    return fitted(build, name, seed=seed, **sizes)


def from_hf_config(source: Any, **kwargs: Any) -> Model:
    """The model a Hugging Face config describes — a ``config.json`` path or folder, its dict,
    or a transformers config object such as ``LlamaConfig(...)`` (see
    :func:`symparam.catalog.from_hf_config`)."""
    from symparam.catalog import from_hf_config as read

    for key in ("assume", "free"):
        if key in kwargs:
            kwargs[key] = _listed(key, kwargs[key])
    return read(source, **kwargs)
