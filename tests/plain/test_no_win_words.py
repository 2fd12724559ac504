"""Line mode says why a line of five or more did not win."""

from __future__ import annotations

from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Rule
from tictac_tui.plain import Console, LineGame

SIX = ["a1", "a9", "b1", "b9", "c1", "c9", "e1", "d9", "f1", "o15", "d1"]
"""X's six in a row on row 1 (d1 last), O's stones far away."""


def said(settings: Settings, *typed: str) -> list[str]:
    lines: list[str] = []
    queue = list(typed)
    console = Console(lambda prompt: queue.pop(0) if queue else None, lines.append)
    LineGame(settings, console, seed=7).run()
    return lines


def test_six_under_exact_five_says_why_it_did_not_win() -> None:
    lines = said(Settings(game=Board.GOMOKU15, rule=Rule.EXACT, mode=Mode.HVH), *SIX)
    at = lines.index("X plays D1")
    assert lines[at + 1] == "Six in a row doesn't win under exact five"


def test_a_blocked_five_under_caro_says_why_it_did_not_win() -> None:
    moves = ["b2", "a2", "c2", "g2", "d2", "a9", "e2", "b9", "f2"]
    lines = said(Settings(game=Board.GOMOKU15, rule=Rule.CARO, mode=Mode.HVH), *moves)
    at = lines.index("X plays F2")
    assert lines[at + 1] == "A five blocked at both ends doesn't win under caro"
