"""What a search found: `Analysis`, one line of play with its score, depth and cost.

Scores are for the side to move, in search units (see `evaluation`);
beyond ``+-MATE_ZONE`` they are forced results: ``WIN - n`` is a win whose
five comes on the ``n + 1``-th ply from now (``WIN``: a five to make now),
``-(WIN - n)`` a loss to a five on the ``n + 1``-th ply.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine import Move

WIN = 1_000_000
"""The score of a five on the board for the side that made it (less plies to it)."""
MATE_ZONE = WIN - 1000
"""Scores beyond +-MATE_ZONE are forced wins or losses."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """One line of the search: its first move, score, principal variation and cost.

    `depth` is the deepest finished alpha-beta iteration (0 when a rule or a
    threat search decided); `nodes` and `seconds` are those of the whole
    analysis so far; `reason` names the decision rule ("five", "vcf",
    "alpha-beta", ...; see the package docstring).
    """

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: tuple[Move, ...]
    reason: str

    @property
    def is_win(self) -> bool:
        """True when the score is a forced win for the side to move."""
        return self.score > MATE_ZONE

    @property
    def is_loss(self) -> bool:
        """True when the score is a forced loss for the side to move."""
        return self.score < -MATE_ZONE

    @property
    def mate_in(self) -> int | None:
        """Plies until the forced five (positive: ours, negative: theirs); None if not forced."""
        if self.score > MATE_ZONE:
            return WIN - self.score + 1
        if self.score < -MATE_ZONE:
            return -(WIN + self.score + 1)
        return None


Progress = Callable[[Analysis], bool | None]
"""Called from the searching thread with the best line so far.

It may return True when the caller has seen enough: the search then stops
deepening and ends with its checks of the line found (see `SearchStrategy.analyse`)."""
