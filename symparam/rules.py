"""How a record reads config keys into options: :class:`Rule` and its kinds (a flag, an
either-or, an activation's name, each layer's type …), and :class:`NullRule`, what a null key
means where that depends on the rest of the file. A :class:`~symparam.modeltype.ModelType`
lists its rules; :mod:`symparam.hf` runs them on the file being read (a :class:`Reader`).

>>> Flag("tie_word_embeddings").reads()
('tie_word_embeddings',)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

from symparam.assumptions import Assumption
from symparam.errors import ConfigError, quoted
from symparam.family import ACTIVATIONS
from symparam.frozen import frozen
from symparam.limits import MAX_LAYERS_LISTED


class Reader(Protocol):
    """What a rule asks of the config being read (:class:`symparam.hf.ConfigView`)."""

    where: str
    config: Mapping[str, Any]
    defaults: Mapping[str, Any]
    spelled: dict[str, str]
    nullable: frozenset[str]

    def lookup(self, key: str) -> tuple[bool, Any]: ...

    def given(self, key: str) -> Any: ...

    def flag(self, key: str, null_is_false: bool = False, absent: bool | None = None
             ) -> bool: ...

    def positive_int(self, key: str, raw: Any) -> int: ...


@frozen
class Leave:
    """A null key leaves its hyperparameter unbound: the family's own assumption gives it
    (d_head = H/h), or an option read from the same key drops it (no query compression)."""

    why: str


@frozen
class Unusable(Leave):
    """A key whose value symparam reads into no hyperparameter (transformers builds the model
    with it, and the count does not need it): the hyperparameter is left unbound, and what
    needs it is refused with ``why``, which names the key, its value and what it must be."""


class NullRule:
    """What a null key means when that depends on the rest of the file."""

    def resolve(self, config: Reader) -> int | Assumption | Leave:
        raise NotImplementedError


@frozen
class HeadSize(NullRule):
    """A missing head size: transformers takes ``hidden // heads``. Where the heads split the
    hidden size evenly that is the family's d_head = H/h (left to its assumption, so the
    formula keeps H/h); where they do not, the floor, as a number."""

    hidden: str
    heads: str

    def resolve(self, config: Reader) -> int | Leave:
        hidden = config.positive_int(self.hidden, config.given(self.hidden))
        heads = config.positive_int(self.heads, config.given(self.heads))
        if hidden % heads == 0 or hidden < heads:
            return Leave("the family assumes d_head = H/h")
        return hidden // heads


@frozen
class FloorHeadSize(NullRule):
    """A missing head size as a number, ``hidden // heads``, for a family that makes no
    assumption d_head = H/h (GLM-4.5's latent attention has no d_head; Mistral 3's heads are
    their own width)."""

    hidden: str
    heads: str

    def resolve(self, config: Reader) -> int:
        hidden = config.positive_int(self.hidden, config.given(self.hidden))
        return hidden // config.positive_int(self.heads, config.given(self.heads))


@frozen
class SplitHeads(NullRule):
    """A head size transformers fixes at ``hidden // heads`` and refuses to build unless the
    heads split the hidden size evenly (StableLM): the family's d_head = H/h, or an error."""

    hidden: str
    heads: str

    def resolve(self, config: Reader) -> Leave:
        hidden = config.positive_int(self.hidden, config.given(self.hidden))
        heads = config.positive_int(self.heads, config.given(self.heads))
        if hidden % heads:
            raise ConfigError(f"{config.where}: {self.heads} = {heads} does not divide "
                              f"{self.hidden} = {hidden}; transformers refuses heads that do "
                              "not split the hidden size")
        return Leave("the family assumes d_head = H/h")


