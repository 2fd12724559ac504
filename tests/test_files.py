"""The file layer: a reader that never blocks or reads what is not a regular file, and an
atomic writer that keeps modes, writes through links and never replaces a device."""

from __future__ import annotations

import io
import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.fileplaces import identity, null_device
from tictac_tui import files
from tictac_tui.files import FileError, Problem, read_bytes, read_stream, write_atomic

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
needs_links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")


def in_time(call: Callable[[], Any], seconds: float = 60.0) -> Any:
    """`call()` in a thread; fail (instead of hanging) if it blocks. Its result or error."""
    result: list[Any] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as error:  # handed back to the test
            result.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)  # a hang guard, far above the milliseconds a read takes
    assert not thread.is_alive(), "the call blocked"
    return result[0]


# -- reading --------------------------------------------------------------------------


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"x" * 200_000)
    assert read_bytes(path, 200_000) == b"x" * 200_000


def test_a_missing_file_and_a_directory(tmp_path: Path) -> None:
    with pytest.raises(FileError) as missing:
        read_bytes(tmp_path / "none", 10)
    assert missing.value.problem is Problem.MISSING
    assert missing.value.message == f"{tmp_path / 'none'}: no such file"
    with pytest.raises(FileError) as folder:
        read_bytes(tmp_path, 10)
    assert folder.value.problem is Problem.DIRECTORY


def test_more_than_the_limit_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big"
    with path.open("wb") as handle:
        handle.truncate(1001)
    with pytest.raises(FileError) as big:
        read_bytes(path, 1000)
    assert big.value.problem is Problem.TOO_BIG and big.value.size == 1001
    assert big.value.reason == "is too big (1001 bytes)"


@needs_fifo
def test_a_fifo_without_a_writer_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.sgf"
    os.mkfifo(fifo)
    error = in_time(lambda: read_bytes(fifo, 100))
    assert isinstance(error, FileError) and error.problem is Problem.NOT_REGULAR
    assert error.reason == "is not a regular file (a named pipe)" and not error.linked


@needs_links
def test_a_link_to_a_device_is_refused_never_read(tmp_path: Path) -> None:
    """/dev/zero would never end: it is refused by fstat before a byte is read."""
    link = tmp_path / "zero.sgf"
    link.symlink_to("/dev/zero")
    error = in_time(lambda: read_bytes(link, 100))
    assert isinstance(error, FileError) and error.problem is Problem.NOT_REGULAR
    assert error.linked and error.reason == "is not a regular file (a device)"


@needs_links
def test_a_link_to_the_terminal_never_blocks(tmp_path: Path) -> None:
    link = tmp_path / "tty.sgf"
    link.symlink_to("/dev/tty")
    error = in_time(lambda: read_bytes(link, 100))
    # With a terminal: a device, refused; without one (CI): the open fails. Never a read.
    assert isinstance(error, FileError)
    assert error.problem in (Problem.NOT_REGULAR, Problem.OS_ERROR)


def test_a_stream_is_capped_and_a_closed_one_named() -> None:
    assert read_stream(io.BytesIO(b"h8i9"), 4) == b"h8i9"
    with pytest.raises(FileError) as big:
        read_stream(io.BytesIO(b"x" * 200_000), 100_000)
    assert big.value.problem is Problem.TOO_BIG and big.value.limit == 100_000
    with pytest.raises(FileError) as closed:
        read_stream(None, 10)
    assert closed.value.problem is Problem.CLOSED
    assert closed.value.message == "standard input: is closed"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_stream_stops_at_the_cap() -> None:
    with open("/dev/zero", "rb") as zero, pytest.raises(FileError) as big:
        read_stream(zero, 1_000_000)
    assert big.value.problem is Problem.TOO_BIG


# -- writing --------------------------------------------------------------------------


def test_a_new_file_gets_the_umask(tmp_path: Path, umask: Callable[[int], None]) -> None:
    umask(0o022)
    write_atomic(tmp_path / "a.sgf", "one")
    umask(0o077)
    write_atomic(tmp_path / "b.sgf", "two")
    assert stat.S_IMODE(os.stat(tmp_path / "a.sgf").st_mode) == 0o644
    assert stat.S_IMODE(os.stat(tmp_path / "b.sgf").st_mode) == 0o600
    assert (tmp_path / "a.sgf").read_text() == "one"


