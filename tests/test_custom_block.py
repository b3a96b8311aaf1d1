"""A kind of block defined here alone answers every question the tree is asked: nothing
elsewhere in symparam has to learn about it (no walker classifies blocks by name or class)."""

from __future__ import annotations

import pytest
import sympy

import symparam
from symparam.blocks import Attention, Block, Embedding, Linear, Repeat, Sequential, Tensor
from symparam.compute import compute, kv_cache_width, memory
from symparam.symbols import B, H, N, V, h, s


class Memo(Block):
    """A toy block: one learned vector of width ``width`` that it multiplies into each token
    (3 FLOPs per number, its own rule), and that keeps one number per token for later ones."""

    kind = "mlp"

    def __init__(self, width: sympy.Expr) -> None:
        self.width = width
        self.weight = Tensor(width)

    def children(self) -> tuple[tuple[str, Block], ...]:
        return (("weight", self.weight),)

    def flops(self, batch: sympy.Expr, seq: sympy.Expr) -> sympy.Expr:
        return 3 * batch * self.own_seq(seq) * self.width

    def cache(self, seq: sympy.Expr) -> sympy.Expr:
        return self.own_seq(seq)


def toy() -> symparam.Model:
    layer = Sequential(attn=Attention(H, H, kv_cache=2 * H, heads=h, qkv=Linear(H, 3 * H)),
                       memo=Memo(H))
    tree = Sequential(embed=Embedding(V, H), layers=Repeat(N, layer),
                      head=symparam.blocks.marked(Linear(H, V, bias=False), "head"))
    return symparam.from_block(tree, "toy", H=8, N=2, V=10, h=2)


def test_params_and_kinds() -> None:
    m = toy()
    assert m.params == sympy.expand(V * H + N * (3 * H**2 + 3 * H + H) + H * V)
    assert m.count() == 10 * 8 + 2 * (3 * 64 + 24 + 8) + 80
    assert m.by_kind() == {"embedding": 80, "attention": 2 * (3 * 64 + 24), "mlp": 2 * 8,
                           "head": 80}
    assert [p.name for p in m.parts()] == ["embed", "layers", "head"]


def test_flops_and_cache() -> None:
    m = toy()
    per_layer = 2 * B * s * H * 3 * H + 2 * B * s**2 * (H + H) + 3 * B * s * H
    assert sympy.expand(m.flops() - (N * per_layer + 2 * B * s * H * V)) == 0
    assert compute(m, seq=4).flops == int((N * per_layer + 2 * B * s * H * V).subs(
        {N: 2, H: 8, V: 10, B: 1, s: 4}))
    assert sympy.expand(kv_cache_width(m) - N * (2 * H + 1)) == 0
    assert memory(m, seq=5).kv_per_token == 2 * (2 * 8 + 1) * 2  # fp16, two layers


def test_derivation() -> None:
    d = toy().derive()
    assert d.value == toy().count()
    rows = [r for section in d.sections for r in section.rows]
    assert ("memo", "Memo") in [(r.name, r.kind) for r in rows]
    assert "memo" in d.to_markdown()


# -- a researcher's own model, from the public blocks ----------------------------------------


def gptj_from_blocks() -> symparam.Model:
    """GPT-J-6B as a researcher would write it from symparam's blocks and the paper: a token
    table, N parallel blocks (one LayerNorm feeding attention and the MLP), a final norm and
    an untied LM head with a bias; rotary embeddings add no weights. A name of the author's
    own, ``r`` (the rotary width), rides along as a hyperparameter of theirs."""
    from symparam import symbol
    from symparam.blocks import Attention, Embedding, LayerNorm, Linear, Repeat, Sequential

    H, V, N, d_ff, heads = (symbol(n) for n in ("H", "V", "N", "d_ff", "h"))
    projection = {name: Linear(H, H, bias=False) for name in ("k_proj", "v_proj", "q_proj",
                                                              "out_proj")}
    layer = Sequential(ln_1=LayerNorm(H),
                       attn=Attention(H, H, kv_cache=2 * H, heads=heads, **projection),
                       mlp=Sequential(fc_in=Linear(H, d_ff), fc_out=Linear(d_ff, H)))
    body = Sequential(wte=Embedding(V, H), h=Repeat(N, layer), ln_f=LayerNorm(H))
    tree = Sequential(transformer=body, lm_head=Linear(H, V))
    return symparam.from_block(tree, "my-gpt-j", H=4096, V=50400, N=28, d_ff=16384, h=16)


def test_gptj_from_blocks_is_transformers_count() -> None:
    from tests.tools import need

    torch, transformers = need("torch"), need("transformers")
    with torch.device("meta"):
        real = transformers.GPTJForCausalLM(transformers.GPTJConfig())
    named = {name: tuple(p.shape) for name, p in real.named_parameters()}
    m = gptj_from_blocks()
    assert m.count() == sum(p.numel() for p in real.parameters()) == 6_050_882_784
    numbers = {m.symbols[name]: value for name, value in m.values.items()}
    ours = {name: shape for entry in m.tensors()
            for name, shape in entry.substitute(numbers).expand()}
    assert ours == named  # tensor by tensor, names and shapes
    assert m.count() == symparam.model("gpt-j-6b").count()


