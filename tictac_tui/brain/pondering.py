"""Pondering: thinking on the opponent's time, where the manager allows it.

Off unless the manager sends ``INFO pondering 1`` (Yixin-Board's key) or the
brain starts with ``--ponder``: Gomocup's tournaments forbid it. When it is
on, after each move it plays the brain takes the reply its principal
variation expects (`expected`) and, while no line comes, searches the
position after that reply as it would on its next turn: the same player (so
what it learns stays in the player's table), the same budget, from the
moment it starts (`Pondering`). It writes nothing, and the match clock is
not charged (the manager's clock runs on the opponent's time).

Any manager line stops it at once (`Ponder.goes_on`), except ``INFO`` lines
(managers send ``INFO time_left`` before each move) and the expected
``TURN`` itself. The pondering search's clock stands still until that
``TURN`` comes (`strategies.Overtime`, for at most `HOLD_TURNS` of the
turn's hard budget), so it thinks on as long as the opponent does; on the
hit the clock runs again, each of its deadlines where it would be had it
started when the ``TURN`` came, and its lines (`Pondered`) answer that
``TURN`` without a second search. So the turn gets its whole budget from
the ``TURN``, plus the opponent's thinking time. On a miss the table is
kept (it branches off at the last move, `search.table.GameMemory`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import GameState, Move
from ..strategies import Overtime, StopSignal
from .protocol import format_move
from .reply import Emit, Job
from .thinking import Line, Request, think

if TYPE_CHECKING:
    from .conversation import Brain

GOES_ON = frozenset({"INFO"})
"""Manager commands that don't stop pondering (besides the expected ``TURN``)."""
HOLD_TURNS = 1.0
"""Most time the pondering search's clock stands still, in turns' hard budgets: beyond
it the search ends on its own, and the turn's search starts on the table it left (a
long wait would otherwise go to one threat search, whose tables grow with it)."""


@dataclass(frozen=True, slots=True)
class Ponder:
    """What to ponder: the position after the opponent's expected `reply` (ours to move)."""

    state: GameState
    reply: Move

    def goes_on(self, text: str) -> bool:
        """Whether pondering goes on after the manager line `text` (read as it came)."""
        return text.strip().partition(" ")[0].upper() in GOES_ON or self.hit(text)

    def hit(self, text: str) -> bool:
        """Whether the manager line `text` is the expected ``TURN``."""
        word, _, argument = text.strip().partition(" ")
        return word.upper() == "TURN" and "".join(argument.split()) == format_move(self.reply)


@dataclass(frozen=True, slots=True)
class Pondered:
    """The lines of a pondering search whose expected ``TURN`` came while it ran, for that
    turn's position (`state`)."""

    state: GameState
    lines: list[Line]


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


class Pondering:
    """One pondering search: its `job`, and `goes_on` for the lines read while it runs.

    The search counts its budget from when this is made, on a clock held
    from then (`overtime`). When the expected ``TURN`` is read (`goes_on`,
    from the reader thread) the clock is let go, and the search's lines go
    to `Brain.pondered` when it ends. Only a player that analyses gives a
    line with a reply (`expected`), so only such a player ponders.
    """

    def __init__(self, brain: Brain, ponder: Ponder) -> None:
        self.brain = brain
        self.ponder = ponder
        self.started = time.perf_counter()
        self.budget = brain.clock.budget(ponder.state.move_count)
        self.overtime = Overtime()
        self.overtime.hold(self.started, self.budget.hard * HOLD_TURNS)
        self.turn_came = False
        """Set (once) when the expected ``TURN`` is read while pondering."""
        self.job = Job(f"ponder {format_move(ponder.reply)}", self._run)

    def goes_on(self, text: str) -> bool:
        """`Ponder.goes_on`; on the expected ``TURN``, the search's clock runs again."""
        if self.ponder.hit(text):
            if not self.turn_came:
                self.turn_came = True
                self.overtime.release(time.perf_counter())
            return True
        return self.ponder.goes_on(text)

    def _run(self, stop: StopSignal, emit: Emit) -> list[str]:
        brain, ponder = self.brain, self.ponder
        settings = brain.settings
        player = brain.seat.player_for(ponder.state, settings)
        request = Request(
            ponder.state,
            self.budget,
            self.started,
            nodes=settings.max_node,
            depth=settings.max_depth,
        )
        try:
            lines = think(player, request, stop, overtime=self.overtime)
        except ValueError:  # nothing to play: nothing to ponder
            return []
        if self.turn_came:
            brain.pondered = Pondered(ponder.state, lines)
        return []
