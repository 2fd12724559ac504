"""Why the last move's line of k or more did not win, for a message to the players.

Under exact (and black's under renju, though there it is forbidden and never played)
more than k in a row does not win; under caro exactly five with the opponent's stones
just beyond both ends does not. `unwon_line` tells whether the last move made such a
line. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .rules import Rule
from .state import GameState
from .types import Player


class NoWin(Enum):
    """Why a line of k or more is no win."""

    OVERLINE = "overline"
    """More than k in a row, under exact."""
    BLOCKED = "blocked"
    """Exactly five with the opponent's stones just beyond both ends, under caro."""


@dataclass(frozen=True, slots=True)
class UnwonLine:
    """A line of at least k the last move made that does not win."""

    reason: NoWin
    length: int
    """Stones in the line."""


RULE_REASONS = {Rule.EXACT: NoWin.OVERLINE, Rule.CARO: NoWin.BLOCKED}
"""The rules under which a line of k or more can fail to win, and why it does."""


def unwon_line(state: GameState) -> UnwonLine | None:
    """The line of k or more the last move made that did not win, or None.

    None at the start, after a winning move, and under rules where k or more always
    wins (freestyle; renju, where black's overline is forbidden and white's wins).
    """
    move = state.last_move
    reason = RULE_REASONS.get(state.rules.rule)
    if move is None or reason is None or state.winner is not None:
        return None
    geo = state.geometry
    x, o = state.bitboards
    own = x if state.to_move.other is Player.X else o
    line = geo.winning_line(own, geo.index(move), exact=False)
    return None if line is None else UnwonLine(reason, len(line))
