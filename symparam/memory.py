"""Memory from the block tree, under stated conventions: the weights in each dtype and in
quantized formats (with their scales), the training state of each optimiser recipe, the KV
cache as the model keeps it (sliding-window layers hold at most their window), and the
activations a training step saves for the backward pass.

>>> row = weight_memory(102_267_648)[0]
>>> row.dtype, row.bytes, round(row.mib, 2)
('fp32', 409070592, 390.12)
"""

from __future__ import annotations

import textwrap
from typing import Any

import sympy

from symparam.assumptions import resolve
from symparam.blocks.numbers import evaluate
from symparam.blocks.saved import kind_bytes
from symparam.errors import InvalidValueError, Param
from symparam.frozen import frozen
from symparam.images import bound
from symparam.limits import check_lengths
from symparam.printing import text
from symparam.rounding import gib
from symparam.symbols import B, W, W_chunk, n_img, s, s_dec, symbol
from symparam.tables import Shown, Table, binary, plain
from symparam.units import human_count

DTYPE_BYTES = {"fp32": 4, "fp16": 2, "bf16": 2, "int8": 1}
MIB = 2**20
MB = 10**6
GIB = 2**30
GB = 10**9


@frozen
class MemoryRow:
    """The weights of a model stored in one dtype: bytes, and the same in MiB/GiB and MB/GB."""

    dtype: str
    bytes_per_param: int
    bytes: int

    @property
    def mib(self) -> float:
        return self.bytes / MIB

    @property
    def mb(self) -> float:
        return self.bytes / MB

    @property
    def gib(self) -> float:
        return self.bytes / GIB

    @property
    def gb(self) -> float:
        return self.bytes / GB


def weight_memory(params: int) -> list[MemoryRow]:
    """The weights' size in fp32, fp16, bf16 and int8 (one byte a parameter, no scales: see
    :data:`FORMATS` for quantized weights with theirs)."""
    return [MemoryRow(dtype, size, params * size) for dtype, size in DTYPE_BYTES.items()]


@frozen
class WeightFormat:
    """Quantized weights: each matrix at ``bits`` a weight (packed, rounded up to whole bytes
    per tensor) plus one 16-bit scale for each row, or for each ``group`` of consecutive weights
    of a row (along a tensor's last dimension as it is stored; a row of c weights has ⌈c/g⌉
    groups); vectors (norms, biases), the embedding tables and an untied unembedding stay 16-bit,
    as GPTQ, AWQ and bitsandbytes leave them."""

    name: str
    bits: int
    group: int | None
    description: str
    scale_bytes: int = 2
    kept_bytes: int = 2

    def tensor(self, shape: tuple[sympy.Expr, ...]) -> sympy.Expr:
        """The bytes of one tensor of ``shape`` (a vector is kept)."""
        numel = sympy.Mul(*shape)
        if len(shape) < 2:
            return self.kept(numel)
        rows, columns = sympy.Mul(*shape[:-1]), shape[-1]
        # unevaluated: sympy would ask whether each quotient is an integer (0.8 s a model),
        # and only the number at the model's values is read
        packed = sympy.ceiling(numel * sympy.Rational(self.bits, 8), evaluate=False)
        groups = 1 if self.group is None else sympy.ceiling(columns / self.group,
                                                            evaluate=False)
        return packed + rows * groups * self.scale_bytes

    def kept(self, params: sympy.Expr) -> sympy.Expr:
        """The bytes of ``params`` kept in 16 bits."""
        return self.kept_bytes * params


FORMATS = (
    WeightFormat("int8", 8, None, "int8: 1 byte a weight of each matrix and one fp16 scale for "
                 "each of its rows (per output channel, absmax); vectors, embedding tables and "
                 "an untied LM head in fp16"),
    WeightFormat("int4", 4, 128, "int4: 4 bits a weight (two a byte) and one fp16 scale for each "
                 "group of 128 weights of a row (GPTQ's and AWQ's default group size; a zero "
                 "point, where kept, adds 4 bits a group); vectors, embedding tables and an "
                 "untied LM head in fp16"),
)


@frozen
class Optimiser:
    """Bytes per parameter of a training recipe: weights, gradients and optimiser state."""

    name: str
    source: str
    parts: tuple[tuple[str, int], ...]

    @property
    def per_param(self) -> int:
        return sum(size for _, size in self.parts)


