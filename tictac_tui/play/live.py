"""Live analysis: one analyst thinking about the position on show, off the input loop.

`LiveAnalysis` owns one thinking thread at a time. `follow(state)` points it
at a position (a new one stops the old one's thinking at once through its
stop signal, and the same thread takes the new one up); `pause()` stops the
thinking and keeps nothing running; `close()` also ends the analyst (an
engine's process). The thread thinks in stages of `LIVE_STAGES` seconds,
each ending with the N best lines, and ends after the last: no thread keeps
thinking once the position is left, the panel hidden, or the stages done.

The front end reads `snapshot` (a frozen `Snapshot`, replaced whole by the
thread under a lock) whenever it draws; `serial` grows with each new one.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import partial

from ..engine import GameState
from ..strategies import Limit
from .analysts import Analyst, Candidate, Reading

LIVE_STAGES = (0.5, 2.0, 8.0, 30.0)
"""The seconds of each stage of thinking about one position (N best after each)."""
JOIN_SECONDS = 2.0
"""How long `close` waits for the thinking thread to end."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What the analyst knows about `state` so far (scores for its side to move)."""

    state: GameState
    reading: Reading
    serial: int
    done: bool = False
    """The stages are over: the reading is final."""
    error: str = ""
    """Why the analyst stopped (an engine that failed), or ""."""
    stage: int = 0


def merged_best(reading: Reading, earlier: tuple[Candidate, ...]) -> tuple[Candidate, ...]:
    """The N best while a stage runs: its best line's move first, with its score, then the
    last finished stage's others (as many as that stage gave)."""
    move = reading.move
    if move is None or reading.score is None or not earlier:
        return earlier
    others = tuple(c for c in earlier if c.move != move)
    return (Candidate(move, reading.score), *others)[: len(earlier)]


class LiveAnalysis:
    """The analysis panel's analyst and its thread (see the module docstring)."""

    def __init__(
        self,
        analyst: Analyst,
        *,
        multipv: int = 1,
        stages: tuple[float, ...] = LIVE_STAGES,
    ) -> None:
        self.analyst = analyst
        self.multipv = multipv
        self.stages = stages
        self._lock = threading.Lock()
        self._state: GameState | None = None
        self._job = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._snapshot: Snapshot | None = None
        self._serial = 0

    @property
    def snapshot(self) -> Snapshot | None:
        """The latest snapshot of the position followed (None before the first report)."""
        with self._lock:
            return self._snapshot

    @property
    def state(self) -> GameState | None:
        """The position followed (None: paused)."""
        with self._lock:
            return self._state

    def thinking(self) -> bool:
        """True while the thread is alive (thinking, or ending after a stop)."""
        thread = self._thread
        return thread is not None and thread.is_alive()

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the thinking to end; True when it has."""
        thread = self._thread
        if thread is not None:
            thread.join(seconds)
        return not self.thinking()

    def follow(self, state: GameState, *, multipv: int | None = None) -> None:
        """Analyse `state` (nothing changes if it is the position already followed)."""
        with self._lock:
            shown = self._snapshot
            if (
                (multipv is None or multipv == self.multipv)
                and shown is not None
                and shown.state == state
                and (self._state == state or shown.done)
            ):
                return
            if multipv is not None:
                self.multipv = multipv
            self._stop.set()
            self._stop = threading.Event()
            self._job += 1
            self._state = None if state.is_over else state
            self._serial += 1
            self._snapshot = Snapshot(state, Reading(), self._serial, done=state.is_over)
            if self._state is None:
                return
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, daemon=True, name="analysis")
                self._thread.start()

    def pause(self) -> None:
        """Stop thinking (the thread ends within milliseconds); keep the last snapshot."""
        with self._lock:
            self._stop.set()
            self._state = None
            self._job += 1

    def close(self) -> None:
        """Stop thinking, wait for the thread, and end the analyst."""
        self.pause()
        thread = self._thread
        if thread is not None:
            thread.join(JOIN_SECONDS)
        self.analyst.close()

    def _run(self) -> None:
        while True:
            with self._lock:
                state, job, stop = self._state, self._job, self._stop
                if state is None:
                    self._thread = None
                    return
            self._think(state, job, stop)
            with self._lock:
                if self._job == job:
                    self._state = None

    def _think(self, state: GameState, job: int, stop: threading.Event) -> None:
        """Every stage for `state`, reporting into the snapshot while `job` is current."""
        nodes = 0.0
        seconds = 0.0

        def report(reading: Reading, stage: int = 0, done: bool = False, error: str = "") -> None:
            with self._lock:
                if self._job != job:
                    return
                self._serial += 1
                earlier = self._snapshot.reading.best if self._snapshot is not None else ()
                total = Reading(
                    reading.score,
                    reading.depth,
                    int(nodes) + reading.nodes,
                    seconds + reading.seconds,
                    reading.line,
                    reading.best or merged_best(reading, earlier),
                    reading.solved,
                )
                self._snapshot = Snapshot(state, total, self._serial, done, error, stage)

        for stage, budget in enumerate(self.stages):
            if stop.is_set():
                return
            try:
                reading = self.analyst.think(
                    state,
                    Limit(time=budget, stop=stop),
                    self.multipv,
                    partial(report, stage=stage),
                )
            except Exception as error:  # an analyst's failure is shown, never a crash
                report(Reading(), stage, True, str(error))
                return
            if stop.is_set():
                return
            last = stage == len(self.stages) - 1
            report(reading, stage, last)
            nodes += reading.nodes
            seconds += reading.seconds
            if reading.solved or (reading.score is not None and reading.score.forced):
                report(reading, stage, True)
                return
