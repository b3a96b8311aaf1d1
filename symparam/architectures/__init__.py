"""The architecture families, one module each; imported only when asked for."""

from __future__ import annotations

import importlib

from symparam.family import Family

FAMILY_MODULES = (
    "bert", "distilbert", "albert", "electra",
    "gpt2", "opt", "bloom", "gpt_neox", "falcon", "llama", "moe", "deepseek",
    "transformer", "t5", "vit", "mlp",
)


def family(name: str) -> Family:
    """The family called ``name`` (the caller checks that it exists)."""
    return importlib.import_module(f"symparam.architectures.{name}").FAMILY


def families() -> list[Family]:
    """Every family, in listing order."""
    return [family(name) for name in FAMILY_MODULES]
