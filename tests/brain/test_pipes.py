"""`tictac-brain` driven over real pipes the way a Gomocup manager drives it.

Each test starts ``python -m tictac_tui.brain`` and talks to it line by line
(`manager.Manager`); every wait is a generous hang guard, never a speed goal.
"""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tictac_tui.brain.info import MAX_THREADS
from tictac_tui.engine import Rule
from tictac_tui.engine.rules import SUPPORTED_RULES

from .manager import READ_TIMEOUT, ROOT, Manager

LONG_TURN_MS = 600_000
"""Ten minutes a move: a search that is still running when a test stops it."""
NBEST_NODES = 2000
"""The yxnbest search's budget: enough for an iteration that ranks three moves."""


@pytest.fixture
def brain() -> Iterator[Manager]:
    manager = Manager()
    yield manager
    manager.kill()


def start(brain: Manager, size: int = 15, turn_ms: int = 300) -> None:
    assert brain.ask(f"START {size}") == "OK"
    brain.send(f"INFO timeout_turn {turn_ms}", "INFO timeout_match 0", "INFO rule 0")


def test_a_short_game_and_end(brain: Manager) -> None:
    start(brain)
    about = brain.ask("ABOUT")
    assert about.startswith('name="') and 'version="' in about and 'author="' in about
    assert 'country="' in about
    assert brain.move("BEGIN") == (7, 7)
    x, y = brain.move("TURN 8,8")
    assert (x, y) not in {(7, 7), (8, 8)} and 0 <= x < 15 and 0 <= y < 15
    assert brain.ends() == 0
    assert brain.rest() == []


def test_exits_at_end_of_input(brain: Manager) -> None:
    start(brain)
    assert brain.close() == 0


def test_lf_and_bare_cr_line_endings(brain: Manager) -> None:
    brain.send_bytes(b"START 15\n")
    assert brain.answer() == "OK"
    brain.send_bytes(b"INFO timeout_turn 200\rBEGIN\r")  # a bare CR is answered at once
    assert brain.answer() == "7,7"
    brain.send_bytes(b"TURN 8,8\r\n\r\n\n")  # empty lines are ignored
    x, y = map(int, brain.answer().split(","))
    assert (x, y) not in {(7, 7), (8, 8)}
    brain.send_bytes(b"TAKEBACK %d,%d\rTAKEBACK 8,8\n" % (x, y))
    assert brain.answer() == "OK"
    assert brain.answer() == "OK"


def test_yxstop_answers_at_once_during_a_long_search(brain: Manager) -> None:
    start(brain, turn_ms=LONG_TURN_MS)
    brain.send("BOARD", "7,7,2", "8,8,1", "6,8,2", "DONE")
    brain.send("yxstop")
    x, y = map(int, brain.answer().split(","))  # long before the ten minutes
    assert (x, y) not in {(7, 7), (8, 8), (6, 8)}
    # The brain goes on: the next search is not stopped by the old yxstop.
    brain.send("INFO timeout_turn 300")
    assert brain.move("TURN 1,1") not in {(1, 1), (x, y)}


def test_end_during_a_long_search_answers_at_once_then_exits(brain: Manager) -> None:
    start(brain, turn_ms=LONG_TURN_MS)
    assert brain.move("BEGIN") == (7, 7)
    brain.send("TURN 8,8")
    brain.send("END")
    assert brain.process.wait(timeout=READ_TIMEOUT) == 0  # long before the ten minutes
    # The TURN read before END is answered (its best move so far), nothing more.
    answers = [line for line in brain.rest() if not line.startswith("MESSAGE")]
    assert len(answers) == 1 and answers[0] not in ("7,7", "8,8")


def running_children(pid: int) -> set[int]:
    """The processes `pid` started that still run (Linux's /proc; else the test is skipped)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    if not path.exists():
        pytest.skip("no /proc children list on this system")
    return {child for child in map(int, path.read_text().split()) if running(child)}


def running(pid: int) -> bool:
    """Whether process `pid` exists and is not a zombie."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(MAX_THREADS < 2, reason="one core: the brain searches alone")