@pytest.mark.parametrize("mode", [0o644, 0o600, 0o664, 0o640])
def test_an_existing_file_keeps_its_mode(
    tmp_path: Path, mode: int, umask: Callable[[int], None]
) -> None:
    umask(0o077)
    path = tmp_path / "game.sgf"
    path.write_text("old")
    path.chmod(mode)
    write_atomic(path, "new")
    assert path.read_text() == "new"
    assert stat.S_IMODE(os.stat(path).st_mode) == mode
    assert [p.name for p in tmp_path.iterdir()] == ["game.sgf"]  # no temporary left


@needs_fifo
def test_a_fifo_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "out.sgf"
    os.mkfifo(fifo)
    before = identity(fifo)
    error = in_time(lambda: write_atomic(fifo, "x"))
    assert isinstance(error, FileError) and error.problem is Problem.NOT_REGULAR
    assert not error.linked
    assert identity(fifo) == before
    assert [p.name for p in tmp_path.iterdir()] == ["out.sgf"]


@needs_links
def test_a_link_to_a_device_means_dont_keep(tmp_path: Path) -> None:
    device = null_device(tmp_path)
    link = tmp_path / "statistics.json"
    link.symlink_to(device)
    before = identity(device)
    with pytest.raises(FileError) as skipped:
        write_atomic(link, "{}")
    assert skipped.value.linked and skipped.value.problem is Problem.NOT_REGULAR
    assert identity(device) == before and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "statistics.json"]


@needs_links
def test_a_link_to_a_regular_file_is_written_through_in_its_folder(tmp_path: Path) -> None:
    elsewhere = tmp_path / "dotfiles"
    elsewhere.mkdir()
    notes = elsewhere / "notes.txt"
    notes.write_text("old")
    notes.chmod(0o640)
    ours = tmp_path / "config"
    ours.mkdir()
    link = ours / "settings.json"
    link.symlink_to(notes)
    assert write_atomic(link, "new") == notes
    assert link.is_symlink() and os.readlink(link) == str(notes)
    assert notes.read_text() == "new" and stat.S_IMODE(os.stat(notes).st_mode) == 0o640
    assert [p.name for p in elsewhere.iterdir()] == ["notes.txt"]
    assert [p.name for p in ours.iterdir()] == ["settings.json"]


def test_without_replace_a_taken_name_is_untouched(tmp_path: Path) -> None:
    path = tmp_path / "game.sgf"
    path.write_text("mine")
    with pytest.raises(FileExistsError):
        write_atomic(path, "new", replace=False)
    assert path.read_text() == "mine"
    assert write_atomic(tmp_path / "new.sgf", "new", replace=False).read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sgf", "new.sgf"]


def test_a_durable_write_syncs_the_file_and_its_folder_and_a_quick_one_neither(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    real_fsync = os.fsync

    def counting_fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", counting_fsync)
    target = tmp_path / "state.json"
    write_atomic(target, "one")
    assert target.read_text() == "one" and len(synced) == 2  # the file, then its folder
    synced.clear()
    write_atomic(target, "two", durable=False)
    assert target.read_text() == "two" and synced == []
    assert sorted(path.name for path in tmp_path.iterdir()) == ["state.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.sgf"
    path.write_text("old")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, "new")
    monkeypatch.undo()
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.sgf"]


# -- names ----------------------------------------------------------------------------


@needs_links
def test_setting_aside_renames_the_link_never_its_target(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    link = tmp_path / "config" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(notes)
    kept = files.set_aside(link)
    assert kept.parent == link.parent and kept.name.startswith("settings.json.bad-")
    assert kept.is_symlink() and notes.read_text() == "mine" and not link.exists()
    again = link.parent / "settings.json"
    again.write_text("x")
    assert files.set_aside(again).name != kept.name  # a taken name gets -2


@needs_links
def test_same_file_by_any_spelling(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("g.sgf").write_text("x")
    Path("other.sgf").write_text("x")
    Path("link.sgf").symlink_to("g.sgf")
    os.link("g.sgf", "hard.sgf")
    for name in ("g.sgf", "./g.sgf", "link.sgf", "hard.sgf", str(tmp_path / "g.sgf")):
        assert files.same_file("g.sgf", name)
    assert not files.same_file("g.sgf", "other.sgf")
    assert not files.same_file("g.sgf", "missing.sgf")


@needs_links
def test_without_replace_a_dangling_link_is_a_taken_name(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "new.sgf").symlink_to(tmp_path / "elsewhere.sgf")
    with pytest.raises(FileExistsError):
        write_atomic(tmp_path / "games" / "new.sgf", "x", replace=False)
    assert not (tmp_path / "elsewhere.sgf").exists()
