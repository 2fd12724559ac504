"""The registry of computer players, weakest first.

Each entry names a class with a ``name``, a ``supports(rules)`` static method
and a constructor taking ``seed`` (`base.StrategyClass`). Classes are
imported on first use, so a slow-to-import player costs nothing until asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import cast

from ..engine import Rules
from .base import Strategy, StrategyClass


@dataclass(frozen=True, slots=True)
class Entry:
    """Where a registered player lives, and what it does in one line."""

    module: str
    cls: str
    description: str


_ENTRIES: dict[str, Entry] = {
    # name: entry, in difficulty order.
    "random": Entry("random_player", "RandomStrategy", "a uniformly random legal move"),
    "heuristic": Entry(
        "heuristic", "HeuristicStrategy", "win, else block, else the best-placed square"
    ),
    "search": Entry("search", "SearchStrategy", "threat search and alpha-beta under a time budget"),
    "perfect": Entry("perfect", "PerfectStrategy", "exact game-theoretic play on small boards"),
}


def strategy_class(name: str) -> StrategyClass:
    """The class registered as `name`; ValueError naming the known ones otherwise."""
    if name not in _ENTRIES:
        known = ", ".join(_ENTRIES)
        raise ValueError(f"unknown strategy {name!r}: known strategies are {known}")
    entry = _ENTRIES[name]
    return cast(StrategyClass, getattr(import_module(f"{__package__}.{entry.module}"), entry.cls))


def strategy_names() -> tuple[str, ...]:
    """Every registered strategy name, weakest first."""
    return tuple(_ENTRIES)


def describe_strategy(name: str) -> str:
    """A one-line description of a registered strategy."""
    strategy_class(name)
    return _ENTRIES[name].description


def available_strategies(rules: Rules) -> tuple[str, ...]:
    """The strategies that can play on `rules`, in difficulty order (strongest last)."""
    return tuple(name for name in _ENTRIES if strategy_class(name).supports(rules))


def get_strategy(name: str, *, seed: int | None = None, rules: Rules | None = None) -> Strategy:
    """A new player by name, seeded with `seed`.

    With `rules`, raise ValueError if the strategy can't play on that board.
    """
    cls = strategy_class(name)
    if rules is not None and not cls.supports(rules):
        offered = ", ".join(available_strategies(rules))
        raise ValueError(
            f"{name!r} can't play {rules.describe()}: strategies for that board are {offered}"
        )
    return cls(seed=seed)
