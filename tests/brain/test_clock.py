"""Time per move from the manager's limits (`tictac_tui.brain.clock`)."""

from __future__ import annotations

import math

import pytest

from tictac_tui.brain.clock import (
    DEFAULT_TURN_SECONDS,
    LAG_DECAY,
    LAG_FACTOR,
    LAG_SHARE,
    LEAST_SECONDS,
    MOVE_OVERHEAD,
    RESERVE_MOVES,
    UNLIMITED_MS,
    MatchClock,
    margin,
    moves_to_go,
)


def clock(turn: int | None = None, match: int | None = None, left: int | None = None) -> MatchClock:
    c = MatchClock()
    if turn is not None:
        c.set_turn(turn)
    if match is not None:
        c.set_match(match)
    if left is not None:
        c.set_left(left)
    return c


def test_a_turn_limit_alone_is_used_to_the_margin() -> None:
    budget = clock(turn=1000).budget(10)
    assert budget.soft == budget.hard == pytest.approx(1 - margin(1))
    assert 0.85 < budget.hard < 0.95  # most of the second, with room for the pipe
    assert clock(turn=1000, match=0, left=UNLIMITED_MS).budget(10) == budget
    assert clock(turn=5000).budget(0).hard == pytest.approx(5 - margin(5))


def test_no_limits_and_as_fast_as_possible() -> None:
    assert clock().budget(0).hard == pytest.approx(DEFAULT_TURN_SECONDS - margin(5))
    fast = clock(turn=0).budget(0)
    assert LEAST_SECONDS <= fast.hard <= 0.05
    assert clock(turn=-7).budget(0) == fast


def test_a_match_clock_shares_the_time_left() -> None:
    budget = clock(turn=10_000, match=60_000, left=60_000).budget(0)
    togo = moves_to_go(0)
    assert budget.soft == pytest.approx((60 - RESERVE_MOVES * MOVE_OVERHEAD) / togo)
    assert budget.soft < budget.hard < 60 * 0.25  # room to go on when unsettled
    late = clock(turn=10_000, match=60_000, left=60_000).budget(200)
    assert late.soft > budget.soft  # fewer moves left to share it with
    tight = clock(turn=10_000, match=60_000, left=2_000).budget(0)
    assert tight.hard < 2 * 0.25


def test_nothing_or_less_left_answers_at_once() -> None:
    for left in (0, -5_000, 30):
        budget = clock(turn=1000, match=60_000, left=left).budget(20)
        assert budget.soft == budget.hard == LEAST_SECONDS


def test_the_clock_runs_down_without_new_time_left() -> None:
    c = clock(turn=5_000, match=20_000)  # the match limit, but never a time_left
    first = c.budget(0)
    c.spend(10.0)
    assert c.budget(0).soft < first.soft
    c.spend(100.0)
    assert c.budget(0).hard == LEAST_SECONDS
    c.set_left(UNLIMITED_MS)
    assert c.budget(0).hard == pytest.approx(5 - margin(5))


def test_a_long_game_never_runs_the_clock_out() -> None:
    c = clock(turn=5_000, match=30_000, left=30_000)
    for move in range(110):  # 110 moves of ours, each 60 ms over its soft deadline
        budget = c.budget(2 * move)
        c.spend(budget.soft + 0.06)
    assert c.left_ms is not None and c.left_ms > 0


def test_huge_limits_stay_finite() -> None:
    budget = clock(turn=10**15, match=10**15, left=10**15).budget(0)
    assert math.isfinite(budget.hard) and budget.hard > 10**6


def test_late_answers_shorten_the_next_moves_and_the_lag_fades() -> None:
    c = clock(turn=1000)
    on_time = c.budget(10)
    c.answered(on_time.hard - 0.05, on_time)  # early: nothing changes
    assert c.budget(10) == on_time
    c.answered(on_time.hard + 0.1, on_time)  # 100 ms late, as on a loaded machine
    shorter = c.budget(10)
    assert shorter.hard == pytest.approx(on_time.hard - LAG_FACTOR * 0.1)
    assert shorter.soft == shorter.hard
    c.answered(shorter.hard, shorter)  # on time: the lag fades
    assert c.budget(10).hard == pytest.approx(on_time.hard - LAG_FACTOR * 0.1 * LAG_DECAY)
    for _ in range(40):
        c.answered(0.0, c.budget(10))
    assert c.budget(10).hard == pytest.approx(on_time.hard, abs=1e-3)


def test_the_lag_keeps_back_at_most_its_share() -> None:
    c = clock(turn=1000)
    budget = c.budget(10)
    c.answered(budget.hard + 30.0, budget)  # a stall of half a minute
    assert c.budget(10).hard == pytest.approx(budget.hard * (1 - LAG_SHARE))
    unlimited = clock()
    unlimited.set_match(0)
    unlimited.answered(100.0, unlimited.budget(0))
    assert unlimited.budget(0).hard == pytest.approx(
        (DEFAULT_TURN_SECONDS - margin(DEFAULT_TURN_SECONDS)) * (1 - LAG_SHARE)
    )
