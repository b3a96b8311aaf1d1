"""Forward FLOPs of fitted records against torch's counter: transformers' classes built on the
meta device from configs the fit never saw, run on B × s ``input_ids`` (or on B images sized
by the config's ``num_channels`` and ``image_size``, or B waveforms of s frames) under
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


def fitted_types(images: bool = False, audio: bool = False) -> list[str]:
    """The types whose FLOPs file reads some class off its forward (``images``: some class
    off its forward run on images; ``audio``: on waveforms, spectrograms or feature
    frames)."""
    out = []
    for path in sorted(FOLDER.glob("*.json")):
        classes = json.loads(path.read_text(encoding="utf-8"))["classes"]
        heard = any(k in e for e in classes.values()
                    for k in ("audio_keys", "mel_keys", "frame_keys"))
        if classes and (not images or any("image_keys" in e for e in classes.values())) \
                and (not audio or heard):
            out.append(path.stem)
    return out


def config(model_type: str, cls: str, **sizes: Any) -> dict[str, Any]:
    """A config.json as transformers writes it."""
    transformers = pytest.importorskip("transformers")
    data = transformers.AutoConfig.for_model(model_type, **sizes).to_dict()
    data["architectures"] = [cls]
    return dict(json.loads(json.dumps(data, default=str)))


def counted(data: dict[str, Any], cls: str, batch: int, seq: int | None,
            image_keys: list[str] | None = None,
            audio_keys: list[str] | None = None, mel_keys: list[str] | None = None,
            frame_keys: list[str] | None = None, pad_token_id: int | None = None,
            side: int | None = None) -> int | str:
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from fitted_oracle import counter_flops

    return counter_flops(data, cls, batch, seq, image_keys, audio_keys, mel_keys,
                         frame_keys, pad_token_id=pad_token_id, side=side)


@pytest.mark.sweep
def test_a_sample_of_types_counts_as_flop_counter_mode_does(
        request: pytest.FixtureRequest) -> None:
    """Every drawn config (sizes halved, kept or doubled, flags flipped; B and s drawn) that
    symparam does not refuse gets FlopCounterMode's total on the meta device, and some do."""
    pytest.importorskip("transformers")
    seed = request.config.sweep_seed
    names, pictured = fitted_types(), fitted_types(images=True)
    heard = fitted_types(audio=True)
    rng = random.Random(f"{seed}:flops")
    types = sorted(rng.sample(names, min(SAMPLE, len(names))))
    if pictured and not set(types) & set(pictured):  # a forward run on images, every run
        types[rng.randrange(len(types))] = rng.choice(pictured)
    if heard and not set(types) & set(heard):  # and one on audio, in another place
        free = [k for k, t in enumerate(types) if t not in pictured]
        types[rng.choice(free)] = rng.choice(heard)
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
    # (Bamba's): a forward that raises, an error of the model's code the meta device is not
    # blamed for
    data = config("bamba", "BambaForCausalLM")
    path.write_text(json.dumps(data))
    said = refused(["flops", str(path), "--seq", "4"], capsys)
    assert "raises on the inputs the fitter makes" in said and "meta device" not in said
    # a class not read off its forward: a multiple-choice head, whose FLOPs would hold the
    # number of choices
    data = config("roberta-prelayernorm", "RobertaPreLayerNormForMultipleChoice")
    path.write_text(json.dumps(data))
    said = refused(["flops", str(path), "--seq", "4"], capsys)
    assert "not read off transformers' forward" in said and "choices" in said
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


#: AIMv2's vision tower at sizes its fit never used: 96-pixel images of 4 channels cut into
#: 8-pixel patches, heads of 24 over a width 4 divides, 3 layers
AIM = {"image_size": 96, "patch_size": 8, "num_channels": 4, "hidden_size": 96,
        "num_attention_heads": 4, "num_hidden_layers": 3, "intermediate_size": 200}


