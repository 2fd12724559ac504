"""One search for the brain: a player, a position and a budget in; the best lines out.

The manager's stop (``yxstop``, ``END``) and the hard deadline reach the
player through one `Deadline` stop signal, which a searching player reads
every few milliseconds (`strategies.base.Limit.stop`), so the answer never
waits for the search. A player that can analyse (the `search` player's
``analyse``) reports each finished iteration; the `Pacer` then decides
whether to stop at the soft deadline or to go on towards the hard one (its
verdict is the progress callback's answer: the player starts no deeper
iteration and ends with its own checks), and `report` turns the iterations
into the lines a GUI shows. Any other player
is asked ``choose`` and gives one line with no score.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..engine import GameState, Move
from ..strategies import Limit, Overtime, StopSignal, Strategy
from ..strategies.search import MATE_ZONE
from ..strategies.search.player import time_limit_for
from .clock import LEAST_SECONDS, MoveBudget

UNSETTLED_STRETCH = 2.5
"""An unsettled search may run to this many times the soft deadline (never past hard)."""
SCORE_DROP = 150
"""A fall of the best score by more than this (search units) since the last
iteration makes the search unsettled."""


class LineLike(Protocol):
    """What a searching player reports per line (the `search` player's ``Analysis``)."""

    @property
    def move(self) -> Move: ...
    @property
    def score(self) -> int: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def pv(self) -> tuple[Move, ...]: ...
    @property
    def reason(self) -> str: ...


@runtime_checkable
class Analyst(Protocol):
    """A player that can give its best lines and report while it searches."""

    def analyse(
        self,
        state: GameState,
        limit: Limit,
        *,
        multipv: int = 1,
        on_progress: Callable[[LineLike], bool | None] | None = None,
    ) -> Sequence[LineLike]:
        """The `multipv` best lines for the side to move, best first.

        `on_progress` returning True means: start no deeper iteration.
        """
        ...


@dataclass(frozen=True, slots=True)
class Line:
    """One line of play found: first move, score for the side to move (None: unscored)."""

    move: Move
    score: int | None = None
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    pv: tuple[Move, ...] = ()
    reason: str = ""

    @classmethod
    def of(cls, line: LineLike) -> Line:
        """A copy of a player's line."""
        return cls(
            line.move, line.score, line.depth, line.nodes, line.seconds, tuple(line.pv), line.reason
        )


@dataclass(frozen=True, slots=True)
class Request:
    """What to think about: the position, the budget from `received`, and the caps."""

    state: GameState
    budget: MoveBudget
    received: float
    nodes: int | None = None
    depth: int | None = None
    multipv: int = 1


class Deadline:
    """A stop signal: set by the manager's stop or the hard deadline passing (on a clock that
    leaves out the time `overtime` does)."""

    def __init__(self, stop: StopSignal, at: float, overtime: Overtime | None = None) -> None:
        self.stop = stop
        self.at = at
        self.overtime = overtime

    def now(self) -> float:
        """The clock `at` is on: ``time.perf_counter`` less the time `overtime` left out."""
        now = time.perf_counter()
        return now if self.overtime is None else self.overtime.clock(now)

    def is_set(self) -> bool:
        """True once the search must answer."""
        return self.stop.is_set() or self.now() >= self.at


class Pacer:
    """Decides after each finished iteration whether the search has had enough time.

    Settled (the same best move as the iteration before, and a score not
    `SCORE_DROP` below the one two iterations back: scores swing between odd
    and even depths, so only same-parity scores compare): stop once past the
    soft deadline. Unsettled: go on to `UNSETTLED_STRETCH` x soft, never
    past hard.
    """

    def __init__(self, request: Request, clock: Callable[[], float] = time.perf_counter) -> None:
        self.request = request
        self.clock = clock
        self.seen: list[LineLike] = []

    def unsettled(self, line: LineLike) -> bool:
        """Whether `line`, the newest best line, still moves."""
        seen = self.seen
        moved = bool(seen) and seen[-1].move != line.move
        fell = len(seen) >= 2 and line.score < seen[-2].score - SCORE_DROP
        return moved or fell

    def after(self, line: LineLike) -> bool:
        """Called with the best line after each iteration: True when the search has had enough."""
        budget = self.request.budget
        elapsed = self.clock() - self.request.received
        allowed = budget.soft * UNSETTLED_STRETCH if self.unsettled(line) else budget.soft
        self.seen.append(line)
        return elapsed >= min(allowed, budget.hard)


def steady_score(iterations: Sequence[Line], final: Line) -> int | None:
    """A score less swayed by the depth's parity: the mean of the last two iterations'.

    The side that moves last in a search gets the evaluation's bonus for the
    threat it could make, so scores swing between odd and even depths. A
    forced result (beyond `MATE_ZONE`) is taken as it is; with fewer than two
    iterations, the final line's score.
    """
    if final.score is None or abs(final.score) > MATE_ZONE:
        return final.score
    scored = [line for line in iterations if line.score is not None and line.depth > 0]
    last: dict[int, int] = {line.depth: line.score for line in scored if line.score is not None}
    depths = sorted(last)[-2:]
    if len(depths) < 2 or any(abs(last[d]) > MATE_ZONE for d in depths):
        return final.score
    return round(sum(last[d] for d in depths) / 2)


def search_seconds(seconds: float) -> float:
    """The `Limit.time` under which the `search` player stops after about `seconds`.

    At least `LEAST_SECONDS`; the player's own margins are undone by
    `time_limit_for` (the brain keeps its own).
    """
    return time_limit_for(max(seconds, LEAST_SECONDS))


def think(
    player: Strategy,
    request: Request,
    stop: StopSignal,
    on_progress: Callable[[Line], None] | None = None,
    overtime: Overtime | None = None,
) -> list[Line]:
    """The best lines (at least one) for the side to move in `request.state`.

    With `overtime`, the time it leaves out of the clock moves every
    deadline later (the budget counts from `request.received` on that clock).
    Raises ValueError when there is nothing to play.
    """
    received = request.received
    deadline = Deadline(stop, received + request.budget.hard, overtime)
    now = deadline.now()
    analyst = isinstance(player, Analyst)
    # With a pacer the search may run to hard; the pacer stops it at soft.
    target = request.budget.hard if analyst else request.budget.soft
    limit = Limit(
        time=search_seconds(received + target - now),
        nodes=request.nodes,
        depth=request.depth,
        stop=deadline,
        overtime=overtime,
    )
    if not isinstance(player, Analyst):
        return [Line(player.choose(request.state, limit))]
    pacer = Pacer(request, deadline.now)

    def progress(line: LineLike) -> bool:
        enough = pacer.after(line)
        if on_progress is not None:
            on_progress(Line.of(line))
        return enough

    lines = player.analyse(request.state, limit, multipv=request.multipv, on_progress=progress)
    return [Line.of(line) for line in lines]
