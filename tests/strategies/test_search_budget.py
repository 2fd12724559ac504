"""The search budget: node limits, the stop signal, and that a spent budget stays spent."""

from __future__ import annotations

import threading
import time

import pytest

from tictac_tui.strategies import Limit, Overtime
from tictac_tui.strategies.search.budget import Budget, OutOfTime
from tictac_tui.strategies.search.player import _budget as player_budget


def spend(budget: Budget, most: int) -> int:
    """Ticks until the budget raises (at most `most`); how many were counted."""
    for _ in range(most):
        try:
            budget.tick()
        except OutOfTime:
            return budget.nodes
    return budget.nodes


def test_a_node_limit_ends_within_one_check() -> None:
    budget = Budget(node_limit=100)
    assert 100 <= spend(budget, 10_000) < 100 + Budget.CHECK_EVERY
    assert budget.expired


def test_a_spent_budget_raises_again_at_the_next_tick() -> None:
    # A caller that catches OutOfTime and goes on (as a deepening loop might)
    # must not get another CHECK_EVERY nodes of work out of it.
    budget = Budget(node_limit=50)
    spend(budget, 10_000)
    for _ in range(3):
        with pytest.raises(OutOfTime):
            budget.tick()


def test_the_stop_signal_ends_it_and_it_stays_ended() -> None:
    stop = threading.Event()
    budget = Budget(stop=stop)
    assert spend(budget, 500) == 500  # no bound yet: nothing raised
    stop.set()
    assert spend(budget, 10_000) < 500 + Budget.CHECK_EVERY
    stop.clear()
    with pytest.raises(OutOfTime):
        budget.tick()


def test_a_sub_budget_gets_a_share_and_leaves_the_parent_running() -> None:
    parent = Budget(node_limit=1000)
    child = parent.sub(0.25)
    assert child.node_limit == 250
    spend(child, 10_000)
    parent.spend(child)
    assert child.expired and not parent.expired
    assert parent.nodes == child.nodes


def test_a_held_clock_stands_still_up_to_its_most_and_a_release_keeps_what_it_left_out() -> None:
    overtime = Overtime()
    overtime.hold(100.0, most=5.0)
    assert overtime.held
    assert overtime.clock(100.0) == overtime.clock(103.0) == 100.0  # standing still
    assert overtime.clock(107.0) == 102.0  # past its most it runs again
    overtime.release(102.0)
    assert not overtime.held and overtime.seconds == 2.0
    assert overtime.clock(110.0) == 108.0
    overtime.release(120.0)  # not held: nothing changes
    assert overtime.seconds == 2.0
    overtime.hold(200.0, most=1.0)
    overtime.release(250.0)  # at most the hold's most is left out
    assert overtime.seconds == 3.0


def test_overtime_moves_the_deadline_of_a_budget_and_its_sub_budgets_later() -> None:
    overtime = Overtime()
    budget = Budget(deadline=time.perf_counter() - 5.0, overtime=overtime)
    sub = budget.sub(0.5)
    with pytest.raises(OutOfTime):
        Budget(deadline=budget.deadline).check()  # the same deadline, no overtime: spent
    overtime.hold(time.perf_counter() - 3600.0, most=3600.0)  # held an hour back
    overtime.release(time.perf_counter())  # an hour left out: neither is spent now
    budget.check()
    sub.check()
    assert budget.now() < time.perf_counter() - 3000.0
    later = budget.sub(0.5)  # a share of what is left on the moved clock
    assert later.deadline is not None and later.deadline > budget.now() + 1000.0


def test_the_player_counts_its_time_bound_on_the_held_clock() -> None:
    overtime = Overtime()
    start = time.perf_counter()
    overtime.hold(start - 10.0, most=60.0)  # held since ten seconds before the search began
    budget = player_budget(Limit(time=1.0, overtime=overtime), start)
    assert budget.deadline is not None and budget.deadline < start - 8.0
    budget.check()  # the clock stands still: never spent while held
    assert budget.now() == start - 10.0
    assert Limit(time=1.0, overtime=overtime) == Limit(time=1.0)  # not part of its value
