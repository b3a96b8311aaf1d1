"""A module tree as one build shows it, with its lists of layers folded into runs.

A build is read (:mod:`symparam.fitting.meta`) as its parameters, each under its module path,
with its shape and, for a parameter that is another one (tied), the name of its owner, and
each module's kind (Linear, Embedding, a norm, a convolution or none). :func:`skeleton` puts
them in a tree: a module holds its own tensors and its children, in the order
``named_parameters()`` lists them; a module whose children are numbered (a ``ModuleList``) is
a :class:`Listing`, its elements folded into :class:`Segment` s — runs of equal elements
that step by one stride (``layers.{i}``; every 4th layer a full attention …), the stride
chosen that needs the fewest runs.

Two builds at different sizes *align* when their trees differ only in numbers (shapes, run
lengths, where runs start): :func:`outline` is a tree without those numbers, and :func:`numbers`
reads every number of a tree under a path that names the same place in any aligned tree.

>>> from symparam.fitting.skeleton import Param, Reading
>>> params = [Param(f"layers.{i}.fc.weight", (8, 4), None) for i in range(3)]
>>> tree = skeleton(Reading(tuple(params), {f"layers.{i}.fc": "Linear" for i in range(3)}))
>>> listing = dict(tree.items)["layers"]
>>> [(s.start, s.count) for s in listing.segments]
[(0, 3)]
>>> sorted(numbers(tree).items())[:2]
[(('layers', '#0', 'count'), 3), (('layers', '#0', 'fc', 'weight', 0), 8)]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from symparam.errors import ModelDefinitionError

#: the longest period of layer kinds looked for in a list (Jamba's is 8)
MAX_PERIOD = 16


@dataclass(frozen=True)
class Param:
    """One parameter of a build: its full name, shape, and the full name of the parameter it
    is (None: its own)."""

    name: str
    shape: tuple[int, ...]
    tie: str | None


@dataclass(frozen=True)
class Reading:
    """What one build shows: its parameters in ``named_parameters()`` order (every name of a
    shared one), and the kind of each module that holds some (``Linear``, ``Embedding``,
    ``LayerNorm``, ``RMSNorm``, ``Conv1d``, ``Conv2d``, ``Conv1D``, or ``""``), by path;
    ``types``: each such module's torch class name."""

    params: tuple[Param, ...]
    kinds: Mapping[str, str]
    types: Mapping[str, str] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """The unique parameters, as ``num_parameters()`` counts them."""
        from math import prod

        return sum(prod(p.shape) for p in self.params if p.tie is None)


@dataclass(frozen=True)
class Leaf:
    """A tensor: its shape, and what it is tied to — ``None``, a full name (``abs:…``) or a
    name inside the same list element (``rel:…``)."""

    shape: tuple[int, ...]
    tie: str | None = None


@dataclass(frozen=True)
class Node:
    """A module: its kind, torch class name and items (tensors, child modules, lists)."""

    kind: str
    type_name: str
    items: tuple[tuple[str, Item], ...]


@dataclass(frozen=True)
class Segment:
    """``count`` equal list elements from index ``start``, one every ``stride``."""

    start: int
    count: int
    node: Node


@dataclass(frozen=True)
class Listing:
    """A numbered list of modules (``layers``): its length (the last index with weights, plus
    one), the stride its runs step by, and the runs in order of their first index."""

    length: int
    stride: int
    segments: tuple[Segment, ...]


Item = Leaf | Node | Listing


def skeleton(reading: Reading) -> Node:
    """The tree of one build (see the module's docstring)."""
    root: dict[str, Any] = {}
    for param in reading.params:
        parts = param.name.split(".")
        place = root
        for part in parts[:-1]:
            place = place.setdefault(part, {})
            if isinstance(place, Param):
                raise ModelDefinitionError(f"{param.name}: a parameter and a module share a name")
        place[parts[-1]] = param
    if root and all(k.isdigit() and not isinstance(v, Param) for k, v in root.items()):
        # the module is itself a numbered list (an nn.Sequential): one unnamed list
        return Node(reading.kinds.get("", ""), reading.types.get("", ""),
                    (("", _listing(root, "", reading, ())),))
    return _node(root, "", reading, ())


def _node(raw: dict[str, Any], path: str, reading: Reading, scopes: tuple[str, ...]) -> Node:
    items: list[tuple[str, Item]] = []
    tensors = [(k, v) for k, v in raw.items() if isinstance(v, Param)]
    modules = [(k, v) for k, v in raw.items() if not isinstance(v, Param)]
    for name, param in tensors:
        items.append((name, Leaf(param.shape, _tie(param.tie, scopes))))
    for name, sub in modules:
        inner = _join(path, name)
        numbered = [k for k in sub if k.isdigit() and not isinstance(sub[k], Param)]
        if numbered and len(numbered) == len(sub):  # a ModuleList (a ParameterList's
            # tensors, named 0, 1 …, stay the tensors of one module: Reformer's axial
            # position embeddings)
            items.append((name, _listing(sub, inner, reading, scopes)))
        else:
            items.append((name, _node(sub, inner, reading, scopes)))
    return Node(reading.kinds.get(path, ""), reading.types.get(path, ""), tuple(items))