#: Mixed-precision training with Adam, per parameter (Rajbhandari et al. 2020, ZeRO, section 3)
ADAM_MIXED = (
    ("fp16/bf16 weights", 2),
    ("fp16/bf16 gradients", 2),
    ("fp32 master weights", 4),
    ("fp32 Adam first moment", 4),
    ("fp32 Adam second moment", 4),
)

OPTIMISERS = (
    Optimiser("adam-mixed", "Adam in mixed precision: Rajbhandari et al. 2020 (ZeRO), section 3",
              ADAM_MIXED),
    Optimiser("adam-fp32-grads", "Adam in mixed precision with fp32 gradients beside the 16-bit "
              "ones: Megatron-LM's distributed-optimizer guide (16-bit parameters and gradients, "
              "20 bytes)", (*ADAM_MIXED[:2], ("fp32 gradients", 4), *ADAM_MIXED[2:])),
    Optimiser("adam-fp32", "Adam in fp32 (Megatron-LM's guide: fp32 parameters and gradients, "
              "16 bytes)", (("fp32 weights", 4), ("fp32 gradients", 4),
                            ("fp32 Adam first moment", 4), ("fp32 Adam second moment", 4))),
)


def _resolved(model: Any, expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with the model's assumptions put in, expanded."""
    return sympy.expand(expr.xreplace(resolve(model.assumptions)))


def _per_token(held: Any) -> Any:
    """What a KV-cache formula grows by a token: of the decoder's (s_dec) where it has one,
    beside the cross-attention's keys and values of the source, else of s (None: nothing)."""
    if held is None:
        return None
    tokens = s_dec if s_dec in held.free_symbols else s
    width = sympy.expand(held.xreplace({tokens: sympy.Integer(1)})
                         - held.xreplace({tokens: sympy.Integer(0)}))
    return None if width == 0 else width


def kv_cache_width(model: Any) -> Any:
    """Numbers a decoder keeps per token, over all layers, while the sequence is shorter than
    every sliding window (None where nothing is kept): keys and values, not a state-space
    layer's state, which does not grow with the sequence. An encoder–decoder's are per token
    of its decoder (s_dec), beside the cross-attention's keys and values of the source."""
    return _per_token(kv_cache(model))


def state_size(model: Any) -> Any:
    """Numbers a model keeps per sequence however long it is (None where it keeps none): each
    state-space layer's convolution inputs and state, each linear-attention layer's state."""
    state = _resolved(model, model.tree.held_state())
    return None if state == 0 else state


#: what a sliding-window layer keeps, said where a model has one
SLIDING_CACHE = ("a sliding-window layer keeps its last W − 1 positions, min(s, W − 1), as "
                 "transformers' DynamicCache does (a new token then attends over them and "
                 "itself; its StaticCache allocates W)")
#: what a layer attending in chunks (Llama 4) keeps, said where a model has one
CHUNKED_CACHE = ("a chunked-attention layer keeps its last W_chunk − 1 positions, "
                 "min(s, W_chunk − 1), as transformers' DynamicCache does (it keeps a chunked "
                 "layer's positions as a sliding window's; a new token's scores then run over "
                 "them and itself, the mask leaving it only those of its own chunk; its "
                 "StaticCache allocates W_chunk)")
#: each kind of window by the symbol it is written in: what its layers keep, and the words
#: for "s is shorter than it"
WINDOWS = {W: (SLIDING_CACHE, "every window"), W_chunk: (CHUNKED_CACHE, "the chunk size")}


def windows(formula: Any) -> tuple[sympy.Symbol, ...]:
    """The kinds of window a cache's or a step's formula has (its min(s, W − 1) terms), by
    their symbols: W (sliding), W_chunk (chunked); W where a min has neither.

    >>> windows(sympy.Min(s, W_chunk - 1) + s)
    (W_chunk,)
    """
    if formula is None or not formula.has(sympy.Min):
        return ()
    found = tuple(w for w in WINDOWS if formula.has(w))
    return found or (W,)


def cache_notes(formula: Any) -> tuple[str, ...]:
    """What the windowed layers of a KV cache's ``formula`` keep, one note a kind of window."""
    return tuple(WINDOWS[w][0] for w in windows(formula))


def under_windows(formula: Any) -> str:
    """" while s is under …": when a cache grows by the same numbers every token."""
    found = windows(formula)
    return f" while s is under {' and '.join(WINDOWS[w][1] for w in found)}" if found else ""


def kv_cache(model: Any) -> Any:
    """The numbers a decoder keeps after a sequence of s tokens, over all layers (None where
    nothing is kept): keys and values of each layer (its key/value heads, or multi-head latent
    attention's latent and rotary key, as DeepSeek-V3 stores them), a sliding-window layer
    min(s, W − 1) positions of them (:data:`SLIDING_CACHE`; a chunked layer W_chunk − 1,
    :data:`CHUNKED_CACHE`); an encoder–decoder's decoder those
    of its s_dec tokens in self-attention and of the encoder's s (Whisper's L_enc frames) in
    cross-attention."""
    held = _resolved(model, model.tree.cache(s) - model.tree.held_state())
    return None if held == 0 else held


def korthikanti_bytes(model: Any, seq: int, batch: int, recompute: str = "none") -> int | None:
    """Korthikanti et al. 2022's activation memory of a GPT-3-style layer stack (16-bit, no
    tensor or sequence parallelism): s·b·H·N·(34 + 5·h·s/H) bytes; 34·s·b·H·N with selective
    recomputation; 2·s·b·H·N (each layer's input) with full recomputation. It assumes a
    two-matrix MLP of 4H, h·d_head = H, dropout masks and one attention per layer; None where N,
    H or h is missing."""
    check_lengths(seq=seq, batch=batch)
    values = model.bind()
    if not {"N", "H", "h"} <= set(values):
        return None
    n, hidden, heads = values["N"], values["H"], values["h"]
    base = seq * batch * hidden * n
    if recompute == "full":
        return 2 * base
    if recompute == "selective":
        return 34 * base
    return 34 * base + 5 * heads * seq * seq * batch * n


#: the old name of :func:`korthikanti_bytes`
activation_bytes = korthikanti_bytes


@frozen
class Memory(Shown):
    """Weights per dtype and per quantized format, training state, the KV cache and a
    state-space model's state. Its ``str()`` is what ``symparam memory`` prints of them; in
    Jupyter it shows as tables; ``to_dict()``, ``to_pandas()`` (the weights).

    ``weights`` holds fp32, fp16, bf16 and int8 at one byte a parameter with no scales (the
    rule of thumb; ``to_dict()`` and ``memory --json`` name it ``int8_no_scales``); int8 and
    int4 as quantized checkpoints store them, with their scales, are ``formats``, and are
    what the text and the tables show as int8 and int4."""

    params: int
    weights: tuple[MemoryRow, ...]
    training: tuple[tuple[str, int, int], ...]
    kv_formula: Any
    kv_per_token: int | None
    kv_total: int | None
    dtype_bytes: int
    formats: tuple[tuple[WeightFormat, int], ...] = ()
    optimisers: tuple[tuple[Optimiser, int], ...] = ()
    #: what the state-space and linear-attention layers keep, the same for any s (numbers per
    #: sequence), and its bytes for the batch
    state_formula: Any = None
    state_total: int | None = None
    #: what the cache and state were asked for: their dtype, batch and lengths, and the model
    dtype: str = "fp16"
    batch: int = 1
    seq: int | None = None
    target_seq: int | None = None
    model: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data, named as ``symparam memory --json`` names it: int8 at one byte a
        parameter is ``int8_no_scales``, ``int8`` and ``int4`` are the formats with scales."""
        data = plain(self)
        data["weights"] = [{**row, "dtype": weights_key(row["dtype"])}
                           for row in data["weights"]]
        data["formats"] = [{**plain(fmt), "bytes": size} for fmt, size in self.formats]
        data["optimisers"] = [{"name": o.name, "per_param": o.per_param, "bytes": size,
                               "source": o.source, "parts": dict(o.parts)}
                              for o, size in self.optimisers]
        data["training"] = [{"state": part, "bytes_per_param": size, "bytes": count}
                            for part, size, count in self.training]
        data["training_total"] = sum(row[2] for row in self.training)
        return data

    def _lines(self) -> list[str]:
        return memory_lines(self.model or "model", self)

    def _summary(self) -> str:
        cache = "" if self.kv_total is None else f", KV cache {binary(self.kv_total)}"
        fp16 = next((row.bytes for row in self.weights if row.dtype == "fp16"), None)
        return memory_heading(self.model or "model", self) + \
            ("" if fp16 is None else f"; fp16 weights {binary(fp16)}") + cache

    def _tables(self) -> list[Table]:
        rows: list[tuple[Any, ...]] = [(r.dtype, r.bytes_per_param, r.bytes, binary(r.bytes))
                                       for r in self.weights if r.dtype != "int8"]
        rows += [(fmt.name, None, size, binary(size)) for fmt, size in self.formats]
        weights = Table(f"weights: {self.params:,} parameters",
                        ("dtype", "bytes per parameter", "bytes", "size"), tuple(rows),
                        tuple(fmt.description for fmt, _ in self.formats))
        training = Table(training_lines(self)[0].strip().rstrip(":"),
                         ("recipe", "bytes per parameter", "bytes", "size", "made of"),
                         tuple((o.name, o.per_param, size, binary(size),
                                " + ".join(f"{n} ({part})" for part, n in o.parts))
                               for o, size in self.optimisers),
                         tuple(f"{o.name}: {o.source}" for o, _ in self.optimisers))
        tables = [weights, training]
        if self.kv_formula is not None:
            heading = cache_lines(self)[0].strip().split("; ")[0]  # the formula, as printed
            kv: list[tuple[Any, ...]] = [("a token" + under_windows(self.kv_formula),
                                          self.kv_per_token, binary(self.kv_per_token or 0))]
            if self.kv_total is not None:
                kv.append((f"for B = {self.batch}, s = {self.seq}", self.kv_total,
                           binary(self.kv_total)))
            tables.append(Table(heading, ("", "bytes", "size"), tuple(kv),
                                cache_notes(self.kv_formula)))
        if self.state_formula is not None and self.state_total is not None:
            tables.append(Table("state (the same for any s)", ("", "formula", "bytes", "size"),
                                ((f"for B = {self.batch}", f"({text(self.state_formula)}) × "
                                  f"{self.dtype_bytes} B × B", self.state_total,
                                  binary(self.state_total)),)))
        return tables


def weights_key(dtype: str) -> str:
    """A dtype as a key of the weights' bytes in ``memory --json`` and ``to_dict()``: int8 at
    one byte a parameter is ``int8_no_scales``, so that ``int8`` means one thing (the format
    with its scales)."""
    return "int8_no_scales" if dtype == "int8" else dtype


def memory(model: Any, seq: int | None = None, batch: int = 1, dtype: str = "fp16",
           target_seq: int | None = None, images: int | None = None,
           image_size: tuple[int, int] | None = None) -> Memory:
    """The memory a model needs: its weights (each dtype, and quantized with their scales), its
    training state under each optimiser recipe, its KV cache after ``seq`` tokens (an
    encoder–decoder's: a source of ``seq`` tokens and ``target_seq`` decoded, ``seq`` if not
    given), the state its state-space and linear-attention layers keep (the same for any
    ``seq``); a vision–language model's cache holds each image's tokens too (``images`` a
    sequence, 1 if not given, each ``image_size`` pixels where the model reads images at their
    own resolution: :mod:`symparam.images`)."""
    if not isinstance(dtype, str) or dtype not in DTYPE_BYTES:
        raise InvalidValueError(f"unknown dtype {dtype!r}; choose {', '.join(DTYPE_BYTES)}")
    if model.family.fitted:  # its cache and activations are not read off a module tree
        raise InvalidValueError(f"{model.name} is read off a module tree, which gives its "
                                "weights, not what its layers keep: memory is not derived "
                                "(count gives the weights)")
    check_lengths(seq=seq, batch=batch, target_seq=target_seq)
    pictures = bound(model, images, image_size)
    params = model.count()
    training = tuple((part, size, size * params) for part, size in ADAM_MIXED)
    formula = kv_cache(model)
    if formula is not None and pictures.get("n_img") == 0:  # text alone: no image's tokens
        formula = sympy.expand(formula.xreplace({n_img: sympy.S.Zero}))
    per_token = total = None
    if formula is not None:
        # at the images a sequence holds: what a text token adds beside their tokens
        held = formula.xreplace({symbol(name): sympy.Integer(n) for name, n in pictures.items()})
        per_token = model.value_of(_per_token(held)) * DTYPE_BYTES[dtype]
        if seq is not None:
            lengths = {"s": seq, "s_dec": seq if target_seq is None else target_seq}
            total = evaluate(held, {**model.bind(), **lengths}) * batch * DTYPE_BYTES[dtype]
    formats = tuple((fmt, _stored(model, fmt)) for fmt in FORMATS)
    optimisers = tuple((o, o.per_param * params) for o in OPTIMISERS)
    state = state_size(model)
    state_total = None if state is None else model.value_of(state) * DTYPE_BYTES[dtype] * batch
    return Memory(params, tuple(weight_memory(params)), training, formula, per_token, total,
                  DTYPE_BYTES[dtype], formats, optimisers, state, state_total, dtype, batch,
                  seq, target_seq, model.name)


def _stored(model: Any, fmt: WeightFormat) -> int:
    """The model's weights in ``fmt``, exactly."""
    return model.value_of(model.tree.stored(fmt))  # read off the tree at the model's values:
    # substituting into the formula would have sympy evaluate each ⌈…⌉ (0.1 s a model)


def memory_heading(name: str, result: Any) -> str:
    """``symparam memory``'s first line: the model and its parameters."""
    return f"{name}: {result.params:,} parameters ({human_count(result.params)})"


def weights_lines(result: Any) -> list[str]:
    """The weights (``result``: a :class:`~symparam.memory.Memory`) in each 16- and 32-bit
    dtype, then quantized with their scales, each format saying what it counts: every row is
    the whole model's weights."""
    lines = ["  weights:"]
    lines += [f"    {row.dtype:<5} {row.bytes:>20,} B = {gib(row.bytes)}"
              for row in result.weights if row.dtype != "int8"]  # int8 with its scales below
    lines += [f"    {fmt.name:<5} {size:>20,} B = {gib(size)}   ({fmt.description})"
              for fmt, size in result.formats]
    return lines


def training_lines(result: Any) -> list[str]:
    """The training state under each optimiser recipe: bytes a parameter, what they are made
    of, and where the recipe comes from."""
    lines = ["  training state (weights, gradients, optimiser; activations not included):"]
    for o, total in result.optimisers:
        parts = " + ".join(f"{size} ({part})" for part, size in o.parts)
        lines.append(f"    {o.name:<16} {o.per_param:>2} B × P = {gib(total)}: "
                     f"{parts}; {o.source}")
    return lines


def cache_lines(result: Any) -> list[str]:
    """The KV cache (its formula, its bytes a token, for the batch) and a state-space or
    linear-attention layer's state, at the result's dtype, batch and sequence."""
    lines = []
    if result.kv_formula is None and result.state_formula is not None:
        lines.append("  KV cache: none (no layer keeps keys and values)")
    elif result.kv_formula is None:
        lines.append("  KV cache: none (an encoder keeps no keys and values between tokens)")
    else:
        names = {sym.name for sym in result.kv_formula.free_symbols}
        after, per = ("s source and s_dec decoded tokens", "a decoded token, beside the "
                      "cross-attention's keys and values of the source") \
            if "s_dec" in names else ("s text tokens and n_img images of s_img tokens",
                                      "a text token") if "n_img" in names \
            else ("s tokens", "a token")
        under = under_windows(result.kv_formula)
        lines.append(f"  KV cache after {after} = ({text(result.kv_formula)}) × "
                     f"{result.dtype_bytes} B ({result.dtype}); {result.kv_per_token:,} B "
                     f"{per}{under}")
        lines += [textwrap.fill(f"note: {note}", 100, initial_indent="  ",
                                subsequent_indent="    ")
                  for note in cache_notes(result.kv_formula)]
        if result.kv_total is not None:
            decoded = f", s_dec = {result.target_seq or result.seq}" if "s_dec" in names \
                else ""
            lines.append(f"  KV cache for B = {result.batch}, s = {result.seq}{decoded}: "
                         f"{result.kv_total:,} B = {gib(result.kv_total)}")
    if result.state_formula is not None:
        lines.append(f"  state per sequence, whatever s = ({text(result.state_formula)}) × "
                     f"{result.dtype_bytes} B; for B = {result.batch}: "
                     f"{result.state_total:,} B = {result.state_total / GIB:,.4f} GiB "
                     f"({result.dtype})")
    return lines


def memory_lines(name: str, result: Any) -> list[str]:
    """What ``symparam memory`` prints of a :class:`~symparam.memory.Memory` (the command adds
    the largest layer and the activations, which the result does not hold)."""
    return [memory_heading(name, result), *weights_lines(result), *training_lines(result),
            *cache_lines(result)]


#: recomputation policies a training step's saved tensors are derived for
POLICIES = ("none", "selective", "full")


@frozen
class Activations:
    """What a training step keeps for the backward pass under a recomputation policy: the
    elements of each kind of storage (:mod:`symparam.blocks.saved`) as formulas in B and s,
    and the bytes in the model's dtype."""

    policy: str
    dtype: str
    elements: dict[str, Any]
    bytes: int

    @property
    def formula(self) -> Any:
        """The bytes as one formula in B and s."""
        return self.formula_in(self.dtype)

    def formula_in(self, dtype: str) -> Any:
        """The bytes in ``dtype`` as one formula in B and s: the same saved elements (the
        dtype changes no tensor a step keeps, only the width of those of the model's dtype;
        masks stay a byte an element), each kind at its width in ``dtype``."""
        return sympy.expand(saved_bytes(self.elements, dtype))


def saved_bytes(elements: dict[str, Any], dtype: str) -> Any:
    """The bytes of ``elements`` (each kind of storage's, as :func:`kept` or
    :class:`Activations` holds them) in a model of ``dtype``, as they are given (a sum of
    their products, not expanded)."""
    return sympy.Add(*(kind_bytes(kind, DTYPE_BYTES[dtype]) * n
                       for kind, n in elements.items()))


def activations_checked(model: Any) -> bool:
    """Whether the activations of ``model`` are derived: its family's saved tensors checked
    against torch's (:attr:`Family.activations_checked`), and its options not a layout the
    family leaves unchecked (:attr:`Family.unchecked_layouts`)."""
    family = model.family
    return getattr(family, "activations_checked", True) and not any(
        model.options.get(o) == v for o, v in getattr(family, "unchecked_layouts", ()))


def kept(model: Any, recompute: str = "none") -> dict[str, Any]:
    """The elements of each kind of storage a training step keeps under ``recompute``, as
    formulas in B and s (s the model's own sequence where its input fixes it) with its
    assumptions put in, not expanded (:func:`activations` expands them to print them; a page
    evaluates them as they are). Raises where :func:`activations` refuses the model."""
    model.require_compute()
    if not activations_checked(model):
        raise InvalidValueError(f"symparam does not derive the activations {model.label} keeps "
                                "yet: they are not checked against torch's saved tensors")
    mapping = resolve(model.assumptions)
    fixed = {} if model.sequence is None else {s: model.sequence}
    return {kind: n.xreplace(fixed).xreplace(mapping)
            for kind, n in model.tree.saved(B, s, recompute).totals().items()}


def activations(model: Any, seq: int | None, batch: int = 1, recompute: str = "none",
                dtype: str = "bf16", target_seq: int | None = None) -> Activations:
    """The tensors a training step on ``batch`` sequences of ``seq`` tokens saves for the
    backward pass, each storage once, derived from the block tree under the recomputation
    policy (``none``; ``selective``: each attention's core runs again from its kept inputs;
    ``full``: each layer runs again from its kept input) in the model's ``dtype`` (fp32, bf16
    or fp16); ``target_seq``: an encoder–decoder's decoder length (``seq`` if not given).
    Parameters are not activations; the loss's own tensors (cross-entropy keeps its
    log-probabilities) are not the model's."""
    if recompute not in POLICIES:
        raise InvalidValueError(Param("recompute"), " takes none, selective or full")
    if dtype not in ("fp32", "fp16", "bf16"):
        raise InvalidValueError(f"activations are in fp32, fp16 or bf16, not {dtype!r}")
    fixed = model.sequence  # the class's own (DINOv2's registers lengthen it)
    if fixed is not None:
        if seq is not None:
            raise InvalidValueError(f"{model.family.title}'s input fixes its sequence; leave "
                                    "out ", Param("seq"))
        seq = 1
    elif seq is None:
        raise InvalidValueError("give the sequence length: ", Param("seq", "seq=S"))
    check_lengths(seq=seq, batch=batch, target_seq=target_seq)
    elements = {kind: sympy.expand(n) for kind, n in kept(model, recompute).items()}
    values = {**model.bind(), "B": batch, "s": seq, "s_dec": target_seq or seq}
    size = DTYPE_BYTES[dtype]
    total = sum(kind_bytes(kind, size) * evaluate(n, values) for kind, n in elements.items())
    return Activations(recompute, dtype, elements, total)
