"""Forward FLOPs of fitted records against torch's counter: transformers' classes built on the
meta device from configs the fit never saw, run on B × s ``input_ids`` under
``FlopCounterMode`` with eager attention (tools/fitted_oracle.py's ``check_flops``); and the
refusals, each one line.

The sample of types is drawn with the run's sweep seed (printed; ``SYMPARAM_SEED=N`` replays
it), as tests/test_fitted_oracle.py draws its own.
"""

from __future__ import annotations

import json
import random
import resource
from pathlib import Path
from typing import Any

import pytest

import symparam
from symparam.cli import main
from symparam.errors import InvalidValueError
from symparam.fitted import forward
from tests.test_fitted import ROOT, run_bounded

#: types a run checks, configs drawn for each, and the CPU seconds the child may take
SAMPLE, DRAWS, CPU = 4, 3, 240
FOLDER = ROOT / "symparam" / "fitted" / "flops"


def fitted_types() -> list[str]:
    """The types whose FLOPs file reads some class off its forward."""
    out = []
    for path in sorted(FOLDER.glob("*.json")):
        if json.loads(path.read_text(encoding="utf-8"))["classes"]:
            out.append(path.stem)
    return out


def config(model_type: str, cls: str, **sizes: Any) -> dict[str, Any]:
    """A config.json as transformers writes it."""
    transformers = pytest.importorskip("transformers")
    data = transformers.AutoConfig.for_model(model_type, **sizes).to_dict()
    data["architectures"] = [cls]
    return dict(json.loads(json.dumps(data, default=str)))


def counted(data: dict[str, Any], cls: str, batch: int, seq: int) -> int | str:
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from fitted_oracle import counter_flops

    return counter_flops(data, cls, batch, seq)


@pytest.mark.sweep
def test_a_sample_of_types_counts_as_flop_counter_mode_does(
        request: pytest.FixtureRequest) -> None:
    """Every drawn config (sizes halved, kept or doubled, flags flipped; B and s drawn) that
    symparam does not refuse gets FlopCounterMode's total on the meta device, and some do."""
    pytest.importorskip("transformers")
    seed = request.config.sweep_seed
    names = fitted_types()
    types = sorted(random.Random(f"{seed}:flops").sample(names, min(SAMPLE, len(names))))
    print(f"fitted FLOPs oracle: seed {seed}, {' '.join(types)}")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = run_bounded(f"import sys; sys.path.insert(0, {str(ROOT / 'tools')!r})\n"
                       f"from fitted_oracle import check_flops\n"
                       f"for t in {types!r}:\n"
                       f"    print(t, dict(check_flops(t, {DRAWS}, {seed})), flush=True)\n",
                       cpu=CPU)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"fitted FLOPs oracle: {after.ru_utime - before.ru_utime:.0f} s of CPU time")
    assert done.returncode == 0, f"seed {seed}: {done.stderr[-2000:]}"
    lines = done.stdout.splitlines()
    silent = [line for line in lines if "'silent: " in line]
    assert not silent, f"seed {seed} (replay with SYMPARAM_SEED={seed}):\n" + "\n".join(silent)
    assert any("'exact': " in line for line in lines), done.stdout


def test_a_config_the_fit_never_saw() -> None:
    """Apertus at sizes none of its fits used (7 layers, 6 heads over 2 key-value heads, a
    hidden size 6 does not divide): torch's counter's total, read without torch."""
    data = config("apertus", "ApertusForCausalLM", num_hidden_layers=7, hidden_size=208,
                  intermediate_size=333, num_attention_heads=6, num_key_value_heads=2,
                  vocab_size=777)
    m = symparam.from_hf_config(data)
    for batch, seq in ((1, 1), (3, 37)):
        assert forward.flops(m, batch, seq).flops == counted(data, m.label, batch, seq)


def test_sizes_moved_together() -> None:
    """Helium at other sizes with H = h·d_head (which its forward needs): the counter's
    total."""
    data = config("helium", "HeliumForCausalLM", hidden_size=384, num_attention_heads=6,
                  num_key_value_heads=3, head_dim=64, num_hidden_layers=5,
                  intermediate_size=100, vocab_size=300)
    m = symparam.from_hf_config(data)
    assert forward.flops(m, 2, 11).flops == counted(data, m.label, 2, 11)


