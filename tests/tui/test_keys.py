"""The key table: every key to one command, Windows keypad arrows, help from the table."""

from __future__ import annotations

import curses

import pytest

from tictac_tui.tui import keys, render


@pytest.mark.parametrize(
    ("key", "command"),
    [
        (curses.KEY_UP, "up"),
        (ord("k"), "up"),
        (ord("w"), "up"),
        (ord("W"), "up"),
        (curses.KEY_DOWN, "down"),
        (ord("j"), "down"),
        (ord("s"), "down"),
        (curses.KEY_LEFT, "left"),
        (ord("h"), "left"),
        (ord("a"), "left"),
        (curses.KEY_RIGHT, "right"),
        (ord("l"), "right"),
        (ord("d"), "right"),
        (10, "select"),
        (13, "select"),
        (curses.KEY_ENTER, "select"),
        (ord(" "), "select"),
        (ord("1"), "digit"),
        (ord("9"), "digit"),
        (ord("u"), "undo"),
        (ord("t"), "hint"),
        (ord("n"), "new"),
        (ord("m"), "menu"),
        (27, "menu"),
        (ord("?"), "help"),
        (ord("q"), "quit"),
        (ord("y"), "yes"),
        (3, "interrupt"),
        (curses.KEY_RESIZE, "resize"),
        (curses.KEY_MOUSE, "click"),
    ],
)
def test_key_to_command(key: int, command: str) -> None:
    assert keys.command_for(key) == command


@pytest.mark.parametrize(
    ("name", "command"),
    [("KEY_A2", "up"), ("KEY_C2", "down"), ("KEY_B1", "left"), ("KEY_B3", "right")],
)
def test_windows_keypad_arrows(name: str, command: str) -> None:
    if not hasattr(curses, name):
        pytest.skip(f"{name} exists only in PDCurses (windows-curses)")
    assert keys.command_for(getattr(curses, name)) == command


@pytest.mark.parametrize("key", [ord("0"), ord("x"), ord("z"), curses.KEY_F5, 4, 127, -1])
def test_unknown_keys_have_no_command(key: int) -> None:
    assert keys.command_for(key) is None


def test_no_key_is_bound_twice() -> None:
    all_keys = [key for binding in keys.BINDINGS for key in binding.keys]
    assert len(all_keys) == len(set(all_keys))


def test_digit_values() -> None:
    assert [keys.digit_value(ord(c)) for c in "159"] == [1, 5, 9]


def test_help_is_generated_from_the_table() -> None:
    text = "\n".join(render.help_lines())
    for shown, what in keys.help_lines():
        assert shown in text and what in text
    assert "Ctrl-C" in text and "undo" in text
