"""Every bound symparam puts on what it reads, in one place (SECURITY.md lists them).

Input comes from strangers: config.json files, formulas typed on a command line, names. Each
bound keeps the work a hostile input can cause small (seconds, not hours; megabytes, not
gigabytes) and turns anything beyond it into a one-line error.
"""

from __future__ import annotations

from symparam.errors import InvalidValueError, Param

#: a config.json larger than this is refused before it is read (real ones are a few KB)
MAX_CONFIG_BYTES = 10 * 2**20
#: a number in a config.json with more digits than this is refused while parsing
MAX_JSON_DIGITS = 40
#: the largest value a hyperparameter may take (any count stays exact and printable)
MAX_VALUE = 10**30
#: per-layer lists (Qwen-MoE's mlp_only_layers, a depth listed layer by layer) are at most this
MAX_LAYERS_LISTED = 100_000
#: an integer option (the MLP's ``layers``, the MoE's ``sparse_step``) builds that many blocks
#: or runs of layers, each with its own terms in the formula
MAX_OPTION_VALUE = 64
#: blocks nested in blocks (real models are under ten deep; every walk of a tree recurses)
MAX_BLOCK_DEPTH = 100
#: blocks a walk of one tree visits, a block counted at each place it is used (a block used
#: twice at each of 40 levels is 2^40 visits; 1,000 runs of Qwen3-Next's layers are 41,506)
MAX_TREE_BLOCKS = 100_000
#: blocks of a tree built with the Python API (``from_block``), counted the same way: each is
#: a row of its derivation and page (the largest built-in model has 188; a stack of N layers
#: is one Repeat, not N blocks)
MAX_BLOCKS = 2_000
#: a per-layer pattern is built as runs of equal layers; at most this many runs
MAX_LAYER_RUNS = 1_000
#: the largest value ``solve`` searches for (its bisection stays within 40 steps)
MAX_SOLVED = 2**40
#: the largest target count ``solve`` takes
MAX_TARGET = 10**18
#: batch, sequence and decoder lengths for compute
MAX_SEQUENCE = 10**9
#: values one range of ``sweep`` or ``plot --sweep`` holds
MAX_RANGE_POINTS = 100_000
#: models one plot shows (a bar or a curve each), and points on a curve
MAX_PLOT_MODELS = 20
MAX_PLOT_POINTS = 1_000
#: model folders one folder may hold for ``symparam count DIR`` (each is read and counted)
MAX_FOLDER_MODELS = 1_000
#: rows a ``symparam sweep`` lists (its grid is built in memory and printed)
MAX_GRID_POINTS = 1_000_000
#: combinations one ``Model.evaluate`` works out, its arrays broadcast together (with numpy:
#: under a second and 300 MB for the largest count; a grid of 10,000 by 10,000 would need GBs)
MAX_EVALUATE_POINTS = 1_000_000
#: the same without numpy, each combination worked out in Python (30 µs one of Jamba's)
MAX_EVALUATE_POINTS_WITHOUT_NUMPY = 50_000
#: formulas and assumptions: characters, nesting, digits of a number, size of an exponent,
#: degree of the expanded result
MAX_FORMULA_LENGTH = 2000
MAX_FORMULA_DEPTH = 100
MAX_FORMULA_DIGITS = 40
MAX_EXPONENT = 16
MAX_DEGREE = 64
#: digits of a number a formula evaluates to
MAX_RESULT_DIGITS = 1000
#: digits of any number symparam works out for a model: a count of parameters, FLOPs or bytes
#: at the values given, and a number in its formulas (shares and figures such as 1.2 B are
#: worked out in floating point, which ends at 1.8·10^308; a tree of the Python API can
#: multiply 10^30 by itself at will)
MAX_COUNT_DIGITS = 300
#: terms of an expression before sympy expands it (a formula, or a model's count once the
#: assumptions are put in); the bound is worked out on the unexpanded tree
MAX_EXPANDED_TERMS = 1_200
#: terms of a formula or assumption a user typed, expanded
MAX_FORMULA_TERMS = 200


def check_digits(value: int, what: str = "the count") -> int:
    """``value`` if it has at most :data:`MAX_COUNT_DIGITS` digits, else a one-line error."""
    if abs(value) >= COUNT_BOUND:
        raise InvalidValueError(f"{what} has more than {MAX_COUNT_DIGITS:,} digits")
    return value


#: the first number of more than MAX_COUNT_DIGITS digits
COUNT_BOUND = 10**MAX_COUNT_DIGITS


def check_lengths(**lengths: int | None) -> None:
    """Each of ``seq``, ``batch``, ``target_seq`` … a whole number from 1 to
    :data:`~symparam.limits.MAX_SEQUENCE` (None: not given)."""
    for name, value in lengths.items():
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_SEQUENCE:
            shown = repr(value) if isinstance(value, int) and abs(value) < 10**40 else \
                f"a {type(value).__name__}"
            raise InvalidValueError(Param(name), f" must be a whole number from 1 to "
                                                 f"{MAX_SEQUENCE:,}, got {shown}")
