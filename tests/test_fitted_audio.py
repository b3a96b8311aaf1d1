"""Forward FLOPs of speech encoders fed raw waveforms (``input_values``): the waveform made to
give exactly s frames (symparam/fitting/audio_made.py) against transformers' own frame count
and its feature encoder on the meta device; a fitted type's FLOPs against FlopCounterMode at
sizes, a batch and frames no fit used; what the forward ran on, said in each language; and
the refusals, by name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import symparam
from symparam.cli import main
from symparam.fitted import forward
from symparam.fitting.audio_made import length
from tests.test_fitted_flops import config, counted, refused

#: wav2vec2's feature encoder (and HuBERT's, WavLM's …), and SEW's, which strides by 1 too
CHAINS = {"wav2vec2": ([10, 3, 3, 3, 3, 2, 2], [5, 2, 2, 2, 2, 2, 2]),
          "sew": ([10, 3, 1, 3, 1, 3, 1, 3, 1, 2, 1, 2, 1],
                  [5, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1]),
          "odd": ([7, 5, 4], [3, 1, 4])}


@pytest.mark.parametrize("chain", sorted(CHAINS))
def test_a_waveform_gives_exactly_its_frames(chain: str) -> None:
    """length(s) samples make s frames by transformers' own count
    (``_get_feat_extract_output_lengths``), and one sample fewer makes s − 1: no sample is
    left over, so the frames are no floor of the length."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    kernels, strides = CHAINS[chain]
    cfg = transformers.Wav2Vec2Config(conv_kernel=kernels, conv_stride=strides,
                                      conv_dim=[8] * len(kernels), num_hidden_layers=1,
                                      hidden_size=16, num_attention_heads=2,
                                      intermediate_size=8, num_conv_pos_embeddings=4,
                                      num_conv_pos_embedding_groups=2)
    with torch.device("meta"):
        model = transformers.Wav2Vec2Model(cfg)
    for frames in (1, 2, 7, 49, 1500):
        samples = length(kernels, strides, frames)
        got = model._get_feat_extract_output_lengths(torch.tensor([samples, samples - 1]))
        assert got.tolist() == [frames, frames - 1], (frames, samples)
    with torch.no_grad():  # the feature encoder itself, on the meta device
        out = model.feature_extractor(torch.zeros((2, length(kernels, strides, 13)),
                                                  device="meta"))
    assert tuple(out.shape) == (2, 8, 13)


def test_wav2vec2s_length_is_its_receptive_field_and_hop() -> None:
    """wav2vec2's default: 400 samples (25 ms at 16 kHz) for the first frame, 320 (20 ms)
    for each after it — the numbers its paper gives, not read off the function."""
    kernels, strides = CHAINS["wav2vec2"]
    assert [length(kernels, strides, s) for s in (1, 2, 50)] == [400, 720, 400 + 49 * 320]
    with pytest.raises(ValueError):
        length(kernels, strides, 0)


def audio_fitted(model_type: str, cls: str) -> bool:
    data = forward.flops_file(model_type)
    return data is not None and cls in data["classes"]


#: wav2vec2 at sizes none of its fits used: 3 layers, 6 heads, an odd kernel of the
#: positional convolution (its padding ⌊K/2⌋ then keeps s frames, an even one makes s + 1)
W2V = {"hidden_size": 96, "num_attention_heads": 6, "num_hidden_layers": 3,
       "intermediate_size": 100, "num_conv_pos_embeddings": 15,
       "num_conv_pos_embedding_groups": 4, "vocab_size": 40}


@pytest.mark.parametrize("cls", ["Wav2Vec2Model", "Wav2Vec2ForCTC"])
def test_waveforms_the_fit_never_saw(cls: str) -> None:
    """wav2vec2's fitted FLOPs are FlopCounterMode's on the meta device, on waveforms of
    the samples that make s frames, at sizes, batches and frames no fit used (and at an
    even kernel of the positional convolution)."""
    pytest.importorskip("transformers")
    if not audio_fitted("wav2vec2", cls):
        pytest.skip(f"{cls}'s FLOPs are not fitted")
    data = forward.flops_file("wav2vec2")
    keys = data["classes"][cls]["audio_keys"]
    for sizes, batch, seq in ((W2V, 3, 41), ({**W2V, "num_conv_pos_embeddings": 10}, 1, 7)):
        cfg = config("wav2vec2", cls, **sizes)
        m = symparam.from_hf_config(cfg)
        got = forward.flops(m, batch, seq).flops
        assert got == counted(cfg, cls, batch, seq, audio_keys=keys), (sizes, batch, seq)


