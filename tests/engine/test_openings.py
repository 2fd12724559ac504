"""The opening rules as a state machine (engine/openings.py): every step, refusals, undo."""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState, Move, Player, Rules, parse_move
from tictac_tui.engine.openings import (
    SOOSORV_MAX_OFFER,
    TARAGUCHI_OFFER,
    Action,
    Ask,
    Choice,
    Choose,
    Declare,
    Offer,
    Opening,
    OpeningRefused,
    OpeningRule,
    Person,
    Pick,
    Place,
    Refusal,
    Refused,
    canonical_openings,
    offered_for,
    parse_opening_rule,
    parse_steps,
    read_answer,
    region_squares,
    steps_text,
)

GOMOKU = Rules.gomoku(15)
RENJU = Rules.gomoku(15, rule="renju")
FIRST, SECOND = Person.FIRST, Person.SECOND
SWAP, KEEP = Choose(Choice.SWAP), Choose(Choice.KEEP)


def sq(text: str) -> Move:
    return parse_move(text)


def place(text: str) -> Place:
    return Place(sq(text))


def run(opening: Opening, *actions: Action) -> Opening:
    for action in actions:
        opening = opening.apply(action)
    return opening


def refused(opening: Opening, action: Action) -> Refused:
    with pytest.raises(OpeningRefused) as caught:
        opening.apply(action)
    return caught.value.refused


def test_values_and_where_each_rule_applies() -> None:
    assert [r.value for r in OpeningRule] == ["none", "swap", "swap2", "soosorv8", "taraguchi10"]
    assert parse_opening_rule(" Swap2 ") is OpeningRule.SWAP2
    with pytest.raises(ValueError, match="the opening rules are none, swap"):
        parse_opening_rule("yamaguchi")
    assert offered_for(OpeningRule.SWAP2, GOMOKU)
    assert offered_for(OpeningRule.SWAP, Rules.gomoku(19, rule="exact"))
    assert not offered_for(OpeningRule.SWAP, Rules.tictactoe())
    assert offered_for(OpeningRule.NONE, Rules.tictactoe())
    for rule in (OpeningRule.SOOSORV8, OpeningRule.TARAGUCHI10):
        assert offered_for(rule, RENJU)
        assert not offered_for(rule, GOMOKU)
        assert not offered_for(rule, Rules.gomoku(19, rule="renju"))
        with pytest.raises(ValueError, match="does not apply to Gomoku 15x15"):
            Opening.start(rule, GOMOKU)


def test_none_is_over_at_once() -> None:
    opening = Opening.start("none", GOMOKU)
    assert opening.is_over and opening.outcome is not None
    assert opening.outcome.black is FIRST and opening.outcome.state == GameState.new(GOMOKU)
    assert refused(opening, place("h8")) == Refused(Refusal.OVER)


@pytest.mark.parametrize(("answer", "black"), [(SWAP, SECOND), (KEEP, FIRST)])
def test_swap(answer: Choose, black: Person) -> None:
    opening = Opening.start(OpeningRule.SWAP, GOMOKU)
    for colour, square in ((Player.X, "a1"), (Player.O, "o15"), (Player.X, "h8")):
        decision = opening.decision
        assert decision is not None
        assert (decision.ask, decision.person, decision.colour) == (Ask.PLACE, FIRST, colour)
        assert decision.region is None  # anywhere
        opening = opening.apply(place(square))
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.CHOOSE and decision.person is SECOND
    assert decision.choices == {Choice.SWAP, Choice.KEEP}
    assert refused(opening, Choose(Choice.PLACE_TWO)).reason is Refusal.NOT_ASKED
    assert refused(opening, place("b2")).reason is Refusal.NOT_ASKED
    done = opening.apply(answer)
    assert done.outcome is not None
    assert done.outcome.black is black and done.outcome.white is black.other
    assert done.outcome.colour_of(SECOND) is (Player.X if black is SECOND else Player.O)
    assert done.state.history == (sq("a1"), sq("o15"), sq("h8"))
    assert done.state.to_move is Player.O


