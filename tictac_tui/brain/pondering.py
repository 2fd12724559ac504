"""Pondering: thinking on the opponent's time, where the manager allows it.

Off unless the manager sends ``INFO pondering 1`` (Yixin-Board's key) or the
brain starts with ``--ponder``: Gomocup's tournaments forbid it. When it is
on, after each move it plays the brain takes the reply its principal
variation expects (`expected`) and, while no line comes, searches the
position after that reply as it would on its next turn: the same player (so
what it learns stays in the player's table), the same budget, from the
moment it starts (`job`). Its answer is thrown away, nothing is written,
and the match clock is not charged (the manager's clock runs on the
opponent's time).

Any manager line stops it at once (`Ponder.goes_on`), except ``INFO`` lines
(managers send ``INFO time_left`` before each move) and the expected
``TURN`` itself. On that hit the search runs to its own end, and the turn's
search then starts on a table that already holds it, so it goes deeper. The
pondering search started before the ``TURN`` came and ends within its own
budget, so the turn's answer still comes within the turn's deadline. On a
miss the table is kept too (it branches off at the last move,
`search.table.GameMemory`).
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import GameState, Move
from ..strategies import StopSignal
from .protocol import format_move
from .reply import Emit, Job
from .thinking import Line, Request, think

if TYPE_CHECKING:
    from .conversation import Brain

GOES_ON = frozenset({"INFO"})
"""Manager commands that don't stop pondering (besides the expected ``TURN``)."""


@dataclass(frozen=True, slots=True)
class Ponder:
    """What to ponder: the position after the opponent's expected `reply` (ours to move)."""

    state: GameState
    reply: Move

    def goes_on(self, text: str) -> bool:
        """Whether pondering goes on after the manager line `text` (read as it came)."""
        word, _, argument = text.strip().partition(" ")
        word = word.upper()
        if word in GOES_ON:
            return True
        return word == "TURN" and "".join(argument.split()) == format_move(self.reply)


def expected(after: GameState, line: Line) -> Ponder | None:
    """What to ponder once the move of `line` is played (`after`): the reply its principal
    variation expects, if it has one that leaves a game to play on."""
    if len(line.pv) < 2 or after.is_over:
        return None
    reply = line.pv[1]
    if not after.is_legal(reply):
        return None
    state = after.play(reply)
    return None if state.is_over else Ponder(state, reply)


def job(brain: Brain, ponder: Ponder) -> Job:
    """The pondering search (its answer thrown away). Only a player that analyses gives a
    line with a reply (`expected`), so only such a player ponders."""
    settings = brain.settings
    player = brain.seat.player_for(ponder.state, settings)

    def run(stop: StopSignal, emit: Emit) -> list[str]:
        request = Request(
            ponder.state,
            brain.clock.budget(ponder.state.move_count),
            time.perf_counter(),
            nodes=settings.max_node,
            depth=settings.max_depth,
        )
        with contextlib.suppress(ValueError):  # nothing to play: nothing to ponder
            think(player, request, stop)
        return []

    return Job(f"ponder {format_move(ponder.reply)}", run)
