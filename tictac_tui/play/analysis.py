"""The analyst's view of a position, as both front ends show it.

`analyse` asks the strongest player at hand (the `search` player, which
hands small boards to the perfect player) for its best line within
`ANALYSIS_LIMIT`; `score_text` writes an evaluation in the field's
conventions: ``+M7`` / ``-M7`` for a win or loss found in 7 moves of the
winner (as Gomoku Calculator writes it), else the search's score for the
side to move with its sign (``+145``, ``0``, ``-30``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameState, Move
from ..strategies import Limit
from ..strategies.search import MATE_ZONE, WIN, SearchStrategy
from ..strategies.search.analysis import Reason

ANALYSIS_LIMIT = Limit(time=1.0)
"""How long one analysis thinks."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the analyst found: the score for the side to move, how deep, how much, the line."""

    score: int
    depth: int
    nodes: int
    seconds: float
    line: tuple[Move, ...]
    solved: bool
    """The score is the position's exact value (the perfect player's, on small boards)."""


def analyse(state: GameState, limit: Limit = ANALYSIS_LIMIT, *, seed: int | None = 0) -> Verdict:
    """The best line for the side to move in `state` (which must not be over)."""
    best = SearchStrategy(seed=seed).analyse(state, limit)[0]
    line = best.pv if best.pv else (best.move,)
    solved = best.reason is Reason.PERFECT
    return Verdict(best.score, best.depth, best.nodes, best.seconds, tuple(line), solved)


def score_text(score: int) -> str:
    """`score` (for the side to move) as ``+M7``, ``-M3``, ``+145`` or ``0``."""
    if abs(score) > MATE_ZONE:
        plies = WIN - abs(score) + 1  # the five comes on this ply from now
        moves = (plies + 1) // 2 if score > 0 else plies // 2
        return f"{'+' if score > 0 else '-'}M{max(moves, 1)}"
    return f"{score:+d}" if score else "0"
