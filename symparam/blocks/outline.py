"""A tree's outline, as torchinfo and fvcore print a model: each block to a given depth, down
to single tensors, with what one copy holds and how many copies the repeats around it make;
and the layers a model is loaded by (one layer of each stack, each module outside them).

Read off the blocks themselves (``children()``, ``is_stack``, ``is_tensor``), never off names.

>>> from symparam.blocks import Embedding, Linear, Repeat, Sequential
>>> from symparam.symbols import H, N, V
>>> tree = Sequential(embed=Embedding(V, H), layers=Repeat(N, Sequential(fc=Linear(H, H))))
>>> for n in outline(tree, 2):
...     print(n.depth, n.path, n.module, n.params, n.copies)
1 embed Embedding H*V 1
2 embed.weight Tensor H*V 1
1 layers Repeat H**2 + H 1
2 layers.{i}.fc Linear H**2 + H N
>>> [(path, block.params) for path, block, _ in layers(tree)]
[('embed', H*V), ('layers.{i}', H**2 + H)]
"""

from __future__ import annotations

from collections.abc import Iterator

import sympy

from symparam.blocks.base import Block, join
from symparam.blocks.tree import Stack
from symparam.frozen import frozen


@frozen
class Node:
    """One line of an outline: a block ``depth`` levels under the root (1: a child of the
    root), its dotted ``path`` (``{i}`` for the index of a repeated layer), its class, the
    parameters of one copy (a stack's: of one of its layers), the copies the enclosing
    repeats make, a stack's own repeat count and a tensor's shape."""

    path: str
    module: str
    depth: int
    params: sympy.Expr
    copies: sympy.Expr
    repeat: sympy.Expr | None = None
    shape: tuple[sympy.Expr, ...] | None = None
    tied: bool = False


def _shown(block: Block) -> bool:
    """Whether a block has a line: it holds weights, or is one (a weightless step — an
    activation, a residual add — has none)."""
    return block.is_tensor or bool(block.children())


def _inside(block: Block) -> tuple[tuple[str, Block], ...]:
    """What an outline shows under a block: a stack's layer's children (the layer itself is
    the stack's line, times its count), else the block's own children."""
    if block.is_stack:
        (_, layer), = block.children()
        return layer.children() if layer.children() else (("", layer),)
    if isinstance(block, Stack):  # one line per kind of layer, its runs together
        return tuple(("", placed.block) for placed in block.placed("", None, False))
    return block.children()


def outline(tree: Block, depth: int | None = None) -> list[Node]:
    """Every block of ``tree`` down to ``depth`` levels (None: all the way to the tensors),
    in the order the tree holds them."""
    out: list[Node] = []

    def visit(block: Block, path: str, level: int, copies: sympy.Expr) -> None:
        if not _shown(block):
            return
        wrapped = block.children()
        if len(wrapped) == 1 and wrapped[0][0] == "" and not block.is_stack:
            # a wrapper that adds no name (weights that do not run): the module it wraps
            visit(wrapped[0][1], path, level, copies)
            return
        repeat = block.count_expr if block.is_stack else None  # type: ignore[attr-defined]
        params = block.children()[0][1].params if block.is_stack else block.params
        out.append(Node(path, type(block).__name__, level, params, copies, repeat,
                        block.shape if block.is_tensor else None,  # type: ignore[attr-defined]
                        block.is_tensor and block.tie is not None))  # type: ignore[attr-defined]
        if depth is not None and level >= depth:
            return
        inner = join(path, "{i}") if repeat is not None else path
        more = copies * repeat if repeat is not None else copies
        for name, child in _inside(block):
            visit(child, join(inner, name), level + 1, more)

    for name, child in tree.children():
        visit(child, name, 1, sympy.Integer(1))
    return out


def layers(tree: Block) -> Iterator[tuple[str, Block, sympy.Expr]]:
    """The layers a model is loaded by, as accelerate sizes its largest layer: one layer of
    each stack (whole, never split), and each module outside the stacks whose children are
    all tensors (an embedding table, a head, a norm). Each with its path and copies."""

    def visit(block: Block, path: str, copies: sympy.Expr) -> Iterator[tuple[str, Block,
                                                                              sympy.Expr]]:
        if block.is_stack:
            (_, layer), = block.children()
            yield join(path, "{i}"), layer, copies * block.count_expr  # type: ignore[attr-defined]
            return
        children = block.children()
        if block.is_tensor or (children and all(child.is_tensor for _, child in children)):
            yield path, block, copies
            return
        for name, child in children:
            yield from visit(child, join(path, name), copies)

    for name, child in tree.children():
        yield from visit(child, name, sympy.Integer(1))
