"""The closed form of your own ``nn.Module``, read off its module tree (needs torch).

:func:`fit` builds the module on torch's meta device at the sizes you give and at sizes around
them, and returns a :class:`~symparam.built.Model` whose parameter count is an exact formula in
those sizes — each tensor's dimensions solved exactly and checked at sizes not used to find
them (:mod:`symparam.fitting.fitter`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from symparam.built import Model
from symparam.errors import InvalidValueError, SymparamError
from symparam.family import Family
from symparam.fitted import within
from symparam.fitted.tree import build
from symparam.fitting.fitter import Build, FitError, Fitted, fit_node
from symparam.fitting.meta import build_on_meta, need_torch, read
from symparam.fitting.skeleton import resolve_ties, skeleton
from symparam.integers import as_int
from symparam.symbols import describe

__all__ = ["FitError", "ModuleModel", "builder", "fit", "fitted_model", "observer"]


class ModuleModel(Model):
    """A :class:`Model` read off a module tree; ``fitted`` says how (the sizes it holds, those
    kept fixed and why, the builds it took)."""

    fitted: Fitted

    def __init__(self, *args: Any, fitted: Fitted, **kwargs: Any) -> None:
        self.fitted = fitted  # before the values are checked: its bounds check them
        super().__init__(*args, **kwargs)

    def _checked(self, values: Mapping[str, Any]) -> dict[str, int]:
        """The values checked as any model's, each size within the values the fit saw keep
        the example's modules (:attr:`Fitted.bounds`)."""
        out = super()._checked(values)
        within({k: (lo, hi, k) for k, (lo, hi) in self.fitted.bounds.items()}, out, self.name)
        return out


def observer(build: Callable[..., Any]) -> Callable[[Mapping[str, int]], Build | str]:
    """A function from sizes to the build's tree (:class:`Build`), or why it did not build."""
    def observe(point: Mapping[str, int]) -> Build | str:
        try:
            module = build_on_meta(build, point)
        except SymparamError:
            raise
        except Exception as error:  # the user's builder refusing these sizes: a probe fails
            return f"{type(error).__name__}: {str(error)[:200]}"
        reading = read(module)
        return Build(dict(point), resolve_ties(skeleton(reading)), reading.total)

    return observe


def fit(build: Callable[..., Any], name: str | None = None, /, *, seed: int = 0,
        **sizes: int) -> Model:
    """The :class:`Model` of the module ``build(**sizes)`` returns, its count a formula in
    the sizes (each a hyperparameter: ``H``, ``N``, or a name of your own), bound to the
    example sizes given. Sizes that change the module beyond its numbers (a ``bias`` flag
    given as 0 or 1 …) stay at the value given and are refused if changed.

    >>> import torch  # doctest: +SKIP
    >>> m = fit(lambda H, N: torch.nn.Sequential(*[torch.nn.Linear(H, H) for _ in range(N)]),
    ...         H=64, N=3)  # doctest: +SKIP
    >>> m.params  # doctest: +SKIP
    N*(H**2 + H)
    """
    need_torch()
    if not callable(build):
        raise InvalidValueError(f"fit takes a function from sizes to a module, not "
                                f"{type(build).__name__}")
    if not sizes:
        raise InvalidValueError("fit needs example sizes, e.g. fit(build, H=64, N=2)")
    checked: dict[str, int] = {}
    for key, value in sizes.items():
        describe(key)  # a hyperparameter's name
        number = as_int(value)
        if number is None or number <= 0:
            raise InvalidValueError(f"{key} must be a positive integer, got {value!r}")
        checked[key] = number
    found = fit_node(observer(build), checked, seed=seed)
    label = name or getattr(build, "__name__", "") or "module"
    if not isinstance(label, str) or not label.isidentifier():
        label = "module"
    return fitted_model(found, label)


def fitted_model(found: Fitted, name: str) -> Model:
    """A :class:`Model` of a fitted tree, bound to the sizes it was fitted at; FLOPs are not
    fitted (its blocks are read from the module tree, not told what they compute)."""
    node = found.node
    fixed = ", ".join(f"{k} ({why})" for k, why in found.fixed.items())
    note = f"; fixed at the example value: {fixed}" if fixed else ""
    family = Family(name=name, title=name,
                    description=f"read from torch's module tree by symparam.fit{note}",
                    architectures={name: "the module fitted"},
                    build=lambda _a, options: build(node, options, name),
                    compute=False, custom=True, fitted=True)
    held = {s.name for s in family.tree(name, {}).symbols()}
    return ModuleModel(name, family, name, {},
                       {k: v for k, v in found.sizes.items() if k in held}, fitted=found)


#: ``package.module:function`` (the function may be an attribute path: ``module:Class.make``)
_REFERENCE = re.compile(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*):([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)")


def builder(reference: str) -> Callable[..., Any]:
    """The function (or class) ``package.module:function`` names, imported (the current
    folder searched first, as ``python -m`` does)."""
    import importlib
    import os
    import sys

    found = _REFERENCE.fullmatch(reference.strip()) if isinstance(reference, str) else None
    if found is None:
        raise InvalidValueError(f"{reference!r} is not package.module:function")
    module_name, attribute = found.groups()
    here = os.getcwd()
    added = here not in sys.path
    if added:
        sys.path.insert(0, here)
    try:
        obj: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise SymparamError(f"cannot import {module_name}: {error}") from None
    except Exception as error:  # the module's own code failed while it was imported
        raise SymparamError(f"importing {module_name} failed: {type(error).__name__}: "
                            f"{str(error)[:200]}") from None
    finally:
        if added:
            sys.path.remove(here)
    for part in attribute.split("."):
        if not hasattr(obj, part):
            raise SymparamError(f"{module_name} has no {attribute}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise SymparamError(f"{reference} is a {type(obj).__name__}, not a function")
    return obj