def pictured() -> bool:
    """Whether AIMv2's vision tower's FLOPs are fitted (on images)."""
    data = forward.flops_file("aimv2_vision_model")
    return data is not None and "Aimv2VisionModel" in data["classes"]


def test_images_the_fit_never_saw() -> None:
    """AIMv2's vision tower runs on images sized by its config: at sizes no fit used, and at an
    image its patches do not divide (100 pixels, ⌊100/8⌋ = 12 patches a side), the counter's
    total on B images of that size, read without torch."""
    data = forward.flops_file("aimv2_vision_model")
    if data is None or "Aimv2VisionModel" not in data["classes"]:
        pytest.skip("AIMv2's FLOPs are not fitted")
    keys = data["classes"]["Aimv2VisionModel"]["image_keys"]
    for sizes in (AIM, {**AIM, "image_size": 100}):
        cfg = config("aimv2_vision_model", "Aimv2VisionModel", **sizes)
        m = symparam.from_hf_config(cfg)
        for batch in (1, 3):
            got = forward.flops(m, batch, None).flops
            assert got == counted(cfg, m.label, batch, None, keys), (sizes, batch)


def test_a_dual_encoder_runs_on_images_beside_its_tokens() -> None:
    """AIMv2's whole model (a CLIP-like pair of towers) takes token ids and images, each
    optional; given tokens alone it reads the missing image as None. It is fitted on both:
    at towers' sizes no fit used, torch's counter's total on B images and B × s tokens
    (the B × B similarities included), read without torch."""
    data = forward.flops_file("aimv2")
    if data is None or "Aimv2Model" not in data["classes"]:
        pytest.skip("AIMv2's whole model's FLOPs are not fitted")
    keys = data["classes"]["Aimv2Model"]["image_keys"]
    cfg = config("aimv2", "Aimv2Model", vision_config=AIM,
                 text_config={"hidden_size": 80, "num_attention_heads": 5,
                              "num_hidden_layers": 2, "intermediate_size": 150},
                 projection_dim=48)
    m = symparam.from_hf_config(cfg)
    for batch, seq in ((1, 5), (3, 11)):
        got = forward.flops(m, batch, seq).flops
        assert got == counted(cfg, m.label, batch, seq, keys), (batch, seq)


