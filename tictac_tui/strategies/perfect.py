"""`perfect`: exact game-theoretic play where it answers within a move (Hard there).

Two sources of exact values:

- small boards (`solver.solvable`): `solver.py`, negamax with alpha-beta, a
  bounds-aware transposition table and the board's symmetries; a win that
  leaves e empty squares scores e + 1, so the player wins as fast as
  possible and loses as slowly as possible; choices as below;
- the drawn boards whose proofs ship in the table of proven positions
  (`proof.serves`: 4x5, 4x6 and 5x5 with four in a row, either way round):
  `proof/play.py`, moves that keep a proven win, else moves after which the
  opponent's win is disproven; the table holds each side's holding moves
  against every reply, and a win after an opponent's mistake proves in
  milliseconds.

Choosing a move on solver boards: every move of the best value is optimal.
Among them it prefers the one that wins most often against the game's own
fallible players (`traps.py`: each turn half Easy's random move, half
Medium's choice), looking to the end of the game with at most 9 empty
squares (all of 3x3: it beats the classic blocker as X every time), one
turn with at most 12, none before; then the one with the largest share of
losing replies; remaining ties go to the seeded random generator.
``tiebreak="random"`` picks uniformly among all optimal moves instead (the
baseline the tests compare against).

Limits: every board of at most 16 squares, any k, exact or not; any board
with k <= 2; k = 3 on boards up to 36 squares with both sides at least 3
(`solver.solvable`); and the proof boards. Solving 4x4 with k=4, the
hardest of the first, takes a fraction of a second; figures in
docs/benchmarks.md.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine import GameState, Move, Rules
from .base import NO_LIMIT, Limit, require_playable
from .proof import serves
from .solver import game_value, sides, solvable, solver_for, unsolvable_message
from .traps import blunder_share, optimal_squares, trap_chance

if TYPE_CHECKING:
    from .proof.play import Reason

TIEBREAKS = ("traps", "random")

__all__ = ["PerfectStrategy", "game_value", "trap_depth"]


class PerfectStrategy:
    """Never loses a position that can be held; wins fastest, loses slowest."""

    name = "perfect"

    def __init__(self, *, seed: int | None = None, tiebreak: str = "traps") -> None:
        if tiebreak not in TIEBREAKS:
            raise ValueError(f"tiebreak must be one of {', '.join(TIEBREAKS)}, got {tiebreak!r}")
        self._rng = random.Random(seed)
        self._tiebreak = tiebreak
        self._choices: dict[tuple[Rules, int, int], tuple[Move, ...]] = {}
        self.last_reason: Reason | None = None
        """Why the last move on a proof board was chosen (None on solver boards)."""

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Boards answered within a move: the solver's (`solver.solvable`) and the proofs'."""
        return solvable(rules) or serves(rules)

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """An optimal move, preferring ones that set the opponent the most traps."""
        if not solvable(state.rules):
            self._check(state)
            from .proof.play import choose_by_proof  # the proofs, loaded where they play

            move, self.last_reason = choose_by_proof(state, limit, rng=self._rng)
            return move
        x, o = state.bitboards
        key = (state.rules, x, o)
        options = self._choices.get(key)
        if options is None:
            options = self.best_moves(state)
            self._choices[key] = options
        return self._rng.choice(options)

    def move_values(self, state: GameState) -> dict[Move, int]:
        """The exact score of each legal move for the side to move (solver boards only)."""
        self._check_solvable(state)
        return {move: -game_value(state.play(move)) for move in state.legal_moves()}

    def best_moves(self, state: GameState) -> tuple[Move, ...]:
        """The moves `choose` picks among on solver boards: optimal, then the best traps."""
        self._check_solvable(state)
        solver = solver_for(state.rules)
        geo = state.geometry
        node = solver.node(*sides(state))
        target = solver.node_value(node)
        ends_game = dict(optimal_squares(solver, node, target))
        optimal = list(ends_game)
        depth = trap_depth(state)
        if self._tiebreak == "traps" and len(optimal) > 1 and depth:
            odds = {}
            for i in optimal:
                if ends_game[i]:
                    odds[i] = (1.0, 1.0)  # an optimal move that ends the game: a win
                else:
                    child = solver.child(node, i)
                    odds[i] = (
                        trap_chance(solver, child, target, depth),
                        blunder_share(solver, child, target),
                    )
            top = max(odds.values())
            optimal = [i for i in optimal if odds[i] == top]
        chosen = {min(solver.child(node, i).keys) for i in optimal}
        return tuple(
            move
            for move in state.legal_moves()
            if min(solver.child(node, geo.index(move)).keys) in chosen
        )

    def _check(self, state: GameState) -> None:
        require_playable(state)
        if not self.supports(state.rules):
            raise ValueError(refusal(state.rules))

    def _check_solvable(self, state: GameState) -> None:
        self._check(state)
        if not solvable(state.rules):
            raise ValueError(
                f"exact scores need the plain solver: {unsolvable_message(state.rules)}"
            )


def refusal(rules: Rules) -> str:
    """Why the perfect player can't play `rules`."""
    return (
        f"{unsolvable_message(rules)}; and by proofs 4x5, 4x6 and 5x5 "
        "with 4 in a row (either way round)"
    )


def trap_depth(state: GameState) -> int:
    """How many opponent turns ahead the trap count looks; 0: no trap count at all.

    To the end of the game with at most 9 empty squares (all of 3x3), one
    turn with at most 12; none earlier, where a 4x4 opening has no traps
    worth a second of thought.
    """
    empties = state.rules.squares - state.move_count
    return (empties + 1) // 2 if empties <= 9 else 1 if empties <= 12 else 0
