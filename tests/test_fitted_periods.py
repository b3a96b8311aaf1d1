"""Sizes that set a period of layer kinds (symparam/fitting/periods.py): each value fitted is
counted as transformers builds it, at layer counts the fit never built, and a value not
fitted is refused in one line naming the key."""

from __future__ import annotations

import pytest

import symparam
from symparam import fitted

#: (model type, its config class, the period key, values fitted besides the default,
#: a value not fitted, the layer-count key)
CASES = [
    ("blip_2_qformer", "Blip2QFormerConfig", "cross_attention_frequency", [1, 4], 3,
     "num_hidden_layers"),
    ("flint", "FlintConfig", "decoder_sparse_step", [2, 4], 3, "num_hidden_layers"),
]


def _config(config_class: str, values: dict[str, int]) -> tuple[dict[str, object], int]:
    """A config.json as transformers writes it, and the base model's num_parameters()."""
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    from symparam.fitting.meta import quiet_init

    record = fitted.load(next(c[0] for c in CASES if c[1] == config_class))
    config = getattr(transformers, config_class)(**values)
    with torch.device("meta"), quiet_init():
        module = getattr(transformers, record["base"])(config)
    data = config.to_dict()
    data["architectures"] = [record["base"]]
    return data, int(module.num_parameters())


@pytest.mark.parametrize(("model_type", "config_class", "key", "values", "other", "layers"),
                         CASES)
def test_each_period_fitted_counts_as_transformers(model_type: str, config_class: str,
                                                  key: str, values: list[int], other: int,
                                                  layers: str) -> None:
    entry = fitted.load(model_type)["keys"][key]
    assert sorted(entry["values"][1:]) == values
    for value in values:
        for n in (5, 10, 13):  # layer counts the fit never built, none a multiple of 4
            data, expected = _config(config_class, {key: value, layers: n})
            assert symparam.from_hf_config(data, name=model_type).count() == expected, \
                (key, value, n)


@pytest.mark.parametrize(("model_type", "config_class", "key", "values", "other", "layers"),
                         CASES)
def test_a_period_not_fitted_is_refused_by_its_key(model_type: str, config_class: str,
                                                   key: str, values: list[int], other: int,
                                                   layers: str) -> None:
    data, _ = _config(config_class, {key: other})
    with pytest.raises(symparam.SymparamError, match=f"{key} = {other} is not a value"):
        symparam.from_hf_config(data, name=model_type).count()


def test_the_number_of_sparse_layers_spread_over_the_stack_is_fitted_per_value() -> None:
    """Switch Transformers puts a sparse layer every ``num_layers // num_sparse_encoder_layers``
    layers: each value fitted counts as transformers builds it, another is refused by name."""
    transformers = pytest.importorskip("transformers")
    torch = pytest.importorskip("torch")
    from symparam.fitting.meta import quiet_init

    entry = fitted.load("switch_transformers")["keys"]["num_sparse_encoder_layers"]
    assert sorted(entry["values"][1:]) == [1, 2, 6]
    for value in (1, 2, 6):
        config = transformers.SwitchTransformersConfig(num_sparse_encoder_layers=value)
        with torch.device("meta"), quiet_init():
            expected = transformers.SwitchTransformersModel(config).num_parameters()
        data = {**config.to_dict(), "architectures": ["SwitchTransformersModel"]}
        assert symparam.from_hf_config(data).count() == expected, value
    data = {**transformers.SwitchTransformersConfig(num_sparse_encoder_layers=4).to_dict(),
            "architectures": ["SwitchTransformersModel"]}
    with pytest.raises(symparam.SymparamError, match="num_sparse_encoder_layers = 4 is not a "
                                                     "value"):
        symparam.from_hf_config(data).count()
