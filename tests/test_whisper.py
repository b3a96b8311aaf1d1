"""Whisper's own pieces against torch and transformers: the convolutional front end (the stride
halves the frames), the audio classifier's fixed sequence, the classes that build only one of
the two stacks, and the paper's reading in each language."""

from __future__ import annotations

import pytest

import symparam
from symparam.compute import compute
from symparam.errors import InvalidValueError
from tests.tools import need

oracle = need("tests.oracle")
torch, transformers = oracle.torch, oracle.transformers


def test_front_end_flops_are_two_torch_convolutions() -> None:
    """whisper-small's stem as torch runs it on 3,000 frames of 80 mel bins: conv1 (80 → 768,
    kernel 3, padding 1) keeps the frames, conv2 (stride 2) halves them to 1,500; the GELUs
    multiply nothing."""
    from torch.utils.flop_counter import FlopCounterMode

    with torch.device("meta"):
        conv1 = torch.nn.Conv1d(80, 768, kernel_size=3, padding=1)
        conv2 = torch.nn.Conv1d(768, 768, kernel_size=3, stride=2, padding=1)
        frames = torch.zeros((2, 80, 3000))
    counter = FlopCounterMode(display=False)
    with counter:
        out = torch.nn.functional.gelu(conv2(torch.nn.functional.gelu(conv1(frames))))
    assert out.shape[-1] == 1500
    parts = dict(compute(symparam.model("whisper-small"), seq=8, batch=2).parts)
    assert parts["model.encoder.conv1"] + parts["model.encoder.conv2"] == \
        counter.get_total_flops()
    assert parts["model.encoder.conv1"] == 2 * 2 * 3000 * 768 * 80 * 3


def test_audio_classifier_takes_no_sequence_length() -> None:
    """The audio fixes the encoder's sequence: the classifier's FLOPs need no s, and refuse one."""
    config = {"model_type": "whisper", "architectures": ["WhisperForAudioClassification"],
              "d_model": 16, "encoder_layers": 2, "encoder_attention_heads": 4,
              "encoder_ffn_dim": 24, "max_source_positions": 6, "num_mel_bins": 5,
              "classifier_proj_size": 8, "use_weighted_layer_sum": True}
    from tests.test_flops import counted

    m = symparam.from_hf_config(config)
    assert compute(m, batch=2).flops == counted(config, m.label, 2, 1)
    assert m.count() == sum(_numel(oracle.from_config(config, m.label)))
    with pytest.raises(InvalidValueError, match="fixes its sequence"):
        compute(m, seq=4)


def _numel(shapes: dict[str, tuple[int, ...]]) -> list[int]:
    out = []
    for shape in shapes.values():
        n = 1
        for dim in shape:
            n *= dim
        out.append(n)
    return out


@pytest.mark.parametrize(("cls", "heads", "unread"), [
    ("WhisperForCausalLM", {"encoder_attention_heads": 3, "decoder_attention_heads": 4},
     {"N", "d_ff", "h", "L_enc", "n_mels"}),
    ("WhisperForAudioClassification", {"encoder_attention_heads": 4, "decoder_attention_heads": 5},
     {"N_dec", "d_ff_dec", "h_dec", "V", "L"}),
])
def test_a_class_reads_only_the_stack_it_builds(cls: str, heads: dict[str, int],
                                                 unread: set[str]) -> None:
    """The decoder alone builds no encoder and the audio classifier no decoder: heads that do
    not split d_model in the stack a class does not build are no error, as transformers
    builds the class all the same."""
    config = {"model_type": "whisper", "architectures": [cls], "d_model": 16, **heads}
    hf = transformers.AutoConfig.for_model(**{k: v for k, v in config.items()
                                              if k != "architectures"})
    with torch.device("meta"):
        real = getattr(transformers, cls)(hf).num_parameters()
    m = symparam.from_hf_config(config)
    assert m.count() == real
    assert not set(m.values) & unread


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("stride of 2", "halves the frames", "GELU", "Sinusoidal", "learned position")),
    ("zh", ("步长为 2", "减半", "GELU", "正弦位置编码", "可学习的位置编码")),
    ("ko", ("스트라이드가 2", "절반", "GELU", "사인파 위치 임베딩", "학습되는 위치 임베딩")),
])
def test_the_papers_architecture_in_each_language(lang: str, words: tuple[str, ...]) -> None:
    text = symparam.model("whisper-small").derive().to_markdown(lang=lang)
    assert all(word in text for word in words)
    assert r"$n_{\mathrm{mels}}$" in text and r"$L_{\mathrm{enc}}$" in text
    assert "Radford" in text
    # the reading is Whisper's: BART has none
    assert "mel" not in symparam.model("bart-large").derive().to_markdown(lang="en")
