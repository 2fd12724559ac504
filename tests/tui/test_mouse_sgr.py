"""SGR (1006) mouse reports: asked for, decoded where ncurses leaves them in the key stream
(terminfo entries whose kmous is X10's, as screen's and tmux's are), and turned off at exit."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from tictac_tui.engine import Move
from tictac_tui.tui.input import SGR_OFF, SGR_ON, Click, sgr_click

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp, mouse_click, mouse_press

Start = Callable[..., TerminalApp]
X10_TERMINALS = [
    t
    for t in ("screen", "screen-256color")
    if any(
        (Path(d) / t[0] / t).exists()
        for d in ("/lib/terminfo", "/usr/share/terminfo", "/etc/terminfo")
    )
]


@pytest.mark.parametrize(
    ("params", "final", "click"),
    [
        ("0;1;1", "M", Click(0, 0)),
        ("0;12;5", "M", Click(4, 11)),
        ("0;300;80", "M", Click(79, 299)),  # beyond X10's column 223
        ("0;12;5", "m", None),  # release
        ("2;12;5", "M", None),  # right button
        ("1;12;5", "M", None),  # middle button
        ("32;12;5", "M", None),  # motion with the left button down
        ("4;12;5", "M", None),  # shift
        ("64;12;5", "M", None),  # wheel
        ("0;0;5", "M", None),
        ("0;12", "M", None),
        ("0;1²;5", "M", None),
        ("", "M", None),
    ],
)
def test_an_sgr_report_is_a_click_only_for_a_plain_left_press(
    params: str, final: str, click: Click | None
) -> None:
    assert sgr_click(params, final) == click


@pytest.mark.terminal
@pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)
@pytest.mark.skipif(not X10_TERMINALS, reason="no terminfo entry for screen here")
def test_sgr_clicks_play_where_ncurses_does_not_decode_them(app: Start) -> None:
    run = app("--game", "tictactoe", "--mode", "hvh", env={"TERM": X10_TERMINALS[0]})
    run.wait_for("> Play")
    assert SGR_ON in run.raw
    run.send("enter")
    run.wait_for(lambda r: r.state().get("screen") == "game")
    lay = run.game_layout()
    assert lay is not None
    y, x = lay.center(Move(2, 0))
    run.send(mouse_press(y, x))
    run.wait_for(lambda r: r.state().get("history") == ["a3"])
    y, x = lay.center(Move(1, 1))
    run.send(mouse_click(y, x))  # press and release in one write
    run.wait_for(lambda r: r.state().get("history") == ["a3", "b2"])
    assert run.board_matches()
    run.send("q")
    run.wait_for("Quit the game in progress?")
    run.send("y")
    assert run.wait_exit() == 0
    assert run.raw.rfind(SGR_OFF) > run.raw.rfind(SGR_ON)
    assert run.restored()


@pytest.mark.terminal
@pytest.mark.skipif(ON_WINDOWS or not hasattr(signal, "SIGTSTP"), reason=NO_PTY_REASON)
def test_ctrl_z_turns_sgr_off_and_fg_turns_it_back_on(app: Start) -> None:
    run = app("--game", "tictactoe", "--mode", "hvh")
    run.wait_for("> Play")
    assert run.raw.count(SGR_ON) == 1 and SGR_OFF not in run.raw
    run.send("\x1a")  # Ctrl-Z
    run.wait_for(lambda r: SGR_OFF in r.raw)
    os.kill(run.child.pid, signal.SIGCONT)  # fg (here the test's app may not have stopped)
    run.wait_for(lambda r: r.raw.count(SGR_ON) == 2)
    assert run.raw.rfind(SGR_ON) > run.raw.rfind(SGR_OFF)
    run.send("enter")
    run.wait_for(lambda r: r.state().get("screen") == "game")
    lay = run.game_layout()
    assert lay is not None
    y, x = lay.center(Move(0, 2))
    run.send(mouse_press(y, x))
    run.wait_for(lambda r: r.state().get("history") == ["c1"])
