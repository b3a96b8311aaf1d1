"""A family: one architecture module that builds block trees for several classes and options."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any

import sympy

from symparam.assumptions import Assumption
from symparam.blocks import Block
from symparam.errors import InvalidValueError, shown, whole
from symparam.frozen import frozen
from symparam.integers import as_int
from symparam.limits import MAX_LAYERS_LISTED, MAX_OPTION_VALUE, MAX_VALUE

if TYPE_CHECKING:  # declared by the families that need it: startup does not load it
    from symparam.inputs import Inputs

#: transformers' activation names (transformers.activations.ACT2CLS, 5.23)
ACTIVATIONS = frozenset({
    "gelu", "gelu_10", "gelu_accurate", "gelu_fast", "gelu_new", "gelu_python",
    "gelu_python_tanh", "gelu_pytorch_tanh", "hardswish", "laplace", "leaky_relu", "linear",
    "mish", "prelu", "quick_gelu", "relu", "relu2", "relu6", "sigmoid", "silu", "sqrtsoftplus",
    "swish", "tanh", "xielu",
})


@frozen
class Option:
    """A structural switch of a family (bias on/off, tied head, pooler …)."""

    name: str
    default: bool | int | tuple[int, ...] | str
    help: str
    variant: bool = False  # a model type's variant of the family: shown only when switched on
    #: the range of an integer option (most build that many blocks; a chunk length builds none)
    minimum: int = 1
    maximum: int = MAX_OPTION_VALUE
    #: an activation of a part only some classes build: any name is taken here, and refused
    #: by the class that builds it (as transformers refuses it there only)
    where_built: bool = False
    #: a key a config may set that transformers overrides whatever it says: what it builds
    #: instead (T5's ``tie_word_embeddings: false``, which transformers 5 ties anyway); a
    #: value other than the default is counted as transformers builds it, and said
    ignored: str = ""
    #: a processor's setting, not a structure: any short text (LLaVA-OneVision's
    #: ``vision_aspect_ratio``), or a list of positive whole numbers (image sizes in pixels)
    setting: bool = False

    def parse(self, raw: Any) -> bool | int | tuple[int, ...] | str:
        """Accept a Python value or the text of ``--set NAME=VALUE``."""
        if self.setting:
            return self._setting(raw)
        if isinstance(self.default, str):  # an activation function, by transformers' name
            if self.where_built and isinstance(raw, str) and len(raw) <= 100:
                return raw
            if raw != "" and raw not in ACTIVATIONS:
                raise InvalidValueError(f"option {self.name} takes an activation function "
                                        f"transformers knows, got {raw!r}")
            return str(raw)
        if isinstance(self.default, tuple):
            if not isinstance(raw, list | tuple) or len(raw) > MAX_LAYERS_LISTED or any(
                isinstance(v, bool) or not isinstance(v, int) or v not in (0, 1) for v in raw
            ):
                raise InvalidValueError(f"option {self.name} takes a list of 0s and 1s")
            return tuple(raw)
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("true", "1", "yes", "on"):
                return True
            if text in ("false", "0", "no", "off"):
                return False
            raise InvalidValueError(f"option {self.name} takes true or false, got {raw!r}")
        number = as_int(raw)
        if number is not None:
            value = number
        elif isinstance(raw, str) and raw.strip().isascii() and raw.strip().isdigit() \
                and len(raw.strip()) <= 6:
            value = int(raw)
        else:
            raise InvalidValueError(f"option {self.name} takes a positive integer, got "
                                    f"{shown(raw)}")
        least = 0 if self.default == 0 else self.minimum  # 0: the option's "none"
        if not least <= value <= self.maximum:
            raise InvalidValueError(f"option {self.name} must lie in {least}..{self.maximum}"
                                    f", got {whole(value)}")
        return value

    def _setting(self, raw: Any) -> tuple[int, ...] | str:
        """A processor's setting: text as given, or a list of positive whole numbers."""
        if isinstance(self.default, str):
            if isinstance(raw, str) and len(raw) <= 100:
                return raw
            raise InvalidValueError(f"option {self.name} takes a short text, got {shown(raw)}")
        if not isinstance(raw, list | tuple) or len(raw) > MAX_LAYERS_LISTED or any(
                isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= MAX_VALUE
                for v in raw):
            raise InvalidValueError(f"option {self.name} takes a list of positive whole numbers")
        return tuple(raw)


