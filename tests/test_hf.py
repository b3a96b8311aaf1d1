"""config.json files against transformers: generated lean configs of every supported model_type,
the default config of every class, the defaults table, and one-line errors for bad files."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam.architectures.jamba import Offset
from symparam.catalog import model_types
from symparam.cli import main
from symparam.hf import generated
from symparam.inputs import runnable_of
from symparam.modeltype import BothFlags, Count, Flag, GatedActivation, SetSize
from tests.tools import need

oracle = need("tests.oracle")
transformers = oracle.transformers

TYPES = sorted(model_types())


def real_count(config: dict[str, Any], cls: str) -> tuple[dict[str, tuple[int, ...]], int]:
    tensors = oracle.from_config(config, cls)
    return tensors, sum(math.prod(shape) for shape in tensors.values())


def assert_config_matches(config: dict[str, Any]) -> None:
    m = symparam.from_hf_config(config)
    real, total = real_count(config, m.label)
    assert oracle.ours(m) == real
    assert m.count() == total


def projected(model_type: str) -> bool:
    """Whether the type's projector makes each image's tokens d_proj wide, which its language
    model reads only where d_proj = H (its family's ``runs_if_equal``: PaliGemma): d_proj is
    then always written, equal to H half the time."""
    family = model_types()[model_type].family
    return any(pair[:2] == ("d_proj", "H") for pairs in family.runs_if_equal.values()
               for pair in pairs)


@st.composite
def lean_configs(draw: st.DrawFn, model_type: str) -> dict[str, Any]:
    """A valid config of ``model_type``, each optional key present or left out."""
    record = model_types()[model_type]
    runs = runnable_of(record)  # the values transformers runs, as the record declares them
    h_kv = draw(st.integers(1, 3))
    h = h_kv * draw(st.integers(1, 3))
    multiple = math.lcm(2, runs.head_multiple)  # even: rotary embeddings turn pairs
    head = multiple * draw(st.integers(1, 4))
    drawn = {
        # two rows at least: MPNet pads its word and position tables with row 1
        "N": draw(st.integers(1, 3)), "V": draw(st.integers(2, 200)),
        "L": draw(st.integers(2, 64)), "T": draw(st.integers(1, 3)), "H": h * head,
        "d_ff": draw(st.integers(1, 48)), "h": h, "h_kv": h_kv,
        "d_head": multiple * draw(st.integers(1, 6)), "d_emb": draw(st.integers(1, 16)),
        "G": draw(st.integers(1, 2)), "K": draw(st.integers(1, 2)),
        "C": draw(st.integers(1, 3)), "P": draw(st.integers(1, 4)),
        "N_dec": draw(st.integers(1, 3)), "n_buckets": draw(st.integers(1, 40)),
        "k": draw(st.integers(1, 2)), "d_moe": draw(st.integers(1, 16)),
        "d_sh": draw(st.integers(1, 16)), "E_sh": draw(st.integers(1, 2)),
        "r_q": draw(st.integers(1, 16)), "r_kv": draw(st.integers(1, 16)),
        "d_rope": 2 * draw(st.integers(1, head // 2)), "d_nope": draw(st.integers(1, 8)),
        "d_v": draw(st.integers(1, 8)), "d_pool": draw(st.integers(1, 16)),
        "S": draw(st.integers(1, 4)), "W": draw(st.integers(1, 6)),
        "W_chunk": draw(st.integers(1, 6)),  # Llama 4's attention chunk size
        "E_g": 1, "k_g": 1,  # one group of experts: any E splits into it
        # DeBERTa: two buckets at least (one divides by zero in its log buckets), an odd kernel
        # (an even one shortens the sequence, which it cannot run), groups that split H
        "n_rel": draw(st.integers(2, 8)), "k_conv": 2 * draw(st.integers(0, 2)) + 1,
        "g_conv": draw(st.sampled_from([1, 2])),
        # an encoder–decoder's decoder: its own FFN width, heads that split H, a vocabulary
        "d_ff_dec": draw(st.integers(1, 48)), "h_dec": draw(st.sampled_from([h, h_kv])),
        "V_dec": draw(st.integers(2, 200)),
        "r_mlp": draw(st.integers(1, 4)), "n_reg": draw(st.integers(1, 4)),  # DINOv2
        # state-space mixers: expansion, inner width, state, convolution, Δ's rank; the
        # linear attention's heads (query/key heads dividing the value heads) and head sizes
        "e": draw(st.integers(1, 2)), "d_inner": draw(st.integers(1, 40)),
        "d_state": draw(st.integers(1, 6)), "d_conv": draw(st.integers(1, 4)),
        "r_dt": draw(st.integers(1, 6)), "h_lk": draw(st.integers(1, 2)),
        "d_lk": draw(st.integers(1, 6)), "d_lv": draw(st.integers(1, 6)),
        "h_ssm": 1, "g_ssm": 1,  # Mamba-2's heads and groups: drawn together, below
        # a two-tower model's vision tower (heads that split its width) and shared space
        "N_vis": draw(st.integers(1, 3)), "h_vis": h_kv, "d_ff_vis": draw(st.integers(1, 48)),
        # Whisper's audio: encoder positions (its input is twice as many frames), mel bins,
        # the classifier's projection
        "L_enc": draw(st.integers(1, 12)), "n_mels": draw(st.integers(1, 8)),
        "d_proj": draw(st.integers(1, 16)),
    }
    drawn["h_lv"] = drawn["h_lk"] * draw(st.integers(1, 2))
    drawn["H_vis"] = drawn["h_vis"] * runs.vision_head_multiple * \
        draw(st.integers(1, 8 // runs.vision_head_multiple))
    drawn["E"] = drawn["k"] + draw(st.integers(0, 3))
    drawn["N_dense"] = draw(st.integers(0, drawn["N"]))
    drawn["R"] = drawn["P"] * draw(st.integers(1, 4))
    # Qwen2.5-VL's tower: frames a patch spans, patches merged a side, windows of whole merged
    # tokens, a merger as wide as the language model (else it cannot run)
    drawn["P_t"], drawn["m"] = draw(st.integers(1, 2)), draw(st.integers(1, 2))
    drawn["W_vis"] = drawn["P"] * drawn["m"] * draw(st.integers(1, 3))
    drawn["H_out"] = drawn["H"]
    if projected(model_type) and draw(st.booleans()):
        drawn["d_proj"] = drawn["H"]
    drawn["L_vis"] = draw(st.sampled_from([1, 4, 9, 16]))  # Qwen3-VL's position table
    # Llama 4's vision adapter and projector widths
    drawn["d_adp"], drawn["H_adp"], drawn["H_img"] = (draw(st.integers(1, 16)) for _ in range(3))
    config: dict[str, Any] = {"model_type": model_type, "pad_token_id": 0}
    for entry in record.sizes:
        if entry.symbol == "r_dt":  # Mamba's Δ rank: "auto" (⌈H/16⌉) or a number
            if draw(st.booleans()):
                config[entry.key] = draw(st.sampled_from(["auto", drawn["r_dt"]]))
            continue
        if entry.computed or entry.listed:  # ignored (StableLM's head_dim); drawn below
            continue
        if runs.heads_split_hidden and entry.symbol == "d_head":
            continue  # OLMoE's norms run only on heads that split H: head_dim is H // h
        if entry.symbol in ("N", "V", "H", "h", "h_kv", "h_dec", "R", "P", "E", "k", "h_lk",
                            "h_lv", "N_vis", "H_vis", "h_vis") \
                or (projected(model_type) and entry.symbol == "d_proj") or draw(st.booleans()):
            value = drawn[entry.symbol]
            nullable = entry.key in generated()[model_type]["nullable"]
            kept = entry.symbol in runs.not_null
            if entry.null is not None and nullable and not kept and draw(st.booleans()):
                value = None
            config[entry.key] = value
    if any(entry.symbol == "s_img" for entry in record.sizes):  # Gemma 3's image tokens: a
        # square number or not, at most one a patch (more a side than patches cannot pool)
        config["mm_tokens_per_image"] = draw(st.integers(1, (drawn["R"] // drawn["P"]) ** 2))
    for rule in record.rules:
        if isinstance(rule, Flag) and draw(st.booleans()):
            config[rule.reads()[0]] = draw(st.booleans())
        if isinstance(rule, BothFlags) and draw(st.booleans()):
            config[rule.key], config[rule.unless] = draw(st.booleans()), draw(st.booleans())
        if isinstance(rule, Count) and draw(st.booleans()):
            config[rule.key] = draw(st.integers(1, 3))
        if rule.option == "layer_pattern" and draw(st.booleans()):
            config[rule.reads()[0]] = draw(st.lists(st.integers(0, 3), max_size=3))
        if rule.option == "sparse_layers" and draw(st.booleans()):  # ERNIE 4.5's MoE layers
            config["moe_layer_interval"] = draw(st.integers(1, 3))
            config["moe_layer_start_index"] = draw(st.integers(0, drawn["N"]))
            config["moe_layer_end_index"] = draw(st.integers(-1, drawn["N"]))
        if rule.option == "attention_pattern" and draw(st.booleans()):  # Qwen3-Next
            config["layer_types"] = draw(st.lists(
                st.sampled_from(["linear_attention", "full_attention"]),
                min_size=drawn["N"], max_size=drawn["N"]))
        if rule.option == "full_attention_interval" and draw(st.booleans()):
            config["full_attention_interval"] = draw(st.integers(1, 4))
        if isinstance(rule, Offset):  # within the period, as transformers requires
            period = config.get(rule.period, generated()[model_type]["defaults"][rule.period])
            config[rule.key] = draw(st.integers(0, period - 1))
        if isinstance(rule, SetSize) and draw(st.booleans()):
            config[rule.key] = None
        if rule.option == "parallel_norms" and draw(st.booleans()):
            config[rule.reads()[0]] = draw(st.sampled_from([None, 1, 2]))
        if rule.option == "local_layers":  # which layers attend within a window
            local = draw(st.lists(st.booleans(), min_size=drawn["N"], max_size=drawn["N"]))
            if rule.reads()[0] == "attention_types":  # GPT-Neo's runs, as many as the layers
                config["attention_types"] = [[["local" if x else "global"], 1] for x in local]
            elif draw(st.booleans()):
                config[rule.reads()[0]] = ["sliding_attention" if x else "full_attention"
                                           for x in local]
        if rule.reads() == ("pos_att_type",) and draw(st.booleans()):  # DeBERTa's terms
            config["pos_att_type"] = draw(st.sampled_from(
                [None, "c2p", "p2c", "p2c|c2p", "C2P | p2c", ["c2p"], ["p2c", "c2p"]]))
        if rule.reads() == ("norm_rel_ebd",) and draw(st.booleans()):
            config["norm_rel_ebd"] = draw(st.sampled_from(["none", "layer_norm"]))
        if isinstance(rule, GatedActivation) and draw(st.booleans()):
            config[rule.key] = draw(st.sampled_from(["relu", "gelu", "gated-gelu", "gated-silu"]))
    listed = [entry for entry in record.sizes if entry.listed]
    if listed:  # one size per stage (ConvNeXt's), on an image each stage can halve
        stages = draw(st.integers(1, 3))
        config[next(e.listed for e in listed if e.listed != "all")] = stages
        for entry in listed:
            config[entry.key] = draw(st.lists(st.integers(1, 8 if entry.symbol == "H" else 2),
                                              min_size=stages, max_size=stages))
        config["image_size"] = drawn["P"] * 2 ** (stages - 1) * draw(st.integers(1, 2))
        if draw(st.booleans()):  # the maps a backbone outputs: the stem and the stages
            chosen = draw(st.sets(st.integers(0, stages), min_size=1))
            config["out_indices"] = sorted(chosen)
        config["layer_scale_init_value"] = draw(st.sampled_from([1e-6, 0.0, -1.0]))
    if model_type == "llama4":  # a vision adapter that runs: its input the shuffled patches'
        # m²·H_vis numbers (m = 2, the default ratio 0.5), its layers and the projector of one
        # width, a patch grid whose side m divides
        width = draw(st.integers(1, 8))
        config.update({"vision_config.intermediate_size": 4 * drawn["H_vis"],
                       "vision_config.projector_input_dim": width,
                       "vision_config.projector_output_dim": width,
                       "vision_config.vision_output_dim": width,
                       "vision_config.image_size": drawn["P"] * 2 * draw(st.integers(1, 2))})
    if model_type == "mamba2":  # num_heads heads of head_dim make expand · hidden_size
        groups = draw(st.integers(1, 2))
        heads, head = groups * draw(st.integers(1, 2)), draw(st.integers(1, 3))
        expand = draw(st.sampled_from([x for x in (1, 2) if heads * head % x == 0]))
        config.update(hidden_size=heads * head // expand, expand=expand, num_heads=heads,
                      head_dim=head, n_groups=groups)
        # short chunks, so that a short sequence fills several; a state and a chunk of at least
        # 2, as torch's einsum multiplies elementwise over a contracted size of 1 (its counter
        # sees no product there, where symparam counts one: ChunkedScan's docstring)
        config.update(state_size=draw(st.integers(2, 6)), chunk_size=draw(st.integers(2, 8)))
    spec = {"defaults": generated()[model_type]["defaults"]}
    classes = list(record.classes)
    choice = draw(st.sampled_from([*classes, None]))
    if choice is not None:
        config["architectures"] = [choice]
        if "ForSequenceClassification" in choice and draw(st.booleans()):
            config["num_labels"] = draw(st.integers(1, 5))
    # keep the model small where a key was left to a large default
    for key, default in spec["defaults"].items():
        if key not in config and isinstance(default, int) and not isinstance(default, bool) \
                and default >= 64:
            name = key.partition(".")[2] or key  # a sub-config's key by its own name
            config[key] = {"vocab_size": drawn["V"], "max_position_embeddings": drawn["L"],
                           "n_positions": drawn["L"], "intermediate_size": drawn["d_ff"],
                           "head_dim": drawn["d_head"], "hidden_size": drawn["H"],
                           "embedding_size": drawn["d_emb"], "d_model": drawn["H"],
                           "d_ff": drawn["d_ff"], "moe_intermediate_size": drawn["d_moe"],
                           "shared_expert_intermediate_size": drawn["d_sh"],
                           "q_lora_rank": drawn["r_q"], "kv_lora_rank": drawn["r_kv"],
                           "qk_nope_head_dim": drawn["d_nope"], "v_head_dim": drawn["d_v"],
                           "n_routed_experts": drawn["E"], "rotary_dim": drawn["d_rope"],
                           "num_experts": drawn["E"], "encoder_ffn_dim": drawn["d_ff"],
                           "decoder_ffn_dim": drawn["d_ff_dec"],
                           "linear_key_head_dim": drawn["d_lk"],
                           "linear_value_head_dim": drawn["d_lv"],
                           "out_hidden_size": drawn["H_out"],
                           "window_size": drawn["W_vis"]}.get(name, default)
    return nested(config, record.sections)


def nested(config: dict[str, Any], sections: Any) -> dict[str, Any]:
    """``config`` with a composite's keys (``text_config.hidden_size``) written inside their
    sub-config, as a file holds them."""
    out: dict[str, Any] = {}
    for key, value in config.items():
        section, dot, inner = key.partition(".")
        if dot and section in sections:
            out.setdefault(section, {})[inner] = value
        else:
            out[key] = value
    return out


@pytest.mark.sweep
@pytest.mark.parametrize("model_type", TYPES)
def test_generated_configs(model_type: str) -> None:
    @settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(lean_configs(model_type))
    def check(config: dict[str, Any]) -> None:
        assert_config_matches(config)

    check()


@pytest.mark.sweep
@pytest.mark.parametrize(("model_type", "cls"),
                         [(t, c) for t in TYPES for c in model_types()[t].classes])
def test_default_config_of_every_class(model_type: str, cls: str) -> None:
    """An empty config is the config class's defaults (BertConfig() is bert-base-uncased …)."""
    if cls == "ConvNextBackbone":  # its default hidden_sizes, a tuple, fail its own __init__
        pytest.skip("transformers cannot build ConvNextBackbone from its config's defaults")
    assert_config_matches({"model_type": model_type, "architectures": [cls]})


def test_defaults_are_generated_from_the_pinned_transformers() -> None:
    """hf_defaults.json is what tools/hf_defaults.py makes from the installed transformers:
    run ``python tools/hf_defaults.py --write`` after changing a record or transformers."""
    from tools import hf_defaults

    committed = json.loads(Path(hf_defaults.TARGET).read_text(encoding="utf-8"))
    assert committed == hf_defaults.generate(), "run: python tools/hf_defaults.py --write"
    assert committed["transformers"] == transformers.__version__


def test_bert_base_config_in_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = {"model_type": "bert", "architectures": ["BertForMaskedLM"], "hidden_size": 768,
              "num_hidden_layers": 12, "num_attention_heads": 12, "intermediate_size": 3072,
              "vocab_size": 30522, "max_position_embeddings": 512, "type_vocab_size": 2}
    (tmp_path / "config.json").write_text(json.dumps(config))
    assert main(["count", str(tmp_path), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["architecture"] == "BertForMaskedLM"
    assert record["params"] == real_count(config, "BertForMaskedLM")[1]
    assert main(["count", str(tmp_path), "--json", "--base"]) == 0
    assert json.loads(capsys.readouterr().out)["architecture"] == "BertModel"


def test_many_files_in_one_call(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = []
    for index, model_type in enumerate(TYPES):
        path = tmp_path / f"{index}.json"
        path.write_text(json.dumps({"model_type": model_type}))
        paths.append(str(path))
    assert main(["count", *paths, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["model"] for line in lines] == paths


@pytest.mark.parametrize(("content", "needle"), [
    ("{not json", "invalid JSON"),
    ("[1, 2]", "expected a JSON object"),
    ('{"model_type": "nope"}', 'model_type "nope" is not supported'),
    ("{}", "model_type missing"),
    ('{"model_type": "bert", "architectures": ["BertForQA"]}', 'class "BertForQA"'),
    ('{"model_type": "bert", "hidden_size": "768"}', "hidden_size must be a positive integer"),
    ('{"model_type": "bert", "hidden_size": 0}', "hidden_size must be a positive integer"),
    ('{"model_type": "bert", "hidden_size": 770}', "does not divide"),
    ('{"model_type": "bert", "hidden_size": null}', "hidden_size is null"),
    ('{"model_type": "llama", "tie_word_embeddings": "true"}', "must be true or false"),
    ('{"model_type": "llama", "num_key_value_heads": 5}', "does not divide"),
    ('{"model_type": "qwen3", "head_dim": null}', "head_dim is null"),
    ('{"model_type": "deberta-v2", "conv_kernel_size": 3, "conv_groups": 5}', "does not divide"),
    ('{"model_type": "deberta-v2", "pos_att_type": 3}', "names joined by |"),
])
def test_bad_configs(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str,
                     needle: str) -> None:
    path = tmp_path / "config.json"
    path.write_text(content)
    assert main(["count", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and needle in err, err


def test_missing_file_and_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", str(tmp_path / "none.json")]) == 2
    assert main(["count", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("no such file") == 2


def independent_active(config: dict[str, Any], cls: str, m: Any) -> int:
    """Active parameters from the real tensors: every tensor, but of each stacked expert tensor
    only the share of the k experts a token uses."""
    real, total = real_count(config, cls)
    experts = sum(math.prod(shape) for name, shape in real.items() if ".experts." in name)
    if experts == 0:
        return total
    k, e = m.values["k"], m.values["E"]
    assert (experts * k) % e == 0
    return total - experts + experts * k // e


@pytest.mark.parametrize(("model_type", "cls"), [
    ("mixtral", "MixtralForCausalLM"), ("qwen2_moe", "Qwen2MoeForCausalLM"),
    ("qwen3_moe", "Qwen3MoeForCausalLM"), ("deepseek_v3", "DeepseekV3ForCausalLM"),
    ("gpt_oss", "GptOssForCausalLM"), ("olmoe", "OlmoeForCausalLM"),
    ("granitemoe", "GraniteMoeForCausalLM"), ("qwen3_next", "Qwen3NextForCausalLM"),
    ("jamba", "JambaForCausalLM"), ("glm4_moe", "Glm4MoeForCausalLM"),
    ("llama4_text", "Llama4ForCausalLM"), ("ernie4_5_moe", "Ernie4_5_MoeForCausalLM"),
])
def test_active_parameters_of_default_configs(model_type: str, cls: str) -> None:
    config = {"model_type": model_type, "architectures": [cls]}
    m = symparam.from_hf_config(config)
    assert m.active_count() == independent_active(config, cls, m)
    assert m.active_count() < m.count()
    k = next(s for s in m.active_params.free_symbols if s.name == "k")
    assert k not in m.params.free_symbols


#: active parameters of the presets that route, as the real tensors give them (every tensor,
#: of the stacked experts k of E): DeepSeek-V2-Lite's report says 2.4B without its 0.21B token
#: table; Qwen3-Next's 3.87B is the "A3B"; Llama 4 Scout's are its language model's 17.17B
#: (the card's "17B activated") and its vision encoder and projector
PRESETS_ACTIVE = {"deepseek-v2-lite": 2_661_150_208, "qwen3-next-80b-a3b": 3_874_929_408,
                  "olmoe-1b-7b": 1_282_017_280, "jamba-1.5-mini": 12_110_311_296,
                  "jamba-v0.1": 12_110_311_296, "granite-3.0-3b-a800m": 882_874_368,
                  "glm-4.5-air": 13_424_123_904, "llama-4-scout-17b-16e": 18_044_827_136}


@pytest.mark.parametrize(("name", "active"), PRESETS_ACTIVE.items())
def test_active_parameters_of_presets(name: str, active: int) -> None:
    preset = symparam.presets.presets()[name]
    m = symparam.model(name)
    assert m.active_count() == independent_active(preset.config, m.label, m) == active


@pytest.mark.parametrize("model_type", ["mixtral", "qwen2_moe", "qwen3_moe", "deepseek_v3",
                                        "gpt_oss", "deepseek_v2", "olmoe", "granitemoe",
                                        "qwen3_next", "jamba", "glm4_moe",
                                        "llama4_text", "ernie4_5_moe"])
def test_generated_moe_active(model_type: str) -> None:
    @settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(lean_configs(model_type))
    def check(config: dict[str, Any]) -> None:
        m = symparam.from_hf_config(config)
        routed = any(s.name == "k" for s in m.active_params.free_symbols)
        if routed and "k" not in m.values:  # DeepSeek-V2's null top k: no active share
            with pytest.raises(symparam.SymparamError, match="k"):
                m.active_count()
            return
        assert m.active_count() == independent_active(config, m.label, m)

    check()


def test_not_a_regular_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    fifo = tmp_path / "config.json"
    os.mkfifo(fifo)
    assert main(["count", str(fifo)]) == 2  # returns at once: a FIFO is never opened
    err = capsys.readouterr().err
    assert err.count(str(fifo)) == 1 and "not a regular file" in err


def test_activation_names_are_transformers() -> None:
    activations = need("transformers.activations")
    from symparam.family import ACTIVATIONS

    assert set(activations.ACT2CLS) == ACTIVATIONS
