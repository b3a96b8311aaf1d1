"""Plots (optional extra ``plot``: matplotlib): where the parameters are, and how they grow.

``breakdown`` stacks each model's parameters by part — embeddings, attention, MLP (or experts,
router and shared experts), norms, head — as the blocks of its tree declare them, and ``sweep``
draws the count against one hyperparameter on a log scale. Each returns a
``matplotlib.figure.Figure`` made without pyplot: Jupyter shows it, ``savefig`` writes it, and
the user's backend and open figures are never touched.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from functools import cache
from typing import Any

from symparam.built import Model
from symparam.errors import InvalidValueError, OutputError, Param
from symparam.limits import MAX_PLOT_MODELS, MAX_PLOT_POINTS, MAX_RANGE_POINTS, MAX_VALUE
from symparam.output import one_line, write_atomically
from symparam.sweep import SkippedWarning
from symparam.sweep import sweep as table
from symparam.symbols import is_known, lookup

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


def _figure(width: float, height: float) -> Any:
    """A matplotlib Figure of its own: no pyplot, so the user's backend and figures are left
    as they were (``matplotlib.use`` is never called)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise InvalidValueError(
            "plots need matplotlib: pip install 'symparam[plot]'") from None
    return _shown_in_jupyter(Figure)(figsize=(width, height))


@cache
def _shown_in_jupyter(figure: type) -> type:
    """``matplotlib.figure.Figure`` that Jupyter shows as a PNG without pyplot (whose inline
    backend would otherwise be the only way a figure is drawn in a notebook)."""

    class Plot(figure):  # type: ignore[misc, valid-type]
        """A matplotlib Figure that shows itself in Jupyter."""

        def _repr_png_(self) -> bytes:
            buffer = io.BytesIO()
            self.savefig(buffer, format="png", bbox_inches="tight")
            return buffer.getvalue()

    return Plot


#: the unit of each hyperparameter, for an axis label (what one step of it counts)
UNITS = {"N": "layers", "N_dec": "layers", "N_dense": "layers", "G": "groups", "K": "layers",
         "V": "tokens", "T": "token types", "L": "positions", "s": "tokens", "s_dec": "tokens",
         "B": "sequences", "h": "heads", "h_kv": "heads", "E": "experts", "E_sh": "experts",
         "k": "experts", "R": "pixels", "P": "pixels", "S": "pixels", "C": "channels",
         "n_buckets": "buckets", "n_rel": "positions", "k_conv": "positions",
         "g_conv": "groups", "n_labels": "labels"}


def axis_label(name: str) -> str:
    """``hidden size H (dimensions)``: the meaning, the symbol and its unit (sizes of vectors
    are dimensions)."""
    meaning = lookup(name).meaning if is_known(name) else "value of"
    return f"{meaning} {name} ({UNITS.get(name, 'dimensions')})"


def held_fixed(models: Sequence[Model], name: str) -> str:
    """The values each model's count keeps while ``name`` varies (one line for all when they
    are the same)."""
    lines = []
    for m in models:
        used = {s.name for s in m.params.free_symbols}
        fixed = ", ".join(f"{n} = {v:,}" for n, v in m.values.items() if n != name and n in used)
        lines.append((m.name, fixed or "nothing"))
    if len({fixed for _, fixed in lines}) == 1:
        return f"held fixed: {lines[0][1]}"
    return "held fixed:\n" + "\n".join(f"{model}: {fixed}" for model, fixed in lines)


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
    suffix = os.path.splitext(path)[1].lower()
    metadata = {"Date": None} if suffix == ".svg" else None
    write_atomically(path, lambda temporary: figure.savefig(
        temporary, bbox_inches="tight", metadata=metadata), force, suffix=suffix)


