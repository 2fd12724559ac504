"""Moves from proofs: win where a win is proven, hold where the position holds.

For the side to move, in this order:

1. a win in one: take it;
2. its own win, proven within half the limit: a move after which the win
   stays proven;
3. otherwise a move after which the opponent's win is disproven (the
   opponent's proof at this position, within the rest of the limit, finds
   one; the shipped table answers at once near the start);
4. none known (a lost position, or the limit ran out): the move whose
   position is hardest for the opponent's prover (the largest proof
   number: a proven loss last).

Ties go to the square that best extends our lines and cuts the opponent's
(`heuristic.placement_score`), then to the seeded random generator. A
limit with neither seconds nor nodes gets `base.DEFAULT_SECONDS`.
"""

from __future__ import annotations

import random
import time
from enum import Enum
from functools import cached_property

from ...engine import GameState, Move, Player
from ..base import DEFAULT_SECONDS, NO_LIMIT, Limit, require_playable
from ..heuristic import placement_score
from .dfpn import Verdict
from .oracle import is_disproven, is_proven, oracle_for, split_limit, until


class Reason(str, Enum):
    """Why `choose_by_proof` chose its move."""

    WIN_NOW = "a win in one"
    PROVEN_WIN = "keeps a proven win"
    HOLDS = "the opponent's win is disproven after it"
    PROVEN_LOSS = "the position is lost: the hardest move for the opponent"
    UNPROVEN = "nothing proven within the limit: the hardest move for the opponent"


PROVEN_REASONS = frozenset({Reason.WIN_NOW, Reason.PROVEN_WIN, Reason.HOLDS})
"""The reasons that mean the move keeps the position's proven value."""

PROOF_SHARE = 0.85
"""Share of the limit's seconds the proofs may use; the rest is margin for choosing."""


def choose_by_proof(
    state: GameState, limit: Limit = NO_LIMIT, *, rng: random.Random
) -> tuple[Move, Reason]:
    """A move for the side to move in `state`, and why (see the module docstring)."""
    require_playable(state)
    if limit.time is None and limit.nodes is None:
        limit = Limit(time=DEFAULT_SECONDS, stop=limit.stop)
    if limit.time is not None:
        limit = Limit(time=limit.time * PROOF_SHARE, nodes=limit.nodes, stop=limit.stop)
    return _Chooser(state, limit, rng).choose()


class _Chooser:
    """One move's choice: the position, the oracle, the budget and the tie-breaks."""

    def __init__(self, state: GameState, limit: Limit, rng: random.Random) -> None:
        self.geo = geo = state.geometry
        self.x, self.o = state.bitboards
        self.mover = state.to_move
        own, opp = (self.x, self.o) if self.mover is Player.X else (self.o, self.x)
        self.own, self.opp = own, opp
        self.free = [geo.index(m) for m in state.legal_moves()]
        self.oracle = oracle_for(state.rules)
        self.limit = limit
        self.deadline = time.perf_counter() + limit.time if limit.time is not None else None
        self.rng = rng

    @cached_property
    def scores(self) -> dict[int, int]:
        """Each free square's `placement_score` (the first tie-break), worked out when needed."""
        return {i: placement_score(self.geo, self.own, self.opp, i) for i in self.free}

    def choose(self) -> tuple[Move, Reason]:
        # The wins in one, from the proof board's windows (a freestyle board): the first square.
        wins = self.oracle.provers[self.mover].board.threats(self.own, self.opp)
        if wins:
            return self.geo.moves[(wins & -wins).bit_length() - 1], Reason.WIN_NOW
        winning = self._winning_square()
        if winning is not None:
            return self.geo.moves[winning], Reason.PROVEN_WIN
        return self._holding_move()

    def _best(self, squares: list[int]) -> Move:
        top = max(self.scores[i] for i in squares)
        return self.geo.moves[self.rng.choice(sorted(i for i in squares if self.scores[i] == top))]

    def _budget(self) -> Limit:
        """Half the limit's nodes; the seconds left before the deadline."""
        return until(self.deadline, split_limit(self.limit, 0.5))

    def _winning_square(self) -> int | None:
        """A square keeping the mover's proven win, if its win is proven."""
        oracle, mover, x, o = self.oracle, self.mover, self.x, self.o
        if oracle.wins(mover, x, o, split_limit(self.limit, 0.5)) is not Verdict.PROVEN:
            return None
        ours = oracle.child_numbers(mover, x, o)
        keeping = [i for i, numbers in ours.items() if is_proven(numbers)]
        if keeping:
            return self.geo.index(self._best(keeping))
        # Proven by knowledge (fours): the child proofs are short; find one.
        for i in sorted(self.free, key=lambda i: -self.scores[i]):
            bit = 1 << i
            child = (x | bit, o) if mover is Player.X else (x, o | bit)
            if oracle.wins(mover, *child, self._budget()) is Verdict.PROVEN:
                return i
        return None

    def _holding_move(self) -> tuple[Move, Reason]:
        """A move after which the opponent's win is disproven; else the hardest one for it."""
        oracle, other = self.oracle, self.mover.other
        lost = oracle.wins(other, self.x, self.o, self._budget())
        theirs = oracle.child_numbers(other, self.x, self.o)
        holding = [i for i, numbers in theirs.items() if is_disproven(numbers)]
        if holding:
            return self._best(holding), Reason.HOLDS
        hardest = max(numbers[0] for numbers in theirs.values())
        reason = Reason.PROVEN_LOSS if lost is Verdict.PROVEN else Reason.UNPROVEN
        return self._best([i for i, n in theirs.items() if n[0] == hardest]), reason
