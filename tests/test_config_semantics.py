"""Config values transformers rejects or treats specially: symparam gives the same count as the
real class or a clear error, never a silently different count (docs/config-semantics.md)."""

from __future__ import annotations

import os
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam.catalog import model_types
from symparam.errors import SymparamError
from tests.fuzz.test_fuzz import hostile_configs
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

BERT = {"model_type": "bert", "architectures": ["BertModel"], "hidden_size": 64,
        "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100,
        "num_hidden_layers": 2}
LLAMA = {"model_type": "llama", "architectures": ["LlamaModel"], "hidden_size": 64,
         "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 128,
         "vocab_size": 100, "num_hidden_layers": 2}
GPT2 = {"model_type": "gpt2", "architectures": ["GPT2Model"], "n_embd": 64, "n_head": 4,
        "n_layer": 2, "vocab_size": 100}

#: (config, what symparam does: the words of its error, or None for "counts as transformers")
CASES = {
    "heads do not divide the hidden size": ({**BERT, "num_attention_heads": 3}, "does not divide"),
    "KV heads do not divide the heads": ({**LLAMA, "num_key_value_heads": 3}, "does not divide"),
    "zero layers": ({**BERT, "num_hidden_layers": 0}, "positive integer"),
    "a negative size": ({**BERT, "intermediate_size": -5}, "positive integer"),
    "an empty vocabulary": ({**BERT, "vocab_size": 0}, "positive integer"),
    "a boolean written as a string": ({**LLAMA, "tie_word_embeddings": "false"}, "true or false"),
    "null where a size belongs": ({**BERT, "hidden_size": None}, "is null"),
    "a size written as a float": ({**BERT, "hidden_size": 64.0}, "positive integer"),
    "a size written as a string": ({**BERT, "hidden_size": "64"}, "positive integer"),
    "a boolean where a size belongs": ({**BERT, "num_hidden_layers": True}, "positive integer"),
    "an unknown model_type": ({**BERT, "model_type": "bort"}, "not supported"),
    "a padding row outside its table": (
        {**BERT, "model_type": "roberta", "architectures": ["RobertaModel"],
         "max_position_embeddings": 1}, "not a row"),
    "an odd head size with rotary embeddings": (
        {**LLAMA, "hidden_size": 60, "num_attention_heads": 4}, "multiple of 2"),
    "null KV heads (one per query head)": ({**LLAMA, "num_key_value_heads": None}, None),
    "null head_dim (H/h)": ({**LLAMA, "head_dim": None}, None),
    "null n_inner (4H)": ({**GPT2, "n_inner": None}, None),
    "an explicit head_dim": ({**LLAMA, "head_dim": 32}, None),
    "two spellings of one key, one of them null": (
        {"model_type": "qwen3_moe", "num_local_experts": 8, "num_experts": None}, "is null"),
    "`add_cross_attention` without `is_decoder`": (
        {**BERT, "add_cross_attention": True}, "is_decoder"),
    "StableLM's heads do not divide the hidden size": (
        {**LLAMA, "model_type": "stablelm", "architectures": ["StableLmModel"],
         "num_attention_heads": 3, "num_key_value_heads": 3}, "does not divide"),
    "a head_dim StableLM's attention ignores": (
        {**LLAMA, "model_type": "stablelm", "architectures": ["StableLmModel"],
         "head_dim": 32}, None),
    "StarCoder2's head_dim null or 0 (H // h)": (
        {**LLAMA, "model_type": "starcoder2", "architectures": ["Starcoder2Model"],
         "head_dim": 0}, None),
    "Phi's q/k LayerNorms over heads of another head_dim": (
        {**LLAMA, "model_type": "phi", "architectures": ["PhiModel"], "qk_layernorm": True,
         "head_dim": 32}, "cannot run"),
    "a class the authors' own code defines, not transformers": (
        {"model_type": "mpt", "architectures": ["MPTForCausalLM"], "d_model": 64, "n_heads": 4,
         "n_layers": 2, "vocab_size": 100}, None),
    "MPT's `expansion_ratio` and `no_bias`": (
        {"model_type": "mpt", "architectures": ["MptModel"], "d_model": 64, "n_heads": 4,
         "n_layers": 2, "vocab_size": 100, "expansion_ratio": 2, "no_bias": False}, None),
    "a one-row word or position table (MPNet)": (
        {"model_type": "mpnet", "vocab_size": 1}, "pads this table with row 1"),
    "GPT-Neo's `attention_types` not as deep as `num_layers`": (
        {"model_type": "gpt_neo", "num_layers": 2}, "gives 24 layers but there are 2"),
    "or a kind but global and local": (
        {"model_type": "gpt_neo", "attention_types": [[["global", "sparse"], 12]]},
        '"global" and "local"'),
    "ModernBERT's `layer_types` not one per layer": (
        {"model_type": "modernbert", "num_hidden_layers": 2, "layer_types": ["full_attention"]},
        "lists 1 layers but there are 2"),
    "DeBERTa's `position_buckets` ≤ 0": (
        {"model_type": "deberta-v2", "architectures": ["DebertaV2Model"], "hidden_size": 64,
         "num_attention_heads": 4, "intermediate_size": 32, "num_hidden_layers": 1,
         "vocab_size": 100, "relative_attention": True, "position_buckets": -1,
         "max_relative_positions": 0}, None),
    "DeBERTa's `attention_head_size` with h·d_head ≠ H, `pooler_hidden_size` ≠ H": (
        {"model_type": "deberta-v2", "architectures": ["DebertaV2ForSequenceClassification"],
         "hidden_size": 64, "num_attention_heads": 4, "intermediate_size": 32,
         "num_hidden_layers": 1, "vocab_size": 100, "attention_head_size": 8,
         "pooler_hidden_size": 32}, None),
    "DeBERTa's `pooler_hidden_size` null": (
        {"model_type": "deberta-v2", "architectures": ["DebertaV2ForSequenceClassification"],
         "pooler_hidden_size": None}, "no value for d_pool"),
    "GPT-BigCode's `add_cross_attention` with `multi_query`": (
        {"model_type": "gpt_bigcode", "add_cross_attention": True}, "no cross-attention for"),
    "T5's and mT5's `tie_word_embeddings: false` (T5 v1.1, flan-t5, mT5)": (
        {"model_type": "mt5", "architectures": ["MT5ForConditionalGeneration"], "d_model": 16,
         "d_kv": 4, "d_ff": 32, "num_layers": 1, "num_heads": 4, "vocab_size": 100,
         "tie_word_embeddings": False}, None),
    "a section whose `model_type` picks another class": (
        {"model_type": "llava", "architectures": ["LlavaModel"],
         "vision_config": {"model_type": "siglip_vision_model", "hidden_size": 32,
                           "intermediate_size": 64, "num_attention_heads": 4,
                           "num_hidden_layers": 1},
         "text_config": {"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
                         "intermediate_size": 128, "vocab_size": 100,
                         "num_hidden_layers": 1}}, None),
    "an image side that patches do not tile": (
        {"model_type": "vit", "image_size": 30, "patch_size": 4, "hidden_size": 32,
         "num_attention_heads": 4, "intermediate_size": 16, "num_hidden_layers": 1}, None),
}


