"""Options that choose one of several ways (:class:`symparam.family.Choice`): a value out of
the list is refused in one line naming the option and its values; two ways of one thing at
once are refused; the switches each choice replaced are still taken and count the same."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam.architectures import llama, moe
from symparam.family import Choice
from symparam.symbols import H, N
from tests.test_cli import run

LLAMA_CHOICES = [o for o in llama.FAMILY.options if isinstance(o, Choice)]


# -- a value out of the list ---------------------------------------------------------------------


@pytest.mark.parametrize(("options", "said"), [
    ({"norm_placement": "middle"},
     "option norm_placement takes pre, post, sandwich or parallel, got 'middle'"),
    ({"qk_norm": True}, "option qk_norm takes none, per_head, full, head_weights or head_list, "
                        "got True"),
    ({"norm": "rms_olmo3"}, "option norm takes rms, rms_gemma, rms_olmo2, layer, layer_no_bias "
                            "or layer_no_weights, got 'rms_olmo3'"),
    ({"post_norms": "sometimes"}, "option post_norms takes true or false, got 'sometimes'"),
])
def test_a_value_out_of_the_list_is_refused_naming_the_values(options: dict[str, Any],
                                                               said: str) -> None:
    with pytest.raises(symparam.SymparamError) as error:
        symparam.model("llama", **options)
    assert str(error.value) == said


def test_the_values_are_read_in_any_case() -> None:
    assert symparam.model("llama", norm_placement="Sandwich").options["norm_placement"] == \
        "sandwich"


# -- two ways of one thing -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options", "said"), [
    ("llama", {"post_norms": True, "sandwich_norms": True},
     "llama: post_norms=true and sandwich_norms=true choose two values of norm_placement"),
    # counted as neither before: post_norms' norms, parallel_block's inputs
    ("llama", {"parallel_block": True, "post_norms": True},
     "choose two values of norm_placement, which takes one of pre, post, sandwich or parallel"),
    ("llama", {"layer_norm": True, "gemma_norm": True}, "choose two values of norm"),
    ("llama", {"norm_placement": "sandwich", "post_norms": True},
     "llama: norm_placement=sandwich and post_norms=true choose two values of norm_placement"),
    ("llama", {"norm_placement": "post", "post_norms": False},
     "llama: post_norms=false and norm_placement=post disagree about norm_placement"),
    ("olmo2", {"sandwich_norms": True, "norm_placement": "post"}, "choose two values"),
    # MoE's two q/k norms were both taken, and one silently built
    ("mixtral", {"qk_norm_per_head": True, "qk_norm_full": True},
     "moe: qk_norm_per_head=true and qk_norm_full=true choose two values of qk_norm, which "
     "takes one of none, per_head or full"),
])
def test_two_ways_of_one_thing_are_refused(name: str, options: dict[str, Any],
                                           said: str) -> None:
    with pytest.raises(symparam.SymparamError, match=said):
        symparam.model(name, **options)
    for key, value in options.items():  # each alone is taken
        symparam.model(name, **{key: value})


def test_the_command_line_refuses_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "count", "llama", "--set", "norm_placement=middle")
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1 and err.endswith(
        "option norm_placement takes pre, post, sandwich or parallel, got 'middle'\n")
    status, out, err = run(capsys, "count", "llama", "--set", "post_norms=true",
                           "--set", "sandwich_norms=true")
    assert (status, out, len(err.splitlines())) == (2, "", 1) and "norm_placement" in err
    # a word is a choice's value: given to a size, it is refused as the size's
    status, out, err = run(capsys, "count", "llama-3-8b", "--set", "hidden_size=sandwich")
    assert (status, out) == (2, "") and err.endswith(
        "hidden_size=sandwich: hidden_size takes a positive integer\n")


# -- the old switches --------------------------------------------------------------------------


@st.composite
def two_spellings(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """LLaMA's choices drawn, each spelled two ways: by its own value, and by the switches
    it replaced (the value's switch on, any of the others off)."""
    new: dict[str, Any] = {}
    old: dict[str, Any] = {}
    for choice in LLAMA_CHOICES:
        value = draw(st.sampled_from(choice.values))
        if value != choice.default or draw(st.booleans()):
            new[choice.name] = value
        for alias, stands_for in choice.aliases.items():
            if stands_for == value:
                old[alias] = draw(st.sampled_from([True, "true", "on", 1]))
            elif draw(st.booleans()):
                old[alias] = False
    return new, old


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_spellings())
def test_the_old_switches_count_as_the_choices(spellings: tuple[dict[str, Any],
                                                                dict[str, Any]]) -> None:
    new, old = spellings
    a = symparam.model("llama-3-8b", **new)
    b = symparam.model("llama-3-8b", **old)
    assert a.options == b.options
    assert a.count() == b.count() and a.params == b.params
    assert [(t.name, t.shape) for t in a.tree.tensors()] == \
        [(t.name, t.shape) for t in b.tree.tensors()]


