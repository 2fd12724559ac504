"""`proven`: moves from proofs where one finishes in time, else the search (Hard on 5x6).

On the proven boards the perfect player does not serve (5x6 and 6x5 with
four in a row: the first player wins, `proof.proven_board` but not
`proof.serves`), the first player's moves are always proven (its winning
proof ships in the table), while the second player's positions after a
first-player mistake may take longer than a move to prove. So this player
asks the proofs first with half the move's time (`proof.proven_move`: a
win in one, a proven win kept, or a draw held) and lets the `search`
player play the move when nothing is proven in that time. As the first
player it therefore never lets a won game go.
"""

from __future__ import annotations

import random
import time

from ..engine import GameState, Move, Rules
from .base import NO_LIMIT, Limit, require_playable
from .proof import proven_board, proven_move, serves

PROOF_SHARE = 0.5
"""Share of the move's seconds the proofs may use before the search plays."""

DEFAULT_PROOF_SECONDS = 1.0
"""The proofs' seconds when the limit has none (a node or depth limit, or none at all)."""


class ProvenStrategy:
    """Proven moves where a proof finishes in time, else threat search and alpha-beta."""

    name = "proven"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        from .search import SearchStrategy  # loaded with a player, not with `supports`

        self._search = SearchStrategy(seed=seed)
        self.last_proven = False
        """Whether the last move came from a proof (else from the search)."""

    @staticmethod
    def supports(rules: Rules) -> bool:
        """The proven boards the perfect player does not serve: 5x6 and 6x5, four in a row."""
        return proven_board(rules) and not serves(rules)

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """A proven move if one is found in half the time, else the search's move."""
        require_playable(state)
        if not self.supports(state.rules):
            raise ValueError(
                f"proven plays 5x6 and 6x5 with 4 in a row, not {state.rules.describe()}"
            )
        started = time.perf_counter()
        seconds = limit.time if limit.time is not None else DEFAULT_PROOF_SECONDS
        move = proven_move(state, Limit(time=seconds * PROOF_SHARE, stop=limit.stop), rng=self._rng)
        self.last_proven = move is not None
        if move is not None:
            return move
        if limit.time is not None:
            left = max(limit.time - (time.perf_counter() - started), 0.01)
            limit = Limit(time=left, nodes=limit.nodes, depth=limit.depth, stop=limit.stop)
        return self._search.choose(state, limit)
