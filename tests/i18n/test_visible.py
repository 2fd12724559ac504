"""File names shown on the terminal: every control, bidi and separator character escaped."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tictac_tui.i18n.visible import shown_name
from tictac_tui.saved import SavedGame
from tictac_tui.tui.recordwords import saved_table


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("2026-05-01-15x15.sgf", "2026-05-01-15x15.sgf"),
        ("棋谱.sgf", "棋谱.sgf"),
        ("evil\u202egfs.sgf", "evil\\u202egfs.sgf"),
        ("two\nlines.sgf", "two\\nlines.sgf"),
        ("tab\tcr\r.sgf", "tab\\tcr\\r.sgf"),
        ("esc\x1b[2J.sgf", "esc\\x1b[2J.sgf"),
        ("del\x7f.sgf", "del\\x7f.sgf"),
        ("c1\x9b.sgf", "c1\\x9b.sgf"),
        ("lrm\u200e\u200f.sgf", "lrm\\u200e\\u200f.sgf"),
        ("embed\u202a\u202b\u202c\u202d.sgf", "embed\\u202a\\u202b\\u202c\\u202d.sgf"),
        ("isolate\u2066\u2067\u2068\u2069.sgf", "isolate\\u2066\\u2067\\u2068\\u2069.sgf"),
        ("arabic mark\u061c.sgf", "arabic mark\\u061c.sgf"),
        ("line\u2028para\u2029.sgf", "line\\u2028para\\u2029.sgf"),
        ("not utf-8 \udcff.sgf", "not utf-8 \\xff.sgf"),
        ("tag\U000e0041.sgf", "tag\\U000e0041.sgf"),
    ],
)
def test_every_unsafe_character_is_escaped_visibly(name: str, shown: str) -> None:
    assert shown_name(name) == shown


def test_a_shown_name_holds_no_control_or_bidi_character() -> None:
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xDC80)
    shown = shown_name(every)
    assert all(char.isprintable() or char == " " for char in shown if char.isascii())
    for bad in ["\n", "\x1b", "\x7f", "\x85", "\u202e", "\u2066", "\u061c", "\u2028"]:
        assert bad not in shown


def test_the_open_list_escapes_a_broken_files_name_and_problem() -> None:
    when = dt.datetime(2026, 5, 1, 12, 0).timestamp()
    games = [
        SavedGame(Path("x\u202e\nfds.sgf"), when, None, "line 1: bad \u202e move\n"),
    ]
    _header, [line] = saved_table(games, 120)
    assert "x\\u202e\\nfds.sgf: line 1: bad \\u202e move\\n" in line
    assert "\u202e" not in line and "\n" not in line
