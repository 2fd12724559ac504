"""The registry of computer players: the built-in ones weakest first, then plug-ins.

Each entry names a class with a ``name``, a ``supports(rules)`` static method
and a constructor taking ``seed`` (`base.StrategyClass`). Classes are
imported on first use, so a slow-to-import player costs nothing until asked for.
Players from other installed packages join through the
``tictac_tui.strategies`` entry point group (`plugins.py`), after the
built-in ones and in name order; a broken plug-in is left out of
`available_strategies` (with a notice in `plugins.notices`) and asking for
it by name is a ValueError naming it, never a crash.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import cast

from ..engine import Rules
from . import plugins
from .base import Strategy, StrategyClass


@dataclass(frozen=True, slots=True)
class Entry:
    """Where a registered player lives: its module and class."""

    module: str
    cls: str


_ENTRIES: dict[str, Entry] = {
    # name: entry, in difficulty order.
    "random": Entry("random_player", "RandomStrategy"),
    "heuristic": Entry("heuristic", "HeuristicStrategy"),
    "casual": Entry("ladder", "CasualStrategy"),
    "club": Entry("ladder", "ClubStrategy"),
    "strong": Entry("ladder", "StrongStrategy"),
    "expert": Entry("ladder", "ExpertStrategy"),
    "search": Entry("search", "SearchStrategy"),
    "proven": Entry("proven", "ProvenStrategy"),
    "perfect": Entry("perfect", "PerfectStrategy"),
}


def _plugins() -> dict[str, plugins.Plugin]:
    return plugins.discover(frozenset(_ENTRIES))


def strategy_class(name: str) -> StrategyClass:
    """The class registered as `name`; ValueError naming the known ones otherwise.

    A plug-in that can't be loaded is a `plugins.PluginError` (a ValueError).
    """
    if name in _ENTRIES:
        entry = _ENTRIES[name]
        module = import_module(f"{__package__}.{entry.module}")
        return cast(StrategyClass, getattr(module, entry.cls))
    plugin = _plugins().get(name)
    if plugin is None:
        known = ", ".join(strategy_names())
        raise ValueError(f"unknown strategy {name!r}: known strategies are {known}")
    return plugins.load(plugin)


def strategy_names() -> tuple[str, ...]:
    """Every registered strategy name: the built-in ones weakest first, then plug-ins."""
    return (*_ENTRIES, *sorted(_plugins()))


def is_plugin(name: str) -> bool:
    """Whether `name` is a strategy from another package (not a built-in one)."""
    return name not in _ENTRIES and name in _plugins()


def describe_strategy(name: str) -> str:
    """A one-line description of a registered strategy: its class's docstring summary, and
    for a plug-in the package it comes from (the built-in players' words for people are
    `tictac_tui.words.strategy_description`)."""
    doc = (strategy_class(name).__doc__ or "").strip().splitlines()
    summary = doc[0].rstrip(".") if doc else "a strategy"
    if name in _ENTRIES:
        return summary
    return f"{summary} (plug-in from {_plugins()[name].package})"


def supports(name: str, rules: Rules) -> bool:
    """Whether the strategy `name` plays `rules`; False (with a notice) for a broken plug-in."""
    try:
        return bool(strategy_class(name).supports(rules))
    except plugins.PluginError:
        return False
    except Exception as error:  # a plug-in's own supports() failing
        if name in _ENTRIES:
            raise
        plugins.record(
            f"strategy plug-in {_plugins()[name].describe()} failed in supports: "
            f"{type(error).__name__}: {error}"
        )
        return False


def available_strategies(rules: Rules, *, include_plugins: bool = True) -> tuple[str, ...]:
    """The strategies that can play on `rules`: built-in in difficulty order, then plug-ins."""
    names = strategy_names() if include_plugins else tuple(_ENTRIES)
    return tuple(name for name in names if supports(name, rules))


def plugins_for(rules: Rules) -> tuple[str, ...]:
    """The plug-ins that can play on `rules`, in name order (the built-in players' modules
    are not imported to find them)."""
    return tuple(name for name in sorted(_plugins()) if supports(name, rules))


def get_strategy(name: str, *, seed: int | None = None, rules: Rules | None = None) -> Strategy:
    """A new player by name, seeded with `seed`.

    With `rules`, raise ValueError if the strategy can't play on that board.
    A plug-in that fails to load or to start is a `plugins.PluginError`.
    """
    cls = strategy_class(name)
    if rules is not None and not supports(name, rules):
        offered = ", ".join(available_strategies(rules))
        raise ValueError(
            f"{name!r} can't play {rules.describe()}: strategies for that board are {offered}"
        )
    if name in _ENTRIES:
        return cls(seed=seed)
    try:
        return cls(seed=seed)
    except Exception as error:  # a plug-in's constructor failing
        raise plugins.PluginError(
            plugins.record(
                f"strategy plug-in {_plugins()[name].describe()} failed to start: "
                f"{type(error).__name__}: {error}"
            )
        ) from None
