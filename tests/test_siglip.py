"""SigLIP against transformers where generated configs rarely go: a whole model whose text head
gives the image embedding's size (the only one transformers can run), FLOPs and elementwise
work of its attention-pooling head, a model without that head, ``projection_size`` left to
the hidden size."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import symparam
from symparam.compute import compute
from symparam.errors import InvalidValueError
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

PUBLISHED = Path(__file__).parent / "configs" / "siglip-base-patch16-224.json"


@st.composite
def runnable(draw: st.DrawFn) -> dict[str, Any]:
    """A small SiglipModel whose text head gives H_vis numbers, as the image's embedding."""
    heads, vheads = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    vision = vheads * draw(st.integers(1, 4))
    patch = draw(st.integers(1, 4))
    text = {"hidden_size": heads * draw(st.integers(1, 4)), "num_attention_heads": heads,
            "num_hidden_layers": draw(st.integers(1, 2)), "vocab_size": draw(st.integers(2, 50)),
            "intermediate_size": draw(st.integers(1, 16)),
            "max_position_embeddings": draw(st.integers(4, 16)), "projection_size": vision}
    image = {"hidden_size": vision, "num_attention_heads": vheads,
             "num_hidden_layers": draw(st.integers(1, 2)),
             "intermediate_size": draw(st.integers(1, 16)), "patch_size": patch,
             "image_size": patch * draw(st.integers(1, 3)),
             "num_channels": draw(st.integers(1, 3))}
    return {"model_type": "siglip", "architectures": ["SiglipModel"],
            "text_config": text, "vision_config": image}


def test_runnable_models_flops_and_elements() -> None:
    from tests.elements import elements
    from tests.test_flops import counted
    from tests.test_nonmatmul import ours

    @settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(runnable(), st.integers(1, 3), st.integers(1, 4))
    def check(config: dict[str, Any], batch: int, seq: int) -> None:
        m = symparam.from_hf_config(config)
        assert m.count() == _real(config)
        assert compute(m, seq=seq, batch=batch).flops == counted(config, m.label, batch, seq)
        assert ours(m, batch, seq, None) == elements(config, m.label, batch, seq)

    check()


def _real(config: dict[str, Any]) -> int:
    data = {k: v for k, v in config.items() if k not in ("model_type", "architectures")}
    hf = transformers.AutoConfig.for_model(config["model_type"], **data)
    with torch.device("meta"):
        return getattr(transformers, config["architectures"][0])(hf).num_parameters()


def test_without_the_vision_head() -> None:
    """transformers builds a SigLIP without the pooling head but cannot run it (the image has no
    embedding): counted, its FLOPs refused; the classifier runs (it averages the patches)."""
    base = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    base["vision_config"] = {**base["vision_config"], "vision_use_head": False}
    m = symparam.from_hf_config(base)
    assert m.count() == _real(base)
    with pytest.raises(InvalidValueError, match="cannot run without the vision head"):
        compute(m, seq=8)
    classifier = {**base, "architectures": ["SiglipForImageClassification"]}
    assert symparam.from_hf_config(classifier).count() == _real(classifier)


def test_the_text_head_keeps_the_hidden_size_unless_told() -> None:
    published = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    assert symparam.from_hf_config(published).values["d_proj"] == 768
    told = {**published, "text_config": {**published["text_config"], "projection_size": 512}}
    assert symparam.from_hf_config(told).count() == _real(told)
    alone = {**published["text_config"], "model_type": "siglip_text_model",
             "architectures": ["SiglipTextModel"], "projection_size": None}
    assert symparam.from_hf_config(alone).count() == _real(alone)


def test_a_text_head_of_another_size_cannot_run() -> None:
    """transformers builds a SigLIP whose text head gives another size than the image's
    embedding, but its forward cannot multiply the two: counted, its FLOPs refused."""
    published = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    told = {**published, "text_config": {**published["text_config"], "projection_size": 512}}
    m = symparam.from_hf_config(told)
    assert m.count() == _real(told)
    with pytest.raises(InvalidValueError, match="cannot run with d_proj = 512 and H_vis = 768"):
        compute(m, seq=8)
    with pytest.raises(RuntimeError):  # the real class cannot either
        oracle.forward(told, "SiglipModel", 1, 8, None, lambda model: _Nothing())


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_the_towers_of_the_published_file_alone() -> None:
    published = json.loads(PUBLISHED.read_text(encoding="utf-8"))
    text = {**published["text_config"], "architectures": ["SiglipTextModel"]}
    vision = {**published["vision_config"], "architectures": ["SiglipVisionModel"]}
    counts = [symparam.from_hf_config(c).count() for c in (text, vision)]
    assert counts == [_real(text), _real(vision)]
    assert sum(counts) + 2 == 203_155_970  # and the logits' scale and bias
