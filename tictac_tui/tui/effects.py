"""What the model asks of its caller (`Effect`, `SaveGame`, `ListGames`) and of the
player (`Question`).

An effect carries the data it needs: `SaveGame(record)` saves that record. The
three `Effect` members carry none on purpose: they save, or redraw, what the app
holds when they are performed (its settings, its statistics, its screen).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from ..records import GameRecord


class Effect(Enum):
    """Something the caller of the model must do, about what the app holds now."""

    SAVE_SETTINGS = "save settings"
    SAVE_STATISTICS = "save statistics"
    REDRAW = "redraw"
    """The screen changed without a key (the computer moved, a hint came)."""


@dataclass(frozen=True, eq=False, slots=True)
class SaveGame:
    """Save `record` as a new file in the games folder."""

    record: GameRecord


@dataclass(frozen=True, slots=True)
class ListGames:
    """Read the saved games and show them (`Model.show_library`)."""


@dataclass(frozen=True, slots=True)
class LoadPosition:
    """Read the game record in the file `path` for the position editor
    (`Model.position_loaded`, or a message saying why not)."""

    path: str


AnyEffect: TypeAlias = Effect | SaveGame | ListGames | LoadPosition
"""One thing the caller of the model must do."""

Effects: TypeAlias = set[AnyEffect]
"""What one entry point of the model asks of its caller."""


class Question(Enum):
    """A question waiting for y (any other key is no)."""

    QUIT = "quit"
    NEW_GAME = "new game"
    RESET_STATS = "reset statistics"
    PLAY_ON = "play on from the replay"
