"""Clocks in the app's model, with a fake clock (the time is passed in): a flag fall ends
and counts the game, the menu and help stop the clock, undo gives time back, the times
go into the record and come back on resume, the computer thinks within its clock, and
the figures are drawn on the status line."""

from __future__ import annotations

from dataclasses import replace

from tictac_tui.choices import Board, Mode, Settings, Speed
from tictac_tui.engine import Move, Player
from tictac_tui.play.saving import record_of, resume_of
from tictac_tui.play.thinking import computer_limit
from tictac_tui.records import GameRecord
from tictac_tui.records.sgf import read_sgf, write_sgf
from tictac_tui.scores import Result
from tictac_tui.strategies import Difficulty
from tictac_tui.timecontrol import PRESETS, ClockKind, TimeControl
from tictac_tui.tui.canvas import TextCanvas
from tictac_tui.tui.effects import Effect
from tictac_tui.tui.keys import Command
from tictac_tui.tui.menu import Item
from tictac_tui.tui.model import Model
from tictac_tui.tui.render import draw
from tictac_tui.tui.screens import Screen

from .test_model import press, screen

FIVE_MINUTES = TimeControl(ClockKind.GAME, 300)
FISCHER = TimeControl(ClockKind.FISCHER, 60, 5)


def timed(control: TimeControl = FIVE_MINUTES, **chosen: object) -> Model:
    settings = replace(Settings(game=Board.GOMOKU15, mode=Mode.HVH, clock=control), **chosen)  # type: ignore[arg-type]
    model = Model(settings, seed=1, threads=False)
    press(model, Command.SELECT)
    assert model.match is not None and model.match.clock is not None
    model.update(0.0)  # the first clock starts
    return model


def play(model: Model, move: Move, now: float) -> None:
    model.update(now)
    assert model.match is not None
    model.match.cursor = move
    press(model, Command.SELECT, now=now)
    model.update(now)


def screen_text(model: Model, now: float, size: tuple[int, int] = (80, 24)) -> str:
    canvas = TextCanvas(*size)
    draw(canvas, model, now)
    return canvas.text()


def test_the_flag_falls_and_the_game_is_lost_on_time_and_counted() -> None:
    model = timed()
    play(model, Move(7, 7), 10.0)  # X took 10 s; O's clock runs from 10
    model.update(309.0)
    match = model.match
    assert match is not None and not match.over
    effects = model.update(310.0)
    assert match.over and match.lost_on_time is Player.O
    assert match.result() is Result.WIN  # X's win, by O's time
    assert Effect.SAVE_STATISTICS in effects
    assert model.session.tally(match.key).wins == 1
    assert model.message.text == "White lost on time"
    assert "White lost on time" in screen_text(model, 311.0)


def test_undo_after_a_flag_fall_plays_on_with_the_time_given_back() -> None:
    model = timed()
    play(model, Move(7, 7), 10.0)
    play(model, Move(6, 6), 20.0)
    model.update(400.0)  # X's flag falls
    match = model.match
    assert match is not None and match.over and match.lost_on_time is Player.X
    press(model, "u", now=401.0)
    assert not match.over and match.lost_on_time is None and match.state.move_count == 1
    assert match.clock is not None and match.clock.left(Player.O, 401.0) == 300
    play(model, Move(8, 8), 405.0)  # the game goes on
    assert match.state.move_count == 2 and not match.over


def test_the_clock_stands_still_while_the_terminal_is_too_small_to_show_the_board() -> None:
    model = timed()
    model.update(0.0)
    model.hidden = True  # the front end: too small (it says so on each turn of its loop)
    model.update(0.0)
    model.update(100.0)
    model.hidden = False
    model.update(100.0)
    match = model.match
    assert match is not None and match.clock is not None
    assert match.clock.left(Player.X, 110.0) == 290


def test_the_clock_stops_while_the_menu_or_help_is_open() -> None:
    model = timed()
    model.update(0.0)
    press(model, Command.MENU, now=50.0)
    assert screen(model) is Screen.MENU
    model.update(50.0)
    model.update(10_000.0)  # the menu stays open a long time
    press(model, Command.SELECT, now=10_000.0)  # Resume game
    assert screen(model) is Screen.GAME
    model.update(10_000.0)
    match = model.match
    assert match is not None and match.clock is not None
    assert match.clock.left(Player.X, 10_010.0) == 240
    press(model, Command.HELP, now=10_010.0)
    model.update(10_010.0)
    model.update(20_000.0)
    assert not match.over
    assert match.clock.left(Player.X, 20_000.0) == 240


def test_undo_gives_back_the_time_of_the_undone_moves() -> None:
    model = timed(FISCHER, mode=Mode.HVC, difficulty=Difficulty.MEDIUM)
    match = model.match
    assert match is not None and match.clock is not None
    play(model, Move(7, 7), 20.0)  # you: 20 s
    model.update(21.0)
    model.update(21.0)  # the computer answers at once (inline), after its pace
    model.update(25.0)
    assert match.state.move_count == 2
    play(model, Move(8, 8), 45.0)
    model.update(50.0)
    model.update(50.0)
    assert match.state.move_count == 4
    press(model, "u", now=60.0)
    assert match.state.move_count == 2
    assert match.clock.spent == [20.0, 1.0]
    assert match.clock.left(Player.X, 60.0) == 60 - 20 + 5


