"""The real app in a pty: resizing, quitting, Ctrl-C, SIGTERM, crashes, Esc."""

from __future__ import annotations

import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .terminal import TerminalApp

pytestmark = [pytest.mark.terminal, pytest.mark.skipif(ON_WINDOWS, reason=NO_PTY_REASON)]

Start = Callable[..., TerminalApp]


def in_game(start: Start, *args: str, **kwargs: object) -> TerminalApp:
    run = start("--seed", "1", *args, **kwargs)
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for(lambda r: r.board_matches())
    return run


def test_resize_larger_too_small_and_back_keeps_the_game(app: Start) -> None:
    run = in_game(app)
    run.send("5")
    run.wait_for(lambda r: len(r.state()["history"]) == 2 and r.board_matches())
    history = run.state()["history"]
    run.resize(30, 100)
    run.wait_for(lambda r: r.state()["size"] == [100, 30] and r.board_matches())
    run.resize(10, 40)
    run.wait_for("Make the terminal at least 44 x 14")
    run.resize(6, 20)
    run.wait_for(lambda r: "Make the terminal" in r.text() and "44 x 14" in r.text())
    run.send("1", "u", "n")  # ignored: nothing changes unseen
    run.resize(24, 80)
    run.wait_for(lambda r: r.state()["size"] == [80, 24] and r.board_matches())
    assert run.state()["history"] == history
    run.wait_for(lambda r: "Your move (X)" in r.text() or "thinking" in r.text())


def test_gomoku19_needs_23_rows(app: Start) -> None:
    run = in_game(app, "--game", "gomoku19")
    run.resize(22, 80)
    run.wait_for("Make the terminal at least 44 x 23")
    run.resize(23, 80)
    run.wait_for(lambda r: r.state()["size"] == [80, 23] and r.board_matches())


def test_q_in_the_menu_quits_restores_and_prints_the_score(app: Start) -> None:
    run = app()
    run.wait_for("> Play")
    run.send("q")
    assert run.wait_exit() == 0
    assert run.restored()
    assert b"Session score: You 0, Computer 0, Draws 0" in run.raw


def test_q_in_a_game_asks_first(app: Start) -> None:
    run = in_game(app)
    run.send("q")
    run.wait_for("Quit the game in progress? y: yes")
    run.send("n")
    run.wait_for(lambda r: "Quit the game" not in r.text())
    run.send("q")
    run.wait_for("Quit the game in progress?")
    run.send("y")
    assert run.wait_exit() == 0
    assert run.restored()


def test_ctrl_c_exits_130_without_traceback(app: Start) -> None:
    run = in_game(app)
    run.send("ctrl-c")
    assert run.wait_exit() == 130
    assert run.restored()
    assert b"Traceback" not in run.raw


def test_sigterm_restores_the_terminal(app: Start) -> None:
    run = in_game(app)
    run.child.kill(signal.SIGTERM)
    assert run.wait_exit() == 128 + signal.SIGTERM
    assert run.restored()
    assert b"Traceback" not in run.raw


def test_unexpected_error_is_reported_after_the_restore(app: Start) -> None:
    run = in_game(app, env={"TICTAC_CRASH_KEY": "1"})
    run.send("!")
    assert run.wait_exit() == 1
    assert run.restored()
    raw = bytes(run.raw)
    assert raw.rindex(b"\x1b[?1049l") < raw.index(b"Traceback")
    assert b"RuntimeError: crash requested" in raw


def test_escape_answers_at_once(app: Start) -> None:
    run = in_game(app)
    run.send("esc")
    run.wait_for("> Resume game", timeout=0.8)  # ncurses' default Esc delay is 1 s


def test_unknown_keys_change_nothing(app: Start) -> None:
    run = in_game(app)
    before = run.state()
    run.send("zZ%^&*()_+=[]{};'\\\",<.>/`~", b"\x1b[15~", b"\x1bOQ")  # ... F5, F2
    run.send("?")  # a key that answers, to know the others were read
    run.wait_for("Any key: back")
    run.send("x")
    run.wait_for(lambda r: r.state().get("screen") == "game" and r.board_matches())
    after = run.state()
    assert after["history"] == before["history"] and after["cursor"] == before["cursor"]


def test_corrupt_settings_give_defaults_and_a_notice(app: Start, tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("{ this is not json")
    (config / "statistics.json").write_text('{"Tic-tac-toe 3x3": 7}')
    run = app()
    run.wait_for("settings.json is corrupt; using defaults")
    assert "Tic-tac-toe 3x3" in run.text() and "Easy" in run.text()
    run.send("enter")
    run.wait_for(lambda r: r.board_matches())
    run.send("q")
    run.send("y")
    assert run.wait_exit() == 0
