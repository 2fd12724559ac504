"""The model without a terminal or threads: what each key does, as a player would press it.

Computer moves run inline (``threads=False``) when `Model.update` is called;
time is passed in, so pacing is tested without a clock.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import Any

import pytest

from tictac_tui.choices import Board, First, Mode, Settings, Speed
from tictac_tui.engine import GameState, Move, Player, Rule, Rules
from tictac_tui.i18n import Language
from tictac_tui.play.saving import resume_of
from tictac_tui.saved import Resume
from tictac_tui.scores import Record, Result
from tictac_tui.strategies import NO_LIMIT, Difficulty, Limit
from tictac_tui.tui.effects import Effect, Effects, Question
from tictac_tui.tui.keys import BINDINGS, Command, command_for
from tictac_tui.tui.layout import MenuRow, fits
from tictac_tui.tui.menu import Item
from tictac_tui.tui.model import Model
from tictac_tui.tui.screens import Screen

LATER = 100.0
"""A time after any pacing."""


FIRST_KEY = {binding.command: binding.keys[0] for binding in BINDINGS if binding.keys}
"""A key that gives each command (Enter is 10, Esc 27, ...)."""
FIRST_KEY[Command.SELECT] = 10
FIRST_KEY[Command.MENU] = 27


def press(model: Model, *commands: Command | str, now: float = 0.0) -> Effects:
    """Press keys: commands, or characters (digits and typed text)."""
    effects: Effects = set()
    for command in commands:
        if isinstance(command, str):
            for char in command:
                effects |= model.handle(command_for(ord(char)), now, ord(char))
        else:
            effects |= model.handle(command, now, FIRST_KEY.get(command, -1))
    return effects


def computer_plays(model: Model, now: float = LATER) -> Effects:
    """Let the computer ask and answer (inline), as the loop's updates would."""
    return model.update(now) | model.update(now)


def game(settings: Settings | None = None, seed: int = 1) -> Model:
    model = Model(settings or Settings(), seed=seed, threads=False)
    press(model, Command.SELECT)  # Play is highlighted at start
    assert screen(model) is Screen.GAME and model.match is not None
    return model


def highlighted(model: Model) -> Item:
    """The menu's highlight (a call, so a type checker reads it afresh after each key)."""
    return model.menu.highlight


def settings(model: Model) -> Settings:
    return model.settings


def screen(model: Model) -> Screen:
    return model.screen


def position(model: Model, diagram: str) -> None:
    """Put the game in the position of `diagram`."""
    assert model.match is not None
    model.match.state = GameState.from_diagram(diagram)


# -- the menu -----------------------------------------------------------------------


def test_first_run_defaults_to_medium_and_play_is_highlighted() -> None:
    model = Model(Settings(), threads=False)
    assert model.settings.difficulty is Difficulty.MEDIUM
    assert highlighted(model) is Item.PLAY


def test_menu_wraps_and_skips_rows_that_do_nothing() -> None:
    model = Model(Settings(mode=Mode.HVH), threads=False)
    press(model, Command.UP)
    assert highlighted(model) is Item.QUIT
    press(model, Command.DOWN, Command.DOWN, Command.DOWN)  # Play, Game, (Rule), Mode
    assert highlighted(model) is Item.MODE
    press(model, Command.DOWN)  # Who goes first and Difficulty are dimmed: skipped
    assert highlighted(model) is Item.CLOCK
    rows = {row.item: row.enabled for row in model.menu.rows(False)}
    assert not rows[Item.FIRST] and not rows[Item.DIFFICULTY] and not rows[Item.RULE]
    assert not rows[Item.ROWS_FROM] and not rows[Item.EDIT]  # 3x3 squares are digits


def test_computer_vs_computer_has_a_difficulty_per_side_and_a_speed() -> None:
    model = Model(Settings(mode=Mode.CVC), threads=False)
    items = model.menu.items(False)
    assert Item.DIFFICULTY not in items
    assert {Item.X_DIFFICULTY, Item.O_DIFFICULTY, Item.SPEED} <= set(items)
    assert not model.menu.enabled(Item.FIRST)
    model.menu.highlight = Item.O_DIFFICULTY
    effects = press(model, Command.RIGHT)
    assert model.settings.o_difficulty is Difficulty.HARD
    assert model.settings.x_difficulty is Difficulty.MEDIUM
    assert Effect.SAVE_SETTINGS in effects


