"""`SearchStrategy`: the decision rule of the `search` player (see the package docstring)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from ...engine import GameState, Move, Rules
from ..base import DEFAULT_SECONDS, NO_LIMIT, Limit, require_playable
from ..perfect import PerfectStrategy
from .alphabeta import MATE_ZONE, AlphaBeta
from .board import Board
from .budget import Budget, OutOfTime
from .evaluation import ordered_moves
from .patterns import FIVE, FLEX4, FOUR, FOUR3, THREE, THREE3
from .threats import ThreatSearch

SEARCH_SHARE = 0.85
"""Share of the time limit the search may use; the rest is a margin for the caller."""
SAFETY_SECONDS = 0.02
"""Also kept back from every time limit, for building the board and returning."""
VCF_DEPTH = 16
"""Most attacker fours in a VCF."""
VCT_DEPTH = 3
"""Most attacker threes in a VCT."""
ROOT_WIDTH = 24
"""Candidates searched at the root when nothing is forced."""
DEFENCE_WIDTH = 40
"""Candidates tried as defences against the opponent's VCF."""
MAX_DEPTH = 30

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class SearchInfo:
    """How the last move was chosen: the rule that decided it, depth, nodes, score, seconds."""

    reason: str
    depth: int = 0
    nodes: int = 0
    score: int = 0
    seconds: float = 0.0


