"""Blocks: tensors, composites, repeats and the torch layers built from them."""

from symparam.blocks.attention import Attention, attends_to
from symparam.blocks.base import Block, marked, on_first_token, on_sequence, unembedding
from symparam.blocks.conv import Conv1d, Conv2d
from symparam.blocks.entries import TensorInfo
from symparam.blocks.layers import (
    Activation,
    Conv1D,
    Elementwise,
    Embedding,
    LayerNorm,
    Linear,
    Residual,
    RMSNorm,
)
from symparam.blocks.moe import Experts
from symparam.blocks.numbers import evaluate
from symparam.blocks.relative import DisentangledAttention, Idle, OnTable, TableProduct
from symparam.blocks.tree import Repeat, Sequential, Stack, Tensor

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
