"""Every weight of every model type is of a declared kind (embedding, attention, MLP, experts,
router, shared experts, norm, head), under each class and with each switch flipped: breakdowns
and plots never fall back to "other", and the kinds add up to the total."""

from __future__ import annotations

import pytest
import sympy

from symparam.catalog import model_types
from symparam.errors import SymparamError
from symparam.symbols import B, s


@pytest.mark.parametrize("model_type", sorted(model_types()))
def test_every_weight_has_a_kind(model_type: str) -> None:
    record = model_types()[model_type]
    family = record.family
    options = family.resolve_options(dict(record.fixed))
    variants = [options] + [{**options, o.name: not options[o.name]} for o in family.options
                            if isinstance(o.default, bool)]
    for architecture in dict.fromkeys(record.classes.values()):
        for chosen in variants:
            tree = family.build(architecture, chosen)
            kinds = tree.by_kind()
            assert "other" not in kinds, (architecture, chosen, kinds["other"])
            assert sympy.expand(sympy.Add(*kinds.values()) - tree.params) == 0
            if family.compute:  # FLOPs by kind add up to the FLOPs
                try:
                    flops = tree.flops(B, s)
                except SymparamError:
                    continue  # compute refused for this layout, with its reason
                found = tree.flops_by_kind(B, s)
                assert sympy.expand(sympy.Add(*found.values()) - flops) == 0, architecture
