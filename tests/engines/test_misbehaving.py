"""Every way an engine can misbehave gets a typed error naming it, and leaves no process."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.engines import (
    Engine,
    EngineError,
    EngineSpec,
    EngineStrategy,
    Fault,
    IllegalEngineMove,
    LostOnTime,
    live_pids,
)
from tictac_tui.engines.process import MAX_LINE, MAX_LOG_BYTES, MAX_NOTES
from tictac_tui.strategies import Limit

from .fakes import Fake, assert_reaped, fake, is_gone, wait_gone

FREESTYLE = Rules.gomoku(15)
RENJU = Rules.gomoku(15, rule="renju")
GENEROUS = 60.0
"""Seconds a fake that does answer gets (a busy machine)."""
QUICK = Limit(time=0.1)
"""A think time whose grace is the least one (`LEAST_GRACE`)."""


def player(tmp_path: Path, the_fake: Fake, start_seconds: float = GENEROUS) -> EngineStrategy:
    return EngineStrategy(the_fake.spec, log_folder=tmp_path / "logs", start_seconds=start_seconds)


def fails(
    tmp_path: Path, mode: str, state: GameState | None = None, start_seconds: float = GENEROUS
) -> tuple[EngineError, Fake]:
    """The error of a strategy asked for a move by a fake in `mode`; its process is gone."""
    the_fake = fake(tmp_path, mode)
    with player(tmp_path, the_fake, start_seconds) as hosted, pytest.raises(EngineError) as caught:
        hosted.choose(state or GameState.new(FREESTYLE), Limit(time=GENEROUS))
    assert "'fake'" in str(caught.value)
    assert caught.value.engine == "fake"
    assert_reaped(the_fake.pid)
    assert live_pids() == []
    return caught.value, the_fake


def test_an_engine_that_is_not_found(tmp_path: Path) -> None:
    spec = EngineSpec("ghost", (str(tmp_path / "pbrain-ghost"),))
    with EngineStrategy(spec, log_folder=tmp_path) as hosted, pytest.raises(EngineError) as caught:
        hosted.choose(GameState.new(FREESTYLE))
    assert caught.value.fault is Fault.NOT_FOUND
    assert "ghost" in caught.value.message()
    assert live_pids() == []


def test_an_engine_that_exits_at_once(tmp_path: Path) -> None:
    error, _ = fails(tmp_path, "exit")
    assert error.fault is Fault.EXITED
    assert "exit status 3" in str(error)


def test_an_engine_that_never_answers_start(tmp_path: Path) -> None:
    error, the_fake = fails(tmp_path, "silent", start_seconds=1.0)
    assert error.fault is Fault.NO_ANSWER
    assert "START" in str(error)
    assert the_fake.lines()[0] == "START 15"


def test_an_engine_that_answers_error(tmp_path: Path) -> None:
    error, _ = fails(tmp_path, "error")
    assert error.fault is Fault.REFUSED
    assert "this size is not supported" in str(error)


def test_an_engine_that_prints_garbage(tmp_path: Path) -> None:
    error, _ = fails(tmp_path, "garbage")
    assert error.fault is Fault.GARBAGE
    assert "I think I will play" in str(error)


def test_an_engine_that_plays_off_the_board(tmp_path: Path) -> None:
    error, _ = fails(tmp_path, "offboard")
    assert isinstance(error, IllegalEngineMove)
    assert error.move == Move(99, 99)
    assert "99,99 is off the 15x15 board" in str(error)


def test_an_engine_that_plays_an_occupied_square(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "occupied")
    state = GameState.new(FREESTYLE)
    with player(tmp_path, the_fake) as hosted:
        first = hosted.choose(state, Limit(time=GENEROUS))  # BEGIN: its first free square
        state = state.play(first).play(Move(7, 7))
        with pytest.raises(IllegalEngineMove) as caught:
            hosted.choose(state, Limit(time=GENEROUS))  # TURN 7,7: it answers 7,7
    assert "7,7 (H8) is already taken" in str(caught.value)
    assert "TURN 7,7" in the_fake.lines()
    assert_reaped(the_fake.pid)


def test_an_engine_that_plays_a_forbidden_point(tmp_path: Path) -> None:
    moves = [(7, 6), (0, 0), (7, 7), (0, 2), (5, 8), (14, 0), (6, 8), (14, 2)]
    state = GameState.from_moves(RENJU, moves)
    error, the_fake = fails(tmp_path, "square:8,7", state)
    assert isinstance(error, IllegalEngineMove)
    assert "8,7 (I8) is forbidden for black: double three" in str(error)
    heard = the_fake.lines()
    assert "INFO rule 4" in heard
    assert heard[heard.index("BOARD") + 1 : heard.index("DONE")] == [
        "6,7,1", "0,0,2", "7,7,1", "2,0,2", "8,5,1", "0,14,2", "8,6,1", "2,14,2",
    ]  # fmt: skip


def test_an_engine_that_thinks_past_its_time_is_stopped_and_loses(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "slow")
    with player(tmp_path, the_fake) as hosted, pytest.raises(LostOnTime) as caught:
        hosted.choose(GameState.new(FREESTYLE), QUICK)
    assert caught.value.fault is Fault.LOST_ON_TIME
    assert "'fake'" in str(caught.value)
    heard = the_fake.lines()
    assert "INFO timeout_turn 100" in heard
    assert heard.index("BEGIN") < heard.index("YXSTOP")
    assert_reaped(the_fake.pid)


def test_a_stop_signal_asks_for_the_move_now(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "stoppable")
    stop = threading.Event()
    stop.set()
    with player(tmp_path, the_fake) as hosted:
        move = hosted.choose(GameState.new(FREESTYLE), Limit(time=GENEROUS, stop=stop))
    assert move == Move(0, 0)
    heard = the_fake.lines()
    assert heard.index("BEGIN") < heard.index("YXSTOP")


def test_an_engine_that_crashes_mid_game(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "crash")
    state = GameState.new(FREESTYLE)
    with player(tmp_path, the_fake) as hosted:
        state = state.play(hosted.choose(state, Limit(time=GENEROUS)))
        state = state.play(Move(7, 7))
        with pytest.raises(EngineError) as caught:
            hosted.choose(state, Limit(time=GENEROUS))
    assert caught.value.fault is Fault.EXITED
    assert "SIGSEGV" in str(caught.value)
    assert_reaped(the_fake.pid)
    assert state.move_count == 2  # the game so far is the caller's, untouched


def test_a_flood_on_standard_output_stays_bounded(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "flood-out")
    with Engine(the_fake.spec, log_folder=tmp_path) as engine:
        engine.start(FREESTYLE)
        move = engine.begin(time.monotonic() + GENEROUS)
        notes = engine.child.notes
        assert move == Move(0, 0)
        assert engine.notes_seen > MAX_NOTES
        assert len(notes) <= MAX_NOTES
        assert all(len(said.text) <= MAX_LINE for said in notes)
        assert notes[-1].cut
    assert_reaped(the_fake.pid)


def test_a_flood_on_standard_error_goes_to_a_bounded_log(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "flood-err")
    with Engine(the_fake.spec, log_folder=tmp_path) as engine:
        engine.start(FREESTYLE)
        assert engine.begin(time.monotonic() + GENEROUS) == Move(0, 0)
    log = tmp_path / "fake.log"
    assert MAX_LOG_BYTES <= log.stat().st_size <= MAX_LOG_BYTES + 100
    assert log.read_bytes().endswith(b"more bytes not kept]\n")
    assert_reaped(the_fake.pid)


def test_what_an_engine_starts_is_ended_with_it(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "forks")
    with Engine(the_fake.spec, log_folder=tmp_path) as engine:
        engine.start(FREESTYLE)  # answered after the grandchild's pid was written
        grandchild = int(Path(str(the_fake.pidfile) + ".child").read_text())
        assert not is_gone(grandchild)
    assert_reaped(the_fake.pid)
    assert wait_gone(grandchild)


def test_an_engine_that_ignores_end_and_sigterm_is_killed(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "stubborn")
    engine = Engine(the_fake.spec, log_folder=tmp_path)
    engine.start(FREESTYLE)
    engine.close(grace=0.1)
    assert engine.child.returncode == -signal.SIGKILL
    assert "END" in the_fake.lines()
    assert_reaped(the_fake.pid)


def test_an_exception_in_the_caller_ends_the_engine(tmp_path: Path) -> None:
    the_fake = fake(tmp_path, "good")
    with pytest.raises(ZeroDivisionError), player(tmp_path, the_fake) as hosted:
        hosted.choose(GameState.new(FREESTYLE), Limit(time=GENEROUS))
        _ = 1 / 0
    assert_reaped(the_fake.pid)
    assert live_pids() == []


SCRIPT = """
import sys, signal
sys.path.insert(0, {tests!r})
from pathlib import Path
from tictac_tui.engine import Rules
from tictac_tui.engines import Engine, end_on_signals
from engines.fakes import fake
end_on_signals()
engine = Engine(fake(Path({tmp!r}), "stubborn").spec)
engine.start(Rules.gomoku(15))
print(engine.pid, flush=True)
if {how!r} == "raise":
    raise RuntimeError("the caller fails")
if {how!r} == "exit":
    sys.exit(0)
sys.stdin.read()  # until a signal
"""


@pytest.mark.parametrize("how", ["raise", "exit", "SIGTERM", "SIGHUP"])
def test_no_engine_outlives_the_program(tmp_path: Path, how: str) -> None:
    tests = str(Path(__file__).resolve().parent.parent)
    code = SCRIPT.format(tests=tests, tmp=str(tmp_path), how=how)
    with subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as program:
        assert program.stdout is not None
        pid = int(program.stdout.readline())
        assert not is_gone(pid)
        if how.startswith("SIG"):
            program.send_signal(getattr(signal, how))
        program.communicate(timeout=GENEROUS)
    # The program reaped its engine before it ended (a stubborn one needs SIGKILL).
    assert is_gone(pid)
    if how.startswith("SIG"):
        assert program.returncode == -getattr(signal, how)
