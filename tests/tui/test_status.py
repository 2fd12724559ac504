"""What the bottom lines say in each situation, and how they shorten on narrow terminals."""

from __future__ import annotations

import pytest

from tictac_tui.choices import Board, First, Mode, Settings
from tictac_tui.engine import GameState, Rule
from tictac_tui.strategies import Difficulty
from tictac_tui.tui import status
from tictac_tui.tui.keys import Command
from tictac_tui.tui.messages import Tone
from tictac_tui.tui.model import Model

from .test_model import game, position, press


def test_your_move() -> None:
    assert status.turn_text(game(), 0.0) == "Your move (X)"
    assert status.turn_text(game(Settings(first=First.COMPUTER)), 0.0).startswith(
        "Computer (X) is thinking..."
    )


def test_thinking_shows_elapsed_time() -> None:
    model = Model(Settings(), seed=1)  # a thread: the answer waits for its pace
    press(model, Command.SELECT, "5", now=1.0)
    model.update(1.0)
    assert status.turn_text(model, 1.74) == "Computer (O) is thinking... 0.7s"


def test_two_players_and_paused_once() -> None:
    model = game(Settings(mode=Mode.HVH))
    press(model, "1")
    assert status.turn_text(model, 0.0) == "O to move"
    watch = game(Settings(mode=Mode.CVC))
    press(watch, Command.PAUSE)
    assert status.turn_text(watch, 0.0) == "Paused: p resumes, . plays one move"
    assert status.message(watch).text == ""  # said once, not twice


def test_results_have_tones() -> None:
    model = game()
    position(model, "XX. / OO. / ...")
    press(model, "3")
    assert status.turn_text(model, 0.0) == "Game over"
    assert status.message(model).text == "You win!"
    assert status.message(model).tone is Tone.SUCCESS
    assert status.info_line(model, 80)[1] == "You 1  Computer 0  Draws 0"
    assert status.key_hint(model, 78).startswith("Enter or n: play again")

    drawn = game(Settings(mode=Mode.HVH))
    position(drawn, "XOX / XOO / OX.")
    press(drawn, "9")
    assert status.message(drawn).text == "Draw"
    assert status.info_line(drawn, 80)[1] == "X 0  O 0  Draws 1"


def test_warnings_and_questions() -> None:
    model = game()
    press(model, "5", "5")
    assert status.message(model).text == "That square is taken"
    assert status.message(model).tone is Tone.WARNING
    press(model, Command.QUIT)
    said = status.message(model)
    assert said.text == "Quit? This game counts as a loss. y: yes, any other key: no"
    assert said.tone is Tone.QUESTION


def test_every_file_notice_is_shown_in_turn() -> None:
    model = Model(Settings())
    model.notify("settings.json is corrupt; using defaults")
    model.notify("statistics.json is corrupt; starting new statistics")
    assert status.message(model).text == "settings.json is corrupt; using defaults"
    press(model, Command.DOWN)
    assert status.message(model).text == "statistics.json is corrupt; starting new statistics"
    press(model, Command.DOWN)
    assert status.message(model).text == ""


def test_info_names_game_rule_players_and_difficulty() -> None:
    model = game(Settings(difficulty=Difficulty.MEDIUM))
    assert status.info_line(model, 80) == (
        "Tic-tac-toe 3x3 | You (X) vs computer | Medium",
        "You 0  Computer 0  Draws 0",
    )
    exact = game(Settings(game=Board.GOMOKU15, rule=Rule.EXACT, mode=Mode.HVH))
    assert status.info_line(exact, 80)[0] == "Gomoku 15x15 (exact five) | Two players"
    watch = game(Settings(mode=Mode.CVC, x_difficulty=Difficulty.HARD))
    assert status.info_line(watch, 80)[0].startswith("Tic-tac-toe 3x3 | Computers: X Hard vs O")


@pytest.mark.parametrize("width", [44, 50, 60, 80])
def test_the_score_stays_on_narrow_terminals(width: int) -> None:
    model = game(Settings(game=Board.GOMOKU15, rule=Rule.EXACT))
    left, right = status.info_line(model, width)
    assert right in ("You 0  Computer 0  Draws 0", "You 0 Comp 0 Draw 0", "W0 L0 D0")
    assert len(left) + len(right) + 3 <= width
    assert len(status.key_hint(model, width - 2)) <= width - 2


def test_key_hints() -> None:
    model = game()
    assert status.key_hint(model, 78).startswith("1-9 or arrows+Enter play")
    big = game(Settings(game=Board.GOMOKU15, mode=Mode.HVH))
    assert status.key_hint(big, 78).startswith("arrows+Enter or g play")
    assert status.key_hint(Model(Settings()), 78).startswith("Up/Down choose")
    press(big, Command.GOTO)
    assert status.message(big).text.startswith("Go to square")


def test_fit_takes_the_longest_form_that_fits() -> None:
    assert status.fit(10, "a long text here", "short") == "short"
    assert status.fit(3, "a long text here", "short") == "sho"


def test_diagram_helper_is_a_real_position() -> None:
    assert GameState.from_diagram("XX. / OO. / ...").to_move.name == "X"
