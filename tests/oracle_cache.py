"""What the real class keeps for decoding and spends on a decoding step: the caches
transformers makes (DynamicCache, EncoderDecoderCache, a state-space model's own), filled by
small real weights on the CPU, and torch's counter on one new token."""

from __future__ import annotations

from typing import Any

from tests.declared import (
    indexes_by_value,
)
from tests.on_meta import torch, transformers
from tests.oracle_run import inputs, with_mrope


def prefilled(tiny: dict[str, Any], images: int, batch: int, seq: int) -> tuple[Any, Any]:
    """The class ``tiny`` (a small vision–language config.json's dict) names, with small real
    weights (seed 0), eager attention and experts, after a prompt of ``images`` images and
    ``seq`` text tokens a sequence: (the model, the DynamicCache generate makes)."""
    model_type, cls = tiny["model_type"], tiny["architectures"][0]
    data = {k: v for k, v in tiny.items() if k not in ("model_type", "architectures")}
    hf = transformers.AutoConfig.for_model(model_type, **data)
    for part in (hf, hf.text_config, hf.vision_config):
        part._attn_implementation = "eager"
        part._experts_implementation = "eager"  # Llama 4's experts: one matmul each, counted
    torch.manual_seed(0)
    model = getattr(transformers, cls)(hf).eval()
    fed = inputs(model_type, cls, hf, batch, seq, None, images)
    cache = transformers.DynamicCache(config=hf.get_text_config())
    with torch.no_grad():
        model(**fed, past_key_values=cache, use_cache=True)
    return model, cache


def decoding_step(model: Any, cache: Any, batch: int) -> int:
    """The FLOPs torch's counter sees for one new token a sequence after ``cache``."""
    from torch.utils.flop_counter import FlopCounterMode

    counter = FlopCounterMode(display=False)
    with torch.no_grad(), counter:
        model(input_ids=torch.ones((batch, 1), dtype=torch.long), past_key_values=cache,
              use_cache=True)
    return counter.get_total_flops()


def check_decoding_after_images(tiny: dict[str, Any], images: int, batch: int,
                                 seq: int) -> Any:
    """After a prompt of ``images`` images and ``seq`` text tokens (:func:`prefilled`), the
    KV cache symparam gives (fp32) is the numbers the real cache holds, and a decoding step's
    FLOPs are what torch's counter sees (:func:`decoding_step`). Returns symparam's model of
    ``tiny``."""
    import symparam
    from symparam.compute import compute
    from symparam.memory import memory

    model, cache = prefilled(tiny, images, batch, seq)
    m = symparam.from_hf_config(tiny)
    assert memory(m, seq=seq, batch=batch, dtype="fp32", images=images).kv_total == \
        4 * _held(cache.layers)
    assert compute(m, seq=seq, batch=batch, decode=True, images=images).flops == \
        decoding_step(model, cache, batch)
    return m


def takes_cache(cls: str) -> bool:
    """Whether the class's forward takes ``past_key_values`` (a question-answering head and
    OpenAI GPT do not)."""
    import inspect

    return "past_key_values" in inspect.signature(getattr(transformers, cls).forward).parameters


def _small(config: dict[str, Any], cls: str) -> tuple[Any, Any]:
    """The real class built from ``config`` with small real weights on the CPU, eager attention
    and experts (a classifier that reads the last <eos> fed one at every token), and its
    config."""
    data = {k: v for k, v in with_mrope(config).items()
            if k not in ("model_type", "architectures")}
    if indexes_by_value(config["model_type"], cls):  # it classifies at the last <eos>: every
        # token fed is one (eos_token_id 0, the only token fed), and an encoder–decoder's
        # decoder starts from it where its config names no start token
        data = {"decoder_start_token_id": 0, **data, "eos_token_id": 0}
    hf_config = transformers.AutoConfig.for_model(config["model_type"], **data)
    hf_config._attn_implementation = "eager"
    hf_config._experts_implementation = "eager"
    return getattr(transformers, cls)(hf_config).eval(), hf_config


def _held(layers: Any) -> int:
    """The numbers a cache's layers hold: keys and values, conv and recurrent states."""
    total = 0
    for layer in layers:
        for name in ("keys", "values", "conv_states", "recurrent_states"):
            held = getattr(layer, name, None)
            held = held.values() if isinstance(held, dict) else [held]
            total += sum(t.numel() for t in held if isinstance(t, torch.Tensor))
    return total


def cached(config: dict[str, Any], cls: str, batch: int, seq: int) -> int:
    """The numbers the real class keeps in transformers' DynamicCache (the one generate
    makes) after ``batch`` sequences of ``seq`` tokens (small real weights on the CPU, eager
    attention and experts): full layers ``seq`` positions, sliding-window layers their last
    window − 1 (a window of one keeps every position: its slice [-W + 1:] is then whole)."""
    model, hf_config = _small(config, cls)
    cache = transformers.DynamicCache(config=hf_config)
    with torch.no_grad():
        model(input_ids=torch.zeros((batch, seq), dtype=torch.long), past_key_values=cache,
              use_cache=True)
    return _held(cache.layers)


def decoded(config: dict[str, Any], cls: str, batch: int, seq: int) -> int:
    """The FLOPs torch's counter sees the real class spend on one decoding step: one new token
    a sequence after ``batch`` sequences of ``seq`` tokens, held in the DynamicCache generate
    makes (small real weights on the CPU, eager attention and experts)."""
    from torch.utils.flop_counter import FlopCounterMode

    model, hf_config = _small(config, cls)
    cache = transformers.DynamicCache(config=hf_config)
    counter = FlopCounterMode(display=False)
    with torch.no_grad():
        model(input_ids=torch.zeros((batch, seq), dtype=torch.long), past_key_values=cache,
              use_cache=True)
        with counter:
            model(input_ids=torch.zeros((batch, 1), dtype=torch.long), past_key_values=cache,
                  use_cache=True)
    return counter.get_total_flops()


def cached_both(config: dict[str, Any], cls: str, batch: int, seq: int,
                target: int | None) -> int:
    """The numbers an encoder–decoder keeps in transformers' EncoderDecoderCache after a
    forward pass on ``batch`` sources of ``seq`` tokens (Whisper's mel frames) and ``target``
    decoder tokens (small real weights on the CPU, eager attention): its decoder's self-attention
    keys and values and those its cross-attention made of the encoder's states."""
    model, hf_config = _small(config, cls)
    fed = inputs(config["model_type"], cls, hf_config, batch, seq, target)
    fed.pop("use_cache", None)
    cache = transformers.EncoderDecoderCache(transformers.DynamicCache(),
                                             transformers.DynamicCache())
    with torch.no_grad():
        model(**fed, past_key_values=cache, use_cache=True)
    return _held([*cache.self_attention_cache.layers, *cache.cross_attention_cache.layers])


def kept(config: dict[str, Any], cls: str, batch: int, seq: int) -> int:
    """The numbers the real class keeps in the cache it makes itself after ``batch``
    sequences of ``seq`` tokens (small real weights on the CPU): keys and values of attention
    layers, the conv and recurrent states of state-space and linear-attention layers."""
    model, hf_config = _small(config, cls)
    ids = torch.zeros((batch, seq), dtype=torch.long)
    with torch.no_grad():
        out = model(input_ids=ids, use_cache=True)
        cache = getattr(out, "past_key_values", None) or getattr(out, "cache_params", None)
        if cache is None:  # a task head that returns no cache: the cache given it, filled
            cache = transformers.DynamicCache(config=hf_config)
            model(input_ids=ids, past_key_values=cache, use_cache=True)
    return _held(cache.layers)
