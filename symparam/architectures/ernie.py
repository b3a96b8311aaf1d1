"""ERNIE 4.5's mixture of experts (Baidu 2025), as transformers' ``Ernie4_5_MoeModel`` builds it.

LLaMA's decoder (grouped-query attention, RMSNorms, a gated MLP of d_ff) with biases on every
projection and on the LM head with ``use_bias``, rotary embeddings turned in fp32 with tables
each layer interleaves anew (as the dense ERNIE 4.5). The MoE layers: layer i where the
interval p divides i + 1 and i lies from ``moe_layer_start_index`` (N_dense: the layers before
it are dense) to ``moe_layer_end_index``. Each holds a router (``gate``: E × H in fp32, and a
score-correction bias, ``gate.moe_statics.e_score_correction_bias``, 1 × E, which is a
parameter here, though not trained), E experts each a gated MLP H → d_moe → H stored as stacked
tensors, and, with E_sh > 0 shared experts, one MLP of E_sh·d_moe every token passes through
(biases with ``use_bias``). The router takes a softmax over its E logits in fp32, picks the top
k of them after adding the correction bias, and renormalises the k weights: a token's active
parameters count k of the E experts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from symparam.architectures.common import (
    GROUPED_ROTARY_RULES,
    activation_of,
    activation_option,
    tie_option,
)
from symparam.architectures.interleave import runs
from symparam.architectures.llama import SILU, LlamaAttention, LlamaMLP, attention, mlp
from symparam.assumptions import HEAD_SIZE
from symparam.blocks import (
    Activation,
    Block,
    Embedding,
    Experts,
    Linear,
    Repeat,
    Residual,
    RMSNorm,
    Sequential,
    Stack,
    Tensor,
    marked,
    unembedding,
)
from symparam.blocks.moe import Routing
from symparam.blocks.saved import ACT, same_tensor
from symparam.blocks.sharding import column, replicated, row, split
from symparam.errors import ConfigError
from symparam.family import Family, Option
from symparam.frozen import frozen
from symparam.limits import MAX_LAYERS_LISTED
from symparam.modeltype import Flag, HeadSize, ModelType, NullRule, Reader, Rule, Size
from symparam.symbols import E, E_sh, H, N, N_dense, V, d_moe, k


class StatisticsRouter(Linear):
    """ERNIE 4.5's router: an E × H weight (no bias) and, under ``moe_statics``, the 1 × E
    score-correction bias it adds to the softmax's output to choose the top k."""

    def __init__(self) -> None:
        super().__init__(H, E, bias=False)
        self.statistics = Sequential(e_score_correction_bias=Tensor(1, E))

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (*super().children(), ("moe_statics", self.statistics))


def moe(options: Mapping[str, Any]) -> Sequential:
    """Router, experts and the shared experts, registered in that order."""
    act = activation_of(options, "silu")
    bias = bool(options["mlp_bias"])
    gate = replicated(marked(StatisticsRouter(), "router"))
    gate.upcast = True  # in fp32, on copies of its input and weight
    experts = Experts(E, k, inner=d_moe, outer=H, fn=act,
                      gate_up_proj=split(Tensor(E, 2 * d_moe, H), 1),
                      down_proj=split(Tensor(E, H, d_moe), 2))
    experts.weights = ACT  # cast back to the model's dtype
    parts: dict[str, Block] = {
        "gate": gate, "experts": experts,
        "routing": Routing(E, "softmax", E, k, renorm=True, clamped=True, routing=1),
    }
    if options["shared_experts"]:
        width = E_sh * d_moe
        up, gate_proj = column(Linear(H, width, bias=bias)), column(Linear(H, width, bias=bias))
        same_tensor("MLP input", (gate_proj, "input"), (up, "input"), (gate, "input"))
        parts["shared_experts"] = marked(Sequential(
            kind="mlp", gate_proj=gate_proj, up_proj=up,
            down_proj=row(Linear(width, H, bias=bias)),
            act_fn=Activation(width, gated=True, fn=act)), "shared_experts")
        parts["shared_output"] = Residual(H)
    return Sequential(**parts)


def layer(options: Mapping[str, Any], sparse: bool) -> Sequential:
    """A layer: LLaMA's attention, its rotary tables interleaved anew each layer, and a dense
    MLP (LLaMA's) or the experts."""
    attn = attention(LlamaAttention(bias=bool(options["attention_bias"]), rotary_layers="each"))
    dense = LlamaMLP(bias=bool(options["mlp_bias"]), activation=activation_of(options, "silu"))
    return Sequential(self_attn=attn, mlp=moe(options) if sparse else mlp(dense),
                      input_layernorm=RMSNorm(H), post_attention_layernorm=RMSNorm(H),
                      residual=Residual(H, adds=2))


def layers(options: Mapping[str, Any]) -> Block:
    """The listed pattern where a file's interval or end index makes one; else the first
    N_dense layers dense and the rest MoE layers."""
    pattern = options["sparse_layers"]
    if pattern:
        kinds = {kind: layer(options, bool(kind)) for kind in set(pattern)}
        return Stack(*(Repeat(count, kinds[kind], start, stride)
                       for kind, start, count, stride in runs(pattern)))
    if not options["dense_first"]:
        return Repeat(N, layer(options, True))
    return Stack(Repeat(N_dense, layer(options, False)),
                 Repeat(N - N_dense, layer(options, True), start=N_dense))


