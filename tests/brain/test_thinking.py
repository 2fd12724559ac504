"""One search for the brain (`tictac_tui.brain.thinking`): deadlines, pacing, steady scores."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tictac_tui.brain.clock import MoveBudget
from tictac_tui.brain.thinking import (
    Analyst,
    Deadline,
    Line,
    LineLike,
    Pacer,
    Request,
    steady_score,
    think,
)
from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import NO_LIMIT, Limit, Overtime, get_strategy
from tictac_tui.strategies.search import WIN

STATE = GameState.from_moves(Rules.gomoku(15), [(7, 7), (8, 8)])


def request(soft: float, hard: float, received: float = 0.0) -> Request:
    return Request(STATE, MoveBudget(soft, hard), received)


def test_steady_score_evens_out_the_depth_parity() -> None:
    iterations = [Line(Move(7, 8), 300, depth=1), Line(Move(6, 6), -700, depth=2)]
    final = Line(Move(6, 6), -1020, depth=2)
    assert steady_score(iterations, final) == -200
    assert steady_score(iterations[:1], final) == -1020  # one iteration: the final score
    won = Line(Move(6, 6), WIN - 3, depth=2)
    assert steady_score(iterations, won) == WIN - 3  # a forced result stands
    assert steady_score(iterations, Line(Move(6, 6))) is None


@dataclass(frozen=True)
class Iteration:
    """A scored line as a searching player reports it (`LineLike`)."""

    move: Move
    score: int
    depth: int
    nodes: int = 0
    seconds: float = 0.0
    pv: tuple[Move, ...] = ()
    reason: str = "alpha-beta"


def test_the_pacer_stops_a_settled_search_at_soft_and_lets_an_unsettled_one_run() -> None:
    now = [1.5]
    pacer = Pacer(request(soft=1.0, hard=10.0), clock=lambda: now[0])
    assert pacer.after(Iteration(Move(1, 1), 100, depth=1))  # past soft, nothing to compare
    assert not pacer.after(Iteration(Move(2, 2), 100, depth=2))  # a new best move: unsettled
    assert not pacer.after(Iteration(Move(2, 2), -400, depth=3))  # 500 below depth 1's score
    assert pacer.after(Iteration(Move(2, 2), 90, depth=4))  # steady again
    now[0] = 2.6  # past 2.5 x soft: even an unsettled search stops
    assert pacer.after(Iteration(Move(3, 3), 90, depth=5))


def test_the_pacer_lets_a_search_run_before_soft() -> None:
    pacer = Pacer(request(soft=1.0, hard=10.0), clock=lambda: 0.5)
    assert not pacer.after(Iteration(Move(1, 1), 100, depth=1))
    assert not pacer.after(Iteration(Move(1, 1), 100, depth=2))


def test_the_deadline_is_the_stop_or_the_clock() -> None:
    stop = threading.Event()
    deadline = Deadline(stop, at=float("inf"))
    assert not deadline.is_set()
    stop.set()
    assert deadline.is_set()
    assert Deadline(threading.Event(), at=0.0).is_set()


class Scripted:
    """An analysing player that reports scripted iterations until it is stopped."""

    name = "scripted"

    def __init__(self, lines: Sequence[Iteration]) -> None:
        self.lines = lines
        self.limits: list[Limit] = []

    @staticmethod
    def supports(rules: Rules) -> bool:
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        return self.lines[0].move

    def analyse(
        self,
        state: GameState,
        limit: Limit,
        *,
        multipv: int = 1,
        on_progress: Callable[[LineLike], bool | None] | None = None,
    ) -> Sequence[LineLike]:
        self.limits.append(limit)
        done = []
        for line in self.lines:
            done.append(line)
            if on_progress is not None and on_progress(line):
                break
            if limit.stop is not None and limit.stop.is_set():
                break
        return done[-1:]


def test_think_asks_an_analyst_and_paces_it() -> None:
    player = Scripted([Iteration(Move(1, 1), 10, depth=d) for d in range(1, 9)])
    assert isinstance(player, Analyst)
    seen: list[Line] = []
    lines = think(
        player, request(soft=0.0, hard=50.0, received=0.0), threading.Event(), seen.append
    )
    assert len(seen) == 1 and lines == [Line.of(player.lines[0])]  # settled past soft
    limit = player.limits[0]
    assert limit.stop is not None and limit.time is not None and limit.time > 0


def test_think_asks_other_players_to_choose() -> None:
    player = get_strategy("heuristic", rules=STATE.rules)
    lines = think(player, request(0.1, 0.2, time.perf_counter()), threading.Event())
    assert len(lines) == 1 and lines[0].score is None and STATE.is_legal(lines[0].move)


def test_time_left_out_moves_the_hard_deadline_later() -> None:
    overtime = Overtime()
    passed = time.perf_counter() - 1.0
    deadline = Deadline(threading.Event(), at=passed, overtime=overtime)
    assert deadline.is_set()
    overtime.hold(passed - 3600.0, most=3600.0)
    overtime.release(time.perf_counter())
    assert not deadline.is_set()
    assert deadline.now() < passed
