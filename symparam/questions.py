"""The questions each command of ``symparam`` asks, as methods of :class:`~symparam.built.Model`
of the same name — ``flops(seq=…)``, ``memory``, ``depends``, ``check``, ``approx``,
``sensitivity``, ``solve``, ``sweep`` — and the tree's outline (``count --depth``) and largest
layer. Each is a thin call of the module that answers it, imported when asked (those modules
read a model as :class:`~symparam.counted.Counted`, never through :mod:`symparam.model`), so a
count loads none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, overload

import sympy

from symparam.errors import InvalidValueError
from symparam.frozen import frozen
from symparam.integers import as_int

if TYPE_CHECKING:
    from symparam.analysis import Dependence
    from symparam.approx import Approximation, Sensitivities
    from symparam.check import CheckResult
    from symparam.compute import Compute, Memory
    from symparam.counted import Counted
    from symparam.solve import Solution


@frozen
class Module:
    """One line of :meth:`Model.modules`: a block's dotted path (``{i}`` for a repeated
    layer's index), class, depth under the root, the parameters of one copy, its copies, a
    stack's repeat count, a tensor's shape, and whether the tensor is tied (adds 0)."""

    path: str
    module: str
    depth: int
    params: int
    copies: int
    repeat: int | None = None
    shape: tuple[int, ...] | None = None
    tied: bool = False

    @property
    def total(self) -> int:
        """What all its copies hold."""
        return self.params * self.copies * (1 if self.repeat is None else self.repeat)


class Questions:
    """What :class:`~symparam.built.Model` answers beside its count (mixed into it)."""

    @overload
    def flops(self: Counted) -> sympy.Expr: ...

    @overload
    def flops(self: Counted, seq: int | None = None, batch: int | None = None, **conventions: Any
              ) -> Compute: ...

    def flops(self: Counted, seq: int | None = None, batch: int | None = None, **conventions: Any
              ) -> sympy.Expr | Compute:
        """Forward FLOPs (matrix products, 2 per multiply-add), as ``symparam flops`` counts
        them. With no arguments, the formula in B sequences of s tokens; with ``seq`` (and
        ``batch``, ``causal``, ``training``, ``recompute``, ``decode``, ``target_seq``,
        ``nonmatmul``, a vision–language model's ``images``: see
        :func:`symparam.compute.compute`), the exact count, a
        :class:`~symparam.compute.Compute` (``.flops``, ``.macs``, ``.parts``, ``.formula``).

        >>> import symparam
        >>> symparam.model("bert-base-uncased").flops(seq=128).flops
        22348431360
        """
        if seq is not None or batch is not None or conventions:
            from symparam.compute import compute

            given = {k: _whole(v) if k == "target_seq" else v for k, v in conventions.items()}
            return compute(self, seq=_whole(seq), batch=1 if batch is None else _whole(batch),
                           **given)
        return self._flops_formula()

    def memory(self: Counted, seq: int | None = None, batch: int = 1, dtype: str = "fp16",
               **more: Any) -> Memory:
        """What ``symparam memory`` prints: the weights per dtype, Adam's training state and,
        for a decoder, the KV cache of ``batch`` sequences of ``seq`` tokens
        (:func:`symparam.compute.memory`)."""
        from symparam.compute import memory

        return memory(self, seq=_whole(seq), batch=_whole(batch), dtype=dtype, **more)

    def per_gpu(self: Counted, gpus: int, tp: int = 1, pp: int = 1, ep: int = 1,
                zero: int = 0, sp: bool = False, micro_batch: int = 1,
                batch: int | None = None, seq: int | None = None,
                optimizer: str = "adam-mixed", recompute: str = "none",
                dtype: str = "bf16", cp: int = 1) -> Any:
        """What ``symparam memory --gpus`` prints: the bytes on the most loaded of ``gpus``
        GPUs under tensor (``tp``), pipeline (``pp``), expert (``ep``), sequence (``sp``) and
        context (``cp``) parallelism and ZeRO stage ``zero``, and with ``seq`` its activations,
        KV cache and
        traffic a step for ``batch`` sequences in micro-batches of ``micro_batch``
        (:func:`symparam.parallel.per_gpu`)."""
        from symparam.parallel import per_gpu
        from symparam.placement import Layout

        layout = Layout(gpus, tp, pp, ep, zero, sp, micro_batch, batch,
                        None if seq is None else _whole(seq), cp=cp)
        return per_gpu(self, layout, optimizer, recompute, dtype)

    def modules(self: Counted, depth: int | None = None) -> list[Module]:
        """The tree to ``depth`` levels (None: down to every tensor), as ``symparam count
        --depth`` prints it and torchinfo lists a model: each block's path, class, parameters
        of one copy and copies (a layer of a stack of N is there once, N copies)."""
        from symparam.blocks.outline import outline

        if depth is not None:
            number = as_int(depth)
            if number is None or number < 1:
                raise InvalidValueError(f"depth must be a whole number from 1, got {depth!r}")
            depth = number
        bound = self.bind()
        out = []
        for node in outline(self.tree, depth):
            repeat = None if node.repeat is None else self.value_of(node.repeat, bound)
            out.append(Module(node.path, node.module, node.depth,
                              self.value_of(node.params, bound) if repeat != 0 else 0,
                              self.value_of(node.copies, bound), repeat,
                              None if node.shape is None else
                              tuple(self.value_of(d, bound) for d in node.shape), node.tied))
        return out

    def largest_layer(self: Counted) -> tuple[str, int]:
        """The largest layer a model is loaded by — one layer of a stack, or a module outside
        the stacks (an embedding table, a head) — and its parameters: what must fit on one
        device at once (accelerate's ``estimate-memory`` names it too)."""
        from symparam.blocks.outline import layers

        bound = self.bind()
        found = [(path, self.count_of(block, bound)) for path, block, _ in layers(self.tree)]
        return max(found, key=lambda item: item[1], default=("", 0))

    # -- the analyses, as the commands of the same name -----------------------------------

    def depends(self: Counted) -> Dependence:
        """Which hyperparameters the total depends on, and why the others drop out
        (:func:`symparam.analysis.depends`)."""
        from symparam.analysis import depends

        return depends(self)

    def check(self: Counted, formula: str) -> CheckResult:
        """A formula worked out by hand against the exact total, term by term
        (:func:`symparam.check.check`); ``.equal`` says whether it is the count."""
        from symparam.check import check

        return check(self, formula)

    def approx(self: Counted, name: str | None = None, formula: str | None = None,
               order: int | None = None) -> Approximation:
        """A named approximation (``kaplan``, ``bert-shortcut``, ``nanogpt``), your own
        ``formula``, or the terms of degree ``order`` and more, with its exact error
        (:func:`symparam.approx.approximate`)."""
        from symparam.approx import approximate

        return approximate(self, name=name, formula=formula,
                           order=order if as_int(order) is None else as_int(order))

    def sensitivity(self: Counted) -> Sensitivities:
        """∂P/∂x and the elasticity of each hyperparameter at the model's values
        (:func:`symparam.approx.sensitivity`)."""
        from symparam.approx import sensitivity

        return sensitivity(self)

    def solve(self: Counted, name: str, target: int | str, multiple_of: int = 1) -> Solution:
        """The value of hyperparameter ``name`` (a multiple of ``multiple_of``) whose count is
        nearest ``target`` (a count, or text such as ``"7B"`` or ``"7e9"``)
        (:func:`symparam.solve.solve`)."""
        from symparam.solve import parse_target, solve

        wanted = parse_target(target) if isinstance(target, str) else target
        return solve(self, name, wanted, multiple_of)

    def page(self: Counted, lang: str = "en", symbolic: bool = False,
             title: str | None = None, example: tuple[Mapping[str, int], str, str] | None = None
             ) -> str:
        """``symparam page``: a self-contained HTML page (the derivation, and inputs that
        recompute the count exactly), opening in ``lang``, calling the model ``title`` if
        given; ``symbolic`` with ``example``: the values its inputs start from, as
        :func:`symparam.catalog.example_values` gives them; :func:`symparam.page.page`."""
        from symparam.page import page

        return page(self, lang=lang, symbolic=symbolic, title=title, example=example)



def _whole(value: Any) -> Any:
    """A length or count as a Python int where it is a whole number of any integer type
    (numpy's included: its arithmetic would wrap past 2⁶³); anything else as it was given, to
    be refused with the message of the function it reaches."""
    number = as_int(value)
    return value if number is None else number
