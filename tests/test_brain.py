"""`tictac-brain` driven over pipes the way a Gomocup manager drives it.

Each test starts ``python -m tictac_tui.brain``, writes protocol lines
(ending in CR LF, as managers do) and reads the answers, with a timeout on
every read so a silent brain fails the test instead of hanging it.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tictac_tui.brain import Brain

ROOT = Path(__file__).resolve().parent.parent
READ_TIMEOUT = 20.0


class Manager:
    """A brain process with line-level send and receive."""

    def __init__(self, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tictac_tui.brain", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env=env,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        for line in lines:
            self.process.stdin.write(line + "\r\n")
        self.process.stdin.flush()

    def answer(self) -> str:
        """The next answer line, skipping MESSAGE and DEBUG lines."""
        while True:
            line = self.lines.get(timeout=READ_TIMEOUT)
            assert line is not None, "the brain closed its output"
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line

    def ask(self, *lines: str) -> str:
        self.send(*lines)
        return self.answer()

    def move(self, *lines: str) -> tuple[int, int]:
        reply = self.ask(*lines)
        x, y = reply.split(",")
        return int(x), int(y)

    def close(self) -> int:
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        return self.process.wait(timeout=READ_TIMEOUT)


@pytest.fixture
def brain() -> Iterator[Manager]:
    manager = Manager()
    yield manager
    if manager.process.poll() is None:
        manager.process.kill()
        manager.process.wait()


def start(brain: Manager, size: int = 15, turn_ms: int = 300) -> None:
    assert brain.ask(f"START {size}") == "OK"
    brain.send(f"INFO timeout_turn {turn_ms}", "INFO timeout_match 0", "INFO rule 0")


def test_a_short_game_and_end(brain: Manager) -> None:
    start(brain)
    about = brain.ask("ABOUT")
    assert about.startswith('name="') and 'version="' in about and 'author="' in about
    assert brain.move("BEGIN") == (7, 7)
    x, y = brain.move("TURN 8,8")
    assert (x, y) not in {(7, 7), (8, 8)} and 0 <= x < 15 and 0 <= y < 15
    brain.send("END")
    assert brain.close() == 0


def test_exits_at_end_of_input(brain: Manager) -> None:
    start(brain)
    assert brain.close() == 0


def test_malformed_and_unknown_lines_keep_it_running(brain: Manager) -> None:
    assert brain.ask("TURN 3,3").startswith("ERROR")  # no board yet
    assert brain.ask("START abc").startswith("ERROR")
    start(brain)
    assert brain.ask("TURN three,four").startswith("ERROR")
    assert brain.ask("TURN 1,2,3").startswith("ERROR")
    assert brain.ask("TURN 15,3").startswith("ERROR")  # off the board
    assert brain.ask("DONE").startswith("ERROR")  # no BOARD before it
    assert brain.ask("FROBNICATE 1").startswith("UNKNOWN")
    assert brain.move("BEGIN") == (7, 7)
    assert brain.ask("BEGIN").startswith("ERROR")  # only on an empty board
    assert brain.move("TURN 6,6") not in {(7, 7), (6, 6)}


def test_a_move_on_a_taken_square_is_refused_and_not_applied(brain: Manager) -> None:
    start(brain)
    assert brain.move("BEGIN") == (7, 7)
    error = brain.ask("TURN 7,7")
    assert error.startswith("ERROR") and "taken" in error
    # Still the opponent's move: a legal one is accepted and answered.
    reply = brain.move("TURN 0,0")
    assert reply not in {(7, 7), (0, 0)}
    assert brain.ask(f"TURN {reply[0]},{reply[1]}").startswith("ERROR")


def test_takeback_and_restart(brain: Manager) -> None:
    start(brain)
    assert brain.move("BEGIN") == (7, 7)
    assert brain.ask("TAKEBACK 3,3").startswith("ERROR")  # not the last move
    assert brain.ask("TAKEBACK 7,7") == "OK"
    assert brain.move("BEGIN") == (7, 7)  # the board is empty again
    assert brain.ask("RESTART") == "OK"
    assert brain.move("TURN 7,7") != (7, 7)  # now it plays second on a fresh board


def test_board_then_done_blocks_a_four(brain: Manager) -> None:
    start(brain)
    # The opponent (2) has four on row 3 from x=1 to 4; x=0 is open, x=5 is ours.
    lines = ["BOARD", "1,3,2", "5,3,1", "2,3,2", "9,9,1", "3,3,2", "10,12,1", "4,3,2", "DONE"]
    assert brain.move(*lines) == (0, 3)


def test_board_with_a_bad_line(brain: Manager) -> None:
    start(brain)
    brain.send("BOARD", "7,7,2")
    assert brain.ask("7,7,x").startswith("ERROR")
    assert brain.move("DONE") != (7, 7)


def test_rule_1_is_exact_five(brain: Manager) -> None:
    start(brain)
    brain.send("INFO rule 1")
    # Own stones 0,1,2 and 4,5 on row 1: 3,1 would make six, no win under rule 1,
    # so the brain must block the opponent's four on row 4 at 4,4.
    own = ["0,1,1", "1,1,1", "2,1,1", "4,1,1", "5,1,1"]
    theirs = ["0,4,2", "1,4,2", "2,4,2", "3,4,2", "3,6,2"]
    board = ["BOARD"] + [line for pair in zip(theirs, own) for line in pair] + ["DONE"]
    assert brain.move(*board) == (4, 4)
    # The same position under freestyle: the six wins.
    assert brain.ask("RESTART") == "OK"
    brain.send("INFO rule 0")
    assert brain.move(*board) == (3, 1)


def test_unsupported_rule_and_size(brain: Manager) -> None:
    assert brain.ask("START 40").startswith("ERROR")
    assert brain.ask("RECTSTART 2,3").startswith("ERROR")
    start(brain)
    brain.send("INFO rule 4")
    refusal = brain.ask("BEGIN")
    assert refusal.startswith("ERROR") and "renju" in refusal
    brain.send("INFO rule 0")
    assert brain.move("BEGIN") == (7, 7)


def test_rectangular_board(brain: Manager) -> None:
    assert brain.ask("RECTSTART 20,10") == "OK"
    brain.send("INFO timeout_turn 200")
    assert brain.move("BEGIN") == (10, 5)


def test_other_strategy_and_help() -> None:
    manager = Manager("--strategy", "heuristic")
    try:
        start(manager)
        assert manager.move("BEGIN") == (7, 7)
        manager.send("END")
        assert manager.close() == 0
    finally:
        if manager.process.poll() is None:
            manager.process.kill()
    help_text = subprocess.run(
        [sys.executable, "-m", "tictac_tui.brain", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=True,
    ).stdout
    assert "--strategy" in help_text and "heuristic" in help_text and "search" in help_text


def test_move_time_follows_the_tighter_limit() -> None:
    brain = Brain()
    brain.handle("START 15")
    brain.handle("INFO timeout_turn 1000")
    assert 0.8 < brain.move_seconds() < 1.0
    brain.handle("INFO timeout_match 60000")
    brain.handle("INFO time_left 6000")
    assert brain.move_seconds() < 0.5  # a share of the 6 s left, not the 1 s per move
    brain.handle("INFO time_left 2147483647")
    assert 0.8 < brain.move_seconds() < 1.0
    brain.handle("INFO timeout_turn 0")
    assert brain.move_seconds() <= 0.05


def test_protocol_parsing() -> None:
    from tictac_tui.protocol import (
        ProtocolError,
        format_about,
        parse_board_line,
        parse_line,
        parse_point,
        unsupported_rule,
    )

    assert parse_point(" 10 , 3 ") == (10, 3)
    assert parse_board_line("1,2,2") == (1, 2, 2)
    assert parse_line("   ") is None
    command = parse_line("turn 3,4\r\n")
    assert command is not None and (command.name, command.argument) == ("TURN", "3,4")
    for bad in ("3", "a,b", "1,2,3", "", "1.5,2"):
        with pytest.raises(ProtocolError):
            parse_point(bad)
    with pytest.raises(ProtocolError):
        parse_board_line("1,2,7")
    assert unsupported_rule(0) is None and unsupported_rule(1) is None
    assert "renju" in (unsupported_rule(4) or "")
    assert "continuous" in (unsupported_rule(3) or "")
    assert "caro" in (unsupported_rule(8) or "")
    about = format_about("tictac", "1.0", "me", "CZ")
    assert about == 'name="tictac", version="1.0", author="me", country="CZ"'


def test_max_node_makes_the_move_reproducible() -> None:
    board = ["BOARD", "7,7,2", "8,8,1", "6,8,2", "8,6,1", "8,7,2", "DONE"]
    replies = []
    for _ in range(2):
        manager = Manager()
        try:
            start(manager, turn_ms=5000)
            manager.send("INFO max_node 400", "INFO max_depth 4")
            replies.append(manager.move(*board))
            manager.send("END")
            assert manager.close() == 0
        finally:
            if manager.process.poll() is None:
                manager.process.kill()
    assert replies[0] == replies[1]
    assert replies[0] not in {(7, 7), (8, 8), (6, 8), (8, 6), (8, 7)}
