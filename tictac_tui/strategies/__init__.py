"""Computer players: one module each, and a registry to find them by name.

Depends on the engine only. Every player is deterministic for a given seed.
"""

from .base import Strategy, require_playable
from .match import play_game, play_match
from .registry import available_strategies, describe_strategy, get_strategy, strategy_names

__all__ = [
    "Strategy",
    "available_strategies",
    "describe_strategy",
    "get_strategy",
    "play_game",
    "play_match",
    "require_playable",
    "strategy_names",
]
