"""Small value types of the engine: players, moves and illegal-move errors."""

from __future__ import annotations

from enum import Enum
from operator import index as _index
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .renju import Foul


class Player(Enum):
    """A side. X moves first (black in gomoku), O second."""

    X = "X"
    O = "O"  # noqa: E741

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.O if self is Player.X else Player.X

    def __str__(self) -> str:
        return self.value


class Move(NamedTuple):
    """A square: 0-based `row` (0 at the top) and `col` (0 at the left)."""

    row: int
    col: int


def as_move(value: object, name: str = "move") -> Move:
    """`value` as a `Move`: a Move, or a (row, col) tuple or list of two whole numbers.

    Anything else (text like "b2", floats, booleans, None, the wrong length)
    raises TypeError naming `name` and what was expected. Integer-like values
    (anything with ``__index__`` except bool) are converted to int. The square
    is not range-checked.
    """
    if type(value) is Move and type(value[0]) is int and type(value[1]) is int:
        return value
    if isinstance(value, str):
        raise TypeError(
            f"{name} must be a (row, col) pair of whole numbers, got the text {value!r}: "
            f"use parse_move({value!r}) to read a square's name"
        )
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{name} must be a (row, col) pair of whole numbers, got {value!r}")
    return Move(_coordinate(value, 0, name), _coordinate(value, 1, name))


def _coordinate(pair: tuple[object, ...] | list[object], which: int, name: str) -> int:
    value = pair[which]
    if type(value) is int:
        return value
    label = ("row", "col")[which]
    shown = tuple(pair)
    if isinstance(value, bool):
        raise TypeError(
            f"{name} must be a (row, col) pair of whole numbers, got {shown!r}: "
            f"{label} is a bool ({value!r}), not a number"
        )
    try:
        return _index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"{name} must be a (row, col) pair of whole numbers, got {shown!r}: "
            f"{label} is a {type(value).__name__} ({value!r})"
        ) from None


class IllegalMove(ValueError):
    """A move the position does not allow; the message names the square and why."""

    def __init__(self, move: Move, reason: str) -> None:
        super().__init__(reason)
        self.move = move
        self.reason = reason


class ForbiddenMove(IllegalMove):
    """A point renju forbids black to play; `foul` says why.

    `foul` is a `Foul` ("double three", "double four" or "overline"); the
    message names the square and the rule: "H8 is forbidden for black: double three".
    """

    def __init__(self, move: Move, reason: str, foul: Foul) -> None:
        super().__init__(move, reason)
        self.foul = foul
