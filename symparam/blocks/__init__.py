"""Blocks: tensors, composites, repeats and the torch layers built from them."""

from symparam.blocks.base import Block, Repeat, Sequential, Tensor, TensorInfo, evaluate
from symparam.blocks.layers import Conv1D, Embedding, LayerNorm, Linear, RMSNorm

__all__ = [
    "Block",
    "Conv1D",
    "Embedding",
    "LayerNorm",
    "Linear",
    "RMSNorm",
    "Repeat",
    "Sequential",
    "Tensor",
    "TensorInfo",
    "evaluate",
]
