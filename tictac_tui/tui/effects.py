"""What the model asks of its caller (`Effect`) and of the player (`Question`)."""

from __future__ import annotations

from enum import Enum


class Effect(Enum):
    """Something the caller of the model must do."""

    SAVE_SETTINGS = "save settings"
    SAVE_STATISTICS = "save statistics"
    SAVE_GAME = "save game"
    """Save the game on show as a new file (`Model.to_save`)."""
    LIST_GAMES = "list games"
    """Read the saved games into `Model.library` and show them."""
    REDRAW = "redraw"
    """The screen changed without a key (the computer moved, a hint came)."""


class Question(Enum):
    """A question waiting for y (any other key is no)."""

    QUIT = "quit"
    NEW_GAME = "new game"
    RESET_STATS = "reset statistics"
    PLAY_ON = "play on from the replay"
