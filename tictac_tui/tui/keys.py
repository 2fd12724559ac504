"""The one key table: every key the app knows, mapped to a `Command`.

A `Command` names a group of keys (`FORBIDDEN` is f, `RESET` is r), the same on
every screen; what it does there is that screen's `actions.Action`, bound in
`bindings` (f toggles renju's marks in a game and plays on with a friend in the
viewer), where the help screen and the key hints come from. A key that is not
here is `Command.OTHER` (a screen's `Keymap.other`: nothing, or back). Windows
terminals may send arrows as the keypad codes KEY_A2, KEY_B1, KEY_B3 and KEY_C2, and
Ctrl-C as key 3: both are mapped.
"""

from __future__ import annotations

import curses
from dataclasses import dataclass
from enum import Enum


class Command(Enum):
    """A group of keys (what the key is, not what it does: see `actions.Action`)."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    SELECT = "select"
    DIGIT = "digit"
    GOTO = "goto"
    UNDO = "undo"
    HINT = "hint"
    FORBIDDEN = "forbidden"
    """Show or hide renju's forbidden points."""
    PAUSE = "pause"
    STEP = "step"
    FASTER = "faster"
    SLOWER = "slower"
    NEW = "new"
    SAVE = "save"
    OPEN = "open"
    MOVES = "moves"
    HOME = "home"
    END = "end"
    COMPUTER = "computer"
    MENU = "menu"
    HELP = "help"
    RESET = "reset"
    QUIT = "quit"
    YES = "yes"
    INTERRUPT = "interrupt"
    RESIZE = "resize"
    NUMBERS = "numbers"
    """Move numbers on the stones."""
    EDIT = "edit"
    """The position editor."""
    ANALYSE = "analyse"
    """Show or hide the analysis panel (in the position editor: analyse the position)."""
    BEST_LINE = "best line"
    """The analysis's best line on the board, or not (in the position editor: a black stone)."""
    MORE_BEST = "more best"
    FEWER_BEST = "fewer best"
    EXAMINE = "examine"
    """Review the whole game."""
    NEXT_MISTAKE = "next mistake"
    PREVIOUS_MISTAKE = "previous mistake"
    OTHER = "other"
    """A key the table doesn't have."""


def _keys(*names: str) -> tuple[int, ...]:
    """Key codes of curses KEY_* names that exist on this platform."""
    return tuple(getattr(curses, name) for name in names if hasattr(curses, name))


def _chars(text: str) -> tuple[int, ...]:
    return tuple(ord(c) for c in text)


@dataclass(frozen=True, slots=True)
class KeyGroup:
    """A command and the keys that give it."""

    command: Command
    keys: tuple[int, ...]


BINDINGS: tuple[KeyGroup, ...] = (
    KeyGroup(Command.UP, _keys("KEY_UP", "KEY_A2") + _chars("kKwW")),
    KeyGroup(Command.DOWN, _keys("KEY_DOWN", "KEY_C2") + _chars("jJS")),
    KeyGroup(Command.LEFT, _keys("KEY_LEFT", "KEY_B1") + _chars("hHaA")),
    KeyGroup(Command.RIGHT, _keys("KEY_RIGHT", "KEY_B3") + _chars("lLdD")),
    KeyGroup(Command.SELECT, (*_keys("KEY_ENTER", "PADENTER"), 10, 13, 32)),
    KeyGroup(Command.DIGIT, _chars("123456789")),
    KeyGroup(Command.GOTO, _chars(":gG")),
    KeyGroup(Command.UNDO, _chars("uU")),
    KeyGroup(Command.HINT, _chars("tT")),
    KeyGroup(Command.FORBIDDEN, _chars("fF")),
    KeyGroup(Command.PAUSE, _chars("pP")),
    KeyGroup(Command.STEP, _chars(".")),
    KeyGroup(Command.FASTER, _chars("+=")),
    KeyGroup(Command.SLOWER, _chars("-_")),
    KeyGroup(Command.NEW, _chars("nN")),
    KeyGroup(Command.SAVE, _chars("s")),
    KeyGroup(Command.OPEN, _chars("oO")),
    KeyGroup(Command.MOVES, _chars("vV")),
    KeyGroup(Command.HOME, _keys("KEY_HOME", "KEY_A1")),
    KeyGroup(Command.END, _keys("KEY_END", "KEY_C1")),
    KeyGroup(Command.COMPUTER, _chars("cC")),
    KeyGroup(Command.MENU, (27, *_chars("mM"))),
    KeyGroup(Command.HELP, (*_keys("KEY_F1"), *_chars("?"))),
    KeyGroup(Command.RESET, _chars("rR")),
    KeyGroup(Command.QUIT, _chars("qQ")),
    KeyGroup(Command.YES, _chars("yY")),
    KeyGroup(Command.INTERRUPT, (3,)),
    KeyGroup(Command.RESIZE, _keys("KEY_RESIZE")),
    KeyGroup(Command.NUMBERS, _chars("#")),
    KeyGroup(Command.EDIT, _chars("E")),
    KeyGroup(Command.ANALYSE, _chars("e")),
    KeyGroup(Command.BEST_LINE, _chars("bB")),
    KeyGroup(Command.MORE_BEST, _chars(">")),
    KeyGroup(Command.FEWER_BEST, _chars("<")),
    KeyGroup(Command.EXAMINE, _chars("xX")),
    KeyGroup(Command.NEXT_MISTAKE, _chars("]")),
    KeyGroup(Command.PREVIOUS_MISTAKE, _chars("[")),
)
"""Every key the app knows, by the command it gives (the same on every screen)."""

KEYMAP: dict[int, Command] = {key: b.command for b in BINDINGS for key in b.keys}
"""Key code -> command."""


def command_for(key: int) -> Command:
    """The command a key gives (`Command.OTHER` for a key the table doesn't have)."""
    return KEYMAP.get(key, Command.OTHER)


def digit_value(key: int) -> int:
    """1..9 for the keys '1'..'9'."""
    return key - ord("0")
