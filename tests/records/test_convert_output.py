"""`tictac convert`, `--load` and `--replay` on hostile paths: a FIFO or a device never
blocks nor is replaced, OUT == IN is refused, modes are kept, Ctrl-C is one line."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.fileplaces import identity, null_device
from tests.signals import as_from_a_shell
from tictac_tui.records.convert import main

ROOT = Path(__file__).resolve().parents[2]
GAME = "(;GM[4]FF[4]SZ[15]PB[Ann];B[hh];W[ii];B[gg])\n"
COLLECTION = "(;GM[4]FF[4]SZ[15];B[hh];W[ii])\n(;GM[4]FF[4]SZ[15]XX[mine];B[aa](;W[bb])(;W[cc]))\n"
HANG_GUARD = 60
"""Seconds before a run that should take a fraction of one counts as blocked."""

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
needs_links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")


def tictac(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m tictac_tui ARGS` with no terminal; fails (not hangs) if it blocks."""
    return subprocess.run(
        [sys.executable, "-m", "tictac_tui", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"},
        cwd=cwd,
        timeout=HANG_GUARD,
        start_new_session=True,  # no controlling terminal: /dev/tty can't be opened
    )


def one_line(done: subprocess.CompletedProcess[str], status: int, *words: str) -> None:
    assert done.returncode == status, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in done.stderr


# -- reading: a FIFO or a terminal never blocks (issue 22, 3) --------------------------


@needs_fifo
@pytest.mark.parametrize(
    "args",
    [["convert", "{}", "out.sgf"], ["--load", "{}"], ["--replay", "{}"]],
    ids=["convert", "load", "replay"],
)
def test_a_fifo_given_to_read_is_refused_at_once(tmp_path: Path, args: list[str]) -> None:
    os.mkfifo(tmp_path / "game.sgf")
    done = tictac(*(a.format("game.sgf") for a in args), cwd=tmp_path)
    one_line(done, 2, "game.sgf: is not a regular file (a named pipe)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sgf"]


@needs_links
@pytest.mark.parametrize("device", ["/dev/tty", "/dev/zero"])
def test_a_link_to_a_device_given_to_read_never_blocks(tmp_path: Path, device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    (tmp_path / "game.sgf").symlink_to(device)
    for args in (["convert", "game.sgf", "out.psq"], ["--load", "game.sgf"]):
        done = tictac(*args, cwd=tmp_path)
        one_line(done, 2, "game.sgf: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sgf"]


def reading_stdin(pid: int) -> bool:
    """True once process `pid` waits in read(2) on its standard input (Linux)."""
    read_call = {"x86_64": "0", "aarch64": "63"}.get(os.uname().machine)
    try:
        fields = Path(f"/proc/{pid}/syscall").read_text().split()
    except OSError:
        return False
    return fields[:2] == [read_call, "0x0"]


@pytest.mark.skipif(
    not Path("/proc/self/syscall").exists() or os.uname().machine not in ("x86_64", "aarch64"),
    reason="needs Linux's /proc/PID/syscall to see the reader waiting",
)
def test_ctrl_c_while_convert_waits_is_one_line(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "tictac_tui", "convert", "-", str(tmp_path / "out.sgf")],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "LANGUAGE": "en"},
        preexec_fn=as_from_a_shell,  # a test run in the background has SIGINT ignored
    )
    try:
        deadline = time.monotonic() + HANG_GUARD
        while not reading_stdin(child.pid):
            assert child.poll() is None and time.monotonic() < deadline, "never read stdin"
            time.sleep(0.01)  # polling for the condition, not synchronising by time
        child.send_signal(signal.SIGINT)
        _out, err = child.communicate(timeout=HANG_GUARD)
    finally:
        child.kill()
        child.wait()
    assert child.returncode == 130
    assert err == "tictac convert: interrupted\n"
    assert not (tmp_path / "out.sgf").exists()


# -- writing: never over a device, never over IN, modes kept (issue 22, 6) -------------


