"""A static site: the page of every preset and an index that links them, for any static host.

``symparam site DIR`` writes it. Every file stands alone (no shared asset, no request), so the
folder can be served as it is, copied, or opened from disk.

>>> files = site(names=["toy-net"])
>>> sorted(files), "toy-net.html" in files["index.html"]
(['index.html', 'toy-net.html'], True)
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote

import symparam
from symparam.errors import OutputError, Param
from symparam.live import grouped
from symparam.markup import Words, asset, code, document, page_strings, script_of
from symparam.output import write_all, write_together
from symparam.page import page
from symparam.presets import presets
from symparam.wording import LANGUAGES, strings
from symparam.wording import description as described


def site(lang: str = "en", names: Iterable[str] | None = None) -> dict[str, str]:
    """Each file of the site by name: ``<preset>.html`` for every preset (or ``names``), first
    shown in ``lang``, and ``index.html``."""
    strings(lang)  # an unknown language fails before any page is made
    words = Words()
    files: dict[str, str] = {}
    rows = []
    families: dict[str, list[dict[str, Any]]] = {}
    for name in presets() if names is None else names:
        model = symparam.model(name)
        filename = f"{name}.html"
        files[filename] = page(model, lang=lang)
        total, active = model.count(), model.active_count()
        description = {code_: described(code_, model.described, model.i18n, model.description)
                       for code_ in LANGUAGES}
        title = model.family.title
        row = {"name": name, "href": quote(filename), "architecture": model.label,
               "total": grouped(total), "active": grouped(active) if active != total else "",
               "description": words.each(description),
               # what the search box looks in: the name, the class and the family
               "search": " ".join((name, model.label, title)).lower()}
        rows.append(row)
        families.setdefault(title, []).append(row)
    groups = [{"title": words.each({code_: page_strings(code_).get("families", {})
                                    .get(title, title) for code_ in LANGUAGES}),
               "rows": found} for title, found in sorted(families.items(),
                                                         key=lambda item: item[0].lower())]
    data = {"languages": list(LANGUAGES),
            "titles": {code_: words.plain(code_, "page.site_title") for code_ in LANGUAGES}}
    files["index.html"] = document(
        "page/index.html.j2", script_of(data, asset("languages.js") + asset("index.js")),
        t=words, lang=lang, title=data["titles"][lang], groups=groups, code=code,
        languages=[(code_, page_strings(code_)["name"]) for code_ in LANGUAGES])
    return files


def write_site(folder: str, lang: str = "en", force: bool = False) -> list[str]:
    """Write :func:`site` into ``folder`` (made if missing; its parent must exist), all of it
    or none of it: without ``force`` nothing is rendered when one of its files exists; every
    page is rendered and written beside its file first, then all are moved into place at once
    (:func:`symparam.output.write_together`), so that a failure half-way (a full disk,
    Ctrl-C) leaves the site that was there. Returns the paths written."""
    if not isinstance(folder, str) or not folder or "\0" in folder:
        raise OutputError(f"cannot write a site to {folder!r}: not a folder name")
    if os.path.lexists(folder) and not os.path.isdir(folder):
        raise OutputError(f"cannot write a site to {folder}: it is not a folder")
    parent = os.path.dirname(os.path.abspath(folder))
    if not os.path.isdir(parent):
        raise OutputError(f"cannot write a site to {folder}: folder {parent} does not exist")
    names = [f"{name}.html" for name in presets()] + ["index.html"]
    paths = {name: os.path.join(folder, name) for name in names}
    if not force:  # before a page is rendered
        there = [path for path in paths.values() if os.path.lexists(path)]
        if there:
            raise OutputError(f"{there[0]} exists ({len(there)} of the site's files do); pass ",
                              Param("force", "force=True"), " to overwrite them")
    files = site(lang)
    made = not os.path.isdir(folder)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise OutputError(f"cannot make {folder}: {error.strerror or error}") from None

    def writer(text: str) -> Callable[[str], None]:
        def write(temporary: str) -> None:
            fd = os.open(temporary, os.O_WRONLY | os.O_TRUNC)
            try:
                write_all(fd, text.encode("utf-8"))
            finally:
                os.close(fd)
        return write

    try:
        write_together({paths[name]: writer(text) for name, text in files.items()}, force)
    except BaseException:
        if made:  # the folder this call made, empty again
            with contextlib.suppress(OSError):
                os.rmdir(folder)
        raise
    return list(paths.values())
