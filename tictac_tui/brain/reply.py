"""What a manager line gets: a `Reply` (lines to send now, maybe a `Job` that thinks).

A job runs under a stop signal the manager can set (``yxstop``, ``END``)
and sends progress lines through an `Emit` while it runs; a bug inside it is
answered as ``DEBUG`` lines and an ``ERROR``, never raised.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..strategies import StopSignal
from .protocol import Command, quote

if TYPE_CHECKING:
    from .conversation import Brain

Emit = Callable[[str], None]
"""Where a job sends the lines it produces while it runs (progress)."""
Run = Callable[[StopSignal, Emit], list[str]]
Handler = Callable[["Brain", Command, float], "Reply"]
"""How a command is answered: the brain, the command, when it arrived (perf_counter).

A handler refuses a command by raising `ProtocolError` (answered ``ERROR``).
"""
TRACE_LINES = 12
"""Most DEBUG lines of a traceback sent with an internal error."""


class NeverStop:
    """A stop signal that is never set (for `Brain.respond`)."""

    @staticmethod
    def is_set() -> bool:
        """Never."""
        return False


@dataclass(frozen=True, slots=True)
class Job:
    """Thinking a command asked for: `run(stop, emit)` returns the answer lines.

    A bug inside it is answered as DEBUG lines and an ERROR, never raised.
    """

    command: str
    work: Run

    def run(self, stop: StopSignal, emit: Emit) -> list[str]:
        """Do the work; its answer lines."""
        try:
            return self.work(stop, emit)
        except Exception as error:
            return internal_error(error)


@dataclass(frozen=True, slots=True)
class Reply:
    """What a line gets: lines to send at once, then maybe a job whose lines follow."""

    lines: tuple[str, ...] = ()
    job: Job | None = None


def internal_error(error: Exception) -> list[str]:
    """The answer to a bug: its traceback as DEBUG lines, then ``ERROR internal error``
    (without the traceback when there is no memory left to format it)."""
    try:
        debug = debug_lines()
    except MemoryError:
        debug = []
    return [*debug, f"ERROR internal error: {quote(repr(error))}"]


def debug_lines() -> list[str]:
    """The exception being handled, as DEBUG lines.

    Never stderr: Piskvork (and c-gomoku-cli with -debug) read the brain's
    stderr as its output, where a traceback would be taken for an answer.
    """
    text = traceback.format_exc().strip()
    return [f"DEBUG {line}" for line in text.splitlines() if line.strip()][-TRACE_LINES:]