@frozen
class RotaryWidth(NullRule):
    """The width of each head that rotary embeddings turn: int(d_head · factor), left unbound
    where it is 0 or odd (activation memory then refuses: transformers turns none, or
    broadcasts an odd width to a wider tensor than it keeps for the others), the factor
    read from ``rope_parameters`` as transformers 5 settles it, else the first of ``keys`` a
    file gives (the older top-level spelling), else ``default``; d_head is ``head`` where the
    file gives it, else ``hidden // heads``."""

    keys: tuple[str, ...]
    default: float
    hidden: str
    heads: str
    head: str = "head_dim"

    def resolve(self, config: Reader) -> int | Leave:
        parameters = config.config.get("rope_parameters")
        factor: Any = self.default
        given = [k for k in self.keys if k in config.config]
        if isinstance(parameters, dict) and "partial_rotary_factor" in parameters:
            factor = parameters["partial_rotary_factor"]
        elif given:
            factor = config.config[given[0]]
        if isinstance(factor, bool) or not isinstance(factor, int | float) \
                or not 0 < factor <= 1:
            raise ConfigError(f"{config.where}: partial_rotary_factor must be a number in "
                              f"(0, 1], got {quoted(factor)}")
        present, head = config.lookup(self.head)
        if not present or head is None:
            hidden = config.positive_int(self.hidden, config.given(self.hidden))
            head = hidden // config.positive_int(self.heads, config.given(self.heads))
        else:
            head = config.positive_int(self.head, head)
        width = int(head * factor)
        if width == 0 or width % 2:  # none turned, or transformers broadcasts an odd width
            return Leave("rotary embeddings that turn no pair of dimensions, or an odd number "
                         "(transformers then broadcasts them to a wider one)")
        return width


class Rule:
    """An option of the family read from config keys."""

    option: str

    def reads(self) -> tuple[str, ...]:
        """The config keys the rule reads."""
        raise NotImplementedError

    def read(self, config: Reader) -> Any:
        """The option's value for the config being read."""
        raise NotImplementedError


@frozen
class KeyRule(Rule):
    """A rule that reads one config key, ``key``."""

    option: str
    key: str

    def reads(self) -> tuple[str, ...]:
        return (self.key,)


@frozen
class KeyPair(KeyRule):
    """A rule that reads a second key beside ``key``: the field that ``also`` names, which
    each kind calls by what the key is to it (``needs``, ``other``, ``unless``, ``stated``)."""

    also: ClassVar[str]

    def reads(self) -> tuple[str, ...]:
        return (self.key, vars(self)[self.also])


@frozen
class Flag(Rule):
    """A boolean key read as the option (``key`` defaults to the option's name). ``null`` is an
    error, or false where the model code reads an optional flag that way (Falcon's).
    ``absent``: what a key the config class does not define means when a file leaves it out
    (the model code's ``hasattr(config, key) and config.key``)."""

    option: str
    key: str = ""
    null_is_false: bool = False
    absent: bool | None = None

    def reads(self) -> tuple[str, ...]:
        return (self.key or self.option,)

    def read(self, config: Reader) -> bool:
        return config.flag(self.key or self.option, self.null_is_false, self.absent)


#: what almost every record reads its tied head with: the LM head shares the token table as
#: the file's ``tie_word_embeddings`` says (a composite config's own key: its text config's is
#: not read). A :class:`~symparam.modeltype.ModelType` reads it first of its rules wherever its
#: family has the option and no rule of its own reads it, so that no record writes it out.
TIED = Flag("tie_word_embeddings")


@frozen
class FlagIf(KeyPair):
    """A flag that transformers builds only when ``needs`` is true too (BERT's
    ``add_cross_attention`` needs ``is_decoder``); set without it, the file is refused, as
    transformers refuses to build that model."""

    needs: str
    also = "needs"

    def read(self, config: Reader) -> bool:
        value, needed = config.flag(self.key), config.flag(self.needs)
        if value and not needed:
            raise ConfigError(f"{config.where}: {config.spelled.get(self.key, self.key)} is true "
                              f"but {self.needs} is not; transformers builds it only into a "
                              "decoder")
        return value


@frozen
class NonZero(KeyRule):
    """On unless the key is 0 (DeepSeek's ``first_k_dense_replace``: dense layers first)."""

    def read(self, config: Reader) -> bool:
        return config.given(self.key) != 0


