"""The brain's player, kept between moves (a search keeps what it learnt) and set as `Settings` say.

`Seat` makes the player for a board's rules, gives it the processes and
the table size the settings allow (`configure`), clears it
(``yxhashclear``) and ends its other processes before the brain exits.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import GameState, Rules
from ..strategies import Strategy, get_strategy, strategy_names
from .settings import Settings
from .thinking import Analyst


@runtime_checkable
class TableSized(Protocol):
    """A player whose transposition table holds at most `table_limit` entries."""

    table_limit: int


@runtime_checkable
class Threaded(Protocol):
    """A player that can search with several processes (``INFO thread_num``)."""

    threads: int

    def close(self) -> None:
        """End the other processes."""
        ...


@runtime_checkable
class Clearable(Protocol):
    """A player that can forget what it learnt (``yxhashclear``)."""

    def clear(self) -> None:
        """Forget the transposition table."""
        ...


class Seat:
    """The player of strategy `strategy_name` (made on the first move, remade for new rules)."""

    def __init__(self, strategy_name: str, seed: int | None) -> None:
        if strategy_name not in strategy_names():
            raise ValueError(
                f"unknown strategy {strategy_name!r}: known are {', '.join(strategy_names())}"
            )
        self.strategy_name = strategy_name
        self.seed = seed
        self._player: Strategy | None = None
        self._rules: Rules | None = None
        self._default_table: int | None = None

    def supports(self, rules: Rules) -> bool:
        """Whether the strategy can play a game under `rules`."""
        try:
            get_strategy(self.strategy_name, rules=rules)
        except ValueError:
            return False
        return True

    def player_for(self, state: GameState, settings: Settings) -> Strategy:
        """The player for these rules, kept between moves (a search keeps what it learnt)."""
        if self._player is None or self._rules != state.rules:
            self._player = get_strategy(self.strategy_name, seed=self.seed, rules=state.rules)
            self._rules = state.rules
            self._default_table = None
            self.configure(settings)
        return self._player

    def evaluator(self, state: GameState, settings: Settings) -> Strategy:
        """The player that scores swap2 positions: ours if it analyses, else a `search`."""
        player = self.player_for(state, settings)
        if isinstance(player, Analyst):
            return player
        return get_strategy("search", rules=state.rules)

    def configure(self, settings: Settings) -> None:
        """Give the player the settings' processes and cap its table by their memory.

        The table never grows above the player's own default size.
        """
        player = self._player
        if isinstance(player, Threaded):
            player.threads = settings.threads
        if isinstance(player, TableSized):
            if self._default_table is None:
                self._default_table = player.table_limit
            player.table_limit = settings.table_entries(self._default_table)

    def clear(self) -> None:
        """``yxhashclear``: the player forgets what it learnt, if it can."""
        if isinstance(self._player, Clearable):
            self._player.clear()

    def close(self) -> None:
        """End the player's other processes, if it has any (before the brain exits)."""
        if isinstance(self._player, Threaded):
            self._player.close()
