"""The registry of computer players, weakest first.

Each entry names a class with a ``name``, a ``supports(rules)`` static method
and a constructor taking keyword options (``seed`` at least). Classes are
imported on first use, so a slow-to-import player costs nothing until asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..engine import Rules
from .base import Strategy

_ENTRIES: dict[str, tuple[str, str, str]] = {
    # name: (module, class, one-line description), in difficulty order.
    "random": ("random_player", "RandomStrategy", "a uniformly random legal move"),
    "heuristic": ("heuristic", "HeuristicStrategy", "win, else block, else the best-placed square"),
    "search": ("search", "SearchStrategy", "threat search and alpha-beta under a time budget"),
    "perfect": ("perfect", "PerfectStrategy", "exact game-theoretic play on small boards"),
}


def _strategy_class(name: str) -> Any:
    if name not in _ENTRIES:
        known = ", ".join(_ENTRIES)
        raise ValueError(f"unknown strategy {name!r}: known strategies are {known}")
    module, cls, _ = _ENTRIES[name]
    return getattr(import_module(f"{__package__}.{module}"), cls)


def strategy_names() -> tuple[str, ...]:
    """Every registered strategy name, weakest first."""
    return tuple(_ENTRIES)


def describe_strategy(name: str) -> str:
    """A one-line description of a registered strategy."""
    _strategy_class(name)
    return _ENTRIES[name][2]


def available_strategies(rules: Rules) -> tuple[str, ...]:
    """The strategies that can play on `rules`, in difficulty order (strongest last)."""
    return tuple(name for name in _ENTRIES if _strategy_class(name).supports(rules))


def get_strategy(
    name: str, *, seed: int | None = None, rules: Rules | None = None, **options: Any
) -> Strategy:
    """A new player by name, seeded with `seed`, with strategy-specific `options`.

    With `rules`, raise ValueError if the strategy can't play on that board.
    """
    cls = _strategy_class(name)
    if rules is not None and not cls.supports(rules):
        offered = ", ".join(available_strategies(rules))
        raise ValueError(
            f"{name!r} can't play {rules.describe()}: strategies for that board are {offered}"
        )
    strategy: Strategy = cls(seed=seed, **options)
    return strategy
