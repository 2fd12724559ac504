"""Computer players: one module each, a registry to find them by name, and the difficulties.

Depends on the engine only; the names below are imported from their modules when first read
(`..lazy`). Every player is deterministic for a given seed
(a time-limited search is not: how far it gets depends on the machine).
"""

from typing import TYPE_CHECKING

from ..lazy import Exports

if TYPE_CHECKING:
    from .base import (
        NO_LIMIT,
        Limit,
        Overtime,
        StopSignal,
        Strategy,
        StrategyClass,
        require_playable,
    )
    from .levels import HINT_LIMIT, MOVE_LIMIT, Difficulty, hint_player, player_for, strategy_name
    from .match import play_game, play_match
    from .plugins import PluginError
    from .plugins import notices as plugin_notices
    from .proof import Proven, known_result
    from .registry import (
        available_strategies,
        describe_strategy,
        get_strategy,
        is_plugin,
        strategy_class,
        strategy_names,
    )

__all__ = [
    "HINT_LIMIT",
    "MOVE_LIMIT",
    "NO_LIMIT",
    "Difficulty",
    "Limit",
    "Overtime",
    "PluginError",
    "Proven",
    "StopSignal",
    "Strategy",
    "StrategyClass",
    "available_strategies",
    "describe_strategy",
    "get_strategy",
    "hint_player",
    "is_plugin",
    "known_result",
    "play_game",
    "play_match",
    "player_for",
    "plugin_notices",
    "require_playable",
    "strategy_class",
    "strategy_name",
    "strategy_names",
]

__getattr__ = Exports(
    __name__,
    {
        ".base": (
            "NO_LIMIT",
            "Limit",
            "Overtime",
            "StopSignal",
            "Strategy",
            "StrategyClass",
            "require_playable",
        ),
        ".levels": (
            "HINT_LIMIT",
            "MOVE_LIMIT",
            "Difficulty",
            "hint_player",
            "player_for",
            "strategy_name",
        ),
        ".match": ("play_game", "play_match"),
        ".plugins": ("PluginError", "notices as plugin_notices"),
        ".proof": ("Proven", "known_result"),
        ".registry": (
            "available_strategies",
            "describe_strategy",
            "get_strategy",
            "is_plugin",
            "strategy_class",
            "strategy_names",
        ),
    },
)