def _tie(owner: str | None, scopes: tuple[str, ...]) -> str | None:
    """An owner's name as the tie records it: inside the innermost list element that holds the
    tied tensor, relative to that element (so that equal elements compare equal)."""
    if owner is None:
        return None
    if owner.startswith("="):  # already a place in the record (a base model's, for a head)
        return "at:" + owner[1:]
    if scopes and owner.startswith(scopes[-1] + "."):
        return "rel:" + owner[len(scopes[-1]) + 1:]
    return "abs:" + owner


def _listing(raw: dict[str, Any], path: str, reading: Reading,
             scopes: tuple[str, ...]) -> Listing:
    elements = {int(k): _node(v, _join(path, k), reading, (*scopes, _join(path, k)))
                for k, v in raw.items()}
    length = max(elements) + 1
    sequence = [elements.get(i) for i in range(length)]
    best: tuple[int, int, list[Segment]] | None = None
    for stride in range(1, min(length, MAX_PERIOD) + 1):
        segments = list(_runs(sequence, stride))
        if best is None or len(segments) < best[0]:
            best = (len(segments), stride, segments)
    assert best is not None
    _, stride, segments = best
    segments.sort(key=lambda s: s.start)
    return Listing(length, stride, tuple(segments))


def _runs(sequence: list[Node | None], stride: int) -> Iterator[Segment]:
    """The runs of equal elements along each residue of ``stride`` (empty ones left out)."""
    for residue in range(stride):
        run: Segment | None = None
        for index in range(residue, len(sequence), stride):
            element = sequence[index]
            if run is not None and element == run.node:
                run = Segment(run.start, run.count + 1, run.node)
                continue
            if run is not None:
                yield run
            run = None if element is None else Segment(index, 1, element)
        if run is not None:
            yield run


def where(tree: Node, name: str) -> tuple[str, ...]:
    """The place of the tensor called ``name`` (a full name of one build) in ``tree``: its
    path, list indices replaced by the run (``#k``) they fall in."""
    out: list[str] = []
    parts = name.split(".")
    here: Item = tree
    i = 0
    while i < len(parts):
        if isinstance(here, Listing):
            index = int(parts[i])
            for k, seg in enumerate(here.segments):
                if seg.start <= index < seg.start + seg.count * here.stride and \
                        (index - seg.start) % here.stride == 0:
                    out.append(f"#{k}")
                    here = seg.node
                    break
            else:
                raise ModelDefinitionError(f"{name}: index {index} is in no run")
        elif isinstance(here, Node) and len(here.items) == 1 and here.items[0][0] == "":
            here = here.items[0][1]  # a module that is itself a list: no name of its own
            continue
        elif isinstance(here, Node):
            here = dict(here.items)[parts[i]]
            out.append(parts[i])
        else:
            raise ModelDefinitionError(f"{name}: goes below a tensor")
        i += 1
    return tuple(out)


def outline(item: Item) -> Any:
    """``item`` without its numbers: what two aligned builds share (kinds, names, ranks of
    tensors, ties, strides and the order of runs)."""
    if isinstance(item, Leaf):
        return ("leaf", len(item.shape), item.tie)
    if isinstance(item, Listing):
        return ("list", item.stride, tuple(outline(s.node) for s in item.segments))
    return ("node", item.kind, tuple((name, outline(sub)) for name, sub in item.items))


def numbers(item: Item, path: tuple[str, ...] = ()) -> dict[tuple[Any, ...], int]:
    """Every number of ``item`` by its place: a tensor's dimensions (``…, "weight", 0``), a
    list's length, each run's first index and count (``…, "#0", "start"``)."""
    out: dict[tuple[Any, ...], int] = {}
    if isinstance(item, Leaf):
        out.update({(*path, d): size for d, size in enumerate(item.shape)})
    elif isinstance(item, Listing):
        out[(*path, "length")] = item.length
        for k, seg in enumerate(item.segments):
            out[(*path, f"#{k}", "start")] = seg.start
            out[(*path, f"#{k}", "count")] = seg.count
            out.update(numbers(seg.node, (*path, f"#{k}")))
    else:
        for name, sub in item.items:
            out.update(numbers(sub, (*path, name)))
    return out


def resolve_ties(tree: Node) -> Node:
    """``tree`` with each tie written as the owner's place (:func:`where`), which aligned
    builds share: ``abs:layers.#0.fc.weight`` from the root, ``rel:…`` from the list element
    that holds both."""
    def fix(node: Node, element: Node) -> Node:
        return Node(node.kind, node.type_name,
                    tuple((n, fix_item(sub, element)) for n, sub in node.items))

    def fix_item(item: Item, element: Node) -> Item:
        if isinstance(item, Leaf):
            if item.tie is None:
                return item
            if item.tie.startswith("at:"):
                return Leaf(item.shape, "abs:" + item.tie[3:])
            scope, name = (tree, item.tie[4:]) if item.tie.startswith("abs:") else \
                (element, item.tie[4:])
            return Leaf(item.shape, item.tie[:4] + ".".join(where(scope, name)))
        if isinstance(item, Listing):
            return Listing(item.length, item.stride, tuple(
                Segment(s.start, s.count, fix(s.node, s.node)) for s in item.segments))
        return fix(item, element)

    return fix(tree, tree)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name
