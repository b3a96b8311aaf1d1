"""A model_type no hand-written family serves resolves to its fitted record (the catalog's
hook for issue 28): by name, from a config.json, on the command line; hand-written families
keep precedence; a config the record was not fitted for is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam import fitted

PINNED = fitted.version()


def test_hand_written_families_keep_precedence() -> None:
    from symparam.catalog import model_types

    assert not set(fitted.names()) & set(model_types())
    m = symparam.from_hf_config({"model_type": "llama", "num_hidden_layers": 2})
    assert m.family.name == "llama"


def test_a_type_by_name_gives_its_formula() -> None:
    m = symparam.model("deepseek_vl")
    assert {"V", "H", "N", "d_ff", "h", "h_kv", "d_head"} <= set(m.hyperparameters)
    assert not m.values
    with pytest.raises(symparam.SymparamError, match="no value"):
        m.count()


def test_a_size_of_the_text_section_is_given_by_its_key_alone() -> None:
    """deepseek_vl reads hidden_size under text_config: the bare key names it, as H does."""
    by_key = symparam.model("deepseek_vl", hidden_size=640)
    assert by_key.values == symparam.model("deepseek_vl", H=640).values == {"H": 640}
    with pytest.raises(symparam.SymparamError, match="deepseek_vl has no size 'hidden_sizes'"):
        symparam.model("deepseek_vl", hidden_sizes=640)


@pytest.mark.parametrize("layers", [16, 64])
def test_a_layer_count_that_moves_which_layers_carry_a_module_is_refused(layers: int) -> None:
    """Evolla puts an adapter beside every (num_hidden_layers // 8)-th layer: another layer
    count moves the adapters, not only the number of layers, and the fit (at 32) holds only
    near it. Refused by the key, with the values fitted; never a count that might be wrong."""
    config = {"model_type": "evolla", "num_hidden_layers": layers}
    with pytest.raises(symparam.SymparamError, match=rf"^num_hidden_layers = {layers} is not a "
                                                     r"value evolla was fitted for \(\d+ to \d+\)"):
        symparam.from_hf_config(config).count()
    with pytest.raises(symparam.SymparamError, match=rf"^num_hidden_layers = {layers} "):
        symparam.model("evolla", N=layers).count()


def test_a_key_under_the_name_its_config_class_maps_it_to_is_read() -> None:
    """BailingHybridConfig maps n_shared_experts (the record's key) to num_shared_experts,
    the name transformers writes: the file's value is read, not the default."""
    from tests.test_fitted_published import transformers_count

    config = {"model_type": "bailing_hybrid", "architectures": ["BailingHybridModel"],
              "num_shared_experts": 2, "num_experts": 64}
    assert symparam.from_hf_config(config).count() == transformers_count(config)


def test_three_values_right_by_twos_but_not_together_are_refused_together() -> None:
    """DeepSeek-VL-hybrid's SAM encoder counts right with any two of qkv_bias, use_abs_pos
    and use_rel_pos off, not with all three: that set is refused, each pair counted."""
    from tests.test_fitted_published import transformers_count

    flags = {"qkv_bias": False, "use_abs_pos": False, "use_rel_pos": False}
    base = {"model_type": "deepseek_vl_hybrid", "architectures": ["DeepseekVLHybridModel"]}
    with pytest.raises(symparam.SymparamError, match=r"qkv_bias = false with .*use_abs_pos = "
                                                     r"false with .*use_rel_pos = false is not"):
        symparam.from_hf_config({**base, "high_res_vision_config": flags}).count()
    pair = {"qkv_bias": False, "use_rel_pos": False}
    config = {**base, "high_res_vision_config": pair}
    assert symparam.from_hf_config(config).count() == transformers_count(config)


def _deepseek_vl(**changes: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"model_type": "deepseek_vl",
                              "architectures": ["DeepseekVLForConditionalGeneration"],
                              "text_config": {"model_type": "llama"}}
    config.update(changes)
    return config


@pytest.mark.parametrize(("config", "message"), [
    ({"model_type": "deepseek_vl", "text_config": {"model_type": "mistral"}},
     r"text_config\.model_type = \"mistral\"; deepseek_vl was fitted with \"llama\""),
    (_deepseek_vl(text_config={"attention_bias": "yes"}),
     r"text_config\.attention_bias = \"yes\" is not a value deepseek_vl was fitted for "
     r"\(false, true\)"),
    (_deepseek_vl(architectures=["DeepseekVLForImageClassification"]),
     r"class \"DeepseekVLForImageClassification\" is not one transformers registers"),
    (_deepseek_vl(text_config={"hidden_size": 0}), r"text_config\.hidden_size must be a positive"),
])
def test_configs_not_fitted_for_are_refused_in_one_line(config: dict[str, Any],
                                                        message: str) -> None:
    with pytest.raises(symparam.SymparamError, match=message) as info:
        symparam.from_hf_config(config).count()
    assert "\n" not in str(info.value)


def test_the_command_line_on_a_fitted_config(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from symparam.cli import main

    path = tmp_path / "config.json"
    path.write_text(json.dumps(_deepseek_vl(text_config={"model_type": "llama",
                                                    "num_hidden_layers": 4})))
    for argv in (["count", str(path), "--json"], ["formula", str(path), "--json"],
                 ["depends", str(path), "--json"], ["count", str(path), "--depth", "3"]):
        assert main(argv) == 0, argv
    out = capsys.readouterr().out
    assert '"params": ' in out and "DeepseekVLForConditionalGeneration" in out
    assert main(["derive", str(path)]) == 0
    document = capsys.readouterr().out
    assert f"read from transformers' module tree (transformers {PINNED})" in document
    # FLOPs where the class's were read off its forward (the FLOPs file says), else refused
    from symparam.fitted.forward import why_not

    fitted = why_not("deepseek_vl", "DeepseekVLForConditionalGeneration") is None
    assert main(["flops", str(path), "--seq", "16"]) == (0 if fitted else 2)
    said = capsys.readouterr()
    assert ("read off transformers' forward" in said.out) if fitted else "FLOPs" in said.err
    assert main(["memory", str(path), "--seq", "16"]) == 2  # no KV cache read off a tree
    assert "memory is not derived" in capsys.readouterr().err




@pytest.mark.parametrize(("given", "refused"), [([4], False), ([3], True), (None, False)])
def test_an_older_spelling_is_read_where_it_holds_what_transformers_writes(
        given: list[int] | None, refused: bool) -> None:
    """A backbone's config.json as transformers writes it holds out_indices beside
    out_features: where it holds what the default config writes, it says nothing the record
    does not know; any other value is refused by its key."""
    import copy

    from symparam.fitted.record import read_config

    record = copy.deepcopy(fitted.load("deepseek_vl"))
    record["legacy"], record["legacy_written"] = ["out_indices"], {"out_indices": [4]}
    config: dict[str, Any] = {"model_type": "deepseek_vl"}
    if given is not None:
        config["out_indices"] = given
    if refused:
        with pytest.raises(symparam.SymparamError, match=r"^f: out_indices is an older"):
            read_config(record, config, "f")
    else:
        assert read_config(record, config, "f").cls == "DeepseekVLModel"


def test_more_values_off_their_defaults_than_were_built_together_are_refused() -> None:
    import copy

    from symparam.fitted.record import read_config

    record = copy.deepcopy(fitted.load("deepseek_vl"))
    record["together_at_most"] = 1
    one = {"model_type": "deepseek_vl", "text_config": {"attention_bias": True}}
    assert read_config(record, one, "f").options["text_config.attention_bias"] is True
    two = {**one, "tie_word_embeddings": False}
    message = (r"^f: tie_word_embeddings, text_config\.attention_bias differ from their "
               r"defaults together; deepseek_vl was checked with at most 1")
    with pytest.raises(symparam.SymparamError, match=message):
        read_config(record, two, "f")


def test_what_transformers_writes_for_a_default_left_null_is_read_beside_default_sizes(
        ) -> None:
    """A key whose default is null and which transformers fills in from the sizes (a list
    of layer kinds) holds, in the config.json it writes, that list: read as the default
    where every size is at its default, refused where one is not (the list hangs on it)."""
    import copy

    from symparam.fitted.record import read_config

    record = copy.deepcopy(fitted.load("deepseek_vl"))
    record["keys"]["mlp_kinds"] = {"default": None, "fixed": [None], "written": ["a", "b"]}
    base = {"model_type": "deepseek_vl", "mlp_kinds": ["a", "b"]}
    assert read_config(record, base, "f").cls == "DeepseekVLModel"
    with pytest.raises(symparam.SymparamError, match=r"^f: mlp_kinds = \["):
        read_config(record, {**base, "mlp_kinds": ["a", "c"]}, "f")
    with pytest.raises(symparam.SymparamError, match=r"default config of deepseek_vl, read only "
                                                     r"beside the default sizes; text_config\."
                                                     r"hidden_size = 640 is not its default"):
        read_config(record, {**base, "text_config": {"hidden_size": 640}}, "f")


def test_a_worked_out_size_written_as_its_default_is_read_beside_default_sizes() -> None:
    """transformers writes a size it works out (mamba_d_head from sizes the record holds
    fixed, so not among its symbols): that value is read beside default sizes; another value,
    or other sizes, are refused."""
    import copy

    from symparam.fitted.record import read_config

    record = copy.deepcopy(fitted.load("deepseek_vl"))
    record["keys"]["x_dim"] = {"same_as": ["*", "held_fixed", 2], "unset": None, "written": 64}
    base = {"model_type": "deepseek_vl", "x_dim": 64}
    assert read_config(record, base, "f").cls == "DeepseekVLModel"
    with pytest.raises(symparam.SymparamError, match=r"^f: x_dim is missing and cannot be"):
        read_config(record, {**base, "x_dim": 65}, "f")
    with pytest.raises(symparam.SymparamError, match=r"^f: x_dim = 64 is what transformers "):
        read_config(record, {**base, "text_config": {"hidden_size": 640}}, "f")


def test_a_tie_inside_the_base_model_held_by_a_class_names_its_place_in_the_base() -> None:
    """Blenderbot ties its encoder's and decoder's embeddings to ``shared`` (``abs:`` from the
    base model's root); the class that holds the base model under ``model`` reads those ties
    as ``model.shared.weight`` and counts each once, as transformers does."""
    from tests.test_fitted_published import transformers_count

    for arch in ["BlenderbotForConditionalGeneration", "BlenderbotModel"]:
        config = {"model_type": "blenderbot", "architectures": [arch], "d_model": 64,
                  "encoder_layers": 1, "decoder_layers": 2}
        assert symparam.from_hf_config(config).count() == transformers_count(config), arch


def test_a_list_made_of_a_head_and_a_period_is_read_as_left_out() -> None:
    """GLM-4.7-Flash (glm4_moe_lite) writes mlp_layer_types: one dense layer, then sparse ones
    for every other layer. A file listing what transformers makes at its own sizes counts
    as one that leaves it out; any other list is refused by the key."""
    from symparam.fitted.record import made_list
    from tests.test_fitted_published import transformers_count

    entry = fitted.load("glm4_moe_lite")["keys"]["mlp_layer_types"]
    assert made_list(entry, {"N": 4}) == ["dense", "sparse", "sparse", "sparse"]
    config = {"model_type": "glm4_moe_lite", "architectures": ["Glm4MoeLiteForCausalLM"],
              "num_hidden_layers": 3, "hidden_size": 256, "vocab_size": 1000,
              "mlp_layer_types": ["dense", "sparse", "sparse"]}
    assert symparam.from_hf_config(config).count() == transformers_count(config)
    refused = r'^config: mlp_layer_types lists \["dense", "dense", "sparse"\]; glm4_moe_lite was'
    with pytest.raises(symparam.SymparamError, match=refused):
        symparam.from_hf_config({**config, "mlp_layer_types": ["dense", "dense", "sparse"]})


def test_a_head_size_worked_out_as_hidden_over_heads_is_fitted_not_fixed() -> None:
    """GLM-4V's text model makes each head hidden_size // num_attention_heads wide: its
    attention widths are h·⌊H/h⌋ and h_kv·⌊H/h⌋, fitted (the points that showed h in them
    moved every size at once), so other widths and head counts are counted, not refused."""
    from tests.test_fitted_published import transformers_count

    keys = fitted.load("glm4v_text")["keys"]
    assert {keys[k].get("size") for k in ("hidden_size", "num_attention_heads")} == {"H", "h"}
    config = {"model_type": "glm4v_text", "architectures": ["Glm4vTextModel"],
              "hidden_size": 200, "num_attention_heads": 6, "num_key_value_heads": 2,
              "num_hidden_layers": 2, "vocab_size": 100, "intermediate_size": 64}
    assert symparam.from_hf_config(config).count() == transformers_count(config)


@pytest.mark.parametrize(("model_type", "why"), [
    ("autoformer", r"AutoformerModel does not build with the default config: ValueError: "),
    ("blip_text_model", r"transformers' auto mappings register no class for it"),
    ("dots3_note", r"ran out of CPU time"),
])
def test_a_type_transformers_has_but_no_record_serves_is_refused_with_why(
        model_type: str, why: str) -> None:
    """Every model type transformers registers is counted or refused in one line naming why:
    one whose default config does not build, one with no class of its own (a part of another
    type's model), one whose fit ran out of CPU time."""
    with pytest.raises(symparam.SymparamError,
                       match=rf'^config: model_type "{model_type}" is not counted: .*{why}'):
        symparam.from_hf_config({"model_type": model_type})


def test_a_size_held_fixed_after_a_tree_named_it_is_bound_to_its_value() -> None:
    """A class's fit may hold a size fixed after the base model's tree was fitted with it as
    a symbol (EoMT's hidden_size): the record keeps the symbol beside the fixed value, and
    the reader binds it, so the count is the one at that value, not 'no value for H'."""
    import copy

    from symparam.fitted.record import read_config

    record = copy.deepcopy(fitted.load("deepseek_vl"))
    free = read_config(record, {"model_type": "deepseek_vl"}, "f")
    record["keys"]["text_config.hidden_size"] = {"fixed": [4096], "default": 4096,
                                                 "symbol": "H"}
    held = read_config(record, {"model_type": "deepseek_vl"}, "f")
    assert held.values["H"] == free.values["H"] == 4096
    with pytest.raises(symparam.SymparamError, match=r"^f: text_config\.hidden_size = 2048 is "
                                                     r"not a value deepseek_vl was fitted for"):
        read_config(record, {"model_type": "deepseek_vl", "text_config": {"hidden_size": 2048}},
                    "f")


@pytest.mark.parametrize("model_type", ["hy_v4", "janus"])
def test_a_size_transformers_rewrites_and_no_module_reads_is_no_change(model_type: str) -> None:
    """HYV4Config sets head_dim to qk_rope_head_dim whatever a file gives (Janus's VQ config
    works num_patches out of the image size): the config.json transformers writes holds the
    rewritten value, which sizes no module, so it is counted as transformers counts it, not
    refused as a rewritten size the record was fitted from."""
    from tests.test_fitted_published import transformers_count

    transformers = pytest.importorskip("transformers")
    made = transformers.AutoConfig.for_model(model_type)
    config = {**json.loads(made.to_json_string()), "model_type": model_type}
    config["architectures"] = [fitted.load(model_type)["base"]]
    assert symparam.from_hf_config(config).count() == transformers_count(config)


def test_a_rewritten_size_a_module_reads_is_still_refused_where_given() -> None:
    """BailingHybridConfig keeps the head_dim a file gives as linear_head_dim, which sizes
    its linear attention, and writes qk_rope_head_dim as head_dim: a file that gives it is
    refused, never read as the size the record was fitted from."""
    from symparam.fitting.records import unread_rewrites

    record = fitted.load("bailing_hybrid")
    assert record["keys"]["head_dim"].get("rewritten")
    assert unread_rewrites(json.loads(json.dumps(record)))["keys"]["head_dim"].get("rewritten")
    with pytest.raises(symparam.SymparamError, match=r"head_dim is given, and transformers"):
        symparam.from_hf_config({"model_type": "bailing_hybrid", "head_dim": 64}).count()


@pytest.mark.parametrize("head_dim", [96, 128, 256])
def test_a_rewritten_size_is_read_where_the_config_class_keeps_it(head_dim: int) -> None:
    """The file transformers writes for a BailingHybridConfig made with head_dim = d holds
    head_dim = qk_rope_head_dim and linear_head_dim = d: read by linear_head_dim, it counts as
    transformers counts it, at the default and at other values."""
    from tests.test_fitted_published import transformers_count

    transformers = pytest.importorskip("transformers")
    assert fitted.load("bailing_hybrid")["keys"]["head_dim"].get("kept_as") == "linear_head_dim"
    made = transformers.AutoConfig.for_model("bailing_hybrid", head_dim=head_dim)
    config = {**json.loads(made.to_json_string()), "model_type": "bailing_hybrid",
              "architectures": ["BailingHybridModel"]}
    assert config["linear_head_dim"] == head_dim != config["head_dim"]
    assert symparam.from_hf_config(config).count() == transformers_count(config)


@pytest.mark.parametrize("model_type", ["longformer", "led"])
def test_a_window_per_layer_of_a_size_no_module_reads_is_counted(model_type: str) -> None:
    """Longformer's and LED's models write attention_window back into their config as one
    value per layer, as their published config.json files hold it; it sizes no module, so
    such a file counts as transformers counts it. A list for a size a tree names is still
    refused by the key."""
    import copy

    from symparam.fitted.record import read_config
    from tests.test_fitted_published import transformers_count

    record = fitted.load(model_type)
    layers = "encoder_layers" if model_type == "led" else "num_hidden_layers"
    config = {"model_type": model_type, "architectures": [record["base"]], layers: 2,
              "attention_window": [256, 256]}
    assert symparam.from_hf_config(config).count() == transformers_count(config)
    named = copy.deepcopy(record)
    named["classes"]["X"] = {"node": {"shape": ["attention_window"]}}
    with pytest.raises(symparam.SymparamError, match=r"^f: attention_window must be a positive"):
        read_config(named, config, "f")


def test_a_section_key_held_fixed_holds_the_value_the_trees_were_built_with() -> None:
    """Mask2Former's default config makes its Swin backbone with depths [2, 2, 18, 2], not
    SwinConfig's own [2, 2, 6, 2]: the trees were built with the former, so a file that gives
    it (the default config's, as transformers writes it) is counted, and one that gives the
    latter (Swin-tiny's checkpoints) is refused — never counted with 18 layers in stage 3."""
    from tests.test_fitted_published import transformers_count

    transformers = pytest.importorskip("transformers")
    made = transformers.AutoConfig.for_model("mask2former")
    config = {**json.loads(made.to_json_string()), "model_type": "mask2former",
              "architectures": ["Mask2FormerModel"]}
    assert symparam.from_hf_config(config).count() == transformers_count(config)
    config["backbone_config"]["depths"] = [2, 2, 6, 2]
    with pytest.raises(symparam.SymparamError, match=r"^config: backbone_config\.depths = "
                                                     r"\[2, 2, 6, 2\] is not a value"):
        symparam.from_hf_config(config).count()


def test_a_size_transformers_works_out_follows_the_sizes_it_is_made_from() -> None:
    """RoFormer's embedding_size is hidden_size where a file leaves it out, and another value
    adds a projection: fitted with it given at its default, hidden_size moving alone added a
    module and was held fixed (and the head count with it). Left to transformers in every
    build, hidden_size and the heads are fitted; embedding_size is read only as its formula."""
    from tests.test_fitted_published import transformers_count

    keys = fitted.load("roformer")["keys"]
    assert keys["hidden_size"].get("size") == "H" and keys["embedding_size"]["same_as"] == "H"
    config = {"model_type": "roformer", "architectures": ["RoFormerForMaskedLM"],
              "hidden_size": 384, "num_attention_heads": 6, "num_hidden_layers": 2}
    assert symparam.from_hf_config(config).count() == transformers_count(config)
    assert symparam.from_hf_config({**config, "embedding_size": 384}).count() == \
        transformers_count(config)
    with pytest.raises(symparam.SymparamError, match=r"^config: embedding_size = 768; roformer "
                                                     r"was fitted where it is 384"):
        symparam.from_hf_config({**config, "embedding_size": 768}).count()


def test_a_rewritten_size_whose_work_the_file_gives_is_no_change() -> None:
    """HrmTextConfig rewrites num_hidden_layers to the layers of both stacks and keeps the
    count given as num_layers_per_stack, which sizes the stacks: a file that gives both (as
    transformers writes it) counts as transformers counts it; one that gives the rewritten
    key alone, whose meaning hangs on whether it was rewritten, is still refused."""
    from tests.test_fitted_published import transformers_count

    transformers = pytest.importorskip("transformers")
    made = transformers.AutoConfig.for_model("hrm_text", num_hidden_layers=2)
    config = {**json.loads(made.to_json_string()), "model_type": "hrm_text",
              "architectures": [fitted.load("hrm_text")["base"]]}
    assert config["num_hidden_layers"] != config["num_layers_per_stack"] == 2
    assert symparam.from_hf_config(config).count() == transformers_count(config)
    del config["num_layers_per_stack"]
    with pytest.raises(symparam.SymparamError, match=r"num_hidden_layers is given, and "):
        symparam.from_hf_config(config).count()


def test_a_section_type_the_model_writes_back_is_read() -> None:
    """MaskFormer's model swaps its Swin backbone's config for a MaskFormerSwin one as it is
    built, so a config.json saved after the model was made names ``maskformer-swin``: read as
    the ``swin`` section it was fitted with, and counted as transformers builds it; another
    type there is still refused by the key."""
    from tests.test_fitted_published import transformers_count

    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    made = transformers.AutoConfig.for_model("maskformer")
    with torch.device("meta"):
        transformers.MaskFormerModel(made)  # the config as a saved model's file holds it
    config = {**json.loads(made.to_json_string()), "model_type": "maskformer",
              "architectures": ["MaskFormerModel"]}
    assert config["backbone_config"]["model_type"] == "maskformer-swin"
    assert symparam.from_hf_config(config).count() == transformers_count(config)
    config["backbone_config"]["model_type"] = "resnet"
    with pytest.raises(symparam.SymparamError, match=r"backbone_config\.model_type = "
                                                     r"\"resnet\"; maskformer was fitted"):
        symparam.from_hf_config(config).count()


def _left_out_differs(record: dict[str, Any]) -> bool:
    """Whether a key of ``record`` held fixed holds another value in the default config than
    its config class's default or its section's: a list transformers makes from the sizes
    (``layer_types``, null in the class), a value a section left out is made with."""
    return any(isinstance(entry, dict) and "fixed" in entry and any(
        k in entry and entry[k] != entry["fixed"][0] for k in ("default", "absent"))
        for entry in record["keys"].values())


def test_every_record_gives_its_formula_by_name() -> None:
    """A type by name is every key left out: a key transformers makes from the sizes (a
    ``layer_types`` list, null in its class) or that a section left out is made with holds the
    value its trees were built with, so the name gives the formula and asks for the sizes —
    never "[] is not a value … was fitted for (null)"."""
    refused = {}
    for name in fitted.names():
        try:
            fitted.model_for_type(name)
        except symparam.SymparamError as error:
            refused[name] = str(error)
    assert not refused
    assert sum(_left_out_differs(fitted.load(n)) for n in fitted.names()) >= 17


def test_a_file_that_leaves_every_key_out_counts_as_the_default_config() -> None:
    """``{"model_type": …}`` is transformers' default config: for every record whose keys
    held fixed are made otherwise than their class defaults, it counts as the file
    transformers writes for that config."""
    transformers = pytest.importorskip("transformers")
    import warnings

    checked = 0
    for name in fitted.names():
        record = fitted.load(name)
        if not _left_out_differs(record):
            continue
        base = {"model_type": name, "architectures": [record["base"]]}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            made = transformers.AutoConfig.for_model(name).to_dict()
        try:
            full = symparam.from_hf_config({**json.loads(json.dumps(made, default=str)),
                                            **base}).count()
        except symparam.SymparamError:
            continue  # the file transformers writes is refused (the oracle's table says why)
        assert symparam.from_hf_config(base).count() == full, name
        checked += 1
    assert checked >= 15


def test_a_heterogeneous_config_is_read_where_transformers_makes_its_per_layer_sizes() -> None:
    """Gemma 4's per_layer_config widens the full-attention layers' heads; transformers makes
    it from the other keys where a file leaves it out, as every build of the fit did: such a
    file counts as transformers counts it, at other sizes too. The file transformers writes
    for the default config is read beside the default sizes; any other per_layer_config is
    refused by the key, never counted with the layers it widens unread."""
    from tests.test_fitted_published import transformers_count

    transformers = pytest.importorskip("transformers")
    entry = fitted.load("gemma4_text")["keys"]["per_layer_config"]
    assert entry["fixed"] == [None] and entry["written"]
    config = {"model_type": "gemma4_text", "architectures": ["Gemma4ForCausalLM"],
              "num_hidden_layers": 12, "head_dim": 128, "hidden_size": 1152}
    assert symparam.from_hf_config(config).count() == transformers_count(config)
    made = transformers.AutoConfig.for_model("gemma4_text")
    written = {**json.loads(made.to_json_string()), "architectures": ["Gemma4TextModel"]}
    assert symparam.from_hf_config(written).count() == transformers_count(written)
    written["per_layer_config"] = {"03": {"head_dim": 512}}
    with pytest.raises(symparam.SymparamError, match=r"^config: per_layer_config = "):
        symparam.from_hf_config(written).count()
