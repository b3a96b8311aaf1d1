"""What symparam writes: files whole or not at all, JSON on one line, text with no raw
control characters."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import re
import signal
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TextIO

from symparam.errors import OutputError, Param


def write_atomically(path: str, write: Callable[[str], None], force: bool,
                     suffix: str = ".tmp") -> None:
    """Let ``write`` fill a temporary file in ``path``'s folder, then move it to ``path``.

    Without ``force`` the move is exclusive (a hard link, which fails if ``path`` exists):
    of several writers racing for one name, one wins and the others are told it exists. With
    ``force`` only a regular file is replaced (never a device, a pipe or a folder), and it
    keeps its mode; a new file gets the mode the umask gives (0666 less the umask). A missing
    folder is an error, not created. On any failure, SIGTERM or Ctrl-C included, the
    temporary file is removed and ``path`` is left as it was.
    """
    write_together({path: write}, force, suffix)


def write_together(files: Mapping[str, Callable[[str], None]], force: bool,
                   suffix: str = ".tmp") -> None:
    """:func:`write_atomically` for several files (a site's pages) at once: every one is
    written to its temporary file first, and only then are they all moved into place, with
    SIGINT and SIGTERM held while they move. A failure while writing (a full disk, Ctrl-C)
    leaves every path as it was; without ``force``, a path that another writer takes while
    they move undoes the ones moved (each a new file of this call)."""
    modes = {path: _replaced_mode(path, force) for path in files}
    temporaries: dict[str, str] = {}
    path = ""
    try:
        for path, write in files.items():
            with signals_held():  # the file and the name the cleanup removes come at once
                temporaries[path] = _create_beside(os.path.dirname(os.path.abspath(path)),
                                                   suffix)
            write(temporaries[path])
            if modes[path] is not None:
                os.chmod(temporaries[path], modes[path])
        with signals_held():
            moved: list[str] = []
            try:
                for path, temporary in temporaries.items():
                    if force:
                        os.replace(temporary, path)
                    else:
                        _move_exclusively(temporary, path)
                    moved.append(path)
            except OSError:
                for done in [] if force else moved:  # new files of this call: none was there
                    os.unlink(done)
                raise
    except FileExistsError:
        raise OutputError(f"{path} exists; pass ", Param("force", "force=True"),
                          " to overwrite it") from None
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        with signals_held():  # a second Ctrl-C does not stop the cleanup
            for temporary in temporaries.values():
                if os.path.lexists(temporary):
                    os.unlink(temporary)


def _replaced_mode(path: str, force: bool) -> int | None:
    """``path`` checked as a file to write: its mode where it is a regular file ``force``
    replaces (None: a new file)."""
    import stat

    if not isinstance(path, str) or not path or "\0" in path or not os.path.basename(path):
        raise OutputError(f"cannot write {path!r}: not a file name")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise OutputError(f"cannot write {path}: folder {folder} does not exist")
    if not os.path.lexists(path):
        return None
    if os.path.isdir(path):
        raise OutputError(f"cannot write {path}: it is a folder")
    if not force:
        raise OutputError(f"{path} exists; pass ", Param("force", "force=True"),
                          " to overwrite it")
    info = os.lstat(path)
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(f"cannot write {path}: not a regular file (it is left alone)")
    return stat.S_IMODE(info.st_mode)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back until the block ends, then delivered to their handlers:
    what a handler raises (a KeyboardInterrupt where the program is) cannot fall between
    creating a file and recording its name for the cleanup. The handlers, not the signals,
    are held: any thread may take a signal, but only the main thread runs its handler, and
    ``signal.signal`` runs the old handler of a pending signal before it replaces it."""
    if threading.current_thread() is not threading.main_thread():
        yield  # handlers run in the main thread: nothing is raised here
        return
    caught: list[int] = []
    previous: dict[int, Any] = {}
    try:
        for number in (signal.SIGINT, signal.SIGTERM):
            previous[number] = signal.signal(number, lambda got, _: caught.append(got))
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
        for number in caught:
            signal.raise_signal(number)


def _create_beside(folder: str, suffix: str) -> str:
    """A new empty file in ``folder`` with a name no one else holds, created with mode 0666
    so that the umask, not this code, decides who may read it."""
    import secrets

    for _ in range(100):
        name = os.path.join(folder, f".symparam-{secrets.token_hex(8)}{suffix}")
        try:
            os.close(os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                             | getattr(os, "O_CLOEXEC", 0), 0o666))
        except FileExistsError:
            continue
        return name
    raise OutputError(f"cannot create a temporary file in {folder}")


