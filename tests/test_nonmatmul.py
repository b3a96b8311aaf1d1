"""Work besides matrix products (``--with-nonmatmul``): the elements of each kind against the
real classes run on the meta device, and the conventions that turn them into FLOPs."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sympy
from hypothesis import HealthCheck, Phase, given, reject, settings
from hypothesis import strategies as st

import symparam
from symparam.assumptions import resolve
from symparam.blocks import evaluate
from symparam.catalog import model_types
from symparam.cli import main
from symparam.compute import NONMATMUL, PER_SCORE, compute
from symparam.images import bound
from symparam.symbols import B, s
from tests.test_flops import DENSE, ROUTED
from tests.test_hf import lean_configs
from tests.tools import need

elements = need("tests.elements").elements
oracle = need("tests.oracle")

#: the kinds the oracle sees; ``scale``, ``gate`` and ``combine`` (a multiply, and an index_add
#: for the experts) act on tensors it cannot tell from others, and its ``activation`` (a tanh)
#: includes Gemma2's soft-capping
CHECKED = ("layernorm", "rmsnorm", "norm_weight", "bias", "softmax", "activation", "add",
           "routing", "score_add")


def ours(m: Any, batch: int, seq: int, target: int | None) -> dict[str, int]:
    mapping = resolve(m.assumptions)
    values = {**m.bind(), "B": batch, "s": seq, "s_dec": target or seq, **bound(m, None)}
    out = {}
    for kind, count in m.tree.nonmatmul(B, s).items():
        if m.sequence is not None:
            count = count.xreplace({s: m.sequence})
        out[kind] = evaluate(sympy.expand(count.xreplace(mapping)), values)
    out["activation"] = out.get("activation", 0) + out.pop("softcap", 0)
    out["softmax"] = out.get("softmax", 0) + out.pop("sink", 0)  # one softmax, one more column
    return {kind: n for kind, n in out.items() if kind in CHECKED and n}


def unchecked(model_type: str) -> str:
    """Why the type's elementwise work is known to differ from the oracle's, as its family
    says (``Family.elements_unchecked``), or ""."""
    return model_types()[model_type].family.elements_unchecked


def phases(model_type: str) -> tuple[Phase, ...]:
    """Hypothesis's phases for ``model_type``: a type expected to fail stops at its first
    failing example (shrinking it cost a minute a run and tells nothing new)."""
    if unchecked(model_type):
        return (Phase.explicit, Phase.reuse, Phase.generate)
    return tuple(Phase)


@pytest.mark.sweep
@pytest.mark.parametrize("model_type", [
    pytest.param(t, marks=pytest.mark.xfail(reason=unchecked(t))) if unchecked(t) else t
    for t in DENSE])
def test_elements_match_the_real_classes(model_type: str) -> None:
    @settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow],
              phases=phases(model_type))
    @given(lean_configs(model_type), st.integers(1, 2), st.data())
    def check(config: dict[str, Any], batch: int, data: st.DataObject) -> None:
        m = symparam.from_hf_config(config)
        if oracle.refused_compute(m) is not None:  # refused (tests/test_flops.py)
            reject()
        seq = data.draw(st.integers(1, min(m.values.get("L", 64), 8)))
        target = None
        if oracle.takes_target(config, m.label):
            target = data.draw(st.integers(1, 8))
        real = oracle.or_reject(config, m.label,
                                lambda: elements(config, m.label, batch, seq, target))
        assert ours(m, batch, seq, target) == real

    check()


@pytest.mark.sweep
@pytest.mark.parametrize("model_type", [
    pytest.param(t, marks=pytest.mark.xfail(reason=unchecked(t))) if unchecked(t) else t
    for t in ROUTED])
def test_mixture_of_experts_elements(model_type: str) -> None:
    """Routed models run on the CPU with small real weights (a meta tensor cannot be routed):
    whichever experts a token picks, it runs k of them."""
    @settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow],
              phases=phases(model_type))
    @given(lean_configs(model_type), st.integers(1, 2), st.integers(1, 6))
    def check(config: dict[str, Any], batch: int, seq: int) -> None:
        config = oracle.routable(config)
        m = symparam.from_hf_config(config)
        real = oracle.or_reject(config, m.label,
                                lambda: elements(config, m.label, batch, seq, device="cpu"))
        assert ours(m, batch, seq, None) == real

    check()


def test_the_conventions_add_up() -> None:
    """The extra work is the sum of its kinds, each at its stated cost; the softmax and the
    score scaling count as attention work: halved with --causal, recomputed with selective."""
    m = symparam.model("gpt2")
    seq, n, heads = 128, 12, 12
    for options in ({}, {"causal": True}, {"training": True, "recompute": "selective"},
                    {"decode": True}, {"training": True, "recompute": "full"}):
        plain = compute(m, seq=seq, **options)
        full = compute(m, seq=seq, nonmatmul=True, **options)
        assert full.flops == plain.flops + sum(f for _, f in full.nonmatmul)
        assert sum(f for _, f in full.parts) == full.flops
    forward = dict(compute(m, seq=seq, nonmatmul=True).nonmatmul)
    causal = dict(compute(m, seq=seq, nonmatmul=True, causal=True).nonmatmul)
    # Chinchilla's appendix F: softmax 3·heads·s² a layer and sequence
    assert forward["softmax"] == 3 * n * heads * seq**2
    assert causal["softmax"] * 2 == forward["softmax"]
    assert causal["layernorm"] == forward["layernorm"] == 5 * (2 * n + 1) * seq * 768
    assert set(PER_SCORE) <= set(NONMATMUL)


def test_gemma2_soft_capping_and_t5_scaling() -> None:
    gemma2 = dict(compute(symparam.model("gemma2", N=1, V=10, H=8, d_ff=16, h=2, h_kv=1,
                                         d_head=4), seq=3, nonmatmul=True).nonmatmul)
    assert gemma2["softcap"] == 3 * (2 * 3 * 3 + 3 * 10)  # the scores, then the logits
    t5 = dict(compute(symparam.model("t5", N=1, N_dec=1, V=10, H=8, d_ff=16, h=2, d_head=4,
                                     n_buckets=32), seq=3, nonmatmul=True).nonmatmul)
    assert "scale" not in t5 and "softmax" in t5


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["flops", "gpt2", "--seq", "128", "--with-nonmatmul", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    kinds = {row["kind"]: row for row in record["nonmatmul"]}
    assert set(kinds) == {"layernorm", "norm_weight", "bias", "softmax", "scale", "activation",
                          "add"}
    assert record["flops"] == 32_228_179_968 + sum(row["flops"] for row in kinds.values())
    assert all(row["counts"] for row in kinds.values()) and "not counted" in record["not_counted"]
    assert main(["flops", "gpt2", "--seq", "8", "--with-nonmatmul"]) == 0
    out = capsys.readouterr().out
    assert "besides matrix products" in out and "softmax: 3 per attention score" in out
    for argv in (["transformer-base", "--seq", "8", "--with-nonmatmul"],
                 ["gpt2", "--seq", "8", "--with-nonmatmul", "--macs"]):
        assert main(["flops", *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "error" in err


#: DeBERTa-v2's layouts, which the drawn configs reach only now and then: absolute positions
#: only; both position terms with their own projections; one term, buckets and the table's
#: norm; v3's shared projections without absolute positions; a convolution, token types and a
#: span from max_relative_positions; the non-legacy MLM head
DEBERTA_LAYOUTS = (
    {},
    {"relative_attention": True, "pos_att_type": "p2c|c2p"},
    {"relative_attention": True, "pos_att_type": ["c2p"], "position_buckets": 4,
     "norm_rel_ebd": "layer_norm"},
    {"relative_attention": True, "pos_att_type": "p2c|c2p", "share_att_key": True,
     "position_buckets": 6, "norm_rel_ebd": "layer_norm", "position_biased_input": False},
    {"relative_attention": True, "pos_att_type": "p2c", "max_relative_positions": 5,
     "conv_kernel_size": 3, "conv_groups": 2, "type_vocab_size": 2},
    {"legacy": False, "relative_attention": True, "pos_att_type": "c2p", "share_att_key": True},
)


@pytest.mark.parametrize("layout", DEBERTA_LAYOUTS)
def test_deberta_layouts_against_the_real_classes(layout: dict[str, Any]) -> None:
    """The disentangled attention's FLOPs (the table's projections once per layer, each
    position term 2·B·s·2n_rel·h·d_head) and its other work, for every class."""
    from tests.test_flops import counted

    base = {"model_type": "deberta-v2", "vocab_size": 50, "hidden_size": 16,
            "num_attention_heads": 4, "intermediate_size": 24, "num_hidden_layers": 2,
            "max_position_embeddings": 32, "pad_token_id": 0}
    for cls in symparam.catalog.model_types()["deberta-v2"].classes:
        config = {**base, **layout, "architectures": [cls]}
        m = symparam.from_hf_config(config)
        assert compute(m, seq=7, batch=2).flops == counted(config, cls, 2, 7), cls
        assert ours(m, 2, 7, None) == elements(config, cls, 2, 7), cls
