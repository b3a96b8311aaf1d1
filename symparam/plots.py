"""Plots (optional extra ``plot``: matplotlib): where the parameters are, and how they grow.

``breakdown`` stacks each model's parameters by part — embeddings, attention, MLP (or experts,
router and shared experts), norms, head — as the blocks of its tree declare them, and ``sweep``
draws the count against one hyperparameter on a log scale.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from symparam.errors import InvalidValueError, OutputError, Param, SymparamError, UnboundError
from symparam.limits import MAX_PLOT_MODELS, MAX_PLOT_POINTS, MAX_RANGE_POINTS, MAX_VALUE
from symparam.model import Model

#: how each kind of block (:data:`symparam.blocks.KINDS`) is labelled, and its colour
LABELS = {"embedding": "embeddings", "attention": "attention", "mixer": "mixers",
          "mlp": "MLP",
          "experts": "experts", "router": "router", "shared_experts": "shared experts",
          "conv": "convolutions",
          "norm": "norms", "head": "head", "other": "other"}
COLOURS = {"embeddings": "#4C72B0", "attention": "#DD8452", "mixers": "#CCB974",
           "MLP": "#55A868",
           "experts": "#2E8B57", "router": "#DA8BC3", "shared experts": "#8C8C3C",
           "convolutions": "#64B5CD",
           "norms": "#C44E52", "head": "#8172B3", "other": "#937860"}


def parts(model: Model) -> dict[str, int]:
    """Parameters per part at the model's values, by the kind each block declares (tied
    tensors count 0)."""
    return {LABELS[kind]: count for kind, count in model.by_kind().items()}


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InvalidValueError(
            "plots need matplotlib: pip install 'symparam[plot]'") from None
    return plt


def check_request(path: str, models: int, points: int | None = None) -> None:
    """Refuse, before any work, a plot of too many models or points, or a file name that is
    not a .svg, .png or .pdf file."""
    if not isinstance(path, str) or not os.path.basename(path) or "\0" in path:
        raise OutputError(f"cannot write {path!r}: not a file name")
    if os.path.splitext(path)[1].lower() not in (".svg", ".png", ".pdf"):
        raise OutputError(f"{path}: choose a .svg, .png or .pdf file")
    if not 1 <= models <= MAX_PLOT_MODELS:
        raise InvalidValueError(f"a plot shows 1 to {MAX_PLOT_MODELS} models, not {models:,}")
    if points is not None and not 1 <= points <= MAX_PLOT_POINTS:
        raise InvalidValueError(f"a curve has 1 to {MAX_PLOT_POINTS:,} points, not {points:,}; "
                                "use symparam sweep for a table of more")


def _save(figure: Any, path: str, force: bool) -> None:
    from symparam.output import write_atomically

    suffix = os.path.splitext(path)[1].lower()
    metadata = {"Date": None} if suffix == ".svg" else None
    write_atomically(path, lambda temporary: figure.savefig(
        temporary, bbox_inches="tight", metadata=metadata), force, suffix=suffix)


def breakdown(models: Sequence[Model], path: str, force: bool = False) -> None:
    """One bar per model, split by part as a share of its total; the total is written on top."""
    check_request(path, len(models))
    plt = _pyplot()
    data = [parts(m) for m in models]
    figure, axes = plt.subplots(figsize=(max(4.5, 1.5 * len(models) + 2.5), 4.8))
    names = [m.name for m in models]
    bottoms = [0.0] * len(models)
    for part in COLOURS:
        shares = [100 * d.get(part, 0) / sum(d.values()) for d in data]
        if not any(shares):
            continue
        axes.bar(names, shares, bottom=bottoms, label=part, color=COLOURS[part], width=0.6)
        for x, (share, bottom) in enumerate(zip(shares, bottoms, strict=True)):
            if share >= 4:
                axes.text(x, bottom + share / 2, f"{share:.0f}%", ha="center", va="center",
                          fontsize=8, color="white")
        bottoms = [b + h for b, h in zip(bottoms, shares, strict=True)]
    for x, d in enumerate(data):
        axes.text(x, 101.5, _short(sum(d.values())), ha="center", va="bottom", fontsize=9)
    axes.set_ylim(0, 108)
    axes.set_ylabel("share of the parameters (%)")
    axes.set_title("Where the parameters are (total above each bar)", pad=14)
    axes.legend(frameon=False, fontsize=9, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    axes.spines[["top", "right"]].set_visible(False)
    if len(models) > 3:
        plt.setp(axes.get_xticklabels(), rotation=25, ha="right")
    _save(figure, path, force)
    plt.close(figure)


def _short(count: int) -> str:
    for size, suffix in ((10**12, "T"), (10**9, "B"), (10**6, "M"), (10**3, "K")):
        if count >= size:
            return f"{count / size:,.2f}{suffix}"
    return str(count)


def parse_range(text: str) -> tuple[str, list[int]]:
    """``H=256:8192`` (doubling), ``H=256:8192:256`` (steps) or ``N=12,24,48``: at most
    :data:`~symparam.limits.MAX_RANGE_POINTS` values, each from 1 to
    :data:`~symparam.limits.MAX_VALUE` (their digits are counted before they are read)."""
    from symparam.output import one_line

    shown = repr(one_line(text, 60))
    name, sep, spec = text.partition("=")
    if not sep or not name.strip():
        raise InvalidValueError(Param("sweep"), f" {shown}: expected NAME=START:STOP[:STEP] or "
                                "NAME=A,B")
    pieces = spec.split(",") if "," in spec else spec.split(":")
    if len(pieces) > MAX_RANGE_POINTS:
        raise InvalidValueError(f"{shown}: more than {MAX_RANGE_POINTS:,} values")
    numbers = []
    for piece in pieces:
        raw = piece.strip().replace("_", "")
        if not (raw.isascii() and raw.isdigit()):
            raise InvalidValueError(Param("sweep"), f" {shown}: not a range of whole numbers")
        if len(raw) > len(str(MAX_VALUE)) or not 0 < int(raw) <= MAX_VALUE:
            raise InvalidValueError(f"{shown}: values must lie from 1 to 10^30")
        numbers.append(int(raw))
    if "," in spec:
        points = numbers
    elif len(numbers) == 2:  # doubling: at most log2(10^30) ≈ 100 values
        points, value = [], numbers[0]
        while value <= numbers[1]:
            points.append(value)
            value *= 2
    elif len(numbers) == 3:
        start, stop, step = numbers
        if stop >= start and (stop - start) // step >= MAX_RANGE_POINTS:
            raise InvalidValueError(f"{shown}: more than {MAX_RANGE_POINTS:,} values")
        points = list(range(start, stop + 1, step))
    else:
        raise InvalidValueError(Param("sweep"), f" {shown}: not a range of whole numbers")
    if not points:
        raise InvalidValueError(f"{shown}: the range holds no value")
    return name.strip(), points


def sweep(models: Sequence[Model], name: str, points: Sequence[int], path: str,
          force: bool = False) -> None:
    """The count of each model against one hyperparameter, both axes logarithmic."""
    check_request(path, len(models), len(points))
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(6, 4.5))
    for m in models:
        shown = []
        for p in points:
            try:
                shown.append((p, m.count(**{name: p})))
            except UnboundError:
                raise
            except SymparamError:
                continue  # a value this model cannot take (heads that do not divide H …)
        if not shown:
            raise InvalidValueError(f"{m.name} takes none of the values of {name} asked for")
        axes.plot([p for p, _ in shown], [c for _, c in shown], marker="o", markersize=3,
                  label=m.name)
    axes.set_xscale("log", base=2)
    axes.set_yscale("log")
    if len(points) <= 12:
        axes.set_xticks(list(points), [f"{p:,}" for p in points])
        axes.minorticks_off()
    axes.set_xlabel(name)
    axes.set_ylabel("parameters")
    axes.set_title(f"Parameter count against {name}")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(frameon=False, fontsize=9)
    axes.spines[["top", "right"]].set_visible(False)
    _save(figure, path, force)
    plt.close(figure)
