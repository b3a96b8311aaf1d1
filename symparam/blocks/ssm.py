"""State-space and linear-attention mixers: the steps that hold no projection of their own.

A Mamba layer mixes tokens with a causal depthwise convolution and a recurrence whose state has
a fixed size, not with attention over every earlier token; Qwen3-Next's gated delta-net does the
same with a matrix-valued state. The blocks here are the parts of such a mixer that the
projections around them (plain :class:`~symparam.blocks.Linear` layers) do not describe: the
convolution, which transformers runs with k − 1 zeros padded on both sides; the scans, whose
matrix products torch's counter sees and whose other work is counted at stated costs; and the
state each of them keeps for later tokens (:meth:`cache`), which does not grow with the sequence.

>>> from symparam.symbols import B, d_conv, d_inner, d_state, s
>>> conv = CausalConv1d(d_inner, d_conv)
>>> conv.params, conv.cache(s)
(d_conv*d_inner + d_inner, d_conv*d_inner)
>>> SelectiveScan(d_inner, d_state).cache(s)
d_inner*d_state
"""

from __future__ import annotations

import sympy

from symparam.blocks.base import Block
from symparam.blocks.entries import Dim, as_size
from symparam.blocks.layers import Elementwise
from symparam.blocks.tree import Tensor


def chunks(seq: sympy.Expr, length: Dim) -> sympy.Expr:
    """How many chunks of ``length`` tokens a sequence of ``seq`` fills (the last one padded)."""
    return sympy.ceiling(seq / as_size(length, "chunk length"), evaluate=False)


