"""PaliGemma (``paligemma``: SigLIP tower, one linear projector, a Gemma decoder) against
transformers: both classes tensor by tensor on drawn configs and on the defaults of a file that
leaves its sections out, FLOPs against FlopCounterMode at 0, 1 and 2 images a sequence, the
tokens an image becomes, the refusals (a text model symparam does not build here, a projection
the language model cannot take), ``--images`` on the command line, and the preset against its
published file."""

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

CONFIGS = Path(__file__).parent / "configs"
CLASSES = ("PaliGemmaForConditionalGeneration", "PaliGemmaModel")


@st.composite
def small(draw: st.DrawFn, runnable: bool = False) -> dict[str, Any]:
    """A small PaliGemma: multi-query or grouped heads, heads of their own size, any image side
    (a partial last patch or not), the vision head or not, a tied head or not, a projection as
    wide as the language model (or, to count only, another width); a Gemma or PaliGemma 2's
    Gemma 2 (a sliding window or none, its layers listed or alternating, scores and logits
    soft-capped or not, its own activation key)."""
    kv = draw(st.integers(1, 2))
    heads = kv * draw(st.integers(1, 2))
    width = draw(st.integers(1, 6)) * heads
    vheads = draw(st.integers(1, 3))
    patch = draw(st.integers(1, 3))
    vocab = draw(st.integers(4, 40))
    text = {"vocab_size": vocab, "hidden_size": width,
            "intermediate_size": draw(st.integers(1, 24)),
            "num_hidden_layers": draw(st.integers(1, 3)), "num_attention_heads": heads,
            "num_key_value_heads": kv, "head_dim": 2 * draw(st.integers(1, 3)),
            "attention_bias": draw(st.booleans())}
    vision = {"hidden_size": vheads * draw(st.integers(1, 4)), "num_attention_heads": vheads,
              "intermediate_size": draw(st.integers(1, 16)),
              "num_hidden_layers": draw(st.integers(1, 2)), "patch_size": patch,
              "image_size": patch * draw(st.integers(1, 4)) + draw(st.integers(0, patch - 1)),
              "num_channels": draw(st.integers(1, 3)), "vision_use_head": draw(st.booleans())}
    if draw(st.booleans()):  # PaliGemma 2: a Gemma 2, its windows, soft-capping, activation
        # (no window: transformers builds it, but its cache cannot run the layers that slide)
        window = st.integers(1, 8) if runnable else st.none() | st.integers(1, 8)
        text.update(model_type="gemma2", sliding_window=draw(window),
                    attn_logit_softcapping=draw(st.none() | st.just(50.0)),
                    final_logit_softcapping=draw(st.none() | st.just(30.0)),
                    hidden_activation=draw(st.sampled_from(["gelu_pytorch_tanh", "silu"])))
        if text["sliding_window"] is not None and draw(st.booleans()):
            text["layer_types"] = draw(st.lists(
                st.sampled_from(["sliding_attention", "full_attention"]),
                min_size=text["num_hidden_layers"], max_size=text["num_hidden_layers"]))
    projection = width if runnable or draw(st.booleans()) else draw(st.integers(1, 12))
    return {"model_type": "paligemma", "architectures": [draw(st.sampled_from(CLASSES))],
            "text_config": text, "vision_config": vision, "projection_dim": projection,
            "image_token_index": vocab - 1, "tie_word_embeddings": draw(st.booleans())}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small())
def test_every_class_tensor_by_tensor(config: dict[str, Any]) -> None:
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, m.label)


