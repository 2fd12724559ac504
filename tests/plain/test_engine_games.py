"""Hosted engines in the plain line mode: whole games over pipes, hints from the engine,
each kind of failure in words, and no engine outliving ``tictac --plain``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tictac_tui.choices import Board, EnginePlayer, Mode, Settings, Think
from tictac_tui.engines import end_all, live_pids
from tictac_tui.engines.store import add_engine, built_in
from tictac_tui.play.hosting import Hosting
from tictac_tui.strategies import Difficulty

from ..engines.fakes import Fake, fake, wait_gone
from ..signals import as_from_a_shell
from .test_game import Script

ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD = 300.0
"""Seconds a whole piped game may take on a busy machine before the test fails."""
PLAIN = [sys.executable, "-m", "tictac_tui", "--plain", "--game", "gomoku15", "--first", "human"]
SQUARES = [f"{chr(ord('a') + col)}{row}" for row in range(1, 16) for col in range(15)]
"""Every square of 15x15 in reading order: a person who plays the first free one."""


@pytest.fixture(autouse=True)
def no_child_left() -> Iterator[None]:
    yield
    end_all()
    assert live_pids() == []


def environment(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "TICTAC_CONFIG_DIR": str(tmp_path / "config"),
        "TICTAC_DATA_DIR": str(tmp_path / "data"),
        "PYTHONPATH": str(ROOT),
    }


def test_a_game_against_the_built_in_engine_over_pipes(tmp_path: Path) -> None:
    typed = "\n".join([*SQUARES, "quit", ""])
    done = subprocess.run(
        [*PLAIN, "--difficulty", "engine:tictac", "--think", "0.5"],
        input=typed,
        capture_output=True,
        text=True,
        env=environment(tmp_path),
        timeout=HANG_GUARD,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "against Engine tictac" in done.stdout
    assert "Computer plays" in done.stdout
    assert "Computer wins" in done.stdout or "You win" in done.stdout
    assert "Engine tictac" in done.stdout.split("Session score:")[1]
    assert (tmp_path / "data" / "engines" / "tictac.log").exists()


def play(settings: Settings, fakes: tuple[Fake, ...], *typed: str) -> Script:
    from tictac_tui.plain import LineGame

    specs = {"tictac": built_in(), **{f.spec.name: f.spec for f in fakes}}
    script = Script(*typed)
    game = LineGame(settings, script.console(), seed=7, hosting=Hosting(specs, start_seconds=2))
    game.run()
    game.match.close()
    return script


def against(name: str, think: Think = Think.HALF) -> Settings:
    return Settings(game=Board.GOMOKU15, difficulty=EnginePlayer(name), think=think)


def test_hints_come_from_the_engine() -> None:
    script = play(against("tictac"), (), "h8", "hint", "quit", "yes")
    assert any(line.startswith("Hint: ") for line in script.lines)


def test_an_engine_plays_a_whole_game_against_easy() -> None:
    settings = Settings(
        game=Board.GOMOKU15,
        mode=Mode.CVC,
        x_difficulty=EnginePlayer("tictac"),
        o_difficulty=Difficulty.EASY,
        think=Think.HALF,
    )
    script = play(settings, (), "quit")
    assert "X (Engine tictac) against" in script.text
    assert "X wins" in script.text


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("garbage", "Engine fake printed something that is not an answer"),
        ("occupied", "Engine fake played an illegal move"),
        ("exit", "Engine fake exited"),
        ("error", "Engine fake refused"),
    ],
)
def test_a_failing_engine_is_named_and_the_game_kept(tmp_path: Path, mode: str, said: str) -> None:
    engine = fake(tmp_path, mode)
    script = play(against("fake"), (engine,), "h8", "i9", "undo", "quit", "yes")
    text = script.text
    assert said in text
    assert "The game is kept: undo tries again; new or quit." in text
    assert "The computer stopped: type undo to try again, new or quit." in text  # i9 refused
    assert "Took back H8." in text
    assert script.prompts[1] == "undo, new or quit: "


def test_an_engine_past_its_time_loses(tmp_path: Path) -> None:
    script = play(against("fake"), (fake(tmp_path, "slow"),), "h8", "quit")
    assert "Engine fake thought past its time and loses" in script.text
    assert "You win" in script.text


@pytest.mark.parametrize("way", ["quit", "SIGINT", "SIGTERM", "SIGHUP"])
def test_no_engine_outlives_the_plain_mode(tmp_path: Path, way: str) -> None:
    engine = fake(tmp_path, "good" if way == "quit" else "slow")
    add_engine(engine.spec, tmp_path / "config" / "engines.json")
    app = subprocess.Popen(
        [*PLAIN, "--difficulty", "engine:fake", "--think", "30"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=environment(tmp_path),
        preexec_fn=as_from_a_shell,  # a test run in the background has SIGINT ignored
    )
    try:
        assert app.stdin is not None
        app.stdin.write(b"h8\n")
        app.stdin.flush()
        deadline = time.monotonic() + HANG_GUARD
        while not engine.pidfile.exists():  # the engine started (slow: it thinks for 30 s)
            assert time.monotonic() < deadline and app.poll() is None
            time.sleep(0.02)
        pid = engine.pid
        if way == "quit":
            app.stdin.write(b"quit\nyes\n")
            app.stdin.close()
        else:
            app.send_signal(getattr(signal, way))
        app.wait(HANG_GUARD)
        assert wait_gone(pid)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
