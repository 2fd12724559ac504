"""Squares as the game screen names and reads them, through `tictac_tui.squares`
(a digit on 3x3, a name like "h8" elsewhere, rows counted as the setting says)."""

from __future__ import annotations

from .. import squares
from ..engine import Move
from ..play.match import Match


def square_name(match: Match, move: Move) -> str:
    """A square as the board shows it: its digit on 3x3, else its name ("H8")."""
    return squares.square_name(match.rules, move)


def example_square(match: Match) -> str:
    """The centre square's name, as the prompt's example: "5" on 3x3, "h8" on 15x15."""
    return squares.example_square(match.rules)


def typed_square(text: str, match: Match) -> Move:
    """The square `text` names: a digit 1-9 on 3x3, else a name like h8. ValueError if none."""
    return squares.read_square(text, match.rules)


def square_problem(text: str, match: Match, error: ValueError) -> str:
    """Why `text` names no square: the engine's words in English, else the translated rule."""
    return squares.square_problem(text, match.rules, error)
