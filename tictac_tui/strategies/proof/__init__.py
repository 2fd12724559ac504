"""Proofs of m,n,k games: who wins with best play, shown by search and knowledge.

The method is the one the literature on solving k-in-a-row games uses
(Allis 1994 on gomoku; Uiterwijk 2019 on 4 in a row; Hsu et al. 2020 on
7x7 k5), in pure Python:

- `dfpn.py`: depth-first proof-number search of "does this side force a
  win?", positions keyed up to symmetry;
- `threats.py`: wins by continuous fours settle attacker nodes at once;
- `pairing.py`: a pairing strategy for the defender settles a draw at once;
- `table.py`: the shipped table of proven positions (the top of each
  served board's proof tree), written by `build_table.py`;
- `oracle.py`: a position's value from both sides' proofs;
- `play.py`: the perfect player's moves on the boards the table serves.

Public: `serves`, `proven_board`, `known_result` (a `Proven`), `proven_move`,
`choose_by_proof`, `Value`, `oracle_for`.
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING, Protocol

from ...engine import GameState, Move, Player, Rule, Rules
from ...lazy import Exports
from ..base import Limit
from .boards import BOARDS

if TYPE_CHECKING:
    from .oracle import Proven, Value, oracle_for
    from .play import choose_by_proof

__all__ = [
    "STATUS_LIMIT",
    "Proven",
    "Value",
    "choose_by_proof",
    "known_result",
    "oracle_for",
    "proven_board",
    "proven_move",
    "serves",
]

STATUS_LIMIT = Limit(time=0.05)
"""How long `known_result` may prove by default."""

LOCK_POLL = 0.05
"""Seconds between two looks at the stop signal while `known_result` waits."""


@cache
def proven_board(rules: Rules) -> bool:
    """Whether the shipped table holds both sides' proofs of this board."""
    if rules.rule is not Rule.FREESTYLE or (rules.rows, rules.cols, rules.k) not in BOARDS:
        return False  # without loading the proofs or reading the table (tens of milliseconds)
    from .table import Section, shipped_table

    sections = shipped_table()
    return all(Section(rules.rows, rules.cols, rules.k, side) in sections for side in Player)


@cache
def serves(rules: Rules) -> bool:
    """Whether `choose_by_proof` always plays from proofs here: a proven board that is a draw.

    On a drawn board the table holds a holding strategy for each side
    against every reply, so every position the player meets is settled at
    once (or by a win proof it has just made). On a board the first player
    wins (5x6), the second player's positions after a first-player mistake
    may take longer than a move to prove: not served.
    """
    if not proven_board(rules):
        return False
    from .oracle import oracle_for
    from .table import Section, shipped_table

    root = min(oracle_for(rules).provers[Player.X].board.keys(0, 0))
    sections = shipped_table()
    return not any(
        sections[Section(rules.rows, rules.cols, rules.k, side)].get(root, True) for side in Player
    )


def proven_move(state: GameState, limit: Limit, *, rng: random.Random) -> Move | None:
    """A move backed by a proof on a proven board (a win kept, or a draw held), else None.

    For players that play the rest themselves: on 5x6 the first player's
    moves are always proven; the second player's often are not.
    """
    if state.is_over or not proven_board(state.rules):
        return None
    from .play import PROVEN_REASONS, choose_by_proof

    move, reason = choose_by_proof(state, limit, rng=rng)
    return move if reason in PROVEN_REASONS else None


class _Lock(Protocol):
    def acquire(self, blocking: bool = ..., timeout: float = ...) -> bool: ...


def _acquire(lock: _Lock, waiting: Limit | None) -> bool:
    """Take `lock`: at once or not at all without `waiting`, else until its stop signal."""
    if waiting is None:
        return lock.acquire(blocking=False)
    while not lock.acquire(timeout=LOCK_POLL):
        if waiting.stop is not None and waiting.stop.is_set():
            return False
    return True


def known_result(
    state: GameState, limit: Limit = STATUS_LIMIT, *, wait: bool = False
) -> Proven | None:
    """What is proven about `state` with best play from here (who wins, or a draw); else None.

    Known on the boards the proofs serve (within `limit`, or at once from the table)
    and on those the plain solver finishes (`solver.solvable`, about a second
    at most, once per board). None when the game is over or nothing is
    proven within the limit. While a player is proving on the same board it
    answers None at once, or with `wait` waits for that player to finish
    (until `limit.stop` is set; the proof's own time starts after the wait).
    """
    from ..solver import game_value, solvable  # the plain solver: small boards, any rule
    from .oracle import Proven, Value, oracle_for

    if state.is_over:
        return None
    rules = state.rules
    if proven_board(rules):
        oracle = oracle_for(rules)
        if not _acquire(oracle.lock, limit if wait else None):
            return None
        try:
            value = oracle.value(*state.bitboards, limit)
        finally:
            oracle.lock.release()
    elif solvable(rules):
        score = game_value(state)
        value = Value.WIN if score > 0 else Value.LOSS if score < 0 else Value.DRAW
    else:
        return None
    return None if value is None else Proven.of(value, state.to_move)


__getattr__ = Exports(
    __name__,
    {".oracle": ("Proven", "Value", "oracle_for"), ".play": ("choose_by_proof",)},
)
