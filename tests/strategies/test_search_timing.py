"""The turn timer: when alpha-beta stops deepening under a time limit, on a fake clock."""

from __future__ import annotations

import types
from typing import Any

import pytest

from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import Analysis, SearchOptions, SearchStrategy
from tictac_tui.strategies.search import budget as budget_module
from tictac_tui.strategies.search import player as player_module
from tictac_tui.strategies.search.alphabeta import AlphaBeta
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget
from tictac_tui.strategies.search.evaluation import ordered_moves
from tictac_tui.strategies.search.options import DEFAULT_OPTIONS
from tictac_tui.strategies.search.timing import FIRST_MOVE_SHARE, GROWTH, TurnTimer

QUIET_15X15 = [(7, 7), (8, 8), (6, 8), (8, 6), (7, 5)]
"""An opening with nothing forced for the side to move: alpha-beta decides."""


class FakeClock:
    """A clock that moves only when told to, or by `step` at every read."""

    def __init__(self, step: float = 0.0) -> None:
        self.t = 100.0
        self.step = step

    def __call__(self) -> float:
        self.t += self.step
        return self.t


def test_deepens_while_the_next_first_move_fits() -> None:
    clock = FakeClock()
    timer = TurnTimer(deadline=101.0, now=clock)
    clock.t += 0.01
    assert timer.deepen()  # 10 ms taken, 0.99 s left
    clock.t += 0.05
    assert timer.deepen()
    assert timer.iterations == pytest.approx([0.01, 0.05])


def test_stops_when_the_next_first_move_would_not_finish() -> None:
    clock = FakeClock()
    timer = TurnTimer(deadline=101.0, now=clock)
    took = 0.6
    clock.t += took  # 0.6 s taken, 0.4 s left: the next first move needs more
    assert took * GROWTH * FIRST_MOVE_SHARE > 101.0 - clock.t
    assert not timer.deepen()


def test_the_boundary_is_the_predicted_first_move() -> None:
    clock = FakeClock()
    timer = TurnTimer(deadline=110.0, now=clock)
    took = 1.0
    clock.t += took
    left = 110.0 - clock.t
    assert took * GROWTH * FIRST_MOVE_SHARE <= left
    assert timer.deepen()
    clock.t = 110.0 - 0.5 * GROWTH * FIRST_MOVE_SHARE + 0.01  # a 9.5 s iteration, little left
    assert not timer.deepen()


def run_timed(monkeypatch: pytest.MonkeyPatch, *, manager: bool) -> tuple[list[int], list[bool]]:
    """Depths reported and the timer's answers in a 0.6 s search, the clock moving 1 ms a read."""
    clock = FakeClock(step=0.001)
    fake_time = types.SimpleNamespace(perf_counter=clock)
    monkeypatch.setattr(player_module, "time", fake_time)
    monkeypatch.setattr(budget_module, "time", fake_time)
    answers: list[bool] = []
    original = TurnTimer.deepen

    def spy(timer: TurnTimer) -> bool:
        answers.append(original(timer))
        return answers[-1]

    monkeypatch.setattr(TurnTimer, "deepen", spy)
    # The timer alone: no deepening again on the time the check leaves (tested below).
    monkeypatch.setattr(player_module._Run, "_resumed", lambda run, line: line)
    depths: list[int] = []
    state = GameState.from_moves(Rules.gomoku(15), QUIET_15X15)
    # Without futility pruning, whose cheaper iterations would let a sixth start and be cut by
    # the deadline here, so the timer's last answer would be a "yes".
    player = SearchStrategy(options=SearchOptions(time_manager=manager, futility=0))

    def progress(line: Analysis) -> bool:
        depths.append(line.depth)
        return False

    player.analyse(state, Limit(time=0.6), on_progress=progress)
    return depths, answers


def test_a_timed_search_stops_deepening_when_the_timer_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    depths, answers = run_timed(monkeypatch, manager=True)
    assert answers[-1] is False and all(answers[:-1])  # asked after every iteration
    assert len(depths) == len(answers)  # and no iteration was started after its "no"
    plain_depths, plain_answers = run_timed(monkeypatch, manager=False)
    assert plain_answers == []
    assert max(plain_depths) >= max(depths)


