"""Analysts: the players that say what they think of a position while they think.

An `Analyst` thinks about one position within a `Limit` (its stop signal
ends the thinking within milliseconds) and reports a `Reading` (evaluation,
depth, nodes, time, best line, the N best) each time it knows more; it
returns its last reading. Two kinds:

- `SearchAnalyst`: the built-in Hard player (`search`, which hands small
  boards to the perfect player), through its ``analyse`` with progress after
  each finished iteration and `multipv` best lines at the end;
- `EngineAnalyst`: a hosted Gomocup engine (``engine:NAME``), asked for a
  move within the limit's time; what it prints while it thinks (ours,
  Rapfi's and Yixin-Board's shapes, `engines.said`) is read every
  `engines.process` stop-poll and reported. Its move is not played. It gives
  one best line (no N best).

`analyst_for(name)` makes either from its name (``hard`` or ``engine:NAME``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from ..engine import GameState, Move
from ..engines.said import Analysis as Said
from ..i18n import _
from ..i18n.visible import shown_name
from ..strategies import Limit
from ..strategies.base import StopSignal
from ..strategies.search.analysis import MATE_ZONE, Analysis, Reason
from ..strategies.search.budget import Budget
from .evaluation import Score

if TYPE_CHECKING:
    from ..engines.strategy import EngineStrategy
    from ..strategies.search import SearchStrategy

HARD = "hard"
"""The built-in analyst's name (the Hard player)."""
MAX_BEST = 5
"""The most "N best" lines an analyst is asked for."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One of the N best moves with its evaluation for the side to move."""

    move: Move
    score: Score


@dataclass(frozen=True, slots=True)
class Reading:
    """What an analyst knows so far about a position (scores for the side to move)."""

    score: Score | None = None
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    line: tuple[Move, ...] = ()
    best: tuple[Candidate, ...] = ()
    solved: bool = False
    """The score is the position's exact value (the perfect player's)."""

    @property
    def speed(self) -> int:
        """Nodes per second (0 when not known)."""
        return round(self.nodes / self.seconds) if self.seconds > 0 else 0

    @property
    def move(self) -> Move | None:
        """The best move found, or None."""
        return self.line[0] if self.line else self.best[0].move if self.best else None


Report = Callable[[Reading], None]
"""Called from the thinking thread with each newer reading."""


class Analyst(Protocol):
    """A player that thinks about a position and reports what it finds."""

    @property
    def name(self) -> str: ...

    def think(self, state: GameState, limit: Limit, multipv: int, report: Report) -> Reading:
        """The reading for the side to move in `state` (not over) once `limit` is spent."""
        ...

    def close(self) -> None:
        """Free what the analyst holds (an engine's process)."""
        ...


class AnalystError(ValueError):
    """An analyst's name that names no analyst (the message says which)."""


def search_reading(lines: list[Analysis] | tuple[Analysis, ...], best: bool = True) -> Reading:
    """The reading of the search's lines (best first)."""
    top = lines[0]
    line = top.pv if top.pv else (top.move,)
    candidates = tuple(Candidate(a.move, Score.of_search(a.score)) for a in lines) if best else ()
    return Reading(
        Score.of_search(top.score),
        top.depth,
        top.nodes,
        top.seconds,
        tuple(line),
        candidates,
        top.reason is Reason.PERFECT,
    )


def steady_score(by_depth: dict[int, int], final: int) -> int:
    """`final`, or the mean of the last two iterations' scores when neither is forced.

    The side that moves last in a search gets the evaluation's bonus for the
    threat it could make, so scores swing between odd and even depths (as the
    brain's `thinking.steady_score` says); the mean of two depths steadies them.
    """
    depths = sorted(by_depth)[-2:]
    if abs(final) > MATE_ZONE or len(depths) < 2:
        return final
    scores = [by_depth[d] for d in depths]
    if any(abs(score) > MATE_ZONE for score in scores):
        return final
    return round(sum(scores) / 2)


class NodeCounter:
    """The stop signal handed to the search, counting how often it is read.

    The search reads its stop signal once every `Budget.CHECK_EVERY` nodes, so
    the reads count its nodes while an iteration runs (between the reports
    after finished iterations); every `COUNT_EVERY` reads the count goes to
    `counted`. The search itself is not changed.
    """

    COUNT_EVERY = 64
    """Reads between two counts (64 x 32 nodes: several a second at the search's speed)."""

    def __init__(self, stop: StopSignal | None, counted: Callable[[int], None]) -> None:
        self.stop = stop
        self.counted = counted
        self.reads = 0

    def is_set(self) -> bool:
        """The wrapped signal's state (False without one); counts the read."""
        self.reads += 1
        if self.reads % self.COUNT_EVERY == 0:
            self.counted(self.reads * Budget.CHECK_EVERY)
        return self.stop is not None and self.stop.is_set()


