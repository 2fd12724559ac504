"""The brain in-process: `Brain` replies, the line splitter, stops, and `serve` over buffers."""

from __future__ import annotations

import io
import threading
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictac_tui.brain import Brain, info, moves, seat, serve, settings, turns
from tictac_tui.brain.server import MAX_LINE_BYTES, Interrupts, Overlong, split_lines
from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import NO_LIMIT, Limit


class Trickle(io.RawIOBase):
    """A stream that gives its bytes one at a time (a CR LF split across reads)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        head, self.data = self.data[:1], self.data[1:]
        return head


def test_line_endings_of_every_kind() -> None:
    data = b"a\r\nb\rc\nd\r\r\ne"
    expected = [b"a", b"b", b"c", b"d", b"", b"e"]
    assert list(split_lines(io.BytesIO(data))) == expected
    assert list(split_lines(Trickle(data))) == expected  # type: ignore[arg-type]
    # A line over the limit is not cut (a cut line could read as another command): refused.
    long = b"x" * (3 * MAX_LINE_BYTES) + b"\nok\n"
    assert list(split_lines(io.BytesIO(long))) == [Overlong(3 * MAX_LINE_BYTES), b"ok"]


class Pieces(io.RawIOBase):
    """A stream that gives its bytes in pieces of the sizes given (then one at a time)."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        self.data = data
        self.sizes = sizes

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        step = self.sizes.pop() if self.sizes else 1
        head, self.data = self.data[:step], self.data[step:]
        return head


@given(
    st.lists(st.sampled_from([b"a", b"bc", b"\r", b"\n", b"\r\n"]), max_size=40).map(b"".join),
    st.lists(st.integers(1, 7), max_size=20),
)
def test_lines_are_split_as_a_plain_reading_splits_them(data: bytes, sizes: list[int]) -> None:
    plain = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    expected = plain[:-1] if plain[-1] == b"" else plain
    assert list(split_lines(Pieces(data, sizes))) == expected  # type: ignore[arg-type]


def test_a_stop_reaches_the_search_for_an_earlier_line_only() -> None:
    interrupts = Interrupts()
    interrupts.stop(5)  # yxstop read as line 5
    assert interrupts.begin(3).is_set()  # TURN read as line 3, still waiting: stopped
    interrupts.finish()
    running = interrupts.begin(7)
    assert not running.is_set()
    interrupts.stop(6)  # an old stop, read before the running search's line
    assert not running.is_set()
    interrupts.stop(8)
    assert running.is_set()
    interrupts.finish()
    ended: list[bool] = []
    interrupts = Interrupts(on_end=lambda: ended.append(True))
    running = interrupts.begin(1)
    interrupts.end(2)
    assert running.is_set() and interrupts.ended.is_set() and ended == [True]


def test_serve_over_buffers_answers_every_line_then_returns() -> None:
    out = io.StringIO()
    lines = b"START 15\r\nINFO timeout_turn 100\r\nBEGIN\rTURN 8,8\nABOUT\n"
    assert not serve(Brain(), io.BytesIO(lines), out)  # it ran to the end of the input
    answers = [line for line in out.getvalue().splitlines() if not line.startswith("MESSAGE")]
    assert answers[:2] == ["OK", "7,7"] and answers[3].startswith('name="tictac"')
    assert len(answers) == 4


def test_serve_stops_at_end() -> None:
    out = io.StringIO()
    assert serve(Brain(), io.BytesIO(b"START 15\nEND\nABOUT\n"), out)
    # The line before END is answered; nothing after END is read.
    assert out.getvalue() == "OK\n"


def test_respond_plays_and_remembers() -> None:
    brain = Brain()
    assert brain.respond("START 15") == ["OK"]
    brain.respond("INFO timeout_turn 100")
    assert brain.respond("BEGIN")[-1] == "7,7"
    assert brain.state is not None and brain.state.move_count == 1
    assert brain.respond("yxboard") == []
    assert brain.respond("7,7,2") == []
    assert brain.respond("8,8,1") == []
    assert brain.respond("done") == []  # a position set, no move
    assert brain.state.move_count == 2 and brain.state.to_move == brain.me
    assert brain.respond("yxshowforbid") == ["FORBID ."]
    answer = brain.respond("yxnbest 3")
    assert answer[-1].count(",") == 1 and brain.state.move_count == 3


