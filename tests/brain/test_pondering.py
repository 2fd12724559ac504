"""Pondering: what the brain thinks about on the opponent's time, and what stops it."""

from __future__ import annotations

import io
import os
import queue
import threading
from collections.abc import Callable, Iterator

import pytest

from tictac_tui.brain import Brain, serve
from tictac_tui.brain.pondering import Ponder, Pondered, Pondering, expected
from tictac_tui.brain.reply import Job
from tictac_tui.brain.server import Incoming, Interrupts, ponder
from tictac_tui.brain.thinking import Line
from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import Limit, StopSignal
from tictac_tui.strategies.search import SearchStrategy

from .manager import READ_TIMEOUT, Manager

LONG_TURN_MS = 600_000
"""Ten minutes a move: a search (or pondering) that only a line can end in a test."""

QUIET = ["BOARD", "7,7,2", "8,8,1", "6,8,2", "8,6,1", "DONE"]
"""A position where the search decides (no threat yet): its line has a reply to ponder."""


def position(*moves: tuple[int, int]) -> GameState:
    return GameState.from_moves(Rules.gomoku(15), [Move(*move) for move in moves])


def test_only_info_and_the_expected_turn_let_it_go_on() -> None:
    what = Ponder(position((7, 7), (8, 8), (6, 6)), Move(9, 4))  # x 4, y 9
    assert what.goes_on("TURN 4,9") and what.goes_on("turn 4, 9\r") and what.goes_on(" TURN 4,9")
    assert what.goes_on("INFO time_left 1000") and what.goes_on("info timeout_turn 5")
    for text in ("TURN 9,4", "TURN 4,9,1", "BOARD", "ABOUT", "END", "YXSTOP", "", "TURN"):
        assert not what.goes_on(text), text


def test_the_reply_to_ponder_comes_from_the_principal_variation() -> None:
    after = position((7, 7), (8, 8), (6, 6))
    line = Line(Move(6, 6), 10, 3, 100, 0.1, (Move(6, 6), Move(5, 5), Move(4, 4)))
    found = expected(after, line)
    assert found is not None and found.reply == Move(5, 5)
    assert found.state == after.play(Move(5, 5))
    assert expected(after, Line(Move(6, 6), pv=(Move(6, 6),))) is None  # no reply foreseen
    taken = Line(Move(6, 6), pv=(Move(6, 6), Move(7, 7)))
    assert expected(after, taken) is None  # a reply on a stone: never pondered
    won = position((7, 7), (0, 0), (7, 8), (0, 2), (7, 9), (0, 4), (7, 10), (0, 6), (7, 11))
    assert expected(won, Line(Move(7, 11), pv=(Move(7, 11), Move(1, 1)))) is None


def test_info_pondering_and_the_flag_turn_it_on_and_off() -> None:
    brain = Brain()
    assert not brain.settings.pondering
    brain.respond("INFO pondering 1")
    assert brain.settings.pondering
    brain.respond("INFO PONDERING 0")
    assert not brain.settings.pondering
    assert Brain(ponder=True).settings.pondering


def quiet_brain(*, pondering: bool) -> tuple[Brain, list[str]]:
    brain = Brain(ponder=pondering)
    brain.respond("START 15")
    brain.respond("INFO max_node 2000")
    answer: list[str] = []
    for line in QUIET:
        answer = brain.respond(line)
    return brain, answer


def test_a_move_leaves_its_expected_reply_to_ponder_once() -> None:
    brain, answer = quiet_brain(pondering=True)
    assert brain.ponder is not None and brain.state is not None
    pv = answer[-2].split("| pv ")[1].split()  # the MESSAGE line before the move
    assert answer[-1] == pv[0]
    x, y = map(int, pv[1].split(","))
    assert brain.ponder.reply == Move(y, x)
    assert brain.ponder.state == brain.state.play(Move(y, x))
    assert brain.pondering() is not None
    assert brain.pondering() is None  # taken: one pondering a move


def test_nothing_is_pondered_when_it_is_off() -> None:
    brain, _ = quiet_brain(pondering=False)
    assert brain.pondering() is None


def test_interrupts_stop_pondering_on_any_line_but_the_ones_that_go_on() -> None:
    what = Ponder(position((7, 7), (8, 8), (6, 6)), Move(9, 4))
    interrupts = Interrupts()
    stop = interrupts.begin_pondering(what.goes_on)
    interrupts.read("INFO time_left 900")
    interrupts.read("TURN 4,9")
    assert not stop.is_set()  # the expected reply: pondering goes on
    interrupts.read("TURN 5,5")
    assert stop.is_set()
    interrupts.finish_pondering()
    interrupts.read("ABOUT")  # no pondering: nothing to stop
    for cut in (interrupts.stop, interrupts.end):
        stop = interrupts.begin_pondering(what.goes_on)
        assert not stop.is_set()
        cut(7)
        assert stop.is_set()
        interrupts.finish_pondering()
    assert interrupts.begin_pondering(what.goes_on).is_set()  # after END, none starts


