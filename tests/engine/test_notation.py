"""Squares as text: "b2" <-> Move(1, 1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictac_tui.engine import (
    Move,
    RowOrigin,
    Rules,
    format_move,
    name_square,
    parse_move,
    parse_square,
    square_label,
)


def test_examples() -> None:
    assert format_move(Move(1, 1)) == "b2"
    assert format_move(Move(7, 7)) == "h8"
    assert parse_move("h8") == Move(7, 7)
    assert parse_move("  B2 ") == Move(1, 1)
    assert parse_move("z26") == Move(25, 25)
    assert square_label(Move(0, 0)) == "A1"


@given(st.integers(0, 25), st.integers(0, 25))
def test_round_trip(row: int, col: int) -> None:
    move = Move(row, col)
    assert parse_move(format_move(move)) == move
    assert parse_move(square_label(move)) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty square: expected a column letter and a row number, like b2"),
        ("   ", "empty square: expected a column letter and a row number, like b2"),
        ("2b", "'2b' is not a square: it must start with a column letter a-z"),
        ("b", "'b' is not a square: a row number must follow the letter"),
        ("bx", "'bx' is not a square: a row number must follow the letter"),
        ("b-1", "'b-1' is not a square: a row number must follow the letter"),
        ("b0", "'b0' is not a square: rows are numbered from 1"),
        ("é3", "'é3' is not a square: it must start with a column letter a-z"),
    ],
)
def test_bad_text(text: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_move(text)
    assert str(error.value) == message


def test_off_the_given_board() -> None:
    rules = Rules.tictactoe()
    with pytest.raises(ValueError, match="row 9 is off a 3x3 board"):
        parse_move("a9", rules)
    with pytest.raises(ValueError, match="column d is off a 3x3 board"):
        parse_move("d1", rules)
    assert parse_move("c3", rules) == Move(2, 2)


def test_format_rejects_nameless_squares() -> None:
    with pytest.raises(ValueError, match="has no name"):
        format_move(Move(0, 26))
    with pytest.raises(ValueError, match="has no name"):
        format_move(Move(-1, 0))


@pytest.mark.parametrize(
    ("move", "origin", "name"),
    [
        (Move(7, 7), RowOrigin.BOTTOM, "H8"),
        (Move(0, 0), RowOrigin.BOTTOM, "A15"),
        (Move(14, 0), RowOrigin.BOTTOM, "A1"),
        (Move(0, 0), RowOrigin.TOP, "A1"),
        (Move(14, 14), RowOrigin.TOP, "O15"),
    ],
)
def test_names_with_a_row_origin_both_ways(move: Move, origin: RowOrigin, name: str) -> None:
    rules = Rules.gomoku(15)
    assert name_square(rules, move, origin) == name
    assert parse_square(name.lower(), rules, origin) == move


def test_a_name_off_the_board_says_so() -> None:
    with pytest.raises(ValueError, match="H16 is not on the board: row 16"):
        parse_square("h16", Rules.gomoku(15), RowOrigin.BOTTOM)
    with pytest.raises(ValueError, match="off a 15x15 board"):
        name_square(Rules.gomoku(15), Move(15, 0), RowOrigin.BOTTOM)