def real_count(config: dict[str, Any], cls: str) -> int:
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hf_config = transformers.AutoConfig.for_model(config["model_type"], **data)
        with torch.device("meta"):
            model = getattr(transformers, cls)(hf_config)
    return sum(p.numel() for p in model.parameters())


@pytest.mark.parametrize("case", list(CASES))
def test_documented_cases(case: str) -> None:
    config, error = CASES[case]
    if error is not None:
        with pytest.raises(SymparamError, match=error):
            symparam.from_hf_config(config).count()
        return
    m = symparam.from_hf_config(config)
    assert m.count() == real_count(config, m.label)


def test_every_case_is_documented() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "config-semantics.md").read_text(
        encoding="utf-8")
    for case in CASES:
        assert case in text, f"docs/config-semantics.md does not cover {case!r}"


def test_accepted_garbage_counts_as_transformers() -> None:
    """A garbled config symparam accepts builds in transformers to the same total."""
    types = [t for t in sorted(model_types()) if t not in ("deepseek_v3", "gpt_oss")]

    @settings(max_examples=int(os.environ.get("SEMANTICS_EXAMPLES", "150")), deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(types), st.data())
    def check(model_type: str, data: st.DataObject) -> None:
        config = data.draw(hostile_configs(model_type))
        try:
            m = symparam.from_hf_config(config)
            ours = m.count()
        except SymparamError:
            return
        depth = max((m.values.get(n, 0) for n in ("N", "N_dec", "G", "K")), default=0)
        if max(m.values.values(), default=0) >= 2**31 or ours >= 2**62 or depth > 512:
            return  # torch cannot hold the tensors, or would build a module per layer for long
            # minutes: there is nothing to compare with here
        assert ours == real_count(config, m.label), config

    check()


