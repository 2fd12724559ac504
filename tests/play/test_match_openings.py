"""Opening rules in a match: every rule's steps by people and by the computer, the seats
following the swaps, refusals, undo through the opening, save and resume mid-opening."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from tictac_tui import i18n
from tictac_tui.choices import Board, Mode, Settings
from tictac_tui.engine import Move, Player, Rule
from tictac_tui.engine.notation import format_move, parse_move
from tictac_tui.engine.openings import (
    Action,
    Ask,
    Choice,
    Choose,
    Declare,
    Offer,
    OpeningRefused,
    OpeningRule,
    Person,
    Pick,
    Place,
    Refusal,
)
from tictac_tui.play import openings as play_openings
from tictac_tui.play import saving
from tictac_tui.play.match import Match
from tictac_tui.play.openings import refusal_words
from tictac_tui.saved import resume_from, resume_to_json
from tictac_tui.timecontrol import parse_control


@pytest.fixture(autouse=True)
def quick_decisions(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The computer's opening decisions at a small node budget (the same code, faster)."""
    monkeypatch.setattr(play_openings, "OPENING_NODES", 300)
    yield
    i18n.set_language("en")


def settings(opening: OpeningRule, mode: Mode = Mode.HVH, rule: Rule = Rule.FREESTYLE) -> Settings:
    return Settings(game=Board.GOMOKU15, mode=mode, opening=opening, rule=rule)


def start(
    opening: OpeningRule,
    mode: Mode = Mode.HVH,
    *,
    human_first: bool = True,
    rule: Rule = Rule.FREESTYLE,
) -> Match:
    return Match.start(settings(opening, mode, rule), human_first=human_first, now=0.0, seed=1)


def squares(match: Match, *names: str) -> tuple[Move, ...]:
    return tuple(parse_move(name, match.rules) for name in names)


def run_computers(match: Match) -> list[tuple[Ask, Person]]:
    """Let the computers take every decision of the opening; the decisions met."""
    met = []
    while match.in_opening and match.computer_to_move():
        decision = match.decision
        assert decision is not None and match.opening is not None
        met.append((decision.ask, decision.person))
        match.step(match.deciders[decision.person].decide(match.opening), 0.0)
    return met


# -- people, every rule, every step ---------------------------------------------------


def test_swap_by_two_people_and_the_seats_follow_the_swap() -> None:
    match = start(OpeningRule.SWAP)
    for move in squares(match, "h8", "h9", "j10"):
        assert match.decision is not None and match.decision.ask is Ask.PLACE
        match.step(Place(move), 0.0)
    assert match.decision is not None and match.decision.person is Person.SECOND
    match.step(Choose(Choice.SWAP), 0.0)
    assert not match.in_opening
    assert match.opening is not None and match.opening.black is Person.SECOND
    assert match.state.move_count == 3 and match.state.to_move is Player.O


def test_swap2_place_two_then_the_first_chooses() -> None:
    match = start(OpeningRule.SWAP2)
    for move in squares(match, "h8", "h9", "j10"):
        match.step(Place(move), 0.0)
    match.step(Choose(Choice.PLACE_TWO), 0.0)
    for move in squares(match, "g7", "k11"):
        match.step(Place(move), 0.0)
    decision = match.decision
    assert decision is not None and decision.ask is Ask.CHOOSE and decision.person is Person.FIRST
    match.step(Choose(Choice.KEEP), 0.0)
    assert match.opening is not None and match.opening.black is Person.SECOND
    assert match.state.move_count == 5


