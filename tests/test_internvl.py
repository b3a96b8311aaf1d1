"""InternVL (``internvl``: the InternViT tower with layer scale, the pixel-shuffle projector, a
Qwen2, Qwen3 or LLaMA decoder) against transformers: both classes tensor by tensor on drawn
configs and on the defaults of a file that leaves its sections out, FLOPs against
FlopCounterMode at 0, 1 and 2 images a sequence (eager attention), the tokens an image becomes,
the refusals (a text model symparam does not build here, and what transformers builds but
cannot run: a ratio its shuffle cannot take, another feature strategy, a feature layer it
cannot index, a grid the shuffle cannot lay), the cache after images, and ``--images`` on the
command line."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam import images
from symparam.cli import main
from symparam.compute import compute
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

CLASSES = ("InternVLForConditionalGeneration", "InternVLModel")
TEXT_MODELS = ("qwen2", "qwen3", "llama")


@st.composite
def small(draw: st.DrawFn, runnable: bool = False) -> dict[str, Any]:
    """A small InternVL: any of the three language models, grouped heads or not, heads of
    their own size or H/h, biases or not; the tower's norms, q/k norms, biases, mask token,
    position table and final norm each on or off; a ratio of 1, 1/2 or 1/4; any image side (a
    partial last patch or not; to run, a grid the shuffle lays), an image and a patch as one
    number or two; a tied head or not."""
    kv = draw(st.integers(1, 2))
    heads = kv * draw(st.integers(1, 2))
    width = 2 * heads * draw(st.integers(1, 3))
    vheads = draw(st.integers(1, 3))
    patch = draw(st.integers(1, 3))
    shuffle = draw(st.sampled_from((1, 2, 4)))
    side = shuffle * draw(st.integers(1, 2)) if runnable else draw(st.integers(1, 5))
    image = patch * side + draw(st.integers(0, patch - 1))
    vocab = draw(st.integers(4, 40))
    text = {"model_type": draw(st.sampled_from(TEXT_MODELS)), "vocab_size": vocab,
            "hidden_size": width, "intermediate_size": draw(st.integers(1, 24)),
            "num_hidden_layers": draw(st.integers(1, 2)), "num_attention_heads": heads,
            "num_key_value_heads": kv, "attention_bias": draw(st.booleans()),
            "mlp_bias": draw(st.booleans())}
    if draw(st.booleans()):
        text["head_dim"] = 2 * draw(st.integers(1, 3))
    pair = draw(st.booleans())
    vision = {"hidden_size": vheads * draw(st.integers(1, 4)), "num_attention_heads": vheads,
              "intermediate_size": draw(st.integers(1, 16)),
              "num_hidden_layers": draw(st.integers(1, 2)),
              "patch_size": [patch, patch] if pair else patch,
              "image_size": [image, image] if pair else image,
              "num_channels": draw(st.integers(1, 3)),
              "attention_bias": draw(st.booleans()), "use_qk_norm": draw(st.booleans()),
              "norm_type": draw(st.sampled_from(("layer_norm", "rms_norm"))),
              "use_mask_token": draw(st.booleans()),
              "use_absolute_position_embeddings": draw(st.booleans()),
              "use_mean_pooling": draw(st.booleans())}
    return {"model_type": "internvl", "architectures": [draw(st.sampled_from(CLASSES))],
            "text_config": text, "vision_config": vision, "downsample_ratio": 1 / shuffle,
            "image_token_id": vocab - 1, "tie_word_embeddings": draw(st.booleans())}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small())
def test_every_class_tensor_by_tensor(config: dict[str, Any]) -> None:
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, m.label)


@pytest.mark.parametrize("cls", CLASSES)
def test_a_file_that_leaves_its_sections_out(cls: str) -> None:
    """No text_config: Qwen2's defaults (InternVLConfig's text model); no vision_config:
    InternViT-300M's (1,024 wide, 24 layers, 448 pixels in 14-pixel patches); either written
    empty the same — and a file that writes one key of each, or names LLaMA or Qwen3 with
    nothing else (their own defaults)."""
    for sections in ({}, {"vision_config": {}, "text_config": {}},
                     {"vision_config": {"patch_size": 28}, "text_config": {"vocab_size": 9}},
                     {"text_config": {"model_type": "llama", "num_hidden_layers": 1}},
                     {"text_config": {"model_type": "qwen3", "num_hidden_layers": 1}}):
        config = {"model_type": "internvl", "architectures": [cls], **sections}
        m = symparam.from_hf_config(config)
        assert oracle.ours(m) == oracle.from_config(config, cls)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small(runnable=True), st.integers(0, 2), st.integers(1, 2), st.integers(1, 6))
def test_flops_at_each_number_of_images(config: dict[str, Any], images: int, batch: int,
                                        seq: int) -> None:
    """The vision tower on B·K images of ⌊R/P⌋² + 1 tokens, the projector on each image's
    (⌊R/P⌋/m)² shuffled tokens, the language model on s text tokens and those: torch's counter
    on the real class (meta device, eager attention)."""
    from tests.test_flops import counted

    m = symparam.from_hf_config(config)
    assert compute(m, seq=seq, batch=batch, images=images).flops == \
        counted(config, m.label, batch, seq, images=images)


def test_an_image_becomes_its_shuffled_grid() -> None:
    """34 pixels in patches of 4 are 8 × 8 patches (the last 2 pixels left out), shuffled
    4 × 4 (a ratio of 1/4): 2 × 2 = 4 tokens an image, what the real projector gives and the
    processor's rule says (image_seq_length = (⌊R/P⌋ · downsample_ratio)²)."""
    config = {"model_type": "internvl", "downsample_ratio": 0.25,
              "vision_config": {"image_size": 34, "patch_size": 4, "hidden_size": 8,
                                "intermediate_size": 8, "num_hidden_layers": 1,
                                "num_attention_heads": 2},
              "text_config": {"hidden_size": 16, "intermediate_size": 8, "vocab_size": 11,
                              "num_hidden_layers": 1, "num_attention_heads": 2,
                              "num_key_value_heads": 2}}
    hf = transformers.AutoConfig.for_model("internvl", **{
        k: v for k, v in config.items() if k != "model_type"})
    with torch.device("meta"):
        real = transformers.InternVLModel(hf)
        features = real.get_image_features(torch.zeros((1, 3, 34, 34))).pooler_output
    m = symparam.from_hf_config(config)
    reading = images.reading(m, 3)
    assert features.shape[1] == int(8 * 0.25) ** 2 == reading.per_image == 4
    assert reading.patches == 64 and reading.tokens == 12