def test_two_processes_play_and_end_leaves_none_behind() -> None:
    brain = Manager("--threads", "2")
    try:
        start(brain)
        brain.send("BOARD", "7,7,2", "8,8,1", "6,8,2", "DONE")
        x, y = map(int, brain.answer().split(","))
        assert (x, y) not in {(7, 7), (8, 8), (6, 8)}
        helpers = running_children(brain.process.pid)
        assert helpers  # the search helper (and multiprocessing's resource tracker)
        brain.send(f"INFO timeout_turn {LONG_TURN_MS}", "TURN 1,1")
        brain.send("END")  # during a long search shared with the helper
        assert brain.process.wait(timeout=READ_TIMEOUT) == 0
        answers = [line for line in brain.rest() if not line.startswith("MESSAGE")]
        assert len(answers) == 1  # the TURN's best move so far
        until = time.monotonic() + READ_TIMEOUT
        while any(running(pid) for pid in helpers):
            assert time.monotonic() < until, "a helper outlived the brain"
            time.sleep(0.05)
    finally:
        brain.kill()


def test_malformed_and_unknown_lines_keep_it_running(brain: Manager) -> None:
    assert brain.ask("TURN 3,3").startswith("ERROR")  # no board yet
    assert brain.ask("START abc").startswith("ERROR")
    start(brain)
    assert brain.ask("TURN three,four").startswith("ERROR")
    assert brain.ask("TURN 1,2,3").startswith("ERROR")
    assert brain.ask("TURN 15,3") == "ERROR 15,3 is off the 15x15 board"
    assert brain.ask("DONE").startswith("ERROR")  # no BOARD before it
    assert brain.ask("FROBNICATE 1").startswith("UNKNOWN")
    assert brain.move("BEGIN") == (7, 7)
    assert brain.ask("BEGIN").startswith("ERROR")  # only on an empty board
    assert brain.move("TURN 6,6") not in {(7, 7), (6, 6)}


def test_numbers_of_any_length_are_refused_not_fatal(brain: Manager) -> None:
    huge = "9" * 5000
    assert brain.ask(f"START {huge}").startswith("ERROR")
    assert brain.ask(f"RECTSTART {huge},15").startswith("ERROR")
    start(brain)
    for line in (f"TURN {huge},1", f"TURN 1,{huge}", f"PLAY {huge},1", f"TAKEBACK 1,{huge}"):
        error = brain.ask(line)
        assert error.startswith("ERROR") and len(error) < 200
    brain.send("BOARD", f"{huge},1,1")
    assert brain.ask("DONE").startswith("ERROR")
    # INFO gets no answer: a bad value is reported before the next move.
    brain.send(f"INFO time_left {huge}", f"INFO timeout_turn {'9' * 400}")
    assert brain.move("BEGIN") == (7, 7)
    ignored = [line for line in brain.seen if line.startswith("MESSAGE ignored: ")]
    assert len(ignored) == 2 and all("-digit number is out of range" in m for m in ignored)
    # A 25-digit turn limit is read as "no limit" (no overflow): the node cap ends it.
    brain.send(f"INFO timeout_turn {'9' * 25}", "INFO max_node 300")
    assert brain.move("TURN 8,8") not in {(7, 7), (8, 8)}


def test_max_node_never_lifts_the_time_limit(brain: Manager) -> None:
    start(brain, turn_ms=500)
    brain.send("INFO max_node 2000000000")
    brain.send("BOARD", "7,7,2", "8,8,1", "6,8,2", "9,9,1", "DONE")
    x, y = map(int, brain.answer(timeout=20).split(","))  # the half second rules, not the nodes
    assert 0 <= x < 15 and 0 <= y < 15


