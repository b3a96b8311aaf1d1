"""The Python API under the values of issue 33 (items 6 and 7): whole numbers of thousands of
digits where a config or a block takes a number, keys of id2label that are no label, tensors
and repeats whose counts no one could print, trees of more blocks than anyone derives. Each
call returns, or raises a SymparamError with one line; never a ValueError from Python's
int-to-str limit, a TypeError, a count that cannot be printed or a tree walked for minutes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import symparam
from symparam import Linear, Repeat, Sequential, Tensor
from symparam.errors import whole
from symparam.limits import MAX_BLOCKS, MAX_COUNT_DIGITS, MAX_TREE_BLOCKS, MAX_VALUE
from tests.fuzz.harness import call
from tests.fuzz.test_fuzz import FUZZ


class Big(int):
    """A whole number that repr cannot write (hypothesis writes what it draws), written by
    the count of its digits; :func:`plain` makes it an int again before symparam sees it."""

    def __repr__(self) -> str:
        return f"<{whole(int(self))}>"


def plain(value: Any) -> Any:
    """``value`` with every :class:`Big` in it a plain int, keys included."""
    if isinstance(value, Big):
        return int(value)
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(plain(v) for v in value)
    return value


#: numbers at and past every bound a number meets: MAX_VALUE, int64, the digits of a count,
#: 4,300 digits (Python writes no longer int)
HUGE = [MAX_VALUE, MAX_VALUE + 1, 2**63, 2**64, 10**40, 10**300, 10**4300, 10**5000,
        -10**5000, -(MAX_VALUE + 1)]
numbers = (st.sampled_from(HUGE).map(Big) | st.integers(-10, 10**31)
           | st.integers(40, 5000).map(lambda e: Big(10**e + 7)))

#: the issue's inputs, kept
ISSUE_CONFIGS = [
    {"model_type": "llama", "hidden_size": 10**5000},
    {"model_type": "llama", "pad_token_id": 10**5000},
    {"model_type": "llama", "pad_token_id": -10**5000},
    {"model_type": "bert", "id2label": {(1, 2): "a", 3: "b"}},
    {"model_type": "bert", "id2label": {"x": "a", 3: "b"}},
    {"model_type": "bert", "id2label": {float("inf"): "a"}},
    {"model_type": "bert", "id2label": {"9" * 5000: "a"}},
    {"model_type": "bert", "num_labels": 10**5000},
]


def _one_line(error: symparam.SymparamError) -> None:
    text = str(error)
    assert "\n" not in text and len(text) < 1000, text


@pytest.mark.parametrize("config", ISSUE_CONFIGS, ids=range(len(ISSUE_CONFIGS)))
def test_the_configs_of_issue_33(config: dict[str, Any]) -> None:
    with pytest.raises(symparam.SymparamError) as raised:
        symparam.from_hf_config(config).count()
    _one_line(raised.value)


def test_the_blocks_of_issue_33() -> None:
    with pytest.raises(symparam.SymparamError, match="10\\^30"):
        Repeat(10**31, Linear(2, 2))
    with pytest.raises(symparam.SymparamError, match=f"more than {MAX_COUNT_DIGITS} digits"):
        symparam.from_block(Sequential(x=Tensor(*[10**30] * 200))).count()
    with pytest.raises(symparam.SymparamError, match=f"more than {MAX_COUNT_DIGITS} digits"):
        str(symparam.from_block(Sequential(x=Tensor(*[10**30] * 200))).formula())
    with pytest.raises(symparam.SymparamError, match="5,001 digits"):
        Tensor(10**5000)
    # the largest that is taken is printed whole, in every document
    m = symparam.from_block(Sequential(x=Tensor(*[10**30] * 9), y=Tensor(5)))
    assert m.count() == 10**270 + 5
    assert "1,000,000" in m.derive().to_markdown()


def test_config_values_of_any_size() -> None:
    """Every key a llama or BERT config sizes, and pad_token_id, given any whole number."""
    keys = ["hidden_size", "num_hidden_layers", "vocab_size", "intermediate_size",
            "num_attention_heads", "num_key_value_heads", "max_position_embeddings",
            "pad_token_id", "num_labels", "type_vocab_size", "head_dim"]

    @FUZZ
    @given(st.sampled_from(["llama", "bert"]),
           st.dictionaries(st.sampled_from(keys), numbers, min_size=1, max_size=3))
    def check(model_type: str, values: dict[str, Any]) -> None:
        def build() -> Any:
            m = symparam.from_hf_config({"model_type": model_type, **plain(values)})
            return m.count(), m.derive().to_markdown()

        call("API: huge config values", build)

    check()


def test_labels_of_any_kind() -> None:
    keys = (st.text(max_size=5) | st.integers() | st.sampled_from(["0", "00", "1", "9" * 5000])
            | st.tuples(st.integers(), st.integers()) | st.floats() | st.booleans()
            | st.sampled_from([Big(10**5000), None, frozenset({1})]))

    @FUZZ
    @given(st.dictionaries(keys, st.text(max_size=3), max_size=4))
    def check(labels: dict[Any, str]) -> None:
        call("API: id2label keys", lambda: symparam.from_hf_config(
            {"model_type": "bert", "architectures": ["BertForSequenceClassification"],
             "id2label": plain(labels)}).count())

    check()


def test_tensors_and_repeats_of_any_size() -> None:
    """Tensors of up to 40 dimensions and repeats nested up to 6 deep, each number anywhere
    from 1 to past MAX_VALUE: a count and a derivation that print, or one line."""
    dims = st.sampled_from([1, 2, 768, 10**15, MAX_VALUE]) | numbers

    @FUZZ
    @given(st.lists(dims, min_size=1, max_size=40), st.lists(dims, max_size=6),
           st.sampled_from(["count", "formula", "derive", "flops", "memory"]))
    def check(shape: list[int], counts: list[int], question: str) -> None:
        def build() -> Any:
            block: Any = Tensor(*plain(shape))
            for count in plain(counts):
                block = Repeat(count, Sequential(w=block))
            m = symparam.from_block(Sequential(x=block), attention=False)
            answer = {"count": m.count, "formula": lambda: str(m.formula()),
                      "derive": lambda: m.derive().to_latex(),
                      "flops": lambda: str(m.flops(seq=10**9, batch=10**9)),
                      "memory": lambda: str(m.memory(seq=10**9, batch=10**9))}[question]()
            str(answer)  # printable
            return answer

        call("API: huge tensors, repeats", build)

    check()


def test_trees_of_many_blocks() -> None:
    """A Sequential of many blocks, a block shared at every level (2^n to walk), and the
    issue's 100,000 blocks: refused when built or by from_block past the limits, within the
    fuzz suite's CPU bound either way."""
    @FUZZ
    @given(st.sampled_from([10, 600, MAX_BLOCKS // 3, MAX_BLOCKS // 3 + 1, 5_000]),
           st.sampled_from(["distinct", "shared", "tensors"]),
           st.sampled_from(["count", "derive", "page"]))
    def check(width: int, kind: str, question: str) -> None:
        def build() -> Any:
            shared = Linear(symparam.symbol("H"), 8)
            children = {f"b{i}": shared if kind == "shared" else
                        Tensor(symparam.symbol("H"), i + 1) if kind == "tensors" else
                        Linear(symparam.symbol("H"), 8) for i in range(width)}
            m = symparam.from_block(Sequential(**children), H=64, attention=False)
            if question == "page":
                from symparam.page import page

                return page(m)
            return m.count() if question == "count" else m.derive().to_markdown()

        call("API: many blocks", build)

    check()
    block: Any = Linear(2, 2)
    with pytest.raises(symparam.SymparamError, match="blocks"):
        for _ in range(60):  # 2^60 blocks to walk, built in 60 steps
            block = Sequential(a=block, b=block)
    assert block.size <= MAX_TREE_BLOCKS
    # the issue's 100,000 blocks (5.7 s of CPU): refused (None) within the bound
    assert call("API: many blocks", lambda: Sequential(
        **{f"b{i}": Linear(2, 2) for i in range(100_000)})) is None
