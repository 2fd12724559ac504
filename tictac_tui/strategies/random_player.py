"""`random`: a uniformly random legal move (Easy); never a point renju forbids."""

from __future__ import annotations

import random

from ..engine import GameState, Move, Rules
from .base import NO_LIMIT, Limit, require_playable


class RandomStrategy:
    """Plays uniformly among the legal moves; reproducible with `seed`."""

    name = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Plays on every board."""
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """A uniformly random move among `legal_moves()` (empty, and not forbidden)."""
        require_playable(state)
        return self._rng.choice(state.legal_moves())
