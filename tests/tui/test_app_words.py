"""What the app says, in the model: squares typed by their own names, why a five did not
win, the rule's name for the board's k, and statistics in order of strength."""

from __future__ import annotations

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Move
from tictac_tui.tui import status
from tictac_tui.tui.keys import Command

from .test_model import game, press


def test_the_prompt_on_3x3_takes_the_squares_digits() -> None:
    model = game(Settings(mode=Mode.HVH))
    press(model, "g", "7", Command.SELECT)
    assert model.match is not None
    assert model.match.state.history == (Move(2, 0),)
    assert model.message.text == ""
    press(model, "g", "0", Command.SELECT)
    assert model.message.text == "0 is not a square: type a digit 1-9"
    assert model.match.state.move_count == 1


def test_the_prompt_example_is_a_square_of_the_board() -> None:
    small = game(Settings(mode=Mode.HVH))
    press(small, "g")
    assert "(e.g. 5," in status.message(small).text
    assert "like 5 " in status.key_hint(small, 78)
    big = game(Settings(game=Board.GOMOKU19, mode=Mode.HVH))
    press(big, "g")
    assert "(e.g. j10," in status.message(big).text
    press(big, Command.MENU, "5")
    assert big.message.text.endswith("like j10")
