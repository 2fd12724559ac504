"""The real app in a pty: no input event stalls the loop; mouse presses and releases apart.

Each test plays a move and then sends an input while the computer's reply is
due. The reply is shown only if the loop keeps running, so a stalled loop
fails the test (the wait for the reply times out) without any clock in it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tictac_tui.engine import Move

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp, mouse_press, mouse_release

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def your_move(run: TerminalApp, moves: int) -> bool:
    """`moves` stones are on the board the screen shows, and it is a person's turn."""
    state = run.state()
    return (
        len(state.get("history", [])) == moves
        and run.board_matches()
        and ("Your move" in run.text())
    )


def started(start: Start, *args: str) -> TerminalApp:
    run = start("--seed", "1", "--difficulty", "medium", *args)
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for(lambda r: your_move(r, 0))
    return run


@pytest.mark.parametrize("game", ["tictactoe", "gomoku19"])
def test_a_click_sent_as_press_then_release_lets_the_computer_reply(app: Start, game: str) -> None:
    run = started(app, "--game", game)
    lay = run.game_layout()
    assert lay is not None
    y, x = lay.center(Move(0, 0))
    run.send(mouse_press(y, x))
    run.wait_for(lambda r: r.state().get("history", [])[:1] == ["a1"])
    run.send(mouse_release(y, x))  # a separate write, after the press was handled
    run.wait_for(lambda r: your_move(r, 2))  # a stalled loop never shows the reply


EVENTS = {
    "left release": mouse_release(1, 1),
    "right press": mouse_press(1, 1, 2),
    "right release": mouse_release(1, 1, 2),
    "middle press": mouse_press(1, 1, 1),
    "motion": b"\x1b[<35;3;3M",
    "drag": b"\x1b[<32;3;3M",
    "wheel up": b"\x1b[<64;3;3M",
    "wheel down": b"\x1b[<65;3;3M",
    "wheel left": b"\x1b[<66;3;3M",
    "wheel right": b"\x1b[<67;3;3M",
    "button 8": b"\x1b[<128;3;3M",
    "focus in": b"\x1b[I",
    "focus out": b"\x1b[O",
    "unknown CSI": b"\x1b[999;7z",
    "unknown SS3": b"\x1bO5Z",
    "X10 report": b"\x1b[M#!!",
    "truncated report": b"\x1b[<0;5",
}


def test_no_input_event_stalls_the_loop_or_changes_the_game(app: Start) -> None:
    """One app, a new game for each event (one app each cost a start apiece): the event comes
    while the computer's reply is due, and the reply still comes, to the one move played."""
    run = started(app)
    for number, (name, event) in enumerate(EVENTS.items()):
        if number:
            run.send("n")  # a game in progress: the app asks first
            run.wait_for("y: yes")
            run.send("y")
            run.wait_for(lambda r: your_move(r, 0))
        run.send("5")
        run.wait_for(lambda r: len(r.state().get("history", [])) == 1)
        run.send(event)
        run.wait_for(lambda r: your_move(r, 2))
        state = run.state()
        assert state["screen"] == "game" and state["history"][0] == "b2", name


def test_escape_alone_is_the_escape_key(app: Start) -> None:
    run = started(app)
    assert run.state()["escdelay"] == 25  # ncurses' default (1 s) would make Esc sluggish
    run.send("esc")
    run.wait_for("> Resume game")
