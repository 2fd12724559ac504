"""What is proven about the position, for the information bar ("solved: X wins").

Shown in games where a computer plays Hard: there the computer plays from
the same proofs (`strategies.proof`, and the plain solver on small boards),
so the fact says what it knows. `Solved` works a position out in one daemon
thread (a proof may take up to `FACT_LIMIT`; the screen never waits for
it), one position at a time: asking about another position stops the work
on the last one. The computer comes first: `Model` stops the work while
the computer thinks (a move or a hint), so the two never wait for each
other's proofs; and on the proven boards the work waits while a player
still holds the board, then proves with what that player learnt.
Gomoku and other unproven boards answer at once: nothing known.
"""

from __future__ import annotations

import queue
import threading
from typing import TYPE_CHECKING

from ..engine import GameState, Rules
from ..i18n import _
from ..play.match import Match
from ..strategies import Difficulty, Limit
from ..words import side_name

if TYPE_CHECKING:
    from ..strategies.proof import Proven

FACT_LIMIT = Limit(time=1.0)
"""How long one position may be worked on (a computer move's budget)."""

MAX_KEPT = 4096
"""Positions remembered before the memory starts again."""


def shows_solved(match: Match) -> bool:
    """Whether the information bar shows what is proven: a computer plays Hard in the game."""
    return Difficulty.HARD in match.key.levels


def solved_fact(match: Match) -> str | None:
    """The information bar's fact: what is proven about the match's position, once known."""
    return None if match.solved is None else solved_words(match.solved, match.rules)


def solved_words(proven: Proven, rules: Rules) -> str:
    """`proven` in the interface's language: "solved: X wins", "solved: draw with best play"."""
    if proven.winner is None:
        return _("solved: draw with best play")
    return _("solved: {side} wins").format(side=side_name(proven.winner, rules))


class Solved:
    """Works positions out one at a time and remembers the answers (see the module docstring).

    With ``threads=False`` the work runs inline (tests without threads).
    """

    def __init__(self, *, threads: bool = True) -> None:
        self._threads = threads
        self._known: dict[GameState, Proven | None] = {}
        self._answers: queue.Queue[tuple[GameState, Proven | None]] = queue.Queue()
        self._working: GameState | None = None
        self._stop: threading.Event | None = None
        self._thread: threading.Thread | None = None

    def known(self, state: GameState) -> Proven | None:
        """What has been worked out about `state`, or None (not yet, or nothing proven)."""
        self._collect()
        return self._known.get(state)

    def worked_out(self, state: GameState) -> bool:
        """Whether `state` has been worked out (its answer may be "nothing known")."""
        self._collect()
        return state in self._known

    def work_on(self, state: GameState) -> None:
        """Start on `state` unless it is known or in work; work on another position stops."""
        if self.worked_out(state) or state == self._working:
            return
        self.cancel()
        if self._thread is not None and self._thread.is_alive():
            return  # the stopped work ends within milliseconds: start on a later call
        if len(self._known) >= MAX_KEPT:
            self._known.clear()
        self._working = state
        self._stop = threading.Event()
        if not self._threads:
            self._run(state, self._stop)
            self._collect()
            return
        self._thread = threading.Thread(target=self._run, args=(state, self._stop), daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Stop the work in progress; its answer is dropped."""
        if self._stop is not None:
            self._stop.set()
        self._stop = None
        self._working = None

    def _run(self, state: GameState, stop: threading.Event) -> None:
        from ..strategies.proof import known_result  # the proofs, loaded when first asked

        limit = Limit(time=FACT_LIMIT.time, stop=stop)
        try:
            proven = known_result(state, limit, wait=True)
        except Exception:  # a fact is a nicety: a failure means "nothing known"
            proven = None
        if not stop.is_set():
            self._answers.put((state, proven))

    def _collect(self) -> None:
        while True:
            try:
                state, proven = self._answers.get_nowait()
            except queue.Empty:
                return
            self._known[state] = proven
            if state == self._working:
                self._working = None
