"""The hyperparameter vocabulary: one entry per symbol.

Every formula symparam prints is written in these names. Each entry says what the symbol means and
how it is typeset in LaTeX. All symbols are positive integers, so sympy may cancel ``h * (H/h)``
to ``H``.

The order of :data:`VOCABULARY` is the order in which symbols are written in a product
(``N·V·H``), so it doubles as the printing order.

>>> symbol("d_ff")
d_ff
>>> lookup("H").meaning
'hidden size'
"""

from __future__ import annotations

import re
from dataclasses import field
from functools import cache

import sympy

from symparam.errors import InvalidValueError, UnknownSymbolError
from symparam.frozen import frozen


@frozen
class Hyperparameter:
    """One named hyperparameter: its symbol, LaTeX form and meaning. Which config.json keys
    hold it is each model type's record's business (:mod:`symparam.modeltype`)."""

    name: str
    latex: str
    meaning: str
    counts_layers: bool = False  # a count of repeated layers: formulas are grouped by it
    symbol: sympy.Symbol = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "symbol", sympy.Symbol(self.name, integer=True, positive=True))


_ENTRIES = (
    Hyperparameter("N", "N", "number of layers", counts_layers=True),
    Hyperparameter("N_dec", r"N_{\mathrm{dec}}", "number of decoder layers", counts_layers=True),
    Hyperparameter("N_vis", r"N_{\mathrm{vis}}", "number of layers of the vision tower",
                   counts_layers=True),
    Hyperparameter("V", "V", "vocabulary size"),
    Hyperparameter("V_dec", r"V_{\mathrm{dec}}",
                   "decoder vocabulary size, when it has its own (Marian)"),
    Hyperparameter("L", "L", "maximum positions (rows of the position table)"),
    Hyperparameter("L_enc", r"L_{\mathrm{enc}}",
                   "encoder positions: audio frames after the convolutions (Whisper)"),
    Hyperparameter("T", "T", "token-type (segment) vocabulary size"),
    Hyperparameter("e", "e", "expansion factor of a state-space mixer (its inner width is e·H)"),
    Hyperparameter("H", "H", "hidden size"),
    Hyperparameter("d_ff", r"d_{\mathrm{ff}}", "FFN inner size"),
    Hyperparameter("r_mlp", r"r_{\mathrm{mlp}}",
                   "MLP width as a multiple of the hidden size (DINOv2's mlp_ratio)"),
    Hyperparameter("d_ff_dec", r"d_{\mathrm{ff,dec}}", "FFN inner size of the decoder"),
    Hyperparameter("h", "h", "attention heads"),
    Hyperparameter("h_dec", r"h_{\mathrm{dec}}", "attention heads of the decoder"),
    Hyperparameter("h_kv", r"h_{\mathrm{kv}}", "key/value heads"),
    Hyperparameter("d_head", r"d_{\mathrm{head}}", "size of each head"),
    Hyperparameter("d_rot", r"d_{\mathrm{rot}}",
                   "width of each head that partial rotary embeddings turn"),
    Hyperparameter("d_emb", r"d_{\mathrm{emb}}",
                   "embedding size, when it differs from H (factorised embeddings)"),
    Hyperparameter("G", "G", "number of distinct layer groups", counts_layers=True),
    Hyperparameter("K", "K", "layers in each group", counts_layers=True),
    Hyperparameter("B", "B", "batch size (sequences per forward pass)"),
    Hyperparameter("s", "s", "sequence length (tokens per sequence)"),
    Hyperparameter("s_dec", r"s_{\mathrm{dec}}", "decoder sequence length (encoder–decoder)"),
    Hyperparameter("n_img", r"n_{\mathrm{img}}",
                   "images each sequence holds (a vision–language model)"),
    Hyperparameter("s_img", r"s_{\mathrm{img}}",
                   "tokens each image becomes in the language model's sequence"),
    Hyperparameter("n_tile", r"n_{\mathrm{tile}}",
                   "tiles of R × R pixels the vision tower reads of each image (LLaVA-NeXT's "
                   "grid and the whole image shrunk to one)"),
    Hyperparameter("M", "M", "rounding multiple of the FFN size (LLaMA's multiple_of)"),
    Hyperparameter("W", "W", "sliding window: the positions a windowed layer attends to"),
    Hyperparameter("W_chunk", r"W_{\mathrm{chunk}}",
                   "attention chunk size: a chunked layer cuts the sequence into chunks of this "
                   "many positions, and each position attends only within its own chunk"),
    Hyperparameter("E", "E", "routed experts per MoE layer"),
    Hyperparameter("k", "k", "experts each token is routed to (top-k)"),
    Hyperparameter("d_moe", r"d_{\mathrm{moe}}", "FFN inner size of one expert"),
    Hyperparameter("E_sh", r"E_{\mathrm{sh}}", "shared experts per MoE layer"),
    Hyperparameter("E_g", r"E_{g}", "groups the routed experts are split into (DeepSeek-V3)"),
    Hyperparameter("k_g", r"k_{g}", "groups each token's experts are chosen from"),
    Hyperparameter("d_sh", r"d_{\mathrm{sh}}", "FFN inner size of the shared expert"),
    Hyperparameter("N_dense", r"N_{\mathrm{dense}}",
                   "dense layers before the MoE layers", counts_layers=True),
    Hyperparameter("r_q", r"r_{q}", "rank of the query compression (MLA)"),
    Hyperparameter("r_kv", r"r_{\mathrm{kv}}", "rank of the key/value compression (MLA)"),
    Hyperparameter("d_rope", r"d_{\mathrm{rope}}",
                   "rotary part of each query/key head (MLA, GPT-J)"),
    Hyperparameter("d_nope", r"d_{\mathrm{nope}}", "non-rotary part of each query/key head (MLA)"),
    Hyperparameter("d_v", r"d_{v}", "size of each value head (MLA)"),
    Hyperparameter("d_inner", r"d_{\mathrm{inner}}", "inner width of a state-space mixer"),
    Hyperparameter("d_state", r"d_{\mathrm{state}}",
                   "state size: numbers each channel of a state-space mixer keeps"),
    Hyperparameter("d_conv", r"d_{\mathrm{conv}}", "width of the causal depthwise convolution"),
    Hyperparameter("r_dt", r"r_{\Delta}", "rank of the projection that makes the step size Δ"),
    Hyperparameter("h_ssm", r"h_{\mathrm{ssm}}", "heads of the Mamba-2 mixer"),
    Hyperparameter("d_ssm", r"d_{\mathrm{ssm}}", "size of each head of the Mamba-2 mixer"),
    Hyperparameter("g_ssm", r"g_{\mathrm{ssm}}", "groups sharing B and C in the Mamba-2 mixer"),
    Hyperparameter("h_lk", r"h_{\mathrm{lk}}", "query/key heads of the linear attention"),
    Hyperparameter("h_lv", r"h_{\mathrm{lv}}", "value heads of the linear attention"),
    Hyperparameter("d_lk", r"d_{\mathrm{lk}}",
                   "size of each query/key head of the linear attention"),
    Hyperparameter("d_lv", r"d_{\mathrm{lv}}", "size of each value head of the linear attention"),
    Hyperparameter("n_buckets", r"n_{\mathrm{buckets}}",
                   "relative-position buckets of the attention bias"),
    Hyperparameter("n_rel", r"n_{\mathrm{rel}}",
                   "relative positions on each side of the shared relative-position table "
                   "(2·n_rel rows)"),
    Hyperparameter("k_conv", r"k_{\mathrm{conv}}",
                   "kernel size of the convolution after the first layer"),
    Hyperparameter("g_conv", r"g_{\mathrm{conv}}",
                   "groups of the convolution after the first layer"),
    Hyperparameter("R", "R", "image size in pixels (side of a square image)"),
    Hyperparameter("P", "P", "patch size in pixels"),
    Hyperparameter("C", "C", "image channels"),
    Hyperparameter("Q_win", r"Q_{\mathrm{win}}",
                   "query–key pairs of an image in a windowed block: the sum over its windows "
                   "of (patches in the window)²"),
    Hyperparameter("r_img", r"r_{\mathrm{img}}",
                   "rows of an image's (or a tile's) tokens, as many as each row holds: the "
                   "side of its patch grid merged m × m"),
    Hyperparameter("L_vis", r"L_{\mathrm{vis}}",
                   "rows of the vision tower's position table (interpolated to each image's grid)"),
    Hyperparameter("P_t", r"P_{t}", "frames each patch spans (temporal patch size)"),
    Hyperparameter("m", "m", "patches merged along each side into one token (spatial merge "
                             "size)"),
    Hyperparameter("W_vis", r"W_{\mathrm{vis}}",
                   "side of the vision tower's attention windows, in pixels"),
    Hyperparameter("H_out", r"H_{\mathrm{out}}",
                   "output width of the vision tower's patch merger"),
    Hyperparameter("d_adp", r"d_{\mathrm{adp}}",
                   "inner width of the vision adapter's MLP (its first layer's output)"),
    Hyperparameter("H_adp", r"H_{\mathrm{adp}}", "output width of the vision adapter's MLP"),
    Hyperparameter("H_img", r"H_{\mathrm{img}}",
                   "width of the image features the multimodal projector reads"),
    Hyperparameter("H_vis", r"H_{\mathrm{vis}}", "hidden size of the vision tower"),
    Hyperparameter("d_ff_vis", r"d_{\mathrm{ff,vis}}", "FFN inner size of the vision tower"),
    Hyperparameter("h_vis", r"h_{\mathrm{vis}}", "attention heads of the vision tower"),
    Hyperparameter("d_proj", r"d_{\mathrm{proj}}",
                   "projection size: the shared image–text space (CLIP), a classifier's "
                   "projection (Whisper)"),
    Hyperparameter("n_reg", r"n_{\mathrm{reg}}", "register tokens (DINOv2 with registers)"),
    Hyperparameter("n_mels", r"n_{\mathrm{mels}}", "mel-frequency bins of the audio input"),
    Hyperparameter("d_pool", r"d_{\mathrm{pool}}", "output size of the pooler"),
    Hyperparameter("S", "S",
                   "encoder stride: pixels per side that the masked-image decoder "
                   "rebuilds from each patch"),
    Hyperparameter("n_labels", r"n_{\mathrm{labels}}",
                   "number of labels of the classification head"),
)

