"""The docs say what the code does: README's key table and rules, `tictac --help`."""

from __future__ import annotations

import curses
import re
from pathlib import Path

import pytest

from tictac_tui.cli import main
from tictac_tui.engine import SUPPORTED_RULES
from tictac_tui.i18n import set_language
from tictac_tui.i18n.names import rule_name
from tictac_tui.tui.keys import BINDINGS, KEYMAP, Command

README = Path(__file__).resolve().parent.parent / "README.md"

NAMED_KEYS = {
    "arrows": (
        *("KEY_UP", "KEY_DOWN", "KEY_LEFT", "KEY_RIGHT"),
        *("KEY_A2", "KEY_C2", "KEY_B1", "KEY_B3"),  # the keypad's, on Windows
    ),
    "Enter": ("KEY_ENTER", "PADENTER"),
    "Home": ("KEY_HOME", "KEY_A1"),
    "End": ("KEY_END", "KEY_C1"),
    "F1": ("KEY_F1",),
}
"""README's word for curses key codes (those that exist on this platform)."""

CONTROL_KEYS = {10: "Enter", 13: "Enter", 32: "Space", 27: "Esc", 3: "Ctrl-C"}
"""README's word for the control characters the key table binds."""

NOT_PRESSED = {Command.RESIZE}
"""Commands no person presses (the terminal sends them)."""


def key_word(code: int) -> str:
    """How README names the key `code`: a character, or a word such as "Enter" or "arrows"."""
    if code in CONTROL_KEYS:
        return CONTROL_KEYS[code]
    if 32 < code < 127:
        return chr(code)
    for word, names in NAMED_KEYS.items():
        if any(getattr(curses, name, None) == code for name in names):
            return word
    raise AssertionError(f"key code {code} has no README name: add it to NAMED_KEYS")


def readme_key_table(text: str) -> list[str]:
    """The first cells of the rows of README's table under "## Keys"."""
    section = text.split("\n## Keys\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    cells = [row.split("|")[1].strip() for row in rows]
    return cells[2:]  # after the header and its rule


def documented(first_cells: list[str]) -> set[str]:
    """The keys a table's first cells name: `x` characters, `1`-`9` ranges, key words."""
    keys: set[str] = set()
    for cell in first_cells:
        for low, high in re.findall(r"`(.)`-`(.)`", cell):
            keys.update(chr(c) for c in range(ord(low), ord(high) + 1))
        keys.update(re.findall(r"`([^`]+)`", cell))
        words = {*NAMED_KEYS, *CONTROL_KEYS.values()}
        keys.update(word for word in words if re.search(rf"(?<![\w-]){re.escape(word)}\b", cell))
    return keys


def missing_keys(first_cells: list[str]) -> set[str]:
    """Keys the app binds that the table doesn't name.

    A letter counts as named when its other case is, if both give the same
    command (`u` and `U` undo; but `s` saves while `S` moves down).
    """
    named = documented(first_cells)
    missing = set()
    for binding in BINDINGS:
        if binding.command in NOT_PRESSED:
            continue
        for code in binding.keys:
            word = key_word(code)
            other = word.swapcase()
            same = len(word) == 1 and other != word and KEYMAP.get(ord(other)) is binding.command
            if word not in named and not (same and other in named):
                missing.add(word)
    return missing


def test_readme_key_table_names_every_key_the_app_binds() -> None:
    assert missing_keys(readme_key_table(README.read_text(encoding="utf-8"))) == set()


def test_a_key_left_out_of_the_table_is_found() -> None:
    cells = readme_key_table(README.read_text(encoding="utf-8"))
    without_save = [cell for cell in cells if cell != "`s`"]
    assert len(without_save) == len(cells) - 1
    assert missing_keys(without_save) == {"s"}
    assert missing_keys([cell.replace("`S` ", "") for cell in cells]) == {"S"}
    assert "Home" in missing_keys([cell for cell in cells if not cell.startswith("Home")])


def test_readme_names_every_rule_the_engine_plays() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split()).lower()
    set_language("en")
    for rule in SUPPORTED_RULES:
        assert rule_name(rule).lower() in text


def test_help_mentions_tictac_convert(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "tictac convert IN OUT" in out
    assert "tictac convert --help" in out
