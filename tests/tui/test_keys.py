"""The key table: every key to one command, Windows keypad arrows, help from the table."""

from __future__ import annotations

import curses

import pytest

from tictac_tui.tui import helptext, keys
from tictac_tui.tui.actions import help_rows
from tictac_tui.tui.bindings import KEYMAPS
from tictac_tui.tui.keys import Command


@pytest.mark.parametrize(
    ("key", "command"),
    [
        (curses.KEY_UP, Command.UP),
        (ord("k"), Command.UP),
        (ord("w"), Command.UP),
        (ord("W"), Command.UP),
        (curses.KEY_DOWN, Command.DOWN),
        (ord("j"), Command.DOWN),
        (ord("S"), Command.DOWN),
        (ord("s"), Command.SAVE),
        (curses.KEY_LEFT, Command.LEFT),
        (ord("h"), Command.LEFT),
        (ord("a"), Command.LEFT),
        (curses.KEY_RIGHT, Command.RIGHT),
        (ord("l"), Command.RIGHT),
        (ord("d"), Command.RIGHT),
        (10, Command.SELECT),
        (13, Command.SELECT),
        (curses.KEY_ENTER, Command.SELECT),
        (ord(" "), Command.SELECT),
        (ord("1"), Command.DIGIT),
        (ord("9"), Command.DIGIT),
        (ord("u"), Command.UNDO),
        (ord("t"), Command.HINT),
        (ord("n"), Command.NEW),
        (ord("m"), Command.MENU),
        (27, Command.MENU),
        (ord("?"), Command.HELP),
        (ord("q"), Command.QUIT),
        (ord("y"), Command.YES),
        (3, Command.INTERRUPT),
        (curses.KEY_RESIZE, Command.RESIZE),
        (ord(":"), Command.GOTO),
        (ord("g"), Command.GOTO),
        (ord("p"), Command.PAUSE),
        (ord("."), Command.STEP),
        (ord("+"), Command.FASTER),
        (ord("-"), Command.SLOWER),
        (ord("r"), Command.RESET),
    ],
)
def test_key_to_command(key: int, command: Command) -> None:
    assert keys.command_for(key) == command


@pytest.mark.parametrize(
    ("name", "command"),
    [
        ("KEY_A2", Command.UP),
        ("KEY_C2", Command.DOWN),
        ("KEY_B1", Command.LEFT),
        ("KEY_B3", Command.RIGHT),
    ],
)
def test_windows_keypad_arrows(name: str, command: Command) -> None:
    if not hasattr(curses, name):
        pytest.skip(f"{name} exists only in PDCurses (windows-curses)")
    assert keys.command_for(getattr(curses, name)) == command


@pytest.mark.parametrize("key", [ord("0"), ord("i"), ord("z"), curses.KEY_F5, 4, 127, -1])
def test_unknown_keys_are_other(key: int) -> None:
    assert keys.command_for(key) is Command.OTHER


def test_no_key_is_bound_twice() -> None:
    all_keys = [key for binding in keys.BINDINGS for key in binding.keys]
    assert len(all_keys) == len(set(all_keys))


def test_digit_values() -> None:
    assert [keys.digit_value(ord(c)) for c in "159"] == [1, 5, 9]


def test_help_is_generated_from_the_table() -> None:
    text = "\n".join(helptext.help_lines())
    for _heading, rows in help_rows(KEYMAPS.values()):
        for shown, what in rows:
            assert shown in text and what in text
    assert "Ctrl-C" in text and "undo" in text