def test_nan_and_infinity_where_nothing_is_sized(tmp_path: Any) -> None:
    """``"time_step_limit": [0.0, Infinity]``, as transformers 4 writes every Mamba-2 config
    (Python's json writes and reads it, and so does transformers): read, and counted as the
    real class built from the same text; a size written so is refused in one line."""
    import json

    from symparam.cli import main

    text = ('{"model_type": "mamba2", "architectures": ["Mamba2ForCausalLM"], '
            '"hidden_size": 16, "num_hidden_layers": 2, "vocab_size": 32, "num_heads": 4, '
            '"head_dim": 8, "state_size": 4, "n_groups": 1, "expand": 2, '
            '"time_step_limit": [0.0, Infinity], "time_step_floor": NaN}')
    path = tmp_path / "config.json"
    path.write_text(text, encoding="utf-8")
    config = json.loads(text)
    assert symparam.from_hf_config(str(path)).count() == real_count(config, "Mamba2ForCausalLM")
    for value in ("NaN", "Infinity", "-Infinity"):
        path.write_text(text.replace('"hidden_size": 16', f'"hidden_size": {value}'),
                        encoding="utf-8")
        with pytest.raises(SymparamError, match=f"hidden_size must be a positive integer, got "
                                                f"{value}"):
            symparam.from_hf_config(str(path))
        assert main(["count", str(path)]) == 2


def test_nan_and_infinity_in_every_key_a_type_reads(tmp_path: Any, capsys: Any) -> None:
    """Each key every model type reads, written NaN, Infinity or -Infinity: counted (where the
    key sizes nothing: Gemma2's soft-capping, a key the class does not use) or refused in one
    line, never a traceback; a size is never counted from it."""
    import json

    from symparam.cli import main

    path = tmp_path / "config.json"
    for name, record in sorted(model_types().items()):
        keys = {size.key for size in record.sizes} | {
            key for rule in record.rules for key in rule.reads()}
        for key in sorted(k for k in keys if "." not in k):
            for value in ("NaN", "Infinity", "-Infinity"):
                path.write_text(json.dumps({"model_type": name})[:-1] + f', "{key}": {value}}}',
                                encoding="utf-8")
                status = main(["count", str(path), "--json"])
                out, err = capsys.readouterr()
                assert status in (0, 2) and len(err.splitlines()) == status // 2, (name, key)
                if status == 0:
                    assert all(isinstance(v, int) for v in json.loads(out)["values"].values())


@pytest.mark.parametrize("model_type", ["t5", "mt5"])
def test_a_tie_transformers_makes_whatever_the_file_says(model_type: str, tmp_path: Any,
                                                         capsys: Any) -> None:
    """T5 v1.1, flan-t5 and mT5 write ``tie_word_embeddings: false``; transformers 5 ties the
    LM head to ``shared`` anyway (the real class's count). Counted as built, and said as an
    assumption, with the count the untied head would give (V·H more), in text and JSON."""
    import json

    from symparam.cli import main

    config = {"model_type": model_type,
              "architectures": [f"{model_type.upper()}ForConditionalGeneration"],
              "d_model": 16, "d_kv": 4, "d_ff": 32, "num_layers": 1, "num_heads": 4,
              "vocab_size": 100, "feed_forward_proj": "gated-gelu",
              "tie_word_embeddings": False}
    m = symparam.from_hf_config(config)
    assert m.count() == real_count(config, m.label)
    written = m.count() + 100 * 16
    (said,) = m.overridden()
    assert (said.count, said.as_written) == (m.count(), written)
    assert not symparam.from_hf_config({**config, "tie_word_embeddings": True}).overridden()
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert main(["count", str(path), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert any(a.startswith("tie_word_embeddings = false in the config, but transformers 5 "
                            "ties lm_head to shared") and f"({written:,} as the config is "
                            "written)" in a for a in record["assumptions"])
    assert record["overridden_by_transformers"][0]["params_as_written"] == written
    assert main(["count", str(path)]) == 0
    assert "assuming: tie_word_embeddings = false" in capsys.readouterr().out