def test_swap2_first_choices() -> None:
    three = run(Opening.start("swap2", GOMOKU), place("h8"), place("h9"), place("j10"))
    decision = three.decision
    assert decision is not None and decision.person is SECOND
    assert decision.choices == {Choice.SWAP, Choice.KEEP, Choice.PLACE_TWO}
    assert refused(three, Choose(Choice.OFFER)).reason is Refusal.NOT_ASKED
    outcome = three.apply(SWAP).outcome
    assert outcome is not None and outcome.black is SECOND
    outcome = three.apply(KEEP).outcome
    assert outcome is not None and outcome.black is FIRST


@pytest.mark.parametrize(("answer", "black"), [(SWAP, FIRST), (KEEP, SECOND)])
def test_swap2_place_two_then_first_chooses(answer: Choose, black: Person) -> None:
    three = run(Opening.start("swap2", GOMOKU), place("h8"), place("h9"), place("j10"))
    two = three.apply(Choose(Choice.PLACE_TWO))
    for colour, square in ((Player.O, "g7"), (Player.X, "k11")):
        decision = two.decision
        assert decision is not None and decision.ask is Ask.PLACE
        assert (decision.person, decision.colour) == (SECOND, colour)
        assert refused(two, place("h8")).reason is Refusal.ILLEGAL  # taken
        two = two.apply(place(square))
    decision = two.decision
    assert decision is not None and decision.ask is Ask.CHOOSE
    assert decision.person is FIRST and two.black is SECOND  # FIRST holds white, to move
    outcome = two.apply(answer).outcome
    assert outcome is not None and outcome.black is black
    assert outcome.state.move_count == 5 and outcome.state.to_move is Player.O


def test_soosorv_regions_of_the_first_three() -> None:
    opening = Opening.start(OpeningRule.SOOSORV8, RENJU)
    assert refused(opening, place("h9")) == Refused(Refusal.OUTSIDE_REGION, 1, sq("h9"))
    opening = opening.apply(place("h8"))
    assert refused(opening, place("h10")) == Refused(Refusal.OUTSIDE_REGION, 3, sq("h10"))
    opening = opening.apply(place("i9"))
    assert refused(opening, place("h11")) == Refused(Refusal.OUTSIDE_REGION, 5, sq("h11"))
    assert refused(opening, place("z30")).reason is Refusal.OFF_BOARD
    opening = opening.apply(place("j10"))
    assert opening.decision is not None and opening.decision.ask is Ask.CHOOSE
    assert len(region_squares(RENJU, 5)) == 25
    assert len(region_squares(RENJU, 1)) == 1


def test_every_canonical_opening_is_accepted_and_there_are_26() -> None:
    openings = canonical_openings(RENJU)
    assert len(openings) == 26 and len(set(openings)) == 26
    for stones in openings:
        opening = run(Opening.start("soosorv8", RENJU), *(Place(m) for m in stones))
        assert opening.state.move_count == 3


@pytest.mark.parametrize("first", [SWAP, KEEP])
@pytest.mark.parametrize("second", [SWAP, KEEP])
def test_soosorv_every_step(first: Choose, second: Choose) -> None:
    opening = run(Opening.start("soosorv8", RENJU), place("h8"), place("h9"), place("j10"))
    decision = opening.decision
    assert decision is not None and decision.person is SECOND  # white may swap
    opening = opening.apply(first)
    white = SECOND if first is KEEP else FIRST
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.PLACE
    assert (decision.person, decision.colour, decision.region) == (white, Player.O, None)
    opening = opening.apply(place("a1"))  # the 4th anywhere
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.DECLARE and decision.person is white
    assert decision.count == SOOSORV_MAX_OFFER
    assert refused(opening, Declare(0)) == Refused(Refusal.OUT_OF_RANGE, SOOSORV_MAX_OFFER)
    assert refused(opening, Declare(9)).reason is Refusal.OUT_OF_RANGE
    opening = opening.apply(Declare(2))
    assert opening.declared == 2
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.CHOOSE
    assert decision.person is white.other  # black may swap
    opening = opening.apply(second)
    black = opening.black
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.OFFER
    assert decision.person is black and decision.count == 2
    assert refused(opening, Offer((sq("g7"),))) == Refused(Refusal.WRONG_COUNT, 2)
    opening = opening.apply(Offer((sq("g7"), sq("k12"))))
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.PICK and decision.person is black.other
    assert decision.offered == (sq("g7"), sq("k12"))
    assert refused(opening, Pick(sq("f6"))) == Refused(Refusal.NOT_OFFERED, move=sq("f6"))
    done = opening.apply(Pick(sq("k12")))
    assert done.outcome is not None and done.outcome.black is black
    assert done.state.history[-1] == sq("k12") and done.state.to_move is Player.O