def _runs(config: dict[str, Any]) -> bool:
    """Whether the real model runs a forward pass with one image (meta device)."""
    try:
        oracle.forward(config, "InternVLModel", 1, 2, None, lambda model: _Nothing(),
                       eager=True)
    except (RuntimeError, ValueError, TypeError, IndexError):
        return False
    return True


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


TINY = {"model_type": "internvl", "architectures": ["InternVLForConditionalGeneration"],
        "text_config": {"vocab_size": 37, "hidden_size": 16, "intermediate_size": 24,
                        "num_hidden_layers": 2, "num_attention_heads": 4,
                        "num_key_value_heads": 2},
        "vision_config": {"hidden_size": 12, "intermediate_size": 20, "num_hidden_layers": 2,
                          "num_attention_heads": 3, "image_size": 13, "patch_size": 3},
        "downsample_ratio": 0.5, "image_token_id": 36}


@pytest.mark.parametrize(("key", "value", "said"), [
    ("downsample_ratio", 0.3, "downsample_ratio = 0.3"),
    ("downsample_ratio", 1 / 3, "1/m, m a power of two"),
    ("vision_feature_select_strategy", "full", 'vision_feature_select_strategy "full"'),
    ("vision_feature_layer", [-1, -2], "vision_feature_layer must be the number"),
    ("vision_feature_layer", 3, "vision_feature_layer must be the number"),
])
def test_what_transformers_cannot_run_is_refused_by_name(key: str, value: Any, said: str
                                                         ) -> None:
    """Each refused file is one transformers builds but whose forward pass fails (checked
    here), and the same file with the key at its default runs and is counted."""
    assert _runs(TINY)
    assert symparam.from_hf_config(TINY).count() == \
        sum(p.numel() for p in _built(TINY).parameters())
    config = {**TINY, key: value}
    with pytest.raises(symparam.SymparamError, match=re.escape(said)):
        symparam.from_hf_config(config)
    assert not _runs(config)


