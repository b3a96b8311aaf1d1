"""Llama 4 with its vision tower (``llama4``: Llama4ForConditionalGeneration) against
transformers: drawn configs tensor by tensor, the defaults of a file that leaves its sections
out, FLOPs against FlopCounterMode at 0, 1 and 2 images a sequence (eager attention, eager
experts), the tokens an image becomes (the real adapter's output and the processor's own
arithmetic), the key that ties the head, the refusals, and the preset against the published
file and the card."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam import images
from symparam.cli import main
from symparam.compute import compute
from symparam.figures import figures
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

SCOUT = Path(__file__).parent / "configs" / "fitted" / "llama-4-scout-17b-16e.json"
CLS = "Llama4ForConditionalGeneration"


@st.composite
def small(draw: st.DrawFn, runnable: bool = False) -> dict[str, Any]:
    """A small Llama 4 with its vision tower: MoE and dense layers interleaved or listed,
    rotary and NoPE layers, chunks or none, a tied head or not; any vision tower (heads that
    split its width or not, a partial last patch, any shuffle ratio 1/m, any adapter widths)
    or, ``runnable``, one whose forward runs (m divides the patch grid's side, the adapter's
    widths follow one another, heads a multiple of 4 wide)."""
    kv = draw(st.integers(1, 2))
    heads = kv * draw(st.integers(1, 2))
    layers = draw(st.integers(1, 3))
    text: dict[str, Any] = {
        "vocab_size": draw(st.integers(8, 40)), "hidden_size": 4 * draw(st.integers(1, 4)),
        "intermediate_size": draw(st.integers(1, 12)),
        "intermediate_size_mlp": draw(st.integers(1, 12)), "num_hidden_layers": layers,
        "num_attention_heads": heads, "num_key_value_heads": kv,
        "head_dim": 2 * draw(st.integers(1, 3)), "num_local_experts": draw(st.integers(1, 3)),
        "num_experts_per_tok": 1, "interleave_moe_layer_step": draw(st.integers(1, 2)),
        "no_rope_layer_interval": draw(st.integers(1, 3)),
        "attention_chunk_size": draw(st.integers(2, 5)), "use_qk_norm": draw(st.booleans()),
        "attention_bias": draw(st.booleans()), "tie_word_embeddings": draw(st.booleans()),
        "pad_token_id": 0}
    if draw(st.booleans()):
        text["moe_layers"] = sorted(draw(st.sets(st.integers(0, layers - 1))))
    vheads = draw(st.integers(1, 3))
    patch = draw(st.integers(1, 4))
    shuffle = draw(st.integers(1, 3))
    if runnable:
        width = 4 * vheads * draw(st.integers(1, 2))
        side = shuffle * draw(st.integers(1, 2))
        adapter = draw(st.integers(1, 12))
        widths = {"intermediate_size": shuffle**2 * width, "projector_input_dim": adapter,
                  "projector_output_dim": adapter, "vision_output_dim": adapter}
    else:
        # heads at least 2 wide: narrower, transformers' rotary table divides by zero
        width = vheads * draw(st.integers(2, 4)) + draw(st.integers(0, vheads - 1))
        side = draw(st.integers(1, 5))
        widths = {k: draw(st.integers(1, 16)) for k in (
            "intermediate_size", "projector_input_dim", "projector_output_dim",
            "vision_output_dim")}
    vision = {"hidden_size": width, "num_attention_heads": vheads,
              "num_hidden_layers": draw(st.integers(1, 2)), "patch_size": patch,
              "image_size": patch * side + draw(st.integers(0, patch - 1)),
              "num_channels": draw(st.integers(1, 3)), "pixel_shuffle_ratio": 1 / shuffle,
              **widths}
    return {"model_type": "llama4", "architectures": [CLS], "text_config": text,
            "vision_config": vision, "image_token_index": text["vocab_size"] - 1,
            "tie_word_embeddings": draw(st.booleans())}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small())
def test_tensor_by_tensor(config: dict[str, Any]) -> None:
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, CLS)


@pytest.mark.parametrize("sections", [
    {}, {"vision_config": {}, "text_config": {}},
    {"vision_config": {"patch_size": 16, "hidden_size": 24},
     "text_config": {"vocab_size": 9, "num_hidden_layers": 2}}])
def test_a_file_that_leaves_its_sections_out(sections: dict[str, Any]) -> None:
    """No text_config: Llama4TextConfig's defaults (5,120 wide, 48 layers of 16 experts); no
    vision_config: Llama4VisionConfig's (768 wide, 34 layers, 448 pixels in 14-pixel patches)."""
    config = {"model_type": "llama4", "architectures": [CLS], **sections}
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, CLS)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small(runnable=True), st.integers(0, 2), st.integers(1, 2), st.integers(1, 5))
def test_flops_at_each_number_of_images(config: dict[str, Any], count: int, batch: int,
                                        seq: int) -> None:
    """The vision encoder on B·K images of ⌊R/P⌋² + 1 positions, the adapter and projector on
    each image's (⌊R/P⌋/m)² tokens, the language model on s text tokens and those: torch's
    counter on the real class (eager attention, every expert on every token)."""
    from tests.test_flops import counted

    m = symparam.from_hf_config(config)
    assert compute(m, seq=seq, batch=batch, images=count).flops == \
        counted(config, CLS, batch, seq, images=count)


