"""The real app in a pty, started with options and an autosaved game: the options win."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def test_options_choosing_a_game_highlight_play_and_resume_stays_offered(app: Start) -> None:
    run = app("--game", "gomoku15", "--rule", "caro", "--mode", "hvh")
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for(lambda r: r.state().get("screen") == "game")
    run.send("enter")  # X plays h8
    run.wait_for(lambda r: r.state().get("history") == ["h8"])
    run.send("q")
    run.wait_for("Quit the game in progress?")
    run.send("y")
    assert run.wait_exit() == 0

    again = app("--game", "gomoku15", "--rule", "exact", "--mode", "hvh")
    again.wait_for_all("> Play", "Resume game")
    again.send("enter")
    again.wait_for("New game? This one is thrown away.")
    again.send("y")
    again.wait_for(lambda r: r.state().get("screen") == "game" and r.state().get("history") == [])
    assert again.state()["rule"] == "exact"