def test_flops_cli_says_what_images_it_ran_on(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    """``symparam flops`` on a record read off a forward run on images says how many, of how
    many pixels and channels — the config's — in the heading and in ``--json``; ``--seq``
    is refused in one line (there is no token sequence to give), as is its absence for a
    text model."""
    if not pictured():
        pytest.skip("AIMv2's FLOPs are not fitted")
    cfg = config("aimv2_vision_model", "Aimv2VisionModel", **AIM)
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    assert main(["flops", str(path), "--batch", "3", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["inputs"] == {"pixel_values": [3, 4, 96, 96]} and got["seq"] is None
    assert got["run_on"] == "run on 3 images of 96 × 96 pixels with 4 channels each"
    assert "pixel_values of B × num_channels × image_size × image_size" in got["convention"]
    assert main(["flops", str(path), "--batch", "1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("B = 1: run on 1 image of 96 × 96 pixels with 4 "
                                        "channels")
    err = refused(["flops", str(path), "--seq", "8"], capsys)
    assert "leave out --seq" in err and "1 image of 96 × 96" in err
    assert "give the sequence length: --seq" in refused(["flops", "apertus"], capsys)


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_what_a_forward_ran_on_in_each_language(lang: str) -> None:
    """The inputs said in Chinese and Korean, with the numbers the record gives, and no
    English words."""
    import re

    if not pictured():
        pytest.skip("AIMv2's FLOPs are not fitted")
    m = symparam.from_hf_config(config("aimv2_vision_model", "Aimv2VisionModel", **AIM))
    said = forward.run_on(m, 2, None, lang)
    assert "96 × 96" in said and "4" in said and "2" in said
    assert not re.search(r"[A-Za-z]", said), said
    text = forward.run_on(symparam.fitted.model_for_config({"model_type": "apertus"}), 2, 16,
                          lang)
    assert "16" in text and not re.search(r"[A-Za-z]", text), text


def test_an_image_no_config_key_sizes_is_made_of_a_free_side() -> None:
    """A ResNet's image size is no key of its config (no weight depends on it): its side is
    the free symbol R, its channels the config's; an input besides an image is named."""
    pytest.importorskip("transformers")
    from symparam.fitting.fitter import FitError
    from symparam.fitting.inputs_made import plan

    made = plan(symparam.fitted.load("resnet"), ["pixel_values"], False)
    assert (made.channels, made.side, made.free) == ("num_channels", "", True)
    assert made.bound({"R": 37}).value == 37 and made.bound({"R": 37}).free
    with pytest.raises(FitError, match="needs pixel_values, grid_thw, inputs the fitter"):
        plan(symparam.fitted.load("beit"), ["pixel_values", "grid_thw"], False)
    made = plan(symparam.fitted.load("beit"), ["pixel_values"], False)
    assert (made.channels, made.side, made.tokens) == ("num_channels", "image_size", False)


def test_videos_the_fit_never_saw() -> None:
    """TimeSformer's forward runs on videos, B × num_frames × C × R × R, all read off its
    config: at frames, sizes and an image no fit used, the counter's total, and what it ran
    on said with the frames."""
    data = forward.flops_file("timesformer")
    if data is None or "TimesformerModel" not in data["classes"]:
        pytest.skip("TimeSformer's FLOPs are not fitted")
    keys = data["classes"]["TimesformerModel"]["image_keys"]
    sizes = {"num_frames": 3, "image_size": 72, "patch_size": 8, "num_channels": 2,
             "hidden_size": 96, "num_attention_heads": 4, "num_hidden_layers": 2,
             "intermediate_size": 100}  # within what the fit saw its forward run at
    cfg = config("timesformer", "TimesformerModel", **sizes)
    m = symparam.from_hf_config(cfg)
    for batch in (1, 2):
        assert forward.flops(m, batch, None).flops == counted(cfg, m.label, batch, None, keys)
    assert forward.run_on(m, 2, None) == ("run on 2 videos of 3 frames of 72 × 72 pixels "
                                          "with 2 channels each")


#: Arcee (a decoder) at sizes its fits never used: 3 layers, 6 heads of 16 over 2 key-value
#: heads, an odd feed-forward width
ARCEE = {"num_hidden_layers": 3, "hidden_size": 96, "intermediate_size": 161,
         "num_attention_heads": 6, "num_key_value_heads": 2, "head_dim": 16,
         "vocab_size": 300}
#: RoBERTa-PreLayerNorm (an encoder, pooled) at sizes its fits never used
ROBERTA = {"num_hidden_layers": 3, "hidden_size": 72, "intermediate_size": 130,
           "num_attention_heads": 6, "vocab_size": 300}


@pytest.mark.parametrize(("model_type", "head", "sizes"), [
    ("arcee", "ForSequenceClassification", ARCEE),
    ("arcee", "ForTokenClassification", ARCEE),
    ("arcee", "ForQuestionAnswering", ARCEE),
    ("roberta-prelayernorm", "ForSequenceClassification", ROBERTA),
    ("roberta-prelayernorm", "ForTokenClassification", ROBERTA),
    ("roberta-prelayernorm", "ForQuestionAnswering", ROBERTA),
])
def test_task_heads_the_fit_never_saw(model_type: str, head: str, sizes: dict[str, int]
                                      ) -> None:
    """A sequence classifier, a token classifier and a question-answering head, of a decoder
    and of an encoder, at sizes, labels, batches and lengths no fit used: the counter's
    total, read without torch; and the labels move the classifiers' FLOPs (so a head counted
    wrong, or at the default's two labels, would differ). A question-answering head reads a
    start and an end: where it sizes them by num_labels (RoBERTa's), another count is
    refused, as transformers' forward fails there."""
    data = forward.flops_file(model_type)
    cls = next(c for c in symparam.fitted.load(model_type)["classes"] if c.endswith(head))
    assert data is not None and cls in data["classes"], data and data["refused"].get(cls)
    pad = data["classes"][cls].get("pad_token_id")
    if "n_labels" in data["classes"][cls]["fixed"]:
        cfg = config(model_type, cls, num_labels=3, **sizes)
        assert isinstance(counted(cfg, cls, 2, 5), str)
        with pytest.raises(InvalidValueError, match="n_labels = 3"):
            forward.flops(symparam.from_hf_config(cfg), 2, 5)
    totals = {}
    for labels in (2,) if head == "ForQuestionAnswering" else (1, 7):
        cfg = config(model_type, cls, num_labels=labels, **sizes)
        m = symparam.from_hf_config(cfg)
        for batch, seq in ((1, 5), (3, 19)):
            totals[labels, batch] = counted(cfg, cls, batch, seq, pad_token_id=pad)
            assert forward.flops(m, batch, seq).flops == totals[labels, batch], (labels, batch)
    if head != "ForQuestionAnswering":
        assert totals[1, 3] != totals[7, 3]
    else:
        assert data["classes"][cls]["fixed"].get("n_labels", 2) == 2


def test_a_decoders_sequence_classifier_is_given_a_pad_token() -> None:
    """Arcee's config sets no pad token, and transformers' sequence classifier refuses a
    batch of more than one without one: the fit set it (the file and the convention say so),
    and the oracle does as the file says."""
    data = forward.flops_file("arcee")
    assert data is not None
    entry = data["classes"]["ArceeForSequenceClassification"]
    assert entry["pad_token_id"] == 0
    assert "pad_token_id" not in data["classes"]["ArceeForTokenClassification"]
    cfg = config("arcee", "ArceeForSequenceClassification", **ARCEE)
    assert cfg["pad_token_id"] is None
    assert "no padding token" in str(counted(cfg, "ArceeForSequenceClassification", 2, 5))
    m = symparam.from_hf_config(cfg)
    assert "with pad_token_id 0 where the config sets none" in forward.flops(m, 2, 5).convention


def test_only_the_classes_a_file_lacks_are_fitted_again() -> None:
    """``fit_records.py --flops --heads``: the classes refused as not fitted yet that the
    fitter now reads, merged into the file with the others kept as they were, in the
    record's order; a class whose child failed refused with the child's reason."""
    from symparam.fitting import heads

    record = {"base": "XModel", "classes": ["XModel", "XForMaskedLM", "XForTokenClassification",
                                            "XForMultipleChoice", "XForPreTraining"]}
    old = "not fitted yet: only the base model and its language-model heads are read"
    data = {"format": 1, "classes": {"XModel": {"flops": 1}, "XForMaskedLM": {"flops": 2}},
            "refused": {c: old for c in record["classes"][2:]}, "cpu_seconds": 10.0}
    assert heads.new_classes(data, record) == ["XForTokenClassification"]
    got = {"classes": {"XForTokenClassification": {"flops": 3}}, "refused": {},
           "cpu_seconds": 2.5}
    out = heads.merged(data, record, "XForTokenClassification", got)
    assert list(out["classes"]) == record["classes"][:3]
    assert out["classes"]["XModel"] == {"flops": 1} and out["cpu_seconds"] == 12.5
    assert "XForTokenClassification" not in out["refused"]
    out = heads.reworded(out, record)
    assert "choices" in out["refused"]["XForMultipleChoice"]
    assert out["refused"]["XForPreTraining"].startswith(heads.NOT_YET)
    assert "question-answering" in out["refused"]["XForPreTraining"]
    died = heads.merged(data, record, "XForTokenClassification",
                        {"refused": "ran out of CPU time (more than 45 s)"})
    assert died["refused"]["XForTokenClassification"].startswith("ran out of CPU time")
    assert list(died["classes"]) == ["XModel", "XForMaskedLM"]