def test_an_image_becomes_its_shuffled_grid() -> None:
    """Scout's tile: 336 pixels in 14-pixel patches are 24 × 24 = 576 patches; a ratio of 0.5
    lays each 2 × 2 block into one token: 144, what the real adapter gives and what
    Llama4Processor writes (⌊R/P⌋² // round(1/r²) <|patch|> tokens a tile)."""
    published = json.loads(SCOUT.read_text(encoding="utf-8"))
    vision = transformers.Llama4VisionConfig(**{
        k: v for k, v in published["vision_config"].items() if k != "model_type"})
    with torch.device("meta"):
        adapter = transformers.models.llama4.modeling_llama4.Llama4VisionPixelShuffleMLP(vision)
        made = adapter(torch.zeros((1, 576, 1408)))
    processor = transformers.Llama4Processor.__new__(transformers.Llama4Processor)
    # what Llama4Processor.__init__ sets (it needs a tokenizer to run): 1/r², rounded
    processor.downsample_ratio = round(1.0 / (vision.pixel_shuffle_ratio**2))
    processor.patch_size = vision.patch_size
    written = processor.replace_image_token(
        {"pixel_values": [torch.zeros((1, 3, 336, 336))], "aspect_ratios": [(1, 1)]}, 0)
    reading = images.reading(symparam.model("llama-4-scout-17b-16e"), 3)
    assert made.shape[1] == written.count("<|patch|>") == reading.per_image == 144
    assert reading.patches == 576 and reading.tokens == 432


def test_the_text_config_ties_the_head() -> None:
    """transformers ties language_model.lm_head to the token table by the text config's
    tie_word_embeddings; the composite config's own key is not read."""
    text = {"vocab_size": 11, "hidden_size": 8, "intermediate_size": 4,
            "intermediate_size_mlp": 4, "num_hidden_layers": 1, "num_attention_heads": 2,
            "num_key_value_heads": 1, "head_dim": 4, "num_local_experts": 2}
    vision = {"hidden_size": 8, "num_attention_heads": 2, "num_hidden_layers": 1,
              "image_size": 8, "patch_size": 4}
    for top, inner in ((True, False), (False, True), (None, None)):
        config: dict[str, Any] = {"model_type": "llama4", "architectures": [CLS],
                                  "vision_config": vision, "text_config": dict(text)}
        if top is not None:
            config["tie_word_embeddings"] = top
            config["text_config"]["tie_word_embeddings"] = inner
        real = oracle.from_config(config, CLS)
        assert oracle.ours(symparam.from_hf_config(config)) == real
        assert ("language_model.lm_head.weight" in real) == (not inner)


def test_what_transformers_cannot_run_is_counted_but_not_run() -> None:
    """A ratio that is not 1/m (0.3) holds the same weights but makes no whole grid (m is
    left for the caller to bind, and the FLOPs name the ratio); m not
    dividing the patch grid's side (7 × 7 patches, 2 × 2 blocks) and adapter widths that do
    not follow one another fail in transformers' forward: each is counted, its FLOPs refused
    by name."""
    base = json.loads(SCOUT.read_text(encoding="utf-8"))
    for change, said in (({"pixel_shuffle_ratio": 0.3}, "pixel_shuffle_ratio is 0.3"),
                         ({"image_size": 98}, "cannot run with m"),
                         ({"projector_output_dim": 2048}, "cannot run with d_adp")):
        config = {**base, "vision_config": {**base["vision_config"], **change}}
        config["text_config"] = {**base["text_config"], "num_hidden_layers": 1,
                                 "moe_layers": [0], "no_rope_layers": [1]}
        config["vision_config"]["num_hidden_layers"] = 1
        m = symparam.from_hf_config(config)
        assert oracle.ours(m) == oracle.from_config(config, CLS)
        with pytest.raises(symparam.SymparamError, match=said):
            compute(m, seq=4)