def test_soosorv8_every_step_and_the_refusals_in_words() -> None:
    match = start(OpeningRule.SOOSORV8, rule=Rule.RENJU)
    name = lambda move: format_move(move)  # noqa: E731
    with pytest.raises(OpeningRefused) as refused:
        match.step(Place(parse_move("a1", match.rules)), 0.0)
    assert (
        refusal_words(refused.value.refused, 0, name) == "The 1st stone must be on the centre point"
    )
    match.step(Place(parse_move("h8", match.rules)), 0.0)
    match.step(Place(parse_move("h9", match.rules)), 0.0)
    with pytest.raises(OpeningRefused) as refused:
        match.step(Place(parse_move("l12", match.rules)), 0.0)
    words = refusal_words(refused.value.refused, 2, name)
    assert words == "The 3rd stone must be within the central 5x5"
    match.step(Place(parse_move("j10", match.rules)), 0.0)
    match.step(Choose(Choice.KEEP), 0.0)
    match.step(Place(parse_move("g9", match.rules)), 0.0)  # white's 4th, anywhere
    with pytest.raises(OpeningRefused):
        match.step(Declare(9), 0.0)
    match.step(Declare(2), 0.0)
    assert match.opening is not None and match.opening.declared == 2
    match.step(Choose(Choice.SWAP), 0.0)
    offer = Offer(squares(match, "k11", "f6"))
    match.step(offer, 0.0)
    decision = match.decision
    assert decision is not None and decision.ask is Ask.PICK and decision.offered == offer.moves
    with pytest.raises(OpeningRefused) as refused:
        match.step(Pick(parse_move("a1", match.rules)), 0.0)
    assert refused.value.refused.reason is Refusal.NOT_OFFERED
    match.step(Pick(offer.moves[1]), 0.0)
    assert not match.in_opening and match.state.move_count == 5


def test_symmetrical_offers_are_refused() -> None:
    match = start(OpeningRule.SOOSORV8, rule=Rule.RENJU)
    for name in ("h8", "h9", "h10"):  # a line through the centre: mirrored left-right
        match.step(Place(parse_move(name, match.rules)), 0.0)
    match.step(Choose(Choice.KEEP), 0.0)
    match.step(Place(parse_move("h6", match.rules)), 0.0)
    match.step(Declare(2), 0.0)
    match.step(Choose(Choice.KEEP), 0.0)
    with pytest.raises(OpeningRefused) as refused:
        match.step(Offer(squares(match, "g7", "i7")), 0.0)
    assert refused.value.refused.reason is Refusal.SYMMETRICAL


def test_taraguchi10_both_branches() -> None:
    for branch in (Choice.KEEP, Choice.OFFER):
        match = start(OpeningRule.TARAGUCHI10, rule=Rule.RENJU)
        match.step(Place(parse_move("h8", match.rules)), 0.0)
        for name in ("i9", "g10", "k8"):
            match.step(Choose(Choice.KEEP), 0.0)
            match.step(Place(parse_move(name, match.rules)), 0.0)
        match.step(Choose(branch), 0.0)
        if branch is Choice.KEEP:
            with pytest.raises(OpeningRefused) as refused:
                match.step(Place(parse_move("a1", match.rules)), 0.0)
            assert refused.value.refused.size == 9
            match.step(Place(parse_move("e5", match.rules)), 0.0)
            match.step(Choose(Choice.SWAP), 0.0)
        else:
            decision = match.decision
            assert decision is not None and decision.count == 10
            offer = tuple(Move(0, col) for col in range(10))
            match.step(Offer(offer), 0.0)
            match.step(Pick(offer[3]), 0.0)
        assert not match.in_opening and match.state.move_count == 5


# -- the computer, on either side --------------------------------------------------------


@pytest.mark.parametrize(
    ("opening", "rule"),
    [
        (OpeningRule.SWAP, Rule.FREESTYLE),
        (OpeningRule.SWAP2, Rule.EXACT),
        (OpeningRule.SOOSORV8, Rule.RENJU),
        (OpeningRule.TARAGUCHI10, Rule.RENJU),
    ],
)
def test_two_computers_take_every_decision(opening: OpeningRule, rule: Rule) -> None:
    match = start(opening, Mode.CVC, rule=rule)
    met = run_computers(match)
    assert not match.in_opening
    assert {person for _ask, person in met} == {Person.FIRST, Person.SECOND}
    assert set(match.players) == {Player.X, Player.O}
    assert match.key.opening is opening


def test_the_computer_offers_fifth_moves_that_do_not_lose_and_picks_one() -> None:
    match = start(OpeningRule.SOOSORV8, Mode.HVC, human_first=True, rule=Rule.RENJU)
    for name in ("h8", "h9", "j10"):
        match.step(Place(parse_move(name, match.rules)), 0.0)
    run_computers(match)  # the computer keeps or swaps
    # whoever holds white places the 4th and declares: play it through to the offer
    while match.in_opening:
        decision = match.decision
        assert decision is not None
        if match.computer_to_move():
            run_computers(match)
            continue
        answers: dict[Ask, Action] = {
            Ask.PLACE: Place(parse_move("g9", match.rules)),
            Ask.DECLARE: Declare(3),
            Ask.CHOOSE: Choose(Choice.KEEP),
            Ask.OFFER: Offer(squares(match, "k11", "f6", "l4")),
        }
        # a pick by the person: the first offered
        action = answers.get(
            decision.ask, Pick(decision.offered[:1][0] if decision.offered else Move(0, 0))
        )
        match.step(action, 0.0)
    assert match.state.move_count == 5
    assert match.opening is not None
    for step in match.opening.steps:
        if isinstance(step, Offer):
            assert len(step.moves) == 3


