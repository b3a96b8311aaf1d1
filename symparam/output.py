"""Writing a file whole or not at all: checks, a temporary file beside it, then a rename."""

from __future__ import annotations

import json
import os
from collections.abc import Callable

from symparam.errors import OutputError


def write_atomically(path: str, write: Callable[[str], None], force: bool,
                     suffix: str = ".tmp") -> None:
    """Let ``write`` fill a temporary file in ``path``'s folder, then rename it to ``path``.

    An existing file is kept unless ``force``; only a regular file is ever replaced (never a
    device, a pipe or a folder, whatever ``force`` says); a missing folder is an error, not
    created; on any failure the temporary file is removed and ``path`` is left as it was.
    """
    import stat
    import tempfile

    if not path or "\0" in path:
        raise OutputError(f"cannot write {path!r}: not a file name")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise OutputError(f"cannot write {path}: folder {folder} does not exist")
    if os.path.isdir(path):
        raise OutputError(f"cannot write {path}: it is a folder")
    if os.path.lexists(path):
        if not force:
            raise OutputError(f"{path} exists; pass --force to overwrite it")
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise OutputError(f"cannot write {path}: not a regular file (it is left alone)")
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".symparam-", suffix=suffix)
        os.close(handle)
        write(temporary)
        os.replace(temporary, path)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)


#: characters that end a line for str.splitlines() (and many readers) but that JSON leaves raw
_LINE_BREAKS = {ord(c): f"\\u{ord(c):04x}" for c in "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}


def json_line(record: object) -> str:
    """``record`` as JSON on exactly one line, non-ASCII text kept readable."""
    return json.dumps(record, ensure_ascii=False).translate(_LINE_BREAKS)


def one_line(text: str, limit: int = 1000) -> str:
    """``text`` with every unprintable character (newlines, escapes, bidi controls) written as
    its escape, so that a message stays one line and shows what it quotes; cut to ``limit``
    characters (a message quotes what it was given, which can be anything)."""
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
