"""Small value types of the engine: players, moves and illegal-move errors."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


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


class IllegalMove(ValueError):
    """A move the position does not allow; the message names the square and why."""

    def __init__(self, move: Move, reason: str) -> None:
        super().__init__(reason)
        self.move = move
        self.reason = reason
