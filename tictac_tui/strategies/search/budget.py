"""The search budget: a deadline on the clock or a fixed number of nodes."""

from __future__ import annotations

import time


class OutOfTime(Exception):
    """Raised inside a search when its budget is spent; the caller unwinds the board."""


class Budget:
    """Counts nodes and stops the search at `deadline` (perf_counter) or at `node_limit`.

    With a node limit the clock is ignored, so a search is reproducible.
    """

    CHECK_EVERY = 32
    """Nodes between looks at the clock."""

    def __init__(self, *, deadline: float | None = None, node_limit: int | None = None) -> None:
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self._next_check = self.CHECK_EVERY

    def tick(self) -> None:
        """Count one node; raise OutOfTime when the budget is spent."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + self.CHECK_EVERY
            self.check()

    def check(self) -> None:
        """Raise OutOfTime if the budget is spent (without counting a node)."""
        if self.node_limit is not None:
            if self.nodes >= self.node_limit:
                raise OutOfTime
        elif self.deadline is not None and time.perf_counter() >= self.deadline:
            raise OutOfTime

    def sub(self, share: float) -> Budget:
        """A budget for a sub-search: `share` of what is left, same kind of limit."""
        if self.node_limit is not None:
            left = max(0, self.node_limit - self.nodes)
            return Budget(node_limit=max(1, int(left * share)))
        if self.deadline is None:
            return Budget()
        now = time.perf_counter()
        return Budget(deadline=now + max(0.0, self.deadline - now) * share)

    def spend(self, child: Budget) -> None:
        """Add a sub-search's nodes to this budget's count."""
        self.nodes += child.nodes
