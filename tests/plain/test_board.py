"""The board as text: digits on tic-tac-toe, a lettered grid elsewhere."""

from __future__ import annotations

from tictac_tui.engine import GameState, Move, RowOrigin, Rules
from tictac_tui.plain.board import board_lines, square_text
from tictac_tui.squares import set_rows_from


def test_tictactoe_shows_the_digit_of_each_empty_square() -> None:
    state = GameState.from_moves(Rules(3, 3, 3), [(1, 1), (0, 0)])
    assert board_lines(state) == ["O 2 3", "4 X 6", "7 8 9"]


def test_a_gomoku_board_is_a_lettered_grid_with_row_1_at_the_bottom() -> None:
    state = GameState.from_moves(Rules.gomoku(15), ["h8", "a1"])  # the engine's a1: top left
    lines = board_lines(state)
    assert lines[0] == "   A B C D E F G H I J K L M N O"
    assert lines[1].startswith("15 O . .")
    assert lines[8] == " 8 . . . . . . . X . . . . . . ."
    assert lines[15].startswith(" 1 .")
    assert len(lines) == 16


def test_with_rows_from_the_top_row_1_is_the_top_row() -> None:
    state = GameState.from_moves(Rules.gomoku(15), ["h8", "a1"])
    set_rows_from(RowOrigin.TOP)
    try:
        lines = board_lines(state)
    finally:
        set_rows_from(RowOrigin.BOTTOM)
    assert lines[1].startswith(" 1 O . .") and lines[15].startswith("15 .")


def test_squares_are_named_as_typed() -> None:
    assert square_text(Rules(3, 3, 3), Move(2, 0)) == "7"
    assert square_text(Rules.gomoku(15), Move(7, 7)) == "H8"
