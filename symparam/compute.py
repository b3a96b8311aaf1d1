"""Conventions for memory (and, later, compute): bytes per parameter of each dtype, units.

>>> row = weight_memory(102_267_648)[0]
>>> row.dtype, row.bytes, round(row.mib, 2)
('fp32', 409070592, 390.12)
"""

from __future__ import annotations

from dataclasses import dataclass

DTYPE_BYTES = {"fp32": 4, "fp16": 2, "bf16": 2, "int8": 1}
MIB = 2**20
MB = 10**6
GIB = 2**30
GB = 10**9


@dataclass(frozen=True)
class MemoryRow:
    """The weights of a model stored in one dtype: bytes, and the same in MiB/GiB and MB/GB."""

    dtype: str
    bytes_per_param: int
    bytes: int

    @property
    def mib(self) -> float:
        return self.bytes / MIB

    @property
    def mb(self) -> float:
        return self.bytes / MB

    @property
    def gib(self) -> float:
        return self.bytes / GIB

    @property
    def gb(self) -> float:
        return self.bytes / GB


def weight_memory(params: int) -> list[MemoryRow]:
    """The weights' size in fp32, fp16, bf16 and int8."""
    return [MemoryRow(dtype, size, params * size) for dtype, size in DTYPE_BYTES.items()]