@frozen
class Divides:
    """A rule that ``divisor`` divides ``dividend``, checked once both have values.
    ``where_built``: only for the classes whose tree holds the divisor (the heads of a tower
    that CLIP's image classifier or a text tower alone does not build). ``to_run``: a rule of
    the forward pass alone — transformers builds the model whatever the values (it is counted)
    but cannot run it (DeepSeek's router groups), so FLOPs and activations are refused."""

    divisor: sympy.Expr
    dividend: sympy.Expr
    reason: str
    where_built: bool = False
    to_run: bool = False

    @property
    def symbols(self) -> set[sympy.Symbol]:
        return self.divisor.free_symbols | self.dividend.free_symbols


@frozen
class Choice(Option):
    """An option that takes one of a few named ``values`` (where a layer's norms sit, which
    norm it is): one value at a time, so that two ways of one thing cannot both be asked for.

    ``aliases`` are the switches the option replaces, each the value it stands for
    (``post_norms=True`` is ``norm_placement="post"``): old code and config rules keep using
    them, and :meth:`Family.resolve_options` turns them into the value, refusing two that
    disagree.

    >>> placement = Choice("norm_placement", "pre", "where the norms sit",
    ...                    values=("pre", "post", "sandwich"),
    ...                    aliases={"post_norms": "post", "sandwich_norms": "sandwich"})
    >>> placement.parse("post")
    'post'
    >>> placement.parse("up")
    Traceback (most recent call last):
    symparam.errors.InvalidValueError: option norm_placement takes pre, post or sandwich, got 'up'
    """

    values: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.default not in self.values or not set(self.aliases.values()) <= set(self.values):
            raise ValueError(f"choice {self.name}: its default and aliases must be among "
                             f"its values {self.values}")

    @property
    def allowed(self) -> str:
        """The values, as an error message lists them (``pre, post or sandwich``)."""
        return f"{', '.join(self.values[:-1])} or {self.values[-1]}"

    def parse(self, raw: Any) -> str:
        if isinstance(raw, str) and raw.strip().lower() in self.values:
            return raw.strip().lower()
        raise InvalidValueError(f"option {self.name} takes {self.allowed}, got {shown(raw)}")


def _switch(name: str, raw: Any) -> bool:
    """An alias's value: a switch, on or off."""
    return bool(Option(name, False, "").parse(raw))


