"""The position editor in the real app (a pty): from the menu, a pasted pos string, clicks,
a refusal with its reason, play from the position, move numbers, and the saved game's
set-up stones."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictac_tui.engine import Move, Rules
from tictac_tui.tui import layout

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp, mouse_click

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def click(run: TerminalApp, move: Move) -> None:
    """A click on `move` of the 15x15 board the editor shows at 80 x 24."""
    lay = layout.game_layout(80, 24, Rules.gomoku(15))
    assert lay is not None
    run.send(mouse_click(*lay.center(move)))


def test_set_up_refuse_play_number_and_save(app: Start) -> None:
    run = app("--game", "gomoku15", "--mode", "hvh")
    run.wait_for("> Play")
    run.send("down")
    run.wait_for("> Set up a position")
    run.send("enter")
    run.wait_for_all("Position editor", "X to move · 0+0 stones · H8")
    run.send(":", "h8i9g7", "enter")  # a paste comes as the same keys
    run.wait_for_all("Position set: 3 stones", "O to move · 2+1 stones")
    run.wait_for(lambda r: r.state().get("setup", "").split("/")[6][8:9] == "O")  # i9, row 9 low
    click(run, Move(0, 0))  # a black stone on A15: the counts can't alternate
    run.wait_for("X to move · 3+1 stones")
    run.send("f")
    run.wait_for("With black to move, black and white have as many stones (now 3 and 1)")
    assert run.state()["screen"] == "editor"
    click(run, Move(0, 0))  # the same square again: white
    run.wait_for("X to move · 2+2 stones")
    run.send("f")
    run.wait_for_all("Playing from the position set up", "Gomoku 15x15 (freestyle) | Two players")
    run.wait_for(lambda r: len(r.state().get("history", [])) == 4 and r.board_matches())
    run.send("#", "g", "j10", "enter")
    run.wait_for(lambda r: len(r.state()["history"]) == 5 and r.state()["numbers"])
    run.wait_for(lambda r: r.board_matches())  # move 1 (after the set-up) shows as "1"
    lay = run.game_layout()
    assert lay is not None
    y, x = lay.center(Move(5, 9))
    assert run.screen.buffer[y][x].data == "1"
    run.send("s")
    run.wait_for("Saved as")
    (saved,) = (run.tmp / "data" / "games").glob("*.sgf")
    text = saved.read_text(encoding="utf-8")
    assert "AB[" in text and "AW[" in text and ";B[jf]" in text
