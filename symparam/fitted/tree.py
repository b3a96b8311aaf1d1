"""A fitted module tree, written as JSON data, made into symparam's blocks.

A node is a module: ``{"module": kind, "type": torch class, "items": [[name, item], …]}``,
its kind one of ``Linear``, ``Embedding``, ``LayerNorm``, ``RMSNorm``, ``Conv1d``, ``Conv2d``,
``Conv1D`` or ``""`` (a module of bare tensors, a :class:`TorchModule`). An item is a node, a
tensor ``{"shape": [size, …], "tie": owner}`` or a list of layers ``{"runs": [{"count": size,
"start": size, "stride": k, "node": node}, …]}`` — one :class:`~symparam.blocks.Repeat` each.
Sizes are expressions (:mod:`symparam.fitted.expr`). Any item may hold ``"if": {key: [value,
…]}``: it is built only where the options have one of those values (a bias that
``attention_bias`` adds: :mod:`symparam.fitting.merge`).

A tie names its owner's place: ``abs:model.embed_tokens.weight`` from the root, ``abs:…#0…``
through a list's first run, ``rel:…`` from the list element that holds both.

>>> node = {"module": "", "type": "Net", "items": [
...     ["fc", {"module": "Linear", "type": "Linear",
...             "items": [["weight", {"shape": ["H", "H"]}], ["bias", {"shape": ["H"]}]]}]]}
>>> build(node, {}).params
H**2 + H
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import sympy

from symparam.blocks import (
    Block,
    Conv1D,
    Conv1d,
    Conv2d,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    RMSNorm,
    Sequential,
    Tensor,
)
from symparam.blocks.base import Row, adopt
from symparam.errors import ConfigError
from symparam.fitted.expr import decode
from symparam.limits import MAX_BLOCK_DEPTH


class TorchModule(Sequential):
    """A module of the fitted tree that is none of symparam's layers: its own tensors and its
    children, shown under its torch class name."""

    def __init__(self, type_name: str, named: Mapping[str, Block]) -> None:
        super().__init__(**named)
        self.type_name = type_name or "Module"

    def table_rows(self, path: str = "") -> Iterator[Row]:
        for row in super().table_rows(path):
            if row.module == "TorchModule":
                row = Row(row.name, self.type_name, row.weight, row.bias, row.params, row.tie)
            yield row


#: why a count or a size read off the tree must not fall below zero at the values bound
NOT_BELOW = ("a run of layers or a tensor's size read off the module tree falls below none "
             "there, which is not what transformers builds")


class Layers(Block):
    """A numbered list of modules: its runs of equal layers (each a
    :class:`~symparam.blocks.Repeat`, adding no name of its own) and its single layers, each
    under its index."""

    def __init__(self, parts: list[tuple[str, Block]]) -> None:
        self._children = adopt("a list of layers", parts)

    def children(self) -> tuple[tuple[str, Block], ...]:
        return self._children


def build(node: Mapping[str, Any], options: Mapping[str, Any], where: str = "record",
          outside: bool = False, parts: Mapping[str, Mapping[str, Any]] | None = None) -> Block:
    """The block tree ``node`` writes, with the items ``options`` select; an item
    ``{"part": name}`` is the node ``parts[name]`` (a class's base model). ``outside``: a tie
    to a tensor the node does not hold (a head's, to its base model's table) counts 0."""
    builder = _Builder(options, where, outside, parts or {})
    root = builder.module(node, "", 0)
    if builder.checks:  # refused where bound, as a top k above E is (Model checks at_most)
        root.__dict__["at_most"] = (*root.at_most, *(
            (sympy.S.Zero, expr, NOT_BELOW) for expr in builder.checks))
    return root


class _Builder:
    def __init__(self, options: Mapping[str, Any], where: str, outside: bool,
                 parts: Mapping[str, Mapping[str, Any]]) -> None:
        self.options = options
        self.where = where
        self.outside = outside
        self.parts = parts
        self.tensors: dict[str, Tensor] = {}  # by place, for ties
        self.root = ""  # where the node being built is mounted: a part's ``abs:`` ties start there
        self.checks: dict[Any, None] = {}  # sizes that must not fall below zero

    def fail(self, what: str) -> ConfigError:
        return ConfigError(f"{self.where}: {what}")

    def chosen(self, item: Mapping[str, Any]) -> bool:
        wanted = item.get("if") or {}
        if not isinstance(wanted, dict) or not all(isinstance(v, list) for v in wanted.values()):
            raise self.fail("an item's condition maps keys to lists of values")
        return all(self.options.get(key) in values for key, values in wanted.items())

    def size(self, data: Any) -> Any:
        """A count or size; one that may fall below zero at some values (N −
        first_k_dense_replace) is checked where values are bound (:attr:`Block.at_most`)."""
        expr = decode(data, self.where)
        if expr.is_positive is not True and not expr.is_zero:
            self.checks[expr] = None
        return expr

    def tie(self, item: Mapping[str, Any], element: str) -> Tensor | None:
        owner = item.get("tie")
        if owner is None:
            return None
        if not isinstance(owner, str) or owner[:4] not in ("abs:", "rel:"):
            raise self.fail(f"a tie names its owner's place, not {owner!r}")
        place = _join(self.root, owner[4:]) if owner.startswith("abs:") else \
            _join(element, owner[4:])
        if place not in self.tensors:
            if self.outside:
                return Tensor(1)  # held outside the node: what it adds is counted there
            raise self.fail(f"a tie to {place}, which comes later or is not built")
        return self.tensors[place]

    def module(self, node: Mapping[str, Any], path: str, depth: int,
               element: str = "") -> Block:
        if depth > MAX_BLOCK_DEPTH or not isinstance(node, Mapping):
            raise self.fail(f"{path or 'the root'} is not a module")
        items = node.get("items")
        if not isinstance(items, list):
            raise self.fail(f"{path or 'the root'} has no items")
        kept = [(name, item) for name, item in items if self.chosen(item)]
        layer = self.layer(node.get("module", ""), kept, path, element)
        if layer is not None:
            return layer
        named: dict[str, Block] = {}
        for name, item in kept:
            if not isinstance(name, str) or (not name and len(kept) > 1) or name in named:
                raise self.fail(f"{path}: an item's name is missing or repeated")
            inner = _join(path, name)
            if "part" in item:  # the base model under its attribute: its ties name places in it
                if item["part"] not in self.parts or self.root:
                    raise self.fail(f"{inner}: no part {item['part']!r}")
                self.root = inner
                try:
                    named[name] = self.module(self.parts[item["part"]], inner, depth + 1, element)
                finally:
                    self.root = ""
            elif "shape" in item:
                named[name] = self.tensor(item, inner, element)
            elif "runs" in item:
                named[name] = self.runs(item, inner, depth)
            else:
                named[name] = self.module(item, inner, depth + 1, element)
        if list(named) == [""] and isinstance(named[""], Layers):
            return named[""]  # a module that is itself a numbered list (an nn.Sequential)
        return TorchModule(str(node.get("type", "")), named)

    def tensor(self, item: Mapping[str, Any], path: str, element: str) -> Tensor:
        shape = item["shape"]
        if not isinstance(shape, list):
            raise self.fail(f"{path}: a shape is a list")
        tensor = Tensor(*(self.size(d) for d in shape), tie=self.tie(item, element))
        self.tensors[path] = tensor
        return tensor

    def runs(self, item: Mapping[str, Any], path: str, depth: int) -> Block:
        """A list of layers: a :class:`~symparam.blocks.Repeat` for each run, or, for a run
        of one layer at a fixed index, that layer under its index."""
        parts: list[tuple[str, Block]] = []
        runs = item["runs"]
        if not isinstance(runs, list) or not runs:
            raise self.fail(f"{path}: a list of layers has runs")
        for k, run in enumerate(runs):
            stride = run.get("stride", 1)
            if type(stride) is not int or not 1 <= stride <= 64:
                raise self.fail(f"{path}: a run's stride is a whole number from 1 to 64")
            inner = _join(path, f"#{k}")
            block = self.module(run["node"], inner, depth + 1, inner)
            count, start = self.size(run["count"]), self.size(run.get("start", 0))
            if count == 1 and start.is_Integer:
                parts.append((str(start), block))
            else:
                parts.append(("", Repeat(count, block, start, stride)))
        if len(parts) == 1 and parts[0][0] == "" and parts[0][1].start == 0 and \
                parts[0][1].stride == 1:
            return parts[0][1]
        return Layers(parts)

    def layer(self, kind: Any, items: list[Any], path: str, element: str) -> Block | None:
        """One of symparam's layers, where ``kind`` and the tensors make one."""
        shapes = {name: item.get("shape") for name, item in items}
        if kind == "" or any(s is None for s in shapes.values()):
            return None
        weight = [self.size(d) for d in shapes.get("weight") or []]
        bias = [self.size(d) for d in shapes["bias"]] if "bias" in shapes else None
        if set(shapes) - {"weight", "bias"} or not weight or \
                (bias is not None and dict(items)["bias"].get("tie") is not None):
            return None
        tie = self.tie(dict(items)["weight"], element)
        block: Block | None = None
        if kind == "Linear" and len(weight) == 2 and bias in (None, weight[:1]):
            block = Linear(weight[1], weight[0], bias=bias is not None, tie=tie)
        elif kind == "Conv1D" and len(weight) == 2 and bias in (None, weight[1:]) and tie is None:
            block = Conv1D(weight[0], weight[1], bias=bias is not None)
        elif kind == "Embedding" and len(weight) == 2 and bias is None:
            block = Embedding(weight[0], weight[1], tie=tie)
        elif tie is not None or len(weight) < 1 or bias not in (None, weight[:1]):
            return None
        elif kind == "LayerNorm" and len(weight) == 1:
            block = LayerNorm(weight[0], bias=bias is not None)
        elif kind == "RMSNorm" and len(weight) == 1 and bias is None:
            block = RMSNorm(weight[0])
        elif kind in ("Conv1d", "Conv2d") and len(weight) == (3 if kind == "Conv1d" else 4) \
                and len(set(weight[2:])) == 1:
            conv = Conv1d if kind == "Conv1d" else Conv2d
            block = conv(weight[1], weight[0], weight[2], bias=bias is not None)
        if block is None:
            return None
        for name, tensor in block.children():
            if tensor.is_tensor:
                self.tensors[_join(path, name)] = tensor
        return block


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name