@frozen
class Either(KeyRule):
    """A key that holds one of two words, transformers knowing no other: the option on where
    it is ``on``, off where it is ``off`` (LLaVA's ``vision_feature_select_strategy``: full or
    default; InternViT's ``norm_type``: rms_norm or layer_norm)."""

    off: str
    on: str

    def read(self, config: Reader) -> bool:
        given = config.given(self.key)
        if given not in (self.off, self.on):
            raise ConfigError(f"{config.where}: {self.key} is {self.off} or {self.on}, got "
                              f"{quoted(given)}")
        return given == self.on


@frozen
class SetSize(KeyRule):
    """On when the key holds a size, off when it is null (DeepSeek's query rank)."""

    def read(self, config: Reader) -> bool:
        value = config.given(self.key)
        if value is None:
            return False
        config.positive_int(self.key, value)
        return True


@frozen
class SetDecimal(KeyRule):
    """On when the key holds a decimal number, off when null (Gemma2's soft-capping)."""

    def read(self, config: Reader) -> bool:
        value = config.given(self.key)
        if value is None:
            return False
        if not isinstance(value, float):  # as transformers types it
            raise ConfigError(f"{config.where}: {self.key} must be a decimal number or null, "
                              f"got {quoted(value)}")
        return True


@frozen
class Count(KeyRule):
    """A positive integer key read as the option (null is refused, as transformers does)."""

    def read(self, config: Reader) -> int:
        return config.positive_int(self.key, config.given(self.key))


@frozen
class Differs(KeyPair):
    """On when ``key`` is set and differs from ``other`` (an embedding size ≠ the hidden size
    adds a projection)."""

    other: str
    also = "other"

    def read(self, config: Reader) -> bool:
        value = config.given(self.key)
        if value is None:
            return False
        return config.positive_int(self.key, value) != config.given(self.other)


@frozen
class BothFlags(KeyPair):
    """On when ``key`` is true and ``unless`` is false (OPT's final norm: pre-LN and not
    removed)."""

    unless: str
    also = "unless"

    def read(self, config: Reader) -> bool:
        return config.flag(self.key) and not config.flag(self.unless)


@frozen
class GatedActivation(KeyPair):
    """T5's ``feed_forward_proj``: ``[gated-]<activation>`` (gated: two input matrices). A file
    that states ``is_gated_act`` itself (transformers writes it) is read as it says: transformers
    sets it after working it out from the activation."""

    stated: str
    also = "stated"

    def read(self, config: Reader) -> bool:
        value = config.given(self.key)
        parts = value.split("-") if isinstance(value, str) else []
        if not parts or len(parts) > 2 or (len(parts) == 2 and parts[0] != "gated") \
                or parts[-1] not in ACTIVATIONS:
            raise ConfigError(f"{config.where}: {self.key} must be an activation or "
                              f"gated-<activation> that transformers knows, got {quoted(value)}")
        if config.lookup(self.stated)[0]:
            return config.flag(self.stated)
        return len(parts) == 2


@frozen
class ActivationName(Rule):
    """The activation function a config names (``hidden_act`` …), which decides what its
    backward pass keeps: "" where it is the family's own ``default`` (so that an option shown
    only when set stays unshown), else transformers' name. ``where_built``: the activation of
    a part only some classes build (a pooler, a summary): an unknown name is refused by the
    class that builds it (:func:`known_activation`), as transformers refuses it there only."""

    option: str
    key: str
    default: str
    where_built: bool = False
    #: whether transformers' config types the key as a string (then any other type is
    #: refused by every class); DeBERTa-v2's conv_act is no field of its config: any value
    typed: bool = True

    def reads(self) -> tuple[str, ...]:
        return (self.key,)

    def read(self, config: Reader) -> str:
        present, value = config.lookup(self.key)
        if present and value is None and self.key not in config.nullable:
            raise ConfigError(f"{config.where}: {config.spelled.get(self.key, self.key)} is "
                              "null; transformers refuses it (it names an activation)")
        value = config.given(self.key)
        if value is None or value == self.default:
            return ""
        if not isinstance(value, str) or value not in ACTIVATIONS:
            if self.where_built and (isinstance(value, str) or not self.typed):
                return value if isinstance(value, str) else quoted(value)
            raise ConfigError(f"{config.where}: {self.key} must be an activation transformers "
                              f"knows, got {quoted(value)}")
        return value


