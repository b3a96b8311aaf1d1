"""Writing a file whole or not at all: checks, a temporary file beside it, then a rename."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable

from symparam.errors import OutputError


def write_atomically(path: str, write: Callable[[str], None], force: bool,
                     suffix: str = ".tmp") -> None:
    """Let ``write`` fill a temporary file in ``path``'s folder, then rename it to ``path``.

    An existing file is kept unless ``force``; a missing folder is an error, not created; on
    any failure the temporary file is removed and ``path`` is left as it was.
    """
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise OutputError(f"cannot write {path}: folder {folder} does not exist")
    if os.path.isdir(path):
        raise OutputError(f"cannot write {path}: it is a folder")
    if os.path.lexists(path) and not force:
        raise OutputError(f"{path} exists; pass --force to overwrite it")
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
