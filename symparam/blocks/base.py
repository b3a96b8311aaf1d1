"""The block protocol: every question asked of a tree, each a method of :class:`Block`.

A block tree is the single source of truth. Each block answers ``params`` from its own rule
(a tensor is the product of its shape, a :class:`~symparam.blocks.Sequential` sums, a
:class:`~symparam.blocks.Repeat` multiplies: :mod:`symparam.blocks.tree`), and
:meth:`Block.tensors` lists the leaves under the dotted names transformers'
``named_parameters()`` uses, with ``{i}`` standing for a repeated layer's index. The helpers
below mark a block for breakdowns (its kind, the unembedding, the sequence it runs on).

>>> from symparam.blocks import Linear, Repeat, Sequential
>>> from symparam.symbols import H, N
>>> layer = Sequential(fc=Linear(H, H))
>>> Repeat(N, layer).params
N*(H**2 + H)
>>> Repeat(3, Linear(4, 4)).count()
60
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import cached_property
from typing import Any

import sympy

from symparam.blocks.entries import Index, TensorInfo
from symparam.blocks.numbers import evaluate
from symparam.blocks.roles import Form, Role, merge_forms, merge_roles
from symparam.blocks.saved import ACT, MASK, Saved, union
from symparam.errors import InvalidValueError, ModelDefinitionError
from symparam.frozen import frozen
from symparam.limits import MAX_BLOCK_DEPTH, MAX_TREE_BLOCKS

Number = int | Fraction


#: what a part of a tree is, for breakdowns: a block declares its ``kind`` (an attention, a
#: norm …) or inherits its parent's; what no block declares is "other"
KINDS = ("embedding", "attention", "mixer", "mlp", "experts", "router", "shared_experts", "conv",
         "norm", "head", "other")


class Block:
    """Base of every block: a node with named children whose totals come from its own rule.

    Each question asked of a tree is a method here, answered by each block from its own rule
    and combined by the composites: ``params``, ``active_params``, ``flops``, ``products``,
    ``nonmatmul``, ``cache``, ``by_kind``, ``flops_by_kind``, ``parts``, ``table_rows``,
    ``numeric``, ``symbols``. A new kind of block overrides the ones its rule changes.
    """

    #: what this block is in a breakdown (one of :data:`KINDS`), or None: its parent's
    kind: str | None = None
    #: a bare tensor (a leaf of the tree), not a module
    is_tensor: bool = False
    #: a stack of repeated layers (:class:`Repeat`)
    is_stack: bool = False
    #: its own FLOPs rule counts work across the tokens of a sequence (attention's products
    #: over every query and key, a convolution over neighbouring tokens)
    across_tokens: bool = False
    #: an output projection onto the vocabulary (:func:`unembedding`)
    unembedding: bool = False
    #: a block whose input is a slice of a longer sequence (the first token's hidden state):
    #: what it saves of its input is that sequence's whole storage
    slices_sequence: bool = False
    #: the tensor this block reads, and the one it makes, where other operations save the same
    #: storage (:func:`symparam.blocks.saved.same_tensor`); None: its own
    input_key: Any = None
    output_key: Any = None
    #: under tensor parallelism, the widths of the tensors this block's split part reads
    #: whole, each of which the backward pass all-reduces (Megatron's f); None: the width of
    #: each row-parallel output under it (a block reads and writes the hidden state)
    split_reads: tuple[Any, ...] | None = None

    def children(self) -> tuple[tuple[str, Block], ...]:
        """The named sub-blocks, in the order transformers registers them."""
        return ()

    @cached_property
    def depth(self) -> int:
        """Levels of blocks from this one down to its deepest tensor (a tensor is 1)."""
        return 1 + max((child.depth for _, child in self.children()), default=0)

    @cached_property
    def size(self) -> int:
        """Blocks from this one down, a block counted at each place it is used: how many a
        walk of the tree visits (a block used twice at each of 40 levels is 2⁴⁰ of them)."""
        return 1 + sum(child.size for _, child in self.children())

    @cached_property
    def params(self) -> sympy.Expr:
        """Unique parameters under this block (tied tensors count 0)."""
        return sympy.Add(*(child.params for _, child in self.children()))

    @cached_property
    def active_params(self) -> sympy.Expr:
        """Parameters one token touches: all of them, except where a router picks experts."""
        children = [child for _, child in self.children()]
        active = [child.active_params for child in children]
        if all(a is child.params for a, child in zip(active, children, strict=True)):
            return self.params  # nothing routed below: the same expression, built once
        return sympy.Add(*active)

    @cached_property
    def vocabulary_params(self) -> sympy.Expr:
        """Parameters of the tables that map tokens or positions to vectors, and of an untied
        projection back onto the vocabulary: what Kaplan et al. (2020) leave out of N."""
        if self.unembedding:
            return self.params
        return sympy.Add(*(child.vocabulary_params for _, child in self.children()))

    @cached_property
    def tied_unembedding(self) -> sympy.Expr:
        """Parameters the projection back onto the vocabulary would hold if it were not tied
        to the token table (0 where it is untied, or there is none)."""
        if self.unembedding:
            return sympy.Add(*(sympy.Mul(*child.shape) for _, child in self.children()
                               if child.is_tensor and child.tie is not None))
        return sympy.Add(*(child.tied_unembedding for _, child in self.children()))

    def stored(self, fmt: Any) -> sympy.Expr:
        """Bytes of the weights under this block in the weight format ``fmt`` (a
        :class:`symparam.memory.WeightFormat`: it says what a matrix costs and what is kept in
        16 bits); the vocabulary's tables and the unembedding are kept."""
        if self.unembedding:
            return fmt.kept(self.params)
        return sympy.Add(*(child.stored(fmt) for _, child in self.children()))

    def leaves(self, prefix: str = "", indices: tuple[Index, ...] = ()
               ) -> Iterator[tuple[Block, TensorInfo]]:
        """Every leaf tensor under this block with its entry, named from ``prefix`` down
        (``indices``: the repeats it sits in), in the order transformers registers them: a
        tensor is its own leaf, a repeat numbers its copies, anything else opens its
        children."""
        for child_name, child in self.children():
            yield from child.leaves(join(prefix, child_name), indices)

    def tensors(self) -> list[TensorInfo]:
        """Every leaf tensor under this block, named from this block down."""
        return list(self._tensors)

    @cached_property
    def _tensors(self) -> tuple[TensorInfo, ...]:
        entries = list(self.leaves())
        owners = {id(tensor): entry.name for tensor, entry in entries if tensor.tie is None}
        out = []
        for tensor, entry in entries:
            if tensor.tie is None:
                out.append(entry)
                continue
            owner = owners.get(id(tensor.tie))
            if owner is None:
                raise ModelDefinitionError(f"{entry.name} is tied to a tensor outside this model")
            out.append(TensorInfo(entry.name, entry.shape, entry.indices, owner))
        return tuple(out)

    #: a block that runs once per sequence, on its first token (BERT's pooler), not per token
    first_token: bool = False
    #: a block that runs on another sequence than its parent's (T5's cross-attention keys)
    sequence: sympy.Expr | None = None

    def own_seq(self, seq: sympy.Expr) -> sympy.Expr:
        """The number of tokens this block runs on, given its parent's."""
        if self.first_token:
            return sympy.Integer(1)
        return seq if self.sequence is None else self.sequence

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """Forward FLOPs on ``batch`` sequences of ``seq`` tokens, counted as
        ``torch.utils.flop_counter`` does: matrix products only, 2 per multiply-add."""
        seq = self.own_seq(seq)
        return sympy.Add(*(child.flops(batch, seq) for _, child in self.children()))

    def products(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        """The attention products (scores and weighted values) among :meth:`flops`: the part
        that grows with the keys each query sees (halved by causal attention, recomputed by
        selective recomputation)."""
        seq = self.own_seq(seq)
        return sympy.Add(*(child.products(batch, seq) for _, child in self.children()))

    def decoded(self, batch: sympy.Expr, seq: sympy.Expr, absorb: bool = False) -> sympy.Expr:
        """The FLOPs of one decoding step: one new token a sequence, after ``seq`` tokens whose
        keys and values are cached. A block runs its own rule on that one token; an
        :class:`~symparam.blocks.Attention` attends over the keys it keeps and the new one
        (``absorb``: with multi-head latent attention's up-projections folded into its query
        and output, as an inference engine can)."""
        if type(self).flops is not Block.flops:
            return self.flops(batch, sympy.S.One)
        return sympy.Add(*(child.decoded(batch, seq, absorb) for _, child in self.children()))

    def decoded_nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        """:meth:`nonmatmul` of one decoding step (as :meth:`decoded`): each block on its one
        new token, an attention's work per score over the keys it sees."""
        if type(self).nonmatmul is not Block.nonmatmul:
            return self.nonmatmul(batch, sympy.S.One)
        return merge(child.decoded_nonmatmul(batch, seq) for _, child in self.children())

    def nonmatmul(self, batch: sympy.Expr, seq: sympy.Expr) -> dict[str, sympy.Expr]:
        """The work that is not a matrix product, as numbers of elements by kind (``layernorm``,
        ``rmsnorm``, ``bias``, ``softmax``, ``scale``, ``activation``, ``gate``, ``add``); what
        each costs is a convention, stated in :data:`symparam.compute.NONMATMUL`."""
        seq = self.own_seq(seq)
        return merge(child.nonmatmul(batch, seq) for _, child in self.children())

    def saved(self, batch: sympy.Expr, seq: sympy.Expr, policy: str = "none",
              view: sympy.Expr | None = None) -> Saved:
        """The tensors a training step keeps for the backward pass on ``batch`` sequences of
        ``seq`` tokens, each storage once (:mod:`symparam.blocks.saved`), under the
        recomputation ``policy``: ``none``; ``selective``, each attention's core (scores,
        softmax, weighted values) run again, its inputs kept; ``full``, each stack of layers
        checkpointed, a layer's input kept. ``view``: the sequence of the block that runs on
        its first token, whose storage a block that :attr:`slices_sequence` keeps whole. A
        composite unites its children's."""
        inner = self.own_seq(seq)
        outer = seq if self.first_token else view
        return union(child.saved(batch, inner, policy, outer) for _, child in self.children())

    #: a layer that transformers calls with the attention mask as a positional argument, which
    #: its checkpoint then keeps (once for all layers: the model makes one)
    called_with_mask: bool = False

    def checkpointed(self, batch: sympy.Expr, seq: sympy.Expr) -> Saved:
        """What a checkpoint of this block keeps: its input (the hidden state a layer is called
        with), which its first child reads, and the mask where it is called with it."""
        inner = self.own_seq(seq)
        children = self.children()
        kept = children[0][1].checkpointed(batch, inner) if children else Saved()
        if self.called_with_mask:
            kept = kept | Saved.of((MASK, ACT, batch * inner * inner))
        return kept

    def count(self, **values: int) -> int:
        """The exact total for the given hyperparameter values (by symbol name)."""
        return evaluate(self.params, values)

    def numeric(self, env: Mapping[sympy.Symbol, Number], active: bool = False) -> Number:
        """:attr:`params` (or :attr:`active_params`) at the numbers in ``env``, computed on the
        tree: no expression is built, so a count costs a walk, not a sympy sum."""
        return sum((child.numeric(env, active) for _, child in self.children()), 0)

    def symbols(self) -> set[sympy.Symbol]:
        """Every symbol :attr:`params` and :attr:`active_params` can hold, found on the tree."""
        return set().union(*(child.symbols() for _, child in self.children()))

    @cached_property
    def held(self) -> frozenset[sympy.Symbol]:
        """:meth:`symbols`, found once: a tree does not change once built (a model of a
        cached tree asks for them at each build)."""
        return frozenset(self.symbols())

    def flops_by_kind(self, batch: sympy.Expr, seq: sympy.Expr,
                      outer: str = "other") -> dict[str, sympy.Expr]:
        """:meth:`flops` by kind of block (as :meth:`by_kind`); attention's products over the
        sequence are a kind of their own, ``scores``. A block with a FLOPs rule of its own
        counts whole under its kind."""
        kind = self.kind or outer
        if type(self).flops is not Block.flops:
            found = self.flops(batch, seq)
            return {kind: found} if found != 0 else {}
        seq = self.own_seq(seq)
        return merge(child.flops_by_kind(batch, seq, kind) for _, child in self.children())

    def cache(self, seq: sympy.Expr) -> sympy.Expr:
        """The numbers kept for later tokens after a sequence of ``seq`` tokens (a decoder's
        keys and values); 0 where nothing is kept."""
        seq = self.own_seq(seq)
        return sympy.Add(*(child.cache(seq) for _, child in self.children()))

    def idle(self) -> tuple[str, ...]:
        """Why weights under this block do not run in the forward pass whose compute is
        derived (a decoder's cross-attention given no encoder), each reason once."""
        return tuple(dict.fromkeys(r for _, child in self.children() for r in child.idle()))

    def held_state(self) -> sympy.Expr:
        """The part of :meth:`cache` that does not grow with the sequence: a state-space or
        linear-attention layer's state (its convolution's last inputs, its scan's state), not
        the keys and values an attention keeps."""
        return sympy.Add(*(child.held_state() for _, child in self.children()))

    def by_kind(self, outer: str = "other", active: bool = False) -> dict[str, sympy.Expr]:
        """Parameters (``active``: those one token touches) by what holds them: each block's
        declared :attr:`kind`, else its parent's (``outer``)."""
        kind = self.kind or outer
        return merge(child.by_kind(kind, active) for _, child in self.children())

    def roles(self, outer: str = "other") -> dict[Role, sympy.Expr]:
        """Parameters by role, (kind, facet) (:mod:`symparam.blocks.roles`): what two models
        are compared by, so that a renamed tensor is not a change."""
        kind = self.kind or outer
        found = merge_roles(child.roles(kind) for _, child in self.children())
        if not self.first_token:
            return found
        # a block on the first token (BERT's pooler) is one unit, weights and biases
        return merge_roles({(k, "tied" if facet == "tied" else "pooler"): e}
                           for (k, facet), e in found.items())

    def forms(self, outer: str = "other") -> dict[str, tuple[Form, ...]]:
        """The designs of the blocks under this one (:class:`~symparam.blocks.roles.Form`), by
        kind: what a comparison names a replaced block by."""
        kind = self.kind or outer
        return merge_forms(child.forms(kind) for _, child in self.children())

    def stacks(self, seq: sympy.Expr) -> list[tuple[Block, sympy.Expr]]:
        """The stacks of repeated layers under this block, with the sequence each runs on:
        the units that full recomputation checkpoints (Megatron-LM and transformers'
        gradient checkpointing keep each layer's input and run the layer again; what lies
        outside the layers, embeddings, final norm and head, is not run again)."""
        inner = self.own_seq(seq)
        return [found for _, child in self.children() for found in child.stacks(inner)]

    @cached_property
    def mixes_tokens(self) -> bool:
        """Whether this block or one below it counts work across tokens (:attr:`across_tokens`):
        a tree without one has FLOPs that grow only linearly with the sequence."""
        return self.across_tokens or any(child.mixes_tokens for _, child in self.children())

    def attends_elsewhere(self) -> bool:
        """Whether an attention below attends to another sequence than its own (an
        encoder–decoder's cross-attention over the encoder's states)."""
        return any(child.attends_elsewhere() for _, child in self.children())

    @cached_property
    def holds_stack(self) -> bool:
        """Whether a stack of repeated layers lies somewhere below this block."""
        return any(child.is_stack or child.holds_stack for _, child in self.children())

    def parts(self, prefix: str = "", seq: sympy.Expr | None = None,
              weightless: bool = False) -> list[Placed]:
        """The parts of a breakdown: the children, each opened down to its stacks of layers
        (``encoder.layer``), with the sequence each runs on given ``seq`` for this block.
        Steps without weights are parts only if ``weightless``."""
        inner = None if seq is None else self.own_seq(seq)
        return [placed for name, child in self.children()
                for placed in child.placed(join(prefix, name), inner, weightless)]

    def placed(self, path: str, seq: sympy.Expr | None, weightless: bool) -> list[Placed]:
        """How this block shows among its parent's parts: itself, or opened when a stack of
        layers lies below it."""
        if self.holds_stack:
            return self.parts(path, seq, weightless)
        return [Placed(path, self, seq)]

    def table_rows(self, path: str = "") -> Iterator[Row]:
        """The derivation's table rows under this block: a module whose children are all
        tensors is one row (weight, bias); anything else is opened."""
        children = self.children()
        if children and all(child.is_tensor for _, child in children):
            tensors = dict(children)
            weight = tensors.get("weight") or children[0][1]
            bias = tensors.get("bias")
            yield Row(path, type(self).__name__, weight.shape,
                      None if bias is None else bias.shape, self.params, weight.tie)
            return
        for name, child in children:
            yield from child.table_rows(join(path, name))

    @cached_property
    def at_most(self) -> tuple[tuple[sympy.Expr, sympy.Expr, str], ...]:
        """``(smaller, larger, reason)``: sizes this block needs in that order (a router's top
        k among its E experts), gathered from the tree; checked when values are bound."""
        found: dict[tuple[sympy.Expr, sympy.Expr, str], None] = {}
        for _, child in self.children():
            found.update(dict.fromkeys(child.at_most))
        return tuple(found)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(params={self.params})"


@frozen
class Placed:
    """A block where it sits in a tree: its dotted path and the sequence it runs on (None
    where no sequence was given)."""

    path: str
    block: Block
    seq: sympy.Expr | None = None


@frozen
class Row:
    """One line of a derivation's table: a module holding weights (or a bare tensor), its
    weight and bias shapes, what it adds (``params``, over its repeats within the part), and
    the tensor its weight is tied to, if any."""

    name: str
    module: str
    weight: tuple[sympy.Expr, ...]
    bias: tuple[sympy.Expr, ...] | None
    params: sympy.Expr
    tie: Block | None = None  # a Tensor


def once(question: Callable[..., Any], *args: Any) -> Any:
    """A block's answer to ``question`` (one of its methods) at ``args``, worked out once:
    the layer a stack repeats is asked the same question by each run of a listed pattern (a
    thousand runs of the dense layer between a Qwen-MoE's sparse ones). The answers are never
    changed in place by those who ask."""
    answers = question.__self__.__dict__.setdefault("_answers", {})  # type: ignore[attr-defined]
    key = (question.__name__, *args)
    if key not in answers:
        answers[key] = question(*args)
    return answers[key]


def adopt(parent: str, items: Iterable[tuple[str, Any]]) -> tuple[tuple[str, Block], ...]:
    """A composite's named children, checked: each a :class:`Block`, nested at most
    :data:`~symparam.limits.MAX_BLOCK_DEPTH` deep (every walk of the tree recurses, so a
    5,000-deep tree would fail with a RecursionError instead of a message), and at most
    :data:`~symparam.limits.MAX_TREE_BLOCKS` blocks for a walk to visit. Each child's depth
    and size are known when it is built, so this costs one step per child."""
    out = tuple(items)
    size = 1
    for name, block in out:
        if not isinstance(block, Block):
            raise InvalidValueError(f"child {name!r} of {parent} is a {type(block).__name__}, "
                                    "not a Block")
        if block.depth >= MAX_BLOCK_DEPTH:
            raise ModelDefinitionError(f"{parent} nests blocks deeper than {MAX_BLOCK_DEPTH} "
                                       "levels")
        size += block.size
    if size > MAX_TREE_BLOCKS:
        raise ModelDefinitionError(f"{parent} holds more than {MAX_TREE_BLOCKS:,} blocks, a "
                                   "block counted at each place it is used")
    return out


def tensor_leaves(block: Block) -> Iterator[tuple[Block, TensorInfo]]:
    """Every leaf tensor under ``block`` with its entry (name, shape, repeats, the owner a tie
    names), in the order transformers registers them."""
    names = {}
    for tensor, entry in block.leaves():
        if tensor.tie is None:
            names[id(tensor)] = entry.name
            yield tensor, entry
        else:
            yield tensor, TensorInfo(entry.name, entry.shape, entry.indices,
                                     names.get(id(tensor.tie)))


def merge(parts: Iterable[Mapping[str, sympy.Expr]]) -> dict[str, sympy.Expr]:
    """Element counts by kind, summed over ``parts``."""
    out: dict[str, list[sympy.Expr]] = {}
    for part in parts:
        for kind, elements in part.items():
            out.setdefault(kind, []).append(elements)
    return {kind: sympy.Add(*terms) for kind, terms in out.items()}


def join(prefix: str, name: str) -> str:
    """``prefix.name``, leaving out empty parts (a :class:`Stack` adds no name)."""
    return f"{prefix}.{name}" if prefix and name else prefix or name


def tensor_names(block: Block) -> dict[int, str]:
    """The full name of every tensor under ``block``, by ``id`` (to name the owner of a tie)."""
    return {id(tensor): entry.name for tensor, entry in block.leaves()}


def of_kind(kind: str) -> str:
    """``kind`` checked against :data:`KINDS`."""
    if kind not in KINDS:
        raise ModelDefinitionError(f"unknown kind of block {kind!r} (kinds: {', '.join(KINDS)})")
    return kind


def marked(block: Block, kind: str) -> Block:
    """Mark ``block`` as a part of ``kind`` (a head, an MLP …) for breakdowns."""
    block.kind = of_kind(kind)
    return block


def unembedding(block: Block) -> Block:
    """Mark ``block`` (a Linear onto the vocabulary: an LM head) as the unembedding: with the
    embedding tables, what Kaplan et al. leave out of the non-embedding count, and what a
    quantized model keeps in 16 bits."""
    block.unembedding = True
    weight, bias = getattr(block, "weight", None), getattr(block, "bias", None)
    # Megatron: column-parallel over V
    if getattr(weight, "is_tensor", False) and weight.tie is None:
        weight.split, weight.decided = getattr(block, "out_dim", 0), True
        if getattr(bias, "is_tensor", False):
            bias.split, bias.decided = 0, True
    return block


def on_first_token(block: Block) -> Block:
    """Mark ``block`` as run once per sequence, on its first token (a pooler, a classifier)."""
    block.first_token = True
    return block


def on_sequence(block: Block, seq: sympy.Expr) -> Block:
    """Mark ``block`` as run on ``seq`` tokens a sequence (a decoder's own length …)."""
    block.sequence = seq
    return block
