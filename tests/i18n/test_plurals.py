"""Messages that count things say "1 mistake" and "2 mistakes" (English's two forms) and
the one Chinese form, through `ngettext` and the catalogues' plural entries."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tictac_tui import i18n
from tictac_tui.analyse_cli import count_words
from tictac_tui.engine import Move
from tictac_tui.engine.openings import Declare, Refusal, Refused
from tictac_tui.play.openings import refusal_words, step_words
from tictac_tui.play.review import Mark
from tictac_tui.tui.replay import review_done_words


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def name(move: Move) -> str:
    return f"{move.row},{move.col}"


def test_english_counts_one_in_the_singular_and_others_in_the_plural() -> None:
    i18n.set_language("en")
    assert count_words(1, Mark.MISTAKE) == "1 mistake"
    assert count_words(2, Mark.MISTAKE) == "2 mistakes"
    assert count_words(0, Mark.BLUNDER) == "0 blunders"
    assert count_words(1, Mark.BLUNDER) == "1 blunder"
    assert review_done_words(1) == "Review done: 1 mistake marked ([ and ] go to it)"
    assert review_done_words(3) == "Review done: 3 mistakes marked ([ and ] go to them)"
    assert step_words(Declare(1), name, "Computer") == "Computer declares 1 5th move"
    assert step_words(Declare(5), name, None) == "You declare 5 5th moves"
    one = refusal_words(Refused(Refusal.WRONG_COUNT, 1), 4, name)
    assert one == "Offer exactly 1 5th move"
    assert refusal_words(Refused(Refusal.WRONG_COUNT, 2), 4, name) == "Offer exactly 2 5th moves"


def test_chinese_has_one_form_for_every_count() -> None:
    i18n.set_language("zh")
    assert count_words(1, Mark.MISTAKE) == "失误 1"
    assert count_words(2, Mark.MISTAKE) == "失误 2"
    assert count_words(1, Mark.BLUNDER) == "恶手 1"
    assert review_done_words(1) == "复盘完成：标出 1 处失误（[ 和 ] 跳到它们）"
    assert step_words(Declare(1), name, "电脑") == "电脑声明 1 个第5手"
