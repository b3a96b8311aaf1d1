"""How transformers runs a family's classes: what each is fed, what of it a forward pass reads
by value, which values of a config it cannot run.

These are facts of transformers' classes, declared beside the family and the model types they
belong to (:attr:`symparam.family.Family.inputs`, :attr:`symparam.modeltype.ModelType.runnable`)
so that nothing else keeps a list of model types: the oracle (``tests/oracle.py``) feeds and
runs each class the way they say, and the generated configs (``tests/test_hf.py``) draw values
it can run. A family or a model type that declares none is fed token ids and runs on the meta
device. The module is imported only by the families that declare something (startup does not
load it), and holds nothing symbolic.

What a family's images are to its language model (:attr:`~symparam.family.Family.images`,
``resized``, ``tiled``, ``anyres``) and the sequence an input fixes (``sequence``,
``sequences``: an image's patches) are the family's own fields, which the counts read; a class
whose input alone fixes its sequence is fed that input (pixels, or :attr:`Inputs.audio`).

>>> from symparam.catalog import family, model_types
>>> inputs_of(family("bart")).targeted
('BartModel', 'BartForConditionalGeneration')
>>> inputs_of(family("llama")) == Inputs(), runnable_of(model_types()["stablelm"]).head_multiple
(True, 8)
"""

from __future__ import annotations

from typing import Any

from symparam.frozen import frozen


@frozen
class Inputs:
    """What a family's classes are fed beyond token ids, and what of it transformers reads by
    value (a meta tensor holds none: such a class runs on the CPU with small real weights).
    Classes are named by the family's architectures (``BartForCausalLM`` stands for
    ``MarianForCausalLM`` too)."""

    #: the classes fed an image and token ids together (two towers: CLIPModel)
    paired: tuple[str, ...] = ()
    #: the classes fed audio features (Whisper's mel frames) in place of token ids; with token
    #: ids for their decoder, unless their input alone fixes their sequence (a classifier)
    audio: tuple[str, ...] = ()
    #: the encoder–decoder classes whose decoder runs on its own target sequence (the others
    #: decode their input shifted right, or have no decoder)
    targeted: tuple[str, ...] = ()
    #: the decoders alone that size their cache by the encoder's depth, so cannot cache a
    #: deeper decoder (BART's): run without one (a cache multiplies nothing)
    uncached: tuple[str, ...] = ()
    #: the classifiers that read the state at the last <eos> token, found by value (T5's,
    #: BART's): fed an <eos> at every token, on the CPU
    at_eos: tuple[str, ...] = ()
    #: the classes whose forward indexes a tensor by a tensor's value (ModernBERT's multiple
    #: choice picks each choice's first token by its position), on the CPU
    by_value: tuple[str, ...] = ()
    #: its language model splits each image's merged tokens by the image's size, read by value
    #: (Mistral 3): fed the sizes, on the CPU
    image_sizes: bool = False
    #: its forward drops the images that are all zeros (padding), found by value (Idefics3):
    #: fed images of ones, on the CPU
    blank_images: bool = False


@frozen
class Runnable:
    """Which values of a model type's config transformers can run (it may build the others,
    and symparam count them): what the configs drawn for its tests must keep to."""

    #: a head size it runs is a multiple of this: partial rotary embeddings turn
    #: int(d_head · factor) numbers of each head, which must be even (Phi's half: 4), and
    #: Pixtral's 2-D rotary embeddings split each head between rows and columns
    head_multiple: int = 1
    #: the same for the heads of its vision tower (Llama 4's turns rows and columns in pairs
    #: of each head's numbers, a quarter of the head each)
    vision_head_multiple: int = 1
    #: its sliding layers need a window: a null ``sliding_window`` builds but cannot run
    window_needed: bool = False
    #: it runs only heads that split the hidden size (OLMoE's q/k norms span all the heads,
    #: H wide): a head size other than H // h builds but cannot run
    heads_split_hidden: bool = False
    #: sizes a file may write as null that some of its classes cannot build (CLIP's
    #: projection: its image classifier has none, CLIPModel cannot build one of null size)
    not_null: tuple[str, ...] = ()


def inputs_of(family: Any) -> Inputs:
    """What the family declares of its inputs (:class:`Inputs`), or the plain defaults."""
    return getattr(family, "inputs", None) or Inputs()


def runnable_of(record: Any) -> Runnable:
    """What the model type declares of the values it runs (:class:`Runnable`), or none."""
    return getattr(record, "runnable", None) or Runnable()
