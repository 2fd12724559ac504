"""Time controls: what a game's clocks allow, as a value and as text (``--clock``, settings).

The text form, one per kind (``m`` minutes, ``s`` seconds, whole numbers):

- ``none``: no clock;
- ``30s/move`` (or ``1m/move``): each move within that time, unused time not kept;
- ``5m/game`` (or ``90s/game``): the whole game within that time for each side;
- ``5m+3s``: Fischer: that time for the game, and the seconds after the ``+``
  added to a side's clock after each of its moves.

Pure: no clock is read here (`play.clock.GameClock` does the arithmetic of a game).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

MAX_SECONDS = 24 * 3600
"""The longest time a control gives (a move's or a game's): a day."""
MAX_INCREMENT = 3600
"""The largest Fischer increment: an hour."""
_AMOUNT = r"(\d{1,6})([sm])"
_FORMS = {
    "move": re.compile(rf"{_AMOUNT}/move"),
    "game": re.compile(rf"{_AMOUNT}/game"),
    "fischer": re.compile(rf"{_AMOUNT}\+{_AMOUNT}"),
}


class ClockKind(str, Enum):
    """How a control measures time: not at all, per move, per game, per game with increment."""

    NONE = "none"
    MOVE = "move"
    GAME = "game"
    FISCHER = "fischer"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A kind, its seconds (a move's or a game's) and, for Fischer, the increment."""

    kind: ClockKind = ClockKind.NONE
    seconds: int = 0
    increment: int = 0

    def __post_init__(self) -> None:
        if self.kind is ClockKind.NONE:
            if self.seconds or self.increment:
                raise ValueError("no clock has no time")
            return
        if not 1 <= self.seconds <= MAX_SECONDS:
            raise ValueError(f"a clock's time must be 1 s to {MAX_SECONDS // 3600} hours")
        if self.kind is ClockKind.FISCHER and not 0 <= self.increment <= MAX_INCREMENT:
            raise ValueError(f"a Fischer increment must be 0 to {MAX_INCREMENT} s")
        if self.kind is not ClockKind.FISCHER and self.increment:
            raise ValueError("only a Fischer clock has an increment")

    @property
    def timed(self) -> bool:
        """Whether there is a clock at all."""
        return self.kind is not ClockKind.NONE

    @property
    def value(self) -> str:
        """The text form (`parse_control` reads it back)."""
        if self.kind is ClockKind.NONE:
            return "none"
        if self.kind is ClockKind.FISCHER:
            return f"{_amount(self.seconds)}+{self.increment}s"
        return f"{_amount(self.seconds)}/{self.kind.value}"

    def __str__(self) -> str:
        return self.value


NO_CLOCK = TimeControl()


def _amount(seconds: int) -> str:
    return f"{seconds // 60}m" if seconds % 60 == 0 else f"{seconds}s"


def _seconds(number: str, unit: str) -> int:
    return int(number) * (60 if unit == "m" else 1)


def parse_control(text: str) -> TimeControl:
    """The control written as `text` (see the module docstring). Raises ValueError saying why."""
    if not isinstance(text, str):
        raise ValueError(f"not a time control: {text!r}")
    written = text.strip().lower()
    if written == "none":
        return NO_CLOCK
    for kind, form in _FORMS.items():
        found = form.fullmatch(written)
        if found is None:
            continue
        seconds = _seconds(found[1], found[2])
        if kind == "fischer":
            return TimeControl(ClockKind.FISCHER, seconds, _seconds(found[3], found[4]))
        return TimeControl(ClockKind(kind), seconds)
    raise ValueError(
        f"not a time control: {text!r} (none, 30s/move, 5m/game, or 5m+3s for Fischer)"
    )


PRESETS = (
    NO_CLOCK,
    TimeControl(ClockKind.MOVE, 30),
    TimeControl(ClockKind.GAME, 5 * 60),
    TimeControl(ClockKind.GAME, 10 * 60),
    TimeControl(ClockKind.FISCHER, 5 * 60, 3),
)
"""The controls the menu steps through (a control given with ``--clock`` joins them)."""