def _built(config: dict[str, Any]) -> Any:
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    with torch.device("meta"):
        return transformers.InternVLForConditionalGeneration(
            transformers.AutoConfig.for_model("internvl", **data))


def test_a_grid_the_shuffle_cannot_lay_counts_but_does_not_run() -> None:
    """13 pixels in patches of 3 are 4 × 4 patches, which a ratio of 1/8 cannot shuffle:
    transformers builds the model (it is counted) but its forward pass fails."""
    config = {**TINY, "downsample_ratio": 0.125}
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, m.label)
    with pytest.raises(symparam.SymparamError, match="cannot run with m"):
        compute(m, seq=4)
    assert not _runs(config)


def test_a_square_image_and_patch_only() -> None:
    """An image or a patch of two different sides is refused by name (symparam counts square
    ones); two equal sides are the one number."""
    vision = TINY["vision_config"]
    pair = {**TINY, "vision_config": {**vision, "image_size": [13, 13], "patch_size": [3, 3]}}
    assert symparam.from_hf_config(pair).count() == symparam.from_hf_config(TINY).count()
    for key in ("image_size", "patch_size"):
        wide = {**TINY, "vision_config": {**vision, key: [vision[key], vision[key] + 1]}}
        with pytest.raises(symparam.SymparamError, match=f"vision_config.{key} must be one side"):
            symparam.from_hf_config(wide)


@pytest.mark.parametrize("named", ["mistral", "qwen2_moe"])
def test_another_text_model_is_refused_by_name(named: str) -> None:
    with pytest.raises(symparam.SymparamError,
                       match=re.escape(f'text_config.model_type "{named}"')):
        symparam.from_hf_config({"model_type": "internvl", "text_config": {"model_type": named}})


def test_only_the_composite_key_ties_the_head() -> None:
    """InternVL ties its head by default (its config's own tie_word_embeddings, true); the
    text config's key changes nothing, the composite's false unties it."""
    text = {"vocab_size": 11, "hidden_size": 8, "intermediate_size": 8, "num_hidden_layers": 1,
            "num_attention_heads": 2, "num_key_value_heads": 1}
    for config, tied in (({"text_config": {**text, "tie_word_embeddings": False}}, True),
                         ({"text_config": {**text, "tie_word_embeddings": True},
                           "tie_word_embeddings": False}, False)):
        full = {"model_type": "internvl", "architectures": [CLASSES[0]], **config}
        real = oracle.from_config(full, CLASSES[0])
        assert oracle.ours(symparam.from_hf_config(full)) == real
        assert ("lm_head.weight" in real) != tied