def test_custom_board_rows_appear_and_k_stays_on_the_board() -> None:
    model = Model(Settings(), threads=False)
    model.menu.highlight = Item.GAME
    press(model, Command.LEFT)  # Tic-tac-toe -> Custom (wraps backwards)
    assert model.settings.game is Board.CUSTOM
    assert model.menu.items(False)[:6] == [
        Item.PLAY,
        Item.EDIT,
        Item.GAME,
        Item.ROWS,
        Item.COLS,
        Item.K,
    ]
    model.menu.highlight = Item.ROWS
    for _ in range(10):
        press(model, Command.LEFT)
    model.menu.highlight = Item.COLS
    for _ in range(10):
        press(model, Command.LEFT)
    assert (model.settings.rows, model.settings.cols, model.settings.k) == (3, 3, 3)


def test_rule_row_offers_the_engines_rules_on_gomoku_boards() -> None:
    model = Model(Settings(game=Board.GOMOKU15), threads=False)
    assert model.menu.enabled(Item.RULE)
    model.menu.highlight = Item.RULE
    press(model, Command.RIGHT)
    assert settings(model).rule is Rule.EXACT
    assert model.menu.value(Item.RULE) == "Exact five"
    seen = [Rule.FREESTYLE, Rule.EXACT]
    while settings(model).rule is not Rule.FREESTYLE:
        press(model, Command.SELECT)  # Enter on a value steps it too
        seen.append(settings(model).rule)
        assert len(seen) <= len(Rule) + 1
    assert sorted(seen[:-1]) == sorted(Rule)  # each rule once
    tictactoe = Model(Settings(rule=Rule.EXACT), threads=False)
    assert tictactoe.settings.played_rule() is Rule.FREESTYLE
    assert not tictactoe.menu.enabled(Item.RULE)


def test_a_click_on_a_menu_row_chooses_it() -> None:
    model = Model(Settings(), threads=False)
    index = model.menu.items(False).index(Item.STATS)
    model.click(MenuRow(index), 0.0)
    assert screen(model) is Screen.STATS
    model.click(None, 0.0)
    assert screen(model) is Screen.MENU


def test_the_highlight_leaves_resume_when_the_game_ends() -> None:
    model = game()
    press(model, "5", Command.MENU, Command.MENU)  # to the menu (Resume) and back
    assert highlighted(model) is Item.RESUME
    position(model, "XX. / OO. / ...")
    press(model, "3")
    assert model.match is not None and model.match.over
    assert highlighted(model) is Item.PLAY
    assert model.view().menu_highlight == model.menu.items(False).index(Item.PLAY)


def test_changing_a_choice_during_a_game_says_when_it_applies() -> None:
    model = game()
    press(model, "5", Command.MENU)
    assert highlighted(model) is Item.RESUME
    model.menu.highlight = Item.DIFFICULTY
    press(model, Command.RIGHT)
    assert model.message.text == "Applies from the next game (Resume keeps this one)"
    assert model.match is not None and model.match.key.levels == (Difficulty.MEDIUM,)


def test_speed_applies_at_once_in_computer_vs_computer() -> None:
    model = game(Settings(mode=Mode.CVC))
    press(model, Command.MENU)
    model.menu.highlight = Item.SPEED
    press(model, Command.RIGHT)
    assert model.match is not None and model.match.speed is Speed.FAST
    assert "from now on" in model.message.text


# -- playing --------------------------------------------------------------------------


def test_a_move_then_the_computer_replies_after_its_pace() -> None:
    model = game()
    press(model, "5", now=10.0)
    match = model.match
    assert match is not None and match.state.history == (Move(1, 1),)
    model.update(10.05)  # asks, and the inline player answers at once
    model.update(10.1)  # not due yet
    assert match.state.move_count == 1 and model.computer.job is not None
    effects = model.update(10.25)
    assert match.state.move_count == 2 and Effect.REDRAW in effects
    assert match.marked_move() == match.state.last_move


