"""Chinese and Korean derivations are written in Chinese and Korean: no English prose left
outside code, math and a short list of technical terms people write in Latin script (the
names of models and tools, FLOPs, LayerNorm …), for every model type and every preset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import symparam
from symparam.catalog import model_types
from symparam.presets import presets

#: words a Chinese or Korean technical writer keeps in Latin script
ALLOWED = {
    "FLOPs", "MACs", "LayerNorm", "RMSNorm", "MLP", "SwiGLU", "LM", "head", "MoE", "FFN",
    "GPT", "BERT", "LLaMA", "RoBERTa", "XLM", "ELECTRA", "ALBERT", "DistilBERT", "Transformer",
    "Linear", "Conv1D", "torch", "nn", "thop", "ptflops", "fvcore", "flops", "symparam",
    "fp32", "fp16", "bf16", "int8", "int4", "MiB", "MB", "GiB", "GB", "dtype", "closed", "form",
    "sink", "tanh", "logits", "gate", "up", "down", "BertModel", "MLA", "Phi", "Qwen",
    "Qwen2", "Qwen3", "OLMo", "OLMo2", "Gemma", "Gemma2", "Gemma3", "StarCoder2", "Cohere",
    "StableLM", "SmolLM3", "Granite", "T5", "ViT", "Mixtral", "DeepSeek", "Falcon", "BLOOM",
    "OPT", "NeoX", "Pythia", "v1", "v0", "top-k", "Whisper", "SigLIP",
    # the sizes in a model's name, which Chinese and Korean writers keep (GPT-2 Small, BART-large)
    "Small", "Medium", "Large", "small", "large", "BART-large", "PEGASUS-large",
    # the functions, models and authors the families' explanations name ([explain])
    "SiLU", "softplus", "Mamba", "Falcon-Mamba", "Gu", "Dao", "DeepSeek-V2", "DeepSeek-V3",
    "LLaVA", "LLaVA-1", "Vicuna",  # LLaVA's reading: the model, its version 1.5, its LLaMA
    "Pixtral", "Agrawal",  # Mistral 3's reading: its vision encoder and its paper's author
    # LLaVA-NeXT's reading: its sibling, its papers' authors, its way of reading an image, the
    # language model it names
    "LLaVA-OneVision", "LLaVA-NeXT", "Liu", "Li", "AnyRes", "Mistral",
    # InternVL's reading: its vision encoder, its paper's author, its versions
    "InternViT", "Chen", "InternVL3", "InternVL3.5",
}
_CODE = re.compile(r"`+[^`]*`+")
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$", re.S)
_HUB_ID = re.compile(r"[\w.-]+/[\w.-]+")


def latin_words(text: str, extra: set[str]) -> list[str]:
    """Latin-script words of two letters or more outside code, math and Hugging Face ids
    (``allenai/OLMo-7B-hf``), not allowed; acronyms (MTP, MLA) are names too."""
    text = _HUB_ID.sub(" ", _MATH.sub(" ", _CODE.sub(" ", text)).replace("\\_", "_"))
    words = re.findall(r"[A-Za-z][A-Za-z0-9\-]+", text)
    return sorted({w for w in words if w not in ALLOWED and w not in extra and not w.isupper()})


def _names(m: symparam.Model) -> set[str]:
    """The model's own names (its class, family and preset name) and the citation of its
    published figure (authors and organisations keep their names), in all their pieces."""
    names = {m.name, m.label, m.architecture, m.family.name, m.family.title}
    if m.reported is not None:
        names.add(m.reported.source)
    pieces = {piece for name in names
              for piece in re.findall(r"[A-Za-z][A-Za-z0-9\-]+", name.replace("_", " "))}
    # the proper names in a preset's description and in its figure's note (organisations,
    # products, authors: Google, 8x7B, Jiang)
    note = m.reported.note if m.reported is not None else ""
    described = re.findall(r"[A-Za-z][A-Za-z0-9\-]+", f"{m.description} {note}".replace("_", " "))
    return pieces | {w for w in described if w[0].isupper() or any(c.isdigit() for c in w)}


CASES = [(t, True) for t in sorted(model_types())] + [(p, False) for p in sorted(presets())]


@pytest.mark.parametrize("lang", ["zh", "ko"])
@pytest.mark.parametrize(("name", "symbolic"), CASES, ids=[c for c, _ in CASES])
def test_no_english_prose(name: str, symbolic: bool, lang: str) -> None:
    m = symparam.model(name)
    text = m.derive(symbolic=symbolic).to_markdown(lang=lang)
    assert latin_words(text, _names(m)) == []


def test_the_check_finds_english() -> None:
    assert latin_words("模型：the LM head shares `x.weight` $d_{ff}$", set()) == ["shares", "the"]


CONFIGS = sorted((Path(__file__).parent / "configs").glob("*.json"))


@pytest.mark.parametrize("lang", ["zh", "ko"])
@pytest.mark.parametrize("source", [*(str(p) for p in CONFIGS), "gpt2 N=6"],
                         ids=[*(p.stem for p in CONFIGS), "changed-preset"])
def test_a_config_or_a_changed_preset_is_described_in_the_language(source: str,
                                                                     lang: str) -> None:
    """The "Model:" line of a config.json's derivation, or of a preset the user changed, is a
    sentence of the document's language (it was English in every language)."""
    name, _, change = source.partition(" ")
    m = symparam.model(name, **({} if not change else {change.split("=")[0]:
                                                       int(change.split("=")[1])}))
    assert m.described is not None
    text = m.derive().to_markdown(lang=lang)
    line = next(row for row in text.splitlines() if row.startswith(("模型：", "모델: ")))
    assert latin_words(line, _names(m) | {"config", "json"}) == []  # config.json: a name
