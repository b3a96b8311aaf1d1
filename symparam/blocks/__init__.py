"""Blocks: tensors, composites, repeats and the torch layers built from them."""

from symparam.blocks.base import Block, Repeat, Sequential, Stack, Tensor, TensorInfo, evaluate
from symparam.blocks.layers import Conv1D, Embedding, LayerNorm, Linear, RMSNorm
from symparam.blocks.moe import Experts

__all__ = [
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
]
