"""The one key table: every key the app knows, mapped to a named command.

The help screen is generated from `BINDINGS`; a key that is not here changes
nothing. Windows terminals may send arrows as the keypad codes KEY_A2, KEY_B1,
KEY_B3 and KEY_C2, and Ctrl-C as key 3: both are mapped.
"""

from __future__ import annotations

import curses
from dataclasses import dataclass


def _keys(*names: str) -> tuple[int, ...]:
    """Key codes of curses KEY_* names that exist on this platform."""
    return tuple(getattr(curses, name) for name in names if hasattr(curses, name))


def _chars(text: str) -> tuple[int, ...]:
    return tuple(ord(c) for c in text)


@dataclass(frozen=True, slots=True)
class Binding:
    """A command, the keys that give it, and how the help screen shows them."""

    command: str
    keys: tuple[int, ...]
    shown: str
    help: str


BINDINGS: tuple[Binding, ...] = (
    Binding("up", _keys("KEY_UP", "KEY_A2") + _chars("kKwW"), "Up  k  w", "move up"),
    Binding("down", _keys("KEY_DOWN", "KEY_C2") + _chars("jJsS"), "Down  j  s", "move down"),
    Binding("left", _keys("KEY_LEFT", "KEY_B1") + _chars("hHaA"), "Left  h  a", "move left"),
    Binding("right", _keys("KEY_RIGHT", "KEY_B3") + _chars("lLdD"), "Right  l  d", "move right"),
    Binding(
        "select",
        (*_keys("KEY_ENTER", "PADENTER"), 10, 13, 32),
        "Enter  Space",
        "play the square / choose",
    ),
    Binding("digit", _chars("123456789"), "1-9", "play that square on 3x3 (1 top-left)"),
    Binding("click", _keys("KEY_MOUSE"), "Click", "play the clicked square"),
    Binding("undo", _chars("uU"), "u", "undo (back to your previous turn)"),
    Binding("hint", _chars("tT"), "t", "hint: the cursor jumps to a good square"),
    Binding("new", _chars("nN"), "n", "new game"),
    Binding("menu", (27, *_chars("mM")), "m  Esc", "menu"),
    Binding("help", _keys("KEY_F1") + _chars("?"), "?", "this help"),
    Binding("quit", _chars("qQ"), "q", "quit (y confirms during a game)"),
    Binding("yes", _chars("yY"), "y", "yes (confirm quitting)"),
    Binding("interrupt", (3,), "Ctrl-C", "quit at once"),
    Binding("resize", _keys("KEY_RESIZE"), "", ""),
)

KEYMAP: dict[int, str] = {key: b.command for b in BINDINGS for key in b.keys}
"""Key code -> command name."""

COMMANDS = frozenset(b.command for b in BINDINGS)

OTHER = "other"
"""The command of a key not in the table: it only closes help, answers "no", or pauses."""


def command_for(key: int) -> str | None:
    """The command a key gives, or None for a key the app ignores."""
    return KEYMAP.get(key)


def digit_value(key: int) -> int:
    """1..9 for the keys '1'..'9'."""
    return key - ord("0")


def help_lines() -> list[tuple[str, str]]:
    """(keys, what they do) for every command a person presses, in table order."""
    return [(b.shown, b.help) for b in BINDINGS if b.shown and b.command != "yes"]
