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

import os
import sys
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from importlib.machinery import PathFinder
from pathlib import Path
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


METADATA_FOLDERS = (".dist-info", ".egg-info")
"""How the folders holding an installed distribution's metadata are named."""


def none_declared() -> bool:
    """Whether surely no installed distribution declares a plug-in: no ``entry_points.txt``
    in a metadata folder (`METADATA_FOLDERS`) of a folder on ``sys.path`` mentions `GROUP`.

    A quick look (a few milliseconds) that spares importing `importlib.metadata` (tens of
    milliseconds) at every start of the app and the brain. False whenever unsure: a path
    entry that is not a folder (a zip), or a finder of distributions other than the
    standard one (then `importlib.metadata` is asked)."""
    for finder in sys.meta_path:
        if finder is not PathFinder and hasattr(finder, "find_distributions"):
            return False
    for entry in sys.path:
        where = Path(entry or ".")
        if not where.exists():
            continue
        if not where.is_dir():
            return False
        try:
            names = os.listdir(where)
        except OSError:
            return False
        for name in names:
            if not name.lower().endswith(METADATA_FOLDERS):
                continue
            points = where / name / "entry_points.txt"
            try:
                if GROUP.encode() in points.read_bytes():
                    return False
            except (FileNotFoundError, NotADirectoryError):  # none, or an .egg-info file
                continue
            except OSError:  # unreadable: ask the library
                return False
    return True


@cache
def discover(reserved: frozenset[str]) -> dict[str, Plugin]:
    """The installed plug-ins by name, without importing them; `reserved` names are refused."""
    found: dict[str, Plugin] = {}
    if none_declared():
        return found
    from importlib import metadata  # only now: its import is the slow part of discovery

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
