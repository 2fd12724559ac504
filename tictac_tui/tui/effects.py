"""What the model asks of its caller (`Effect`) and of the player (`Question`)."""

from __future__ import annotations

from enum import Enum


class Effect(Enum):
    """Something the caller of the model must do."""

    SAVE_SETTINGS = "save settings"
    SAVE_STATISTICS = "save statistics"
    REDRAW = "redraw"
    """The screen changed without a key (the computer moved, a hint came)."""


class Question(Enum):
    """A question waiting for y (any other key is no)."""

    QUIT = "quit"
    NEW_GAME = "new game"
    RESET_STATS = "reset statistics"
