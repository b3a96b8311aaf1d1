"""What each tensor is *for*, read off the tree: its role and the form of the block it sits in.

Two models are compared (``symparam diff``) role by role, never name by name: GPT-2's fused
``c_attn`` and LLaMA's ``q_proj``/``k_proj``/``v_proj`` are both attention weights, so a
renaming is not a change. A role is a pair (kind of block, facet): the kind is the breakdown's
(:data:`~symparam.blocks.base.KINDS`), the facet says which tensors of it these are —
``weight`` (a matrix, a norm's scale and shift), ``bias`` (a projection's bias vector),
``tied`` (an alias of another tensor: it adds nothing, and counts here what it would hold
untied), and for token tables ``tokens``, ``positions``, ``token_types`` or ``table``.

A form (:class:`Form`) names the design of a block where a person would (LayerNorm or
RMSNorm, multi-head or grouped-query attention, a gated MLP, experts), with the sizes that
decide it, still symbolic.

>>> from symparam.blocks import Linear, Repeat, Sequential, marked
>>> from symparam.symbols import H, N
>>> marked(Repeat(N, Sequential(fc=Linear(H, H))), "mlp").roles()
{('mlp', 'weight'): H**2*N, ('mlp', 'bias'): H*N}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import sympy

from symparam.frozen import frozen

#: a role: (kind of block, facet)
Role = tuple[str, str]

#: the facets of an embedding table, by what its lookup reads
TABLE_FACETS = {"tokens": "tokens", "decoder_tokens": "tokens", "positions": "positions",
                "batch_positions": "positions", "token_types": "token_types",
                "batch_token_types": "token_types"}


@frozen
class Form:
    """The design of a block, as a person names it: ``name`` (``attention``, ``layernorm``,
    ``rmsnorm``, ``mlp``, ``experts``), the sizes that decide it (attention: query heads,
    key/value heads, head width; experts: experts, experts per token) and flags (``gated``,
    ``latent``, ``no_bias``, ``no_affine``); ``fn``: an activation's name in transformers."""

    name: str
    sizes: tuple[sympy.Expr, ...] = ()
    flags: tuple[str, ...] = ()
    fn: str = ""


def merge_roles(parts: Iterable[Mapping[Role, sympy.Expr]]) -> dict[Role, sympy.Expr]:
    """Parameters by role, summed over ``parts``."""
    out: dict[Role, list[sympy.Expr]] = {}
    for part in parts:
        for role, params in part.items():
            out.setdefault(role, []).append(params)
    return {role: sympy.Add(*terms) for role, terms in out.items()}


def merge_forms(parts: Iterable[Mapping[str, tuple[Form, ...]]]) -> dict[str, tuple[Form, ...]]:
    """Forms by kind, each once, in the order they first appear."""
    out: dict[str, dict[Form, None]] = {}
    for part in parts:
        for kind, forms in part.items():
            out.setdefault(kind, {}).update(dict.fromkeys(forms))
    return {kind: tuple(forms) for kind, forms in out.items()}