def _move_exclusively(temporary: str, path: str) -> None:
    """Give the finished file the name ``path`` only if no file holds it (FileExistsError
    otherwise): a hard link, atomic; where the file system has none, the name is claimed with
    an exclusive create and the content copied into it."""
    import shutil

    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError:  # no hard links here (FAT, some network file systems)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with open(temporary, "rb") as source, os.fdopen(fd, "wb") as target:
                shutil.copyfileobj(source, target)
        except BaseException:
            os.unlink(path)
            raise
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


#: characters a terminal or a reader acts on rather than shows: C0 and C1 controls but the
#: newline and the tab, line and paragraph separators, bidi and zero-width format characters,
#: tag characters
_UNSHOWN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f"
                      "\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
                      "\U000e0000-\U000e007f]")


def shown(text: str) -> str:
    """``text`` with each character of :data:`_UNSHOWN` written as its escape (``\\x1b``)."""
    if not _UNSHOWN.search(text):
        return text
    return _UNSHOWN.sub(lambda m: repr(m.group())[1:-1], text)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` or raise: a short write (a disk that fills up)
    is continued, and the error that ends it raised (Python's buffered files can drop the
    rest of a short write without a word)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def closed_streams() -> set[str]:
    """Which standard streams (``stdin``, ``stdout``, ``stderr``) the process was started
    without (``<&-``, ``>&-``, ``2>&-``), by their descriptors. Each of those descriptors is
    opened on /dev/null from here on, so that no file symparam opens takes its number (and
    receives what is printed to the stream: Python may have wrapped the number in sys.stderr
    while a file of its own held it)."""
    import sys

    closed = set()
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            closed.add(name)
    streams = {"stdin": sys.stdin, "stdout": sys.stdout, "stderr": sys.stderr}
    return closed | {name for name, stream in streams.items() if stream is None}


class ClosedStream(io.TextIOBase):
    """A standard stream the process was started without (``>&-``): writing to it is the
    OSError a closed descriptor gives, naming the stream."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def write(self, text: str) -> int:
        if text:
            raise OSError(errno.EBADF, f"{self.name} is closed")
        return 0

    def writable(self) -> bool:
        return True


class PlainText(io.TextIOBase):
    """Standard output for symparam: text goes through :func:`shown` (a path holding ESC, CR
    or U+2028 is printed as text, not acted on by the terminal), and, where the stream has a
    file descriptor, is written with :func:`write_all` in chunks, so that a full disk is an
    OSError here, not a truncated file and status 0."""

    def __init__(self, stream: TextIO, chunk: int = 1 << 16) -> None:
        super().__init__()
        self.stream = stream
        self.chunk = chunk
        self.pending: list[str] = []
        self.size = 0
        try:
            self.fd: int | None = stream.fileno()
        except (OSError, ValueError, AttributeError):  # a StringIO, pytest's capture …
            self.fd = None
        if self.fd is not None:
            stream.flush()  # what was written before goes first
            if stream.isatty():  # a person reads it as it comes
                self.chunk = 0

    def isatty(self) -> bool:
        return self.stream.isatty()

    def write(self, text: str) -> int:
        text = shown(text)
        if self.fd is None:
            self.stream.write(text)
            return len(text)
        self.pending.append(text)
        self.size += len(text)
        if self.size >= self.chunk:
            self.flush()
        return len(text)

    def flush(self) -> None:
        if self.fd is None:
            self.stream.flush()
            return
        data, self.pending, self.size = "".join(self.pending), [], 0
        if data:
            encoding = getattr(self.stream, "encoding", None) or "utf-8"
            errors = getattr(self.stream, "errors", None) or "strict"
            write_all(self.fd, data.encode(encoding, errors))

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")
