"""A model type — what a config.json's ``model_type`` names — as one typed record.

A :class:`ModelType` is declared in its family's module, beside the code that builds it. It says
which transformers classes the type serves (each mapped to the family's architecture that builds
it), which config keys it reads into hyperparameters (:class:`Size`) and into options (the rules
below), the options fixed for the type, and which tables pad with ``pad_token_id``. What a key
defaults to and how else it may be spelled is not written here: both are generated from the
pinned transformers into ``hf_defaults.json`` (``python tools/hf_defaults.py --write``), and a
test keeps them equal. An option read by no rule and fixed by nobody keeps the family's default.

>>> from symparam.catalog import model_types
>>> record = model_types()["qwen3_moe"]
>>> record.family.name, record.key_of("E")
('moe', 'num_local_experts')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any

from symparam.assumptions import Assumption
from symparam.errors import ModelDefinitionError
from symparam.family import ACTIVATIONS, Family
from symparam.frozen import frozen
from symparam.rules import (  # a record's vocabulary, declared in symparam.rules
    TIED,
    ActivationName,
    BothFlags,
    Count,
    Differs,
    Either,
    Flag,
    FlagIf,
    FloorHeadSize,
    GatedActivation,
    HeadSize,
    KeyPair,
    KeyRule,
    LayerTypes,
    Leave,
    NonZero,
    NullRule,
    Reader,
    RotaryWidth,
    Rule,
    SetDecimal,
    SetSize,
    SlidingWindows,
    SplitHeads,
    Unusable,
    known_activation,
)
from symparam.symbols import is_known

__all__ = [
    "ACTIVATIONS",
    "TIED",
    "ActivationName",
    "BothFlags",
    "Count",
    "Differs",
    "Either",
    "Flag",
    "FlagIf",
    "FloorHeadSize",
    "GatedActivation",
    "HeadSize",
    "KeyPair",
    "KeyRule",
    "LayerTypes",
    "Leave",
    "ModelType",
    "NonZero",
    "NullRule",
    "Reader",
    "RotaryWidth",
    "Rule",
    "SetDecimal",
    "SetSize",
    "Size",
    "SlidingWindows",
    "SplitHeads",
    "Unusable",
    "heads",
    "known_activation",
]

if TYPE_CHECKING:
    from symparam.inputs import Runnable


@frozen
class Size:
    """A config key that holds a hyperparameter: ``symbol`` (canonical name) ← ``key``.

    ``null``: what the key's ``null`` (or its absence, where transformers has no default)
    means — an :class:`~symparam.assumptions.Assumption` (``h_kv = h``) or :class:`Leave`; with
    none, null is an error. ``zero_means_none``: 0 is allowed and leaves the symbol out (no
    dense layers first; an option says so). ``pads``: this many rows make a table that pads
    with ``pad_token_id`` (torch requires the id to be one of its rows). A file may write
    ``null`` only where transformers admits it (generated: the field's type); elsewhere
    ``null`` stands for the key's absence (Qwen2's ``head_dim``, read as
    ``getattr(config, "head_dim", H // h)``). ``null_as_absent``: the model code reads ``null``
    and 0 as absent although no field admits them (StarCoder2's ``getattr(config, "head_dim",
    None) or H // h``). ``computed``: transformers works the value out itself — ignoring the key
    (StableLM's attention takes d_head = H // h whatever ``head_dim`` says) or in its own way
    (DeBERTa's relative span falls back from one key to another, MPNet pads with row 1 whatever
    ``pad_token_id`` says): ``null`` always gives it, and reads the keys itself. ``when``: the
    size is read only where one of these options is on (the sliding window where some layer
    slides over it): read if any of them is.
    ``listed``: the key holds a list, one size per stage, and ``listed`` names the key that
    says how many of them are used (ConvNeXt's ``hidden_sizes`` and ``num_stages``): they are
    ``symbol_1`` … ``symbol_K``.
    ``unbuilt``: the family's classes that build nothing with the size (the decoder alone of
    an encoder–decoder has no encoder): not read for them, as transformers does not read it.
    """

    symbol: str
    key: str
    null: Assumption | Leave | NullRule | None = None
    zero_means_none: bool = False
    pads: bool = False
    null_as_absent: bool = False
    computed: bool = False
    listed: str = ""
    when: tuple[str, ...] = ()
    unbuilt: tuple[str, ...] = ()


@frozen
class ModelType:
    """One ``model_type``: its family, classes, the keys it reads and the options it fixes.

    ``classes`` maps every transformers class served to the family's architecture that builds
    it; ``base`` is the class ``AutoModel`` builds (counted with ``--base``). ``aliases``: class
    names that published files give but transformers does not define (the authors' own code,
    MPT-7B's ``MPTForCausalLM``), each counted as the transformers class transformers' auto
    classes build for the file instead. ``sections``: the sub-configs of a composite config
    (CLIP's ``text_config``), whose keys the record reads as ``text_config.hidden_size``, each
    with the older key that replaces it when a file gives both (``text_config_dict``), or "".
    ``labels``: the labels a classifier has when a file gives neither ``num_labels`` nor
    ``id2label`` (BART's config class makes it 3). ``flat``: sections read from the top of the
    file where it has none (Qwen2.5-VL's hub files keep the language model's keys there, and
    transformers builds its ``text_config`` from them). ``tied``: the record reads
    :data:`~symparam.rules.TIED` first of its rules where its family has the option and no
    rule or fixed option of its own says it; False for a type with no head to tie (a vision
    tower alone).
    """

    name: str
    family: Family
    base: str
    classes: Mapping[str, str]
    sizes: tuple[Size, ...]
    rules: tuple[Rule, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)
    sections: Mapping[str, str] = field(default_factory=dict)
    labels: int = 2
    flat: tuple[str, ...] = ()
    #: the values transformers can run (:class:`symparam.inputs.Runnable`), where some it builds
    runnable: Runnable | None = None
    tied: bool = True

    def __post_init__(self) -> None:
        """Read the tied head by :data:`~symparam.rules.TIED` where the record says nothing of
        it, and refuse a record that names what its family does not have (at import, not
        later)."""
        option = TIED.option
        if self.tied and self.family.knows(option) and option not in self.fixed \
                and all(r.option != option for r in self.rules):
            object.__setattr__(self, "rules", (TIED, *self.rules))
        problems = [f"class {c} → {a}" for c, a in self.classes.items()
                    if a not in self.family.architectures]
        if self.base not in self.classes:
            problems.append(f"base {self.base}")
        problems += [f"class {a} → {c}" for a, c in self.aliases.items() if c not in self.classes]
        for name in (*self.fixed, *(r.option for r in self.rules)):
            if not self.family.knows(name):
                problems.append(f"option {name}")
        problems += [f"symbol {s.symbol}" for s in self.sizes if not is_known(s.symbol)]
        if problems:
            raise ModelDefinitionError(f"model type {self.name}: the {self.family.name} family "
                                       f"has no {', '.join(problems)}")

    def extend(self, name: str, prefix: str, *, without: tuple[str, ...] = (),
               renamed: Mapping[str, str] | None = None, built_by_name: bool = False,
               **changes: Any) -> ModelType:
        """Another model type of the family that differs from this one by ``changes``: its
        classes and base class are this type's, renamed from this type's prefix to ``prefix``
        (``LlamaModel`` → ``MistralModel``), less the classes whose suffix is in ``without``
        (``"ForQuestionAnswering"``), and those whose suffix ``renamed`` names called by the
        name it gives, in their place (GPT-2's ``LMHeadModel`` is GPT-Neo's
        ``GPTNeoForCausalLM``); each class built as this type's is, or, ``built_by_name``, by
        the family's architecture of its own name (a tower beside another: CLIP's
        ``CLIPVisionModel`` beside ``CLIPTextModel``); each field given replaces this type's
        (``sizes``, ``rules``, ``fixed`` …: write ``{**base.fixed, …}`` to add to its fixed
        options).

        >>> from symparam.catalog import model_types
        >>> olmo2 = model_types()["olmo2"]
        >>> olmo3 = olmo2.extend("olmo3", "Olmo3", without=("ForSequenceClassification",))
        >>> olmo3.base, olmo3.classes, olmo3.fixed == olmo2.fixed
        ('Olmo3Model', {'Olmo3ForCausalLM': 'LlamaForCausalLM', 'Olmo3Model': 'LlamaModel'}, True)
        """
        own = self.base.removesuffix("Model")
        renamed = renamed or {}
        classes = {renamed.get(c.removeprefix(own), prefix + c.removeprefix(own)): built
                   for c, built in self.classes.items()
                   if c.startswith(own) and c.removeprefix(own) not in without}
        if built_by_name:
            classes = {c: c for c in classes}
        return dataclasses.replace(self, name=name, base=prefix + self.base.removeprefix(own),
                                   classes=classes, **changes)

    def reads(self) -> tuple[str, ...]:
        """Every config key the record reads (its defaults and spellings are generated)."""
        found = [s.key for s in self.sizes] + [s.listed for s in self.sizes if s.listed]
        found += [k for r in self.rules for k in r.reads()]
        return tuple(dict.fromkeys([*found, "pad_token_id"]))

    def key_of(self, symbol: str) -> str | None:
        """The canonical config key of a hyperparameter, if this type reads it."""
        return next((s.key for s in self.sizes if s.symbol == symbol), None)

    @property
    def config_keys(self) -> dict[str, str]:
        """Hyperparameter → the canonical key holding it."""
        return {s.symbol: s.key for s in self.sizes}


def heads(prefix: str, family_prefix: str, *suffixes: str) -> dict[str, str]:
    """A type's classes, each built by the family architecture with the same suffix:
    ``heads("Qwen2", "Llama", "ForCausalLM")`` is ``{"Qwen2ForCausalLM": "LlamaForCausalLM"}``.

    >>> heads("Mistral", "Llama", "Model", "ForCausalLM")
    {'MistralModel': 'LlamaModel', 'MistralForCausalLM': 'LlamaForCausalLM'}
    """
    return {prefix + suffix: family_prefix + suffix for suffix in suffixes}
