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
from symparam.blocks.conv import Conv1d, Conv2d
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
    attends_to,
)
from symparam.blocks.moe import Experts
from symparam.blocks.relative import DisentangledAttention, Idle, OnTable, TableProduct

__all__ = [
    "Activation",
    "Attention",
    "Block",
    "Conv1D",
    "Conv1d",
    "Conv2d",
    "DisentangledAttention",
    "Elementwise",
    "Embedding",
    "Experts",
    "Idle",
    "LayerNorm",
    "Linear",
    "OnTable",
    "RMSNorm",
    "Repeat",
    "Residual",
    "Sequential",
    "Stack",
    "TableProduct",
    "Tensor",
    "TensorInfo",
    "attends_to",
    "evaluate",
    "marked",
    "on_first_token",
    "on_sequence",
    "unembedding",
]
