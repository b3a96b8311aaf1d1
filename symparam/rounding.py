"""Numbers as people read them, rounded exactly: a decimal, a size in a unit, a share or a
gap as a percentage. The one rule each is written by in every output — the command line's
tables, Markdown, LaTeX and a page, whose script (``templates/page/rational.js``) rounds the
same way over exact rationals (``tests/test_rounding.py`` runs it in node against these).

>>> percent(1, 8), percent(1, 800), decimal(Fraction(5, 2), 0)
('12.5%', '0.12%', '2')
"""

from __future__ import annotations

from fractions import Fraction


def decimal(number: Fraction, places: int) -> str:
    """``number`` (not negative) rounded half to even at ``places`` decimals, with separators."""
    scaled = round(number * 10**places)  # Fraction rounds half to even, exactly
    head, tail = divmod(scaled, 10**places)
    return f"{head:,}" + (f".{tail:0{places}d}" if places else "")


def in_units(number: int | Fraction, size: int, unit: str) -> str:
    """``number`` bytes in a unit of ``size`` bytes, to two places, rounded exactly as the
    page's script rounds it: the one way every output writes a size.

    >>> in_units(3 * 2**29, 2**30, "GiB"), in_units(1_234_005_000, 10**9, "GB")
    ('1.50 GiB', '1.23 GB')
    """
    return f"{decimal(Fraction(number) / size, 2)} {unit}"


def gib(number: int | Fraction) -> str:
    """``number`` bytes in GiB, as :func:`in_units` writes them.

    >>> gib(3 * 2**29), gib(2**53 + 2**29)
    ('1.50 GiB', '8,388,608.50 GiB')
    """
    return in_units(number, 2**30, "GiB")


def percent(part: int | float | Fraction, whole: int | Fraction = 1) -> str:
    """``part`` of ``whole`` (a share, or a gap: its size) as people read it: 21.8%, 6.36%,
    0.54%, 0.0039% (one decimal from 10%, more where that would round a part to 100%, else two
    significant digits, at most 8 decimals: never a gap shown as 0.00%, nor a part as the
    whole), rounded exactly, as the page's script rounds it. The one percentage every output
    writes.

    >>> percent(1, 3), percent(1, 30000), percent(Fraction(99983, 100000)), percent(0.218)
    ('33.3%', '0.0033%', '99.98%', '21.8%')
    """
    shown_ = abs(Fraction(part) * 100 / Fraction(whole))
    if shown_ == 0:
        return "0%"
    if shown_ == 100:
        return "100%"
    if shown_ >= 10:
        places = 1
        while places < 8 and decimal(shown_, places).replace(",", "") == f"100.{'0' * places}":
            places += 1
        return f"{decimal(shown_, places)}%"
    exponent = 0  # floor(log10(shown_)), shown_ below 10
    while shown_ < Fraction(1, 10**-exponent):
        exponent -= 1
    return f"{decimal(shown_, min(8, max(2, 1 - exponent)))}%"


def signed_percent(part: int | float | Fraction, whole: int | Fraction = 1) -> str:
    """A change of ``part`` against ``whole`` (a count above or below a target, an estimate
    against the exact value) with its sign, written as :func:`percent` writes a share.

    >>> signed_percent(3, 800), signed_percent(-1, 3), signed_percent(0)
    ('+0.38%', '-33.3%', '+0%')
    """
    return ("-" if Fraction(part) * Fraction(whole) < 0 else "+") + percent(part, whole)

