"""`TurnTimer`: whether another alpha-beta iteration can bear fruit in the time left.

Under a time limit the search deepens until its deadline. An iteration
whose first move (the best so far, searched with a full window, the biggest
share of an iteration's work) can't finish before the deadline is wasted: an
interrupted iteration counts only through the moves it finished. So after
each finished iteration the timer predicts the next one's first move from
the iteration just finished: each iteration costs about `GROWTH` times the
one before (measured: the median ratio of the node counts of successive
iterations on self-play middle games was about 4), and its first move about
`FIRST_MOVE_SHARE` of it. When that does not fit in the time left, the
deepening stops and the rest of the turn goes to the check of alpha-beta's
move against the opponent's VCT (player.py), which can use it.

The timer reads the clock it is given, so a test drives it with a fake one.
"""

from __future__ import annotations

from collections.abc import Callable

GROWTH = 4.0
"""About how many times the work of an iteration the next one costs."""
FIRST_MOVE_SHARE = 0.25
"""About what share of an iteration's work its first move takes (the upper quartile measured:
the table kept from the last move makes many first moves nearly free)."""


class TurnTimer:
    """Times the iterations of one alpha-beta search with a deadline (see the module).

    `now` is the clock (seconds, any origin, the deadline's); the search
    begins when the timer is made.
    """

    def __init__(self, deadline: float, now: Callable[[], float]) -> None:
        self.deadline = deadline
        self.now = now
        self.last = now()
        """When the last iteration ended (or the search began)."""
        self.iterations: list[float] = []
        """Seconds each finished iteration took, in order."""

    def deepen(self) -> bool:
        """Called after each finished iteration: whether to start the next one.

        False when the next iteration's first move is predicted not to
        finish before the deadline (`GROWTH`, `FIRST_MOVE_SHARE`).
        """
        now = self.now()
        took = now - self.last
        self.last = now
        self.iterations.append(took)
        return took * GROWTH * FIRST_MOVE_SHARE <= self.deadline - now