@needs_fifo
def test_a_fifo_as_output_is_refused_and_kept(tmp_path: Path) -> None:
    (tmp_path / "in.sgf").write_text(GAME)
    os.mkfifo(tmp_path / "out.sgf")
    before = identity(tmp_path / "out.sgf")
    done = tictac("convert", "in.sgf", "out.sgf", cwd=tmp_path)
    one_line(done, 2, "out.sgf: is not a regular file (a named pipe): nothing written")
    assert identity(tmp_path / "out.sgf") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.sgf", "out.sgf"]


@needs_links
def test_a_device_as_output_is_refused_and_kept(tmp_path: Path) -> None:
    device = null_device(tmp_path)
    (tmp_path / "in.sgf").write_text(GAME)
    (tmp_path / "out.sgf").symlink_to(device)
    before = identity(device)
    for output in ("null", "out.sgf"):
        done = tictac("convert", "--to", "sgf", "in.sgf", output, cwd=tmp_path)
        one_line(done, 2, f"{output}: is not a regular file (a device): nothing written")
    assert identity(device) == before and (tmp_path / "out.sgf").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.sgf", "null", "out.sgf"]


def test_the_real_dev_null_is_never_replaced(tmp_path: Path) -> None:
    """As root the old code replaced /dev/null. Checked first on a device of our own, so
    that a regression fails there instead of harming the machine's /dev/null."""
    test_a_device_as_output_is_refused_and_kept(tmp_path)
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null")
    before = identity(Path("/dev/null"))
    done = tictac("convert", "--to", "sgf", "in.sgf", "/dev/null", cwd=tmp_path)
    one_line(done, 2, "/dev/null: is not a regular file (a device)")
    assert identity(Path("/dev/null")) == before


@needs_links
@pytest.mark.parametrize("spelling", ["coll.sgf", "./coll.sgf", "link.sgf", "hard.sgf", "ABS"])
def test_output_onto_input_is_refused_and_loses_nothing(tmp_path: Path, spelling: str) -> None:
    source = tmp_path / "coll.sgf"
    source.write_text(COLLECTION)
    (tmp_path / "link.sgf").symlink_to("coll.sgf")
    os.link(source, tmp_path / "hard.sgf")
    output = str(source) if spelling == "ABS" else spelling
    done = tictac("convert", "--game", "2", "coll.sgf", output, cwd=tmp_path)
    one_line(done, 2, f"{output} is coll.sgf itself: nothing written")
    assert source.read_text() == COLLECTION


def test_an_existing_outputs_mode_is_kept(tmp_path: Path, umask: Callable[[int], None]) -> None:
    os.umask(0o077)
    (tmp_path / "in.sgf").write_text(GAME)
    target = tmp_path / "out.psq"
    target.write_text("old")
    target.chmod(0o644)
    assert main([str(tmp_path / "in.sgf"), str(target)]) == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert target.read_text().startswith("Piskvorky")


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
def test_a_new_output_gets_the_umask(
    tmp_path: Path, umask: Callable[[int], None], mask: int, mode: int
) -> None:
    os.umask(mask)
    (tmp_path / "in.sgf").write_text(GAME)
    assert main([str(tmp_path / "in.sgf"), str(tmp_path / "new.sgf")]) == 0
    assert stat.S_IMODE((tmp_path / "new.sgf").stat().st_mode) == mode


@needs_links
def test_a_link_to_a_regular_output_is_written_through(tmp_path: Path) -> None:
    (tmp_path / "in.sgf").write_text(GAME)
    real = tmp_path / "elsewhere" / "real.psq"
    real.parent.mkdir()
    real.write_text("old")
    (tmp_path / "out.psq").symlink_to(real)
    assert main([str(tmp_path / "in.sgf"), str(tmp_path / "out.psq")]) == 0
    assert (tmp_path / "out.psq").is_symlink()
    assert real.read_text().startswith("Piskvorky")
    assert [p.name for p in real.parent.iterdir()] == ["real.psq"]
