"""The figures the real classes give, computed by the engine from the blocks.

The expected values are what transformers' classes report (``sum(p.numel() ...)`` for the
released configurations); test_oracle.py checks the same presets tensor by tensor.
"""

from __future__ import annotations

import pytest

import symparam

PUBLISHED_BY_TRANSFORMERS = {
    "bert-base-uncased": 109_482_240,
    "bert-base-chinese": 102_267_648,
    "bert-large-uncased": 335_141_888,
    "gpt2": 124_439_808,
    "gpt2-medium": 354_823_168,
    "gpt2-large": 774_030_080,
    "gpt2-xl": 1_557_611_200,
    "bloom-560m": 559_214_592,
    "bloom-1b4-zh": 1_303_111_680,
    "llama-2-7b": 6_738_415_616,
    "llama-3-8b": 8_030_261_248,
    "toy-net": 3_145_728,
    "gpt-1": 116_534_784,
    "gpt-j-6b": 6_050_882_784,
    "gpt-neo-1.3b": 1_315_575_808,
    "santacoder": 1_124_886_528,
    "mpt-7b": 6_649_286_656,
    "deberta-v3-base": 183_831_552,
    "all-mpnet-base-v2": 109_486_464,
    "modernbert-base": 149_655_232,
    "camembert-base": 110_655_493,
    "dinov2-base": 86_580_480,
    "convnext-tiny-224": 28_589_128,
    "mamba-130m": 129_135_360,
    "falcon-mamba-7b": 7_272_665_088,
    "deepseek-v2-lite": 15_706_484_224,
    "qwen3-next-80b-a3b": 79_674_391_296,
    "olmoe-1b-7b": 6_919_161_856,
    "jamba-1.5-mini": 51_570_323_328,
    "jamba-v0.1": 51_570_323_328,
    "granite-3.0-3b-a800m": 3_298_793_472,
    "mamba2-2.7b": 2_702_599_680,
    "clip-vit-base-patch32": 151_277_313,
    "siglip-base-patch16-224": 203_155_970,
    # WhisperForConditionalGeneration on the meta device; Radford et al. 2022 round it to 244M
    "whisper-small": 241_734_912,
    # Glm4MoeForCausalLM, Olmo3ForCausalLM and Llama4ForConditionalGeneration (Scout's
    # config.json, its vision encoder included) on the meta device
    "glm-4.5-air": 106_852_245_504,
    "olmo-3-7b": 7_298_011_136,
    "llama-4-scout-17b-16e": 108_641_793_536,
}


@pytest.mark.parametrize(("name", "expected"), PUBLISHED_BY_TRANSFORMERS.items())
def test_preset_counts(name: str, expected: int) -> None:
    assert symparam.model(name).count() == expected


def test_bert_without_pooler_is_seed_001s_figure() -> None:
    assert symparam.model("bert-base-uncased", pooler=False).count() == 108_891_648


def test_bloom_1b4_zh_untied_head_is_seed_002s_itemised_sum() -> None:
    tied = symparam.model("bloom-1b4-zh")
    untied = symparam.model("bloom-1b4-zh", tie_word_embeddings=False)
    assert untied.count() == 1_397_616_640
    (head,) = [c for c in tied.parts() if c.name == "lm_head"]
    assert head.formula == 0
    assert [t.tied_to for t in head.tied] == ["transformer.word_embeddings.weight"]


def test_transformer_base_body_is_torch_nn_transformer() -> None:
    """44,140,544 is torch.nn.Transformer()'s well-known size (checked live in test_oracle)."""
    body = symparam.model("transformer-base", arch="TransformerBody", final_norm=True)
    assert body.count() == 44_140_544


def test_family_count_with_values_equals_preset() -> None:
    family = symparam.model("bert")
    assert family.count(H=768, V=30522, L=512, T=2, N=12, d_ff=3072) == 109_482_240


def test_seed_003_bert_base_chinese_parts() -> None:
    """Seed 003's sub-totals: embeddings 16,622,592; encoder 85,054,464; pooler 590,592."""
    parts = {c.name: c for c in symparam.model("bert-base-chinese").parts()}
    m = symparam.model("bert-base-chinese")
    assert m.value_of(parts["embeddings"].formula) == 16_622_592
    assert m.value_of(parts["encoder.layer"].formula) == 85_054_464
    assert m.value_of(parts["pooler"].formula) == 590_592
