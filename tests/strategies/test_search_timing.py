"""The turn timer: when alpha-beta stops deepening under a time limit, on a fake clock."""

from __future__ import annotations

import types

import pytest

from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies import Limit
from tictac_tui.strategies.search import Analysis, SearchOptions, SearchStrategy
from tictac_tui.strategies.search import budget as budget_module
from tictac_tui.strategies.search import player as player_module
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
