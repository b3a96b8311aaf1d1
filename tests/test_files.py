"""Files under attack (issue 14): config.json read from what the descriptor is, not what the
path was a moment before; one line for every reason a file cannot be read; -o created
exclusively, with the umask's mode or the replaced file's; nothing left behind by SIGTERM or
Ctrl-C; a full disk is an error, not a truncated file with status 0."""

from __future__ import annotations

import errno
import json
import os
import resource
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from symparam.cli import main
from symparam.errors import ConfigError, OutputError
from symparam.hf import load_config
from symparam.output import write_atomically
from tests.test_security import WALL_GUARD, limited

GPT2 = {"model_type": "gpt2", "n_layer": 2}


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(".symparam")]


# -- reading -------------------------------------------------------------------------------

def test_a_fifo_swapped_in_cannot_block_the_read(tmp_path: Path) -> None:
    """Swap config.json between a regular file and a FIFO while it is read, 300 times, in a
    child: with the path checked and then opened, some reads block forever (the child would
    not end before the wall guard); opened without blocking and checked by its descriptor,
    each read gives the config or 'not a regular file'."""
    script = f"""
import json, os, threading
from symparam.errors import ConfigError
from symparam.hf import load_config
folder = {str(tmp_path)!r}
path = os.path.join(folder, "config.json")
stop = False
def swap():
    i = 0
    while not stop:
        i += 1
        spare = os.path.join(folder, f"spare{{i}}")
        if i % 2:
            os.mkfifo(spare)
        else:
            with open(spare, "w") as handle:
                handle.write('{{"model_type": "gpt2"}}')
        os.replace(spare, path)
with open(path, "w") as handle:
    handle.write('{{"model_type": "gpt2"}}')
threading.Thread(target=swap, daemon=True).start()
outcomes = set()
for _ in range(300):
    try:
        outcomes.add(load_config(path)["model_type"])
    except ConfigError as error:
        outcomes.add(str(error).split(": ", 1)[1])
stop = True
print(json.dumps(sorted(outcomes)))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=WALL_GUARD, preexec_fn=limited, check=False)
    assert done.returncode == 0, done.stderr
    assert set(json.loads(done.stdout)) <= {"gpt2", "not a regular file", "no such file"}


@pytest.mark.parametrize(("raised", "says"), [
    (PermissionError(errno.EACCES, "Permission denied"), "permission denied"),
    (OSError(errno.EIO, "Input/output error"), "input/output error"),
    (OSError(errno.ELOOP, "Too many levels of symbolic links"), "symbolic links"),
])
def test_every_reason_a_file_cannot_be_opened_is_one_line(
        raised: OSError, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(GPT2))
    real = os.open

    def refuse(name: str, *args: object, **kwargs: object) -> int:
        if str(name).endswith("config.json"):
            raise raised
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refuse)
    for target in (path, tmp_path):  # the file, and the folder holding it
        assert main(["count", str(target)]) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and says in err and "no such file" not in err


def test_links_and_kernel_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.symlink("loop2.json", tmp_path / "loop1.json")
    os.symlink("loop1.json", tmp_path / "loop2.json")
    os.symlink("/proc/self/pagemap", tmp_path / "pagemap.json")
    os.symlink("missing.json", tmp_path / "dangling.json")
    for name, says in (("loop1.json", "symbolic links"), ("pagemap.json", ""),
                       ("dangling.json", "no such file"), ("/proc/self/mem", "")):
        assert main(["count", str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and says in err, err
        assert "Traceback" not in err


def test_a_name_no_file_can_have(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ConfigError, match="not a file name"):
        load_config("config\0.json")
    assert main(["count", "/\0"]) == 2  # found by the fuzz suite: a ValueError traceback
    assert "not a file name" in capsys.readouterr().err


def test_a_config_that_grows_past_the_limit_is_cut(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from symparam import hf

    path = tmp_path / "config.json"
    path.write_text(json.dumps({**GPT2, "pad": "x" * 5000}))
    monkeypatch.setattr(hf, "MAX_CONFIG_BYTES", 1000)
    with pytest.raises(ConfigError, match="too large"):
        load_config(str(path))
    with pytest.raises(ConfigError, match="too large"):  # a file claiming size 0 (/proc …)
        monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result(
            (stat.S_IFREG | 0o644, 0, 0, 1, 0, 0, 0, 0, 0, 0)))
        load_config(str(path))


# -- writing -------------------------------------------------------------------------------

def test_concurrent_writers_without_force_do_not_replace_each_other(tmp_path: Path) -> None:
    """20 writers all past the existence check before any moves its file into place: one
    writes the file, the 19 others are told it exists."""
    target = str(tmp_path / "out.md")
    ready = threading.Barrier(20)
    outcomes: list[str] = []

    def writer(number: int) -> None:
        def write(temporary: str) -> None:
            Path(temporary).write_text(f"writer {number}\n")
            ready.wait()

        try:
            write_atomically(target, write, force=False)
            outcomes.append(f"wrote {number}")
        except OutputError as error:
            outcomes.append(str(error))

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wrote = [o for o in outcomes if o.startswith("wrote")]
    assert len(wrote) == 1 and sum("exists" in o for o in outcomes) == 19
    assert Path(target).read_text() == f"writer {wrote[0].split()[1]}\n"
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("umask", [0o022, 0o077, 0o027])
def test_modes_follow_the_umask_and_force_keeps_the_mode(umask: int, tmp_path: Path) -> None:
    previous = os.umask(umask)
    try:
        target = tmp_path / "out.md"
        assert main(["derive", "gpt2", "-o", str(target)]) == 0
        assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
        target.chmod(0o644)
        assert main(["derive", "gpt2", "-o", str(target), "--force"]) == 0
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
    finally:
        os.umask(previous)


def test_an_empty_output_name_is_an_error(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    os.chdir(tmp_path)
    for argv in (["derive", "gpt2", "-o", ""], ["plot", "gpt2", "-o", ""]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and "not a file name" in err
    assert list(tmp_path.iterdir()) == []


def _full_disk(size: int) -> None:
    """The child's files may not grow past ``size`` bytes, as on a full disk (EFBIG)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    limited([(resource.RLIMIT_FSIZE, size)])