def test_the_preset_is_the_published_file() -> None:
    """llama-4-scout-17b-16e is the composite of tests/configs/fitted's copy of Scout's
    config.json (its sizes; the per-layer lists left to their defaults, which they equal):
    108,641,793,536 parameters, as transformers builds them tensor by tensor, the card's
    "109B (Total)" rounded; the vision encoder and its adapter are 850,960,896 of them."""
    published = json.loads(SCOUT.read_text(encoding="utf-8"))
    m = symparam.model("llama-4-scout-17b-16e")
    real = oracle.from_config(published, CLS)
    assert oracle.ours(m) == real == oracle.ours(symparam.from_hf_config(published))
    total = sum(math.prod(shape) for shape in real.values())
    tower = sum(math.prod(shape) for name, shape in real.items()
                if name.startswith("vision_model."))
    assert figures(m)["total"] == m.count() == total
    assert figures(m)["vision_tower"] == tower
    assert round(total / 1e9) == 109


def test_the_presets_images_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["flops", "llama-4-scout-17b-16e", "--seq", "10", "--images", "3",
                 "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["images"]["count"] == 3
    assert record["images"]["image_tokens"] == 3 * (336 // 14 // 2) ** 2
    assert record["flops"] == compute(symparam.model("llama-4-scout-17b-16e"), seq=10,
                                      images=3).flops


TINY = {"model_type": "llama4", "architectures": [CLS],
        "text_config": {"vocab_size": 37, "hidden_size": 16, "intermediate_size": 8,
                        "intermediate_size_mlp": 12, "num_hidden_layers": 3,
                        "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 4,
                        "num_local_experts": 3, "no_rope_layer_interval": 2,
                        "attention_chunk_size": 3,
                        "pad_token_id": 0},
        "vision_config": {"hidden_size": 8, "intermediate_size": 32, "num_hidden_layers": 1,
                          "num_attention_heads": 2, "image_size": 17, "patch_size": 4,
                          "projector_input_dim": 6, "projector_output_dim": 6,
                          "vision_output_dim": 6},
        "image_token_index": 36}


@pytest.mark.parametrize(("count", "batch", "seq"), [(0, 1, 3), (1, 2, 2), (2, 1, 1), (1, 1, 4)])
def test_the_cache_and_a_decoding_step_after_images(count: int, batch: int, seq: int) -> None:
    """After a prompt with images the cache holds their 2 × 2 tokens each too (17 pixels in
    patches of 4: 4 × 4 patches, shuffled 2 × 2), a chunked layer its last W_chunk − 1
    positions, and one new token attends over them: the numbers the real cache holds (small
    real weights, eager attention and experts) and the FLOPs torch's counter sees for the
    step."""
    m = oracle.check_decoding_after_images(TINY, count, batch, seq)
    assert m.value_of(m.tree.tokens) == 4


@pytest.mark.parametrize(("ratio", "shown"), [(0.3, "0.3"), (2, "2"), (0, "0"), ("x", '"x"'),
                                              (None, "null")])
def test_a_shuffle_ratio_not_one_over_m_is_refused_in_one_line(
        ratio: Any, shown: str, tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """A pixel_shuffle_ratio that is not 1/m for a whole number m: the parameters do not need
    it (they are counted), the tokens an image becomes do — flops and memory say so in one
    line naming the key and its value, exit 2, and print nothing else; with m bound by hand
    the FLOPs are derived."""
    config = tmp_path / "config.json"
    config.write_text(json.dumps({**TINY, "vision_config": {**TINY["vision_config"],
                                                            "pixel_shuffle_ratio": ratio}}))
    assert main(["count", str(config)]) == 0
    capsys.readouterr()
    for command in ("flops", "memory"):
        assert main([command, str(config), "--seq", "4"]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err.strip() == (f"symparam: error: {config}: vision_config.pixel_shuffle_ratio "
                               f"is {shown}; symparam derives the tokens an image becomes where "
                               "it is 1/m for a whole number m, the side of the blocks of "
                               "patches the pixel shuffle lays into one token (0.5: m = 2)")
    assert main(["flops", str(config), "--seq", "4", "--set", "m=2"]) == 0
