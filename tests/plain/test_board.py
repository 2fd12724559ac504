"""The board as text: digits on tic-tac-toe, a lettered grid elsewhere."""

from __future__ import annotations

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.plain.board import board_lines, square_text


def test_tictactoe_shows_the_digit_of_each_empty_square() -> None:
    state = GameState.from_moves(Rules(3, 3, 3), [(1, 1), (0, 0)])
    assert board_lines(state) == ["O 2 3", "4 X 6", "7 8 9"]


def test_a_gomoku_board_is_a_lettered_grid_with_row_1_on_top() -> None:
    state = GameState.from_moves(Rules.gomoku(15), ["h8", "a1"])
    lines = board_lines(state)
    assert lines[0] == "   A B C D E F G H I J K L M N O"
    assert lines[1].startswith(" 1 O . .")
    assert lines[8] == " 8 . . . . . . . X . . . . . . ."
    assert lines[15].startswith("15 .")
    assert len(lines) == 16


def test_squares_are_named_as_typed() -> None:
    assert square_text(Rules(3, 3, 3), Move(2, 0)) == "7"
    assert square_text(Rules.gomoku(15), Move(7, 7)) == "H8"
