"""What the computer decides in an opening is said on the game screen, in every rule: its
answers to a swap question and its declared number, which the board does not show."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.opening_scores import Key, remember_scores
from tictac_tui import i18n
from tictac_tui.choices import Board, First, Mode, Settings
from tictac_tui.engine import Rule
from tictac_tui.engine.openings import (
    Action,
    Ask,
    Choice,
    Choose,
    Declare,
    Opening,
    OpeningRule,
    Person,
)
from tictac_tui.play import openings as play_openings
from tictac_tui.play.openings import OwnDecider
from tictac_tui.tui.game import GameScreen
from tictac_tui.tui.messages import Tone
from tictac_tui.tui.model import Model

from .test_model import computer_plays, game

SAID = {
    Choice.SWAP: "Computer swaps colours",
    Choice.KEEP: "Computer keeps the colours",
    Choice.PLACE_TWO: "Computer places two more stones",
    Choice.OFFER: "Computer offers ten 5th moves",
}
"""How each answer of the computer's reads (English)."""


SCORES: dict[Key, int] = {}
"""The opening player's scores, kept across the module's tests (`remember_scores`)."""


@pytest.fixture(autouse=True)
def quick_decisions(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Decisions at 200 nodes, each position scored once for the module: the cases play
    the same positions again (both seeds, both first players, both languages)."""
    monkeypatch.setattr(play_openings, "OPENING_NODES", 200)
    remember_scores(monkeypatch, SCORES)
    yield
    i18n.set_language("en")


def said(step: Action) -> str | None:
    """What the screen must say of the computer's `step` (None: the board shows it)."""
    if isinstance(step, Choose):
        return SAID[step.choice]
    if isinstance(step, Declare):
        return f"Computer declares {step.count} 5th move"  # "moves" unless one
    return None


def play_opening(model: Model, you: OwnDecider) -> list[tuple[str, list[str]]]:
    """Play the opening to its end, `you` deciding for the person; at each of the person's
    questions and at the end, the message and the computer's decisions since the last."""
    match = model.match
    assert match is not None and match.opening is not None
    controller = model.controller
    assert isinstance(controller, GameScreen)
    seen: list[tuple[str, list[str]]] = []
    pending: list[str] = []
    now = 100.0
    while match.in_opening:
        decision, opening = match.decision, match.opening
        assert decision is not None and opening is not None
        now += 10.0
        if match.person_is_human(decision.person):
            seen.append((model.message.text, pending))
            assert model.message.tone is Tone.QUESTION
            pending = []
            controller.take_step(you.decide(opening), now)
            continue
        steps = len(opening.steps)
        computer_plays(model, now)
        assert match.opening is not None
        if len(match.opening.steps) > steps:
            words = said(match.opening.steps[-1])
            if words is not None:
                pending.append(words)
    seen.append((model.message.text, pending))
    return seen


CASES = [
    (rule, first, seed)
    for rule in OpeningRule
    if rule is not OpeningRule.NONE
    for first in (First.HUMAN, First.COMPUTER)
    for seed in (1, 2)
]


@pytest.mark.parametrize(("rule", "first", "seed"), CASES)
def test_every_decision_of_the_computer_is_said(rule: OpeningRule, first: First, seed: int) -> None:
    renju = rule in (OpeningRule.SOOSORV8, OpeningRule.TARAGUCHI10)
    settings = Settings(
        game=Board.GOMOKU15,
        rule=Rule.RENJU if renju else Rule.FREESTYLE,
        mode=Mode.HVC,
        first=first,
        opening=rule,
    )
    model = game(settings, seed=seed)
    seen = play_opening(model, OwnDecider("you", seed + 10))
    for message, decided in seen:
        for words in decided:
            assert words in message
    assert "The opening is over" in seen[-1][0]


class Keeper:
    """A computer's decider that keeps at every swap question and declares `DECLARED`,
    placing and offering as the app's player does."""

    name = "keeper"
    DECLARED = 3

    def __init__(self) -> None:
        self.own = OwnDecider("keeper", 1)

    def decide(self, opening: Opening) -> Action:
        decision = opening.decision
        assert decision is not None
        if decision.ask is Ask.CHOOSE:
            return Choose(Choice.KEEP)
        if decision.ask is Ask.DECLARE:
            return Declare(self.DECLARED)
        return self.own.decide(opening)


def keeping_soosorv() -> Model:
    """Soosõrv-8 against a computer that keeps: you place the first three stones."""
    settings = Settings(
        game=Board.GOMOKU15,
        rule=Rule.RENJU,
        mode=Mode.HVC,
        first=First.HUMAN,
        opening=OpeningRule.SOOSORV8,
    )
    model = game(settings)
    assert model.match is not None
    model.match.deciders[Person.SECOND] = Keeper()
    return model


def test_two_decisions_in_a_row_are_both_said_before_your_question() -> None:
    model = keeping_soosorv()
    seen = play_opening(model, OwnDecider("you", 1))
    [(message, _)] = [(m, d) for m, d in seen if len(d) == 2]
    assert message == (
        "Computer keeps the colours. Computer declares 3 5th moves. "
        "You: swap colours? 1 keep  2 swap"
    )


def test_in_chinese_the_decisions_end_with_a_chinese_full_stop() -> None:
    i18n.set_language("zh")
    model = keeping_soosorv()
    seen = play_opening(model, OwnDecider("you", 1))
    [(message, _)] = [(m, d) for m, d in seen if len(d) == 2]
    assert message == "电脑不交换。电脑声明 3 个第5手。你：交换颜色？1 不换  2 交换"
