"""The real app in a pty: resizing, quitting, Ctrl-C, SIGTERM, crashes, Esc."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import NO_PTY_REASON, ON_WINDOWS
from .playing import play_out, start_game
from .terminal import TerminalApp
from .tictactoe import best_move

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
    run.send("q")  # q still asks while too small: once it has, the keys before it were read
    run.wait_for(lambda r: r.state()["question"] == "quit")
    run.send("x")  # no
    run.wait_for(lambda r: r.state()["question"] is None)
    assert run.state()["history"] == history
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
    assert b"Session score: no games finished" in run.raw


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


def test_ctrl_backslash_restores_the_terminal(app: Start) -> None:
    run = in_game(app)
    run.send(b"\x1c")  # Ctrl-\\: the terminal sends SIGQUIT
    assert run.wait_exit() == 128 + signal.SIGQUIT
    assert run.restored()
    assert b"Traceback" not in run.raw


@pytest.mark.parametrize("ignore_hangup", [False, True], ids=["SIGHUP", "SIGHUP ignored"])
def test_a_closed_terminal_ends_the_app_quietly_with_129(
    app: Start, tmp_path: Path, ignore_hangup: bool
) -> None:
    errors = tmp_path / "stderr.txt"
    args = ("--difficulty", "easy", "--first", "human", "--seed", "3")
    run = start_game(app, *args, stderr=errors, ignore_hangup=ignore_hangup)
    play_out(run, best_move, "digits")
    run.wait_for("You win!")
    run.hang_up()
    assert run.wait_status() == 129  # with SIGHUP ignored: from the end of input, not a spin
    assert errors.read_text() == ""
    saved = json.loads((tmp_path / "config" / "statistics.json").read_text())
    assert [(r["rows"], r["levels"], r["wins"]) for r in saved["records"]] == [(3, ["easy"], 1)]


def test_unexpected_error_is_reported_after_the_restore(app: Start) -> None:
    run = in_game(app, env={"TICTAC_CRASH_KEY": "1"})
    run.send("!")
    assert run.wait_exit() == 1
    assert run.restored()
    raw = bytes(run.raw)
    assert raw.rindex(b"\x1b[?1049l") < raw.index(b"Traceback")
    assert b"RuntimeError: crash requested" in raw


def test_unknown_keys_change_nothing(app: Start) -> None:
    run = in_game(app)
    before = run.state()
    run.send("zZ%^&*()_+=[]{};'\\\",<.>/`~", b"\x1b[15~", b"\x1bOQ")  # ... F5, F2
    run.send("?")  # a key that answers, to know the others were read
    run.wait_for("any other key: back")
    run.send("x")
    run.wait_for(lambda r: r.state().get("screen") == "game" and r.board_matches())
    after = run.state()
    assert after["history"] == before["history"] and after["cursor"] == before["cursor"]


def test_every_bad_file_gets_its_notice_and_nothing_is_lost(app: Start, tmp_path: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("{ this is not json")
    (config / "statistics.json").write_text('{"Tic-tac-toe 3x3": {"easy": {"wins": "7"')
    args = ("--difficulty", "easy", "--first", "human", "--seed", "3")
    run = app(*args)
    run.wait_for_all("settings.json is corrupt; using defaults", "> Play", "Tic-tac-toe 3x3")
    run.send("down")  # read: the next notice comes
    run.wait_for("statistics.json is corrupt; starting new statistics")
    run.send("up", "enter")
    play_out(run, best_move, "digits")
    run.wait_for_all("You win!", "statistics.json kept as statistics.json.bad-")
    (kept,) = config.glob("statistics.json.bad-*")
    assert '"wins": "7"' in kept.read_text()
    saved = json.loads((config / "statistics.json").read_text())
    assert [(r["mode"], r["levels"], r["wins"]) for r in saved["records"]] == [("hvc", ["easy"], 1)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_in_place_of_the_settings_does_not_block_the_start(
    app: Start, tmp_path: Path
) -> None:
    config = tmp_path / "config"
    config.mkdir()
    os.mkfifo(config / "settings.json")
    run = app()
    run.wait_for_all("settings.json is not a regular file; using defaults", "> Play")
    run.send("q")
    assert run.wait_exit() == 0
