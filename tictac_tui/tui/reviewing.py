"""A game's review in the background: one thread, a stop signal, progress to draw.

`ReviewJob` runs `play.review.review_game` over a record's positions with its
own analyst (made by name, ended with the job). The viewer polls it between
keys (`poll`): progress (positions done of all, and an estimate of the time
left from the time spent so far, read on the loop's clock) and, at the end,
the `Review`. `cancel` sets the stop signal: the analyst answers within
milliseconds and the thread ends.
"""

from __future__ import annotations

import threading

from ..play.analysts import AnalystError, analyst_for
from ..play.review import (
    REVIEW_SECONDS,
    Review,
    leading_stones,
    review_game,
    unjudged_before,
)
from ..records import GameRecord


class ReviewJob:
    """See the module docstring."""

    def __init__(
        self, record: GameRecord, analyst: str, now: float, *, seconds: float = REVIEW_SECONDS
    ) -> None:
        self.record = record
        self.started = now
        self.seconds = seconds
        self.done = 0
        self.total = len(record.moves) + 1
        self.result: Review | None = None
        self.error = ""
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._analyst = analyst
        self._thread = threading.Thread(target=self._run, daemon=True, name="review")
        self._thread.start()

    def _run(self) -> None:
        try:
            analyst = analyst_for(self._analyst)
        except AnalystError as error:
            self.error = str(error)
            return
        states = [self.record.state_at(n) for n in range(len(self.record.moves) + 1)]
        try:
            review = review_game(
                states, analyst, self.seconds, stop=self._stop, progress=self._progress
            )
            if review is not None:
                review = unjudged_before(review, leading_stones(self.record))
        except Exception as error:  # an engine that failed: said, never a crash
            self.error = str(error)
            return
        finally:
            analyst.close()
        with self._lock:
            self.result = review

    def _progress(self, done: int, total: int) -> None:
        with self._lock:
            self.done, self.total = done, total

    def running(self) -> bool:
        """True while the thread is alive."""
        return self._thread.is_alive()

    def fraction(self) -> float:
        """The share of positions done, 0..1."""
        with self._lock:
            return self.done / self.total if self.total else 1.0

    def seconds_left(self, now: float) -> float | None:
        """An estimate of the time left (None before the first position is done)."""
        with self._lock:
            done, total = self.done, self.total
        if done == 0:
            return None
        spent = now - self.started
        return spent / done * (total - done)

    def cancel(self) -> None:
        """Stop the review (the thread ends within milliseconds)."""
        self._stop.set()