@frozen
class Family:
    """How to build one architecture: its classes, options, default assumptions and builder.

    ``build(architecture, options)`` returns the block tree of the named class. The first entry of
    ``architectures`` is the class counted when none is asked for. ``weightless`` names
    hyperparameters the model reads that add no weights, with why
    (``{"N": "shared"}``: ALBERT's layers share weights across depth). ``at_most`` lists
    ``(smaller, larger, reason)`` pairs of hyperparameters that must not exceed one another.
    """

    name: str
    title: str
    description: str
    architectures: Mapping[str, str]
    build: Callable[[str, Mapping[str, Any]], Block]
    options: tuple[Option, ...] = ()
    assumptions: tuple[Assumption, ...] = ()
    divides: tuple[Divides, ...] = field(default=())
    weightless: Mapping[str, str] = field(default_factory=dict)
    at_most: tuple[tuple[str, str, str], ...] = ()
    compute: bool = True  # whether the tree knows its forward FLOPs (attention marked)
    #: where it does not, why (said with the refusal), if more than "not yet"
    compute_refused: str = ""
    #: its language model reads images as tokens (Gemma 3): FLOPs and memory take the images
    #: each sequence holds (n_img, :mod:`symparam.images`)
    images: bool = False
    #: it reads each image at its own resolution (Qwen2.5-VL): the image's size, as its processor
    #: resizes it, fixes the tokens it becomes (s_img) and its windows' pairs (Q_win)
    resized: bool = False
    #: its processor cuts an image into R×R tiles, each an image to the model (Idefics3): n_img
    #: counts tiles, and an image's own size (which sets how many) is not read
    tiled: bool = False
    #: its processor reads an image as anyres tiles (LLaVA-NeXT): the image's size and the
    #: config's pinpoints fix the tiles its tower reads (n_tile) and its tokens (s_img)
    anyres: bool = False
    #: whether the tensors its training step keeps are checked against torch's saved tensors;
    #: where not (the state-space and linear-attention mixers, the vision–language models …),
    #: its activations are refused rather than guessed
    activations_checked: bool = True
    #: the layouts of a checked family not checked yet: options that, with these values, refuse
    #: its activations (DeepSeek-V2's router, GraniteMoE's block-sparse experts)
    unchecked_layouts: tuple[tuple[str, Any], ...] = ()
    #: why its elementwise work (``--with-nonmatmul``) is not checked against the oracle's
    #: yet, though its matrix products are ("": it is)
    elements_unchecked: str = ""
    sequence: sympy.Expr | None = None  # a sequence length fixed by the input (ViT's patches)
    #: the same, for the classes whose input alone fixes it in a family where others take a
    #: sequence of tokens (CLIP's image classifier, beside its text tower's s tokens)
    sequences: Mapping[str, sympy.Expr] = field(default_factory=dict)
    #: by class, (a, b, why) pairs of sizes that must be equal for its forward pass to run
    #: (SigLIP compares d_proj-wide texts with H_vis-wide images): its compute is refused
    #: where they differ, though transformers builds it and counts its parameters
    runs_if_equal: Mapping[str, tuple[tuple[str, str, str], ...]] = field(default_factory=dict)
    #: (smaller, larger, why) pairs as ``at_most``, for the forward pass alone: transformers
    #: builds the model (it is counted) but cannot run it (DeepSeek picks k_g of E_g groups);
    #: a size is named, or an expression in the sizes (Mistral 3's patches a side, ⌊R/P⌋)
    runs_if_at_most: tuple[tuple[str | sympy.Expr, str | sympy.Expr, str], ...] = ()
    #: (option, why) pairs: where the option is on, transformers builds the model (it is
    #: counted) but cannot run it (PaliGemma's Gemma given a Gemma 2's sliding_window)
    runs_unless: tuple[tuple[str, str], ...] = ()
    #: how transformers feeds its classes and what of their inputs it reads by value
    #: (:class:`symparam.inputs.Inputs`; None: token ids, on the meta device)
    inputs: Inputs | None = None
    #: a tree of the user's own (:func:`symparam.from_block`), not one of the catalog's, and
    #: whether its author says it has attention (None: not said)
    custom: bool = False
    attention: bool | None = None
    #: a tree read off a module tree (:mod:`symparam.fitting`, :mod:`symparam.fitted`): it
    #: knows its weights, not what its layers compute or keep (no FLOPs, cache, activations)
    fitted: bool = False
    #: trees already built, by class and options (a tree is never changed once built)
    _trees: dict[tuple[Any, ...], Block] = field(default_factory=dict, init=False, repr=False,
                                                 compare=False)

    def tree(self, architecture: str, options: Mapping[str, Any]) -> Block:
        """The block tree of ``architecture`` with ``options``, built once for each."""
        key = (architecture, *sorted(options.items()))
        if key not in self._trees:
            if len(self._trees) >= 64:  # keep the few a session uses, not every one it tried
                self._trees.clear()
            self._trees[key] = self.build(architecture, options)
        return self._trees[key]

    def sequence_of(self, architecture: str) -> sympy.Expr | None:
        """The sequence the input of ``architecture`` fixes (the patches of an image), or None
        where it takes s tokens."""
        return self.sequences.get(architecture, self.sequence)

    @property
    def default_architecture(self) -> str:
        return next(iter(self.architectures))

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def choice_of(self, alias: str) -> Choice | None:
        """The :class:`Choice` that ``alias`` (an old switch's name) stands for a value of."""
        return next((o for o in self.options
                     if isinstance(o, Choice) and alias in o.aliases), None)

    def knows(self, name: str) -> bool:
        """Whether ``name`` is an option of the family or an alias of one."""
        return self.option(name) is not None or self.choice_of(name) is not None

    def unalias(self, given: Mapping[str, Any],
                current: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """``given`` with each alias put as the value of its :class:`Choice`: ``post_norms=True``
        is ``norm_placement="post"``; an alias switched off returns its choice to the default
        where ``current`` (the options it changes, else the defaults) holds the alias's value,
        and changes nothing otherwise. Two names in ``given`` that disagree about one choice
        (two aliases on, an alias and the choice's own value) are refused in one line."""
        out = {name: raw for name, raw in given.items() if self.choice_of(name) is None}
        for choice in (o for o in self.options if isinstance(o, Choice)):
            said = [(a, _switch(a, given[a])) for a in choice.aliases if a in given]
            if not said:
                continue
            asked = [f"{choice.name}={choice.parse(given[choice.name])}"] \
                if choice.name in given else []
            asked += [f"{a}={str(on).lower()}" for a, on in said if on]
            wanted = {choice.parse(given[choice.name])} if choice.name in given else set()
            wanted |= {choice.aliases[a] for a, on in said if on}
            if len(wanted) > 1:
                raise InvalidValueError(
                    f"{self.name}: {' and '.join(asked)} choose two values of {choice.name}, "
                    f"which takes one of {choice.allowed}")
            for alias, on in said:
                if not on and choice.aliases[alias] in wanted:
                    raise InvalidValueError(
                        f"{self.name}: {alias}=false and {asked[0]} disagree about "
                        f"{choice.name}, which takes one of {choice.allowed}")
            if wanted:
                out[choice.name] = wanted.pop()
                continue
            now = (current or {}).get(choice.name, choice.default)
            if any(choice.aliases[alias] == now for alias, _ in said):
                out[choice.name] = choice.default
        return out

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with ``given`` (aliases put as their choices' values); an unknown
        option name is an error."""
        out: dict[str, Any] = {o.name: o.default for o in self.options}
        for name, raw in self.unalias(given).items():
            option = self.option(name)
            if option is None:
                known = ", ".join(o.name for o in self.options) or "none"
                raise InvalidValueError(f"{self.name} has no option {name!r} (options: {known})")
            out[name] = option.parse(raw)
        return out

    def listing(self, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Each option as ``symparam options`` lists it: its ``name``, its ``value`` in
        ``options`` (else its default), its ``default``, what it ``takes`` in words, a
        choice's ``values`` and ``aliases`` (the old switches it still takes), its ``help``.

        >>> from symparam.catalog import family
        >>> row = next(r for r in family("llama").listing() if r["option"] == "norm_placement")
        >>> row["value"], row["takes"], row["aliases"]["post_norms"]
        ('pre', 'one of pre, post, sandwich or parallel', 'post')
        """
        rows = []
        for option in self.options:
            default = option.default
            if isinstance(option, Choice):
                takes = f"one of {option.allowed}"
            elif isinstance(default, bool):
                takes = "true or false"
            elif option.setting:
                takes = "a short text" if isinstance(default, str) else \
                    "a list of positive whole numbers"
            elif isinstance(default, tuple):
                takes = "a list of 0s and 1s"
            elif isinstance(default, str):
                takes = "an activation function by transformers' name (none: the default)"
            else:
                takes = f"a whole number in {0 if default == 0 else option.minimum}.." \
                        f"{option.maximum}"
            value = (options or {}).get(option.name, default)
            rows.append({"option": option.name, "value": list(value) if isinstance(value, tuple)
                         else value, "default": list(default) if isinstance(default, tuple)
                         else default, "takes": takes,
                         "values": list(getattr(option, "values", ())),
                         "aliases": dict(getattr(option, "aliases", {})), "help": option.help})
        return rows

    def resolve_architecture(self, architecture: str | None) -> str:
        if architecture is None:
            return self.default_architecture
        if architecture not in self.architectures:
            raise InvalidValueError(
                f"{self.name} has no class {architecture!r}"
                f" (classes: {', '.join(self.architectures)})"
            )
        return architecture