def test_the_images_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    """448-pixel tiles in 14-pixel patches, shuffled 2 × 2 (InternVLConfig's own): 32 × 32 =
    1,024 patches, 256 tokens each (the processor's default image_seq_length)."""
    import inspect

    from transformers.models.internvl.processing_internvl import InternVLProcessor
    default = inspect.signature(InternVLProcessor.__init__).parameters["image_seq_length"]
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"model_type": "internvl",
                                  "text_config": {"num_hidden_layers": 1},
                                  "vision_config": {"num_hidden_layers": 1}}))
    assert main(["flops", str(config), "--seq", "10", "--images", "2"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # as read, not as wrapped
    assert "each is 1,024 patches (32×32)" in out and f"becomes {default.default} tokens" in out
    assert f"{2 * default.default} image tokens" in out


@pytest.mark.parametrize(("images", "batch", "seq"), [(0, 1, 3), (1, 2, 2), (2, 1, 1)])
def test_the_cache_and_a_decoding_step_after_images(images: int, batch: int, seq: int) -> None:
    """After a prompt with images the cache holds their 2 × 2 tokens each too (13 pixels in
    patches of 3: 4 × 4 patches, shuffled 2 × 2), and one new token attends over them: the
    numbers the real cache holds (small real weights, eager attention) and the FLOPs torch's
    counter sees for the step."""
    m = oracle.check_decoding_after_images(TINY, images, batch, seq)
    assert m.value_of(m.tree.tokens) == 4


@st.composite
def tower(draw: st.DrawFn) -> dict[str, Any]:
    """A small internvl_vision file (the tower alone): the tower's keys of :func:`small` at the
    top of the file."""
    vision = draw(small())["vision_config"]
    return {"model_type": "internvl_vision", "architectures": ["InternVLVisionModel"],
            **vision}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tower(), st.integers(1, 2))
def test_the_tower_alone_tensor_by_tensor_and_its_flops(config: dict[str, Any],
                                                        batch: int) -> None:
    """InternVLVisionModel on B images of ⌊R/P⌋² + 1 tokens: its tensors, and its FLOPs
    against torch's counter (the image fixes the sequence)."""
    from tests.test_flops import counted

    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, "InternVLVisionModel")
    assert compute(m, batch=batch).flops == counted(config, "InternVLVisionModel", batch, 1)


def test_the_tower_alone_with_its_defaults_is_internvit_300m() -> None:
    """An internvl_vision file of defaults: InternVLVisionConfig's InternViT-300M (24 layers of
    1,024, 448-pixel images in 14-pixel patches, no q/k/v biases), as the real class counts it,
    and the tower inside a default internvl file the same tensors."""
    config = {"model_type": "internvl_vision"}
    m = symparam.from_hf_config(config)
    real = oracle.from_config(config, "InternVLVisionModel")
    assert oracle.ours(m) == real
    whole = oracle.from_config({"model_type": "internvl"}, "InternVLModel")
    inside = {name.removeprefix("vision_tower."): shape for name, shape in whole.items()
              if name.startswith("vision_tower.")}
    assert inside == real


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "256 tokens a tile"), ("zh", "每个图块得到 256 个词元"),
    ("ko", "타일 하나는 토큰 256개가 되며")])
def test_the_derivation_says_an_images_tokens(lang: str, said: str,
                                              capsys: pytest.CaptureFixture[str],
                                              tmp_path: Any) -> None:
    """The FLOPs section of the derivation says, in each language, the tokens each 448-pixel
    tile becomes: (448/14 · 1/2)² = 256."""
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"model_type": "internvl",
                                  "text_config": {"num_hidden_layers": 1},
                                  "vision_config": {"num_hidden_layers": 1}}))
    assert main(["derive", str(config), "--flops", "--seq", "10", "--lang", lang]) == 0
    assert said in capsys.readouterr().out


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "256 tokens a tile, $r_{\\mathrm{img}}$ = 16 to a side"),
    ("zh", "每个图块得到 256 个词元，排成每边 $r_{\\mathrm{img}}$ = 16 个的方阵"),
    ("ko", "(한 변에 $r_{\\mathrm{img}}$ = 16개씩 놓인 정사각형)")])
def test_the_flops_write_a_tiles_side_as_one_symbol(lang: str, said: str,
                                                     capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Any) -> None:
    """The FLOPs of the derivation write the side of a tile's tokens, ⌊⌊R/P⌋/m⌋ (a floor in a
    floor, in nearly every term: taller than a page), as r_img, which the images sentence
    binds: 448/14 = 32 patches a side, shuffled 2 × 2 into 16."""
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"model_type": "internvl",
                                  "text_config": {"num_hidden_layers": 1},
                                  "vision_config": {"num_hidden_layers": 1}}))
    assert main(["derive", str(config), "--flops", "--seq", "10", "--lang", lang]) == 0
    document = capsys.readouterr().out
    assert said in document
    compute = document[document.index(said):]
    assert "r_{\\mathrm{img}}^{2}" in compute
    assert not re.search(r"\\left\\lfloor \\frac{\\left\\lfloor", compute)
