"""The clocks' arithmetic (`play.clock`) and time controls as text (`timecontrol`), with
the time given as numbers (a fake clock)."""

from __future__ import annotations

import math

import pytest

from tictac_tui.engine import Player
from tictac_tui.play.clock import CLOCK_MARGIN, LEAST_THINK, GameClock, shown
from tictac_tui.timecontrol import NO_CLOCK, PRESETS, ClockKind, TimeControl, parse_control

GAME = TimeControl(ClockKind.GAME, 300)
MOVE = TimeControl(ClockKind.MOVE, 30)
FISCHER = TimeControl(ClockKind.FISCHER, 60, 5)


@pytest.mark.parametrize(
    ("text", "control"),
    [
        ("none", NO_CLOCK),
        ("30s/move", MOVE),
        ("1m/move", TimeControl(ClockKind.MOVE, 60)),
        ("5m/game", GAME),
        ("90s/game", TimeControl(ClockKind.GAME, 90)),
        ("1m+5s", FISCHER),
        (" 5M+0S ", TimeControl(ClockKind.FISCHER, 300, 0)),
    ],
)
def test_controls_read_and_write_as_text(text: str, control: TimeControl) -> None:
    assert parse_control(text) == control
    assert parse_control(str(control)) == control


@pytest.mark.parametrize("text", ["", "5", "5m", "30s/turn", "5m+", "+3s", "-5m/game"])
def test_a_bad_control_is_refused_with_the_forms(text: str) -> None:
    with pytest.raises(ValueError, match="30s/move, 5m/game"):
        parse_control(text)


@pytest.mark.parametrize("text", ["0s/move", "1441m/game", "5m+61m"])
def test_a_control_out_of_range_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="must be"):
        parse_control(text)


def test_every_preset_is_written_as_it_reads() -> None:
    assert PRESETS[0] is NO_CLOCK
    for control in PRESETS:
        assert parse_control(control.value) == control


def test_a_game_clock_runs_for_the_side_to_move_only() -> None:
    clock = GameClock.begin(GAME)
    assert clock.left(Player.X, 10.0) == 300  # stopped
    clock.start(10.0)
    assert clock.left(Player.X, 40.0) == 270
    assert clock.left(Player.O, 40.0) == 300
    clock.moved(40.0)
    assert clock.left(Player.X, 100.0) == 270
    assert clock.left(Player.O, 100.0) == 240
    assert clock.to_move() is Player.O


def test_a_stopped_clock_keeps_the_move_so_far() -> None:
    clock = GameClock.begin(GAME)
    clock.start(0.0)
    clock.stop(20.0)  # the menu opens
    assert clock.left(Player.X, 500.0) == 280
    clock.start(500.0)  # and closes
    assert clock.left(Player.X, 505.0) == 275


def test_the_flag_falls_when_the_time_is_up() -> None:
    clock = GameClock.begin(GAME)
    clock.start(0.0)
    assert clock.fallen(299.9) is None
    assert clock.fallen(300.0) is Player.X
    clock.moved(100.0)
    assert clock.fallen(399.9) is None
    assert clock.fallen(400.0) is Player.O


def test_a_move_clock_gives_each_move_its_time_and_keeps_none() -> None:
    clock = GameClock.begin(MOVE)
    clock.start(0.0)
    clock.moved(5.0)
    clock.moved(30.0)  # O took 25 s
    assert clock.left(Player.X, 31.0) == 29
    assert clock.left(Player.O, 31.0) == 30
    assert clock.fallen(59.9) is None
    assert clock.fallen(60.0) is Player.X


def test_fischer_adds_the_increment_after_each_move() -> None:
    clock = GameClock.begin(FISCHER)
    clock.start(0.0)
    clock.moved(10.0)  # X: 60 - 10 + 5
    assert clock.left(Player.X, 10.0) == 55
    clock.moved(12.0)  # O: 60 - 2 + 5
    assert clock.left(Player.O, 12.0) == 63
    clock.moved(13.0)  # X: 55 - 1 + 5
    assert clock.left(Player.X, 13.0) == 59


def test_undo_gives_back_the_undone_moves_time() -> None:
    clock = GameClock.begin(FISCHER)
    clock.start(0.0)
    for now in (10.0, 30.0, 45.0, 80.0):
        clock.moved(now)
    assert clock.left(Player.X, 80.0) == 60 - 10 - 15 + 10
    clock.undo_to(2, 100.0)
    assert clock.spent == [10.0, 20.0]
    assert clock.left(Player.X, 100.0) == 55
    assert clock.left(Player.O, 100.0) == 45
    assert clock.left(Player.X, 101.0) == 54  # X's move starts afresh


@pytest.mark.parametrize("control", [GAME, MOVE, FISCHER])
def test_the_times_left_after_each_move_give_the_clock_back(control: TimeControl) -> None:
    clock = GameClock.begin(control)
    clock.start(0.0)
    for now in (3.0, 10.5, 11.0, 29.25, 40.0):
        clock.moved(now)
    left = clock.left_after()
    again = GameClock.from_left(control, left)
    assert again.spent == pytest.approx(clock.spent)
    for side in Player:
        assert again.left(side, 40.0) == pytest.approx(clock.left(side, 40.0))


def test_moves_before_the_clock_are_not_timed() -> None:
    clock = GameClock.begin(GAME, 3)
    clock.start(0.0)
    clock.moved(7.0)
    assert clock.left_after() == [None, None, None, 293.0]
    assert clock.to_move() is Player.X
    assert clock.left(Player.O, 7.0) == 293


def test_the_computer_thinks_within_its_clock() -> None:
    assert GameClock.begin(NO_CLOCK).think_time(0.0) == math.inf
    clock = GameClock.begin(MOVE)
    clock.start(0.0)
    assert clock.think_time(0.0, pace=0.2) == pytest.approx(30 - 0.2 - CLOCK_MARGIN)
    game = GameClock.begin(GAME)
    game.start(0.0)
    assert game.think_time(0.0) < 300 / 20
    assert game.think_time(299.8) == LEAST_THINK  # almost out: the least, never more
    fischer = GameClock.begin(FISCHER)
    fischer.start(0.0)
    assert fischer.think_time(0.0) > 5 * 0.5


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(300, "5:00"), (59.2, "1:00"), (9.01, "0:10"), (0.4, "0:01"), (0, "0:00"), (-3, "0:00")],
)
def test_figures_round_up_so_zero_means_the_time_is_up(seconds: float, text: str) -> None:
    assert shown(seconds) == text
    assert shown(3723) == "1:02:03"