def test_a_move_on_a_taken_square_is_refused_and_not_applied(brain: Manager) -> None:
    start(brain)
    assert brain.move("BEGIN") == (7, 7)
    assert brain.ask("TURN 7,7") == "ERROR 7,7 is already taken"
    # Still the opponent's move: a legal one is accepted and answered.
    reply = brain.move("TURN 0,0")
    assert reply not in {(7, 7), (0, 0)}
    assert (
        brain.ask(f"TURN {reply[0]},{reply[1]}") == f"ERROR {reply[0]},{reply[1]} is already taken"
    )


def test_takeback_and_restart(brain: Manager) -> None:
    start(brain)
    assert brain.move("BEGIN") == (7, 7)
    assert brain.ask("TAKEBACK 3,3") == "ERROR TAKEBACK 3,3: the last move was 7,7, not 3,3"
    assert brain.ask("TAKEBACK 7,7") == "OK"
    assert brain.move("BEGIN") == (7, 7)  # the board is empty again
    assert brain.ask("RESTART") == "OK"
    assert brain.move("TURN 7,7") != (7, 7)  # now it plays second on a fresh board


def test_board_then_done_blocks_a_four(brain: Manager) -> None:
    start(brain)
    # The opponent (2) has four on row 3 from x=1 to 4; x=0 is open, x=5 is ours.
    lines = ["BOARD", "1,3,2", "5,3,1", "2,3,2", "9,9,1", "3,3,2", "10,12,1", "4,3,2", "DONE"]
    assert brain.move(*lines) == (0, 3)


def test_board_in_any_order(brain: Manager) -> None:
    start(brain)
    # The same position as above with the stones listed colour by colour.
    lines = ["BOARD", "1,3,2", "2,3,2", "3,3,2", "4,3,2", "5,3,1", "9,9,1", "10,12,1", "DONE"]
    assert brain.move(*lines) == (0, 3)


def test_a_bad_board_line_refuses_the_board(brain: Manager) -> None:
    start(brain)
    brain.send("BOARD", "7,7,2", "7,7,x")
    assert brain.ask("DONE") == "ERROR BOARD line 2: field: expected a whole number, got 'x'"
    brain.send("BOARD", "7,7,2", "7,7,1")
    assert brain.ask("DONE") == "ERROR BOARD is not a position: 7,7 is already taken"
    assert brain.move("BOARD", "7,7,2", "DONE") != (7, 7)


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
    brain.send("INFO rule 2")
    refusal = brain.ask("BEGIN")
    assert refusal.startswith("ERROR") and "continuous" in refusal
    brain.send("INFO rule 0")
    assert brain.move("BEGIN") == (7, 7)


def test_rectangular_board(brain: Manager) -> None:
    assert brain.ask("RECTSTART 20,10") == "OK"
    brain.send("INFO timeout_turn 200")
    assert brain.move("BEGIN") == (10, 5)


def test_yixin_board_session(brain: Manager) -> None:
    # What Yixin-Board sends at start-up and around a move (lower case, rows first).
    brain.send("info show_detail 3", "yxshowinfo")
    assert brain.line() == f"MESSAGE INFO MAX_THREAD_NUM {MAX_THREADS}"
    assert brain.line().startswith("MESSAGE INFO MAX_HASH_SIZE ")
    assert brain.ask("start 15") == "OK"
    brain.send("INFO timeout_turn 300", "INFO max_node -1", "INFO caution_factor 1")
    brain.send("INFO hash_size 262144", "INFO thread_num 1", "INFO pondering 0")
    brain.send("yxboard", "7,7,2", "8,8,1", "done")  # a position, no answer
    assert brain.ask("yxshowforbid") == "FORBID ."
    brain.send("yxquerydatabaseallt", "7,7", "8,8", "done")  # no database: read, no answer
    brain.send("yxhashclear")
    assert brain.line() == "MESSAGE hash table cleared"
    assert brain.ask("start 15") == "OK"
    x, y = brain.move("board", "7,7,2", "8,8,1", "done")
    assert (x, y) not in {(7, 7), (8, 8)}
    assert brain.ask("yxblock", "1,1", "done").startswith("UNKNOWN")
    assert brain.ask("yxhashdump", "C:\\hash.dat").startswith("UNKNOWN YXHASHDUMP")
    assert brain.ask("ABOUT").startswith('name="')  # the file name was the block's only line