def test_flops_cli_says_how_they_were_read(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    data = config("apertus", "ApertusForCausalLM", num_hidden_layers=3, hidden_size=64,
                  intermediate_size=96, num_attention_heads=4, num_key_value_heads=2,
                  vocab_size=100)
    path = tmp_path / "config.json"
    path.write_text(json.dumps(data))
    assert main(["flops", str(path), "--seq", "9", "--batch", "2", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["flops"] == counted(data, "ApertusForCausalLM", 2, 9)
    assert sum(p["flops"] for p in got["breakdown"]) == got["flops"]
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    assert f"transformers {transformers.__version__}" in got["convention"]
    assert f"torch {torch.__version__.split('+')[0]}" in got["convention"]
    assert main(["flops", str(path), "--seq", "9"]) == 0
    out = capsys.readouterr().out
    assert "FlopCounterMode" in out and f"{counted(data, 'ApertusForCausalLM', 1, 9):,}" in out


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()  # what transformers printed while the oracle ran it
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, out
    assert len(err.splitlines()) == 1, err
    return err


def test_what_was_not_read_is_refused_in_one_line(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    # more key-value heads than heads: transformers' forward does not run
    data = config("apertus", "ApertusModel", num_attention_heads=4, num_key_value_heads=8,
                  hidden_size=64)
    assert isinstance(counted(data, "ApertusModel", 1, 4), str)
    path.write_text(json.dumps(data))
    assert "cannot run with h_kv = 8" in refused(["flops", str(path), "--seq", "4"], capsys)
    # heads of an odd width (⌊200/6⌋ = 33): its rotary embedding does not run
    data = config("apertus", "ApertusModel", num_attention_heads=6, num_key_value_heads=2,
                  hidden_size=200)
    assert isinstance(counted(data, "ApertusModel", 1, 4), str)
    path.write_text(json.dumps(data))
    assert "= 33, odd" in refused(["flops", str(path), "--seq", "4"], capsys)
    # Helium's attention runs only where H = h·d_head, which its fit moved together
    data = config("helium", "HeliumModel", hidden_size=2560, num_attention_heads=20,
                  num_key_value_heads=20, head_dim=64)
    assert isinstance(counted(data, "HeliumModel", 1, 4), str)
    path.write_text(json.dumps(data))
    assert "other than" in refused(["flops", str(path), "--seq", "4"], capsys)
    # a cache that reads values of attention layers a forward of Mamba layers has none of
    # (Bamba's): no forward on the meta device
    data = config("bamba", "BambaForCausalLM")
    path.write_text(json.dumps(data))
    assert "does not run on the meta device" in refused(["flops", str(path), "--seq", "4"],
                                                        capsys)
    # a class not read off its forward
    data = config("apertus", "ApertusForTokenClassification")
    path.write_text(json.dumps(data))
    assert "not read off transformers' forward" in refused(["flops", str(path), "--seq", "4"],
                                                             capsys)
    # what the record's FLOPs are not: the backward pass
    data = config("apertus", "ApertusModel")
    path.write_text(json.dumps(data))
    assert "--training" in refused(["flops", str(path), "--seq", "4", "--training"], capsys)
    # a type whose FLOPs were not fitted
    missing = next((t for t in symparam.fitted.names() if forward.flops_file(t) is None), None)
    if missing is not None:
        with pytest.raises(InvalidValueError, match="not fitted"):
            forward.flops(symparam.fitted.model_for_config({"model_type": missing}), 1, 1)


def test_refused_forwards_are_stored_with_their_reason() -> None:
    """Each class a FLOPs file does not read is listed with why, in one line."""
    for path in sorted(FOLDER.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["classes"] or data["refused"], path.name
        for cls, why in data["refused"].items():
            assert why and "\n" not in why, (path.name, cls)


@pytest.mark.parametrize("model_type", ["exaone_moe", "cohere2_moe"])
def test_experts_routed_by_value_count_as_on_real_weights(model_type: str) -> None:
    """A router's tokens per expert are values a meta tensor does not hold: there the experts
    run batched (transformers' ``batched_mm``), and count what the eager experts count on
    real weights and a real routing — checked against the counter on the CPU."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    from torch.utils.flop_counter import FlopCounterMode

    from symparam.fitting.forward import run_meta

    sizes = {"hidden_size": 32, "intermediate_size": 48, "moe_intermediate_size": 24,
             "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
             "head_dim": 8, "vocab_size": 64, "num_experts": 8, "num_experts_per_tok": 2,
             "num_local_experts": 8}

    def make() -> Any:
        cfg = transformers.AutoConfig.for_model(model_type)
        for key, value in sizes.items():
            if hasattr(cfg, key):
                setattr(cfg, key, value)
        return cfg

    def count(model: Any, batch: int, seq: int) -> int:
        device = next(model.parameters()).device
        ids = torch.randint(0, sizes["vocab_size"], (batch, seq), device=device)
        counter = FlopCounterMode(display=False)
        with counter, torch.no_grad():
            model(input_ids=ids)
        return int(counter.get_total_flops())

    cfg = make()
    cfg._attn_implementation = cfg._experts_implementation = "eager"
    torch.manual_seed(0)
    real = getattr(transformers, f"{type(cfg).__name__[:-6]}Model")(cfg).eval()
    assert run_meta(make(), type(real).__name__, 2, 7, count) == count(real, 2, 7)


def test_inputs_the_fitter_does_not_make_are_named() -> None:
    """A forward that needs an input besides ``input_ids`` (an image's pixels, an audio's
    features) is refused by that input's name, not as a meta-device failure; one that
    needs none is not."""
    pytest.importorskip("transformers")
    from symparam.fitting.forward import needed

    assert needed("BeitModel") == ["pixel_values"]
    assert needed("Wav2Vec2Model") == ["input_values"]
    assert needed("LlamaModel") == [] and needed("LlamaForCausalLM") == []


def test_a_plain_forwards_failure_is_the_reason_where_no_retry_runs() -> None:
    """Flaubert reads its lengths' maximum (``.item()``, no value on the meta device); the
    retries with masks built whole and no pad token fail elsewhere ('bool' has no ``sum``):
    the reason given is the first failure, the value read."""
    transformers = pytest.importorskip("transformers")
    from symparam.fitting.forward import forward as read
    from symparam.fitting.forward import run_meta

    cfg = transformers.AutoConfig.for_model("flaubert", n_layers=1, emb_dim=32, n_heads=2,
                                            vocab_size=50)
    with pytest.raises(RuntimeError, match="meta"):
        run_meta(cfg, "FlaubertModel", 1, 4, read)


def test_a_run_over_every_record_fits_text_decoders_first() -> None:
    """``fit_records.py --flops`` over every record: text decoders, then text encoders, then
    the other text types, then the rest (images, audio, several towers)."""
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from fit_records import flops_order

    order = flops_order(["beit", "fnet", "flint", "clap", "apertus", "funnel"])
    assert order[:2] == ["apertus", "flint"] and order[2:4] == ["fnet", "funnel"]
    assert set(order[4:]) == {"beit", "clap"}


def test_dense_layers_first_and_a_period_held() -> None:
    """Flint's first two layers are dense and the others sparse (two layers, where a fit
    lowers to, run no experts), and its record fits ``decoder_sparse_step`` as values, which
    the FLOPs fit holds at its default: at 5 layers, the counter's total; another step,
    refused."""
    sizes = {"num_hidden_layers": 5, "hidden_size": 64, "intermediate_size": 96,
             "moe_intermediate_size": 16, "shared_expert_intermediate_size": 32,
             "num_experts": 4, "num_experts_per_tok": 2, "num_attention_heads": 4,
             "num_key_value_heads": 2, "head_dim": 16, "vocab_size": 100}
    data = config("flint", "FlintForCausalLM", **sizes)
    m = symparam.from_hf_config(data)
    assert forward.flops(m, 2, 7).flops == counted(data, m.label, 2, 7)
    data = config("flint", "FlintForCausalLM", decoder_sparse_step=2, **sizes)
    with pytest.raises(InvalidValueError, match="decoder_sparse_step = 2"):
        forward.flops(symparam.from_hf_config(data), 2, 7)
