"""A game's two clocks: the arithmetic of a `TimeControl` over the moves of one game.

Pure: the time comes in as `now` (the app reads it; tests pass a fake
clock's). What is kept is the seconds each move took (`spent`, in the
order of the game's moves, None for a move made before the clock began,
e.g. a loaded game's) and the thinking so far on the move to play; every
figure shown or saved is worked out from them, so undo gives the undone
moves' time back by forgetting their entries, and a resumed game rebuilds
them from the times saved after each move (`from_left`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..engine import Player
from ..timecontrol import ClockKind, TimeControl

URGENT_SECONDS = 10
"""A clock with at most this many seconds left is shown as urgent."""
CLOCK_MARGIN = 0.5
"""Kept back from a computer's time left for its move to reach the board."""
LEAST_THINK = 0.05
"""The least thinking time a computer is given, however short its clock."""
GAME_MOVES = 30
"""A computer on a game clock plans for this many more moves (it thinks a share of
its time left, plus most of its increment)."""
INCREMENT_SHARE = 0.5
"""Share of a Fischer increment a computer may spend on each move."""


def mover(index: int) -> Player:
    """Who made move `index` (from 0) of a game: X the even ones."""
    return Player.X if index % 2 == 0 else Player.O


@dataclass
class GameClock:
    """Both sides' clocks under `control` (see the module docstring)."""

    control: TimeControl
    spent: list[float | None] = field(default_factory=list)
    """Seconds each move of the game took; None: made before the clock began."""
    thought: float = 0.0
    """Seconds spent on the move to play before `since` (the clock was stopped meanwhile)."""
    since: float | None = None
    """When the side to move's clock last started; None: stopped."""

    @classmethod
    def begin(cls, control: TimeControl, moves: int = 0) -> GameClock:
        """A stopped clock for a game that has `moves` moves already (made without it)."""
        return cls(control, [None] * moves)

    # -- running -------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether the side to move's clock is running."""
        return self.since is not None

    def start(self, now: float) -> None:
        """Run the side to move's clock (nothing if it runs)."""
        if self.since is None:
            self.since = now

    def stop(self, now: float) -> None:
        """Stop it, keeping what the move has used so far (menu, help, pause)."""
        if self.since is not None:
            self.thought += max(0.0, now - self.since)
            self.since = None

    def thinking(self, now: float) -> float:
        """Seconds the side to move has used on this move."""
        running = 0.0 if self.since is None else max(0.0, now - self.since)
        return self.thought + running

    def moved(self, now: float) -> None:
        """The side to move has moved: its move's time is kept; the other's clock runs
        (if this one ran)."""
        self.spent.append(self.thinking(now))
        self.thought = 0.0
        if self.since is not None:
            self.since = now

    def catch_up(self, moves: int) -> None:
        """The game has `moves` moves, the ones past the clock's made without it (an
        opening's stones, a set-up position's): they count as untimed, and the side to
        move is the board's."""
        if len(self.spent) < moves:
            self.spent += [None] * (moves - len(self.spent))

    def undo_to(self, moves: int, now: float) -> None:
        """The game went back to `moves` moves: the undone moves' time is given back, and
        the move to play starts afresh."""
        del self.spent[moves:]
        self.thought = 0.0
        if self.since is not None:
            self.since = now

    # -- what it says --------------------------------------------------------------

    def to_move(self) -> Player:
        """The side whose clock is the current one."""
        return mover(len(self.spent))

    def left(self, player: Player, now: float) -> float:
        """Seconds `player` has left now (for a move clock: of this move, or a whole one)."""
        current = self.thinking(now) if player is self.to_move() else 0.0
        control = self.control
        if control.kind is ClockKind.MOVE:
            return control.seconds - current
        if control.kind is ClockKind.NONE:
            return math.inf
        used = [t for i, t in enumerate(self.spent) if mover(i) is player and t is not None]
        return control.seconds + control.increment * len(used) - sum(used) - current

    def fallen(self, now: float) -> Player | None:
        """The side to move, once its time is up; None while it has time (or no clock)."""
        if not self.control.timed:
            return None
        player = self.to_move()
        return player if self.left(player, now) <= 0 else None

    def left_after(self) -> list[float | None]:
        """For each move, its mover's seconds left just after it (None where not timed):
        SGF's BL/WL."""
        control = self.control
        out: list[float | None] = []
        totals = {Player.X: float(control.seconds), Player.O: float(control.seconds)}
        for i, took in enumerate(self.spent):
            side = mover(i)
            if took is None or not control.timed:
                out.append(None)
                continue
            if control.kind is ClockKind.MOVE:
                out.append(control.seconds - took)
                continue
            totals[side] += control.increment - took
            out.append(totals[side])
        return out

    @classmethod
    def from_left(cls, control: TimeControl, left: list[float | None]) -> GameClock:
        """The clock of a game whose movers had `left` seconds after each move (as
        `left_after` gives them): the time each move took, worked back."""
        spent: list[float | None] = []
        before = {Player.X: float(control.seconds), Player.O: float(control.seconds)}
        for i, after in enumerate(left):
            side = mover(i)
            if after is None or not control.timed:
                spent.append(None)
                continue
            if control.kind is ClockKind.MOVE:
                spent.append(max(0.0, control.seconds - after))
                continue
            spent.append(max(0.0, before[side] + control.increment - after))
            before[side] = after
        return cls(control, spent)

    def think_time(self, now: float, pace: float = 0.0) -> float:
        """Seconds a computer to move may think, so that it never loses on time: a share of
        what it has left (a game clock: 1 / `GAME_MOVES`, plus `INCREMENT_SHARE` of the
        increment), less `pace` (the app's wait before it shows the move) and
        `CLOCK_MARGIN`; at least `LEAST_THINK`. Infinite with no clock."""
        control = self.control
        if not control.timed:
            return math.inf
        left = self.left(self.to_move(), now) - pace - CLOCK_MARGIN
        if control.kind is ClockKind.MOVE:
            share = left
        else:
            share = min(left, left / GAME_MOVES + INCREMENT_SHARE * control.increment)
        return max(LEAST_THINK, share)


def shown(seconds: float) -> str:
    """A clock's figure: "4:05", "1:02:03", "0:00" (whole seconds, rounded up while time
    is left, so "0:00" means the time is up)."""
    whole = max(0, math.ceil(seconds)) if math.isfinite(seconds) else 0
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