def test_info_problems_come_before_the_next_move() -> None:
    brain = Brain()
    brain.respond("START 15")
    assert brain.respond("INFO timeout_turn soon") == []
    assert brain.respond("INFO rule 3") == []
    assert brain.respond("INFO max_node 50") == []
    answer = brain.respond("BEGIN")
    assert answer[0] == "MESSAGE ignored: INFO timeout_turn: expected a whole number, got 'soon'"
    assert answer[1].startswith("ERROR rule 3 asks for a continuous game")
    brain.respond("INFO rule 1")
    assert brain.respond("BEGIN")[-1] == "7,7"


def test_a_stopped_search_still_answers_a_legal_move() -> None:
    brain = Brain()
    brain.respond("START 15")
    brain.respond("INFO timeout_turn 600000")
    reply = brain.handle("TURN 7,7")
    assert reply.job is not None
    stop = threading.Event()
    threading.Timer(0.2, stop.set).start()
    started = time.perf_counter()
    answer = reply.job.run(stop, lambda line: None)
    assert time.perf_counter() - started < 60  # a hang guard: the stop ends it
    x, y = map(int, answer[-1].split(","))
    assert (x, y) != (7, 7) and 0 <= x < 15 and 0 <= y < 15


class TablePlayer:
    """A stand-in player with a transposition table size, as the `search` player has."""

    name = "table"

    def __init__(self) -> None:
        self.table_limit = 500_000

    @staticmethod
    def supports(rules: Rules) -> bool:
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        return state.legal_moves()[0]


def test_max_memory_and_hash_size_cap_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    player = TablePlayer()
    monkeypatch.setattr(seat, "get_strategy", lambda *args, **kwargs: player)
    brain = Brain()
    brain.respond("START 15")
    brain.respond("INFO max_memory 83886080")  # 80 MB, before the player exists
    brain.respond("BEGIN")
    table = 80 * 2**20 - settings.RESERVED_BYTES
    assert player.table_limit == table // settings.ENTRY_BYTES
    brain.respond("INFO max_memory 1000")  # far too little: the smallest table
    assert player.table_limit == settings.LEAST_TABLE
    brain.respond("INFO max_memory 0")  # no limit: the player's own size
    assert player.table_limit == 500_000
    brain.respond("INFO hash_size 1024")  # Yixin-Board: 1 MB for the table
    assert player.table_limit == 2**20 // settings.ENTRY_BYTES
    brain.respond("INFO hash_size 1048576")  # 1 GB: never above the player's own size
    assert player.table_limit == 500_000


class ThreadedPlayer(TablePlayer):
    """A player that takes a number of processes (and starts none)."""

    def __init__(self) -> None:
        super().__init__()
        self.threads = 1
        self.closed = 0

    def close(self) -> None:
        self.closed += 1


def test_thread_num_sets_the_players_processes_and_shares_the_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    player = ThreadedPlayer()
    monkeypatch.setattr(seat, "get_strategy", lambda *args, **kwargs: player)
    monkeypatch.setattr(info, "MAX_THREADS", 4)
    brain = Brain(threads=2)  # --threads 2
    brain.respond("START 15")
    brain.respond("INFO max_memory 83886080")
    brain.respond("BEGIN")
    table = 80 * 2**20 - settings.RESERVED_BYTES
    assert player.threads == 2
    assert player.table_limit == table // 2 // settings.ENTRY_BYTES  # a table per process
    brain.respond("INFO thread_num 1")  # Yixin-Board's setting
    assert player.threads == 1 and player.table_limit == table // settings.ENTRY_BYTES
    brain.respond("INFO thread_num 0")
    assert player.threads == 1
    brain.respond("INFO thread_num 64")
    assert player.threads == 4  # never more than MAX_THREADS
    assert brain.respond("yxshowinfo")[0] == "MESSAGE INFO MAX_THREAD_NUM 4"
    brain.close()
    assert player.closed == 1


def test_a_bug_is_answered_never_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(moves, "think", broken)
    brain = Brain()
    brain.respond("START 15")
    answer = brain.respond("BEGIN")
    assert answer[-1] == "ERROR internal error: \"RuntimeError('a bug')\""
    assert all(line.startswith("DEBUG ") for line in answer[:-1]) and len(answer) > 1
    monkeypatch.setattr(turns, "parse_size", broken)
    assert brain.respond("START 15")[-1].startswith("ERROR internal error")
    assert brain.respond("ABOUT")[0].startswith('name="tictac"')
