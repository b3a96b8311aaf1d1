"""Blocks: tensors, composites, repeats and the torch layers built from them."""

from symparam.blocks.base import (
    Block,
    Repeat,
    Sequential,
    Stack,
    Tensor,
    TensorInfo,
    evaluate,
    on_first_token,
    on_sequence,
)
from symparam.blocks.layers import Attention, Conv1D, Embedding, LayerNorm, Linear, RMSNorm
from symparam.blocks.moe import Experts

__all__ = [
    "Attention",
    "Block",
    "Conv1D",
    "Embedding",
    "Experts",
    "LayerNorm",
    "Linear",
    "RMSNorm",
    "Repeat",
    "Sequential",
    "Stack",
    "Tensor",
    "TensorInfo",
    "evaluate",
    "on_first_token",
    "on_sequence",
]
