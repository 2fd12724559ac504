"""The real app in a pty with pondering on (`--ponder on`): the status says so on the
person's turn, a move is answered, keys are answered at once, and quitting restores the
terminal; in English and in Chinese."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .playing import more_moves_than, settled, start_game
from .terminal import TerminalApp

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]
CHINESE = {"LANGUAGE": "zh_CN", "LANG": "zh_CN.UTF-8"}
HARD = ("--game", "gomoku15", "--difficulty", "hard", "--first", "human", "--think", "0.5")


def test_pondering_shows_on_your_turn_and_the_computer_still_answers(app: Start) -> None:
    run = start_game(app, *HARD, "--ponder", "on")
    run.send("enter")  # h8; the empty board was not worth pondering (the centre is a rule)
    run.wait_for(more_moves_than(1))
    run.wait_for(settled)
    run.wait_for("Your move (X); computer pondering")
    row, col = run.state()["cursor"]
    run.send("up")  # a key while it ponders is answered: the cursor moves
    run.wait_for(lambda r: r.state()["cursor"] == [row - 1, col] and "pondering" in r.text())
    run.send("g", "a1", "enter")
    run.wait_for(more_moves_than(3))
    run.wait_for("Your move (X); computer pondering")
    run.send("q", "y")
    assert run.wait_exit() == 0
    assert run.restored()


def test_without_ponder_the_status_says_your_move_only(app: Start) -> None:
    run = start_game(app, *HARD)
    run.send("enter")
    run.wait_for(more_moves_than(1))
    run.wait_for(settled)
    run.wait_for("Your move (X)")
    assert "pondering" not in run.text()
    run.send("q", "y")
    assert run.wait_exit() == 0


def test_pondering_in_chinese(app: Start) -> None:
    run = app(*HARD, "--ponder", "on", env=CHINESE)
    run.wait_for("> 开始")
    run.send("enter")
    run.wait_for(settled)
    run.send("enter")
    run.wait_for(more_moves_than(1))
    run.wait_for("电脑后台思考中")
    run.send("q", "y")
    assert run.wait_exit() == 0
    assert run.restored()