def test_flops_cli_says_what_waveforms_it_ran_on(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    """``symparam flops`` on wav2vec2 says how many waveforms of how many samples, and the
    frames (``--seq``) their feature encoder makes; ``--json`` gives the input's shape; the
    frames are asked for where left out."""
    if not audio_fitted("wav2vec2", "Wav2Vec2Model"):
        pytest.skip("wav2vec2's FLOPs are not fitted")
    cfg = config("wav2vec2", "Wav2Vec2Model", **W2V)
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    assert main(["flops", str(path), "--batch", "2", "--seq", "49", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    samples = 400 + 48 * 320  # 49 frames of wav2vec2's hop after its first
    assert got["inputs"] == {"input_values": [2, samples]}
    assert got["run_on"] == (f"run on 2 waveforms of {samples} samples each, 49 frames after "
                             "the feature encoder")
    assert "input_values of B × (320*s + 80) (no other input; s: the frames" in got["convention"]
    assert "give the frames its feature encoder makes of each waveform: --seq" in refused(
        ["flops", str(path)], capsys)


@pytest.mark.parametrize("lang", ["zh", "ko"])
def test_waveforms_said_in_each_language(lang: str) -> None:
    """The waveforms said in Chinese and Korean with the record's numbers, no English."""
    if not audio_fitted("wav2vec2", "Wav2Vec2Model"):
        pytest.skip("wav2vec2's FLOPs are not fitted")
    m = symparam.from_hf_config(config("wav2vec2", "Wav2Vec2Model", **W2V))
    said = forward.run_on(m, 2, 49, lang)
    assert "15760" in said and "49" in said and "2" in said
    assert not re.search(r"[A-Za-z]", said), said


def test_audio_no_config_key_sizes_is_refused_by_name() -> None:
    """A waveform is made only where the config holds a feature encoder's kernels and
    strides (a codec's, padded, holds none: refused by name, never a length guessed), and
    spectrograms only of the frames a config key fixes (Parakeet's are of any length); a
    forward that needs more than the waveform is refused naming what."""
    pytest.importorskip("transformers")
    from symparam.fitting.fitter import FitError
    from symparam.fitting.inputs_made import plan

    with pytest.raises(FitError, match="holds no conv_kernel"):
        plan(symparam.fitted.load("dac"), ["input_values"], False)
    with pytest.raises(FitError, match="not padding_mask beside it"):
        plan(symparam.fitted.load("wav2vec2"), ["input_values", "padding_mask"], False)
    made = plan(symparam.fitted.load("wav2vec2"), ["input_values"], False)
    assert (made.kernels, made.strides, made.sequence) == ("conv_kernel", "conv_stride", True)
    with pytest.raises(FitError, match="input_features of a length no config key fixes"):
        plan(symparam.fitted.load("parakeet_encoder"), ["input_features"], False)
    mel = plan(symparam.fitted.load("qwen2_audio_encoder"), ["input_features"], False)
    assert (mel.bins, mel.positions, mel.sequence) == ("num_mel_bins",
                                                       "max_source_positions", False)
    frames = plan(symparam.fitted.load("wav2vec2-bert"), ["input_features"], False)
    assert (frames.width, frames.sequence) == ("feature_projection_input_dim", True)


def test_a_size_halved_is_fitted() -> None:
    """A convolution of K taps padded by ⌊K/2⌋ makes s + 2·⌊K/2⌋ − K + 1 frames: s where K
    is odd, s + 1 where even; the solver finds it where halves are asked for, and nothing
    fits without them."""
    from symparam.fitting import solve

    points = [{"s": s, "K": k} for s, k in ((8, 128), (16, 128), (4, 128), (8, 256),
                                            (8, 64), (9, 129), (20, 65), (3, 128), (7, 33))]
    values = [p["s"] + 1 - p["K"] % 2 for p in points]
    found = solve.candidates(["K", "s"], points, values, halves=True)
    assert [str(c.expr()) for c in found] == ["-K + s + 2*floor(K/2) + 1"]
    assert solve.candidates(["K", "s"], points, values) == []


#: Qwen2-Audio's encoder at sizes none of its fits used: 40 mel bins, 50 positions (so 100
#: frames: Whisper's second convolution strides by 2), 3 layers of 6 heads
QWEN = {"num_mel_bins": 40, "max_source_positions": 50, "d_model": 96,
        "encoder_attention_heads": 6, "encoder_layers": 3, "encoder_ffn_dim": 100}


def test_spectrograms_the_fit_never_saw(capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    """A Whisper-like encoder reads exactly 2·max_source_positions frames: its FLOPs are
    FlopCounterMode's on such spectrograms at sizes no fit used, with no s; what it ran on is
    said, and ``--seq`` is refused in one line."""
    pytest.importorskip("transformers")
    if not audio_fitted("qwen2_audio_encoder", "Qwen2AudioEncoder"):
        pytest.skip("Qwen2-Audio's encoder's FLOPs are not fitted")
    data = forward.flops_file("qwen2_audio_encoder")
    keys = data["classes"]["Qwen2AudioEncoder"]["mel_keys"]
    cfg = config("qwen2_audio_encoder", "Qwen2AudioEncoder", **QWEN)
    m = symparam.from_hf_config(cfg)
    for batch in (1, 3):
        got = forward.flops(m, batch, None).flops
        assert got == counted(cfg, m.label, batch, None, mel_keys=keys), batch
    assert forward.run_on(m, 2, None) == ("run on 2 log-mel spectrograms of 40 bins × 100 "
                                          "frames each")
    for lang in ("zh", "ko"):
        said = forward.run_on(m, 2, None, lang)
        assert "40" in said and "100" in said and not re.search(r"[A-Za-z]", said), said
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    err = refused(["flops", str(path), "--seq", "8"], capsys)
    assert "leave out --seq" in err and "40 bins × 100 frames" in err


#: Wav2Vec2-BERT at sizes none of its fits used: frames of 40 values, 3 layers of 4 heads,
#: a depthwise kernel of 7 taps (odd, as its "same" padding needs)
BERT = {"feature_projection_input_dim": 40, "hidden_size": 96, "num_attention_heads": 4,
        "num_hidden_layers": 3, "intermediate_size": 100, "conv_depthwise_kernel_size": 7}


def test_feature_frames_the_fit_never_saw() -> None:
    """Wav2Vec2-BERT reads B × s frames of features, one a position: its FLOPs are
    FlopCounterMode's on them at sizes, batches and frames no fit used, and what it ran on
    is said with the frames and their width."""
    pytest.importorskip("transformers")
    if not audio_fitted("wav2vec2-bert", "Wav2Vec2BertModel"):
        pytest.skip("Wav2Vec2-BERT's FLOPs are not fitted")
    data = forward.flops_file("wav2vec2-bert")
    keys = data["classes"]["Wav2Vec2BertModel"]["frame_keys"]
    cfg = config("wav2vec2-bert", "Wav2Vec2BertModel", **BERT)
    m = symparam.from_hf_config(cfg)
    for batch, seq in ((1, 5), (3, 29)):
        got = forward.flops(m, batch, seq).flops
        assert got == counted(cfg, m.label, batch, seq, frame_keys=keys), (batch, seq)
    assert forward.run_on(m, 2, 29) == ("run on 2 sequences of 29 feature frames of 40 "
                                        "values each")
    for lang in ("zh", "ko"):
        said = forward.run_on(m, 2, 29, lang)
        assert "29" in said and "40" in said and not re.search(r"[A-Za-z]", said), said


def test_a_feature_encoders_layers_are_read_by_their_own_names() -> None:
    """A list's layers that run one operation at different shapes (each convolution of a
    feature encoder its own kernel and stride) are read under each layer's name; one
    module run at two shapes is still refused."""
    from symparam.fitting.fitter import FitError
    from symparam.fitting.forward import _read

    sig = ("feature_extractor.conv_layers.*.conv", 1, "aten.convolution", (), "spec")
    events = [(sig, (2, 1, 400), "how", "feature_extractor.conv_layers.0.conv"),
              (sig, (2, 512, 79), "how", "feature_extractor.conv_layers.1.conv")]
    ops, _ = _read(events)
    assert sorted(k[0] for k in ops) == ["feature_extractor.conv_layers.0.conv",
                                         "feature_extractor.conv_layers.1.conv"]
    same = [(sig, (2, 1, 400), "how", "encoder.layers.0"), (sig, (2, 1, 9), "how",
                                                            "encoder.layers.0")]
    with pytest.raises(FitError, match="runs at different shapes"):
        _read(same)
    folded = [(sig, (2, 8), "how", "encoder.layers.0"), (sig, (2, 8), "how", "encoder.layers.1")]
    assert _read(folded)[0] == {sig: (2, (2, 8))}


def test_a_condition_others_explain_is_left_out() -> None:
    """wav2vec2's H + 1 breaks its positional convolution's groups: ``groups`` dividing H
    explains every such failure, so ``N`` dividing H — true wherever it ran, at N = 2 — is
    not kept (it would refuse wav2vec2-large, 24 layers of 1024)."""
    from symparam.fitting.runs_if import between

    ran = [{"N": n, "G": 16, "H": h} for n, h in ((2, 768), (4, 768), (2, 1536), (1, 768))]
    failed = [({"N": 2, "G": 16, "H": 769}, "groups"), ({"N": 2, "G": 17, "H": 768}, "groups")]
    assert between(["N", "G", "H"], ran, failed) == [["divides", "G", "H", "groups"]]