@pytest.mark.parametrize("cls", CLASSES)
def test_a_file_that_leaves_its_sections_out(cls: str) -> None:
    """No vision_config: PaliGemma's own tower (SigLIP So400m/14 at 224 pixels, no head); no
    text_config: its Gemma 2B; either written empty: that model type's own defaults (SigLIP's
    base tower with its head, Gemma 7B's sizes) — four files, four models."""
    totals = set()
    for sections in ({}, {"vision_config": {}}, {"text_config": {}},
                     {"vision_config": {}, "text_config": {}}):
        config = {"model_type": "paligemma", "architectures": [cls], **sections}
        m = symparam.from_hf_config(config)
        real = oracle.from_config(config, cls)
        assert oracle.ours(m) == real
        totals.add(m.count())
    assert len(totals) == 4


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small(runnable=True), st.integers(0, 2), st.integers(1, 2), st.integers(1, 6))
def test_flops_at_each_number_of_images(config: dict[str, Any], images: int, batch: int,
                                        seq: int) -> None:
    """The vision tower and projector on B·K images, the language model on s text tokens and
    each image's ⌊R/P⌋² tokens: torch's counter on the real class, meta device."""
    from tests.test_flops import counted

    m = symparam.from_hf_config(config)
    assert compute(m, seq=seq, batch=batch, images=images).flops == \
        counted(config, m.label, batch, seq, images=images)


def test_an_image_becomes_every_patch() -> None:
    """transformers sets num_image_tokens to ⌊R/P⌋² whatever the file says: 30 pixels in
    patches of 4 are 7 × 7 = 49 tokens, the rows the real projector gives an image."""
    config = {"model_type": "paligemma", "architectures": ["PaliGemmaModel"],
              "text_config": {"num_image_tokens": 3},
              "vision_config": {"image_size": 30, "patch_size": 4, "hidden_size": 8,
                                "intermediate_size": 8, "num_hidden_layers": 1,
                                "num_attention_heads": 2, "num_image_tokens": 3}}
    hf = transformers.AutoConfig.for_model("paligemma", **{
        k: v for k, v in config.items() if k not in ("model_type", "architectures")})
    assert hf.text_config.num_image_tokens == 49
    with torch.device("meta"):
        tower = transformers.AutoModel.from_config(hf.vision_config)
        states = tower(torch.zeros((1, 3, 30, 30))).last_hidden_state
    m = symparam.from_hf_config(config)
    reading = images.reading(m, 2)
    assert states.shape[1] == reading.per_image == 49 and reading.tokens == 98


def test_a_projection_the_language_model_cannot_take_counts_but_does_not_run() -> None:
    """projection_dim 4 beside a language model 2,048 wide: transformers builds the model (it
    is counted) but cannot put the images' 4-wide tokens into its sequence."""
    config = {"model_type": "paligemma", "projection_dim": 4}
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, "PaliGemmaModel")
    with pytest.raises(symparam.SymparamError, match="d_proj"):
        compute(m, seq=4)


@pytest.mark.parametrize("cls", CLASSES)
@pytest.mark.parametrize("text", [{"model_type": "gemma2"},
                                  {"model_type": "gemma2", "sliding_window": None},
                                  {"model_type": "gemma2", "attn_logit_softcapping": None,
                                   "final_logit_softcapping": None, "num_hidden_layers": 3}])
def test_paligemma_2_s_gemma_2(cls: str, text: dict[str, Any]) -> None:
    """PaliGemma 2 (a text_config of model_type gemma2, Gemma2Config's defaults for what it
    leaves out): tensor by tensor as transformers builds it — four norms a layer; its windows
    and soft-capping weigh nothing, and are read as Gemma 2 reads them."""
    config = {"model_type": "paligemma", "architectures": [cls], "text_config": text,
              "projection_dim": 2304}
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, cls)
    assert m.options["text_gemma2"]
    assert m.options["window_period"] == (0 if text.get("sliding_window", 1) is None else 2)
    assert m.options["softcap_attention"] == ("attn_logit_softcapping" not in text)