class CausalConv1d(Block):
    """A causal depthwise convolution over the sequence, as transformers' state-space mixers run
    it: ``torch.nn.Conv1d`` with one filter of width k per channel (``weight`` C × 1 × k) and
    k − 1 zeros padded on both sides, of whose s + k − 1 outputs the first s are kept. Torch
    computes all of them, so it costs 2·B·C·k·(s + k − 1) FLOPs and its bias adds
    B·C·(s + k − 1); it keeps the last k inputs of each channel for the next token."""

    def __init__(self, channels: Dim, kernel: Dim, bias: bool = True) -> None:
        self.channels = as_size(channels, "channels")
        self.kernel = as_size(kernel, "kernel size")
        self.weight = Tensor(self.channels, 1, self.kernel)
        self.bias = Tensor(self.channels) if bias else None

    def children(self) -> tuple[tuple[str, Block], ...]:
        if self.bias is None:
            return (("weight", self.weight),)
        return (("weight", self.weight), ("bias", self.bias))

    def _outputs(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return batch * self.channels * (self.own_seq(seq) + self.kernel - 1)

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * self.kernel * self._outputs(batch, seq)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        return {} if self.bias is None else {"bias": self._outputs(batch, seq)}

    def cache(self, seq: sympy.Expr) -> sympy.Expr:
        """The last k inputs of every channel (transformers' conv state), whatever s is."""
        return self.held_state()

    def held_state(self) -> sympy.Expr:
        return self.channels * self.kernel


class _Scan(Elementwise):
    """A weightless step of a mixer with a matrix-product rule of its own and a state it keeps;
    it shows among a breakdown's steps, not in its tables, as an activation does."""

    def __init__(self, width: Dim, state: Dim) -> None:
        super().__init__(width)
        self.state = as_size(state, "state size")

    def symbols(self) -> set[sympy.Symbol]:
        return super().symbols() | self.state.free_symbols

    def cache(self, seq: sympy.Expr) -> sympy.Expr:
        return self.held_state()

    def held_state(self) -> sympy.Expr:
        return self.width * self.state


class SelectiveScan(_Scan):
    """Mamba's selective scan (Gu & Dao 2023, algorithm 2) over an inner width of d channels,
    each with a state of n numbers: Δ = softplus(Δ + bias) per channel; Ā = exp(Δ·A) and
    B̄·x = Δ·B·x per channel and state number; the recurrence h ← Ā·h + B̄·x; the read-out
    y = C·h, which transformers runs as a batched matrix product (2·B·s·d·n FLOPs); and the
    skip connection y + D·x. It keeps h, d·n numbers, for the next token."""

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 2 * batch * self.own_seq(seq) * self.width * self.state

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        tokens = batch * self.own_seq(seq)
        return {"activation": tokens * self.width,  # softplus of Δ
                "selective_scan": tokens * self.width * self.state, "ssm_skip": tokens * self.width}


class ChunkedScan(_Scan):
    """Mamba-2's scan as state-space duality computes it (Dao & Gu 2024, section 6): the
    sequence in chunks of Q tokens (the last padded), within a chunk an attention-like product
    masked by the decays, between chunks a recurrence over the chunks' states. With c = ⌈s/Q⌉
    chunks, h heads, inner width d and state size n, torch's counter sees five products:
    C·Bᵀ within each chunk (2·B·c·Q²·h·n), its weighted values (2·B·c·Q²·d), each chunk's
    state (2·B·c·Q·d·n), the states passed from chunk to chunk (2·B·(c + 1)²·d·n) and their
    read-out (2·B·c·Q·d·n). It keeps the state, d·n numbers (h heads of d/h × n). (With a
    state size n or a chunk length Q of 1, torch's einsum multiplies elementwise over the
    contracted size of 1, and its counter sees no product there; symparam counts the products
    as written.)"""

    def __init__(self, width: Dim, state: Dim, heads: Dim, chunk: int) -> None:
        super().__init__(width, state)
        self.heads = as_size(heads, "heads")
        self.chunk = as_size(chunk, "chunk length")

    def symbols(self) -> set[sympy.Symbol]:
        return super().symbols() | self.heads.free_symbols

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        c, q = chunks(self.own_seq(seq), self.chunk), self.chunk
        d, n = self.width, self.state
        return 2 * batch * (c * q**2 * (self.heads * n + d) + 2 * c * q * d * n
                            + (c + 1) ** 2 * d * n)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        tokens = batch * self.own_seq(seq)
        padded = batch * chunks(self.own_seq(seq), self.chunk) * self.chunk
        d, h = self.width, self.heads
        return {"bias": tokens * h, "activation": tokens * h,  # Δ + its bias, softplus
                "chunked_scan": padded * (h * (2 * self.chunk + self.state) + 2 * d)
                + tokens * d, "ssm_skip": padded * d}


class DeltaRule(_Scan):
    """The gated delta rule (Yang et al. 2024) in chunks of 64 tokens, as transformers runs
    Qwen3-Next's linear attention: each of h value heads keeps a d_k × d_v state S, decayed by
    exp(g) and corrected towards each new key's value, S ← exp(g)·S + β·k·(v − Sᵀk)ᵀ, and reads
    queries out of it. torch's counter sees, per chunk and head, the two Q × Q score matrices
    (k_β·kᵀ and q·kᵀ), the products with the state and the weighted values; the two triangular
    solves that build the chunk's corrected values it does not see (they are in the stated
    cost of ``delta_rule``). It keeps S, h·d_k·d_v numbers."""

    CHUNK = 64

    def __init__(self, heads: Dim, key: Dim, value: Dim) -> None:
        super().__init__(as_size(heads, "value heads") * as_size(key, "key head size"),
                         as_size(value, "value head size"))
        self.heads, self.key, self.value = (as_size(heads), as_size(key), as_size(value))

    def symbols(self) -> set[sympy.Symbol]:
        return super().symbols() | self.heads.free_symbols | self.key.free_symbols

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        c, q = chunks(self.own_seq(seq), self.CHUNK), self.CHUNK
        dk, dv = self.key, self.value
        return 2 * batch * self.heads * c * (2 * q**2 * dk + 3 * q * dk * dv + q**2 * dv)

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        q = self.CHUNK
        c = chunks(self.own_seq(seq), q)
        dk, dv = self.key, self.value
        per_position = (q - 1) * (dk + dv) + 3 * q + 11 * dk + 3 * dv
        return {"delta_rule": batch * self.heads * c * (q * per_position + 2 * dk * dv)}
