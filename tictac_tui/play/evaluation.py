"""An evaluation as a value: `Score`, a number or a forced result, for one side.

The built-in search scores in its own units (`strategies.search`: beyond
``MATE_ZONE`` a forced five); a hosted engine says a number in its units, a
win rate, or ``+Mn`` / ``-Mn`` plies to a forced five. `Score` holds either
kind for the side to move and turns it into the field's words only when asked
(`text`): ``+M7`` / ``-M7`` for a win or loss in 7 moves of the winner (as
Gomoku Calculator writes it), else the number with its sign. `winrate` reads
any score as the side's chance (``WINRATE_SCALE``), which the review compares.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..strategies.search import MATE_ZONE, WIN

WINRATE_SCALE = 600.0
"""Search units per e-fold of the odds in `Score.winrate` (as the brain's INFO WINRATE)."""


@dataclass(frozen=True, slots=True)
class Score:
    """An evaluation for one side: `points` (its units), or `mate` moves to a forced five.

    `mate` counts the winner's moves (``+3``: this side makes five on its third
    move from now; ``-2``: the other side on its second); ``0`` is a game already
    decided, its sign in `points` (``+1`` won, ``-1`` lost). `rate`, when the
    analyst said one, is its win rate (0..1) and wins over the points.
    """

    points: int = 0
    mate: int | None = None
    rate: float | None = None

    @classmethod
    def of_search(cls, score: int) -> Score:
        """A score of the built-in search (see the module docstring)."""
        if abs(score) > MATE_ZONE:
            plies = WIN - abs(score) + 1  # the five comes on this ply from now
            moves = max((plies + 1) // 2 if score > 0 else plies // 2, 1)
            return cls(1 if score > 0 else -1, moves if score > 0 else -moves)
        return cls(score)

    @classmethod
    def of_plies(cls, plies: int) -> Score:
        """A forced result `plies` plies away as engines say it (``+M5``: 5 plies)."""
        moves = max((plies + 1) // 2 if plies > 0 else -plies // 2, 1)
        return cls(1 if plies > 0 else -1, moves if plies > 0 else -moves)

    @classmethod
    def decided(cls, won: bool | None) -> Score:
        """A finished game for this side: won (True), lost (False) or drawn (None)."""
        if won is None:
            return cls(0)
        return cls(1 if won else -1, 0)

    @property
    def forced(self) -> bool:
        """True for a forced (or already decided) win or loss."""
        return self.mate is not None

    @property
    def losing(self) -> bool:
        """True for a forced (or already decided) loss."""
        return self.mate is not None and self.points < 0

    @property
    def winning(self) -> bool:
        """True for a forced win not yet on the board (a square to mark)."""
        return self.mate is not None and self.mate > 0

    def flipped(self) -> Score:
        """The same evaluation for the other side."""
        rate = None if self.rate is None else 1.0 - self.rate
        mate = None if self.mate is None else -self.mate
        return Score(-self.points, mate, rate)

    def winrate(self, scale: float = WINRATE_SCALE) -> float:
        """This side's chance, 0..1 (forced results: 1 or 0; points per e-fold: `scale`)."""
        if self.mate is not None:
            return 1.0 if self.points > 0 else 0.0 if self.points < 0 else 0.5
        if self.rate is not None:
            return min(max(self.rate, 0.0), 1.0)
        return 1.0 / (1.0 + math.exp(-self.points / scale))

    def text(self) -> str:
        """``+M7``, ``-M3``, ``+M0`` (won), ``+145``, ``0``, or ``62%`` for a bare win rate."""
        if self.mate is not None:
            sign = "+" if self.points > 0 else "-"
            return f"{sign}M{abs(self.mate)}"
        if self.rate is not None and not self.points:
            return f"{round(self.rate * 100)}%"
        return f"{self.points:+d}" if self.points else "0"
