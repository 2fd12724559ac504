"""Time for one move: from the manager's limits to a soft and a hard deadline.

The manager says (``INFO``, milliseconds) ``timeout_turn`` (per move; 0 means
"as fast as possible"), ``timeout_match`` (per game; 0 means none) and, before
every move, ``time_left`` (what remains of the match time; 2147483647 when it
is unlimited; it may be negative once the brain has overrun). `MatchClock`
keeps these and turns them into a `MoveBudget`:

- **hard**: the move must be answered by then, whatever the search is doing.
  It is the turn limit, or a share of the time left, less a margin for the
  process and the pipe (`margin`).
- **soft**: where the search should normally stop. With a turn limit only,
  time can't be saved for later, so soft = hard. With a match clock it is
  the time left, less `MOVE_OVERHEAD` for each of `RESERVE_MOVES` moves (at
  most `RESERVE_SHARE` of the game's time), shared over the moves still to
  come (`moves_to_go`); the brain may run past it, up to hard
  (`STRETCH` x soft, at most `MAX_SHARE` of what is left), when the search
  is unsettled (see `thinking.Pacer`).

A match clock the manager stops updating is run down by the brain itself
(`spend`), as Rapfi does, so a missing ``time_left`` never means "unlimited".

A busy machine makes answers late: the search stops on time, but the
process waits for a core before it can answer. The brain notes how far past
its hard deadline each answer went (`answered`) and keeps back twice the
recent worst of that from every hard deadline (`LAG_FACTOR`, `LAG_DECAY`),
at most `LAG_SHARE` of it, so a loaded machine shortens its moves rather
than overrunning them.
"""

from __future__ import annotations

from dataclasses import dataclass

UNLIMITED_MS = 2147483647
"""The ``time_left`` a manager sends when the match time is unlimited."""
DEFAULT_TURN_SECONDS = 5.0
"""Time per move when the manager gives no limit at all."""
FAST_SECONDS = 0.05
"""The whole move for ``timeout_turn 0`` ("as fast as possible")."""
LEAST_SECONDS = 0.01
"""The shortest budget handed to a player (with nothing left: answer at once)."""
MARGIN_SECONDS = 0.06
MARGIN_SHARE = 0.04
MARGIN_CAP = 0.25
"""Kept back from every limit for the search's stop, the pipe and a busy machine:
60 ms + 4%, at most 250 ms (1 s -> 100 ms; 5 s -> 250 ms). Measured at a load
of 6 on 2 cores with 70 ms: the slowest of 71 moves took 0.980 s of 1 s as the
referee saw it (the brain itself answered 10-20 ms past its hard deadline)."""
MOVES_HORIZON = 30
MIN_MOVES_TO_GO = 25
"""A game is assumed to last `MOVES_HORIZON` moves of ours, and never fewer than
`MIN_MOVES_TO_GO` more: the match time is shared over them."""
MOVE_OVERHEAD = 0.04
RESERVE_MOVES = 80
"""What a move costs beyond its thinking (process, pipe, manager, a busy
machine): that much is kept back from the time left for `RESERVE_MOVES` more
moves (at least those to go), so a long game never runs the clock down to
where the overhead alone loses it. Simulated with 60 ms of real overhead a
move, a 30 s game lasts past 110 moves of ours."""
RESERVE_SHARE = 0.5
"""...but never more than this share of the game's time (a 3 s game still thinks)."""
LAG_FACTOR = 2.0
"""Kept back from hard deadlines: this many times the recent worst lateness..."""
LAG_DECAY = 0.8
"""...which fades by this factor with each answer that comes in time..."""
LAG_SHARE = 0.3
"""...and never more than this share of the hard deadline."""
STRETCH = 3.0
"""With a match clock a move may use up to STRETCH x its share when unsettled..."""
MAX_SHARE = 0.25
"""...but never more than this share of what is left."""


@dataclass(frozen=True, slots=True)
class MoveBudget:
    """Seconds from the moment the command arrived: stop by `soft`, answer by `hard`."""

    soft: float
    hard: float


def margin(seconds: float) -> float:
    """Time kept back from a limit of `seconds` (see `MARGIN_SECONDS`)."""
    return min(MARGIN_CAP, MARGIN_SECONDS + MARGIN_SHARE * seconds)


def moves_to_go(moves_played: int) -> int:
    """How many more moves of ours the time left is shared over (`moves_played`: both sides)."""
    return max(MIN_MOVES_TO_GO, MOVES_HORIZON - moves_played // 2)


class MatchClock:
    """The manager's time limits for the brain (all in milliseconds, None: not sent)."""

    def __init__(self) -> None:
        self.turn_ms: int | None = None
        self.match_ms: int | None = None
        self.left_ms: float | None = None
        self.lag = 0.0
        """Recent worst lateness of an answer past its hard deadline (seconds, fading)."""

    def set_turn(self, ms: int) -> None:
        """``INFO timeout_turn``: negative values count as 0 (as fast as possible)."""
        self.turn_ms = max(ms, 0)

    def set_match(self, ms: int) -> None:
        """``INFO timeout_match``: 0 (or less) means no match limit."""
        self.match_ms = ms if ms > 0 else None
        if self.match_ms is None:
            self.left_ms = None
        elif self.left_ms is None:
            self.left_ms = float(self.match_ms)

    def set_left(self, ms: int) -> None:
        """``INFO time_left``: may be negative; `UNLIMITED_MS` means no match limit."""
        self.left_ms = None if ms >= UNLIMITED_MS else float(ms)

    def spend(self, seconds: float) -> None:
        """Take a move's thinking time off the match clock (until the manager says otherwise)."""
        if self.left_ms is not None:
            self.left_ms -= seconds * 1000

    def answered(self, elapsed: float, budget: MoveBudget) -> None:
        """Note a move answered `elapsed` seconds after its command, under `budget`."""
        self.lag = max(elapsed - budget.hard, self.lag * LAG_DECAY, 0.0)

    def budget(self, moves_played: int) -> MoveBudget:
        """The budget for the next move, `moves_played` moves into the game."""
        hard = self._turn_hard()
        soft = hard
        if self.left_ms is not None:
            togo = moves_to_go(moves_played)
            left = self.left_ms / 1000
            game = self.match_ms / 1000 if self.match_ms is not None else max(left, 0)
            reserve = min(max(togo, RESERVE_MOVES) * MOVE_OVERHEAD, game * RESERVE_SHARE)
            usable = left - reserve
            share = usable / togo
            hard = min(hard, share * STRETCH, usable * MAX_SHARE)
            soft = min(hard, share)
        hard -= min(LAG_FACTOR * self.lag, LAG_SHARE * hard)
        hard = max(hard, LEAST_SECONDS)
        return MoveBudget(soft=max(min(soft, hard), LEAST_SECONDS), hard=hard)

    def _turn_hard(self) -> float:
        if self.turn_ms is None:
            seconds = DEFAULT_TURN_SECONDS if self.left_ms is None else float("inf")
        elif self.turn_ms == 0:
            seconds = FAST_SECONDS
        else:
            seconds = self.turn_ms / 1000
        return seconds - margin(seconds) if seconds != float("inf") else seconds
