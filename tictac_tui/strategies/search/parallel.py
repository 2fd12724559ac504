"""Helpers: other processes that search root moves beside the main one (``threads`` > 1).

Python runs one thread's search at a time, so a second core is used by a
second process. Each iteration of the root search is split by move: the
main process searches the first root move with a full window (its score
is the bound for the rest); then the main process and every helper take
the remaining moves one at a time, best-ordered first, from a shared
counter, each searching with a null window at the best score found so far
by anyone (shared too) and again with a full window when a move beats it.
A helper sends its results when the iteration's moves are all taken, or
at once when the main process aborts (its time is up, or it was stopped).

While the first move is searched the helpers need not wait: from the
third iteration on they start at once, at a floor guessed from the best
score two iterations back (`SPECULATION_MARGIN` below it). A move that
beats the floor gets an exact score, which stands; a move found "at most
the floor" stands only if the best score turns out at least the floor,
and is searched again by the main process otherwise (`valid_scores`).

Each helper keeps its own board and transposition table, kept between the
moves of a game as the main one is. Only searches with a deadline and no
node limit are split (a node-limited search stays reproducible). A helper
that dies or does not answer is dropped, and its moves searched by the
main process; the search never depends on one.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from multiprocessing.sharedctypes import Synchronized
from multiprocessing.synchronize import Event
from typing import TYPE_CHECKING

from ...engine import GameState
from .analysis import MATE_ZONE, WIN
from .budget import Budget, OutOfTime
from .options import SearchOptions

if TYPE_CHECKING:
    from .alphabeta import AlphaBeta

POLL_SECONDS = 0.002
"""How often the main process, waiting for helpers, looks at its own budget."""
ABORT_WAIT_SECONDS = 0.3
"""How long an aborted iteration waits for a helper's scores before dropping the helper."""
SPECULATION_MARGIN = 50
"""The floor helpers search at while the first move is searched: this far below the best
score two iterations back (scores swing between odd and even depths)."""


Result = tuple[int, int]
"""A root move's (score, the alpha it was searched at): a score above it is exact."""


@dataclass(frozen=True, slots=True)
class Shared:
    """What the processes share in an iteration: the next move, the best score, a floor, abort.

    `best` only ever holds exact scores. `floor` is a guess at the best
    (`SPECULATION_MARGIN` below the same-parity score of two iterations
    back) that helpers search at while the first move is still searched;
    the main process drops it once that is done.
    """

    next_index: Synchronized[int]
    best: Synchronized[int]
    floor: Synchronized[int]
    abort: Event

    def claim(self, count: int) -> int | None:
        """The index of the next move to search (None: all taken, or aborted)."""
        if self.abort.is_set():
            return None
        with self.next_index.get_lock():
            index = self.next_index.value
            if index >= count:
                return None
            self.next_index.value = index + 1
        return index

    def alpha(self, local: int) -> int:
        """The bound to search the next move at: the best known anywhere (or the floor)."""
        return max(local, int(self.best.value), int(self.floor.value))

    def raise_best(self, score: int) -> None:
        """Record an exact `score` if it beats the shared best."""
        with self.best.get_lock():
            if score > self.best.value:
                self.best.value = score


def take_moves(
    searcher: AlphaBeta,
    shared: Shared,
    moves: Sequence[int],
    depth: int,
    results: dict[int, Result],
) -> None:
    """Search the moves claimed from `shared`, adding each finished one to `results`."""
    local = -WIN - 1
    while (index := shared.claim(len(moves))) is not None:
        move = moves[index]
        alpha = shared.alpha(local)
        score = searcher.root_move_score(move, depth, alpha)
        results[move] = (score, alpha)
        if score > alpha:
            local = max(local, score)
            shared.raise_best(score)


def valid_scores(results: dict[int, Result], best: int) -> dict[int, int]:
    """The scores that stand once the best exact score is `best`.

    An exact score stands; a null-window "at most alpha" stands when alpha
    was no higher than `best` (searched at a floor above it, it says nothing).
    """
    return {
        move: score for move, (score, alpha) in results.items() if score > alpha or alpha <= best
    }


