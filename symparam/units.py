"""Counts in the units people quote: parameters as papers write them (109.48 M, 8.03 B) and
operations with SI prefixes (22.35 GFLOPs). Plain Python: the command line, the results'
text and the core that writes it all read them from here."""

from __future__ import annotations

#: prefixes of a count of parameters (as ML papers write 7B) and of a count of operations
_COUNT_PREFIXES = ((10**12, "T"), (10**9, "B"), (10**6, "M"), (10**3, "K"))
_SI_PREFIXES = ((10**18, "E"), (10**15, "P"), (10**12, "T"), (10**9, "G"), (10**6, "M"),
                (10**3, "K"))


def human_count(count: int) -> str:
    """A parameter count in the units people quote, two decimals (torchinfo, calflops).

    >>> human_count(109_482_240), human_count(8_030_261_248), human_count(640)
    ('109.48 M', '8.03 B', '640')
    """
    for size, prefix in _COUNT_PREFIXES:
        if abs(count) >= size:
            return f"{count / size:,.2f} {prefix}"
    return str(count)


def human_ops(count: int, unit: str = "FLOPs") -> str:
    """A count of operations with an SI prefix, two decimals.

    >>> human_ops(22_348_431_360), human_ops(11_174_215_680, "MACs"), human_ops(12)
    ('22.35 GFLOPs', '11.17 GMACs', '12 FLOPs')
    """
    for size, prefix in _SI_PREFIXES:
        if abs(count) >= size:
            return f"{count / size:,.2f} {prefix}{unit}"
    return f"{count} {unit}"