def test_play_answers_a_suggest(brain: Manager) -> None:
    start(brain)
    assert brain.ask("PLAY 7,7") == "7,7"  # the brain's own move, imposed by the manager
    assert brain.move("TURN 8,8") not in {(7, 7), (8, 8)}


def test_other_strategy_and_help() -> None:
    manager = Manager("--strategy", "heuristic")
    try:
        start(manager)
        assert manager.move("BEGIN") == (7, 7)
        assert manager.ends() == 0
    finally:
        manager.kill()
    help_text = subprocess.run(
        [sys.executable, "-m", "tictac_tui.brain", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=True,
        timeout=READ_TIMEOUT,
    ).stdout
    assert "--strategy" in help_text and "heuristic" in help_text and "search" in help_text


def test_max_node_makes_the_move_reproducible() -> None:
    board = ["BOARD", "7,7,2", "8,8,1", "6,8,2", "8,6,1", "8,7,2", "DONE"]
    replies = []
    for _ in range(2):
        manager = Manager()
        try:
            start(manager, turn_ms=60_000)
            manager.send("INFO max_node 400", "INFO max_depth 4")
            replies.append(manager.move(*board))
            assert manager.ends() == 0
        finally:
            manager.kill()
    assert replies[0] == replies[1]
    assert replies[0] not in {(7, 7), (8, 8), (6, 8), (8, 6), (8, 7)}


def test_swap2board_all_three_cases(brain: Manager) -> None:
    start(brain)
    brain.send("INFO rule 1")
    stones = brain.ask("SWAP2BOARD", "DONE").split(" ")  # three stones to place
    points = {tuple(map(int, stone.split(","))) for stone in stones}
    assert len(points) == 3 and all(5 <= x <= 9 and 5 <= y <= 9 for x, y in points)
    assert brain.ask("RESTART") == "OK"
    offered = ["7,7", "8,7", "9,9"]
    answer = brain.ask("SWAP2BOARD", *offered, "DONE")
    assert answer == "SWAP" or 1 <= len(answer.split(" ")) <= 2
    assert brain.ask("RESTART") == "OK"
    answer = brain.ask("SWAP2BOARD", *offered, "8,8", "8,6", "DONE")
    if answer == "SWAP":  # it took black: the opponent plays white's sixth
        assert brain.move("TURN 6,8") not in {(7, 7), (8, 7), (9, 9), (8, 8), (8, 6), (6, 8)}
    else:  # it played white's sixth move: the game goes on from there
        x, y = map(int, answer.split(","))
        assert (x, y) not in {(7, 7), (8, 7), (9, 9), (8, 8), (8, 6)}
        assert brain.move("TURN 0,0") not in {(x, y), (0, 0)}
    assert brain.ask("RESTART") == "OK"
    assert brain.ask("SWAP2BOARD", "7,7", "DONE").startswith("ERROR SWAP2BOARD needs 0, 3 or 5")


def test_yixin_board_swap2_steps(brain: Manager) -> None:
    brain.send("info show_detail 0", "start 15", "INFO timeout_turn 300", "INFO rule 1")
    assert brain.answer() == "OK"
    brain.send("yxswap2step1")
    placed = [brain.line() for _ in range(3)]
    assert [line.rsplit(" ", 2)[0] for line in placed] == [
        f"MESSAGE SWAP2 MOVE{i}" for i in (1, 2, 3)
    ]
    brain.send("start 15", "yxboard", "7,7,2", "7,8,1", "9,9,2", "done", "yxswap2step2")
    assert brain.answer() == "OK"
    first = brain.line()
    assert first in ("MESSAGE SWAP2 SWAP1 YES", "MESSAGE SWAP2 SWAP1 NO") or first.startswith(
        "MESSAGE SWAP2 MOVE4 "
    )
    if first.startswith("MESSAGE SWAP2 MOVE4 "):
        assert brain.line().startswith("MESSAGE SWAP2 MOVE5 ")
    brain.send("start 15", "yxboard", "7,7,2", "7,8,1", "9,9,2", "8,8,1", "6,8,2", "done")
    assert brain.answer() == "OK"
    brain.send("yxswap2step3")
    assert brain.line() in ("MESSAGE SWAP2 SWAP2 YES", "MESSAGE SWAP2 SWAP2 NO")
    assert brain.ask("yxswap2step2").startswith("ERROR YXSWAP2STEP2 needs 3 stones")


@pytest.mark.skipif(Rule.RENJU not in SUPPORTED_RULES, reason="the engine can't play renju yet")
def test_renju_rule_and_forbidden_points(brain: Manager) -> None:
    start(brain)
    brain.send("INFO rule 4")
    # Black (own, to move) at 7,7 8,7 7,8 8,9: 6,7 would make two threes at once.
    brain.send("yxboard", "7,7,1", "0,0,2", "8,7,1", "0,14,2", "7,8,1", "14,0,2", "8,9,1")
    brain.send("14,14,2", "done")
    assert brain.ask("yxshowforbid") == "FORBID 0607."
    # The brain as white (the position set, its move imposed with PLAY): black's
    # move on the forbidden point is refused and not applied.
    brain.send("yxboard", "7,7,2", "0,0,1", "8,7,2", "0,14,1", "7,8,2", "14,0,1", "8,9,2")
    brain.send("14,14,1", "10,10,2", "done")
    assert brain.ask("PLAY 10,3") == "10,3"
    assert brain.ask("TURN 6,7") == "ERROR 6,7 is forbidden for black: double three"
    assert brain.ask("yxshowforbid") == "FORBID 06070808."  # black still to move; 10,10 adds 8,8
    assert brain.move("TURN 12,3") not in {(12, 3), (10, 3)}
    # Caro with exactly five, and renju with caro, are named and refused.
    assert brain.ask("RESTART") == "OK"
    brain.send("INFO rule 12")
    assert brain.ask("BEGIN") == "ERROR rule 12 asks for both renju and caro"


def test_every_info_key_of_the_protocol(brain: Manager) -> None:
    start(brain)
    brain.send(
        "INFO timeout_match 600000",
        "INFO time_left 590000",
        "INFO max_memory 83886080",
        "INFO game_type 1",
        "INFO folder C:\\Users\\me\\AppData\\Piskvork data",  # a path with spaces
        "INFO evaluate 7,7",
        "INFO no_such_key 12",  # unknown keys are ignored
    )
    assert brain.move("BEGIN") == (7, 7)
    assert not [line for line in brain.seen if line.startswith(("MESSAGE ignored", "ERROR"))]
    # Nothing left of the game's time (even less than nothing): it answers at once.
    brain.send("INFO time_left -50")
    assert brain.move("TURN 8,8") not in {(7, 7), (8, 8)}


def test_caro_is_rule_8(brain: Manager) -> None:
    # The opponent's 1..4 on row 1 lie between our stones at 0,1 and 6,1: its move
    # 5,1 makes a five blocked at both ends, a win in freestyle, none in caro.
    own = ["0,1,1", "6,1,1", "10,10,1", "12,12,1"]
    theirs = ["1,1,2", "2,1,2", "3,1,2", "4,1,2"]
    position = ["yxboard", *own, *theirs, "done"]
    for mask, answer in ((8, "a move"), (0, "ERROR the game is over after 5,1: nothing to play")):
        assert brain.ask("START 15") == "OK"
        brain.send("INFO timeout_turn 300", f"INFO rule {mask}", *position)
        assert brain.ask("PLAY 14,7") == "14,7"  # our move, imposed: the opponent's turn
        reply = brain.ask("TURN 5,1")
        if mask == 8:
            x, y = map(int, reply.split(","))
            assert 0 <= x < 15 and 0 <= y < 15 and (x, y) not in {(0, 1), (5, 1), (6, 1)}
        else:
            assert reply == answer
    assert brain.ask("RESTART") == "OK"
    brain.send("INFO rule 9")
    assert brain.ask("BEGIN") == "ERROR rule 9 (caro with exactly five) is not supported"


def test_yxnbest_names_the_best_moves_then_plays_the_best(brain: Manager) -> None:
    # A node limit (the time limit stays a cap): three ranked lines come from any
    # finished iteration, and a fixed budget makes them the same under any load.
    brain.send("START 15", "INFO timeout_turn 2000", f"INFO max_node {NBEST_NODES}")
    assert brain.answer() == "OK"
    brain.send("yxboard", "7,7,2", "8,8,1", "6,8,2", "done")
    brain.send("yxnbest 3")
    x, y = map(int, brain.answer().split(","))
    ranked = [line for line in brain.seen if line.startswith("MESSAGE (")]
    assert [line[:12] for line in ranked] == ["MESSAGE (1) ", "MESSAGE (2) ", "MESSAGE (3) "]
    moves = [line.split(" ")[2] for line in ranked]
    assert len(set(moves)) == 3 and moves[0] == f"{x},{y}"
    assert brain.move("TURN 0,0") not in {(0, 0), (x, y)}  # the best was played


def test_live_analysis_while_thinking(brain: Manager) -> None:
    brain.send("info show_detail 3", "start 15", f"INFO timeout_turn {LONG_TURN_MS}")
    assert brain.answer() == "OK"
    brain.send("board", "7,7,2", "8,8,1", "6,8,2", "done")
    # Realtime lines come after each finished iteration, while the search goes on.
    assert brain.line().startswith("MESSAGE REALTIME REFRESH")
    best = brain.line()
    assert best.startswith("MESSAGE REALTIME BEST ")
    block = [brain.line() for _ in range(12)]
    assert block[0] == "INFO PV 0" and block[-1] == "INFO PV DONE"
    keys = [line.split(" ")[1] for line in block[1:-1]]
    assert keys == [
        "NUMPV", "DEPTH", "SELDEPTH", "NODES", "TOTALNODES", "TOTALTIME", "SPEED",
        "EVAL", "WINRATE", "BESTLINE",
    ]  # fmt: skip
    brain.send("yxstop")
    x, y = map(int, brain.answer().split(","))
    assert (x, y) not in {(7, 7), (8, 8), (6, 8)}
    summary = [line for line in brain.seen if line.startswith("MESSAGE depth ")]
    assert len(summary) == 1 and " | pv " in summary[0]


def test_c_gomoku_cli_session(brain: Manager) -> None:
    # What c-gomoku-cli sends with `tc=0/1`: no match limit, yet a huge time_left
    # (INT64_MAX / 2) before every move, which must read as unlimited.
    unlimited = "INFO time_left 4611686018427387903"
    assert brain.ask("START 15") == "OK"
    brain.send("INFO rule 0", "INFO timeout_turn 300", "INFO max_memory 367001600")
    assert brain.move(unlimited, "BEGIN") == (7, 7)
    assert brain.move(unlimited, "TURN 8,8") not in {(7, 7), (8, 8)}
    assert brain.ask("ABOUT").startswith('name="tictac"')  # one line, read as the name
    assert not [line for line in brain.seen if line.startswith("MESSAGE ignored")]


@pytest.mark.parametrize("name", ["pbrain-tictac", "tictac-brain"])
def test_installed_commands(name: str) -> None:
    entries = importlib.metadata.entry_points(group="console_scripts")
    scripts = {entry.name: entry.value for entry in entries}
    assert scripts.get(name) == "tictac_tui.brain:main"
    script = Path(sys.executable).parent / name
    if not script.exists():
        pytest.skip(f"{name} is not installed next to this Python")
    manager = Manager(program=[str(script)])
    try:
        assert manager.ask("START 15") == "OK"
        assert manager.ask("ABOUT").startswith('name="tictac"')
        assert manager.ends() == 0
    finally:
        manager.kill()