def test_offers_refuse_symmetrical_and_repeated_moves() -> None:
    # h8 black, h9 white, h6 black: the left-right mirror maps g7 onto i7
    opening = run(
        Opening.start("soosorv8", RENJU),
        place("h8"),
        place("h9"),
        place("h6"),
        KEEP,
        place("h3"),
        Declare(2),
        KEEP,
    )
    assert refused(opening, Offer((sq("g7"), sq("i7")))) == Refused(
        Refusal.SYMMETRICAL, move=sq("i7")
    )
    assert refused(opening, Offer((sq("g7"), sq("g7")))).reason is Refusal.SYMMETRICAL
    assert refused(opening, Offer((sq("h8"), sq("g7")))).reason is Refusal.ILLEGAL
    assert opening.apply(Offer((sq("g7"), sq("g9")))).decision is not None


def taraguchi_to_branch() -> Opening:
    opening = Opening.start(OpeningRule.TARAGUCHI10, RENJU)
    assert refused(opening, place("g7")) == Refused(Refusal.OUTSIDE_REGION, 1, sq("g7"))
    opening = run(opening, place("h8"), KEEP)
    assert refused(opening, place("h10")).size == 3
    opening = run(opening, place("i9"), SWAP)
    assert refused(opening, place("h11")).size == 5
    opening = run(opening, place("h10"), KEEP)
    assert refused(opening, place("h12")).size == 7
    return opening.apply(place("k11"))


def test_taraguchi_who_places_and_who_swaps() -> None:
    opening = Opening.start("taraguchi10", RENJU)
    people = []
    for action in (place("h8"), KEEP, place("i9"), SWAP, place("h10"), KEEP, place("k11")):
        decision = opening.decision
        assert decision is not None
        people.append((decision.ask, decision.person))
        opening = opening.apply(action)
    assert people == [
        (Ask.PLACE, FIRST),  # black on the centre
        (Ask.CHOOSE, SECOND),  # white may swap
        (Ask.PLACE, SECOND),  # white (still SECOND) places the 2nd
        (Ask.CHOOSE, FIRST),  # black (FIRST) may swap: swaps
        (Ask.PLACE, SECOND),  # black is SECOND now, places the 3rd
        (Ask.CHOOSE, FIRST),  # white (FIRST) keeps
        (Ask.PLACE, FIRST),  # and places the 4th
    ]
    decision = opening.decision
    assert decision is not None and decision.person is SECOND  # black chooses the branch
    assert decision.choices == {Choice.SWAP, Choice.KEEP, Choice.OFFER}


@pytest.mark.parametrize("branch", [SWAP, KEEP])
def test_taraguchi_fifth_within_nine(branch: Choose) -> None:
    opening = taraguchi_to_branch().apply(branch)
    black = opening.black
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.PLACE
    assert (decision.person, decision.region, decision.colour) == (black, 9, Player.X)
    assert refused(opening, place("h13")) == Refused(Refusal.OUTSIDE_REGION, 9, sq("h13"))
    opening = opening.apply(place("l12"))
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.CHOOSE and decision.person is black.other
    done = opening.apply(SWAP)
    assert done.outcome is not None and done.outcome.black is black.other
    assert done.state.move_count == 5


def test_taraguchi_ten_offered() -> None:
    opening = taraguchi_to_branch().apply(Choose(Choice.OFFER))
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.OFFER
    assert decision.count == TARAGUCHI_OFFER and decision.person is SECOND
    far = tuple(Move(0, c) for c in range(TARAGUCHI_OFFER))  # anywhere on the board
    assert refused(opening, Offer(far[:9])) == Refused(Refusal.WRONG_COUNT, TARAGUCHI_OFFER)
    opening = opening.apply(Offer(far))
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.PICK and decision.person is FIRST
    done = opening.apply(Pick(far[3]))
    assert done.outcome is not None and done.outcome.black is SECOND
    assert done.state.history[-1] == far[3]


