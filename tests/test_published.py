"""Real config.json files as their authors published them (tests/configs/), counted exactly.

Every file in tests/configs/ is counted against the class it names, built by transformers on the
meta device, and read again as transformers 5 writes it back (``save_pretrained`` spells
Qwen3-MoE's experts ``num_local_experts``); the dense ones' FLOPs are checked against
FlopCounterMode too. For some, the figure transformers gives is also quoted here (from the
issue that found the model miscounted, or when the file was added). Adding a model's
published config.json to the folder adds it to these tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import symparam
from symparam.catalog import model_types
from tests.tools import need

oracle = need("tests.oracle")

CONFIGS = Path(__file__).parent / "configs"

#: every published config.json kept for these tests
FILES = sorted(p.name for p in CONFIGS.glob("*.json"))

#: file → what transformers counts for the class the file names, as quoted
PUBLISHED = {
    "qwen3-30b-a3b.json": 30_532_122_624,
    "qwen3-235b-a22b.json": 235_093_634_560,
    "electra-base-discriminator.json": 109_483_009,
    "starcoder2-3b.json": 3_030_371_328,
    "phi-2.json": 2_779_683_840,
    "gemma-3-1b-pt.json": 999_885_952,
    "granite-3.3-8b-instruct.json": 8_170_864_640,
    "command-r-08-2024.json": 32_296_476_672,
    "clip-vit-base-patch32.json": 151_277_313,  # the figure commonly cited for CLIP ViT-B/32
    "siglip-base-patch16-224.json": 203_155_970,
    "whisper-small.json": 241_734_912,
}


def _real(config: dict) -> int:
    """What transformers counts for the file: its class, or for a class of the authors' own
    code that transformers does not define (MPT-7B's ``MPTForCausalLM``), the class the record
    counts instead (transformers' auto classes build that one for the file's model_type)."""
    hf = oracle.transformers.AutoConfig.for_model(**config)
    named = config["architectures"][0]
    named = model_types()[config["model_type"]].aliases.get(named, named)
    cls = getattr(oracle.transformers, named)
    with oracle.torch.device("meta"):
        return cls(hf).num_parameters()


@pytest.mark.parametrize("name", FILES)
def test_published_config_counts_exactly(name: str) -> None:
    path = CONFIGS / name
    config = json.loads(path.read_text(encoding="utf-8"))
    real = _real(config)
    assert symparam.from_hf_config(str(path)).count() == real
    assert PUBLISHED.get(name, real) == real


@pytest.mark.parametrize("name", FILES)
def test_published_config_as_transformers_writes_it(name: str) -> None:
    config = json.loads((CONFIGS / name).read_text(encoding="utf-8"))
    hf = oracle.transformers.AutoConfig.for_model(**config)
    written = json.loads(hf.to_json_string(use_diff=False))
    written["architectures"] = config["architectures"]
    assert symparam.from_hf_config(written).count() == _real(config)


@pytest.mark.sweep
@pytest.mark.parametrize("name", FILES)
def test_published_config_flops(name: str) -> None:
    """The forward FLOPs of each dense published model against FlopCounterMode (meta device,
    a few tokens: the formula is exact in s, so a short sequence checks every term; an
    encoder–decoder's decoder writes a target of its own length)."""
    from symparam.compute import compute
    from tests.test_flops import counted

    config = json.loads((CONFIGS / name).read_text(encoding="utf-8"))
    if oracle.routed(config["model_type"]):
        pytest.skip("a router reads values: routed models are checked small, on the CPU")
    m = symparam.from_hf_config(config)
    target = 3 if oracle.takes_target(config, m.label) else None  # an encoder–decoder's
    seq = None if m.sequence is not None else 5  # an image fixes its own sequence
    assert compute(m, seq=seq, batch=2, target_seq=target).flops == \
        counted(config, m.label, 2, 5, target)


def test_qwen3_moe_reads_its_head_size_and_expert_spelling() -> None:
    m = symparam.from_hf_config(str(CONFIGS / "qwen3-30b-a3b.json"))
    assert m.values["d_head"] == 128 and m.values["E"] == 128
    assert m.config_keys["d_head"] == "head_dim" and m.config_keys["E"] == "num_experts"
    respelled = json.loads((CONFIGS / "qwen3-30b-a3b.json").read_text(encoding="utf-8"))
    respelled["num_local_experts"] = respelled.pop("num_experts")
    m = symparam.from_hf_config(respelled)
    assert m.count() == PUBLISHED["qwen3-30b-a3b.json"]
    assert m.config_keys["E"] == "num_local_experts"


def test_mpt_7b_names_its_authors_class() -> None:
    """MPT-7B's file names MosaicML's own class, which transformers does not define; its auto
    classes build MptForCausalLM for the file, and so does symparam (6.7B on the model card)."""
    m = symparam.from_hf_config(str(CONFIGS / "mpt-7b.json"))
    assert m.label == "MptForCausalLM" and m.count() == 6_649_286_656


def test_mt5_base_ties_its_lm_head_as_transformers_5_does() -> None:
    """mT5-base's file says ``tie_word_embeddings: false`` and its checkpoint holds an LM head
    of its own (Xue et al. 2021 count 580M with it), but transformers 5 ties the head to
    ``shared`` whatever the file says: it counts one V×H table fewer, and so does symparam."""
    m = symparam.from_hf_config(str(CONFIGS / "mt5-base.json"))
    assert m.count() == 390_315_264
    assert m.count() + m.values["V"] * m.values["H"] == 582_401_280  # the paper's "580M"


def test_whisper_small_counts_its_frozen_encoder_positions() -> None:
    """whisper-small's file (as OpenAI published it on the Hub): transformers counts the
    encoder's sinusoidal position table (1500 × 768, an ``nn.Embedding`` it freezes) among the
    parameters, and ties proj_out to the decoder's token table: 241,734,912, which Radford et
    al. 2022 (Table 1) round to "244M"; the preset is the same model."""
    m = symparam.from_hf_config(str(CONFIGS / "whisper-small.json"))
    assert m.count() == PUBLISHED["whisper-small.json"] == symparam.model("whisper-small").count()
    parts = {part.name: part for part in m.parts()}
    assert m.value_of(parts["model.encoder.embed_positions"].formula) == 1500 * 768
    assert abs(m.count() - 244_000_000) / 244_000_000 < 0.01
