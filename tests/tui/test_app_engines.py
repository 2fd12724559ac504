"""Hosted engines in the real app (pty): a whole game against the built-in engine, two
engines in computer vs computer, a hung engine that leaves the app responsive, and no
engine process outliving the app, however it ends.

Fake engines (`tests/engines/fake_engine.py`) are added to the test's own
engines.json; each writes its process id, so a test can look for it after the
app has gone.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from tictac_tui.engine import GameState, Move
from tictac_tui.engines.store import add_engine

from ..engines.fakes import Fake, fake, wait_gone
from .playing import Start, more_moves_than, play_out, settled, start_game
from .terminal import TerminalApp

GOMOKU = ("--game", "gomoku15", "--first", "human")


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid` (read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def engine_pids(run: TerminalApp) -> list[int]:
    """The app's children: its engines."""
    return children_of(run.child.pid)


def added(tmp_path: Path, mode: str) -> Fake:
    """A fake engine in `mode`, added as "fake" to the app's engines.json."""
    engine = fake(tmp_path, mode)
    add_engine(engine.spec, tmp_path / "config" / "engines.json")
    return engine


def first_free(state: GameState) -> Move:
    """The person's moves: the first free square, row by row."""
    return state.legal_moves()[0]


def running(engine: Fake, other_than: int = -1) -> Callable[[TerminalApp], bool]:
    """A condition: `engine` has started (a process other than `other_than`)."""

    def started(run: TerminalApp) -> bool:
        return engine.pidfile.exists() and engine.pid != other_than

    return started


def thinking(run: TerminalApp) -> bool:
    """The computer is thinking about its move (the status line says so)."""
    return "is thinking" in run.text()


def test_a_game_against_the_built_in_engine_plays_to_the_end(app: Start) -> None:
    run = start_game(app, *GOMOKU, "--difficulty", "engine:tictac", "--think", "0.5")
    final = play_out(run, first_free, "arrows")
    assert final.is_over
    run.wait_for("Computer wins")
    pids = engine_pids(run)
    assert pids  # the engine is still there between games...
    run.send("q")
    assert run.wait_exit() == 0
    assert all(wait_gone(pid) for pid in pids)  # ...and ends with the app


@pytest.mark.parametrize("o_side", ["engine:tictac", "hard"])
def test_engines_in_computer_vs_computer_pause_and_step(app: Start, o_side: str) -> None:
    args = ("--game", "gomoku15", "--mode", "cvc", "--speed", "fast", "--think", "0.5")
    run = app(*args, "--x-difficulty", "engine:tictac", "--o-difficulty", o_side)
    run.wait_for("> Play")
    run.send("enter")
    run.wait_for(more_moves_than(3))
    run.send("p")
    run.wait_for("Paused")
    run.wait_for(lambda r: r.board_matches())
    played = len(run.state()["history"])
    run.send(".")
    run.wait_for(more_moves_than(played))
    run.wait_for("Paused")
    assert len(run.state()["history"]) == played + 1
    run.send("q", "y")
    assert run.wait_exit() == 0


def test_a_hung_engine_leaves_the_app_responsive(app: Start, tmp_path: Path) -> None:
    engine = added(tmp_path, "slow")
    run = start_game(app, *GOMOKU, "--difficulty", "engine:fake", "--think", "30")
    run.send("enter")  # h8
    run.wait_for(thinking)
    run.wait_for(running(engine))
    first = engine.pid
    cursor = run.state()["cursor"]
    run.send("right")
    run.wait_for(lambda r: r.state()["cursor"] != cursor)
    run.send("u")
    run.wait_for("Move undone")
    run.wait_for(lambda r: r.state()["history"] == [])
    run.send("enter")
    run.wait_for(thinking)  # asked again: the engine ended (it ignores YXSTOP) and restarted
    run.wait_for(running(engine, other_than=first))
    run.send("m")
    run.wait_for("> Resume game")
    run.send("m")
    run.wait_for(thinking)
    run.send("q")
    run.wait_for("Quit?")
    run.send("y")
    assert run.wait_exit() == 0
    assert wait_gone(first) and wait_gone(engine.pid)


def test_an_engine_past_its_time_loses_with_one_message(app: Start, tmp_path: Path) -> None:
    added(tmp_path, "slow")
    run = start_game(app, *GOMOKU, "--difficulty", "engine:fake", "--think", "0.5")
    run.send("enter")
    run.wait_for("Engine fake thought past its time and loses")
    run.wait_for("Game over")
    run.send("q")
    assert run.wait_exit() == 0


def test_a_failing_engine_keeps_the_game(app: Start, tmp_path: Path) -> None:
    added(tmp_path, "garbage")
    run = start_game(app, *GOMOKU, "--difficulty", "engine:fake", "--think", "0.5")
    run.send("enter")
    run.wait_for("Engine fake printed something that is not an answer")
    run.send("s")
    run.wait_for("Saved")
    run.wait_for(lambda r: r.state()["history"] == ["h8"])
    run.send("q", "y")
    assert run.wait_exit() == 0
    games = list((tmp_path / "data" / "games").iterdir())
    assert len(games) == 1 and games[0].read_text().endswith(";B[hh])\n")


WAYS_OUT: dict[str, tuple[Callable[[TerminalApp], None], int]] = {
    "quit": (lambda run: run.send("q", "y"), 0),
    "Ctrl-C": (lambda run: run.send("ctrl-c"), 130),
    "Ctrl-\\": (lambda run: run.send(b"\x1c"), 128 + signal.SIGQUIT),
    "SIGTERM": (lambda run: run.child.kill(signal.SIGTERM), 128 + signal.SIGTERM),
    "crash": (lambda run: run.send("!"), 1),
}


@pytest.mark.parametrize("way", [*WAYS_OUT, "hangup"])
def test_no_engine_outlives_the_app(app: Start, tmp_path: Path, way: str) -> None:
    engine = added(tmp_path, "slow")
    env = {"TICTAC_CRASH_KEY": "1"}
    run = start_game(app, *GOMOKU, "--difficulty", "engine:fake", "--think", "30", env=env)
    run.send("enter")
    run.wait_for(thinking)
    run.wait_for(running(engine))
    pid = engine.pid
    if way == "hangup":
        run.hang_up()
        assert run.wait_status() == 129
    else:
        act, status = WAYS_OUT[way]
        act(run)
        assert run.wait_exit() == status
    assert wait_gone(pid)


def test_the_think_time_is_sent_to_the_engine(app: Start, tmp_path: Path) -> None:
    engine = added(tmp_path, "good")
    run = start_game(app, *GOMOKU, "--difficulty", "engine:fake", "--think", "2")
    run.send("enter")
    run.wait_for(more_moves_than(1))
    run.wait_for(settled)
    assert "INFO timeout_turn 2000" in engine.lines()
    run.send("q", "y")
    assert run.wait_exit() == 0
