"""How tensor parallelism splits each weight, marked on the tree where a family builds it.

The rules are Megatron-LM's (Shoeybi et al. 2019, "Megatron-LM: Training Multi-Billion Parameter
Language Models Using Model Parallelism", section 3; its code: ``ColumnParallelLinear``,
``RowParallelLinear`` and ``VocabParallelEmbedding`` in ``megatron/core/tensor_parallel/
layers.py``), the same transformers' ``base_model_tp_plan`` writes as ``colwise`` and ``rowwise``:

- a *column-parallel* linear (attention's q, k, v or fused qkv; an MLP's up and gate) splits its
  output features over the t ranks: its weight along the output dimension, its bias too;
- a *row-parallel* linear (attention's output projection, an MLP's down projection) splits its
  input features: its weight along the input dimension; its bias is added once, after the
  all-reduce, so every rank holds it whole (replicated);
- the token table is *vocab-parallel* (its V rows split), and so is the LM head (column-parallel
  over V);
- norms, position tables and routers are replicated.

A tensor records the dimension that is split (``split``) and whether a rule decided it
(``decided``); a matrix no rule decided is refused under tensor parallelism rather than guessed
(:mod:`symparam.parallel`). A vector no rule decided (a norm's scale, a position table's bias)
is replicated, as Megatron replicates them. Expert tensors (E first) are split over their first
dimension by expert parallelism (``expert``).

>>> from symparam.blocks import Linear
>>> from symparam.symbols import H, d_ff
>>> up, down = column(Linear(H, d_ff)), row(Linear(d_ff, H))
>>> up.weight.split, up.bias.split, down.weight.split, down.bias.split
(0, 0, 1, None)
"""

from __future__ import annotations

from typing import Any

from symparam.blocks.base import Block
from symparam.blocks.tree import Tensor


def _decide(tensor: Tensor | None, split: int | None) -> None:
    if tensor is None or tensor.tie is not None:
        return
    tensor.split = split
    tensor.decided = True


#: what a tensor is laid out by (:attr:`Tensor.unit`), as a refusal names it: one, several
HEADS = ("head", "heads")
QUERY_HEADS = ("query head", "query heads")
KV_HEADS = ("key/value head", "key/value heads")
KV_GROUPS = ("key/value group", "key/value groups")
SSM_GROUPS = ("group of B and C", "groups of B and C")
KEY_HEADS = ("key head of the gated delta-net", "key heads of the gated delta-net")


def column(linear: Any, units: Any = None, unit: tuple[str, str] = HEADS) -> Any:
    """Mark ``linear`` (a Linear or GPT-2's Conv1D) column-parallel: its output split.
    ``units``: a fused output laid out unit by unit (GPT-NeoX's and BLOOM's q, k, v head by
    head, (B, s, h, 3·d_head); Falcon's by key/value groups), whose split gives each rank whole
    units only where they divide by t (checked where the layout is placed); ``unit`` names
    them (one, several: :data:`HEADS`, :data:`KV_GROUPS`, …)."""
    _decide(linear.weight, linear.out_dim)
    _decide(linear.bias, 0)
    for tensor in (linear.weight, linear.bias):
        if tensor is not None and tensor.tie is None:
            laid_out(tensor, units, unit)
    linear.parallel = "column"
    return linear


def laid_out(tensor: Tensor, units: Any, unit: tuple[str, str]) -> Tensor:
    """Mark ``tensor``'s split dimension as laid out by ``units`` whole ``unit`` (one, several),
    which must divide by t."""
    tensor.units = units
    tensor.unit = unit
    return tensor


def row(linear: Any) -> Any:
    """Mark ``linear`` row-parallel: its input split, its bias replicated."""
    _decide(linear.weight, 1 - linear.out_dim)
    _decide(linear.bias, None)
    linear.parallel = "row"
    return linear


def replicated(block: Block) -> Block:
    """Mark every tensor under ``block`` as held whole by every tensor-parallel rank (a router,
    Megatron's replicated norms)."""
    for tensor in _tensors(block):
        _decide(tensor, None)
    return block


def unsplit(block: Block, why: str) -> Block:
    """Mark every tensor under ``block`` as one whose split symparam does not derive (a norm
    over all of q, whose statistics need every head): tensor parallelism is refused, ``why``."""
    for tensor in _tensors(block):
        tensor.unsplit = why
    return block


def split(tensor: Tensor, dim: int) -> Tensor:
    """Mark ``tensor`` split along ``dim`` (an expert's stacked matrices, attention sinks per
    head)."""
    _decide(tensor, dim)
    return tensor


def _tensors(block: Block) -> list[Tensor]:
    if isinstance(block, Tensor):
        return [block]
    return [t for _, child in block.children() for t in _tensors(child)]