class SearchAnalyst:
    """The built-in Hard player as an analyst (its table kept from one position to the next)."""

    name = HARD

    def __init__(self, *, seed: int | None = 0) -> None:
        from ..strategies.search import SearchStrategy  # loaded when an analyst is made

        self._player: SearchStrategy = SearchStrategy(seed=seed)

    def think(self, state: GameState, limit: Limit, multipv: int, report: Report) -> Reading:
        """See `Analyst.think`: progress after each finished iteration, N best at the end."""

        seen: dict[int, int] = {}
        last = [Reading()]

        def progress(line: Analysis) -> None:
            if line.depth > 0:
                seen[line.depth] = line.score
            last[0] = search_reading([line], best=False)
            report(last[0])

        def counted(nodes: int) -> None:
            if nodes > last[0].nodes:
                report(replace(last[0], nodes=nodes))

        counting = NodeCounter(limit.stop, counted)
        lines = self._player.analyse(
            state, replace(limit, stop=counting), multipv=multipv, on_progress=progress
        )
        reading = search_reading(lines)
        steady = steady_score(seen, lines[0].score)
        if steady != lines[0].score:
            reading = replace(reading, score=Score.of_search(steady))
        report(reading)
        return reading

    def close(self) -> None:
        """Nothing to free (the search's helper processes are not used)."""
        self._player.close()


def merged(reading: Reading, said: Said) -> Reading:
    """`reading` with what one engine note says read in."""
    score = reading.score
    if said.mate is not None and said.mate != 0:
        score = Score.of_plies(said.mate)
    elif said.score is not None:
        score = Score(said.score, rate=said.winrate)
    elif said.winrate is not None and (score is None or not score.forced):
        score = replace(score or Score(), rate=said.winrate)
    line = said.pv or reading.line
    if not said.pv and said.best is not None and (not line or line[0] != said.best):
        line = (said.best,)
    seconds = reading.seconds if said.milliseconds is None else said.milliseconds / 1000
    nodes = reading.nodes if said.nodes is None else said.nodes
    depth = reading.depth if said.depth is None else said.depth
    best = (Candidate(line[0], score),) if line and score is not None else reading.best
    return Reading(score, depth, nodes, seconds, line, best)


class _Watch:
    """The stop signal given to the engine: while polled, it reads the engine's new notes."""

    def __init__(self, owner: EngineAnalyst, stop: StopSignal | None, report: Report) -> None:
        self.owner = owner
        self.stop = stop
        self.report = report
        self.reading = Reading()
        self.seen: int | None = None

    def is_set(self) -> bool:
        self.look()
        return self.stop is not None and self.stop.is_set()

    def look(self) -> None:
        """Read the notes printed since the last look; report if they said anything."""
        engine = self.owner.strategy.engine
        if engine is None:
            return
        if self.seen is None:
            self.seen = self.owner.notes_before
        notes = engine.notes_since(self.seen)
        self.seen = engine.notes_seen
        before = self.reading
        for note in notes:
            if note.analysis is not None:
                self.reading = merged(self.reading, note.analysis)
        if self.reading != before:
            self.report(self.reading)


class EngineAnalyst:
    """A hosted engine as an analyst (see the module docstring)."""

    def __init__(self, strategy: EngineStrategy) -> None:
        self.strategy = strategy
        self.name = strategy.name
        self.notes_before = 0

    def think(self, state: GameState, limit: Limit, multipv: int, report: Report) -> Reading:
        """See `Analyst.think`; EngineError (naming the engine) when the engine fails,
        `AnalystError` on a board it does not play."""
        if not self.strategy.supports(state.rules):
            raise AnalystError(
                _("{name} does not play this board").format(name=shown_name(self.name))
            )
        engine = self.strategy.engine
        self.notes_before = engine.notes_seen if engine is not None else 0
        watch = _Watch(self, limit.stop, report)
        move = self.strategy.choose(state, replace(limit, stop=watch))
        watch.look()
        reading = watch.reading
        if not reading.line or reading.line[0] != move:
            reading = replace(reading, line=(move,))
        if reading.score is not None:
            reading = replace(reading, best=(Candidate(move, reading.score),))
        report(reading)
        return reading

    def close(self) -> None:
        """End the engine's process."""
        self.strategy.close()


def analyst_for(name: str, *, seed: int | None = 0) -> Analyst:
    """The analyst called `name`: ``hard`` (or empty) or ``engine:NAME``.

    Raises `AnalystError` naming what is wrong (no such engine).
    """
    if name in ("", HARD):
        return SearchAnalyst(seed=seed)
    from ..engines.strategy import PREFIX, AnalysingStrategy

    if name.startswith(PREFIX):
        from ..engines.store import find_engine

        known = find_engine(name.removeprefix(PREFIX))
        if known is None:
            raise AnalystError(
                _("no engine called {name} (tictac engines list names them)").format(
                    name=shown_name(name.removeprefix(PREFIX))
                )
            )
        return EngineAnalyst(AnalysingStrategy(known.spec))
    raise AnalystError(
        _("{name} is not an analyst: hard or engine:NAME").format(name=shown_name(name))
    )