def test_the_person_can_be_the_second_and_the_computer_places() -> None:
    match = start(OpeningRule.SWAP2, Mode.HVC, human_first=False)
    met = run_computers(match)
    assert met == [(Ask.PLACE, Person.FIRST)] * 3
    assert match.human_to_move()
    match.step(Choose(Choice.SWAP), 0.0)
    assert match.human == frozenset({Player.X})  # the person took black
    assert not match.human_to_move()  # white (the computer) moves 4th


# -- undo, results, records -----------------------------------------------------------


def test_undo_steps_back_to_the_persons_last_decision() -> None:
    match = start(OpeningRule.SWAP2, Mode.HVC, human_first=True)
    for move in squares(match, "h8", "h9", "j10"):
        match.step(Place(move), 0.0)
    run_computers(match)
    assert match.undo(0.0) is not None
    assert match.opening is not None and len(match.opening.steps) == 2
    assert match.decision is not None and match.decision.ask is Ask.PLACE
    assert match.human_to_move()


def test_undo_between_people_takes_back_one_step_and_game_moves_first() -> None:
    match = start(OpeningRule.SWAP)
    for move in squares(match, "h8", "h9", "j10"):
        match.step(Place(move), 0.0)
    match.step(Choose(Choice.KEEP), 0.0)
    match.play(parse_move("a1", match.rules), 0.0)
    match.undo(0.0)
    assert match.state.move_count == 3 and not match.in_opening
    match.undo(0.0)
    assert match.in_opening and match.decision is not None and match.decision.ask is Ask.CHOOSE
    with pytest.raises(OpeningRefused):
        match.play(parse_move("a1", match.rules), 0.0)


def test_save_and_resume_mid_opening_and_after_it() -> None:
    match = start(OpeningRule.SOOSORV8, Mode.HVC, human_first=False, rule=Rule.RENJU)
    run_computers(match)  # the computer places the three stones
    match.step(Choose(Choice.SWAP), 0.0)  # the person takes black
    run_computers(match)  # the computer, now white, places the 4th and declares
    assert match.in_opening
    steps = match.opening.steps if match.opening else ()
    resume = saving.resume_of(match)
    assert resume is not None
    back = resume_from(resume_to_json(resume))
    again = saving.resumed(back, 0.0, seed=1)
    assert again.opening is not None and again.opening.steps == steps
    assert again.in_opening and again.human == match.human
    assert again.human_to_move() == match.human_to_move()
    assert again.key == match.key
    record = saving.record_of(again)
    assert record.opening is not None and record.opening.steps == steps


def test_the_score_key_counts_the_opening_rule() -> None:
    match = start(OpeningRule.SWAP2, Mode.HVC)
    assert match.key.opening is OpeningRule.SWAP2
    assert "Swap2" in match.key.game_label


def test_the_clocks_stand_still_in_the_opening_and_then_run_for_the_side_to_move() -> None:
    timed = replace(settings(OpeningRule.SWAP), clock=parse_control("5m/game"))
    match = Match.start(timed, human_first=True, now=0.0, seed=1)
    clock = match.clock
    assert clock is not None
    for at, move in enumerate(squares(match, "h8", "h9", "j7")):
        match.run_clock(True, float(at))
        match.step(Place(move), float(at) + 30.0)  # half a minute thinking each stone
    match.run_clock(True, 100.0)
    assert clock.left(Player.X, 100.0) == clock.left(Player.O, 100.0) == 300.0  # untimed
    match.step(Choose(Choice.KEEP), 100.0)  # the second player stays white: the opening ends
    assert not match.in_opening and match.state.to_move is Player.O
    match.run_clock(True, 110.0)
    assert clock.to_move() is Player.O
    assert clock.left(Player.O, 120.0) == 290.0 and clock.left(Player.X, 120.0) == 300.0