def test_a_switch_turned_off_returns_a_types_choice_to_the_default() -> None:
    gemma2 = symparam.model("gemma2")
    pre = symparam.model("gemma2", norm_placement="pre")
    assert symparam.model("gemma2", sandwich_norms=False).params == pre.params
    # Gemma2's four norms a layer against two: 2·N·H fewer weights
    assert (gemma2.params - pre.params).expand() == 2 * N * H
    # a switch of another value, off, leaves the type's choice as it is
    assert symparam.model("gemma2", post_norms=False).options["norm_placement"] == "sandwich"


def test_a_model_holds_the_choices_not_the_switches() -> None:
    options = symparam.model("olmo2").options
    assert (options["norm_placement"], options["norm"], options["qk_norm"]) == \
        ("post", "rms_olmo2", "full")
    assert not {"post_norms", "olmo2_norm", "qk_norm_full"} & set(options)


def test_a_config_key_read_as_a_switch_sets_the_choice(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    config = {"model_type": "stablelm", "qk_layernorm": True, "use_parallel_residual": True}
    m = symparam.from_hf_config(config)
    assert (m.options["qk_norm"], m.options["norm_placement"]) == ("head_list", "parallel")
    plain = symparam.from_hf_config({"model_type": "stablelm"})
    assert (plain.options["qk_norm"], plain.options["norm_placement"]) == ("none", "pre")
    # the config's key, given on the command line, is the same switch
    status, out, err = run(capsys, "options", "stablelm", "--set", "qk_layernorm=true",
                           "--json")
    assert status == 0, err
    rows = {r["option"]: r for r in map(json.loads, out.splitlines())}
    assert rows["qk_norm"]["value"] == "head_list"


def test_the_moe_family_takes_its_choices_and_switches() -> None:
    olmoe = symparam.model("olmoe")
    assert olmoe.options["qk_norm"] == "full"
    assert symparam.model("mixtral", qk_norm="full").params == \
        symparam.model("mixtral", qk_norm_full=True).params != symparam.model("mixtral").params
    assert moe.FAMILY.option("norm").values == ("rms", "rms_olmo2")


# -- listing --------------------------------------------------------------------------------------


def test_options_lists_each_choice_with_its_values(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "options", "olmo2")
    assert status == 0, err
    lines = out.splitlines()
    at = lines.index("  norm_placement=post")
    assert lines[at + 1].startswith("      one of pre, post, sandwich or parallel: ")
    assert "post_norms=true for post" in out
    assert "  attention_bias=false" in lines
    status, out, err = run(capsys, "options", "llama", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    names = [o.name for o in llama.FAMILY.options]
    assert [r["option"] for r in rows] == names
    qk = next(r for r in rows if r["option"] == "qk_norm")
    assert qk["values"] == ["none", "per_head", "full", "head_weights", "head_list"]
    assert qk["value"] == qk["default"] == "none" and qk["model"] == "llama"
