"""GPT-2 (Radford et al. 2019), as transformers' ``GPT2Model`` and ``GPT2LMHeadModel`` build it,
and the decoders built the same way: GPT-Neo and GPT-BigCode.

Token (V×H) and learned position (L×H) tables; N pre-LN blocks, each with LayerNorm, fused QKV
projection ``c_attn`` (H → 3H) and output projection ``c_proj``, LayerNorm, and an MLP
H → d_ff → H; a final LayerNorm. GPT-2 stores its projections as ``Conv1D``, whose weights are
(in, out). The LM head has no bias and is tied to the token table, so it adds nothing. With
``add_cross_attention`` each block also attends to an encoder's states (``crossattention``
and ``ln_cross_attn``). Heads split H without adding weights, so ``h`` must divide ``H`` but
does not enter the count.

GPT-BigCode (SantaCoder, StarCoder; Allal et al. 2023) keeps GPT-2's names with torch's
``Linear`` layout (``linear_layout``) and, with ``multi_query``, one key/value head of H/h shared
by all h query heads (Shazeer 2019): ``c_attn`` is H → H + 2H/h instead of 3H, and a decoder
caches 2H/h numbers a token instead of 2H. GPT-Neo (Black et al. 2021) gives each
block separate q, k, v projections without biases and an output projection with one, under
``attn.attention`` (``neo_attention``), and does not scale its scores by 1/√d_head; its layers
alternate global attention and local attention over the last ``window_size`` tokens
(``local_layers``), which differ only in their mask: the weights are the same and eager
attention computes every score of both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    HEADS_SPLIT_HIDDEN,
    CrossAttention,
    activation_of,
    activation_option,
    decoder_class,
    decoder_heads,
    tie_option,
    variant,
)
from symparam.assumptions import FFN_4H
from symparam.blocks import (
    Activation,
    Attention,
    Block,
    Conv1D,
    Embedding,
    LayerNorm,
    Linear,
    Repeat,
    Residual,
    Sequential,
    marked,
)
from symparam.blocks.saved import Key, same_tensor
from symparam.blocks.sharding import column, row
from symparam.errors import ConfigError
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.limits import MAX_LAYERS_LISTED
from symparam.modeltype import ActivationName, Flag, KeyPair, ModelType, Reader, Size, heads
from symparam.symbols import H, L, N, V, d_ff, h


def attention(options: Mapping[str, Any]) -> Attention:
    """Self-attention: GPT-2's fused ``c_attn`` (multi-query: one key/value head), or GPT-Neo's
    separate projections."""
    if options["neo_attention"]:
        # q, k and v read ln_1's output; the core, a method written inline, casts q and k to
        # fp32 and takes its softmax there
        k, v, q = (column(Linear(H, H, bias=False)) for _ in range(3))
        same_tensor("ln_1 output", (q, "input"), (k, "input"), (v, "input"))
        return Attention(H, H, kv_cache=2 * H, heads=h, scaled=False, recomputable=False,
                         softmax_fp32=True, fp32_inputs=("q", "k"), attention=Sequential(
            k_proj=k, v_proj=v, q_proj=q, out_proj=row(Linear(H, H))))
    project = Linear if options["linear_layout"] else Conv1D
    # q, k and v come to the core as slices of c_attn's output
    fused = H + 2 * H / h if options["multi_query"] else 3 * H
    views = dict.fromkeys("qkv", (Key("c_attn output"), fused))
    # GPT-BigCode: its softmax in fp32, c_attn's output laid out (B, s, h, 3·d_head) unless
    # multi-query
    bigcode = {"softmax_fp32": True, "interleaved": not options["multi_query"]} \
        if options["linear_layout"] else {}
    if options["multi_query"]:  # one key/value head of H/h (the heads split H evenly)
        return Attention(H, H, kv_cache=2 * H / h, heads=h, masked=True, views=views,
                         kv_heads=1, c_attn=column(project(H, fused)), c_proj=row(project(H, H)),
                         **bigcode)
    return Attention(H, H, kv_cache=2 * H, heads=h, masked=True, views=views,
                     c_attn=column(project(H, fused)), c_proj=row(project(H, H)), **bigcode)


def block(options: Mapping[str, Any]) -> Sequential:
    project = Linear if options["linear_layout"] or options["neo_attention"] else Conv1D
    parts: dict[str, Block] = {"ln_1": LayerNorm(H), "attn": attention(options),
                               "ln_2": LayerNorm(H)}
    if options["add_cross_attention"]:
        parts["crossattention"] = marked(CrossAttention(
            "GPT-2", c_attn=project(H, 2 * H), q_attn=project(H, H), c_proj=project(H, H)),
            "attention")
        # its norm runs only with it
        parts["ln_cross_attn"] = CrossAttention("GPT-2", **{"": LayerNorm(H)})
    # GPT-BigCode's default activation is the tanh GELU in torch's kernel
    default = "gelu_pytorch_tanh" if options["linear_layout"] else "gelu_new"
    layer = Sequential(**parts, mlp=mlp(project, activation_of(options, default)),
                       residual=Residual(H, adds=2))
    # GPT2Block(hidden_states, past, cache_position, mask, …); GPT-Neo's and GPT-BigCode's
    # take it by name
    layer.called_with_mask = not options["neo_attention"] and not options["linear_layout"]
    return layer


def mlp(project: type[Linear] | type[Conv1D], activation: str) -> Sequential:
    """c_fc (H → d_ff), the activation, c_proj (d_ff → H), which reads the activation's
    output (one tensor, where the activation keeps its output too)."""
    act, c_proj = Activation(d_ff, fn=activation), row(project(d_ff, H))
    same_tensor("activation output", (act, "output"), (c_proj, "input"))
    return Sequential(kind="mlp", c_fc=column(project(H, d_ff)), act=act, c_proj=c_proj)


def gpt2_model(options: Mapping[str, Any]) -> Sequential:
    # wpe looks up one row of positions made for each forward pass
    return Sequential(
        wte=Embedding(V, H), wpe=Embedding(L, H, summed=True, indices="positions"),
        h=Repeat(N, block(options)), ln_f=LayerNorm(H),
    )


def build(architecture: str, options: Mapping[str, Any]) -> Sequential:
    body = gpt2_model(options)
    return decoder_class(architecture, "transformer", body, body["wte"],
                         options["tie_word_embeddings"], token_head="classifier")


FAMILY = Family(
    name="gpt2",
    title="GPT-2",
    description="GPT-2 decoder (Radford et al. 2019): learned positions, pre-LN, tied LM head",
    architectures={
        "GPT2LMHeadModel": "decoder with the LM head tied to the token embeddings",
        "GPT2Model": "decoder without a head",
        "GPT2ForSequenceClassification": "decoder with a bias-free H → n_labels score",
        **decoder_heads("GPT2"),
    },
    build=build,
    options=(tie_option(True),
             Option("add_cross_attention", False,
                    "a cross-attention over an encoder's states in every block"),
             activation_option("gelu_new"),
             variant("linear_layout", "projections stored as torch's Linear, (out, in) "
                     "(GPT-BigCode)"),
             variant("multi_query", "one key/value head shared by every query head: c_attn is "
                     "H → H + 2H/h (GPT-BigCode)"),
             variant("neo_attention", "separate q, k, v and out projections, unscaled scores "
                     "(GPT-Neo)"),
             Option("local_layers", (), "1 for each layer that attends to the last window_size "
                    "tokens only, 0 for a global one (GPT-Neo; no weights, and eager attention "
                    "computes every score either way)", variant=True)),
    divides=(
        HEADS_SPLIT_HIDDEN,
    ),
)


@frozen
class FlagWithout(KeyPair):
    """A flag transformers refuses to build together with another (GPT-BigCode has no
    cross-attention for multi-query attention)."""

    without: str
    also = "without"

    def read(self, config: Reader) -> bool:
        value = config.flag(self.key)
        if value and config.flag(self.without):
            raise ConfigError(f"{config.where}: {config.spelled.get(self.key, self.key)} is "
                              f"true with {self.without}; transformers has no cross-attention "
                              "for multi-query attention")
        return value


@frozen
class AttentionTypes(KeyPair):
    """GPT-Neo's ``attention_types``: runs of a pattern, ``[[["global", "local"], 12]]`` (also
    what null means) for 24 alternating layers; each layer global or local, as many as
    ``num_layers`` (transformers refuses anything else)."""

    depth: str
    also = "depth"

    def read(self, config: Reader) -> tuple[int, ...]:
        key = config.spelled.get(self.key, self.key)
        depth = config.positive_int(self.depth, config.given(self.depth))
        runs = config.given(self.key)
        if runs is None:  # transformers' default: global and local in turn, 24 layers
            runs = [[["global", "local"], 12]]
        valid = isinstance(runs, list) and all(
            isinstance(run, list | tuple) and len(run) == 2 and isinstance(run[0], list)
            and all(kind in ("global", "local") for kind in run[0])
            and isinstance(run[1], int) and not isinstance(run[1], bool)
            for run in runs)
        if not valid:
            raise ConfigError(f"{config.where}: {key} must list [[kinds], times] runs of "
                              '"global" and "local" layers')
        total = sum(len(kinds) * max(times, 0) for kinds, times in runs)
        if total != depth:
            raise ConfigError(f"{config.where}: {key} gives {total} layers but there are "
                              f"{depth}; transformers refuses the config")
        if depth > MAX_LAYERS_LISTED:
            raise ConfigError(f"{config.where}: {depth} layers is more than symparam lists "
                              "one by one")
        return tuple(int(kind == "local") for kinds, times in runs for _ in range(times)
                     for kind in kinds)


#: GPT-2's and GPT-BigCode's spellings of the sizes; a null n_inner is 4H
_GPT2_SIZES = (Size("N", "n_layer"), Size("V", "vocab_size"), Size("L", "n_positions"),
               Size("H", "n_embd"), Size("d_ff", "n_inner", null=FFN_4H), Size("h", "n_head"))

#: GPT-2 itself; GPT-BigCode and GPT-Neo extend it by what differs (their LM head is a
#: ``ForCausalLM``)
GPT2 = ModelType("gpt2", FAMILY, base="GPT2Model",
                 classes=heads("GPT2", "GPT2", "LMHeadModel", "Model", "ForSequenceClassification",
                               "ForTokenClassification", "ForQuestionAnswering"),
                 sizes=_GPT2_SIZES,
                 rules=(Flag("add_cross_attention"),
                        ActivationName("activation", "activation_function", "gelu_new")))

MODEL_TYPES = (
    GPT2,
    GPT2.extend("gpt_bigcode", "GPTBigCode", without=("ForQuestionAnswering",),
                renamed={"LMHeadModel": "GPTBigCodeForCausalLM"},
                rules=(Flag("multi_query"),
                       ActivationName("activation", "activation_function", "gelu_pytorch_tanh"),
                       FlagWithout("add_cross_attention", "add_cross_attention", "multi_query")),
                fixed={"linear_layout": True}),
    GPT2.extend("gpt_neo", "GPTNeo", renamed={"LMHeadModel": "GPTNeoForCausalLM"},
                sizes=(Size("N", "num_layers"), Size("V", "vocab_size"),
                       Size("L", "max_position_embeddings"), Size("H", "hidden_size"),
                       Size("d_ff", "intermediate_size", null=FFN_4H), Size("h", "num_heads")),
                rules=(ActivationName("activation", "activation_function", "gelu_new"),
                       AttentionTypes("local_layers", "attention_types", "num_layers")),
                fixed={"neo_attention": True}),
)
