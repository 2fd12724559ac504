"""What an engine is (`EngineSpec`) and what can go wrong with one (`EngineError`).

Every failure of a hosted engine is an `EngineError` naming the engine and
saying what it did (`Fault`); an illegal answer is its subclass
`IllegalEngineMove`, an answer past the time limit `LostOnTime`. Also here, for the
game layer to read without loading the engine host: `GameType`, `START_SECONDS` and
`is_engine`.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, TypeGuard

from ..engine import Move
from ..i18n import N_, _

if TYPE_CHECKING:
    from .strategy import EngineStrategy

START_SECONDS = 30.0
"""How long an engine has to answer START (loading a network or a book takes a while)."""


class GameType(int, Enum):
    """``INFO game_type``: who the engine plays against."""

    HUMAN = 0
    BRAIN = 1
    TOURNAMENT = 2
    NETWORK_TOURNAMENT = 3


def is_engine(player: object) -> TypeGuard[EngineStrategy]:
    """Whether `player` is a hosted engine (`strategy.EngineStrategy`); asks without importing
    the engine host, since no player can be one before its module is loaded."""
    module = sys.modules.get(f"{__package__}.strategy")
    return module is not None and isinstance(player, module.EngineStrategy)


NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")
"""An engine's name: 1-40 letters, digits, ``.``, ``_`` or ``-``, starting with a letter or
digit."""


def valid_name(name: str) -> bool:
    """Whether `name` can name an engine (`NAME_PATTERN`)."""
    return NAME_PATTERN.match(name) is not None


@dataclass(frozen=True, slots=True)
class EngineSpec:
    """An engine by name and the command that starts it (program and arguments)."""

    name: str
    command: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("an engine needs a name")
        if not self.command or not all(isinstance(arg, str) for arg in self.command):
            raise ValueError(f"engine {self.name!r} needs a command: a program and its arguments")


class Fault(Enum):
    """What a hosted engine did wrong."""

    NOT_FOUND = N_("was not found")
    NOT_STARTED = N_("could not be started")
    EXITED = N_("exited")
    NO_ANSWER = N_("did not answer in time")
    REFUSED = N_("refused")
    GARBAGE = N_("printed something that is not an answer")
    ILLEGAL = N_("played an illegal move")
    LOST_ON_TIME = N_("thought past its time and loses")
    CLOSED = N_("was already ended")


class EngineError(RuntimeError):
    """A hosted engine failed; `engine` is its name, `fault` what it did, `detail` more."""

    def __init__(self, engine: str, fault: Fault, detail: str = "") -> None:
        text = f"engine {engine!r} {fault.value}"
        super().__init__(f"{text}: {detail}" if detail else text)
        self.engine = engine
        self.fault = fault
        self.detail = detail

    def message(self) -> str:
        """The one line a player reads, in the current language (the detail stays as said)."""
        text = _("Engine {name} {fault}").format(name=self.engine, fault=_(self.fault.value))
        return f"{text}: {self.detail}" if self.detail else text


class IllegalEngineMove(EngineError):
    """The engine answered a square that can't be played: `move` (row, col), `reason` why."""

    def __init__(self, engine: str, move: Move, reason: str) -> None:
        super().__init__(engine, Fault.ILLEGAL, reason)
        self.move = move
        self.reason = reason


class LostOnTime(EngineError):
    """No move by the deadline (the time limit plus a grace): Gomocup scores it as a loss."""

    def __init__(self, engine: str, seconds: float) -> None:
        super().__init__(engine, Fault.LOST_ON_TIME, f"no move within {seconds:.1f} s")
        self.seconds = seconds

    def late(self) -> EngineError:
        """The same lateness where nothing is lost (a hint): "did not answer in time"."""
        return EngineError(self.engine, Fault.NO_ANSWER, self.detail)
