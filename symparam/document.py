"""What a derivation says, as data: the hyperparameters, the sections of weights with their
rows, the ties, the compute step and the document (:class:`Document`) that holds them.

:mod:`symparam.derivation` computes these from a model's block tree; the renderers
(:mod:`symparam.render`, :mod:`symparam.page`) read them and import nothing that computes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

import sympy

from symparam.analysis import DropOut
from symparam.assumptions import Assumption
from symparam.compute import DTYPE_BYTES, MemoryRow
from symparam.figures import fill_note
from symparam.frozen import frozen
from symparam.memory import OPTIMISERS
from symparam.printing import Terms, text
from symparam.summary import Summary
from symparam.symbols import H, lookup, order_key
from symparam.tables import Table, Tabular, plain
from symparam.wording import description

if TYPE_CHECKING:
    from symparam.reported import Described, Reported


@frozen
class HyperRow:
    """One hyperparameter: its symbol, value (or the assumption that gives it, and what that
    comes to in the hyperparameters given: ``resolved``) and config key."""

    symbol: sympy.Symbol
    meaning: str
    value: int | None
    assumed: Assumption | None
    config_key: str | None
    resolved: sympy.Expr | None = None


@frozen
class Rule:
    """A rule the values must keep, as the command line checks it before it counts, under the
    assumptions: ``whole`` (``a`` is a positive whole number), ``divides`` (``a`` divides
    ``b``) or ``at_most`` (``a ≤ b``). ``says`` which: ``assumed`` (an assumption's value),
    ``divides`` or ``multiple`` (a number that divides), ``at_most``, ``total`` or ``active``
    (the counts); ``written``, its sides as the family writes them (the assumption's symbol and
    formula, the divisor and dividend, the smaller and the larger); ``blocking``: while it fails
    there is no count (one the forward pass alone needs is said beside the count)."""

    kind: str
    says: str
    a: sympy.Expr
    b: sympy.Expr | None = None
    written: tuple[sympy.Expr, ...] = ()
    blocking: bool = True
    reason: str = ""


@frozen
class ModuleRow:
    """One weight-holding module (or bare tensor): shape, bias, what it adds."""

    name: str
    kind: str
    weight: tuple[sympy.Expr, ...]
    bias: tuple[sympy.Expr, ...] | None
    params: sympy.Expr
    value: int | None
    tied_to: str | None = None


@frozen
class Section:
    """Consecutive top-level parts, or one repeated layer with its ×N step."""

    names: tuple[str, ...]
    rows: tuple[ModuleRow, ...]
    subtotal: sympy.Expr
    subtotal_value: int | None
    repeat: sympy.Expr | None = None
    repeat_value: int | None = None
    layer_prefix: str | None = None

    @property
    def total(self) -> sympy.Expr:
        return self.subtotal if self.repeat is None else self.repeat * self.subtotal

    @property
    def total_value(self) -> int | None:
        if self.subtotal_value is None:
            return None
        return self.subtotal_value * (self.repeat_value or 1)


@frozen
class Tie:
    """A tensor that is another tensor: +0, and what it would add untied."""

    name: str
    owner: str
    untied: sympy.Expr
    untied_value: int | None


@frozen
class Stored:
    """The weights stored in one dtype (:data:`~symparam.memory.DTYPE_BYTES`): bytes a
    parameter, their bytes as a formula (bytes a parameter × the count) and, with values, as
    a number."""

    dtype: str
    per: int
    bytes: sympy.Expr
    value: int | None


@frozen
class TrainingRule:
    """The rule of six FLOPs per parameter and token for a training step, C ≈ 6·N·D, with N as
    one of its authors defines it (``who``: ``hoffmann``, every parameter; ``kaplan``, the
    non-embedding ones), for D = B·s tokens: its formula as written here (P for their N), the
    N taken (a mixture of experts': those a token uses, ``active``) and the figure."""

    who: str
    formula: str
    params: int
    value: int
    active: bool = False


@frozen
class ComputeStep:
    """Forward FLOPs for B sequences of s tokens, as a formula (``grouped`` by the layer counts,
    as a person writes it) and at the chosen values."""

    formula: sympy.Expr
    grouped: sympy.Expr
    batch: int
    seq: int
    flops: int
    parts: tuple[tuple[str, int], ...]
    #: where the FLOPs come from, by kind of block: (kind, formula, FLOPs); ``scores`` are
    #: attention's products over the sequence (QKᵀ and the weighted values)
    kinds: tuple[tuple[str, sympy.Expr, int], ...] = ()
    #: the 2·P FLOPs-per-token rule for these B·s tokens (P the parameter count)
    rule: int = 0
    #: a training step: the forward pass and the backward pass at twice the forward (3·C)
    training: int = 0
    #: C ≈ 6·N·D for the training step, as each of its authors defines N
    rules: tuple[TrainingRule, ...] = ()
    #: why weights counted above do not run (a decoder's cross-attention without an encoder)
    idle: bool = False
    #: the images each sequence holds, for a vision–language model: (images, patches an
    #: image, rows and columns of patches, the pooling's kernel, the side of the patches merged
    #: into a token, tokens an image, the image's height and width in pixels, the side of a
    #: windowed block's windows in tokens and its query–key pairs an image, the tokens the
    #: processor adds an image after its rows, 1 where each image is an R×R tile the
    #: processor cut (Idefics3's), the side of an image's grid of tokens where the derivation
    #: writes it r_img (else 0), and LLaVA-NeXT's reading of its tiles), else None
    images: tuple[int, ...] | None = None

    @property
    def rule_gap(self) -> Fraction:
        """How far the 2·P rule is from the exact FLOPs, a fraction of them (above: positive)."""
        return Fraction(self.rule - self.flops, self.flops)


@frozen
class GpuStep:
    """The most loaded GPU of a parallel layout as :func:`symparam.parallel.per_gpu` gives
    it (``found``, a :class:`~symparam.parallel.PerGPU`: the layout, the stage, the parameters
    held, weights, gradients and optimiser state with their formulas, activations, KV cache,
    traffic and bubble), the recomputation policy and dtype it was reckoned for, the
    micro-batches each stage holds at once, and the GPU's memory where one is given."""

    found: Any
    recompute: str
    dtype: str
    in_flight: tuple[int, ...]
    gpu_memory: int | None = None


@frozen
class Running:
    """What a model holds and runs for B sequences of s tokens, as formulas in s and B that a
    reader's values are put into (an encoder–decoder's decoder as long as its source, as the
    commands take it without ``--target-seq``): each what ``symparam memory`` and ``symparam
    flops`` evaluate, as the tree makes it (not expanded). ``refused``: why none of the memory
    and compute is derived (``fitted``: a record read from transformers' module tree, its
    weights alone; ``fitted_flops``: such a record whose FLOPs torch's counter read; ``runs``:
    more runs of layers than :data:`~symparam.running.MAX_RUNS`, ``runs`` of them), else None.
    Each figure in bytes is given for each dtype it is derived in (activations: not int8);
    ``activations_refused`` and ``flops_refused`` are where the commands refuse them,
    ``decode_refused`` why ``symparam flops --decode`` does (``state``: a state that does not
    grow with s; ``cross``: attention over another sequence; ``none``), ``images`` the image
    inputs a vision–language model starts from with ``symparam flops``' own values, and
    ``images_start`` how its default image is said (``resize``, ``anyres``), if it is."""

    fixed: bool
    refused: str | None = None
    runs: int = 0
    kv: Mapping[str, sympy.Expr] | None = None
    state: Mapping[str, sympy.Expr] | None = None
    activations: tuple[tuple[str, Mapping[str, sympy.Expr]], ...] = ()
    activations_refused: bool = False
    flops: tuple[tuple[str, sympy.Expr], ...] = ()
    flops_refused: bool = False
    decode_refused: str | None = None
    images: tuple[tuple[str, int], ...] = ()
    images_start: str | None = None


@frozen
class TrainingState:
    """A training recipe's bytes (weights, gradients and optimiser state): its name
    (:data:`~symparam.memory.OPTIMISERS`), bytes a parameter and the bytes as a formula."""

    name: str
    per: int
    bytes: sympy.Expr


@frozen
class Published:
    """The published figure's words in one language: its source, its note with the figures it
    names filled in from the tree (:func:`~symparam.figures.fill_note`), and why it counts at
    other values where it does (``recount_why``)."""

    source: str
    note: str
    recount_why: str


@frozen(repr=False)
class Document(Tabular):
    """Every step of the count of one model, computed and ready to be laid out:
    ``to_dict()`` gives the steps as data, ``to_pandas()`` one row per module. (A
    :class:`~symparam.derivation.Derivation` is this with its renderings.)"""

    model: str
    architecture: str
    family: str
    description: str
    symbolic: bool
    values: Mapping[sympy.Symbol, int]
    hyperparameters: tuple[HyperRow, ...]
    assumptions: tuple[Assumption, ...]
    sections: tuple[Section, ...]
    total: sympy.Expr
    grouped: Terms
    value: int | None
    active: sympy.Expr
    active_grouped: Terms
    active_value: int | None
    ties: tuple[Tie, ...]
    dropouts: tuple[DropOut, ...]
    reported: Reported | None
    i18n: Mapping[str, Mapping[str, str]]
    options: tuple[tuple[str, Any, str], ...] = ()
    compute: ComputeStep | None = None
    summary: Summary | None = None
    #: the family's name, under which the language files may explain how its layers work
    family_name: str = ""
    #: the figures a published figure's note may name (:func:`symparam.figures.figures`)
    figures: Mapping[str, int] = field(default_factory=dict)
    #: the count under the published figure's ``recount`` values, where it gives them
    recount: int | None = None
    #: the description as each language writes it, where it is not a preset's own
    described: Described | None = None
    #: the token embedding table among the active parameters (a mixture of experts' card may
    #: leave it out: gpt-oss's 5.1B, DeepSeek-V3's 37B)
    active_tables: sympy.Expr = sympy.S.Zero
    #: the most loaded GPU of a parallel layout, where one is given
    per_gpu: GpuStep | None = None
    #: the rules of the model's values that its hyperparameters could break (those the
    #: values given settle are not among them); :attr:`checks` adds the counts'
    rules: tuple[Rule, ...] = ()
    #: what the model holds and runs at a reader's s and B, where it was asked for (a page:
    #: :func:`~symparam.derivation.derive`'s ``running``) and the model names no
    #: hyperparameter s or B of its own, which the reader's would stand for
    running: Running | None = None
    #: the numbers the KV cache grows by a token (:func:`~symparam.memory.kv_cache_width`),
    #: where it was asked for with :attr:`running` and that growth is a polynomial of the sizes
    kv_width: sympy.Expr | None = None

    @property
    def checks(self) -> tuple[Rule, ...]:
        """Every rule the values must keep: :attr:`rules`, then a whole count and (routed
        experts) a whole active count."""
        counts = [Rule("whole", "total", self.total)]
        if self.has_active:
            counts.append(Rule("whole", "active", self.active))
        return (*self.rules, *counts)

    @property
    def says_what_model(self) -> bool:
        """Whether the document says what model it counts (:attr:`description`): where it
        counts one with values, and for a record read from transformers' module tree even
        as a formula, since the formula's source is then transformers' code at a version."""
        return bool(self.description) and (not self.symbolic or (
            self.described is not None and self.described.key.startswith("fitted")))

    def described_in(self, lang: str, fill: Callable[..., Any] | None = None,
                     code: Callable[[str], Any] = str) -> Any:
        """What the model is, in ``lang`` (:func:`symparam.wording.description`): the
        sentence of :attr:`described` (a config.json's, a changed preset's), its fields put
        in by ``fill`` (``model_type`` and every field but a version as ``code`` sets them),
        else the preset's own sentence in ``lang``, else :attr:`description`; plain text
        unless ``fill`` makes it otherwise."""
        return description(lang, self.described, self.i18n, self.description, fill, code)

    def published_in(self, lang: str) -> Published | None:
        """The published figure's source, note and reason for its other values in ``lang``
        (each the language's own where the preset gives one), the note's figures filled in;
        None without a published figure or values to compare it with."""
        if self.reported is None or self.gap is None:
            return None
        own = self.i18n.get(lang, {})
        return Published(own.get("source", self.reported.source),
                         fill_note(own.get("note", self.reported.note), self.figures),
                         own.get("recount_why", self.reported.recount_why))

    @property
    def count_letter(self) -> str:
        """The letter of a parameter count: ``P``, or ``Θ`` where a hyperparameter is named P
        (a ViT's patch size), so that each symbol has one meaning."""
        return "Θ" if any(h.symbol.name == "P" for h in self.hyperparameters) else "P"

    @cached_property
    def has_active(self) -> bool:
        """Whether a token runs on fewer parameters than the model holds (routed experts):
        only then has the derivation an active count of its own."""
        return sympy.expand(self.active - self.total) != 0

    @property
    def has_square_terms(self) -> bool:
        """Whether the total has terms in H², which the layers' square matrices give (the
        symbolic derivation's closing sentence says where they come from)."""
        return any(term.as_powers_dict().get(H, 0) == 2 for term in sympy.Add.make_args(self.total))

    @cached_property
    def stored(self) -> tuple[Stored, ...]:
        """The weights' bytes in each dtype, for every page and document that says them."""
        return tuple(Stored(dtype, per, per * self.total,
                            None if self.value is None else per * self.value)
                     for dtype, per in DTYPE_BYTES.items())

    @cached_property
    def training_state(self) -> tuple[TrainingState, ...]:
        """The bytes a training step holds under each optimiser recipe: bytes a parameter ×
        the count (what ``symparam memory`` prints beside the weights)."""
        return tuple(TrainingState(o.name, o.per_param, o.per_param * self.total)
                     for o in OPTIMISERS)

    @property
    def memory(self) -> tuple[MemoryRow, ...]:
        """:attr:`stored` at the values (none without them)."""
        return tuple(MemoryRow(s.dtype, s.per, s.value) for s in self.stored
                     if s.value is not None)

    def untied_total(self, tie: Tie) -> tuple[sympy.Expr, int | None]:
        """What the count would be were ``tie``'s tensor a copy of its own: a formula and,
        with values, a number."""
        value = None if self.value is None or tie.untied_value is None else \
            self.value + tie.untied_value
        return self.total + tie.untied, value

    @property
    def shows_expanded(self) -> bool:
        """Whether the closed form's expanded total is a line of its own: it reads otherwise
        than the grouped one, and reads well (:attr:`expanded_reads_well`)."""
        return text(self.total) != text(self.grouped) and self.expanded_reads_well

    @property
    def transposed(self) -> bool:
        """Whether some weight is stored in × out (GPT-2's Conv1D), which the shapes' note says."""
        return any(row.kind == "Conv1D" for section in self.sections for row in section.rows)

    @property
    def gap(self) -> Fraction | None:
        """How far the count is from the published figure, a fraction of it (above it:
        positive), where there are both (:meth:`~symparam.counted.Reported.gap`)."""
        if self.reported is None or self.value is None:
            return None
        return self.reported.gap(self.value)

    @property
    def kept(self) -> list[sympy.Symbol]:
        """The hyperparameters the total depends on, in the vocabulary's order."""
        return sorted(self.total.free_symbols, key=order_key)

    @property
    def recounted(self) -> list[tuple[str, int, int]]:
        """Where the published figure counts at other values (:attr:`recount`): each
        hyperparameter it changes, in the vocabulary's order, with its value there and here."""
        if self.reported is None or self.recount is None:
            return []
        here = {sym.name: v for sym, v in self.values.items()}
        names = sorted(self.reported.recount, key=lambda n: order_key(lookup(n).symbol))
        return [(n, self.reported.recount[n], here[n]) for n in names]

    @property
    def shared_experts(self) -> bool:
        """Whether the layers hold shared experts, which every token uses (the active count's
        sentence names them only then)."""
        return self.summary is not None and any(k.name == "shared_experts"
                                                for k in self.summary.layer)

    @property
    def expanded_reads_well(self) -> bool:
        """Whether the expanded total is worth a line of its own: not where a mixed stack
        expands into negative terms (``N·(…) − N_dense·(…)``)."""
        return all(not term.as_coeff_Mul()[0].is_negative
                   for term in sympy.Add.make_args(self.total))

    def to_dict(self) -> dict[str, Any]:
        data = plain(self)
        data.pop("i18n", None)  # language strings, not the derivation
        for key in ("running", "kv_width"):  # a page's alone: only where it asked for them
            if data[key] is None:
                data.pop(key)
        items = list(data.items())  # the weights' memory where it was a field, after dropouts
        items.insert(list(data).index("dropouts") + 1, ("memory", plain(self.memory)))
        return dict(items)

    def _frame(self) -> Table:
        """Every weight-holding module of the derivation, one row each, by section."""
        rows = []
        for section in self.sections:
            repeat = None if section.repeat is None else text(section.repeat)
            for row in section.rows:
                rows.append((" + ".join(section.names), repeat, row.name, row.kind,
                             "×".join(text(d) for d in row.weight),
                             None if row.bias is None else "×".join(text(d) for d in row.bias),
                             text(row.params), row.value, row.tied_to))
        return Table(self.model, ("section", "repeat", "module", "kind", "weight", "bias",
                                  "formula", "parameters", "tied to"), tuple(rows))
