"""The guide to adding a model type or a family (docs/adding-a-model-type.md) is run: its
worked example is the record the family module declares, the names its prose gives are the
code's, and the files it says a new family touches are the ones the catalog reads."""

from __future__ import annotations

import math
import re
import textwrap
from pathlib import Path

import pytest

from symparam import catalog
from symparam.architectures import llama
from symparam.catalog import model_types

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "adding-a-model-type.md"


def section(heading: str) -> str:
    """The guide's text under ``## heading``, to the next heading of that level."""
    text = GUIDE.read_text(encoding="utf-8")
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert found is not None, f"the guide has no section {heading!r}"
    return found.group(1)


def code_blocks(text: str) -> list[str]:
    return [textwrap.dedent(block) for block in re.findall(r"```python\n(.*?)```", text, re.S)]


def run_in(module: object, code: str) -> object:
    """The value of ``code`` (one element of a tuple, as the guide quotes it from
    ``MODEL_TYPES``) evaluated among the names of ``module``."""
    namespace = dict(vars(module))
    exec(f"example = {code.strip().removesuffix(',')}\n", namespace)  # the guide's own text
    return namespace["example"]


def test_the_worked_example_is_the_record() -> None:
    """StarCoder2's record as the guide writes it is the one llama.py declares, field by
    field (a changed record, or a guide left behind, fails here)."""
    text = section("Worked example: StarCoder2 on the LLaMA family")
    blocks = code_blocks(text)
    assert len(blocks) == 1
    assert run_in(llama, blocks[0]) == model_types()["starcoder2"]


def test_the_worked_example_names_what_the_code_has() -> None:
    """The choice value, option and functions the example's prose names are the family's."""
    text = section("Worked example: StarCoder2 on the LLaMA family")
    norm = llama.FAMILY.option("norm")
    assert "`layer`" in text and norm is not None and "layer" in getattr(norm, "values", ())
    assert "`plain_mlp`" in text and llama.FAMILY.option("plain_mlp") is not None
    for function in re.findall(r"built in `(\w+)\(\)`", text):
        assert callable(getattr(llama, function, None)), function
    head = next(s for s in llama.SIZES_HEAD_OR if s.symbol == "d_head")
    assert "`SIZES_HEAD_OR`" in text and head.null_as_absent


def test_every_family_is_what_the_guide_says() -> None:
    """Each family is one module of ``symparam/architectures`` named in ``FAMILY_MODULES``
    with a ``FAMILY`` of that name, as the guide's new-family section says; its model types
    are listed by the generated index alone, each a record of that family."""
    text = section("Adding a family")
    assert "`FAMILY_MODULES`" in text and "`FAMILY`" in text and "`MODEL_TYPES`" in text
    folder = Path(catalog.__file__).parent / "architectures"
    for name in catalog.FAMILY_MODULES:
        family = catalog.family(name)
        assert family.name == name
        assert "FAMILY = Family(" in (folder / f"{name}.py").read_text(encoding="utf-8")
        assert all(model_types()[t].family is family for t in model_types()
                   if model_types().module_of(t) == name)


#: the classes of the new-family example, and a small config of its model type
BIOGPT_CLASSES = ("BioGptForCausalLM", "BioGptModel", "BioGptForSequenceClassification",
                  "BioGptForTokenClassification")
SMALL_BIOGPT = {"model_type": "biogpt", "vocab_size": 50, "hidden_size": 16,
                "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 24,
                "max_position_embeddings": 32, "tie_word_embeddings": False}


def new_family() -> dict[str, object]:
    """The module the guide's new-family example writes, run as a module of its own."""
    blocks = code_blocks(section("Adding a family"))
    assert len(blocks) == 1
    namespace: dict[str, object] = {"__name__": "guide_family"}
    exec(compile(blocks[0], str(GUIDE), "exec"), namespace)  # the guide's own text
    return namespace


@pytest.mark.parametrize("tied", [True, False])
@pytest.mark.parametrize("cls", BIOGPT_CLASSES)
def test_the_new_family_example_counts_as_transformers(cls: str, tied: bool) -> None:
    """The guide's family, built for each class its record serves from the sizes its record
    reads, has the real class's tensors, shape by shape (on the meta device)."""
    import symparam
    from tests.tools import need

    oracle = need("tests.oracle")
    module = new_family()
    family, (record,) = module["FAMILY"], module["MODEL_TYPES"]
    config = {**SMALL_BIOGPT, "tie_word_embeddings": tied}
    values = {size.symbol: config[size.key] for size in record.sizes}
    options = family.resolve_options({"tie_word_embeddings": tied})
    tree = family.build(record.classes[cls], options)
    if "n_labels" in {s.name for s in tree.params.free_symbols}:
        values["n_labels"] = record.labels  # a config without num_labels: its class's default
    m = symparam.from_block(tree, "biogpt", **values)
    assert oracle.ours(m) == oracle.from_config(config, cls)
    assert m.count() == sum(math.prod(shape) for shape in oracle.from_config(config, cls).values())


def test_what_a_family_declares_of_its_inputs_names_its_classes() -> None:
    """Each class a family's ``inputs`` names is one of its architectures (a typo would leave
    the class fed token ids on the meta device), and each record's ``runnable`` names sizes it
    reads."""
    from dataclasses import fields

    from symparam.inputs import inputs_of, runnable_of

    for family in catalog.families():
        declared = inputs_of(family)
        for field in fields(declared):
            value = getattr(declared, field.name)
            if isinstance(value, tuple):
                assert set(value) <= set(family.architectures), (family.name, field.name)
    for name in model_types():
        record = model_types()[name]
        symbols = {size.symbol for size in record.sizes}
        assert set(runnable_of(record).not_null) <= symbols, name
