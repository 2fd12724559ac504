"""The contract every computer player keeps: `Strategy`, asked with one `Limit`.

A strategy is asked ``choose(state, limit)`` for a legal move of the side to
move, the way python-chess passes one ``engine.Limit`` to every engine. A
`Limit` bounds the thinking (seconds, nodes, plies; any may be absent) and
may carry a `StopSignal`: once it is set, a searching player returns the
best move it has found so far as soon as it next looks (within a few
milliseconds), and an `Overtime`: time left out of its clock while it
thinks, which moves every deadline of the search that much later (a
pondering brain's search thinks on the opponent's time). Players that
answer at once ignore the limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from ..engine import GameState, Move, Rules


class StopSignal(Protocol):
    """Anything with ``is_set()``: a `threading.Event` is one."""

    def is_set(self) -> bool:
        """True once the search should stop and answer."""
        ...


class Overtime:
    """Time a running search leaves out of its clock: held, then released, from any thread.

    The search reads its clock through `clock`. While held (`hold`) that
    clock stands still, for at most the hold's `most` seconds; `release`
    lets it run again, the time held left out for good (`seconds`). So every
    deadline the search set, and every share of the time it gave its parts,
    moves that much later: a pondering brain's search thinks on while the
    opponent does, and becomes the turn's when the expected move comes.
    """

    def __init__(self) -> None:
        self._state: tuple[float, float | None, float] = (0.0, None, 0.0)
        """(seconds left out, held since or None, most seconds of that hold): one tuple,
        replaced whole, so a reader in another thread never sees half a change."""

    @property
    def seconds(self) -> float:
        """The seconds left out by holds released so far."""
        return self._state[0]

    @property
    def held(self) -> bool:
        """Whether the clock is held now."""
        return self._state[1] is not None

    def hold(self, at: float, most: float) -> None:
        """Hold the clock from `at` (on the caller's clock) for at most `most` seconds."""
        self._state = (self._state[0], at, max(most, 0.0))

    def release(self, at: float) -> None:
        """Let the clock run again from `at`; nothing if it is not held."""
        out, since, most = self._state
        if since is not None:
            self._state = (out + min(max(at - since, 0.0), most), None, 0.0)

    def clock(self, now: float) -> float:
        """The search's time for the caller's `now`: less what was left out, standing still
        while held (up to the hold's most)."""
        out, since, most = self._state
        if since is None:
            return now - out
        return now - out - min(max(now - since, 0.0), most)


@dataclass(frozen=True, slots=True)
class Limit:
    """How long a player may think: seconds, nodes and plies (None: no bound of that kind).

    A player with no bound of its own kind uses its default budget (the
    search player: `DEFAULT_SECONDS`). `stop`, when set, ends the thinking
    early; `overtime` leaves time out of its clock (see `Overtime`). Neither
    is part of the limit's value (two limits differing only in them are
    equal).
    """

    time: float | None = None
    nodes: int | None = None
    depth: int | None = None
    stop: StopSignal | None = field(default=None, compare=False, repr=False)
    overtime: Overtime | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.time is not None and (
            isinstance(self.time, bool)
            or not isinstance(self.time, int | float)
            or not self.time > 0
        ):
            raise ValueError(f"Limit time must be a positive number of seconds, got {self.time!r}")
        for name in ("nodes", "depth"):
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 1
            ):
                raise ValueError(f"Limit {name} must be a positive whole number, got {value!r}")

    @property
    def stopped(self) -> bool:
        """True once the stop signal (if any) is set."""
        return self.stop is not None and self.stop.is_set()


DEFAULT_SECONDS = 1.0
"""Thinking time of a searching player asked without a time or node bound."""

NO_LIMIT = Limit()
"""The limit of a plain ``choose(state)``: each player's default budget."""


@runtime_checkable
class Strategy(Protocol):
    """A computer player: `choose` returns a legal move for the side to move."""

    name: str

    def supports(self, rules: Rules) -> bool:
        """Whether this player can play on `rules`."""
        ...

    def choose(self, state: GameState, limit: Limit = NO_LIMIT) -> Move:
        """A legal move in `state` within `limit`. Raises ValueError if the game is over."""
        ...


class StrategyClass(Protocol):
    """What the registry holds: a class (or factory) with a name and `supports`."""

    name: str

    def supports(self, rules: Rules) -> bool:
        """Whether the player this makes can play on `rules`."""
        ...

    def __call__(self, *, seed: int | None = None) -> Strategy:
        """A new player, reproducible for a given `seed`."""
        ...


def require_playable(state: GameState) -> None:
    """Raise ValueError when there is nothing to choose: the game is over."""
    if state.is_over:
        raise ValueError("can't choose a move: the game is over")
