"""One rule for a share: :func:`symparam.rounding.percent` in Python (the command line's tables,
Markdown, LaTeX, a page before its script runs) and the page's script's ``percent`` (after it
does, ``templates/page/rational.js``) write every fraction alike — ties rounded half to even,
shares under 0.01%, none, the whole, gaps past 100% — and so do their sizes in a unit."""

from __future__ import annotations

import json
import shutil
import subprocess
from fractions import Fraction

import pytest

from symparam.rounding import in_units, percent
from symparam.tables import share
from tests.tools import ROOT, require

#: (part, whole) as exact fractions: ties at each number of places, shares under 0.01% and
#: under the last place written, none, the whole and next to it, gaps past 100%, a part above
#: its whole's thousands, fractions of fractions, and signs (a gap below: its size)
CASES = (
    (Fraction(49, 400), 1), (Fraction(1, 8), 1), (Fraction(3, 8000), 1), (Fraction(1, 800), 1),
    (Fraction(27, 20000), 1), (Fraction(1, 80), 1), (Fraction(5, 8), 1),
    (Fraction(1, 3), 1), (Fraction(2, 3), 1), (Fraction(1, 30000), 1),
    (4096, 6_738_415_616), (1, 10**12), (1, 2 * 10**10), (1, 10**11),
    (0, 5), (5, 5), (Fraction(9998, 10000), 1), (Fraction(99983, 100000), 1),
    (999_996, 1_000_000), (10**12 - 1, 10**12), (Fraction(19, 20), 1),
    (Fraction(3, 2), 1), (Fraction(10004, 10000), 1), (1001, 1000), (123_456, 1),
    (Fraction(7, 3), Fraction(9, 2)), (Fraction(1, 10), 1), (Fraction(1, 1000), 1),
    (-1, 3), (1, -3), (Fraction(-2, 7), Fraction(-5, 3)), (Fraction(1, 1024), 1),
)


def _js(part: int | Fraction, whole: int | Fraction) -> str:
    p, w = Fraction(part), Fraction(whole)
    return f"[[{p.numerator}n, {p.denominator}n], [{w.numerator}n, {w.denominator}n]]"


def run_script(calls: str) -> list[str]:
    """What the page's script's helpers give for ``calls`` (a JavaScript array literal of
    their results), run in node over ``rational.js`` as the page holds it."""
    node = shutil.which("node")
    require(node is not None, "node")
    runtime = (ROOT / "templates" / "page" / "rational.js").read_text(encoding="utf-8")
    script = f'"use strict";\n{runtime}\nconsole.log(JSON.stringify({calls}));\n'
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, check=False,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_script_writes_every_share_as_python_does() -> None:
    calls = "[" + ", ".join(f"percent(...{_js(p, w)})" for p, w in CASES) + "]"
    assert run_script(calls) == [percent(p, w) for p, w in CASES]


def test_the_rule_itself() -> None:
    """Worked by hand: half to even at the last place written, one decimal from 10%, two
    significant digits below it (at most 8 decimals), never 0.00% or 100% for what is not."""
    assert percent(Fraction(49, 400)) == "12.2%"  # 12.25: to the even 2
    assert percent(Fraction(1, 800)) == "0.12%"  # 0.125: to the even 2
    assert percent(Fraction(27, 20000)) == "0.14%"  # 0.135: to the even 4
    assert percent(Fraction(5, 8)) == "62.5%" and percent(Fraction(1, 80)) == "1.25%"
    assert percent(Fraction(1, 30000)) == "0.0033%"
    assert percent(4096, 6_738_415_616) == "0.000061%"  # 0.0000607858…%
    assert percent(1, 2 * 10**10) == "0.00000000%"  # 5·10⁻⁹ %: a tie at the 8th place, to 0
    assert percent(0, 5) == "0%" and percent(5, 5) == "100%"
    assert percent(Fraction(99983, 100000)) == "99.98%"  # not 100.0%
    assert percent(10**12 - 1, 10**12) == "100.00000000%"  # 99.9999999999%: 8 places at most
    assert percent(123_456, 1) == "12,345,600.0%" and percent(1001, 1000) == "100.1%"
    assert percent(-1, 3) == percent(1, -3) == "33.3%"  # a gap's size
    assert share(4096, 6_738_415_616) == "0.000061%" and share(1, 0) is None


@pytest.mark.parametrize("unit", [(2**30, "GiB"), (10**9, "GB")])
def test_the_script_writes_every_size_as_python_does(unit: tuple[int, str]) -> None:
    size, name = unit
    numbers = (0, 1, 3 * 2**29, 1_234_005_000, 1_235_000_000, 1_225_000_000, 5 * 10**6,
               Fraction(2**31, 3), 10**15 + 5 * 10**6, 2**61 - 1)
    calls = "[" + ", ".join(
        f"inUnits([{Fraction(n).numerator}n, {Fraction(n).denominator}n], {size}n, "
        f"{json.dumps(name)})" for n in numbers) + "]"
    assert run_script(calls) == [in_units(n, size, name) for n in numbers]
    assert in_units(1_225_000_000, 10**9, "GB") == "1.22 GB"  # 1.225: to the even 2
