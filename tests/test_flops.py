"""FLOPs against torch's FlopCounterMode on the real classes (meta device, no weights)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

import symparam
from symparam.catalog import model_types
from symparam.cli import main
from symparam.compute import compute
from symparam.errors import InvalidValueError
from tests.test_hf import lean_configs
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers

def _own_images(model_type: str) -> bool:
    """Whether the type reads an image by its own size (its family's ``resized`` or
    ``anyres``)."""
    family = model_types()[model_type].family
    return family.resized or family.anyres


#: every model type with compute, split by whether a router picks experts (those run on the
#: CPU with small real weights: a meta tensor cannot be routed)
DENSE = [t for t in sorted(model_types()) if model_types()[t].family.compute
         and not oracle.routed(t) and not _own_images(t)]
# (a model that reads images at their own resolution, routed or not, or cuts them into tiles
# by their size, is run on the CPU at the image sizes its own tests draw:
# tests/test_qwen2_5_vl.py, Qwen3-VL-MoE's too, tests/test_llava_next.py)
ROUTED = [t for t in sorted(model_types()) if oracle.routed(t) and not _own_images(t)]


def counted(config: dict[str, Any], cls: str, batch: int, seq: int,
            target: int | None = None, device: str = "meta", images: int = 1,
            image_size: tuple[int, int] | None = None) -> int:
    from torch.utils.flop_counter import FlopCounterMode

    counter = FlopCounterMode(display=False)
    oracle.forward(config, cls, batch, seq, target, lambda model: counter,
                   eager=device != "meta", device=device, images=images, image_size=image_size)
    return counter.get_total_flops()


def test_the_issues_figures() -> None:
    """The figures FlopCounterMode gives for bert-base-uncased and gpt2 at s = 128."""
    assert compute(symparam.model("bert-base-uncased"), seq=128).flops == 22_348_431_360
    assert compute(symparam.model("gpt2"), seq=128).flops == 32_228_179_968
    for name in ("bert-base-uncased", "gpt2"):
        preset = symparam.presets.presets()[name]
        assert counted(preset.config, preset.config["architectures"][0], 1, 128) == \
            compute(symparam.model(name), seq=128).flops


def test_seed_003_toy_net() -> None:
    """thop, ptflops and fvcore print 3,145,728 and call it "flop": it is MACs."""
    result = compute(symparam.model("toy-net"), seq=1)
    assert result.macs == 3_145_728 and result.flops == 6_291_456
    with torch.device("meta"):
        net = torch.nn.Sequential(torch.nn.Linear(1024, 1024, bias=False),
                                  torch.nn.Linear(1024, 2048, bias=False))
        x = torch.zeros((1, 1024))
    from torch.utils.flop_counter import FlopCounterMode

    counter = FlopCounterMode(display=False)
    with counter:
        net(x)
    assert counter.get_total_flops() == result.flops


@pytest.mark.sweep
@pytest.mark.parametrize("model_type", DENSE)
def test_generated_configs_flops(model_type: str) -> None:
    @settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(lean_configs(model_type), st.integers(1, 2), st.data())
    def check(config: dict[str, Any], batch: int, data: st.DataObject) -> None:
        m = symparam.from_hf_config(config)
        refusal = oracle.refused_compute(m)
        if refusal is not None:  # where symparam derives no compute, it says why
            with pytest.raises(InvalidValueError, match=refusal):
                compute(m, seq=4)
            return
        limit = m.values.get("L", 64)
        seq = data.draw(st.integers(1, min(limit, 16)))
        target = None
        if oracle.takes_target(config, m.label):
            target = data.draw(st.integers(1, 16))
        real = oracle.or_reject(config, m.label,
                                lambda: counted(config, m.label, batch, seq, target))
        ours = compute(m, seq=None if m.sequence is not None else seq, batch=batch,
                       target_seq=target)
        assert ours.flops == real

    check()


@pytest.mark.sweep
@pytest.mark.parametrize("model_type", ROUTED)
def test_moe_flops_match_flop_counter_mode(model_type: str) -> None:
    """Mixtures of experts run on the CPU with small real weights (a meta tensor cannot be
    routed), experts as eager code: whichever experts each token picks, FlopCounterMode counts
    k of them per token, as symparam does."""
    @settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(lean_configs(model_type), st.integers(1, 2), st.integers(1, 6))
    def check(config: dict[str, Any], batch: int, seq: int) -> None:
        config = oracle.routable(config)
        m = symparam.from_hf_config(config)
        real = oracle.or_reject(config, m.label,
                                lambda: counted(config, m.label, batch, seq, device="cpu"))
        assert compute(m, seq=seq, batch=batch).flops == real

    check()


def test_moe_flops_by_an_independent_route() -> None:
    """Mixtral: every token passes through the matrices of its active weights once (2 FLOPs a
    weight), plus the attention products; the vectors (norms) and the lookup table do not."""
    m = symparam.model("mixtral-8x7b")
    seq, batch = 64, 2
    v = m.values
    matrices = m.active_count() - v["V"] * v["H"] - (2 * v["N"] + 1) * v["H"]
    products = v["N"] * 2 * batch * seq**2 * 2 * v["H"]
    assert compute(m, seq=seq, batch=batch).flops == 2 * batch * seq * matrices + products


def test_causal_and_training() -> None:
    m = symparam.model("gpt2")
    full, causal = compute(m, seq=128), compute(m, seq=128, causal=True)
    assert full.flops - causal.flops == 603_979_776 // 2  # half of the attention products
    assert compute(m, seq=128, training=True).flops == 3 * full.flops


def test_flops_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["flops", "bert-base-uncased", "gpt2", "--seq", "128", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["flops"] for r in lines] == [22_348_431_360, 32_228_179_968]
    assert all(r["macs"] * 2 == r["flops"] for r in lines)
    assert set(lines[0]) >= {"model", "flops", "macs", "formula", "breakdown"}
    assert sum(part["flops"] for part in lines[1]["breakdown"]) == lines[1]["flops"]
    assert main(["flops", "transformer-base", "--seq", "8"]) == 2
    assert "not derived" in capsys.readouterr().err
    assert main(["flops", "gpt2", "--seq", "0"]) == 2
    capsys.readouterr()


def test_megatron_is_exact_for_gpt2() -> None:
    """With d_ff = 4H and the LM head over every position, Megatron-LM's forward formula is the
    exact count, symbolically."""
    import sympy

    from symparam.published import compare

    m = symparam.model("gpt2")
    megatron = next(r for r in compare(m, 8) if r.name == "megatron")
    assert sympy.simplify(m.flops() - megatron.formula) == 0


def test_kaplan_drops_named_terms() -> None:
    """Kaplan's 2·P_ne + 2·N·s·H a token against GPT-2's exact forward: it leaves out the logits
    (2·B·s·V·H) and one of the two attention products, and counts biases and norms as FLOPs."""
    import sympy

    from symparam.published import compare

    m = symparam.model("gpt2")
    b, s_, n, h_, v = (symparam.symbol(x) for x in ("B", "s", "N", "H", "V"))
    kaplan = next(r for r in compare(m, 8) if r.name == "kaplan")
    difference = sympy.expand(m.flops() - kaplan.formula)
    assert difference == sympy.expand(2 * b * s_ * v * h_ + 2 * b * s_**2 * n * h_
                                      - 26 * b * s_ * n * h_ - 4 * b * s_ * h_)


def test_palm_mfu_worked_figure() -> None:
    """PaLM 540B: 238.3K tokens/s on 6144 TPU v4 chips (275 TFLOP/s each) is 46.2% MFU."""
    from symparam.published import palm_per_token

    per_token = palm_per_token(540.35e9, 118, 48, 256, 2048)
    mfu = per_token * 238.3e3 / (6144 * 275e12)
    assert round(100 * mfu, 1) == 46.2


def test_recompute_and_decode() -> None:
    m = symparam.model("gpt2")
    forward = compute(m, seq=128).flops
    products = 12 * 2 * 2 * 128**2 * 768  # QKᵀ and AV in each of the 12 layers
    # full recomputation runs each layer's forward again (12 layers of 24·s·H² + 4·s²·H, as
    # Megatron-LM counts them), not the LM head
    layers = 12 * (24 * 128 * 768**2 + 4 * 128**2 * 768)
    assert compute(m, seq=128, training=True, recompute="full").flops == 3 * forward + layers
    assert compute(m, seq=128, training=True, recompute="selective").flops == \
        3 * forward + products
    # decoding: 124M-ish weights in matrices (wte is read, not multiplied) on one token, and
    # attention from one query to the 129 keys of each layer
    matrices = 12 * 12 * 768**2 + 50257 * 768
    assert compute(m, seq=128, decode=True).flops == 2 * matrices + 12 * 2 * 129 * 2 * 768
    with pytest.raises(symparam.SymparamError):
        compute(m, seq=128, recompute="full")


def test_shared_layers_halve_every_run_under_causal_attention() -> None:
    """ALBERT runs its one group of weights N times: --causal halves the attention products of
    all N runs, and selective recomputation runs them all again (not the G = 1 stored layer)."""
    m = symparam.from_hf_config({
        "model_type": "albert", "architectures": ["AlbertModel"], "num_hidden_layers": 12,
        "num_hidden_groups": 1, "inner_group_num": 1, "hidden_size": 64,
        "num_attention_heads": 4, "intermediate_size": 128, "embedding_size": 16,
        "vocab_size": 100})
    seq, runs, width = 16, 12, 64
    products = runs * 2 * seq * seq * (width + width)  # QKᵀ and AV of each run
    full = compute(m, seq=seq).flops
    assert full - compute(m, seq=seq, causal=True).flops == products // 2
    training = compute(m, seq=seq, training=True).flops
    assert compute(m, seq=seq, training=True, recompute="selective").flops - training == products


def test_torch_counter_omits_attention_under_sdpa_on_the_cpu(
        capsys: pytest.CaptureFixture[str]) -> None:
    """What the README and ``flops`` say: FlopCounterMode sees no attention products under
    SDPA on the CPU. BERT-base at s = 128: 22,348,431,360 eager, less its 12 layers' QKᵀ and
    AV (2·2·s²·H each) = 21,744,451,584 under SDPA; a small BERT run both ways on the CPU."""
    from torch.utils.flop_counter import FlopCounterMode

    assert 22_348_431_360 - 12 * 2 * 2 * 128**2 * 768 == 21_744_451_584
    config = {"model_type": "bert", "architectures": ["BertModel"], "vocab_size": 50,
              "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4,
              "intermediate_size": 64, "max_position_embeddings": 16}
    m = symparam.from_hf_config(config)
    seq, products = 8, 2 * 2 * 2 * 8**2 * 32
    assert counted(config, "BertModel", 1, seq, device="cpu") == compute(m, seq=seq).flops
    hf = transformers.AutoConfig.for_model("bert", **{k: v for k, v in config.items()
                                                      if k not in ("model_type", "architectures")})
    hf._attn_implementation = "sdpa"
    model = transformers.BertModel(hf).eval()
    counter = FlopCounterMode(display=False)
    with counter, torch.no_grad():
        model(input_ids=torch.zeros((1, seq), dtype=torch.long))
    assert counter.get_total_flops() == compute(m, seq=seq).flops - products
    assert main(["flops", "bert-base-uncased", "--seq", "128"]) == 0
    assert "21,744,451,584 under SDPA" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["bart-large", "mbart-large-50", "marian-en-de",
                                  "pegasus-large", "mt5-base", "whisper-small"])
def test_encoder_decoder_presets_flops(name: str) -> None:
    """The published encoder–decoders at their full size (meta device): s = 128 encoder
    tokens, a decoder target of 64 where the class decodes one of its own (Whisper: 30 s of
    audio, 3,000 mel frames, and 128 decoder tokens)."""
    preset = symparam.presets.presets()[name]
    m = symparam.model(name)
    target = 64 if oracle.takes_target(preset.config, m.label) else None
    assert compute(m, seq=128, target_seq=target).flops == \
        counted(preset.config, m.label, 1, 128, target)


@pytest.mark.parametrize("config", [
    {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "n_embd": 32, "n_head": 4,
     "n_layer": 2, "vocab_size": 50, "add_cross_attention": True},
    {"model_type": "bert", "architectures": ["BertLMHeadModel"], "hidden_size": 32,
     "num_attention_heads": 4, "num_hidden_layers": 2, "intermediate_size": 64,
     "vocab_size": 50, "is_decoder": True, "add_cross_attention": True},
    {"model_type": "electra", "architectures": ["ElectraForCausalLM"], "hidden_size": 32,
     "embedding_size": 16, "num_attention_heads": 4, "num_hidden_layers": 2,
     "intermediate_size": 64, "vocab_size": 50, "is_decoder": True,
     "add_cross_attention": True},
], ids=lambda c: c["model_type"])
def test_cross_attention_without_an_encoder(config: dict[str, Any], tmp_path: Any,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A decoder built with ``add_cross_attention`` and given no encoder's states: its layers
    skip the cross-attention, so its weights count and its FLOPs are those of the forward
    pass without it, as torch counts it, and ``flops`` says so under the figure."""
    m = symparam.from_hf_config(config)
    plain = symparam.from_hf_config({**config, "add_cross_attention": False})
    assert m.count() > plain.count()
    result = compute(m, seq=8, batch=2)
    assert result.flops == compute(plain, seq=8, batch=2).flops
    assert result.flops == counted(config, m.label, 2, 8)
    assert len(result.notes) == 1 and "cross-attention" in result.notes[0]
    assert not compute(plain, seq=8).notes
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    assert main(["flops", str(path), "--seq", "8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == list(result.notes)
    assert main(["flops", str(path), "--seq", "8"]) == 0
    assert "cross-attention (add_cross_attention) holds weights" in capsys.readouterr().out


def _decodes(model_type: str) -> bool:
    """Whether symparam derives a decoding step for the model type (a decoder of attention
    layers, with a cache and no cross-attention) and transformers keeps a cache for it."""
    from symparam.compute import _has_a_decoding_step
    from symparam.errors import SymparamError

    if model_type == "openai-gpt":  # no class of it takes a cache
        return False
    try:
        _has_a_decoding_step(symparam.model(model_type))
    except SymparamError:
        return False
    return model_types()[model_type].family.compute


#: each decoder type, by the class that generates (its causal LM)
DECODING = {t: next(c for c in model_types()[t].classes if c.endswith(("ForCausalLM",
                                                                        "LMHeadModel",
                                                                        "ForConditionalGeneration")))
            for t in sorted(model_types()) if _decodes(t)}


@pytest.mark.sweep
@pytest.mark.parametrize("model_type", DECODING)
def test_decoding_step_against_torch(model_type: str) -> None:
    """One new token after s cached ones, every decoder type, as torch's counter sees the real
    class run it with the DynamicCache generate makes (small real weights, eager attention and
    experts): projections on the token, each attention over the positions it keeps and the
    token (a sliding-window layer's last W − 1), latent attention's keys and values expanded
    from the cached latents."""
    @settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(lean_configs(model_type), st.integers(1, 2), st.integers(1, 9))
    def check(config: dict[str, Any], batch: int, seq: int) -> None:
        config = oracle.routable({**config, "architectures": [DECODING[model_type]]})
        m = symparam.from_hf_config(config)
        if oracle.refused_compute(m) is not None:
            reject()  # refused, and said why (test_generated_configs_flops)
        if 1 in (m.values.get("W"), m.values.get("W_chunk")):
            reject()  # transformers' cache keeps every position of a window of one
        seq = min(seq, m.values.get("L", seq + 1) - 1)
        if seq < 1:
            reject()
        real = oracle.or_reject(config, m.label,
                                lambda: oracle.decoded(config, m.label, batch, seq))
        text = {"images": 0} if m.family.images else {}  # the oracle decodes text alone
        assert compute(m, seq=seq, batch=batch, decode=True, **text).flops == real

    check()


def test_decoding_with_a_sliding_window(capsys: pytest.CaptureFixture[str]) -> None:
    """A small Mistral whose 2 layers slide a window of 16: after 64 tokens each attends over
    the 15 positions it keeps and the new token (16 keys, not 65), as torch counts it, and
    ``flops`` says so; before the window fills, over all s + 1."""
    config = {"model_type": "mistral", "architectures": ["MistralForCausalLM"],
              "vocab_size": 100, "hidden_size": 64, "intermediate_size": 128,
              "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
              "sliding_window": 16}
    m = symparam.from_hf_config(config)
    unwindowed = symparam.from_hf_config({**config, "sliding_window": None})
    per_key = 2 * 2 * (64 + 64)  # a layer's QKᵀ and AV of one query, h·d_head = 64 each
    for seq, keys in ((64, 16), (8, 9)):
        ours = compute(m, seq=seq, decode=True)
        assert ours.flops == oracle.decoded(config, m.label, 1, seq)
        assert compute(unwindowed, seq=seq, decode=True).flops - ours.flops == \
            per_key * (seq + 1 - keys)
        assert any("last W − 1 positions" in note for note in ours.notes)
    assert compute(unwindowed, seq=8, decode=True).notes == ()
    assert main(["flops", "gpt-oss-120b", "--seq", "8192", "--decode"]) == 0
    assert "DynamicCache" in capsys.readouterr().out


#: a small DeepSeek-V3: 8 heads, a latent of 32, rotary keys of 8, keys and values of 16
SMALL_MLA = {"model_type": "deepseek_v3", "architectures": ["DeepseekV3ForCausalLM"],
             "vocab_size": 100, "hidden_size": 64, "intermediate_size": 96,
             "moe_intermediate_size": 16, "num_hidden_layers": 2, "first_k_dense_replace": 1,
             "num_attention_heads": 8, "num_key_value_heads": 8, "n_routed_experts": 4,
             "num_experts_per_tok": 2, "n_group": 1, "topk_group": 1, "n_shared_experts": 1,
             "q_lora_rank": 24, "kv_lora_rank": 32, "qk_rope_head_dim": 8,
             "qk_nope_head_dim": 16, "v_head_dim": 16}


def test_latent_attention_decoding(capsys: pytest.CaptureFixture[str]) -> None:
    """Multi-head latent attention keeps its latent and rotary key (memory's cache); at each
    step transformers expands them into keys and values with kv_b_proj, over all s + 1
    positions, as torch counts it. Absorbed (DeepSeek-V3's own inference code, attn_impl
    "absorb"), kv_b_proj's halves fold into the query and the output and attention runs on
    the latent: the figure beside it, checked against that computation written with einsum
    and counted by torch."""
    from torch.utils.flop_counter import FlopCounterMode

    m = symparam.from_hf_config(SMALL_MLA)
    seq, batch, heads, latent, rope, nope, value = 40, 2, 8, 32, 8, 16, 16
    result = compute(m, seq=seq, batch=batch, decode=True)
    assert result.flops == oracle.decoded(SMALL_MLA, m.label, batch, seq)
    # transformers runs kv_b_proj over every cached position: s more tokens than the new one
    kv_b = 2 * batch * latent * heads * (nope + value)
    (how, absorbed, _), = result.alternatives
    assert "absorb" in how and any("kv_b_proj at every step" in n for n in result.notes)

    def attention_step(folded: bool) -> int:
        """One layer's attention on one new token over s + 1 cached latents, as DeepSeek-V3's
        inference code writes it: naive, the latents expanded; absorbed, folded."""
        keys = seq + 1
        with torch.device("meta"):
            q_nope, q_pe = torch.zeros(batch, 1, heads, nope), torch.zeros(batch, 1, heads, rope)
            cached, pe = torch.zeros(batch, keys, latent), torch.zeros(batch, keys, rope)
            wkv_b = torch.zeros(heads, nope + value, latent)
            counter = FlopCounterMode(display=False)
            with counter:
                if folded:
                    q = torch.einsum("bshd,hdc->bshc", q_nope, wkv_b[:, :nope])
                    scores = (torch.einsum("bshc,btc->bsht", q, cached)
                              + torch.einsum("bshr,btr->bsht", q_pe, pe))
                    out = torch.einsum("bsht,btc->bshc", scores.softmax(-1), cached)
                    torch.einsum("bshc,hdc->bshd", out, wkv_b[:, -value:])
                else:
                    kv = torch.einsum("btc,hdc->bthd", cached, wkv_b)
                    k = torch.cat([kv[..., :nope], pe[:, :, None].expand(-1, -1, heads, -1)], -1)
                    scores = torch.einsum("bshd,bthd->bsht", torch.cat([q_nope, q_pe], -1), k)
                    torch.einsum("bsht,bthd->bshd", scores.softmax(-1), kv[..., nope:])
        return counter.get_total_flops()

    layers = 2
    assert attention_step(folded=False) - kv_b * (seq + 1) == \
        2 * batch * (seq + 1) * heads * (nope + rope + value)  # the einsums are its products
    assert result.flops - absorbed == layers * (attention_step(False) - attention_step(True))
    assert main(["flops", "deepseek-v3", "--seq", "32768", "--decode", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["alternatives"][0]["flops"] < record["flops"]


def test_decoding_is_refused_where_it_is_not_derived() -> None:
    """An encoder keeps nothing to decode against; a state-space layer's cached step and a
    cross-attention over an encoder's states are not derived yet: each is refused, named."""
    for name, says in (("bert-base-uncased", "keeps no keys and values"),
                       ("mamba-130m", "state-space"), ("mt5-base", "cross-attention")):
        with pytest.raises(InvalidValueError, match=says):
            compute(symparam.model(name), seq=16, decode=True)


def test_torch_counter_sees_no_routed_experts_under_grouped_mm(
        capsys: pytest.CaptureFixture[str]) -> None:
    """What ``flops`` says once under every run with a mixture of experts: torch's counter
    sees none of the routed experts' products under transformers' default experts
    (grouped_mm), and all of them with eager experts, which symparam matches. The small
    Mixtral of the note, both ways on the CPU; said once for two models, not twice."""
    from torch.utils.flop_counter import FlopCounterMode

    from symparam.compute import GROUPED_EXPERTS

    config = {"model_type": "mixtral", "architectures": ["MixtralForCausalLM"],
              "vocab_size": 100, "hidden_size": 64, "intermediate_size": 128,
              "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
              "num_local_experts": 4, "num_experts_per_tok": 2}
    m = symparam.from_hf_config(config)
    found = {}
    for experts in ("grouped_mm", "eager"):
        hf = transformers.AutoConfig.for_model("mixtral", **{
            k: v for k, v in config.items() if k not in ("model_type", "architectures")})
        hf._attn_implementation = "eager"
        hf._experts_implementation = experts
        torch.manual_seed(0)
        model = transformers.MixtralForCausalLM(hf).eval()
        counter = FlopCounterMode(display=False)
        with counter, torch.no_grad():
            model(input_ids=torch.zeros((1, 32), dtype=torch.long))
        found[experts] = counter.get_total_flops()
    assert found["eager"] == compute(m, seq=32).flops == 8_830_976
    assert found["grouped_mm"] == 2_539_520
    assert f"{found['grouped_mm']:,} against {found['eager']:,}" in GROUPED_EXPERTS
    assert main(["flops", "mixtral-8x7b", "olmoe-1b-7b", "gpt2", "--seq", "128"]) == 0
    out = capsys.readouterr().out
    assert out.count("grouped_mm") == 1 and out.count("under SDPA") == 1
    assert out.rindex("grouped_mm") > out.rindex("total")  # under the figures
    assert main(["flops", "gpt2", "--seq", "128", "--json"]) == 0
    assert "experts_note" not in json.loads(capsys.readouterr().out)