class _Helper:
    """One helper process and the main process's end of its pipe."""

    def __init__(self, process: SpawnProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.ready = False
        self.root: GameState | None = None
        """The position the helper was last given (None: none yet)."""

    def poll_ready(self) -> bool:
        """True once the helper has said it is ready (never blocks)."""
        if not self.ready and self.conn.poll():
            self.ready = self.conn.recv() == ("ready",)
        return self.ready

    def close(self) -> None:
        """End the process (closing the pipe ends a waiting helper; a busy one is killed)."""
        self.conn.close()
        self.process.join(0.2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(0.2)


class Helpers:
    """The helper processes of one `SearchStrategy` (started at once, ready a little later)."""

    def __init__(self, count: int, options: SearchOptions, table_limit: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.shared = Shared(
            context.Value("i", 0), context.Value("i", 0), context.Value("i", 0), context.Event()
        )
        self.helpers: list[_Helper] = []
        self.iteration = 0
        self.nodes = 0
        """Nodes the helpers have searched (added to the main budget's count per iteration)."""
        self.root: GameState | None = None
        self.best_at: dict[int, int] = {}
        """The best score of each finished iteration (depth) of the search at `root`."""
        for _ in range(count):
            mine, theirs = context.Pipe()
            process = context.Process(
                target=helper_main,
                args=(theirs, self.shared, options, table_limit),
                daemon=True,
                name="tictac-search-helper",
            )
            process.start()
            theirs.close()
            self.helpers.append(_Helper(process, mine))

    def close(self) -> None:
        """End every helper (a searching one is told to stop first)."""
        self.shared.abort.set()
        for helper in self.helpers:
            helper.close()
        self.helpers.clear()

    def ready(self) -> list[_Helper]:
        """The helpers ready to take moves now (one that has died is dropped)."""
        ready = []
        for helper in list(self.helpers):
            try:
                if helper.poll_ready():
                    ready.append(helper)
            except (OSError, EOFError):
                self._drop(helper, [])
        return ready

    def iterate(
        self,
        searcher: AlphaBeta,
        root: GameState,
        order: Sequence[int],
        depth: int,
        scores: dict[int, int],
    ) -> None:
        """One iteration over `order` at `depth`, shared with the ready helpers; fills `scores`.

        The first move is searched here with a full window; when an
        iteration two plies back gives a floor, the helpers start on the
        other moves meanwhile. On `OutOfTime` the helpers are stopped and
        their scores that stand added to `scores` (if the first move's is
        in) before it is raised again.
        """
        budget = searcher.budget
        first, rest = order[0], list(order[1:])
        helpers = self.ready() if rest and budget.deadline is not None else []
        if root is not self.root:
            self.root, self.best_at = root, {}
        floor = self._floor(depth) if helpers else None
        shared = self.shared
        results: dict[int, Result] = {}
        working: list[_Helper] = []
        try:
            if floor is not None:
                working = self._start(helpers, root, rest, depth, floor, budget)
            scores[first] = searcher.root_move_score(first, depth, -WIN - 1)
            if helpers and floor is None:
                working = self._start(helpers, root, rest, depth, -WIN - 1, budget)
            shared.raise_best(scores[first])
            shared.floor.value = -WIN - 1
            if working:
                take_moves(searcher, shared, rest, depth, results)
                self._collect(working, budget, results)
        except OutOfTime:
            shared.abort.set()
            self._collect(working, None, results)
            self._count(budget)
            if first in scores:
                scores.update(valid_scores(results, _best(scores[first], results)))
            raise
        self._count(budget)
        scores.update(valid_scores(results, _best(scores[first], results)))
        take_moves_alone(searcher, [move for move in rest if move not in scores], depth, scores)
        self.best_at[depth] = max(scores.values())

    def _count(self, budget: Budget) -> None:
        """Add the helpers' nodes since the last count to `budget`'s."""
        budget.nodes += self.nodes
        self.nodes = 0

    def _floor(self, depth: int) -> int | None:
        """The guess helpers search at during the first move (None: no guess yet)."""
        earlier = self.best_at.get(depth - 2)
        if earlier is None or abs(earlier) > MATE_ZONE:
            return None
        return earlier - SPECULATION_MARGIN

    def _start(
        self,
        helpers: list[_Helper],
        root: GameState,
        moves: list[int],
        depth: int,
        floor: int,
        budget: Budget,
    ) -> list[_Helper]:
        """Set up a new iteration and send it to `helpers`; the ones that got it."""
        self.iteration += 1
        shared = self.shared
        shared.abort.clear()
        shared.next_index.value = 0
        shared.best.value = -WIN - 1
        shared.floor.value = floor
        seconds = max(0.0, (budget.deadline or 0.0) - budget.now())
        working = []
        for helper in helpers:
            try:
                if helper.root is not root:
                    helper.conn.send(("root", root))
                    helper.root = root
                helper.conn.send(("iterate", self.iteration, moves, depth, seconds))
                working.append(helper)
            except OSError:
                self._drop(helper, [])
        return working

    def _collect(
        self, working: list[_Helper], budget: Budget | None, results: dict[int, Result]
    ) -> None:
        """Wait for each helper in `working` to send this iteration's results; add them.

        Each helper leaves `working` when it has answered (or is dropped).
        With a `budget`, it is checked while waiting (raising `OutOfTime`);
        without one (aborted), a helper silent for `ABORT_WAIT_SECONDS` is dropped.
        """
        until = time.perf_counter() + ABORT_WAIT_SECONDS
        while working:
            helper = working[0]
            while True:
                try:
                    if helper.conn.poll(POLL_SECONDS):
                        message = helper.conn.recv()
                        if message[0] == "done" and message[1] == self.iteration:
                            results.update(message[2])
                            self.nodes += message[3]
                            working.remove(helper)
                            break
                        continue  # an earlier iteration's late answer
                except (OSError, EOFError):
                    self._drop(helper, working)
                    break
                if budget is not None:
                    budget.check()
                elif time.perf_counter() > until:
                    self._drop(helper, working)
                    break

    def _drop(self, helper: _Helper, working: list[_Helper]) -> None:
        """Stop using a helper that failed (and stop waiting for it)."""
        for helpers in (self.helpers, working):
            if helper in helpers:
                helpers.remove(helper)
        helper.close()


def _best(first: int, results: dict[int, Result]) -> int:
    """The best exact score: the first move's, or a better one the helpers found."""
    return max([first, *(score for score, alpha in results.values() if score > alpha)])


def take_moves_alone(
    searcher: AlphaBeta, moves: Sequence[int], depth: int, scores: dict[int, int]
) -> None:
    """Search `moves` here, one after the other, each at the best score so far."""
    for move in moves:
        alpha = max(scores.values(), default=-WIN - 1)
        scores[move] = searcher.root_move_score(move, depth, alpha)


class _Stop:
    """A helper's stop signal: the main process aborted the iteration, or has died."""

    def __init__(self, abort: Event) -> None:
        self.abort = abort
        self.parent = multiprocessing.parent_process()

    def is_set(self) -> bool:
        """True once the helper should stop searching."""
        return self.abort.is_set() or (self.parent is not None and not self.parent.is_alive())


def helper_main(conn: Connection, shared: Shared, options: SearchOptions, table_limit: int) -> None:
    """A helper process: its standard output goes nowhere (the brain's is the protocol)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    serve(conn, shared, options, table_limit)


def serve(conn: Connection, shared: Shared, options: SearchOptions, table_limit: int) -> None:
    """A helper's life: take positions and iterations from `conn` until it closes."""
    from .alphabeta import AlphaBeta
    from .board import Board
    from .table import GameMemory

    memory = GameMemory()
    searcher: AlphaBeta | None = None
    stop = _Stop(shared.abort)
    conn.send(("ready",))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "root":
            state: GameState = message[1]
            table = memory.table_for(state)
            searcher = AlphaBeta(Board.from_state(state), Budget(), table, options)
            searcher.table_limit = table_limit
        elif message[0] == "iterate" and searcher is not None:
            _, iteration, moves, depth, seconds = message
            budget = Budget(deadline=time.perf_counter() + seconds, stop=stop)
            searcher.budget = budget
            base = searcher.board.count
            results: dict[int, Result] = {}
            try:
                take_moves(searcher, shared, moves, depth, results)
            except OutOfTime:
                while searcher.board.count > base:
                    searcher.board.unmake()
            try:
                conn.send(("done", iteration, results, budget.nodes))
            except OSError:
                return
