"""The ladder: four levels between Medium (`heuristic`) and Hard (`search` in its time).

Each level is the `search` player limited by nodes (never by time, so a
level keeps its strength on a slow machine) and, for the lower ones, by
depth, choosing at random (from a generator seeded per game) among the
moves alpha-beta scores within `Rung.margin` of its best, as Gomoku
Calculator's handicap does. The randomness only ever applies to a move
alpha-beta chose: a five to make, a five to block (the opponent's four),
an open four, a win by fours or threes, or a defence against one is played
as the search decides, so a level never misses a five or ignores a four.

A caller's `Limit` still bounds a level: its seconds (a clock), nodes and
plies are each the smaller of the caller's and the rung's, and its stop
signal is honoured.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import GameState, Move, Rules
from .base import NO_LIMIT, Limit, require_playable
from .perfect import PerfectStrategy
from .proven import ProvenStrategy
from .search import MATE_ZONE, Reason, SearchStrategy


@dataclass(frozen=True, slots=True)
class Rung:
    """One level: its node budget, depth cap, and how widely it picks among good moves."""

    nodes: int
    depth: int | None
    choices: int
    """Moves alpha-beta scores (its best lines); 1: always the best."""
    margin: int
    """A move within this many search units of the best may be picked (with `choices` > 1)."""


CASUAL = Rung(nodes=300, depth=2, choices=4, margin=400)
CLUB = Rung(nodes=1000, depth=4, choices=3, margin=150)
STRONG = Rung(nodes=3000, depth=None, choices=3, margin=80)
EXPERT = Rung(nodes=12000, depth=None, choices=1, margin=0)

RANDOM_REASONS = frozenset({Reason.ALPHA_BETA, Reason.ALTERNATIVE})
"""The rules whose lines a level may pick among: alpha-beta's own, nothing forced."""


class LadderStrategy:
    """A ladder level: `search` on a node budget, picking among its good moves (subclasses)."""

    name = "ladder"
    rung = EXPERT

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._search = SearchStrategy(seed=seed)

    @staticmethod
    def supports(rules: Rules) -> bool:
        """The boards where Hard is the search: those `perfect` and `proven` don't play."""
        return not PerfectStrategy.supports(rules) and not ProvenStrategy.supports(rules)

    def limit(self, limit: Limit) -> Limit:
        """The search's limit: the rung's nodes and depth, within the caller's `limit`."""
        rung = self.rung
        nodes = rung.nodes if limit.nodes is None else min(rung.nodes, limit.nodes)
        depth = rung.depth
        if limit.depth is not None:
            depth = limit.depth if depth is None else min(depth, limit.depth)
        return Limit(time=limit.time, nodes=nodes, depth=depth, stop=limit.stop)

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """The level's move for the side to move; ValueError if the game is over."""
        require_playable(state)
        lines = self._search.analyse(state, self.limit(limit), multipv=self.rung.choices)
        best = lines[0]
        if best.reason.rule not in RANDOM_REASONS or len(lines) == 1:
            return best.move
        good = [
            line.move
            for line in lines
            if line.reason.rule in RANDOM_REASONS
            and -MATE_ZONE <= line.score <= MATE_ZONE
            and line.score >= best.score - self.rung.margin
        ]
        if best.score > MATE_ZONE or not good:
            return best.move
        return self._rng.choice(good)


class CasualStrategy(LadderStrategy):
    """The first level above Medium: a shallow search, picking freely among its good moves."""

    name = "casual"
    rung = CASUAL


class ClubStrategy(LadderStrategy):
    """The second level: a deeper search, picking among its few best moves."""

    name = "club"
    rung = CLUB


class StrongStrategy(LadderStrategy):
    """The third level: a fuller search, now and then its second-best move."""

    name = "strong"
    rung = STRONG


class ExpertStrategy(LadderStrategy):
    """The fourth level: the full search on a fixed node budget, always its best move."""

    name = "expert"
    rung = EXPERT


LADDER: tuple[type[LadderStrategy], ...] = (
    CasualStrategy,
    ClubStrategy,
    StrongStrategy,
    ExpertStrategy,
)
"""The levels, weakest first."""
