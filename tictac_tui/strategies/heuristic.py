"""`heuristic`: the classic blocker (Medium).

On a 3x3 board, exactly the textbook rules: win now if possible; else block
the opponent's immediate win; else take the centre; else a corner; else an
edge. On bigger boards the same idea generalised: win now; block a win in
one; else the square near the stones that best extends its own lines and
cuts the opponent's, scored over every k-window through it. Ties are broken
by a seeded random generator, so play is reproducible for a given seed.

Every rule is respected: moves come from `legal_moves()` (so renju's
forbidden points are never played), and wins are judged by each side's own
test (`Geometry.wins`: renju's exact five for black and five or more for
white, caro's blocked five that does not win).
"""

from __future__ import annotations

import random

from ..engine import GameState, Geometry, Move, Player, Rules
from .base import NO_LIMIT, Limit, require_playable

# Value of a window holding n of one side's stones and none of the other's,
# for making it (attack) and for spoiling it (defence). Grows fast enough that
# one window closer to k outweighs many weaker ones.
ATTACK = (1, 8, 60, 450, 3400, 25000, 190000)
DEFENCE = (1, 6, 45, 350, 2600, 20000, 150000)
NEAR = 2
"""Candidate squares lie within this many steps of a stone."""


class HeuristicStrategy:
    """Win, else block, else the best-placed square (centre, corner, edge on 3x3)."""

    name = "heuristic"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Plays on every board."""
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """The blocker's move for the side to move."""
        require_playable(state)
        geo = state.geometry
        x, o = state.bitboards
        own, opp = (x, o) if state.move_count % 2 == 0 else (o, x)
        legal = sum(1 << geo.index(m) for m in state.legal_moves())
        options = blocker_options(geo, own, opp, state.to_move, legal)
        return geo.moves[options[0] if len(options) == 1 else self._rng.choice(options)]


def blocker_options(
    geo: Geometry, own: int, opp: int, mover: Player, legal: int | None = None
) -> list[int]:
    """The squares the heuristic player chooses among (uniformly): `mover` has `own` stones.

    Win now; else block the opponent's win in one; else, on 3x3, the
    centre, else a corner, else an edge; on bigger boards the best-placed
    squares near the stones (`placement_score`), the centre on an empty
    board. Only squares in `legal` (a bit mask; default: every empty one).
    """
    occupied = own | opp
    allowed = ~occupied if legal is None else legal & ~occupied
    free = [i for i in range(geo.size) if allowed >> i & 1]
    wins_mine, wins_theirs = geo.wins(mover), geo.wins(mover.other)
    wins = [i for i in free if wins_mine(own | 1 << i, opp, i)]
    if wins:
        return wins
    blocks = [i for i in free if wins_theirs(opp | 1 << i, own, i)]
    if blocks:
        return blocks
    if geo.rows == geo.cols == 3:
        if 4 in free:
            return [4]
        return [i for i in free if i in (0, 2, 6, 8)] or free
    centre = geo.index((geo.rows // 2, geo.cols // 2))
    if not occupied and centre in free:
        return [centre]
    candidates = [i for i in free if _near(geo, occupied, geo.moves[i])] or free
    scores = {i: placement_score(geo, own, opp, i) for i in candidates}
    best = max(scores.values())
    return [i for i in candidates if scores[i] == best]


def placement_score(geo: Geometry, own: int, opp: int, index: int) -> int:
    """How well square `index` extends `own` lines and cuts `opp` ones, over its k-windows."""
    score = 0
    for window in geo.windows_through(index):
        mine, theirs = own & window, opp & window
        if not theirs:
            score += ATTACK[min(mine.bit_count(), len(ATTACK) - 1)]
        if not mine:
            score += DEFENCE[min(theirs.bit_count(), len(DEFENCE) - 1)]
    return score


def _near(geo: Geometry, occupied: int, move: Move) -> bool:
    r0, c0 = move
    for r in range(max(0, r0 - NEAR), min(geo.rows, r0 + NEAR + 1)):
        for c in range(max(0, c0 - NEAR), min(geo.cols, c0 + NEAR + 1)):
            if occupied >> (r * geo.cols + c) & 1:
                return True
    return False
