"""Squares as people write them: column letter then row number, "b2", "h8".

Column ``a`` is the leftmost (col 0); row ``1`` is the top row (row 0), the
same way the board is drawn on screen.
"""

from __future__ import annotations

import string

from .rules import MAX_SIDE, Rules
from .types import Move, as_move

_LETTERS = string.ascii_lowercase[:MAX_SIDE]


def format_move(move: tuple[int, int]) -> str:
    """Lower-case text for a square: Move(1, 1) -> "b2".

    ValueError for a square with no name; TypeError unless `move` is a
    (row, col) pair of whole numbers.
    """
    row, col = as_move(move)
    if not 0 <= col < MAX_SIDE or row < 0:
        raise ValueError(f"({row}, {col}) has no name: rows start at 0 and columns run 0..25")
    return f"{_LETTERS[col]}{row + 1}"


def square_label(move: tuple[int, int]) -> str:
    """Upper-case text for messages ("B2"), or "(row, col)" for nameless squares.

    TypeError unless `move` is a (row, col) pair of whole numbers.
    """
    row, col = as_move(move)
    if 0 <= col < MAX_SIDE and row >= 0:
        return f"{_LETTERS[col].upper()}{row + 1}"
    return f"({row}, {col})"


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """Parse "b2" (any case, surrounding spaces allowed) into a Move.

    With `rules`, also check the square is on that board. Raises ValueError
    with a message that says what is wrong; TypeError unless `text` is a str.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str like 'b2', got {text!r}")
    cleaned = text.strip().lower()
    if not cleaned:
        raise ValueError("empty square: expected a column letter and a row number, like b2")
    letter, digits = cleaned[0], cleaned[1:]
    if letter not in _LETTERS:
        raise ValueError(
            f"{text.strip()!r} is not a square: it must start with a column letter a-z"
        )
    if not digits.isdigit() or not digits.isascii():
        raise ValueError(f"{text.strip()!r} is not a square: a row number must follow the letter")
    row_number = int(digits)
    if row_number < 1:
        raise ValueError(f"{text.strip()!r} is not a square: rows are numbered from 1")
    move = Move(row_number - 1, _LETTERS.index(letter))
    if rules is not None:
        if move.col >= rules.cols:
            raise ValueError(
                f"{square_label(move)} is not on the board: "
                f"column {letter} is off a {rules.rows}x{rules.cols} board"
            )
        if move.row >= rules.rows:
            raise ValueError(
                f"{square_label(move)} is not on the board: "
                f"row {row_number} is off a {rules.rows}x{rules.cols} board"
            )
    return move