VOCABULARY: dict[str, Hyperparameter] = {entry.name: entry for entry in _ENTRIES}

_WIDTH_PREFIX = "d_"

#: numbered hyperparameters besides the widths d_i: one per stage of a network whose stages
#: differ (ConvNeXt's widths H_1 … H_K and depths N_1 … N_K), written after their base symbol
_STAGED = {"H": "hidden size of stage {i}", "N": "blocks in stage {i}"}


def width(index: int) -> Hyperparameter:
    """The width ``d_i`` of a plain stack of Linear layers (``d_0`` is the input width).

    >>> width(2).latex
    'd_{2}'
    """
    return _width_entry(index)


def staged(base: str, index: int) -> Hyperparameter:
    """The hyperparameter ``base`` of stage ``index`` (from 1): ``H_2`` is the width of the
    second stage, ``N_2`` its number of blocks.

    >>> staged("H", 2).latex, staged("N", 3).counts_layers
    ('H_{2}', True)
    """
    name = f"{base}_{index}"
    return Hyperparameter(name, f"{base}_{{{index}}}", _STAGED[base].format(i=index),
                          counts_layers=base == "N")


def indexed(name: str) -> tuple[str, int] | None:
    """``("d", 3)`` for ``d_3``, ``("H", 2)`` for ``H_2``: a numbered hyperparameter's base and
    number, or None."""
    base, _, suffix = name.partition("_")
    if (base == "d" or base in _STAGED) and suffix.isascii() and suffix.isdigit() \
            and len(suffix) <= 4:
        if base != "d" and int(suffix) == 0:
            return None
        return base, int(suffix)
    return None