def test_taken_square_changes_nothing() -> None:
    model = game()
    press(model, "1")
    computer_plays(model)
    assert model.match is not None
    before = model.match.state
    press(model, "1")
    assert model.message.text == "That square is taken" and model.match.state is before


def test_digits_on_bigger_boards_say_how_to_type_a_square() -> None:
    model = game(Settings(game=Board.GOMOKU15, mode=Mode.HVH))
    press(model, "5")
    assert "type g and a square" in model.message.text


def test_typed_square_moves_the_cursor_and_plays() -> None:
    model = game(Settings(game=Board.GOMOKU15, mode=Mode.HVH))
    press(model, Command.GOTO, "h8")
    assert model.prompt is not None and model.prompt.text == "h8"
    press(model, Command.SELECT)
    assert model.match is not None
    assert model.match.state.history == (Move(7, 7),) and model.match.cursor == Move(7, 7)
    press(model, "g", "z9", Command.SELECT)
    assert model.message.text.startswith("Z9 is not on the board")
    assert model.match.state.move_count == 1
    press(model, "g", "h", Command.MENU)  # Esc cancels
    assert model.prompt is None and model.screen is Screen.GAME


def test_undo_goes_back_to_your_previous_turn() -> None:
    model = game()
    assert model.match is not None
    press(model, Command.UNDO)
    assert model.message.text == "Nothing to undo"
    press(model, "1")
    computer_plays(model)
    free = next(m for m in model.match.state.legal_moves())
    press(model, str(free.row * 3 + free.col + 1))
    press(model, Command.UNDO)  # the computer is still thinking: one move back
    assert model.match.state.move_count == 2 and model.computer.job is None
    press(model, Command.UNDO)
    assert model.match.state.move_count == 0 and model.match.cursor == Move(0, 0)


@dataclass
class Stopper:
    """A player that thinks until its stop signal is set, then answers."""

    name: str = "stopper"
    stopped: bool = False

    def supports(self, rules: Rules) -> bool:
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        assert limit.stop is not None
        assert isinstance(limit.stop, threading.Event)
        limit.stop.wait(30)  # a hang guard: cancelling sets it at once
        self.stopped = limit.stopped
        return state.legal_moves()[0]


def test_undo_cancels_the_computers_search_at_once() -> None:
    model = Model(Settings(), seed=1)  # with the thread
    press(model, Command.SELECT, "5")
    assert model.match is not None
    stopper = Stopper()
    model.match.players[Player.O] = stopper
    model.update(LATER)
    job = model.computer.job
    assert job is not None
    model.update(LATER)  # its thread starts and waits for the stop signal
    press(model, Command.UNDO)
    assert model.computer.job is None
    assert job.limit.stopped
    model.update(LATER)
    assert model.match.state.move_count == 0  # the late answer is dropped


@dataclass
class Cheater:
    name: str = "cheater"

    def supports(self, rules: Rules) -> bool:
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        return state.history[0]  # a taken square


def test_an_illegal_computer_move_is_refused() -> None:
    model = game()
    press(model, "5")
    assert model.match is not None
    model.match.players[Player.O] = Cheater()
    computer_plays(model)
    assert model.match.state.move_count == 2 and model.match.state.history[0] == Move(1, 1)
    assert "not a legal move" in model.message.text
    assert "Medium player moved instead" in model.message.text


def test_a_hint_names_the_square_as_the_board_shows_it() -> None:
    model = game(Settings(difficulty=Difficulty.EASY))
    press(model, Command.HINT)
    model.update(0.0)
    model.update(0.0)
    assert model.match is not None and model.match.hinted
    move = model.match.cursor
    assert model.message.text == f"Hint: {move.row * 3 + move.col + 1}"
    big = game(Settings(game=Board.GOMOKU15, mode=Mode.HVH))
    press(big, "g", "h8", Command.SELECT, Command.HINT)
    big.update(0.0)
    big.update(0.0)
    assert big.match is not None
    label = "ABCDEFGHIJKLMNO"[big.match.cursor.col] + str(15 - big.match.cursor.row)  # row 1 low
    assert big.message.text == f"Hint: {label}"


