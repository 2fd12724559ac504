"""Squares as people write them: column letter then row number, "b2", "h8".

Column ``a`` is the leftmost (col 0). `format_move`, `square_label` and
`parse_move` count row ``1`` from the top (row 0): the engine's own names, in
its messages and the app's test hook. `name_square` and `parse_square` take
the row origin (`RowOrigin`): renju books, BSD gomoku and Yixin-Board count
row ``1`` at the bottom, as the app shows squares by default
(`tictac_tui.squares` keeps the setting).
"""

from __future__ import annotations

import string
from enum import Enum

from .rules import MAX_SIDE, Rules
from .types import Move, as_move

_LETTERS = string.ascii_lowercase[:MAX_SIDE]


class RowOrigin(str, Enum):
    """Where row 1 is: the top row or the bottom row."""

    TOP = "top"
    BOTTOM = "bottom"

    def __str__(self) -> str:
        return self.value


def row_number(rules: Rules, row: int, origin: RowOrigin) -> int:
    """The number people give board row `row` (0 at the top) when row 1 is at `origin`."""
    return row + 1 if origin is RowOrigin.TOP else rules.rows - row


def name_square(rules: Rules, move: tuple[int, int], origin: RowOrigin) -> str:
    """Upper-case name of a square on `rules`' board with row 1 at `origin`: "H8".

    TypeError unless `move` is a (row, col) pair; ValueError for a square off the board.
    """
    row, col = as_move(move)
    if not (0 <= row < rules.rows and 0 <= col < rules.cols):
        raise ValueError(f"({row}, {col}) is off a {rules.rows}x{rules.cols} board")
    return f"{_LETTERS[col].upper()}{row_number(rules, row, origin)}"


def parse_square(text: str, rules: Rules, origin: RowOrigin) -> Move:
    """The square `text` names ("h8", any case, spaces around) with row 1 at `origin`.

    ValueError saying what is wrong, naming the square as typed; TypeError
    unless `text` is a str.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str like 'b2', got {text!r}")
    cleaned = text.strip().lower()
    letter, digits = cleaned[:1], cleaned[1:]
    if not cleaned:
        raise ValueError("empty square: expected a column letter and a row number, like b2")
    if letter not in _LETTERS:
        raise ValueError(
            f"{text.strip()!r} is not a square: it must start with a column letter a-z"
        )
    if not digits.isdigit() or not digits.isascii() or len(digits) > 3:
        raise ValueError(f"{text.strip()!r} is not a square: a row number must follow the letter")
    number = int(digits)
    shown = f"{letter.upper()}{number}"
    if number < 1:
        raise ValueError(f"{text.strip()!r} is not a square: rows are numbered from 1")
    if _LETTERS.index(letter) >= rules.cols:
        raise ValueError(
            f"{shown} is not on the board: column {letter} is off a {rules.rows}x{rules.cols} board"
        )
    if number > rules.rows:
        raise ValueError(
            f"{shown} is not on the board: row {number} is off a {rules.rows}x{rules.cols} board"
        )
    row = number - 1 if origin is RowOrigin.TOP else rules.rows - number
    return Move(row, _LETTERS.index(letter))


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
