"""The app's screens. Each has one draw function (`render.DRAW`) and one key handler
(`model.Model` dispatches through a table by screen)."""

from __future__ import annotations

from enum import Enum


class Screen(Enum):
    """What fills the terminal."""

    MENU = "menu"
    GAME = "game"
    HELP = "help"
    STATS = "stats"
    OPEN = "open"
    """The list of saved games."""
    REPLAY = "replay"
    """The replay viewer."""
