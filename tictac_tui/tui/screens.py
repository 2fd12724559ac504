"""The app's screens, by name. What each one is (how it draws, its keys, its
controller) is its spec in `specs.SPECS`."""

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
    EDITOR = "editor"
    """The position editor."""
