"""Reading the games folder for the Open list: nothing is opened that could block, nothing
over the cap is read, no file's content can raise, and the lister posts it all."""

from __future__ import annotations

import curses
import os
import threading
from pathlib import Path

import pytest

from tictac_tui import saved as saved_module
from tictac_tui.choices import Settings
from tictac_tui.engine import Rules
from tictac_tui.records import Format, GameRecord, save
from tictac_tui.saved import LIST_MAX_BYTES, SavedGame, Shelf, Skipped, Why, read_game, survey
from tictac_tui.tui import app as app_module
from tictac_tui.tui import listing
from tictac_tui.tui.app import Loop, Options
from tictac_tui.tui.input import Reader
from tictac_tui.tui.listing import Lister, Survey, read_library
from tictac_tui.tui.model import Model
from tictac_tui.tui.replay import Library
from tictac_tui.tui.screens import Screen

from .test_paste import FakeWindow


def game(folder: Path, name: str, when: float) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    save(GameRecord(Rules.gomoku(15), [(7, 7)]), path, Format.SGF)
    os.utime(path, (when, when))
    return path


def test_survey_orders_newest_first_and_leaves_out_what_is_not_a_small_regular_file(
    tmp_path: Path,
) -> None:
    old = game(tmp_path, "old.sgf", 1_000)
    new = game(tmp_path, "new.sgf", 2_000)
    (tmp_path / "dir.sgf").mkdir()
    (tmp_path / "notes.txt").write_text("not a record")
    with (tmp_path / "big.sgf").open("wb") as big:
        big.truncate(LIST_MAX_BYTES + 1)
    (tmp_path / "nowhere.sgf").symlink_to(tmp_path / "missing")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.psq")
    found, skipped = survey(tmp_path)
    assert found == [(new, 2_000), (old, 1_000)]
    expected = [Skipped("big.sgf", Why.TOO_LARGE), Skipped("dir.sgf", Why.NOT_REGULAR)]
    if hasattr(os, "mkfifo"):
        expected.append(Skipped("fifo.psq", Why.NOT_REGULAR))
    assert skipped == expected


def test_a_missing_folder_lists_nothing(tmp_path: Path) -> None:
    assert survey(tmp_path / "nowhere") == ([], [])
    assert read_library(tmp_path / "nowhere") == Library()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_reading_a_fifo_never_blocks(tmp_path: Path) -> None:
    """Swapped in after the survey: the open file is checked again (no writer: a blocking
    open would wait for ever)."""
    os.mkfifo(tmp_path / "fifo.sgf")
    saved = read_game(tmp_path / "fifo.sgf", 0.0)
    assert saved.record is None and saved.problem == "not a regular file"


def test_a_file_grown_past_the_cap_after_the_survey_is_not_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "grown.pos"
    path.write_bytes(b"h8" * 600)
    reads: list[int] = []
    real_read = os.read

    def counting_read(fd: int, size: int) -> bytes:
        reads.append(size)
        return real_read(fd, size)

    monkeypatch.setattr(saved_module, "LIST_MAX_BYTES", 1000)
    monkeypatch.setattr(os, "read", counting_read)
    saved = read_game(path, 0.0)
    assert saved.record is None and saved.problem == Why.TOO_LARGE.text()
    assert sum(reads) <= 1001


@pytest.mark.parametrize(
    "content",
    [b"(;GM[4]SZ[15];B[hh];W[hh])", b"\x00\x01", b"", b"(;GM[4]SZ[15]IR[\xc2\xb2];B[hh])"],
)
def test_no_content_raises_each_is_a_row_with_its_problem(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.sgf"
    path.write_bytes(content)
    saved = read_game(path, 5.0)
    assert saved.record is None and saved.problem and saved.modified == 5.0


def test_the_lister_posts_the_survey_then_each_game_then_ends(tmp_path: Path) -> None:
    game(tmp_path, "a.sgf", 1_000)
    game(tmp_path, "b.sgf", 2_000)
    (tmp_path / "dir.sgf").mkdir()
    lister = Lister(tmp_path)
    lister.thread.join(timeout=60)
    assert not lister.thread.is_alive()
    updates = lister.poll()
    assert lister.done
    assert updates[0] == Survey(2, (Skipped("dir.sgf", Why.NOT_REGULAR),))
    library = Library(surveyed=False)
    assert library.reading
    listing.apply(library, updates)
    assert [g.path.name for g in library.games] == ["b.sgf", "a.sgf"]
    assert not library.reading and library.skipped == (Skipped("dir.sgf", Why.NOT_REGULAR),)


def test_a_cancelled_lister_posts_nothing_more(tmp_path: Path) -> None:
    game(tmp_path, "a.sgf", 1_000)
    lister = Lister(tmp_path)
    lister.cancel()
    assert lister.poll() == [] and lister.done
    lister.thread.join(timeout=60)


def test_the_loop_never_waits_for_a_file_being_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file whose reading never ends (held here on an event): the list shows "reading",
    m leaves it and q quits, while the worker still waits."""
    game(tmp_path / "games", "slow.sgf", 1_000)
    release = threading.Event()
    started = threading.Event()

    def held(path: Path, modified: float) -> SavedGame:
        started.set()
        release.wait(60)
        return SavedGame(path, modified, None, "released")

    monkeypatch.setattr(listing, "read_game", held)
    monkeypatch.setattr(curses, "curs_set", lambda visibility: None)
    monkeypatch.setattr(app_module, "enable_mouse", lambda: None)
    window = FakeWindow([ord("o"), -1, -1, ord("m"), -1, ord("q")])
    model = Model(Settings(), threads=False)
    loop = Loop(window, model, Options(color=False, shelf=Shelf(tmp_path)))
    loop.reader.close()
    loop.reader = Reader(window, fd=None)
    frames: list[tuple[Screen, bool]] = []

    def draw(now: float) -> None:
        loop.dirty = False
        frames.append((model.screen, model.library.reading))
        if model.screen is Screen.OPEN:
            started.wait(60)  # the worker has the file in hand (and holds it)

    monkeypatch.setattr(loop, "draw", draw)
    try:
        loop.run()
        assert (Screen.OPEN, True) in frames
        assert frames[-1][0] is Screen.MENU and model.quit
        assert not release.is_set()
    finally:
        release.set()
