"""Which classes of a type the FLOPs fitter reads off their forward, why it refuses the others,
and the refit of only the classes a FLOPs file lacks (needs nothing; torch where a forward
runs).

Read: the base model; its language-model heads (``…ForCausalLM``, ``…ForMaskedLM``,
``…LMHeadModel``, ``…ForConditionalGeneration``); an image classifier (on images) and a speech
model's CTC head (on waveforms or spectrograms); and the task heads on B × s ``input_ids``:
``…ForSequenceClassification``, ``…ForTokenClassification``, ``…ForQuestionAnswering``.
``num_labels`` is a size of every record (``n_labels``), moved like any other, so a
classifier's FLOPs follow it as its parameter count does; a question-answering head that
reads it (BERT's ``qa_outputs``) holds it, one that fixes its two outputs in code does not.

A decoder's sequence classifier (transformers' ``GenericForSequenceClassification``) pools
each sequence's last token that is not the pad token, and refuses a batch of more than one
where the config sets no ``pad_token_id`` ("Cannot handle batch sizes > 1 if no padding token
is defined"). Which token it pools changes no product, so where its forward says so, the
fitter sets ``pad_token_id`` to :data:`PAD` where the config gives none, writes that in the
FLOPs file (``"pad_token_id": 0``) and the oracle does the same.

A multiple-choice head reads B × choices × s token ids: its FLOPs would hold the number of
choices, a size no config key gives and the FLOPs files do not take; it is refused so.

>>> unread("BertForTokenClassification", "BertModel") is None
True
>>> unread("BertForMultipleChoice", "BertModel").startswith("its forward reads B × choices")
True
>>> unread("BeitForSemanticSegmentation", "BeitModel").startswith(NOT_YET)
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: the classes read besides the base model: language-model heads, an image classifier (read
#: on images, as its base model is), a speech model's CTC head (on waveforms), and the task
#: heads on token ids
READ = re.compile(r"(ForCausalLM|ForMaskedLM|LMHeadModel|ForConditionalGeneration|"
                  r"ForImageClassification|ForCTC|ForSequenceClassification|"
                  r"ForTokenClassification|ForQuestionAnswering)$")
#: a multiple-choice head: B × choices × s token ids
CHOICES = re.compile(r"ForMultipleChoice$")
#: how a refusal of a class no fit was tried for begins (what ``--heads`` fits again)
NOT_YET = "not fitted yet"
#: the pad token set where a sequence classifier needs one and the config gives none
PAD = 0
#: a sequence classifier's refusal of a batch with no pad token
NO_PAD = re.compile(r"no padding token is defined")


def unread(cls: str, base: str) -> str | None:
    """Why the FLOPs of ``cls`` are not read off its forward, or None where they are."""
    if cls == base or READ.search(cls):
        return None
    if CHOICES.search(cls):
        return ("its forward reads B × choices × s input_ids (one sequence a choice): its "
                "FLOPs would hold the number of choices, a size no config key gives, which "
                "the FLOPs are not fitted in")
    return (f"{NOT_YET}: only the base model, its language-model heads, an image classifier, "
            "a CTC head and the sequence, token and question-answering classifiers are read "
            "off their forward")


def padded(config: Any, pad: int | None) -> Any:
    """``config``, with ``pad_token_id`` = ``pad`` in it and its text config where none is
    set (nothing changed where ``pad`` is None)."""
    if pad is None:
        return config
    for part in {id(config): config, id(text := config.get_text_config()): text}.values():
        if getattr(part, "pad_token_id", None) is None:
            part.pad_token_id = pad
    return config


def new_classes(data: Mapping[str, Any], record: Mapping[str, Any]) -> list[str]:
    """The classes of ``record`` that its FLOPs file ``data`` refuses as not fitted yet and
    that the fitter now reads, in the record's order."""
    return [cls for cls in record["classes"]
            if str(data["refused"].get(cls, "")).startswith(NOT_YET)
            and unread(cls, record["base"]) is None]


def merged(data: Mapping[str, Any], record: Mapping[str, Any], cls: str,
           got: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with the class ``cls`` as ``got`` (a FLOPs file of that class alone, or a
    child's ``{"refused": why}``) says: fitted, or refused with its reason; the other
    classes as they were, in the record's order, and the CPU seconds added."""
    classes, refused = dict(data["classes"]), dict(data["refused"])
    classes.pop(cls, None)
    refused.pop(cls, None)
    if cls in got.get("classes", {}):
        classes[cls] = got["classes"][cls]
    else:
        theirs = got.get("refused", {})
        refused[cls] = theirs if isinstance(theirs, str) else theirs.get(
            cls, theirs.get("*", "the fit failed"))
    order = list(record["classes"])
    out = {**data, "classes": {c: classes[c] for c in order if c in classes},
           "refused": {c: refused[c] for c in [*order, *refused] if c in refused}}
    out["cpu_seconds"] = round(float(data.get("cpu_seconds") or 0)
                               + float(got.get("cpu_seconds") or 0), 1)
    return out


def reworded(data: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with each refusal of a class not fitted yet said as :func:`unread` says it
    now (the classes read listed as they are; a multiple-choice head's own reason)."""
    refused = dict(data["refused"])
    for cls, why in refused.items():
        now = unread(cls, record["base"])
        if str(why).startswith(NOT_YET) and now is not None:
            refused[cls] = now
    return {**data, "refused": refused}