def test_a_node_limit_is_not_timed() -> None:
    state = GameState.from_moves(Rules.gomoku(15), QUIET_15X15)
    on = SearchStrategy().analyse(state, Limit(nodes=6000))[0]
    off = SearchStrategy(options=SearchOptions(time_manager=False)).analyse(
        state, Limit(nodes=6000)
    )[0]
    assert (on.move, on.score, on.depth, on.nodes) == (off.move, off.score, off.depth, off.nodes)


def quiet_searcher(nodes: int | None = None) -> tuple[AlphaBeta, list[int]]:
    """Alpha-beta on `QUIET_15X15` (a node limit, or none) and its candidates."""
    board = Board.from_state(GameState.from_moves(Rules.gomoku(15), QUIET_15X15))
    return AlphaBeta(board, Budget(node_limit=nodes)), ordered_moves(
        board, DEFAULT_OPTIONS.root_width
    )


def test_a_resumed_deepening_goes_on_from_the_next_depth() -> None:
    searcher, moves = quiet_searcher()
    ranked, depth = searcher.root(moves, 2)
    assert depth == 2
    depths: list[int] = []

    def seen(_lines: list[tuple[int, int]], at: int) -> bool:
        depths.append(at)
        return False

    again, deeper = searcher.root(searcher.root_order, 4, on_iteration=seen, resume=(ranked[0], 2))
    assert depths == [3, 4] and deeper == 4
    assert again[0][0] == searcher.root_order[0]


def test_a_resumed_deepening_with_no_time_keeps_the_line_it_was_given() -> None:
    searcher, moves = quiet_searcher(nodes=1)
    line = (moves[3], 123)
    assert searcher.root(moves, 6, resume=(line, 2)) == ([line], 2)


def stop_after(monkeypatch: pytest.MonkeyPatch, iterations: int) -> None:
    """Make the turn timer say no after the `iterations`-th iteration, and yes before."""
    original = TurnTimer.deepen

    def deepen(timer: TurnTimer) -> bool:
        original(timer)
        return len(timer.iterations) < iterations

    monkeypatch.setattr(TurnTimer, "deepen", deepen)


def timed_depths(player: SearchStrategy, enough: int) -> tuple[Analysis, list[int]]:
    """The analysis of `QUIET_15X15` in a generous time, the caller having seen enough at
    depth `enough`, and the depths it reported."""
    depths: list[int] = []

    def progress(line: Analysis) -> bool:
        depths.append(line.depth)
        return line.depth >= enough

    state = GameState.from_moves(Rules.gomoku(15), QUIET_15X15)
    return player.analyse(state, Limit(time=60), on_progress=progress)[0], depths


def test_time_the_check_leaves_goes_back_to_deepening(monkeypatch: pytest.MonkeyPatch) -> None:
    stop_after(monkeypatch, 2)
    line, depths = timed_depths(SearchStrategy(), enough=3)
    assert depths == [1, 2, 3]  # the timer stopped it at 2; the check left time; deepened on
    assert line.depth == 3


def test_no_deepening_after_the_check_when_the_caller_has_seen_enough(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stop_after(monkeypatch, 3)
    line, depths = timed_depths(SearchStrategy(), enough=2)
    assert depths == [1, 2] and line.depth == 2


def test_a_new_best_move_the_check_does_not_pass_is_not_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stop_after(monkeypatch, 2)
    original_root = AlphaBeta.root
    first: list[int] = []

    def root(searcher: AlphaBeta, moves: list[int], *args: Any, **kwargs: Any) -> Any:
        ranked, depth = original_root(searcher, moves, *args, **kwargs)
        if kwargs.get("resume") is None:
            first.append(ranked[0][0])
            return ranked, depth
        other = next(m for m in searcher.root_order if m != first[0])  # a new best move
        searcher.root_order.remove(other)
        searcher.root_order.insert(0, other)
        return [(other, ranked[0][1])], depth

    checks: list[list[int]] = []

    def refutations(run: Any, share: float, candidates: list[int], *args: Any, **kw: Any) -> Any:
        checks.append(list(candidates))
        return candidates[:1] if len(checks) == 1 else candidates[1:2]  # the new one fails

    monkeypatch.setattr(AlphaBeta, "root", root)
    monkeypatch.setattr(player_module._Run, "_refutations", refutations)
    line, _ = timed_depths(SearchStrategy(), enough=3)
    board = Board.from_state(GameState.from_moves(Rules.gomoku(15), QUIET_15X15))
    assert len(checks) == 2 and checks[1][0] != first[0]  # the new best move was checked
    assert line.move == board.move(first[0]) and line.depth == 2  # and the old one played
