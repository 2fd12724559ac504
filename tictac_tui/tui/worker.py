"""Run one computer move or hint at a time in a background thread.

A strategy can't always be interrupted, so a job runs to its end; the model
drops an answer that comes too late. Only one thread runs at a time, so a
strategy object is never used by two threads at once.
"""

from __future__ import annotations

import queue
import threading

from ..engine import Move
from .model import Job


class Worker:
    """Runs `Job`s one at a time; answers are collected with `results`."""

    def __init__(self) -> None:
        self._answers: queue.Queue[tuple[int, Move | None, str]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._last_id = 0

    def busy(self) -> bool:
        """True while a job's thread is running."""
        return self._thread is not None and self._thread.is_alive()

    def offer(self, job: Job) -> None:
        """Start `job` unless it was started already or another job is still running."""
        if job.id == self._last_id or self.busy():
            return
        self._last_id = job.id
        self._thread = threading.Thread(target=self._run, args=(job,), daemon=True)
        self._thread.start()

    def _run(self, job: Job) -> None:
        try:
            move = job.strategy.choose(job.state, job.limit)
        except Exception as error:  # a strategy bug must not kill the app
            self._answers.put((job.id, None, f"raised {error.__class__.__name__}: {error}"))
        else:
            self._answers.put((job.id, move, ""))

    def results(self) -> list[tuple[int, Move | None, str]]:
        """Answers that arrived since the last call."""
        out = []
        while True:
            try:
                out.append(self._answers.get_nowait())
            except queue.Empty:
                return out
