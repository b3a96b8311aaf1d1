"""Whisper (Radford et al. 2022, "Robust Speech Recognition via Large-Scale Weak
Supervision"), as transformers' ``WhisperModel`` builds it.

The encoder reads a log-mel spectrogram of n_mels bins and exactly 2·L_enc frames (30 s of
audio at 100 frames a second: L_enc = 1500). Two convolutions over the bins make its front
end: conv1 (n_mels → H, kernel 3, padding 1) keeps the 2·L_enc frames, conv2 (H → H, kernel 3,
stride 2) halves them to L_enc; a GELU follows each. A table of L_enc sinusoidal positions
(an ``nn.Embedding`` that transformers fills with sinusoids and freezes: its weights still
count) is added, then N pre-LN layers (self-attention with h heads, an FFN H → d_ff → H) and
a final LayerNorm. The decoder embeds its tokens (V × H) and adds a learned table of L
positions (``max_target_positions``), then N_dec pre-LN layers of masked self-attention,
cross-attention over the encoder's L_enc states and an FFN H → d_ff_dec → H, with h_dec heads,
and a final LayerNorm. In every attention the key projection has no bias (q, v and out have).

Classes: the encoder–decoder (``WhisperModel``), the recogniser with its output projection
``proj_out`` (tied to the decoder's token table), the decoder alone as a causal LM (its
cross-attention weights are built, but no encoder feeds them) and the audio classifier: the
encoder, a projector H → d_proj on every frame, the mean over the frames and a classifier
d_proj → n_labels (``weighted_layer_sum``: the hidden states of the N + 1 layers mixed by N + 1
learned weights first). For compute the audio fixes the encoder's sequence (L_enc, the first
convolution 2·L_enc) and the decoder writes s tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.bart import decoder_layer, encoder_layer
from symparam.architectures.common import tie_option, variant
from symparam.assumptions import DECODER_DEPTH, DECODER_FFN, DECODER_HEADS
from symparam.blocks import (
    Activation,
    Block,
    Conv1d,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Sequential,
    Tensor,
    marked,
    on_first_token,
    on_sequence,
    unembedding,
)
from symparam.family import Divides, Family
from symparam.inputs import Inputs
from symparam.modeltype import Flag, ModelType, Size, heads
from symparam.symbols import (
    H,
    L,
    L_enc,
    N,
    N_dec,
    V,
    d_proj,
    h,
    h_dec,
    n_labels,
    n_mels,
)


def front_end() -> dict[str, Block]:
    """Two convolutions over the mel bins, each followed by a GELU: the first on the 2·L_enc
    frames, the second (stride 2) on every other one, L_enc."""
    frames = 2 * L_enc
    return {
        "conv1": on_sequence(Conv1d(n_mels, H, 3), frames),
        "conv1_gelu": on_sequence(Activation(H, fn="gelu"), frames),
        "conv2": Conv1d(H, H, 3),
        "conv2_gelu": Activation(H, fn="gelu"),
    }


def encoder() -> Block:
    """The audio encoder on its L_enc positions."""
    return on_sequence(Sequential(
        **front_end(),
        # sinusoids, frozen, but a weight all the same; added to every position
        embed_positions=Embedding(L_enc, H, summed=True, indices="buffer"),
        layers=Repeat(N, encoder_layer(key_bias=False)),
        layer_norm=LayerNorm(H),
    ), L_enc)


def decoder(fed: bool) -> Sequential:
    """The text decoder: tokens and learned positions, N_dec layers, a final LayerNorm; its
    cross-attention reads the encoder's L_enc states (``fed`` false: no encoder, idle)."""
    return Sequential(
        embed_tokens=Embedding(V, H),
        embed_positions=Embedding(L, H, summed=True, indices="batch_positions"),
        layers=Repeat(N_dec, decoder_layer(fed, key_bias=False, encoder=L_enc)),
        layer_norm=LayerNorm(H),
    )


