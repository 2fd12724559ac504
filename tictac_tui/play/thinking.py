"""How long the computer may think on a move in a game: its level's limit, within the
speed of computer vs computer and within its clock (so it never loses on time); and
what a hosted engine is told of its clock.

The time comes in as an argument.
"""

from __future__ import annotations

from dataclasses import replace

from ..choices import Mode
from ..engines.spec import is_engine
from ..strategies import Limit, Strategy
from ..strategies.levels import move_limit
from ..timecontrol import ClockKind
from .match import Match


def computer_limit(match: Match, player: Strategy, now: float, pace: float = 0.0) -> Limit:
    """The `Limit` of `player`'s move now: `levels.move_limit` for its name and the match's
    Think time, its seconds capped by `Speed.think` in computer vs computer and by the
    clock's `think_time` (`pace`: the wait before the move is shown, charged to its clock)."""
    limit = move_limit(player.name, match.think)
    caps = [] if limit.time is None else [limit.time]
    if match.mode is Mode.CVC:
        caps.append(match.speed.think)
    if match.clock is not None and match.clock.control.timed:
        caps.append(match.clock.think_time(now, pace))
    if not caps:
        return limit
    return replace(limit, time=min(caps))


def tell_engine_clock(match: Match, player: Strategy, now: float) -> None:
    """A hosted engine to move in a timed game learns the game's clock: ``timeout_match``
    (the control's seconds, for a game or Fischer clock) and ``time_left`` (its side's)."""
    clock = match.clock
    if not is_engine(player) or clock is None or not clock.control.timed:
        return
    control = clock.control
    whole_game = control.kind in (ClockKind.GAME, ClockKind.FISCHER)
    player.match_seconds = control.seconds if whole_game else None
    player.left_seconds = max(0.0, clock.left(match.state.to_move, now))
