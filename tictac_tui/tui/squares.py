"""Squares as the game screen names and reads them: a digit on 3x3, a name ("h8") on
other boards."""

from __future__ import annotations

from ..engine import Move, parse_move, square_label
from ..i18n import Language, _, current_language
from ..play.match import Match


def square_name(match: Match, move: Move) -> str:
    """A square as the board shows it: its digit on 3x3, else its name ("H8")."""
    if (match.rules.rows, match.rules.cols) == (3, 3):
        return str(move.row * 3 + move.col + 1)
    return square_label(move)


def example_square(match: Match) -> str:
    """The centre square's name, as the prompt's example: "5" on 3x3, "h8" on 15x15."""
    rules = match.rules
    return square_name(match, Move(rules.rows // 2, rules.cols // 2)).lower()


def typed_square(text: str, match: Match) -> Move:
    """The square `text` names: a digit 1-9 on 3x3, else a name like h8. ValueError if none."""
    digit = text.strip()
    if (match.rules.rows, match.rules.cols) == (3, 3) and len(digit) == 1 and digit in "123456789":
        return Move(*divmod(int(digit) - 1, 3))
    return parse_move(text, match.rules)


def square_problem(text: str, match: Match, error: ValueError) -> str:
    """Why `text` names no square: the engine's words in English, else the translated rule."""
    if (match.rules.rows, match.rules.cols) == (3, 3):
        return _("{text} is not a square: type a digit 1-9").format(text=text.strip())
    if current_language() is Language.EN:
        return str(error)
    last = square_label(Move(match.rules.rows - 1, match.rules.cols - 1))
    return _(
        "{text} is not a square on this board: type a letter and a number, A1 to {last}"
    ).format(text=text.strip(), last=last)