def test_a_won_game_is_counted_and_saved() -> None:
    model = game(Settings(difficulty=Difficulty.EASY))
    position(model, "XX. / OO. / ...")
    effects = press(model, "3")
    assert model.message.text == "You win!" and Effect.SAVE_STATISTICS in effects
    assert model.match is not None
    key = model.match.key
    assert model.session.tally(key) == Record(wins=1)
    assert model.session.statistics[key] == Record(wins=1)
    press(model, Command.SELECT)  # Enter plays again
    assert model.match.state.move_count == 0 and not model.match.over


def test_a_win_with_a_hint_is_marked() -> None:
    model = game(Settings(difficulty=Difficulty.EASY))
    position(model, "XX. / OO. / ...")
    press(model, Command.HINT)
    model.update(0.0)
    model.update(0.0)
    press(model, Command.SELECT)
    assert model.message.text == "You win! (with a hint)"
    assert model.match is not None
    assert model.session.statistics[model.match.key] == Record(wins=1, hinted=1)


@pytest.mark.parametrize("leave", [Command.NEW, Command.QUIT])
def test_leaving_a_game_asks_and_counts_it_as_a_loss(leave: Command) -> None:
    model = game()
    press(model, "5")
    press(model, leave)
    assert model.question in (Question.NEW_GAME, Question.QUIT)
    press(model, Command.OTHER)  # no
    assert model.question is None and model.match is not None and model.match.started
    press(model, leave)
    effects = press(model, Command.YES)
    assert Effect.SAVE_STATISTICS in effects
    record = model.session.statistics[model.match.key]
    assert record == Record(losses=1, abandoned=1)


def test_a_new_game_before_your_first_move_needs_no_question() -> None:
    model = game()
    press(model, Command.NEW)
    assert model.question is None and not model.session.statistics


def test_play_from_the_menu_asks_about_the_game_in_progress() -> None:
    model = game()
    press(model, "1", Command.MENU)
    model.menu.highlight = Item.PLAY
    press(model, Command.SELECT)
    assert model.question is Question.NEW_GAME


def test_the_end_of_the_app_counts_an_abandoned_game_once() -> None:
    model = game()
    press(model, "5")
    assert model.finish() == {Effect.SAVE_STATISTICS}
    assert model.finish() == set()
    assert model.match is not None
    assert model.session.statistics[model.match.key].abandoned == 1


def test_two_people_score_by_side_and_nothing_is_abandoned() -> None:
    model = game(Settings(mode=Mode.HVH))
    assert model.update(0.0) == set() and model.computer.job is None
    press(model, "14253")
    assert model.message.text == "X wins"
    assert model.match is not None
    assert model.session.tally(model.match.key) == Record(wins=1)
    press(model, Command.SELECT, "1")
    assert model.finish() == set()


def test_alternate_swaps_who_starts() -> None:
    model = game(Settings(first=First.ALTERNATE))
    assert model.match is not None and model.match.human == {Player.X}
    press(model, Command.NEW)
    assert model.match.human == {Player.O}
    press(model, Command.NEW)
    assert model.match.human == {Player.X}


def test_quit_asks_during_a_game_only() -> None:
    model = game()
    press(model, Command.QUIT)
    assert model.question is Question.QUIT and not model.quit
    press(model, Command.OTHER)
    assert model.question is None and not model.quit
    press(model, Command.QUIT, Command.YES)
    assert model.quit
    idle = Model(Settings(), threads=False)
    press(idle, Command.QUIT)
    assert idle.quit


# -- computer vs computer ----------------------------------------------------------------


def test_computer_vs_computer_pauses_steps_and_changes_speed() -> None:
    model = game(Settings(mode=Mode.CVC, x_difficulty=Difficulty.HARD))
    computer_plays(model)
    match = model.match
    assert match is not None and match.state.move_count == 1
    assert match.players[Player.X].name == "perfect" and match.players[Player.O].name == "heuristic"
    press(model, Command.PAUSE)
    assert match.paused and model.computer.job is None
    computer_plays(model)
    assert match.state.move_count == 1
    press(model, Command.STEP, now=LATER)
    computer_plays(model)
    assert match.state.move_count == 2 and match.paused
    press(model, Command.FASTER)
    assert match.speed is Speed.FAST and model.settings.speed is Speed.FAST
    press(model, Command.PAUSE)
    assert not match.paused