def build(architecture: str, options: Mapping[str, Any]) -> Block:
    table = Embedding(V, H)
    body = Sequential(embed_tokens=table, layers=layers(options), norm=RMSNorm(H))
    if architecture.endswith("Model"):
        return body
    tied = table.weight if options["tie_word_embeddings"] else None
    head = unembedding(marked(Linear(H, V, bias=bool(options["mlp_bias"]), tie=tied), "head"))
    return Sequential(model=body, lm_head=head)


FAMILY = Family(
    name="ernie",
    title="ERNIE 4.5 MoE",
    description="ERNIE 4.5's mixture of experts: a router with a score-correction bias, routed "
                "and shared experts from a start layer on",
    architectures={
        "Ernie4_5_MoeForCausalLM": "decoder with an LM head (tied by default; its bias with "
                                   "use_bias)",
        "Ernie4_5_MoeModel": "decoder without a head",
    },
    build=build,
    options=(
        tie_option(True),
        Option("attention_bias", False, "biases on the q, k, v and o projections"),
        Option("mlp_bias", False, "biases on the MLPs' projections and the LM head"),
        Option("shared_experts", True, "E_sh shared experts, fused into one MLP"),
        Option("dense_first", True, "the first N_dense layers are dense"),
        Option("sparse_layers", (), "1 for each MoE layer, 0 for each dense one (explicit "
               "list)", variant=True),
        activation_option("silu"),
    ),
    assumptions=(HEAD_SIZE,),
    at_most=(("N_dense", "N", "the dense layers are among the N layers"),),
    divides=GROUPED_ROTARY_RULES,
)


def _index(config: Reader, key: str) -> int:
    """A layer index a file gives (transformers compares it with each layer's)."""
    value = config.given(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{config.where}: {key} must be a layer index, got {value!r}")
    return value


@frozen
class MoeLayers(Rule):
    """Layer i is an MoE layer where ``moe_layer_interval`` divides i + 1 and i lies from
    ``moe_layer_start_index`` to ``moe_layer_end_index`` (−1: the last layer): listed one by
    one, unless the interval is 1 and the end the last layer (then the first N_dense layers
    are dense, :func:`layers`)."""

    option: str

    def reads(self) -> tuple[str, ...]:
        return ("moe_layer_interval", "moe_layer_start_index", "moe_layer_end_index",
                "num_hidden_layers")

    def read(self, config: Reader) -> tuple[int, ...]:
        depth = config.positive_int("num_hidden_layers", config.given("num_hidden_layers"))
        interval = config.positive_int("moe_layer_interval", config.given("moe_layer_interval"))
        start, end = _index(config, "moe_layer_start_index"), \
            _index(config, "moe_layer_end_index")
        end = depth - 1 if end == -1 else end
        if interval == 1 and end >= depth - 1 and start >= 0:
            return ()
        if depth > MAX_LAYERS_LISTED:
            raise ConfigError(f"{config.where}: {depth} layers is more than symparam lists one "
                              "by one")
        return tuple(int((i + 1) % interval == 0 and start <= i <= end) for i in range(depth))


@frozen
class SharedExperts(Rule):
    """Shared experts where ``moe_num_shared_experts`` is above 0."""

    option: str

    def reads(self) -> tuple[str, ...]:
        return ("moe_num_shared_experts",)

    def read(self, config: Reader) -> bool:
        value = config.given("moe_num_shared_experts")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{config.where}: moe_num_shared_experts must be a whole number, "
                              f"got {value!r}")
        return value > 0


@frozen
class DenseFirst(Rule):
    """Dense layers before the first MoE layer (a start index above 0)."""

    option: str

    def reads(self) -> tuple[str, ...]:
        return ("moe_layer_start_index",)

    def read(self, config: Reader) -> bool:
        return _index(config, "moe_layer_start_index") > 0


@frozen
class StartLayer(NullRule):
    """N_dense: the MoE layers' start index, at most N (every layer dense), where positive."""

    def resolve(self, config: Reader) -> int:
        start = _index(config, "moe_layer_start_index")
        depth = config.positive_int("num_hidden_layers", config.given("num_hidden_layers"))
        return min(max(start, 0), depth)


MODEL_TYPES = (
    ModelType("ernie4_5_moe", FAMILY, base="Ernie4_5_MoeModel",
              classes={"Ernie4_5_MoeForCausalLM": "Ernie4_5_MoeForCausalLM",
                       "Ernie4_5_MoeModel": "Ernie4_5_MoeModel"},
              sizes=(Size("N", "num_hidden_layers"), Size("V", "vocab_size", pads=True),
                     Size("H", "hidden_size"), Size("d_ff", "intermediate_size"),
                     Size("h", "num_attention_heads"),
                     # its attention divides by num_key_value_heads as written: null is no
                     # "h_kv = h" here
                     Size("h_kv", "num_key_value_heads"),
                     Size("d_head", "head_dim",
                          null=HeadSize("hidden_size", "num_attention_heads")),
                     Size("d_moe", "moe_intermediate_size"), Size("E", "moe_num_experts"),
                     Size("k", "moe_k"), Size("E_sh", "moe_num_shared_experts",
                                              when=("shared_experts",)),
                     Size("N_dense", "moe_layer_start_index", computed=True,
                          null=StartLayer(), when=("dense_first",))),
              rules=(Flag("attention_bias", "use_bias"),
                     Flag("mlp_bias", "use_bias"), SILU, SharedExperts("shared_experts"),
                     DenseFirst("dense_first"), MoeLayers("sparse_layers"))),
)