class SearchStrategy:
    """Threat search and alpha-beta within a `Limit` (seconds, nodes, plies, stop signal).

    ``limit.depth`` caps the alpha-beta depth in plies (threat searches are
    not capped); a limit with neither time nor nodes thinks `DEFAULT_SECONDS`.
    """

    name = "search"

    def __init__(self, *, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._perfect = PerfectStrategy(seed=seed)
        self.last_info: SearchInfo | None = None

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Plays on every board."""
        return True

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """The chosen move for the side to move; raises ValueError if the game is over."""
        require_playable(state)
        start = time.perf_counter()
        rules = state.rules
        if PerfectStrategy.supports(rules):
            self.last_info = SearchInfo("perfect")
            return self._perfect.choose(state, limit)
        if rules.k <= 1 or state.move_count == 0:
            self.last_info = SearchInfo("centre")
            return Move(rules.rows // 2, rules.cols // 2)
        board = Board.from_state(state)
        budget = _budget(limit, start)
        max_depth = MAX_DEPTH if limit.depth is None else min(limit.depth, MAX_DEPTH)
        square, info = self._decide(board, budget, max_depth)
        self.last_info = SearchInfo(
            info.reason, info.depth, budget.nodes, info.score, time.perf_counter() - start
        )
        move = board.move(square)
        if not state.is_legal(move):  # never expected; fall back rather than lose on an error
            self.last_info = SearchInfo("fallback")
            return state.legal_moves()[0]
        return move

    def _decide(self, b: Board, budget: Budget, max_depth: int) -> tuple[int, SearchInfo]:
        me = b.side
        opp = 3 - me
        mine, theirs = b.threats[me], b.threats[opp]
        if mine[FIVE]:
            return min(mine[FIVE]), SearchInfo("five")
        if theirs[FIVE]:
            return min(theirs[FIVE]), SearchInfo("block five")
        if mine[FLEX4]:
            return min(mine[FLEX4]), SearchInfo("open four")
        if not b.candidates:
            return b.squares[len(b.squares) // 2], SearchInfo("no candidates")
        line = self._threat(b, budget, 0.15, lambda t: t.vcf(VCF_DEPTH))
        if line:
            return line[0], SearchInfo("vcf", score=len(line))
        vcf = VCF_DEPTH
        opp_line = self._threat(b, budget, 0.12, lambda t: t.vcf(vcf), attacker=opp)
        if opp_line is not None:
            candidates = self._candidates(b, opp_line, threes=False)
            moves = self._refutations(b, budget, 0.35, candidates, lambda t: t.vcf(vcf))
            if len(moves) == 1:
                return moves[0], SearchInfo("only defence")
            if not moves:
                moves = ordered_moves(b, ROOT_WIDTH)
                reason = "lost to vcf"
            else:
                reason = "defend vcf"
        else:
            line = self._threat(b, budget, 0.2, lambda t: t.vct_deepening(VCT_DEPTH)[0])
            if line:
                return line[0], SearchInfo("vct", score=len(line))
            moves = ordered_moves(b, ROOT_WIDTH)
            reason = "alpha-beta"
            found = self._threat(
                b, budget, 0.12, lambda t: t.vct_deepening(VCT_DEPTH), attacker=opp
            )
            opp_line, depth = found if found is not None else (None, 0)
            if opp_line is not None:
                candidates = self._candidates(b, opp_line, threes=True)
                safe = self._refutations(b, budget, 0.3, candidates, lambda t: t.vct(depth))
                if safe:
                    moves = safe
                    reason = "defend vct"
        if len(moves) == 1:
            return moves[0], SearchInfo("only move")
        searcher = AlphaBeta(b, budget)
        move, score, depth = searcher.root(moves, max_depth)
        if score > MATE_ZONE:
            reason += " (win)"
        elif score < -MATE_ZONE:
            reason += " (loss)"
        return move, SearchInfo(reason, depth=depth, score=score)

    @staticmethod
    def _threat(
        b: Board,
        budget: Budget,
        share: float,
        run: Callable[[ThreatSearch], T],
        attacker: int | None = None,
    ) -> T | None:
        """Run a threat search on a sub-budget; None if it finds nothing or runs out."""
        side = b.side
        base = b.count
        sub = budget.sub(share)
        if attacker is not None:
            b.side = attacker
        try:
            return run(ThreatSearch(b, sub))
        except OutOfTime:
            while b.count > base:
                b.unmake()
            return None
        finally:
            b.side = side
            budget.spend(sub)

    @staticmethod
    def _candidates(b: Board, line: list[int], *, threes: bool) -> list[int]:
        """Moves worth trying against the opponent's threat `line`, most promising first."""
        me = b.side
        mine = b.threats[me]
        fours = sorted(mine[FOUR3]) + sorted(mine[FOUR])
        extra = sorted(mine[THREE3]) + sorted(mine[THREE]) if threes else []
        on_line = [sq for sq in line[:8] if b.cells[sq] == 0]
        ranked = ordered_moves(b, DEFENCE_WIDTH)
        return list(dict.fromkeys([*on_line, *ranked, *fours, *extra]))

    @staticmethod
    def _refutations(
        b: Board,
        budget: Budget,
        share: float,
        candidates: list[int],
        run: Callable[[ThreatSearch], object],
    ) -> list[int]:
        """The candidates after which the opponent's threat search (`run`) finds nothing.

        A four of ours is followed by the opponent's forced block before the
        check, so it counts only if the threat is gone after that exchange.
        Stops early, keeping what it has, when its share of the budget is spent.
        """
        me = b.side
        opp = 3 - me
        sub = budget.sub(share)
        search = ThreatSearch(b, sub)
        base = b.count
        out = []
        try:
            for move in candidates:
                b.make(move)
                if len(b.threats[me][FIVE]) == 1:
                    b.make(next(iter(b.threats[me][FIVE])))  # their forced block
                    b.side = opp  # and then: could they win if we did nothing?
                if run(search) is None:
                    out.append(move)
                while b.count > base:
                    b.unmake()
                b.side = me
        except OutOfTime:
            while b.count > base:
                b.unmake()
            b.side = me
        finally:
            budget.spend(sub)
        return out


def _budget(limit: Limit, start: float) -> Budget:
    """The search budget for `limit`, started at `start` (perf_counter).

    Time: `SEARCH_SHARE` of the limit less `SAFETY_SECONDS`. Nodes: exactly
    the limit, with no clock unless a time is given too. Neither: the default
    time.
    """
    seconds = limit.time
    if seconds is None and limit.nodes is None:
        seconds = DEFAULT_SECONDS
    deadline = None
    if seconds is not None:
        deadline = start + max(seconds * SEARCH_SHARE - SAFETY_SECONDS, 0.005)
    return Budget(deadline=deadline, node_limit=limit.nodes, stop=limit.stop)