def _width_entry(index: int) -> Hyperparameter:
    name = f"{_WIDTH_PREFIX}{index}"
    entry = VOCABULARY.get(name)
    if entry is None:
        meaning = "input width" if index == 0 else f"output width of linear layer {index}"
        entry = Hyperparameter(name, f"d_{{{index}}}", meaning)
    return entry


def lookup(name: str) -> Hyperparameter:
    """The vocabulary entry called ``name``; raises :class:`UnknownSymbolError` otherwise."""
    entry = _entry(name)
    if entry is None:
        raise UnknownSymbolError(name, sorted(VOCABULARY))
    return entry


def _entry(name: str) -> Hyperparameter | None:
    entry = VOCABULARY.get(name)
    if entry is not None:
        return entry
    found = indexed(name)
    if found is not None:
        base, index = found
        return _width_entry(index) if base == "d" else staged(base, index)
    return None


#: a name of your own: ASCII letters, digits and underscores, starting with a letter
_OWN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")


def describe(name: str) -> Hyperparameter:
    """The vocabulary's entry for ``name``, or, for a name of your own (``r``, ``n_experts``),
    an entry that says so, typeset by :func:`latex_name`'s rule.

    >>> describe("r").meaning, describe("n_q").latex
    ('a hyperparameter of your own', 'n_{\\\\mathrm{q}}')
    """
    entry = _entry(name) if isinstance(name, str) else None
    if entry is not None:
        return entry
    if not isinstance(name, str) or not _OWN_NAME.fullmatch(name):
        raise InvalidValueError(
            f"a hyperparameter's name is up to 40 ASCII letters, digits and underscores, "
            f"starting with a letter; got {name!r}")
    return _own_entry(name)


