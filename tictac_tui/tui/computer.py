"""The computer's turn: the one owner of what the computer is thinking about.

`ComputerTurn` holds the job in flight (a move, a hint, an opening decision, or
pondering on the person's time), paces its answer
(an answer is handed over no earlier than the job's `due` time), cancels it,
and drops stale answers. Cancelling sets the job's stop signal
(`Limit.stop`, a `threading.Event`), so a searching player answers within
milliseconds instead of thinking on; its answer is then dropped.

One job thinks at a time, in a daemon thread: a new job starts only when the
thread of a cancelled one has finished (milliseconds after its stop signal),
so a player object is never used by two threads at once. A ponder job's answer
is never handed over: once it has come the position counts as pondered
(`pondered`) and is not pondered again. With
``threads=False`` jobs run inline when polled, for tests without threads.
"""

from __future__ import annotations

import itertools
import queue
import threading
from dataclasses import dataclass, replace
from enum import Enum

from ..engine import GameState, Move
from ..engine.openings import Action, Opening
from ..play.openings import Decider
from ..strategies import Limit, Strategy


class JobKind(Enum):
    """What the computer is asked for."""

    MOVE = "move"
    HINT = "hint"
    OPENING = "opening"
    """A decision of the opening rule (its `Decider` answers with a step)."""
    PONDER = "ponder"
    """Thinking on the person's time (`play.pondering`): only the player's table keeps
    anything of it; its answer is dropped."""


@dataclass(frozen=True, slots=True)
class Job:
    """One question to a computer player."""

    id: int
    kind: JobKind
    state: GameState
    strategy: Strategy
    limit: Limit
    started: float
    due: float
    """The answer is handed over no earlier than this (pacing)."""
    opening: Opening | None = None
    decider: Decider | None = None
    """For an `JobKind.OPENING` job: the opening and who decides."""


@dataclass(frozen=True, slots=True)
class Answer:
    """A player's answer to a job: its move, or None and what went wrong."""

    job: Job
    move: Move | None
    error: str = ""
    failure: Exception | None = None
    """What the player raised, if it raised."""
    step: Action | None = None
    """The opening step decided (`JobKind.OPENING`)."""


class ComputerTurn:
    """Owns the job in flight (see the module docstring)."""

    def __init__(self, *, threads: bool = True) -> None:
        self._threads = threads
        self._ids = itertools.count(1)
        self._answers: queue.Queue[Answer] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._stop: threading.Event | None = None
        self._started = False
        self._answer: Answer | None = None
        self.job: Job | None = None
        """The job asked for and not yet answered (its thread may not have started)."""
        self.pondered: GameState | None = None
        """The position whose pondering ran to its end (`ponder` does not ask it again)."""

    def ask(
        self,
        kind: JobKind,
        state: GameState,
        strategy: Strategy,
        limit: Limit,
        now: float,
        due: float,
        *,
        opening: Opening | None = None,
        decider: Decider | None = None,
    ) -> Job:
        """Ask a new question, cancelling the one in flight (an opening decision: give the
        opening and its decider)."""
        self.cancel()
        self._stop = threading.Event()
        limit = replace(limit, stop=self._stop)
        job = Job(next(self._ids), kind, state, strategy, limit, now, due, opening, decider)
        self.job = job
        return job

    def ponder(self, state: GameState, strategy: Strategy, limit: Limit, now: float) -> Job | None:
        """Ponder `state` (the person to move) with `strategy`, the computer's own player,
        unless that position was pondered to its end already; the job, or None."""
        if state is self.pondered:
            return None
        return self.ask(JobKind.PONDER, state, strategy, limit, now, now)

    def pondering(self) -> bool:
        """True while a ponder job is asked and not ended (`thinking` counts it too)."""
        return self.job is not None and self.job.kind is JobKind.PONDER

    def cancel(self) -> None:
        """Stop the job in flight (its player answers at once) and forget it."""
        if self._stop is not None:
            self._stop.set()
        self.job = None
        self._stop = None
        self._started = False
        self._answer = None

    def poll(self, now: float) -> Answer | None:
        """Start the job when a thread is free; its answer once it has come and is due."""
        self._collect()
        job = self.job
        if job is None:
            return None
        if not self._started and not self.busy():
            self._start(job)
            self._collect()
        answer = self._answer
        if answer is None or now < job.due:
            return None
        self.job = None
        self._stop = None
        self._answer = None
        if job.kind is JobKind.PONDER:
            self.pondered = job.state  # never played: the player's table keeps the work
            return None
        return answer

    def thinking(self) -> bool:
        """True from a question until its answer has come (queued, or waiting to start)."""
        self._collect()
        return self.job is not None and self._answer is None

    def busy(self) -> bool:
        """True while a thread is thinking (the current job's, or a cancelled one's)."""
        return self._thread is not None and self._thread.is_alive()

    def _collect(self) -> None:
        """Keep the current job's answer; drop answers to cancelled jobs."""
        while True:
            try:
                answer = self._answers.get_nowait()
            except queue.Empty:
                return
            if self.job is not None and answer.job.id == self.job.id:
                self._answer = answer

    def _start(self, job: Job) -> None:
        self._started = True
        if not self._threads:
            self._run(job)
            return
        self._thread = threading.Thread(target=self._run, args=(job,), daemon=True)
        self._thread.start()

    def _run(self, job: Job) -> None:
        if job.kind is JobKind.OPENING:
            self._decide(job)
            return
        try:
            move = job.strategy.choose(job.state, job.limit)
        except Exception as error:  # a player's bug must not kill the app
            text = f"raised {error.__class__.__name__}: {error}"
            self._answers.put(Answer(job, None, text, error))
        else:
            self._answers.put(Answer(job, move))

    def _decide(self, job: Job) -> None:
        assert job.opening is not None and job.decider is not None
        try:
            step = job.decider.decide(job.opening)
        except Exception as error:  # a decider's bug (or an engine's failure) must not kill it
            self._answers.put(Answer(job, None, f"raised {error.__class__.__name__}: {error}"))
        else:
            self._answers.put(Answer(job, None, step=step))
