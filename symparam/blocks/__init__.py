"""Blocks: tensors, composites, repeats and the torch layers built from them."""

from symparam.blocks.base import (
    Block,
    Repeat,
    Sequential,
    Stack,
    Tensor,
    TensorInfo,
    evaluate,
    marked,
    on_first_token,
    on_sequence,
    unembedding,
)
from symparam.blocks.layers import (
    Activation,
    Attention,
    Conv1D,
    Elementwise,
    Embedding,
    LayerNorm,
    Linear,
    Residual,
    RMSNorm,
)
from symparam.blocks.moe import Experts

__all__ = [
    "Activation",
    "Attention",
    "Block",
    "Conv1D",
    "Elementwise",
    "Embedding",
    "Experts",
    "LayerNorm",
    "Linear",
    "RMSNorm",
    "Repeat",
    "Residual",
    "Sequential",
    "Stack",
    "Tensor",
    "TensorInfo",
    "evaluate",
    "marked",
    "on_first_token",
    "on_sequence",
    "unembedding",
]