def known_activation(name: str, key: str) -> str:
    """``name`` where transformers knows the activation, else a refusal naming ``key``: for
    the parts :class:`ActivationName` reads ``where_built``."""
    if name not in ACTIVATIONS:
        raise ConfigError(f"config: {key} must be an activation transformers knows, got "
                          f"{quoted(name)}")
    return name


@frozen
class SlidingWindows(Rule):
    """Which layers attend over a sliding window of ``window`` positions (and keep no more in
    their cache), as a period, the way transformers 5 works out ``layer_types`` when a file
    does not list them: 0, none, where ``window`` is null (or ``switch``, Qwen's
    ``use_sliding_window``, is false); else every layer but each ``period``-th (layer i slides
    when (i + 1) % p ≠ 0; 1: every layer). ``period`` is a number, or the key that holds it
    with ``default`` where a file leaves it out (Gemma3's ``sliding_window_pattern``)."""

    option: str
    period: int | str = 1
    default: int = 1
    switch: str = ""
    window: str = "sliding_window"

    def reads(self) -> tuple[str, ...]:
        keys = (self.window, self.switch, self.period if isinstance(self.period, str) else "")
        return tuple(k for k in keys if k)

    def read(self, config: Reader) -> int:
        if self.switch and not config.flag(self.switch):
            return 0
        if config.given(self.window) is None:
            return 0
        config.positive_int(self.window, config.given(self.window))
        if isinstance(self.period, int):
            return self.period
        present, period = config.lookup(self.period)
        return config.positive_int(self.period, period) if present else self.default


@frozen
class LayerTypes(Rule):
    """The sliding layers one by one (1 for each), where a file lists ``layer_types`` (each
    "sliding_attention" slides) or, for Qwen, each layer from ``after`` (its
    ``max_window_layers``) on slides when ``switch`` is on; () where neither says, or no layer
    slides (:class:`SlidingWindows` then gives the pattern)."""

    option: str
    switch: str = ""
    after: str = ""
    window: str = "sliding_window"
    depth: str = "num_hidden_layers"
    key: str = "layer_types"  # where a composite config holds it (``text_config.layer_types``)

    def reads(self) -> tuple[str, ...]:
        keys = (self.key, self.window, self.depth, self.switch, self.after)
        return tuple(k for k in keys if k)

    def read(self, config: Reader) -> tuple[int, ...]:
        if self.after:  # transformers' config checks it whether any layer slides or not
            given, first = config.lookup(self.after)
            if given and (isinstance(first, bool) or not isinstance(first, int)) \
                    and not (first is None and self.after in config.nullable):
                raise ConfigError(f"{config.where}: {config.spelled.get(self.after, self.after)} "
                                  f"must be a whole number, got {quoted(first)}")
        present, listed = config.lookup(self.key)
        listed = listed if present else None
        if listed is None and not self.after:
            return ()
        depth = config.positive_int(self.depth, config.given(self.depth))
        if depth > MAX_LAYERS_LISTED:
            raise ConfigError(f"{config.where}: {depth} layers is more than symparam lists one "
                              "by one")
        if listed is not None:  # transformers checks the list whether a window is set or not
            if not isinstance(listed, list) or len(listed) != depth \
                    or not all(isinstance(t, str) for t in listed):
                raise ConfigError(f"{config.where}: {self.key} must name the type of each of "
                                  f"the {depth} layers, got {quoted(listed)}")
            other = sorted(set(listed) - {"full_attention", "sliding_attention"})
            if other:
                raise ConfigError(f"{config.where}: {self.key} {quoted(other)}: symparam reads "
                                  "full_attention and sliding_attention layers")
        if (self.switch and not config.flag(self.switch)) or config.given(self.window) is None:
            return ()
        if listed is not None:
            found = tuple(int(t == "sliding_attention") for t in listed)
        else:
            first = config.given(self.after)
            if isinstance(first, bool) or not isinstance(first, int):
                raise ConfigError(f"{config.where}: {self.after} must be a whole number, got "
                                  f"{quoted(first)}")
            found = tuple(int(i >= first) for i in range(depth))
        return found if any(found) else ()