@cache
def _own_entry(name: str) -> Hyperparameter:
    head, _, tail = name.partition("_")
    head_tex = head if len(head) == 1 else rf"\mathrm{{{head}}}"
    tex = rf"{head_tex}_{{\mathrm{{{_escaped(tail)}}}}}" if tail else head_tex
    return Hyperparameter(name, tex, "a hyperparameter of your own")


def _escaped(text: str) -> str:
    return text.replace("_", r"\_")


def symbol(name: str) -> sympy.Symbol:
    """The sympy symbol of a hyperparameter: the vocabulary's (``H``, ``d_ff`` …, with their
    meaning) or one of your own name (``r``), a positive integer like every other.

    >>> symbol("H") is lookup("H").symbol, symbol("r")
    (True, r)
    """
    return describe(name).symbol


def is_known(name: str) -> bool:
    """Whether ``name`` is a canonical hyperparameter name (``H``, ``d_ff``, ``d_3`` …)."""
    return _entry(name) is not None


def order_key(sym: sympy.Symbol) -> tuple[int, int, str]:
    """Sort key that puts symbols in vocabulary (printing) order; unknown symbols last."""
    names = list(VOCABULARY)
    if sym.name in VOCABULARY:
        return (0, names.index(sym.name), "")
    found = indexed(sym.name)
    if found is not None and found[0] == "d":
        return (1, found[1], "")
    if found is not None:  # a stage's H_i or N_i, right after H or N
        return (0, names.index(found[0]), f"{found[1]:05d}")
    return (2, 0, sym.name)


def latex_name(sym: sympy.Symbol) -> str:
    """LaTeX for a symbol: the vocabulary's form, or a safe rendering of a user's own name
    (``n_q_heads`` is ``n_{\\mathrm{q\\_heads}}``; a name no rule can typeset safely is
    written letter by letter in ``\\mathrm``)."""
    try:
        return describe(sym.name).latex
    except (UnknownSymbolError, InvalidValueError):
        safe = "".join(c if c.isascii() and c.isalnum() else "?" for c in sym.name)
        return rf"\mathrm{{{safe or '?'}}}"


H, V, L, N, T = (symbol(n) for n in ("H", "V", "L", "N", "T"))
d_ff, h, h_kv, d_head, N_dec = (symbol(n) for n in ("d_ff", "h", "h_kv", "d_head", "N_dec"))
d_rot = symbol("d_rot")
n_labels, d_emb, G, K = (symbol(n) for n in ("n_labels", "d_emb", "G", "K"))
R, P, C, n_buckets = (symbol(n) for n in ("R", "P", "C", "n_buckets"))
n_rel, k_conv, g_conv = (symbol(n) for n in ("n_rel", "k_conv", "g_conv"))
d_pool, S = symbol("d_pool"), symbol("S")
E, k, d_moe, E_sh, d_sh = (symbol(n) for n in ("E", "k", "d_moe", "E_sh", "d_sh"))
E_g, k_g = symbol("E_g"), symbol("k_g")
N_dense, r_q, r_kv = (symbol(n) for n in ("N_dense", "r_q", "r_kv"))
d_rope, d_nope, d_v = (symbol(n) for n in ("d_rope", "d_nope", "d_v"))
M, W, W_chunk = symbol("M"), symbol("W"), symbol("W_chunk")
e, d_inner, d_state, d_conv, r_dt = (symbol(n) for n in ("e", "d_inner", "d_state", "d_conv",
                                                         "r_dt"))
h_ssm, d_ssm, g_ssm = (symbol(n) for n in ("h_ssm", "d_ssm", "g_ssm"))
h_lk, h_lv, d_lk, d_lv = (symbol(n) for n in ("h_lk", "h_lv", "d_lk", "d_lv"))
B, s = symbol("B"), symbol("s")
s_dec = symbol("s_dec")
n_img, s_img, r_img = symbol("n_img"), symbol("s_img"), symbol("r_img")
n_tile = symbol("n_tile")
N_vis, H_vis, d_ff_vis, h_vis = (symbol(n) for n in ("N_vis", "H_vis", "d_ff_vis", "h_vis"))
V_dec, L_enc, d_ff_dec, h_dec = (symbol(n) for n in ("V_dec", "L_enc", "d_ff_dec", "h_dec"))
d_proj, n_reg, n_mels = (symbol(n) for n in ("d_proj", "n_reg", "n_mels"))
r_mlp = symbol("r_mlp")
Q_win, P_t, m, W_vis, H_out = (symbol(n) for n in ("Q_win", "P_t", "m", "W_vis", "H_out"))
L_vis = symbol("L_vis")
d_adp, H_adp, H_img = symbol("d_adp"), symbol("H_adp"), symbol("H_img")
