"""What documents say, in each language: the language files (``templates/lang/<lang>.toml``),
the one jinja2 environment over the package's templates, a sentence filled with its escaped
fields, and the sentences every format shares (what a model is, what a hyperparameter means,
what an option's value means, a family's name in a sentence).

Both layouts read these: :mod:`symparam.render` (Markdown, LaTeX) and :mod:`symparam.page`
(HTML); nothing here lays a document out.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from symparam.errors import InvalidValueError
from symparam.escaping import breakable, number, number_tex
from symparam.josa import attach
from symparam.symbols import indexed
from symparam.templating import loader, table

if TYPE_CHECKING:
    import jinja2

    from symparam.reported import Described

LANGUAGES = ("en", "zh", "ko")


@cache
def _templates_folder() -> Path:
    installed = resources.files("symparam") / "templates"
    if installed.is_dir():
        return Path(str(installed))
    return Path(__file__).resolve().parent.parent / "templates"


def template_source(name: str) -> str:
    """The text of ``name`` (``page/page.css``) under the package's templates, as the
    environment's loader reads it."""
    return (_templates_folder() / name).read_text(encoding="utf-8")


@cache
def environment() -> jinja2.Environment:
    """The one environment: templates shipped with the package, strict about missing names
    (jinja2 is imported here, where it is first needed: the page renders without it)."""
    import jinja2

    env = jinja2.Environment(
        loader=loader()(_templates_folder()),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["num"] = number
    env.filters["numtex"] = number_tex
    env.filters["breakable"] = breakable
    return env


@cache
def strings(lang: str) -> Mapping[str, Any]:
    """The language file for ``lang``; an unknown language is a clear error."""
    if lang not in LANGUAGES:
        raise InvalidValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    name = f"lang/{lang}.toml"
    return table(name, (_templates_folder() / name).read_text(encoding="utf-8"))


def family_name(title: str, lang: str) -> str:
    """A family's name as ``lang`` writes it in a sentence (MoE 解码器, not MoE decoder). Chinese
    puts a space between a Latin name and the Han word after it (LLaMA 系列) and none between
    Han characters (多层感知机系列): the name carries its own space, the sentence none."""
    name = strings(lang).get("families", {}).get(title, title)
    return name + " " if lang == "zh" and name[-1:].isascii() else name


def filler(escape: Callable[[Any], Markup]) -> Callable[..., Markup]:
    """``fill(template, **fields)``: a language string with its ``{fields}`` put in,
    everything escaped by ``escape``; a field's format spec is a Korean particle to attach
    after it (``{symbol:은}``)."""
    def fill(template: str, **fields: Any) -> Markup:
        out = []
        for literal, field, spec, _ in string.Formatter().parse(template):
            out.append(str(escape(literal)))
            if field is not None:
                shown = str(escape(fields[field]))
                out.append(shown)
                if spec:
                    out.append(attach(shown, spec))
        return Markup("".join(out))

    return fill


def _format(template: str, **fields: Any) -> str:
    """``template`` with its ``{fields}`` put in, as plain text."""
    return template.format_map(fields)


def description(lang: str, described: Described | None,
                i18n: Mapping[str, Mapping[str, str]], default: str,
                fill: Callable[..., Any] | None = None, code: Callable[[str], Any] = str) -> Any:
    """What the model is, in ``lang``: the sentence of ``described`` (a config.json's, a
    changed preset's), its fields put in by ``fill`` (the key ``model_type`` and every field
    but a version as ``code`` sets them), else the preset's own in ``i18n``, else ``default``:
    plain text, unless ``fill`` makes it otherwise (a document's escaped text, its names as
    code). :meth:`Document.described_in <symparam.document.Document.described_in>` is this
    for a document, which every layout of it reads."""
    if described is not None:
        sentence = strings(lang)["described"][described.key]
        return (fill or _format)(sentence, key=code("model_type"),
                                 **{name: value if name == "version" else code(value)
                                    for name, value in described.fields.items()})
    return i18n.get(lang, {}).get("description", default)


def hyper_meaning(t: Mapping[str, Any], name: str, default: str) -> str:
    """What the hyperparameter ``name`` means, in the language of ``t``: its translation, or
    ``default``, the vocabulary's English (:mod:`symparam.symbols`, the one English table,
    which English does not repeat), or for a symbol of the user's own, that it is one."""
    table = t.get("meaning", {})
    if name in table:
        return table[name]
    numbered = indexed(name)
    if name == "d_0" and "d_0" in table:
        return table["d_0"]
    if numbered is not None and f"{numbered[0]}_i" in table:
        return table[f"{numbered[0]}_i"].format(i=numbered[1])
    return default or t["text"]["none"]


def option_value(value: Any) -> str:
    """An option's value as the derivation writes it: ``true``, ``[1, 0, 1]``, ``3``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def option_text(t: Mapping[str, Any], name: str, value: Any, help_: str, fill: Any,
                symbol: Callable[[str], Any], family: str = "") -> Any:
    """What an option's value means, in the document's language: the ``[option]`` string for
    a switch that is on (or a number, with ``{value}``), ``[option_off]`` for one that is off,
    ``[option]``'s ``name=value`` for a value of a :class:`~symparam.family.Choice`, each
    under ``family.name`` where the family's option means something else than the name's
    (Falcon's ``bias`` is on its projections alone). A hyperparameter written ``[[d_emb]]`` in
    the string is typeset by ``symbol`` (its name → math in the output's format); ``fill`` puts
    the fields into the sentence. An option of a user's own family, which the language files
    do not know, is its help, marked as off where it is off (never its "on" text as is)."""
    table = t["option_off" if value is False else "option"]
    text = table.get(f"{family}.{name}", table.get(name))
    if isinstance(value, str):  # a choice's value has its own sentence: "norm_placement=post"
        text = table.get(f"{family}.{name}={value}", table.get(f"{name}={value}", text))
    if text is None:
        text = t["text"]["option_not"].format(help=help_) if value is False else help_
    text = text.replace("{value}", option_value(value))
    pieces = re.split(r"\[\[(\w+)\]\]", text.replace("{", "{{").replace("}", "}}"))
    template = "".join(f"{{s{i}}}" if i % 2 else piece for i, piece in enumerate(pieces))
    symbols = {f"s{i}": symbol(piece) for i, piece in enumerate(pieces) if i % 2}
    return fill(template, **symbols)