def proj_out(table: Embedding, tied: bool) -> Block:
    """The output projection onto the vocabulary, tied to the decoder's token table or not."""
    return unembedding(marked(Linear(H, V, bias=False, tie=table.weight if tied else None),
                              "head"))


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    tied = bool(options["tie_word_embeddings"])
    if architecture == "WhisperForAudioClassification":
        parts: dict[str, Block] = {"encoder": encoder()}
        if options["weighted_layer_sum"]:  # one weight for each layer's output and the input
            parts["layer_weights"] = marked(Tensor(N + 1), "head")
        # the projector runs on every frame; the classifier on their mean, once a sequence
        parts["projector"] = marked(on_sequence(Linear(H, d_proj), L_enc), "head")
        parts["classifier"] = marked(on_first_token(Linear(d_proj, n_labels)), "head")
        return Sequential(**parts)
    if architecture == "WhisperForCausalLM":  # the decoder alone: no encoder feeds it
        body = decoder(fed=False)
        return Sequential(model=Sequential(decoder=body),
                          proj_out=proj_out(body["embed_tokens"], tied))
    model = Sequential(encoder=encoder(), decoder=decoder(fed=True))
    if architecture == "WhisperModel":
        return model
    return Sequential(model=model, proj_out=proj_out(model["decoder"]["embed_tokens"], tied))


FAMILY = Family(
    name="whisper",
    title="Whisper",
    description="Whisper speech recogniser (Radford et al. 2022): two convolutions over mel "
                "bins, sinusoidal encoder positions, a pre-LN encoder–decoder",
    architectures={
        "WhisperForConditionalGeneration": "encoder, decoder and proj_out (tied to the decoder's "
                                           "token table)",
        "WhisperModel": "encoder and decoder",
        "WhisperForCausalLM": "the decoder alone with proj_out (cross-attention unused)",
        "WhisperForAudioClassification": "encoder with a projector H → d_proj on every frame and "
                                         "a classifier d_proj → n_labels on their mean",
    },
    build=build,
    options=(
        tie_option(True),
        variant("weighted_layer_sum", "the audio classifier mixes the N + 1 hidden states by "
                "learned weights (use_weighted_layer_sum)"),
    ),
    assumptions=(DECODER_DEPTH, DECODER_FFN, DECODER_HEADS),
    divides=(Divides(h, H, "the encoder's heads split the hidden size evenly", where_built=True),
             Divides(h_dec, H, "the decoder's heads split the hidden size evenly",
                     where_built=True)),
    sequences={"WhisperForAudioClassification": L_enc},
    activations_checked=False,
    inputs=Inputs(audio=("WhisperForConditionalGeneration", "WhisperModel",
                         "WhisperForAudioClassification")),
)


#: the classes that build no encoder, and those that build no decoder
NO_ENCODER = ("WhisperForCausalLM",)
NO_DECODER = ("WhisperForAudioClassification",)

MODEL_TYPES = (
    ModelType("whisper", FAMILY, base="WhisperModel",
              classes=heads("Whisper", "Whisper", "ForConditionalGeneration", "Model",
                            "ForCausalLM", "ForAudioClassification"),
              sizes=(Size("N", "encoder_layers", unbuilt=NO_ENCODER),
                     Size("N_dec", "decoder_layers", unbuilt=NO_DECODER),
                     Size("V", "vocab_size", pads=True, unbuilt=NO_DECODER),
                     Size("L", "max_target_positions", unbuilt=NO_DECODER),
                     Size("L_enc", "max_source_positions", unbuilt=NO_ENCODER),
                     Size("n_mels", "num_mel_bins", unbuilt=NO_ENCODER),
                     Size("H", "d_model"), Size("d_ff", "encoder_ffn_dim", unbuilt=NO_ENCODER),
                     Size("d_ff_dec", "decoder_ffn_dim", unbuilt=NO_DECODER),
                     Size("h", "encoder_attention_heads", unbuilt=NO_ENCODER),
                     Size("h_dec", "decoder_attention_heads", unbuilt=NO_DECODER),
                     Size("d_proj", "classifier_proj_size",
                          unbuilt=tuple(c for c in FAMILY.architectures
                                        if c != "WhisperForAudioClassification"))),
              rules=(Flag("weighted_layer_sum", "use_weighted_layer_sum"),)),
)
