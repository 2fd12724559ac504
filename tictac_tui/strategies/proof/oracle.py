"""Game values from proofs: one `Oracle` per board holds a prover for each side.

A position's value for the side to move is a win if that side's prover
proves its win, a loss if the other side's prover proves the other's win,
and a draw when both are disproven. The provers start from the shipped
table of proven positions (`table.py`) and keep what they learn, so a game
reuses the work of its earlier moves. An oracle is shared by every player
of its board; its lock lets one thread prove at a time.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from enum import Enum
from functools import cache

from ...engine import Player, Rules, geometry
from ..base import NO_LIMIT, Limit
from .dfpn import DISPROVEN, PROVEN, Prover, Verdict
from .table import seed_prover


class Value(str, Enum):
    """The game-theoretic value of a position for the side to move."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class Proven:
    """What best play from a position comes to: `winner` wins, or a draw (`winner` None)."""

    winner: Player | None

    @property
    def draw(self) -> bool:
        """True when best play from the position draws."""
        return self.winner is None

    @classmethod
    def of(cls, value: Value, mover: Player) -> Proven:
        """The result `value` means when `mover` is the side to move."""
        if value is Value.DRAW:
            return cls(None)
        return cls(mover if value is Value.WIN else mover.other)


def split_limit(limit: Limit, share: float) -> Limit:
    """A part of `limit`: `share` of its seconds and nodes, the same stop signal."""
    return Limit(
        time=limit.time * share if limit.time is not None else None,
        nodes=max(1, int(limit.nodes * share)) if limit.nodes is not None else None,
        stop=limit.stop,
    )


def until(deadline: float | None, limit: Limit) -> Limit:
    """`limit` cut to end at `deadline` (a `time.perf_counter` reading), if any."""
    if deadline is None:
        return limit
    left = max(deadline - time.perf_counter(), 1e-3)
    return Limit(time=left, nodes=limit.nodes, stop=limit.stop)


class Oracle:
    """The provers of one freestyle board, one per attacker, seeded with the shipped table."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.provers = {side: Prover(rules, side) for side in Player}
        for prover in self.provers.values():
            seed_prover(prover)
        self.lock = threading.RLock()

    def wins(self, side: Player, x: int, o: int, limit: Limit = NO_LIMIT) -> Verdict:
        """Whether `side` forces a win from the position (X stones `x`, O stones `o`)."""
        with self.lock:
            return self.provers[side].prove(x, o, limit).verdict

    def value(self, x: int, o: int, limit: Limit = NO_LIMIT) -> Value | None:
        """The value for the side to move, or None if `limit` runs out first.

        Half the limit goes to the side to move's win, the rest to the other's.
        """
        mover = Player.X if (x | o).bit_count() % 2 == 0 else Player.O
        deadline = time.perf_counter() + limit.time if limit.time is not None else None
        with self.lock:
            first = self.wins(mover, x, o, split_limit(limit, 0.5))
            if first is Verdict.PROVEN:
                return Value.WIN
            second = self.wins(mover.other, x, o, until(deadline, split_limit(limit, 0.5)))
        if second is Verdict.PROVEN:
            return Value.LOSS
        if first is Verdict.DISPROVEN and second is Verdict.DISPROVEN:
            return Value.DRAW
        return None

    def child_numbers(self, side: Player, x: int, o: int) -> dict[int, tuple[int, int]]:
        """For each empty square: `side`'s prover numbers after the side to move plays it.

        A square that completes a line is proven for the mover; squares whose
        position the table lacks are settled by knowledge, or get (1, 1).
        """
        prover = self.provers[side]
        board = prover.board
        wins_at = geometry(self.rules).wins_at
        mover_is_x = (x | o).bit_count() % 2 == 0
        keys = board.keys(x, o)
        colour = 0 if mover_is_x else 1
        empty = board.full & ~(x | o)
        out = {}
        with self.lock:
            for i in range(board.size):
                if not empty >> i & 1:
                    continue
                bit = 1 << i
                cx, co = (x | bit, o) if mover_is_x else (x, o | bit)
                if wins_at(cx if mover_is_x else co, i):
                    out[i] = PROVEN if mover_is_x == (side is Player.X) else DISPROVEN
                    continue
                entry = prover.table.get(min(board.child_keys(keys, colour, i)))
                if entry is None:
                    a, d = (cx, co) if side is Player.X else (co, cx)
                    a_to_move = mover_is_x != (side is Player.X)
                    entry = prover.settle(a, d, a_to_move)[0] or (1, 1)
                out[i] = entry
        return out


def is_proven(entry: tuple[int, int]) -> bool:
    """Whether prover numbers say proven."""
    return entry == PROVEN


def is_disproven(entry: tuple[int, int]) -> bool:
    """Whether prover numbers say disproven."""
    return entry == DISPROVEN


@cache
def oracle_for(rules: Rules) -> Oracle:
    """The shared oracle of a board."""
    return Oracle(rules)
