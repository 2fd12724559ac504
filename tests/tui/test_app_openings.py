"""The real app in a pty: a swap2 opening against the computer, as a person plays it
(typed stones, a refused one, the computer's answer, undo back into the opening), and
Soosõrv's allowed area drawn on the board."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictac_tui.engine import parse_move

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def stones(count: int) -> Callable[[TerminalApp], bool]:
    """A condition: `count` stones are on the board, and the screen shows them."""

    def shown(run: TerminalApp) -> bool:
        return len(run.state().get("history", [])) == count and run.board_matches()

    shown.__name__ = f"{count} stones shown"
    return shown


def test_a_swap2_opening_against_the_computer(app: Start) -> None:
    run = app("--game", "gomoku15", "--opening", "swap2", "--mode", "hvc", "--first", "human")
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for("You: place the 1st stone (black), anywhere")
    run.send("g", "h8", "enter")
    run.wait_for("You: place the 2nd stone (white), anywhere")
    run.send("g", "h8", "enter")  # taken: refused, nothing changes
    run.wait_for("can't be played")
    run.send("g", "h9", "enter")
    run.wait_for("You: place the 3rd stone (black), anywhere")
    run.send("g", "j10", "enter")
    run.wait_for(stones(3))

    def answered(app: TerminalApp) -> bool:
        text = app.text()
        return "The opening is over" in text or "You: swap colours?" in text

    run.wait_for(answered)
    run.send("u")
    run.wait_for("Opening step undone. You: place the 3rd stone (black), anywhere")
    run.wait_for(stones(2))


def test_soosorv_draws_the_allowed_area_and_refuses_a_stone_outside(app: Start) -> None:
    run = app(
        "--game", "gomoku15", "--rule", "renju", "--opening", "soosorv8", "--mode", "hvh"
    )  # fmt: skip
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for("Place the 1st stone (black), the centre point")
    run.send("g", "h8", "enter", "g", "h9", "enter")
    run.wait_for("the central 5x5")
    lay = run.game_layout()
    assert lay is not None
    for square, mark in (("j10", "+"), ("f6", "+"), ("a1", "")):
        y, x = lay.center(parse_move(square, lay.rules))
        assert (run.screen.buffer[y][x].data == "+") == bool(mark), square
    run.send("g", "a1", "enter")
    run.wait_for("The 3rd stone must be within the central 5x5")
    assert len(run.state().get("history", [])) == 2


def test_quitting_mid_opening_and_resuming_goes_on_in_the_opening(app: Start) -> None:
    args = ("--game", "gomoku15", "--rule", "renju", "--opening", "taraguchi10", "--mode", "hvh")
    run = app(*args)
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for("Place the 1st stone (black), the centre point")
    run.send("g", "h8", "enter")
    run.wait_for("Swap colours? 1 keep  2 swap")
    run.send("2")
    run.wait_for("Place the 2nd stone (white), the central 3x3")
    run.send("q")
    run.wait_for("Quit the game in progress?")
    run.send("y")
    assert run.wait_exit() == 0

    again = app(*args)
    again.wait_for("> Resume game")
    again.send("enter")
    again.wait_for(stones(1))
    again.wait_for("Place the 2nd stone (white), the central 3x3")
    again.send("g", "a1", "enter")
    again.wait_for("The 2nd stone must be within the central 3x3")
    again.send("u")
    again.wait_for("Opening step undone. Swap colours? 1 keep  2 swap")