def test_undo_steps_back_through_every_kind_of_step() -> None:
    steps: list[Action] = [place("h8"), place("h9"), place("j10"), SWAP, place("e5"), Declare(1)]
    steps += [KEEP, Offer((sq("g7"),)), Pick(sq("g7"))]
    openings = [Opening.start("soosorv8", RENJU)]
    for action in steps:
        openings.append(openings[-1].apply(action))
    assert openings[-1].is_over
    for before, after in zip(reversed(openings[:-1]), reversed(openings[1:])):
        back = after.undo()
        assert back == before
        assert back.state == before.state and back.decision == before.decision
        assert back.black is before.black
    with pytest.raises(OpeningRefused) as caught:
        openings[0].undo()
    assert caught.value.refused.reason is Refusal.NOTHING_TO_UNDO


def test_a_refused_step_changes_nothing() -> None:
    opening = run(Opening.start("soosorv8", RENJU), place("h8"))
    with pytest.raises(OpeningRefused, match="outside the allowed central square"):
        opening.apply(place("a1"))
    assert opening.steps == (place("h8"),) and opening.state.move_count == 1


def test_steps_as_text_round_trip_and_bad_steps_refused() -> None:
    steps: tuple[Action, ...] = (
        place("h8"),
        place("h9"),
        place("j10"),
        SWAP,
        place("e5"),
        Declare(2),
        KEEP,
    )
    steps += (Offer((sq("g7"), sq("k12"))), Pick(sq("k12")))
    text = steps_text(steps)
    assert text == "h8 h9 j10 swap e5 declare:2 keep offer:g7,k12 pick:k12"
    assert parse_steps(text, RENJU) == steps
    opening = Opening(OpeningRule.SOOSORV8, RENJU, parse_steps(text, RENJU))
    assert opening.is_over
    with pytest.raises(OpeningRefused):  # a 3rd stone outside the 5x5
        Opening(OpeningRule.SOOSORV8, RENJU, parse_steps("h8 h9 a1", RENJU))
    with pytest.raises(ValueError, match="a number must follow"):
        parse_steps("declare:x", RENJU)


def test_undo_for_a_person_goes_back_to_their_last_decision() -> None:
    # the second player keeps, then the computer (first) did nothing more: undo for SECOND
    opening = run(Opening.start("taraguchi10", RENJU), place("h8"), KEEP, place("i9"), KEEP)
    back = opening.undo_for(SECOND)  # SECOND placed i9 last (KEEP after it was FIRST's)
    assert back.steps == (place("h8"), KEEP)
    decision = back.decision
    assert decision is not None and decision.person is SECOND and decision.ask is Ask.PLACE
    assert opening.undo_for(FIRST).steps == (place("h8"), KEEP, place("i9"))
    with pytest.raises(OpeningRefused):
        run(Opening.start("swap", GOMOKU), place("h8")).undo_for(SECOND)


def test_typed_answers() -> None:
    opening = Opening.start("soosorv8", RENJU)
    decision = opening.decision
    assert decision is not None
    assert read_answer(" H8 ", decision, RENJU) == place("h8")
    assert read_answer("swap", decision, RENJU) is None
    assert read_answer("h8 h9", decision, RENJU) is None
    opening = run(opening, place("h8"), place("h9"), place("j10"))
    decision = opening.decision
    assert decision is not None
    assert read_answer("Swap", decision, RENJU) == SWAP
    assert read_answer("keep", decision, RENJU) == KEEP
    assert read_answer("maybe", decision, RENJU) is None
    opening = run(opening, KEEP, place("e5"))
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.DECLARE
    assert read_answer("3", decision, RENJU) == Declare(3)
    assert read_answer("three", decision, RENJU) is None
    opening = run(opening, Declare(2), KEEP)
    decision = opening.decision
    assert decision is not None and decision.ask is Ask.OFFER
    assert read_answer("g7, k12", decision, RENJU) == Offer((sq("g7"), sq("k12")))
    assert read_answer("g7 z99", decision, RENJU) is None
    opening = opening.apply(Offer((sq("g7"), sq("k12"))))
    decision = opening.decision
    assert decision is not None
    assert read_answer("k12", decision, RENJU) == Pick(sq("k12"))
    swap2 = run(Opening.start("swap2", GOMOKU), place("h8"), place("h9"), place("j10"))
    decision = swap2.decision
    assert decision is not None
    for typed in ("place two", "place-two", "two"):
        assert read_answer(typed, decision, GOMOKU) == Choose(Choice.PLACE_TWO)