# -- statistics --------------------------------------------------------------------------


def test_statistics_reset_asks_first() -> None:
    model = game(Settings(difficulty=Difficulty.EASY))
    position(model, "XX. / OO. / ...")
    press(model, "3", Command.MENU)
    model.menu.highlight = Item.STATS
    press(model, Command.SELECT)
    assert screen(model) is Screen.STATS and model.session.statistics
    press(model, Command.RESET)
    assert model.question is Question.RESET_STATS
    press(model, Command.OTHER)
    assert model.session.statistics
    effects = press(model, Command.RESET, Command.YES)
    assert not model.session.statistics and Effect.SAVE_STATISTICS in effects
    assert model.session.tallies  # this run's score stays


def test_summary() -> None:
    model = game(Settings(difficulty=Difficulty.EASY))
    assert model.session.summary() == "Session score: no games finished"
    position(model, "XX. / OO. / ...")
    press(model, "3")
    assert model.session.summary().splitlines() == [
        "Session score:",
        "  Tic-tac-toe 3x3, You vs computer (Easy): You 1, Computer 0, Draws 0",
    ]


def test_result_from_the_persons_side() -> None:
    model = game(Settings(first=First.COMPUTER))
    match = model.match
    assert match is not None and match.human == {Player.O}
    match.state = GameState.from_diagram("XX. / OO. / ...")
    assert match.result() is None
    match.state = match.state.play((0, 2))  # the computer (X) completes its row
    assert match.result() is Result.LOSS


def test_the_menu_fits_a_small_terminal_while_a_big_game_goes_on() -> None:
    model = Model(Settings(game=Board.GOMOKU15, mode=Mode.HVH), threads=False)
    model.handle(Command.SELECT, 0.0)
    assert model.screen is Screen.GAME and not fits(44, 14, model.view().rules)
    model.handle(Command.MENU, 0.0)
    assert model.view().screen is Screen.MENU and model.in_progress()
    assert fits(44, 14, model.view().rules)  # the menu's keys work at 44x14


def caro_in_progress() -> Resume:
    """An autosave of a caro game between two people, one move made."""
    caro = Settings(game=Board.GOMOKU15, rule=Rule.CARO, mode=Mode.HVH)
    model = game(caro)
    press(model, Command.SELECT)
    assert model.match is not None
    resume = resume_of(model.match)
    assert resume is not None
    return resume


@pytest.mark.parametrize(
    "chosen",
    [
        {"game": Board.GOMOKU15, "rule": Rule.EXACT, "mode": Mode.HVH},
        {"rule": Rule.FREESTYLE},
        {"mode": Mode.HVC},
        {"game": Board.TICTACTOE},
    ],
)
def test_options_choosing_another_game_highlight_play_over_resume(chosen: dict[str, Any]) -> None:
    resume = caro_in_progress()
    model = Model(replace(resume.settings, **chosen), threads=False)
    model.resume(resume, 0.0, chosen)
    assert highlighted(model) is Item.PLAY
    assert Item.RESUME in model.menu.items(model.in_progress())
    press(model, Command.SELECT)
    assert model.question is Question.NEW_GAME  # the resumed game is not thrown away unasked
    press(model, Command.YES)
    assert (
        model.match is not None and model.match.rules == replace(resume.settings, **chosen).rules()
    )


@pytest.mark.parametrize(
    "chosen",
    [{}, {"game": Board.GOMOKU15, "rule": Rule.CARO}, {"lang": Language.EN}, {"speed": Speed.FAST}],
)
def test_resume_stays_highlighted_unless_options_ask_for_another_game(
    chosen: dict[str, Any],
) -> None:
    resume = caro_in_progress()
    model = Model(replace(resume.settings, **chosen), threads=False)
    model.resume(resume, 0.0, chosen)
    assert highlighted(model) is Item.RESUME