def breakdown(models: Sequence[Model], path: str | None = None, force: bool = False) -> Any:
    """One bar per model, split by part as a share of its total; the total is written on top.
    Returns the matplotlib Figure (shown in Jupyter), also written to ``path`` if given."""
    if path is not None:
        check_request(path, len(models))
    elif not 1 <= len(models) <= MAX_PLOT_MODELS:
        raise InvalidValueError(f"a plot shows 1 to {MAX_PLOT_MODELS} models, not {len(models):,}")
    data = [parts(m) for m in models]
    figure = _figure(max(4.5, 1.5 * len(models) + 2.5), 4.8)
    axes = figure.subplots()
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
    axes.set_xlabel("model")
    axes.set_ylabel("share of the parameters (%)")
    axes.set_title("Where the parameters are (total above each bar)", pad=14)
    axes.legend(frameon=False, fontsize=9, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    axes.spines[["top", "right"]].set_visible(False)
    if len(models) > 3:
        for label in axes.get_xticklabels():
            label.set_rotation(25)
            label.set_horizontalalignment("right")
    if path is not None:
        _save(figure, path, force)
    return figure


def _tick(value: float) -> str:
    """A count on a log axis, short: 10K, 100M, 1B, 2.5T."""
    for size, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")):
        if value >= size:
            return f"{value / size:,.3g}{suffix}"
    return f"{value:,.3g}"


def _short(count: int) -> str:
    for size, suffix in ((10**12, "T"), (10**9, "B"), (10**6, "M"), (10**3, "K")):
        if count >= size:
            return f"{count / size:,.2f}{suffix}"
    return str(count)


def parse_range(text: str) -> tuple[str, list[int]]:
    """``H=256:8192`` (doubling), ``H=256:8192:256`` (steps) or ``N=12,24,48``: at most
    :data:`~symparam.limits.MAX_RANGE_POINTS` values, each from 1 to
    :data:`~symparam.limits.MAX_VALUE` (their digits are counted before they are read)."""
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


def sweep(models: Sequence[Model], name: str, points: Sequence[int], path: str | None = None,
          force: bool = False) -> Any:
    """The count of each model against one hyperparameter, both axes logarithmic, with the
    values held fixed written below. A value a model cannot take (heads that do not divide H
    …) is left out of its curve and named in a :class:`~symparam.sweep.SkippedWarning`.
    Returns the matplotlib Figure, also written to ``path`` if given."""
    import warnings

    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    if path is not None:
        check_request(path, len(models), len(points))
    elif not 1 <= len(models) <= MAX_PLOT_MODELS or not 1 <= len(points) <= MAX_PLOT_POINTS:
        raise InvalidValueError(f"a plot shows 1 to {MAX_PLOT_MODELS} models and 1 to "
                                f"{MAX_PLOT_POINTS:,} points a curve")
    curves = []
    for m in models:
        found = table(m, {name: list(points)})
        for skipped in found.skipped:
            warnings.warn(f"{m.name}: left out {skipped}", SkippedWarning, stacklevel=2)
        curves.append((m.name, found.rows()))
    figure = _figure(6, 4.5)
    axes = figure.subplots()
    for label, rows in curves:
        axes.plot([p for p, _ in rows], [c for _, c in rows], marker="o", markersize=3,
                  label=label)
    axes.set_xscale("log", base=2)
    axes.set_yscale("log")
    if len(points) <= 12:
        axes.set_xticks(list(points), [f"{p:,}" for p in points])
        axes.minorticks_off()
    counts = [c for _, rows in curves for _, c in rows]
    if max(counts) < 1000 * min(counts):  # a few decades: ticks at 1, 2 and 5 of each
        axes.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: _tick(value)))
    axes.yaxis.set_minor_formatter(NullFormatter())
    axes.set_xlabel(axis_label(name) + ", log scale")
    axes.set_ylabel("parameters (count, log scale)")
    axes.set_title(f"Parameter count against {name}")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(frameon=False, fontsize=9)
    axes.spines[["top", "right"]].set_visible(False)
    axes.annotate(held_fixed(models, name), xy=(0, -0.16), xycoords="axes fraction",
                  va="top", ha="left", fontsize=8, color="#444444")
    if path is not None:
        _save(figure, path, force)
    return figure
