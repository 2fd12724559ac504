"""Squares as people read and write them, in the notation the settings choose.

The one place a square becomes text for a person and text becomes a square:
the app's board labels, `g` prompt, hints, messages and move list, the plain
mode, the position editor and pos strings the app writes. Tic-tac-toe names
its squares by the digits 1-9 (row by row from the top left); every other
board by a column letter and a row number, with row 1 at the bottom
(`RowOrigin.BOTTOM`, the default: renju books, RIF, BSD gomoku, Yixin-Board)
or at the top (`RowOrigin.TOP`: the menu's "Rows from" row, `--rows-from`).
The Gomocup protocol's x,y and SGF's letters keep their own conventions.

The origin is one setting for the whole program, like the language
(`set_rows_from`, called when the settings are read or changed); everything
here reads it when called, so a change applies at once.
"""

from __future__ import annotations

from .engine import Move, Rules, name_square, parse_square
from .engine.notation import RowOrigin, row_number
from .i18n import Language, _, current_language

DEFAULT_ORIGIN = RowOrigin.BOTTOM
"""Where row 1 is unless chosen: at the bottom, as players' books count."""

_origin: list[RowOrigin] = [DEFAULT_ORIGIN]


def set_rows_from(origin: RowOrigin) -> None:
    """Count rows from `origin` from now on."""
    _origin[0] = origin


def rows_from() -> RowOrigin:
    """Where row 1 is now."""
    return _origin[0]


def is_tictactoe(rules: Rules) -> bool:
    """True on the 3x3 board, whose squares are the digits 1-9."""
    return (rules.rows, rules.cols) == (3, 3)


def row_label(rules: Rules, row: int) -> str:
    """The number shown beside board row `row` (0 is the top row on screen)."""
    return str(row_number(rules, row, rows_from()))


def column_label(col: int) -> str:
    """The letter shown above (and below) board column `col`: "A" for 0."""
    return chr(ord("A") + col)


def square_name(rules: Rules, move: Move) -> str:
    """A square as shown: "5" on 3x3, else "H8" (row 1 where the setting says)."""
    if is_tictactoe(rules):
        return str(move.row * 3 + move.col + 1)
    return name_square(rules, move, rows_from())


def read_square(text: str, rules: Rules) -> Move:
    """The square `text` names: a digit 1-9 on 3x3, else a name like h8. ValueError
    (in the engine's English words; `square_problem` gives the user's) when none."""
    digit = text.strip()
    if is_tictactoe(rules):
        if len(digit) == 1 and digit in "123456789":
            return Move(*divmod(int(digit) - 1, 3))
        raise ValueError(f"{digit} is not a square: type a digit 1-9")
    return parse_square(text, rules, rows_from())


def square_problem(text: str, rules: Rules, error: ValueError) -> str:
    """Why `text` names no square, in the user's language (`error` from `read_square`)."""
    if is_tictactoe(rules):
        return _("{text} is not a square: type a digit 1-9").format(text=text.strip())
    if current_language() is Language.EN:
        return str(error)
    last = square_name(rules, last_square(rules))
    return _(
        "{text} is not a square on this board: type a letter and a number, A1 to {last}"
    ).format(text=text.strip(), last=last)


def last_square(rules: Rules) -> Move:
    """The square named with the last letter and the highest row number."""
    top = rows_from() is RowOrigin.BOTTOM
    return Move(0 if top else rules.rows - 1, rules.cols - 1)


def example_square(rules: Rules) -> str:
    """The centre square's name, as a prompt's example: "5" on 3x3, "h8" on 15x15."""
    return square_name(rules, Move(rules.rows // 2, rules.cols // 2)).lower()


def pos_string(rules: Rules, moves: tuple[Move, ...] | list[Move]) -> str:
    """Squares as a pos string ("h8i9g7"), rows counted as the setting says."""
    return "".join(name_square(rules, move, rows_from()).lower() for move in moves)


def read_pos(text: str, rules: Rules) -> list[Move]:
    """The squares of a pos string ("h8i9g7", or with spaces or commas between), rows
    counted as the setting says. ValueError naming the first part that is not a square."""
    squares: list[Move] = []
    rest = text.strip().replace(",", " ").replace(";", " ")
    for word in rest.split():
        index = 0
        while index < len(word):
            end = index + 1
            while end < len(word) and word[end].isdigit():
                end += 1
            squares.append(parse_square(word[index:end], rules, rows_from()))
            index = end
    return squares