def test_pondering_never_starts_while_a_line_waits() -> None:
    ran: list[bool] = []

    def work(stop: StopSignal, emit: object) -> list[str]:
        ran.append(stop.is_set())
        return []

    def pondering() -> Pondering:
        search = Pondering(Brain(ponder=True), Ponder(position((7, 7), (8, 8)), Move(6, 6)))
        search.job = Job("ponder", work)
        return search

    inbox: queue.Queue[Incoming | None] = queue.Queue()
    inbox.put(Incoming("TURN 1,1", 9, 0.0))
    ponder(pondering(), inbox, Interrupts())
    assert ran == []
    inbox.get()
    ponder(pondering(), inbox, Interrupts())
    assert ran == [False]


class Lines(io.TextIOBase):
    """An output whose written lines a test reads as they come."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str] = queue.Queue()

    def write(self, text: str) -> int:
        for line in text.splitlines():
            self.lines.put(line)
        return len(text)

    def answer(self) -> str:
        while True:
            line = self.lines.get(timeout=READ_TIMEOUT)
            if not line.startswith("MESSAGE"):
                return line


@pytest.fixture
def served() -> Iterator[tuple[Brain, io.BufferedWriter, Lines]]:
    """A pondering brain served in a thread, its input a pipe the test writes."""
    brain = Brain(ponder=True)
    read_end, write_end = os.pipe()
    stdin = os.fdopen(read_end, "rb")
    manager = os.fdopen(write_end, "wb")
    out = Lines()
    thread = threading.Thread(target=serve, args=(brain, stdin, out), daemon=True)
    thread.start()
    yield brain, manager, out
    if not manager.closed:
        manager.close()
    thread.join(READ_TIMEOUT)
    assert not thread.is_alive()


def send(manager: io.BufferedWriter, *lines: str) -> None:
    manager.write(b"".join(line.encode() + b"\r\n" for line in lines))
    manager.flush()


def test_it_ponders_while_no_line_comes_then_answers_the_next_move(
    served: tuple[Brain, io.BufferedWriter, Lines],
) -> None:
    brain, manager, out = served
    send(manager, "START 15", "INFO timeout_turn 400", "INFO max_node 2000")  # reproducible
    assert out.answer() == "OK"
    send(manager, *QUIET)
    move = out.answer()
    player = brain.seat._player
    assert isinstance(player, SearchStrategy)
    answered = player.table_size
    grown = threading.Event()

    def watch() -> None:  # the table grows with no line sent: it is pondering
        while not grown.is_set() and player.table_size <= answered:
            grown.wait(0.01)
        grown.set()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    watcher.join(READ_TIMEOUT)
    assert player.table_size > answered
    stones = {move, "7,7", "8,8", "6,8", "8,6"}
    reply = next(f"{x},{y}" for x in range(15) for y in range(15) if f"{x},{y}" not in stones)
    send(manager, "INFO time_left 100000", f"TURN {reply}")
    answer = out.answer()
    assert answer not in stones | {reply}
    send(manager, "END")


class Ponderer:
    """A player that answers at once and ponders until stopped (so only a line ends it).

    Its line's reply is the next free square after its move; the position after
    that reply, asked for the first time, is the pondering.
    """

    def __init__(self) -> None:
        self.pondered: dict[tuple[int, int], bool | None] = {}
        """Positions to ponder (their stones) and whether a stop ended it (None: not yet)."""

    def analyse(
        self,
        state: GameState,
        limit: Limit,
        *,
        multipv: int = 1,
        on_progress: Callable[[Line], bool | None] | None = None,
    ) -> list[Line]:
        if state.bitboards in self.pondered and self.pondered[state.bitboards] is None:
            stop = limit.stop
            assert stop is not None
            ended = threading.Event()
            while not stop.is_set() and not ended.wait(0.005):
                pass  # pondering: only the stop ends it (the turn's deadline is far)
            self.pondered[state.bitboards] = stop.is_set()
            return [Line(state.legal_moves()[0])]
        free = [move for move in state.legal_moves() if move.row >= 7]
        line = Line(free[0], 0, 1, 1, 0.0, (free[0], free[1]))
        self.pondered.setdefault(state.play(free[0]).play(free[1]).bitboards, None)
        return [line]


def first_move(
    served: tuple[Brain, io.BufferedWriter, Lines],
    monkeypatch: pytest.MonkeyPatch,
    player: object,
) -> tuple[Brain, io.BufferedWriter, Lines]:
    """The served brain with `player` as its player, `LONG_TURN_MS` a turn, once it has
    answered a two-stone board with 0,7 (the reply its line foresees: 1,7)."""
    brain, manager, out = served
    monkeypatch.setattr(brain.seat, "player_for", lambda state, settings: player)
    send(manager, "START 15", f"INFO timeout_turn {LONG_TURN_MS}")
    assert out.answer() == "OK"
    send(manager, "BOARD", "7,7,2", "8,8,1", "DONE")
    assert out.answer() == "0,7"
    return brain, manager, out


def test_any_other_line_stops_a_long_pondering(
    served: tuple[Brain, io.BufferedWriter, Lines], monkeypatch: pytest.MonkeyPatch
) -> None:
    player = Ponderer()
    _, manager, out = first_move(served, monkeypatch, player)
    assert list(player.pondered.values()) == [None]  # 0,7 then 1,7 foreseen
    send(manager, "TURN 2,7")  # another reply: the pondering stops, the turn is answered
    assert out.answer() == "1,7"
    assert list(player.pondered.values()) == [True, None]
    send(manager, "yxstop", "ABOUT")  # stops the pondering, answers nothing else
    assert out.answer().startswith('name="tictac"')
    assert list(player.pondered.values()) == [True, True]
    send(manager, "TURN 3,7")  # the reply pondered on (and stopped): answered as any
    assert out.answer() == "4,7"
    send(manager, "END")  # stops the pondering and ends the brain
    manager.close()


def test_a_pondering_brain_plays_through_a_pipe() -> None:
    brain = Manager("--ponder")
    try:
        brain.send("START 15", "INFO timeout_turn 300")
        assert brain.answer() == "OK"
        brain.send(*QUIET)
        move = brain.answer()
        summary = [line for line in brain.seen if line.startswith("MESSAGE depth ")][-1]
        pv = summary.split("| pv ")[1].split()
        assert pv[0] == move
        stones = {move, "7,7", "8,8", "6,8", "8,6"}
        reply = pv[1] if len(pv) > 1 else next(s for s in ("0,0", "0,1") if s not in stones)
        brain.send("INFO time_left 100000", f"TURN {reply}")  # the reply pondered on
        answer = brain.answer()
        assert answer not in stones | {reply}
        stones |= {reply, answer}
        brain.send(f"TURN {next(s for s in ('0,0', '14,14') if s not in stones)}")  # another
        assert brain.answer().count(",") == 1
        assert brain.ends() == 0
    finally:
        brain.kill()


class HitPonderer:
    """A player that answers at once; on the position it ponders, it waits while its clock is
    held (until the expected ``TURN`` lets it go, or a stop), then answers a move of its own."""

    def __init__(self) -> None:
        self.ponder_at: tuple[int, int] | None = None
        self.calls: list[tuple[int, int]] = []
        self.left_out: list[float] = []

    def analyse(
        self,
        state: GameState,
        limit: Limit,
        *,
        multipv: int = 1,
        on_progress: Callable[[Line], bool | None] | None = None,
    ) -> list[Line]:
        self.calls.append(state.bitboards)
        if state.bitboards == self.ponder_at:
            overtime, stop = limit.overtime, limit.stop
            assert overtime is not None and stop is not None
            waited = threading.Event()
            for _ in range(round(READ_TIMEOUT / 0.005)):
                if not overtime.held or stop.is_set() or waited.wait(0.005):
                    break
            self.left_out.append(overtime.seconds)
            return [Line(Move(14, 14), 0, 9)]
        free = [move for move in state.legal_moves() if move.row >= 7]
        self.ponder_at = state.play(free[0]).play(free[1]).bitboards
        return [Line(free[0], 0, 1, 1, 0.0, (free[0], free[1]))]


def test_the_expected_turn_makes_the_pondering_search_the_turns(
    served: tuple[Brain, io.BufferedWriter, Lines], monkeypatch: pytest.MonkeyPatch
) -> None:
    player = HitPonderer()
    brain, manager, out = first_move(served, monkeypatch, player)  # it ponders after 1,7
    send(manager, "INFO time_left 100000", "TURN 1,7")
    assert out.answer() == "14,14"  # the pondering search's move, not a second search's
    pondered = player.ponder_at
    assert pondered is not None and player.calls.count(pondered) == 1
    assert len(player.left_out) == 1 and player.left_out[0] > 0
    assert brain.pondered is None
    send(manager, "END")


def test_pondered_lines_answer_only_the_next_turn_of_their_position() -> None:
    brain = Brain(ponder=True)
    state = position((7, 7), (8, 8))
    lines = [Line(Move(6, 6))]
    brain.pondered = Pondered(state, lines)
    assert brain.take_pondered(position((7, 7), (8, 9))) is None
    assert brain.pondered is None  # taken, though for another position
    brain.pondered = Pondered(state, lines)
    brain.handle("INFO time_left 5000")
    assert brain.take_pondered(state) == Pondered(state, lines)
    brain.pondered = Pondered(state, lines)
    brain.handle("ABOUT")  # any other line drops it
    assert brain.pondered is None