@pytest.mark.parametrize("argv", [["derive", "gpt2"], ["count", "gpt2", "--json"],
                                  ["sweep", "gpt2", "H=12:120000:12"]])
def test_a_full_disk_under_standard_output(argv: list[str], tmp_path: Path) -> None:
    with open(tmp_path / "out", "w") as stdout:
        done = subprocess.run([sys.executable, "-m", "symparam", *argv], stdout=stdout,
                              stderr=subprocess.PIPE, text=True, timeout=WALL_GUARD,
                              preexec_fn=lambda: _full_disk(100), check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("symparam: error: cannot write the output")
    assert len(done.stderr.splitlines()) == 1


def test_a_full_disk_under_an_output_file(tmp_path: Path) -> None:
    for argv in (["derive", "gpt2", "-o", "out.md"], ["plot", "gpt2", "-o", "out.png"]):
        done = subprocess.run([sys.executable, "-m", "symparam", *argv], capture_output=True,
                              text=True, cwd=tmp_path, timeout=WALL_GUARD,
                              preexec_fn=lambda: _full_disk(100), check=False)
        assert done.returncode == 2 and "cannot write out." in done.stderr, done.stderr
        assert len(done.stderr.splitlines()) == 1
        assert list(tmp_path.iterdir()) == []


# -- signals -------------------------------------------------------------------------------

#: runs symparam with the file being written held open: it writes the real content, says so
#: on stdout, then waits to be stopped
_STALLED = """
import sys, time
import symparam.output as output
real = output.write_atomically
def stalled(path, write, force, suffix=".tmp"):
    def then_wait(temporary):
        write(temporary)
        print("writing", flush=True)
        while True:
            time.sleep(0.01)
    real(path, then_wait, force, suffix)
output.write_atomically = stalled
from symparam.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize(("stop", "status", "says"), [(signal.SIGTERM, 143, "terminated"),
                                                      (signal.SIGINT, 130, "interrupted")])
@pytest.mark.parametrize("argv", [["derive", "gpt2", "-o", "out.md"],
                                  ["plot", "gpt2", "-o", "out.png"]])
def test_signals_while_writing(argv: list[str], stop: int, status: int, says: str,
                               tmp_path: Path) -> None:
    child = subprocess.Popen([sys.executable, "-c", _STALLED, *argv], cwd=tmp_path, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=limited)
    try:
        assert child.stdout is not None and child.stdout.readline() == "writing\n"
        assert leftovers(tmp_path)  # the temporary file is there, being written
        child.send_signal(stop)
        _, err = child.communicate(timeout=WALL_GUARD)
    finally:
        child.kill()
    assert child.returncode == status
    assert err == f"symparam: {says}\n"
    assert list(tmp_path.iterdir()) == []
