"""The records against transformers: every class it registers for a supported model type is
served, and records refuse what their family lacks."""

from __future__ import annotations

import pytest

import symparam
from symparam.catalog import model_types
from symparam.errors import ModelDefinitionError
from symparam.modeltype import ModelType, Size
from tests.tools import need

keys = need("tests.keys")

#: registered classes that a config.json of the type cannot build, with why
NOT_BUILDABLE = {
    "JevForDecision": "registered under qwen2's decision mapping, but built from a composite "
                      "config with a text_config, which a qwen2 config.json does not have",
}
#: the same, for one model type only (the class is built from another type's config)
NOT_BUILDABLE_OF = {
    "llama4": {
        "Llama4ForCausalLM": "built from a llama4 config it fails (no pad_token_id): it takes "
                             "the text config, a llama4_text file",
        "Llama4TextModel": "the same: a llama4_text file's class",
        "Llama4VisionModel": "registered under llama4's image mapping, but built from a llama4 "
                             "config it fails (no image_size): it takes the vision config, and "
                             "no auto class builds it from a llama4 file",
    },
}

#: classes transformers exports for a type's config class that no auto mapping registers
#: (published files name them: Stable Diffusion XL's second text encoder is a
#: CLIPTextModelWithProjection of type clip_text_model)
UNMAPPED = {
    "clip_text_model": ["CLIPTextModelWithProjection"],
    "clip_vision_model": ["CLIPVisionModelWithProjection"],
    "siglip_text_model": ["SiglipTextModel"],  # AutoConfig knows the type; no model mapping
}


@pytest.mark.parametrize("model_type", sorted(model_types()))
def test_every_registered_class_is_served(model_type: str) -> None:
    record = model_types()[model_type]
    registered = [c for c in keys.registered_classes(model_type)
                  if hasattr(keys.transformers, c) and c not in NOT_BUILDABLE
                  and c not in NOT_BUILDABLE_OF.get(model_type, {})]
    for name in UNMAPPED.get(model_type, []):  # built from the type's own config class
        assert getattr(keys.transformers, name).config_class.model_type == model_type
        registered.append(name)
    assert sorted(set(registered) - set(record.classes)) == []
    assert sorted(set(record.classes) - set(registered)) == []
    # other names for a served class: published files' names that transformers does not define
    assert not [a for a in record.aliases if hasattr(keys.transformers, a)]


def test_a_record_naming_what_its_family_lacks_fails_at_once() -> None:
    bert = model_types()["bert"]
    with pytest.raises(ModelDefinitionError, match="no class XForDancing → BertForDancing"):
        ModelType("x", bert.family, base="XModel",
                  classes={"XModel": "BertModel", "XForDancing": "BertForDancing"},
                  sizes=bert.sizes)
    with pytest.raises(ModelDefinitionError, match="option no_such_switch"):
        ModelType("x", bert.family, base="XModel", classes={"XModel": "BertModel"},
                  sizes=bert.sizes, fixed={"no_such_switch": True})
    with pytest.raises(ModelDefinitionError, match="symbol Q"):
        ModelType("x", bert.family, base="XModel", classes={"XModel": "BertModel"},
                  sizes=(Size("Q", "q"),))


def test_no_model_type_chooses_two_ways_of_one_thing() -> None:
    for name in model_types():
        symparam.model(name)  # a record's fixed choices and its rules' switches agree
