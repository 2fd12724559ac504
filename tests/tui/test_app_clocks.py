"""Clocks in the real app (a pty): both clocks on the status line, ticking, the side to
move's marked; a flag fall ends the game and is said; the computer never loses on time."""

from __future__ import annotations

from .playing import Start, start_game
from .terminal import TerminalApp


def test_the_clocks_tick_and_the_flag_falls(app: Start) -> None:
    run = start_game(app, "--game", "tictactoe", "--mode", "hvh", "--clock", "3s/move")
    run.wait_for_all(">X 0:03", "O 0:03")
    run.wait_for(">X 0:01!")  # ticking, urgent
    run.wait_for("X lost on time")
    run.wait_for("X 0:00!")

    def over(shown: TerminalApp) -> bool:
        return bool(shown.state().get("over"))  # the state file follows the frame

    run.wait_for(over)


def test_the_computer_plays_within_a_short_clock(app: Start) -> None:
    # Not `start_game`: it waits for a person's turn, which computer vs computer never gives.
    run = app("--game", "gomoku15", "--mode", "cvc", "--difficulty", "hard", "--clock", "3s+1s")
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for(lambda shown: len(shown.state().get("history", [])) >= 12, timeout=120)
    assert "lost on time" not in run.text()
