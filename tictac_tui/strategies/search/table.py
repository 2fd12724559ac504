"""The transposition table: packed entries, its size limit, and one game's memory of it.

The table maps a Zobrist hash to a packed `Entry`: depth, bound (whether the
value is exact, a lower bound or an upper bound), value and best move. A
`GameMemory` keeps one table across the moves of a game, for the player and
for each helper process (parallel.py).
"""

from __future__ import annotations

from itertools import islice

from ...engine import GameState, Rules

Entry = int
"""A table entry: depth, bound, value and best move packed in one int (see `pack`).

An int rather than a tuple: half the memory, and nothing for the garbage
collector to walk (a table of half a million tuples made collections slow)."""
VALUE_OFFSET = 1 << 21
"""Added to a value (|value| <= WIN + 1) so that it packs as a non-negative field."""


def pack(depth: int, bound: int, value: int, move: int) -> Entry:
    """One table entry: value (22 bits), move + 1 (14 bits), depth (6 bits), bound (2 bits)."""
    return ((value + VALUE_OFFSET) << 22) | ((move + 1) << 8) | (depth << 2) | bound


def unpack(entry: Entry) -> tuple[int, int, int, int]:
    """(depth, bound, value, move) of a packed entry (move -1: none)."""
    return (
        (entry >> 2) & 63,
        entry & 3,
        (entry >> 22) - VALUE_OFFSET,
        ((entry >> 8) & 0x3FFF) - 1,
    )


EXACT, LOWER, UPPER = 0, 1, 2
"""An entry's bound: its value is exact, at least, or at most the true value."""
TABLE_LIMIT = 500_000
"""Default most entries of the table (about 120 bytes each); the oldest half goes when full."""


def forget_oldest(table: dict[int, Entry], count: int) -> None:
    """Drop the `count` entries stored first (dicts keep insertion order)."""
    for key in list(islice(table, count)):
        del table[key]


class GameMemory:
    """The transposition table of one game, and the stones it was last used with."""

    def __init__(self) -> None:
        self.table: dict[int, Entry] = {}
        self.rules: Rules | None = None
        self.stones = (0, 0)

    def clear(self) -> None:
        """Forget the table and the game."""
        self.table.clear()
        self.rules = None
        self.stones = (0, 0)

    def table_for(self, state: GameState) -> dict[int, Entry]:
        """The table for `state`: kept if it continues, takes back or branches off the line
        of the last one (by its last move: say, not the reply pondered), else new."""
        if state.rules != self.rules or not self._related(state):
            self.table.clear()
        self.rules = state.rules
        self.stones = state.bitboards
        return self.table

    def _related(self, state: GameState) -> bool:
        """Whether `state` continues the kept position, or the position before its last move
        is on the kept game's line (which takes in `state` itself being on it)."""
        px, po = self.stones
        x, o = state.bitboards
        if x & px == px and o & po == po:
            return True
        bx, bo = (state.previous or state).bitboards
        return bx & px == bx and bo & po == bo
