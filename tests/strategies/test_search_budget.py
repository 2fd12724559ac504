"""The search budget: node limits, the stop signal, and that a spent budget stays spent."""

from __future__ import annotations

import threading

import pytest

from tictac_tui.strategies.search.budget import Budget, OutOfTime


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
