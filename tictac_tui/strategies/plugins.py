"""Strategies from other installed packages: the ``tictac_tui.strategies`` entry point group.

A package offers a player by naming its class in its metadata, e.g. in
its pyproject.toml::

    [project.entry-points."tictac_tui.strategies"]
    mcts = "tictac_mcts:MctsStrategy"

The entry point's name is the player's registry name. The class keeps the
same contract as the built-in players (`base.StrategyClass`): a ``name``,
a static ``supports(rules)`` and a constructor taking ``seed``; its
instances answer ``choose(state, limit)``. Plug-ins are listed without
importing them (`discover`); one is imported the first time it is asked
for (`load`). Anything wrong (a module that fails to import, a name taken
by a built-in or another plug-in, an object that is not a strategy, a
``supports`` that raises) is a `PluginError` with a message naming the
plug-in and its package, and is kept as a notice (`notices`) for the app to
show; it never stops the built-in players.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module, metadata
from typing import cast

from .base import StrategyClass

GROUP = "tictac_tui.strategies"
"""The entry point group plug-ins register in."""


class PluginError(ValueError):
    """A plug-in that can't be used; the message says which and why."""


@dataclass(frozen=True, slots=True)
class Plugin:
    """A discovered plug-in: its registry name, where its class lives, which package."""

    name: str
    module: str
    attr: str
    package: str

    def describe(self) -> str:
        """E.g. "'mcts' (tictac-mcts 0.1.0)"."""
        return f"{self.name!r} ({self.package})"


_notices: list[str] = []


def notices() -> tuple[str, ...]:
    """Every problem met with plug-ins so far, oldest first, each once."""
    return tuple(dict.fromkeys(_notices))


def record(message: str) -> str:
    """Keep `message` as a notice; return it (to raise it too)."""
    _notices.append(message)
    return message


@cache
def discover(reserved: frozenset[str]) -> dict[str, Plugin]:
    """The installed plug-ins by name, without importing them; `reserved` names are refused."""
    found: dict[str, Plugin] = {}
    try:
        points = list(metadata.entry_points(group=GROUP))
    except Exception as error:  # broken metadata of some package must not stop the game
        record(f"strategy plug-ins could not be listed: {type(error).__name__}: {error}")
        return found
    for point in points:
        dist = getattr(point, "dist", None)
        package = f"{dist.name} {dist.version}" if dist is not None else "an unknown package"
        module, _, attr = point.value.partition(":")
        plugin = Plugin(point.name, module.strip(), attr.strip(), package)
        if point.name in reserved or point.name in found:
            owner = "a built-in player" if point.name in reserved else found[point.name].package
            record(f"strategy plug-in {plugin.describe()} ignored: the name is taken by {owner}")
        elif not point.name.isidentifier() or not plugin.module or not plugin.attr:
            record(
                f"strategy plug-in {plugin.describe()} ignored: its entry point must be "
                f"NAME = 'module:Class' with a plain name, got {point.name} = {point.value!r}"
            )
        else:
            found[point.name] = plugin
    return found


@cache
def load(plugin: Plugin) -> StrategyClass:
    """The plug-in's strategy class, imported and checked; PluginError otherwise."""
    try:
        target: object = import_module(plugin.module)
        for part in plugin.attr.split("."):
            target = getattr(target, part)
    except Exception as error:  # any import-time failure of foreign code
        raise PluginError(
            record(
                f"strategy plug-in {plugin.describe()} failed to load "
                f"{plugin.module}:{plugin.attr}: {type(error).__name__}: {error}"
            )
        ) from None
    missing = [attr for attr in ("name", "supports") if not hasattr(target, attr)]
    if not callable(target) or missing or not callable(getattr(target, "supports", None)):
        what = f"it has no {' or '.join(missing)}" if missing else "it is not a strategy class"
        raise PluginError(record(f"strategy plug-in {plugin.describe()} is not a strategy: {what}"))
    return cast(StrategyClass, target)


def forget() -> None:
    """Forget what was discovered and loaded (after installing or removing a plug-in)."""
    discover.cache_clear()
    load.cache_clear()
    _notices.clear()
