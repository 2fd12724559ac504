"""The search budget: a deadline on the clock, a number of nodes, and a stop signal."""

from __future__ import annotations

import time

from ..base import Overtime, StopSignal


class OutOfTime(Exception):
    """Raised inside a search when its budget is spent; the caller unwinds the board."""


class Budget:
    """Counts nodes; stops the search at `deadline` (on `now`), at `node_limit`, or on `stop`.

    Each bound is optional. With a node limit and no deadline the clock is
    never read, so a search is reproducible; with both, whichever comes first
    ends it (a node limit never lifts the time limit).
    """

    CHECK_EVERY = 32
    """Nodes between looks at the clock and the stop signal."""

    def __init__(
        self,
        *,
        deadline: float | None = None,
        node_limit: int | None = None,
        stop: StopSignal | None = None,
        overtime: Overtime | None = None,
    ) -> None:
        self.deadline = deadline
        self.node_limit = node_limit
        self.stop = stop
        self.overtime = overtime
        """Time left out of its clock (`now`), shared with its sub-budgets."""
        self.nodes = 0
        self.expired = False
        self._next_check = self.CHECK_EVERY

    def tick(self) -> None:
        """Count one node; raise OutOfTime when the budget is spent."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + self.CHECK_EVERY
            self.check()

    def check(self) -> None:
        """Raise OutOfTime if the budget is spent (without counting a node).

        Once spent it stays spent: `expired` is set, and every later tick
        raises again at once (a caller that catches one `OutOfTime` and goes
        on can't run on for another `CHECK_EVERY` nodes).
        """
        if (
            self.expired
            or (self.stop is not None and self.stop.is_set())
            or (self.node_limit is not None and self.nodes >= self.node_limit)
            or (self.deadline is not None and self.now() >= self.deadline)
        ):
            self.expired = True
            self._next_check = self.nodes
            raise OutOfTime

    def sub(self, share: float) -> Budget:
        """A budget for a sub-search: `share` of what is left of each bound, same signal."""
        node_limit = None
        if self.node_limit is not None:
            left = max(0, self.node_limit - self.nodes)
            node_limit = max(1, int(left * share))
        deadline = None
        if self.deadline is not None:
            now = self.now()
            deadline = now + max(0.0, self.deadline - now) * share
        return Budget(
            deadline=deadline, node_limit=node_limit, stop=self.stop, overtime=self.overtime
        )

    def now(self) -> float:
        """The clock the deadline is on: ``time.perf_counter`` less the time `overtime` left
        out."""
        now = time.perf_counter()
        return now if self.overtime is None else self.overtime.clock(now)

    def spend(self, child: Budget) -> None:
        """Add a sub-search's nodes to this budget's count."""
        self.nodes += child.nodes
