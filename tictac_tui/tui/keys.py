"""The one key table: every key the app knows, mapped to a `Command`.

The help screen is generated from `BINDINGS`; a key that is not here is
`Command.OTHER` and changes nothing (it only answers "no" to a question or
leaves the help screen). Windows terminals may send arrows as the keypad
codes KEY_A2, KEY_B1, KEY_B3 and KEY_C2, and Ctrl-C as key 3: both are mapped.
"""

from __future__ import annotations

import curses
from dataclasses import dataclass
from enum import Enum

from ..i18n import N_, _


class Command(Enum):
    """What a key asks for."""

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
    OTHER = "other"
    """A key the table doesn't have."""


def _keys(*names: str) -> tuple[int, ...]:
    """Key codes of curses KEY_* names that exist on this platform."""
    return tuple(getattr(curses, name) for name in names if hasattr(curses, name))


def _chars(text: str) -> tuple[int, ...]:
    return tuple(ord(c) for c in text)


@dataclass(frozen=True, slots=True)
class Binding:
    """A command, the keys that give it, and how the help screen shows them."""

    command: Command
    keys: tuple[int, ...]
    shown: str
    help: str


BINDINGS: tuple[Binding, ...] = (
    Binding(
        Command.UP,
        _keys("KEY_UP", "KEY_A2") + _chars("kKwW"),
        "arrows hjkl WASD",
        N_("move the cursor (in the menu: choose, change)"),
    ),
    Binding(Command.DOWN, _keys("KEY_DOWN", "KEY_C2") + _chars("jJS"), "", ""),
    Binding(Command.LEFT, _keys("KEY_LEFT", "KEY_B1") + _chars("hHaA"), "", ""),
    Binding(Command.RIGHT, _keys("KEY_RIGHT", "KEY_B3") + _chars("lLdD"), "", ""),
    Binding(
        Command.SELECT,
        (*_keys("KEY_ENTER", "PADENTER"), 10, 13, 32),
        "Enter  Space",
        N_("play the square / choose"),
    ),
    Binding(Command.DIGIT, _chars("123456789"), "1-9", N_("play that square on 3x3 (1 top-left)")),
    Binding(Command.GOTO, _chars(":gG"), ":  g", N_("type a square (h8) to play there")),
    Binding(Command.UNDO, _chars("uU"), "u", N_("undo (back to your previous turn)")),
    Binding(Command.HINT, _chars("tT"), "t", N_("hint: the cursor jumps to a good square")),
    Binding(
        Command.FORBIDDEN, _chars("fF"), "f", N_("renju: show or hide the forbidden points (#)")
    ),
    Binding(
        Command.PAUSE,
        _chars("pP"),
        "p  .  +  -",
        N_("computers playing: pause, one move, faster, slower"),
    ),
    Binding(Command.STEP, _chars("."), "", ""),
    Binding(Command.FASTER, _chars("+="), "", ""),
    Binding(Command.SLOWER, _chars("-_"), "", ""),
    Binding(Command.NEW, _chars("nN"), "n", N_("new game (asks during a game)")),
    Binding(Command.SAVE, _chars("s"), "s  o  v", N_("save the game, open saved games, move list")),
    Binding(Command.OPEN, _chars("oO"), "", ""),
    Binding(Command.MOVES, _chars("vV"), "", ""),
    Binding(Command.HOME, _keys("KEY_HOME", "KEY_A1"), "", ""),
    Binding(Command.END, _keys("KEY_END", "KEY_C1"), "", ""),
    Binding(Command.COMPUTER, _chars("cC"), "", ""),
    Binding(Command.MENU, (27, *_chars("mM")), "m  Esc", N_("menu")),
    Binding(Command.HELP, (*_keys("KEY_F1"), *_chars("?")), "?", N_("this help")),
    Binding(
        Command.RESET,
        _chars("rR"),
        "r",
        N_("reset the statistics (asks); replay a finished game"),
    ),
    Binding(
        Command.QUIT, _chars("qQ"), "q  Ctrl-C", N_("quit (asks during a game); Ctrl-C at once")
    ),
    Binding(Command.YES, _chars("yY"), "y", N_("yes (to a question)")),
    Binding(Command.INTERRUPT, (3,), "", ""),
    Binding(Command.RESIZE, _keys("KEY_RESIZE"), "", ""),
)

KEYMAP: dict[int, Command] = {key: b.command for b in BINDINGS for key in b.keys}
"""Key code -> command."""


def command_for(key: int) -> Command:
    """The command a key gives (`Command.OTHER` for a key the table doesn't have)."""
    return KEYMAP.get(key, Command.OTHER)


def digit_value(key: int) -> int:
    """1..9 for the keys '1'..'9'."""
    return key - ord("0")


def help_lines() -> list[tuple[str, str]]:
    """(keys, what they do) for every command a person presses, in table order."""
    return [(b.shown, _(b.help)) for b in BINDINGS if b.shown and b.command is not Command.YES]
