"""The docs say what the code does: README's key table and rules, `tictac --help`,
and every "`CONSTANT` = value" the docs write."""

from __future__ import annotations

import curses
import importlib
import math
import re
from pathlib import Path

import pytest

from tictac_tui.cli import main
from tictac_tui.engine import SUPPORTED_RULES
from tictac_tui.i18n import set_language
from tictac_tui.tui.keys import BINDINGS, KEYMAP, Command
from tictac_tui.words import rule_name

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]

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


CONSTANT_MODULES = (
    "tictac_tui.brain.clock",
    "tictac_tui.brain.conversation",
    "tictac_tui.brain.settings",
    "tictac_tui.brain.swap2",
    "tictac_tui.brain.thinking",
    "tictac_tui.strategies.base",
    "tictac_tui.strategies.levels",
    "tictac_tui.strategies.proven",
    "tictac_tui.strategies.search.alphabeta",
    "tictac_tui.strategies.search.evaluation",
    "tictac_tui.strategies.search.parallel",
    "tictac_tui.strategies.search.patterns",
    "tictac_tui.strategies.search.player",
    "tictac_tui.tui.app",
    "tictac_tui.tui.facts",
    "tictac_tui.tui.turns",
    "tictac_tui.tui.model",
    "tictac_tui.play.clock",
    "tictac_tui.timecontrol",
)
"""Where the constants the docs name with a value live."""

STATED = re.compile(r"`((?:\w+\.)*)([A-Z][A-Z0-9_]*)` = (\d[\d,]*(?:\.\d+)?)(?: ?(ms|s|%|MB)\b|%)?")
"""A constant written with its value: "`MARGIN_SECONDS` = 60 ms", "`swap2.BALANCE_BAND` = 200"."""


def stated_constants() -> list[tuple[str, str, str, float]]:
    """(doc, qualifier, name, value in the code's unit) for each stated constant."""
    found = []
    for doc in DOCS:
        text = " ".join(doc.read_text(encoding="utf-8").split())
        for match in STATED.finditer(text):
            qualifier, name, number, unit = match.groups()
            value = float(number.replace(",", ""))
            if match.group(0).endswith("%"):
                unit = "%"
            if unit == "ms" and not name.endswith("_MS"):
                value /= 1000
            elif unit == "%":
                value /= 100
            elif unit == "MB":
                value *= 1 << 20
            found.append((doc.name, qualifier.rstrip("."), name, value))
    return found


def code_value(qualifier: str, name: str) -> float:
    """The value of constant `name` (in the module whose name ends with `qualifier`)."""
    values = set()
    for module_name in CONSTANT_MODULES:
        if qualifier and not module_name.endswith("." + qualifier):
            continue
        module = importlib.import_module(module_name)
        if name in vars(module):
            value = vars(module)[name]
            values.add(float(getattr(value, "time", value)))  # a Limit: its time
    assert len(values) == 1, f"{qualifier}.{name}: found {sorted(values)} in CONSTANT_MODULES"
    return values.pop()


def test_the_docs_state_constants_with_their_code_values() -> None:
    stated = stated_constants()
    assert len(stated) >= 20  # the pattern still finds them
    wrong = [
        (doc, name, value, code_value(qualifier, name))
        for doc, qualifier, name, value in stated
        if not math.isclose(value, code_value(qualifier, name), rel_tol=1e-9)
    ]
    assert wrong == []


def test_a_constant_stated_wrongly_is_found() -> None:
    text = "`MARGIN_SECONDS` = 70 ms and `MARGIN_SHARE` = 4%"
    (first, second) = [m.groups() for m in STATED.finditer(text)]
    assert first[1:] == ("MARGIN_SECONDS", "70", "ms")
    assert code_value("", "MARGIN_SECONDS") != 0.070
    assert second[1:3] == ("MARGIN_SHARE", "4")
