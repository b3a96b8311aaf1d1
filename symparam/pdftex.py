"""What pdflatex can set of a name, in an English document's fonts (T1 with lmodern, TS1).

A name comes from anywhere — a folder called 模型, a block named 😀 — and an English document is
compiled with pdflatex, which stops at a character none of its fonts encodes ("Unicode
character 模 not set up"). Such a character is written as its code point, ``<U+6A21>``, after
composing what composes (``e`` and U+0301 are ``é``). Chinese and Korean documents are compiled
with xelatex, whose fonts are Unicode: they keep every name as it is.

>>> settable("模型-é-layer")
'<U+6A21><U+578B>-é-layer'
"""

from __future__ import annotations

import bisect
import unicodedata
from collections.abc import Container

#: the code points above ASCII that pdflatex sets in the English preamble (T1 and TS1 with
#: lmodern; U+00A0–U+017E: Latin-1 and most of Latin Extended-A), as ranges — each one
#: compiled by tests/fuzz/test_latex_names.py
RANGES = (
    (0x00A0, 0x0125), (0x0128, 0x0137), (0x0139, 0x013E), (0x0141, 0x0148), (0x014A, 0x0165),
    (0x0168, 0x017E), (0x0192, 0x0192), (0x01C4, 0x01D4), (0x01E2, 0x01E3), (0x01E6, 0x01EB),
    (0x01F0, 0x01F0), (0x01F4, 0x01F5), (0x0218, 0x021B), (0x0232, 0x0233), (0x0237, 0x0237),
    (0x02C6, 0x02C7), (0x02D8, 0x02D9), (0x02DB, 0x02DD), (0x0E3F, 0x0E3F), (0x1E02, 0x1E03),
    (0x1E0D, 0x1E0D), (0x1E1E, 0x1E21), (0x1E25, 0x1E25), (0x1E30, 0x1E31), (0x1E37, 0x1E37),
    (0x1E43, 0x1E43), (0x1E45, 0x1E45), (0x1E47, 0x1E47), (0x1E5B, 0x1E5B), (0x1E63, 0x1E63),
    (0x1E6D, 0x1E6D), (0x1E8E, 0x1E91), (0x1E9E, 0x1E9E), (0x1EF2, 0x1EF3), (0x2010, 0x2016),
    (0x2018, 0x201A), (0x201C, 0x201E), (0x2020, 0x2022), (0x2026, 0x2026), (0x2030, 0x2031),
    (0x2039, 0x203B), (0x203D, 0x203D), (0x2044, 0x2044), (0x204E, 0x204E), (0x2052, 0x2052),
    (0x20A1, 0x20A1), (0x20A4, 0x20A4), (0x20A6, 0x20A6), (0x20A9, 0x20A9), (0x20AB, 0x20AC),
    (0x20B1, 0x20B1), (0x2103, 0x2103), (0x2116, 0x2117), (0x211E, 0x211E), (0x2120, 0x2120),
    (0x2122, 0x2122), (0x2126, 0x2127), (0x212E, 0x212E), (0x2190, 0x2193), (0x2329, 0x232A),
    (0x2422, 0x2423), (0x25E6, 0x25E6), (0x25EF, 0x25EF), (0x266A, 0x266A), (0x27E8, 0x27E9),
    (0x3008, 0x3009), (0xFB00, 0xFB06),
)
_STARTS = [first for first, _ in RANGES]


def sets(character: str) -> bool:
    """Whether pdflatex sets ``character`` in an English document (ASCII, or one of RANGES)."""
    point = ord(character)
    if point < 0x80:
        return True
    at = bisect.bisect_right(_STARTS, point) - 1
    return at >= 0 and point <= RANGES[at][1]


def settable(text: str, also: Container[str] = ()) -> str:
    """``text`` composed (NFC), each character pdflatex cannot set (and that is not in
    ``also``, what the caller writes its own way) as its code point, ``<U+6A21>``."""
    return "".join(c if sets(c) or c in also else f"<U+{ord(c):04X}>"
                   for c in unicodedata.normalize("NFC", text))