def test_a_gemma_given_a_gemma_2_s_window_counts_but_does_not_run(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """PaliGemma builds the sliding-window masks of a Gemma 2 wherever text_config has a
    sliding_window; a Gemma cannot take them: transformers builds it (it is counted, the key
    weighs nothing) but its forward pass fails, so FLOPs are refused in one line."""
    config = {"model_type": "paligemma", "architectures": [CLASSES[0]],
              "text_config": {"sliding_window": 4}, "projection_dim": 3072}  # Gemma's H
    m = symparam.from_hf_config(config)
    assert oracle.ours(m) == oracle.from_config(config, CLASSES[0])
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert main(["flops", str(path), "--seq", "8"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gemma_window" in err


@pytest.mark.parametrize(("section", "says"), [
    ({"text_config": {"model_type": "llama"}}, 'text_config.model_type "llama"'),
    ({"vision_config": {"model_type": "clip_vision_model"}},
     'vision_config.model_type "clip_vision_model"'),
])
def test_another_text_model_or_tower_is_refused_by_name(section: dict[str, Any],
                                                        says: str) -> None:
    with pytest.raises(symparam.SymparamError, match=says):
        symparam.from_hf_config({"model_type": "paligemma", **section})


def test_the_legacy_gelu_is_the_tanh_gelu() -> None:
    """GemmaConfig turns hidden_act "gelu" into "gelu_pytorch_tanh"; symparam reads it so."""
    config = {"model_type": "paligemma", "text_config": {"hidden_act": "gelu"}}
    hf = transformers.AutoConfig.for_model("paligemma", text_config={"hidden_act": "gelu"})
    assert hf.text_config.hidden_act == "gelu_pytorch_tanh"
    assert symparam.from_hf_config(config).options["activation"] == ""


def test_the_images_line(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    """The default file's 224-pixel images in 14-pixel patches: 16 × 16 = 256 tokens each."""
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"model_type": "paligemma",
                                  "architectures": ["PaliGemmaForConditionalGeneration"]}))
    assert main(["flops", str(config), "--seq", "10", "--images", "2"]) == 0
    out = capsys.readouterr().out
    assert "each is 256 patches (16×16)" in out and "becomes 256 tokens" in out
    assert "512 image tokens" in out


def test_the_preset_is_the_published_file() -> None:
    """paligemma-3b-224 is google/paligemma-3b-pt-224's config.json (tests/configs), counted as
    transformers does on the meta device, tensor by tensor; its vision tower is SigLIP
    So400m/14 without its head, what the preset's note names."""
    published = json.loads((CONFIGS / "paligemma-3b-pt-224.json").read_text(encoding="utf-8"))
    m = symparam.model("paligemma-3b-224")
    assert m.count() == symparam.from_hf_config(published).count()
    real = oracle.from_config(published, m.label)
    assert oracle.ours(m) == real
    tower = sum(math.prod(shape) for name, shape in real.items()
                if name.startswith("model.vision_tower."))
    assert not any(".head." in name for name in real)
    assert figures(m)["vision_tower"] == tower
    assert figures(m)["total"] == sum(math.prod(shape) for shape in real.values())


def test_the_presets_images_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--images and --json on the preset: 224-pixel images in 14-pixel patches, 256 tokens an
    image, the figures those of the API."""
    assert main(["flops", "paligemma-3b-224", "--seq", "10", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["images"]["count"] == 1 and record["images"]["image_tokens"] == (224 // 14) ** 2
    assert record["flops"] == compute(symparam.model("paligemma-3b-224"), seq=10, images=1).flops


TINY = {"model_type": "paligemma", "architectures": ["PaliGemmaForConditionalGeneration"],
        "text_config": {"vocab_size": 37, "hidden_size": 16, "intermediate_size": 24,
                        "num_hidden_layers": 2, "num_attention_heads": 4,
                        "num_key_value_heads": 1, "head_dim": 4},
        "vision_config": {"hidden_size": 12, "intermediate_size": 20, "num_hidden_layers": 1,
                          "num_attention_heads": 3, "image_size": 7, "patch_size": 3},
        "projection_dim": 16, "image_token_index": 36}


@pytest.mark.parametrize(("images", "batch", "seq"), [(0, 1, 3), (1, 2, 2), (2, 1, 1)])
def test_the_cache_and_a_decoding_step_after_images(images: int, batch: int, seq: int) -> None:
    """After a prompt with images the cache holds their 2 × 2 tokens each too, and one new
    token attends over them: the numbers the real cache holds (small real weights, eager
    attention) and the FLOPs torch's counter sees for the step."""
    oracle.check_decoding_after_images(TINY, images, batch, seq)
