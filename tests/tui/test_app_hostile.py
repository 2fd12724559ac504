"""The real app in a pty against a hostile games folder: `o` never blocks the screen.

A FIFO, a link to the terminal itself and a huge file sit beside a good game:
the list shows the good game and names the files it left out, and the good
game opens. Before, `o` read every file on the input loop: the FIFO froze the
app for good, /dev/tty ate the typed keys.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tictac_tui.engine import Rules
from tictac_tui.records import Format, GameRecord, Players, save
from tictac_tui.saved import LIST_MAX_BYTES

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def games_folder(run: TerminalApp) -> Path:
    folder = run.tmp / "data" / "games"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def good_game(folder: Path) -> Path:
    record = GameRecord(Rules.gomoku(15), [(7, 7), (7, 8), (8, 8)], Players("Ann", "Bob"))
    path = folder / "good.sgf"
    save(record, path, Format.SGF)
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_open_lists_around_a_fifo_a_terminal_and_a_huge_file(app: Start) -> None:
    run = app()
    folder = games_folder(run)
    good_game(folder)
    os.mkfifo(folder / "fifo.sgf")
    with (folder / "huge.pos").open("wb") as huge:
        huge.truncate(LIST_MAX_BYTES * 8)  # sparse: its size is all that counts
    (folder / "evil\u202e\nfds.sgf").write_text("(;GM[4]SZ[15];B[hh];W[hh])")
    expected = [["fifo.sgf", "not regular"], ["huge.pos", "too large"]]
    if os.path.exists("/dev/tty"):
        os.symlink("/dev/tty", folder / "tty.sgf")
        expected.append(["tty.sgf", "not regular"])
    run.wait_for("> Play")
    run.send("o")
    run.wait_for_all("Ann vs Bob", "Not listed: fifo.sgf (not a regular file)")
    run.wait_for(lambda r: r.state().get("reading") is False)
    state = run.state()
    assert sorted(state["games"]) == ["evil\u202e\nfds.sgf", "good.sgf"]
    assert state["skipped"] == expected
    assert "huge.pos (over 1024 KB)" in run.text()
    assert "evil\\u202e\\nfds.sgf: line 1: move 2" in run.text()  # escaped, on one row
    if state["games"][0] != "good.sgf":
        run.send("down")
    run.send("enter")
    run.wait_for(lambda r: r.state().get("screen") == "replay")
    run.wait_for("Move 3 of 3")
    run.wait_for(lambda r: r.board_matches())  # the state file follows the frame


def test_the_list_stays_responsive_while_a_file_is_read(app: Start) -> None:
    """Esc leaves the list at once, whatever is still being read."""
    run = app()
    folder = games_folder(run)
    good_game(folder)
    run.wait_for("> Play")
    run.send("o", "esc")
    run.wait_for(lambda r: r.state().get("screen") == "menu")
    run.send("o")
    run.wait_for("Ann vs Bob")
