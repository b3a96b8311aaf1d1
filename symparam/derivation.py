"""A derivation as data: the steps of counting a model by hand, built from its block tree.

No formatting happens here; :mod:`symparam.render` lays these steps out as Markdown or LaTeX.

>>> import symparam
>>> d = symparam.model("bert-base-chinese").derive()
>>> d.value, [s.names for s in d.sections]
(102267648, [('embeddings',), ('encoder.layer',), ('pooler',)])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import sympy

from symparam.analysis import dropouts, grouped, structured
from symparam.assumptions import resolve
from symparam.blocks import Block
from symparam.blocks.base import Row, tensor_names
from symparam.blocks.numbers import evaluate
from symparam.bounds import expanded
from symparam.compute import compute
from symparam.document import (
    ComputeStep,
    Document,
    GpuStep,
    HyperRow,
    ModuleRow,
    Rule,
    Section,
    Tie,
    TrainingRule,
)
from symparam.errors import SymparamError, UnboundError
from symparam.figures import figures
from symparam.frozen import frozen
from symparam.images import bound, reading, reads_images
from symparam.labels import layer_names
from symparam.render import render
from symparam.running import at_any_length, kv_width
from symparam.summary import summarise
from symparam.symbols import B, is_known, lookup, order_key, r_img, s

if TYPE_CHECKING:
    from symparam.counted import Counted
    from symparam.family import Option


#: the rule C ≈ 6·N·D as each of its authors defines N: Hoffmann et al. 2022 (Chinchilla)
#: count every parameter, Kaplan et al. 2020 (section 2.1) those without the token and position
#: tables (and, as symparam's non-embedding count, an untied unembedding)
SIX_ND = (("hoffmann", "6 {count} D", False),
          ("kaplan", r"6 {count}_{{\mathrm{{ne}}}} D", True))


@frozen(repr=False)
class Derivation(Document):
    """Every step of the count of one model, ready to be rendered. Shows in Jupyter as its
    Markdown; ``to_dict()`` gives the steps as data, ``to_pandas()`` one row per module."""

    def to_markdown(self, lang: str = "en", math: str = "dollars") -> str:
        """The derivation as Markdown with KaTeX-compatible math, written for the renderer
        it is pasted into: ``math`` is ``dollars``, ``github`` or ``katex``
        (:data:`symparam.render.MATH_FLAVOURS`)."""
        return render(self, "md", lang, math=math)

    def to_latex(self, lang: str = "en", fragment: bool = False,
                 heading_level: str | None = None) -> str:
        """A standalone LaTeX document (pdflatex for en, xelatex for zh/ko), or with
        ``fragment`` its body to paste into a paper (see :func:`symparam.render.render`)."""
        return render(self, "tex", lang, fragment=fragment, heading_level=heading_level)

    def __repr__(self) -> str:
        shown = "symbolic" if self.value is None else f"{self.value:,}"
        return f"Derivation({self.model}: {self.architecture}, {shown})"

    def _repr_markdown_(self) -> str:
        return self.to_markdown()

    def _repr_latex_(self) -> str:
        return self.to_latex(fragment=True)


def derive(model: Counted, symbolic: bool = False, seq: int | None = None,
           batch: int = 1, layout: Any = None,
           training: tuple[str, str, str] = ("adam-mixed", "none", "bf16"),
           gpu_memory: int | None = None, running: bool = False) -> Derivation:
    """Build the derivation of ``model`` (with no numbers at all when ``symbolic``); with
    ``seq``, add the forward FLOPs for ``batch`` sequences of ``seq`` tokens; with a
    ``layout`` (:class:`symparam.placement.Layout`), the bytes on its most loaded GPU as
    :func:`symparam.parallel.per_gpu` gives them for ``training`` (optimiser, recomputation,
    dtype), and whether they fit in ``gpu_memory`` bytes; with ``running``, what it holds and
    runs at any s and B and what its KV cache grows by a token (:mod:`symparam.running`: a
    page's, where a reader chooses them)."""
    mapping = resolve(model.assumptions)
    values = {} if symbolic else {s: model.values[s.name] for s in _bound_symbols(model)}
    if not symbolic:
        model.count()  # raises, naming them, if some values are missing

    def value(expr: sympy.Expr) -> int | None:
        return None if symbolic else model.value_of(expr)

    recount = None
    if not symbolic and model.reported is not None and model.reported.recount:
        recount = model.count(**model.reported.recount)
    owners = tensor_names(model.tree)
    sections = tuple(_sections(model.tree, mapping, value, owners))
    ties = []
    for entry in model.tensors():
        if entry.tied_to is not None:
            untied = entry.copies * entry.numel
            ties.append(Tie(entry.name, entry.tied_to, untied, value(untied)))
    return Derivation(
        model=model.name,
        architecture=model.label,
        family=model.family.title,
        family_name=model.family.name,
        description=model.description,
        symbolic=symbolic,
        values=values,
        hyperparameters=tuple(_hyper_rows(model, values, mapping)),
        assumptions=model.assumptions,
        sections=sections,
        total=model.params,
        grouped=structured(model),
        value=value(model.params),
        active=model.active_params,
        active_grouped=structured(model, active=True),
        active_value=value(model.active_params),
        ties=tuple(ties),
        dropouts=tuple(dropouts(model)),
        reported=model.reported,
        i18n=model.i18n,
        options=tuple((o.name, model.options[o.name], o.help) for o in model.family.options
                      if _shown(model, o)),
        summary=summarise(model, symbolic),
        compute=None if seq is None or symbolic else _compute_step(model, seq, batch),
        figures={} if symbolic else figures(model),
        recount=recount,
        described=model.described,
        active_tables=sympy.expand(model.tree.by_kind(active=True).get("embedding", sympy.S.Zero)
                                   .xreplace(mapping)),
        per_gpu=None if layout is None or symbolic else
        gpu_step(model, layout, training, gpu_memory),
        rules=tuple(_rules(model, mapping)),
        running=at_any_length(model) if running else None,
        kv_width=kv_width(model) if running else None,
    )


def gpu_step(model: Counted, layout: Any,
             training: tuple[str, str, str] = ("adam-mixed", "none", "bf16"),
             gpu_memory: int | None = None) -> GpuStep:
    """The most loaded GPU of ``layout`` as ``symparam memory --gpus`` reckons it (the same
    call): weights, gradients, optimiser state, activations, KV cache, traffic, bubble."""
    from symparam.parallel import per_gpu  # only here: 11 M instructions of every derive
    from symparam.parallel_activations import in_flight

    optimiser, recompute, dtype = training
    found = per_gpu(model, layout, optimiser, recompute, dtype)
    return GpuStep(found, recompute, dtype, in_flight(layout), gpu_memory)


def _compute_step(model: Counted, seq: int, batch: int) -> ComputeStep:
    fixed = model.sequence  # a ViT's image fixes it
    result = compute(model, seq=None if fixed is not None else seq, batch=batch)
    # grouped by every count of layers it holds (ALBERT's compute runs N layers on G·K weights)
    counts = sorted((sym for sym in result.formula.free_symbols
                     if is_known(sym.name) and lookup(sym.name).counts_layers), key=order_key)
    at = {**model.bind(), "B": batch, "s": seq, "s_dec": seq, **bound(model, None)}
    # the side of an image's grid of tokens, its patches merged m × m (⌊⌊R/P⌋/m⌋: Mistral 3's
    # rows, a tile's in Idefics3, InternVL and Llama 4), written as one symbol, r_img
    side = getattr(model.tree, "side", None)
    shown = {} if side is None else {side: r_img}
    kinds = []
    for kind, flops in model.tree.flops_by_kind(B, s).items():
        if fixed is not None:
            flops = flops.xreplace({s: fixed})
        formula = sympy.expand(flops.xreplace(resolve(model.assumptions)))
        kinds.append((kind, grouped(formula.xreplace(shown), counts), evaluate(formula, at)))
    if fixed is not None:
        seq = model.value_of(fixed)
    tokens = batch * seq
    images = None
    if reads_images(model):
        found = reading(model, None)
        tiles = found.anyres  # LLaVA-NeXT's: the pinpoint, grid, features kept and shrunk
        read = None if tiles is None else (tiles.tiles, *tiles.size, *tiles.best, *tiles.grid,
                                           *tiles.kept, *tiles.pooled, int(tiles.whole),
                                           tiles.states, tiles.anyres_max)
        images = (found.images, found.patches, found.rows, found.columns, found.kernel,
                  found.merge, found.per_image, *found.pixels, found.window, found.pairs,
                  found.rows_ended, int(found.tiled),
                  0 if side is None else model.value_of(side), read)
    return ComputeStep(result.formula, grouped(result.formula.xreplace(shown), counts), batch,
                       seq, result.flops, result.parts, tuple(kinds), 2 * model.count() * tokens,
                       3 * result.flops, _six_nd(model, tokens), bool(result.notes), images)


def _six_nd(model: Counted, tokens: int) -> tuple[TrainingRule, ...]:
    """C ≈ 6·N·D for ``tokens`` tokens, as each author defines N (:data:`SIX_ND`); a mixture
    of experts with the parameters a token uses (none without a top k). None where the model
    does not run all its weights over one sequence of tokens, as the rule assumes (an
    encoder–decoder, two towers, a convolutional network's stages)."""
    parts = model.tree.parts("", s, weightless=True)
    if model.tree.attends_elsewhere() or any(
            placed.seq != s or placed.block.sequence is not None for placed in parts):
        return ()
    routed = model.tree.active_params is not model.tree.params
    try:
        used = model.active_count() if routed else model.count()
    except UnboundError:
        return ()
    vocabulary = model.value_of(model.tree.vocabulary_params)
    out = []
    for who, formula, less_vocabulary in SIX_ND:
        params = used - vocabulary if less_vocabulary else used
        out.append(TrainingRule(who, formula, params, 6 * params * tokens, routed))
    return tuple(out)


def _rules(model: Counted, mapping: Mapping[sympy.Symbol, sympy.Expr]) -> Iterator[Rule]:
    """The rules the command line checks before it counts, where a side still holds a
    hyperparameter: assumptions that must give whole numbers, the family's divisibility and
    order rules (those the forward pass alone needs among them, not blocking)."""
    for a in model.assumptions:
        expr = mapping.get(a.symbol, a.expr)
        if expr.free_symbols:
            yield Rule("whole", "assumed", expr, written=(a.symbol, a.expr))
    for rule in model.divisibility:
        divisor, dividend = rule.divisor.xreplace(mapping), rule.dividend.xreplace(mapping)
        if divisor.free_symbols or dividend.free_symbols:
            # a number is not repeated as its own value: "d_head = 129 is not a multiple of 2"
            yield Rule("divides", "divides" if divisor.free_symbols else "multiple", divisor,
                       dividend, (rule.divisor, rule.dividend), not rule.to_run, rule.reason)
    symbols = model.symbols
    rules = [(symbols[small], symbols[big], reason) for small, big, reason
             in model.family.at_most if small in symbols and big in symbols]
    runs = [(symbols[small], symbols[big], reason) for small, big, reason
            in model.family.runs_if_at_most if small in symbols and big in symbols]
    for small, big, reason, blocking in (*((*r, True) for r in (*rules, *model.tree.at_most)),
                                         *((*r, False) for r in runs)):
        low, high = small.xreplace(mapping), big.xreplace(mapping)
        if low.free_symbols or high.free_symbols:
            yield Rule("at_most", "at_most", low, high, (small, big), blocking, reason)


def _shown(model: Counted, option: Option) -> bool:
    """Whether the derivation lists an option: only where it changes this class's count — a
    switch whose flip would change it (a variant only when on), a number or list that differs
    from the family's default and whose default would count otherwise (Mixtral's sparse step
    of 1 says nothing, nor GPT-Neo's local layers, which hold no weights)."""
    value = model.options[option.name]
    if isinstance(value, bool):
        if option.variant and not value:
            return False
        other = not value
    elif value == option.default:
        return False
    else:
        other = option.default
    try:
        changed = model.family.tree(model.architecture, {**model.options, option.name: other})
    except SymparamError:  # no tree symparam builds (Qwen3-Next's 1,000 runs of attention,
        return True  # with its MoE layers every layer, are 1,494): the value decides
    try:  # two numbers that differ are two counts that differ: nothing to expand
        if model.value_of(changed.params) != model.value_of(model.tree.params):
            return True
    except SymparamError:  # a value it lacks (a symbolic page): the formulas decide
        pass
    return sympy.expand(changed.params - model.tree.params) != 0


def _bound_symbols(model: Counted) -> list[sympy.Symbol]:
    return [s for s in model.symbols.values() if s.name in model.values]


def _hyper_rows(
    model: Counted, values: Mapping[sympy.Symbol, int], mapping: Mapping[sympy.Symbol, sympy.Expr]
) -> Iterator[HyperRow]:
    symbols = model.symbols
    assumed = {a.symbol: a for a in model.assumptions}
    numbers = {s: sympy.Integer(v) for s, v in values.items()}
    for name in model.hyperparameters:
        sym = symbols[name]
        value = values.get(sym)
        if value is None and sym in assumed and values:
            derived = mapping[sym].xreplace(numbers)
            value = int(derived) if derived.is_Integer else None
        meaning = lookup(name).meaning if is_known(name) else ""
        yield HyperRow(sym, meaning, value, assumed.get(sym), model.config_keys.get(name),
                       mapping[sym] if sym in assumed else None)


def _sections(
    tree: Block, mapping: Mapping[sympy.Symbol, sympy.Expr], value: Any, owners: dict[int, str]
) -> Iterator[Section]:
    pending: list[tuple[str, Block]] = []

    def flush() -> Iterator[Section]:
        if pending:
            rows = tuple(r for path, block in pending
                         for r in _rows(block.table_rows(path), mapping, value, owners))
            subtotal = expanded(sympy.Add(*(r.params for r in rows)))
            yield Section(tuple(p for p, _ in pending), rows, subtotal, value(subtotal))
            pending.clear()

    parts = tree.parts()
    paths = [placed.path for placed in parts]
    for placed in parts:
        path, block = placed.path, placed.block
        if block.is_stack:
            yield from flush()
            rows = tuple(_rows(block.block.table_rows(""), mapping, value, owners))
            subtotal = expanded(block.block.params.xreplace(mapping))
            repeat = block.count_expr.xreplace(mapping)
            yield Section((path,), rows, subtotal, value(subtotal), repeat, value(repeat),
                          layer_prefix=layer_names(path, block, mapping, value,
                                                    shared=paths.count(path) > 1))
        else:
            pending.append((path, block))
    yield from flush()


def _rows(rows: Iterable[Row], mapping: Mapping[sympy.Symbol, sympy.Expr], value: Any,
          owners: dict[int, str]) -> Iterator[ModuleRow]:
    """The tree's rows (:meth:`Block.rows`) under the assumptions, with their numbers."""
    def shape(dims: tuple[sympy.Expr, ...]) -> tuple[sympy.Expr, ...]:
        return tuple(d.xreplace(mapping) for d in dims)  # as built: h·(d_nope + d_rope)

    for row in rows:
        params = expanded(row.params.xreplace(mapping))
        yield ModuleRow(row.name, row.module, shape(row.weight),
                        None if row.bias is None else shape(row.bias), params, value(params),
                        None if row.tie is None else owners[id(row.tie)])
