"""What is said of a model beside its tree: a figure someone published (:class:`Reported`),
what the model is where no preset describes it (:class:`Described`), and an option a config
sets that transformers overrides (:class:`Overridden`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from fractions import Fraction
from typing import Any

from symparam.frozen import frozen


@frozen
class Reported:
    """A figure someone published for this model, to show beside the derived count.

    ``note`` may name this model's own figures as fields (:mod:`symparam.figures`);
    ``recount``: values under which this count gives the published figure (GPT-2's paper
    counts GPT-1's vocabulary), ``recount_why`` saying what they are."""

    params: int
    source: str
    note: str = ""
    recount: Mapping[str, int] = field(default_factory=dict)
    recount_why: str = ""

    def gap(self, count: int) -> Fraction:
        """How far ``count`` is from this figure, as an exact fraction of it (above it:
        positive): the one place every output's gap comes from.

        >>> Reported(100, "a paper").gap(101)
        Fraction(1, 100)
        """
        return Fraction(count - self.params, self.params)


@frozen
class Described:
    """What a model is, where no preset describes it, as a sentence each language writes from
    these fields: ``config`` (a config.json: ``model_type``, and ``label`` the class counted)
    or ``changed`` (a preset, ``preset``, whose values the user changed: ``changes``)."""

    key: str
    fields: Mapping[str, str]


@frozen
class Overridden:
    """An option a config sets that transformers overrides (:meth:`Model.overridden`): the
    value asked for, what transformers builds instead, the count (as built) and the count
    as the config is written, where it differs in weights (an untied head)."""

    option: str
    value: Any
    builds: str
    count: int | None
    as_written: int | None

    def __str__(self) -> str:
        shown = str(self.value).lower() if isinstance(self.value, bool) else self.value
        text = f"{self.option} = {shown} in the config, but {self.builds}: counted as built"
        if self.as_written is not None:
            text += f" ({self.as_written:,} as the config is written)"
        return text