def test_gptj_from_blocks_derives_with_numbers() -> None:
    m = gptj_from_blocks()
    d = m.derive()
    assert d.value == 6_050_882_784
    text = d.to_markdown()
    assert "6,050,882,784" in text and "transformer.h" in text and "4,096" in text
    # FLOPs see the Attention block: the same as the catalog's GPT-J (matrix products)
    assert m.flops(seq=128).flops == symparam.model("gpt-j-6b").flops(seq=128).flops
    assert sympy.expand(m.flops() - symparam.model("gptj").flops()) == 0


def test_attention_written_as_plain_linears_is_an_error() -> None:
    from symparam.errors import ModelDefinitionError

    layer = Sequential(q=Linear(H, H), k=Linear(H, H), v=Linear(H, H), o=Linear(H, H))
    m = symparam.from_block(Repeat(N, layer), H=8, N=2)
    assert m.count() == 2 * 4 * 72  # parameters do not need it
    for ask in (lambda: m.flops(), lambda: compute(m, seq=4), lambda: m.derive(seq=4)):
        try:
            ask()
        except ModelDefinitionError as error:
            assert "Attention" in str(error) and "attention=False" in str(error)
        else:
            raise AssertionError("FLOPs of a tree without Attention were given silently")
    # said so: a model that mixes no tokens has FLOPs linear in s
    plain = symparam.from_block(Repeat(N, layer), attention=False, H=8, N=2)
    assert plain.flops() == 8 * B * H**2 * N * s
    assert symparam.from_block(Repeat(N, layer), attention=True, H=8, N=2).family.attention


def test_names_of_your_own() -> None:
    r, n_q_heads = symparam.symbol("r"), symparam.symbol("n_q_heads")
    assert r.is_integer and r.is_positive
    assert symparam.symbol("H") is H  # the vocabulary's names keep their meaning
    tree = Sequential(down=Linear(H, r, bias=False), up=Linear(r, H, bias=False),
                      heads=Linear(H, n_q_heads))
    m = symparam.from_block(tree, "lora", H=64, r=8, n_q_heads=4)
    assert m.count() == 2 * 64 * 8 + 64 * 4 + 4
    assert str(m.formula()) and "r" in m.hyperparameters
    assert r"n_{\mathrm{q\_heads}}" in m.derive(symbolic=True).to_latex()
    from symparam.errors import InvalidValueError

    for bad in ("", "1x", "a b", "x}", "é", "a" * 41):
        try:
            symparam.symbol(bad)
        except InvalidValueError:
            continue
        raise AssertionError(f"symbol({bad!r}) was accepted")


def test_numpy_integers_are_values() -> None:
    np = pytest.importorskip("numpy")
    m = symparam.model("llama-3-8b")
    assert m.count(H=np.int64(4096)) == m.count()
    assert symparam.from_block(Linear(H, np.int32(2)), H=np.int64(8)).count() == 18
    assert Repeat(N, Linear(2, 2)).count(N=np.uint8(3)) == 18
    assert type(symparam.model("bert", H=np.int64(768)).values["H"]) is int
    assert m.flops(seq=np.int64(128), batch=np.int16(2)).flops == m.flops(seq=128, batch=2).flops
    for bad in (np.float64(4096.0), np.bool_(True), True):
        try:
            m.count(H=bad)
        except symparam.SymparamError:
            continue
        raise AssertionError(f"H={bad!r} was accepted")


def test_numpy_is_not_imported_by_symparam() -> None:
    import subprocess
    import sys

    code = ("import sys, symparam; m = symparam.model('gpt2'); m.count(); "
            "m.derive().to_markdown(); print('numpy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


def test_transformers_config_objects() -> None:
    from tests.tools import need

    torch, transformers = need("torch"), need("transformers")
    config = transformers.LlamaConfig(hidden_size=256, intermediate_size=512, vocab_size=1000,
                                      num_hidden_layers=2, num_attention_heads=4,
                                      num_key_value_heads=2)
    with torch.device("meta"):
        real = transformers.LlamaForCausalLM(config)
    m = symparam.from_hf_config(config, arch="LlamaForCausalLM")
    assert m.count() == sum(p.numel() for p in real.parameters())
    assert symparam.from_hf_config(config, hidden_size=512).values["H"] == 512

    class NotAConfig:
        model_type = "llama"

        def to_dict(self) -> list[int]:
            return [1]

    for bad in (NotAConfig(), 42, object()):
        try:
            symparam.from_hf_config(bad)
        except symparam.SymparamError:
            continue
        raise AssertionError(f"{bad!r} was read as a config")
