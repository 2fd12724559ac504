"""The line mode says every decision the computer takes in an opening, in every rule."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tictac_tui import i18n
from tictac_tui.choices import Board, First, Mode, Settings
from tictac_tui.engine import Rule
from tictac_tui.engine.openings import OpeningRule
from tictac_tui.plain import Console, LineGame
from tictac_tui.play import openings as play_openings

SWAPS = ("Computer swaps colours.", "Computer keeps the colours.")


@pytest.fixture(autouse=True)
def quick_decisions(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(play_openings, "OPENING_NODES", 200)
    yield
    i18n.set_language("en")


def lines_of(rule: OpeningRule, *typed: str) -> list[str]:
    """What a game against the computer under `rule` says, you first, typing `typed`."""
    lines: list[str] = []
    left = list(typed)
    settings = Settings(
        game=Board.GOMOKU15,
        rule=Rule.RENJU if rule is not OpeningRule.SWAP2 else Rule.FREESTYLE,
        mode=Mode.HVC,
        first=First.HUMAN,
        opening=rule,
    )
    game = LineGame(settings, Console(lambda _: left.pop(0) if left else None, lines.append))
    game.run()
    return lines


def test_soosorv_the_computers_swap_answer_is_said() -> None:
    lines = lines_of(OpeningRule.SOOSORV8, "h8", "i8", "j9")
    assert sum(line in SWAPS for line in lines) == 1
    if "Computer keeps the colours." in lines:  # then it places the 4th and declares
        assert any(line.startswith("Computer declares ") for line in lines)


def test_taraguchi_the_computers_first_swap_answer_is_said() -> None:
    lines = lines_of(OpeningRule.TARAGUCHI10, "h8")
    assert any(line in SWAPS for line in lines)


def test_in_chinese_the_computers_answer_is_a_chinese_sentence() -> None:
    i18n.set_language("zh")
    lines = lines_of(OpeningRule.TARAGUCHI10, "h8")
    assert "电脑交换颜色。" in lines or "电脑不交换。" in lines