def test_the_times_are_saved_in_the_record_and_restored_on_resume() -> None:
    model = timed()
    play(model, Move(7, 7), 12.5)
    play(model, Move(8, 8), 20.0)
    play(model, Move(6, 6), 30.0)
    match = model.match
    assert match is not None and match.clock is not None
    record = record_of(match)
    assert record.times == (287.5, 292.5, 277.5)
    text = write_sgf(record)
    assert "BL[287.5]" in text and "WL[292.5]" in text
    assert read_sgf(text).times == record.times
    resume = resume_of(match)
    assert resume is not None
    again = Model(match.settings or Settings(), seed=1, threads=False)
    again.resume(replace(resume, record=read_sgf(text)), 1000.0)
    back = again.match
    assert back is not None and back.clock is not None
    assert back.clock.left(Player.X, 1000.0) == 277.5
    assert back.clock.left(Player.O, 1000.0) == 292.5


def test_a_record_refuses_more_times_than_moves() -> None:
    model = timed()
    play(model, Move(7, 7), 1.0)
    match = model.match
    assert match is not None
    try:
        GameRecord.from_state(match.state, times=(1.0, 2.0))
    except ValueError as error:
        assert "2 clock times for 1 moves" in str(error)
    else:
        raise AssertionError("two times for one move were kept")


def test_the_computer_thinks_within_its_clock() -> None:
    model = timed(TimeControl(ClockKind.MOVE, 3), mode=Mode.CVC, x_difficulty=Difficulty.HARD)
    match = model.match
    assert match is not None and match.clock is not None
    model.update(0.0)
    limit = computer_limit(match, match.players[Player.X], 0.0, 0.2)
    assert limit.time is not None and limit.time <= 3 - 0.2 - 0.5
    match.clock.start(0.0)
    late = computer_limit(match, match.players[Player.X], 2.9, 0.0)
    assert late.time is not None and late.time <= 0.1


def test_fast_computer_vs_computer_thinks_briefly_and_ladder_levels_by_nodes() -> None:
    model = Model(
        Settings(game=Board.GOMOKU15, mode=Mode.CVC, speed=Speed.FAST), seed=1, threads=False
    )
    press(model, Command.SELECT)
    match = model.match
    assert match is not None
    hard = computer_limit(match, match.players[Player.X], 0.0)
    assert hard.time == Speed.FAST.think
    model = Model(
        Settings(game=Board.GOMOKU15, mode=Mode.HVC, difficulty=Difficulty.CLUB),
        seed=1,
        threads=False,
    )
    press(model, Command.SELECT)
    match = model.match
    assert match is not None
    club = computer_limit(match, match.players[Player.O], 0.0)
    assert club.time is None and club.nodes is None  # its own node budget bounds it


def test_the_clocks_tick_once_a_second() -> None:
    model = timed()
    model.update(0.0)
    assert Effect.REDRAW not in model.update(0.3)
    assert Effect.REDRAW in model.update(1.01)
    assert Effect.REDRAW not in model.update(1.5)


def test_the_clocks_are_on_the_status_line_and_urgent_at_the_end() -> None:
    model = timed()
    model.update(0.0)
    text = screen_text(model, 0.0)
    assert ">X 5:00  O 5:00" in text
    model.update(291.5)
    assert ">X 0:09!  O 5:00" in screen_text(model, 291.5)
    small = timed(game=Board.TICTACTOE)
    small.update(291.5)
    assert ">X 0:09!  O 5:00" in screen_text(small, 291.5, (44, 14))


def test_the_menu_steps_through_the_clocks_after_one_from_the_command_line() -> None:
    model = Model(Settings(), threads=False)
    model.menu.highlight = Item.CLOCK
    seen = []
    for _step in PRESETS:
        seen.append(model.menu.value(Item.CLOCK))
        press(model, Command.RIGHT)
    assert seen == ["None", "30 s a move", "5 min a game", "10 min a game", "5 min + 3 s a move"]
    assert model.settings.clock == PRESETS[0]
    own = Model(Settings(clock=TimeControl(ClockKind.GAME, 90)), threads=False)
    own.menu.highlight = Item.CLOCK
    assert own.menu.value(Item.CLOCK) == "90 s a game"
    press(own, Command.LEFT)
    assert own.settings.clock == PRESETS[-1]
    press(own, Command.RIGHT)  # once left, the command line's control is not offered again
    assert own.settings.clock == PRESETS[0]


def test_a_ladder_level_is_offered_on_gomoku_boards_only() -> None:
    model = Model(Settings(game=Board.GOMOKU15), threads=False)
    model.menu.highlight = Item.DIFFICULTY
    names = []
    for _step in range(8):
        press(model, Command.RIGHT)
        names.append(model.menu.value(Item.DIFFICULTY))
    assert names[:5] == ["Casual", "Club", "Strong", "Expert", "Hard"]
    small = Model(Settings(), threads=False)
    small.menu.highlight = Item.DIFFICULTY
    press(small, Command.RIGHT)
    assert small.menu.value(Item.DIFFICULTY) == "Hard"
