"""The line mode's answers to the opening's swap question, in the user's language and in
English: the words the question lists are the words it takes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tictac_tui import i18n
from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Move, Rule, Rules
from tictac_tui.engine.openings import Choice, Choose, Decision, Opening, OpeningRule, Place
from tictac_tui.plain import Console, LineGame
from tictac_tui.plain.lines import Unknown
from tictac_tui.plain.opening import opening_answer
from tictac_tui.play.openings import choose_words

RULES = Rules.gomoku(15)
RENJU = Rules.gomoku(15, rule=Rule.RENJU)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def asked(rule: OpeningRule, *places: tuple[int, int]) -> Decision:
    """The swap question after the first player's stones `places`."""
    rules = RENJU if rule in (OpeningRule.SOOSORV8, OpeningRule.TARAGUCHI10) else RULES
    opening = Opening.start(rule, rules)
    for row, col in places:
        opening = opening.apply(Place(Move(row, col)))
    decision = opening.decision
    assert decision is not None
    return decision


SWAP2 = ((7, 7), (7, 8), (8, 9))


@pytest.mark.parametrize(
    ("typed", "choice"),
    [("交换", Choice.SWAP), ("不换", Choice.KEEP), ("再放两子", Choice.PLACE_TWO)],
)
def test_the_chinese_words_the_question_lists_are_answers(typed: str, choice: Choice) -> None:
    i18n.set_language("zh")
    decision = asked(OpeningRule.SWAP2, *SWAP2)
    assert typed in choose_words(decision, None)
    assert opening_answer(f" {typed} ", decision, RULES) == Choose(choice)


@pytest.mark.parametrize(
    ("typed", "choice"),
    [
        ("swap", Choice.SWAP),
        ("KEEP", Choice.KEEP),
        ("two", Choice.PLACE_TWO),
        ("place-two", Choice.PLACE_TWO),
        ("2", Choice.SWAP),
        ("3", Choice.PLACE_TWO),
    ],
)
def test_english_answers_and_numbers_work_in_chinese_too(typed: str, choice: Choice) -> None:
    i18n.set_language("zh")
    assert opening_answer(typed, asked(OpeningRule.SWAP2, *SWAP2), RULES) == Choose(choice)


def test_the_english_question_takes_its_own_listed_words_whole() -> None:
    decision = asked(OpeningRule.SWAP2, *SWAP2)
    assert "3 place two more" in choose_words(decision, None)
    assert opening_answer("place two more", decision, RULES) == Choose(Choice.PLACE_TWO)
    decision = taraguchi_branch()
    assert "3 offer ten 5th moves" in choose_words(decision, None)
    assert opening_answer("offer ten 5th moves", decision, RENJU) == Choose(Choice.OFFER)
    assert opening_answer("offer", decision, RENJU) == Choose(Choice.OFFER)


def taraguchi_branch() -> Decision:
    """Taraguchi-10's question after the 4th stone (keep, or offer ten 5th moves), reached
    by keeping at every swap."""
    stones = iter(((7, 7), (7, 8), (8, 9), (6, 6)))
    opening = Opening.start(OpeningRule.TARAGUCHI10, RENJU)
    while True:
        decision = opening.decision
        assert decision is not None
        if Choice.OFFER in decision.choices:
            return decision
        step = Choose(Choice.KEEP) if decision.choices else Place(Move(*next(stones)))
        opening = opening.apply(step)


def test_a_word_that_is_no_answer_is_told_the_words_in_the_users_language() -> None:
    i18n.set_language("zh")
    answer = opening_answer("maybe", asked(OpeningRule.SWAP, *SWAP2), RULES)
    assert isinstance(answer, Unknown)
    assert "交换" in answer.reason and "不换" in answer.reason
    i18n.set_language("en")
    answer = opening_answer("maybe", asked(OpeningRule.SWAP, *SWAP2), RULES)
    assert answer == Unknown("Type swap or keep (or 1, 2, 3 as listed)")


def test_a_chinese_line_game_swaps_on_the_chinese_word() -> None:
    i18n.set_language("zh")
    typed = ["h8", "i8", "j9", "也许", "交换", "帮助"]
    lines: list[str] = []
    prompts: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        return typed.pop(0) if typed else None

    settings = Settings(game=Board.GOMOKU15, mode=Mode.HVH, opening=OpeningRule.SWAP)
    game = LineGame(settings, Console(read, lines.append), seed=7)
    game.run()
    assert any("1 不换  2 交换" in prompt for prompt in prompts)
    assert "请输入 交换 或 不换（或按列出的 1、2、3；也可输入 swap、keep）" in lines
    assert "后手方交换颜色。" in lines
    assert any(line.startswith("开局中：输入一个点、交换 或 不换") for line in lines)
    assert game.match.opening is not None and game.match.opening.steps[-1] == Choose(Choice.SWAP)
