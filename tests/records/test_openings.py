"""The opening rule and its steps in records: SGF keeps them (TTOR, TTOS, GC); PSQ and pos
keep the stones only."""

from __future__ import annotations

import pytest

from tictac_tui.engine import Rules, parse_move
from tictac_tui.engine.openings import Opening, parse_steps
from tictac_tui.records import Format, GameRecord, Players, RecordError, dump, parse
from tictac_tui.records.sgf import describe_opening, read_sgf

GOMOKU = Rules.gomoku(15)
RENJU = Rules.gomoku(15, rule="renju")
SWAP2 = "h8 h9 j10 place-two g7 k11 swap"
SOOSORV = "h8 h9 j10 swap e5 declare:2 keep offer:g7,k12 pick:k12"


def opening(rule: str, rules: Rules, steps: str) -> Opening:
    return Opening(Opening.start(rule, rules).rule, rules, parse_steps(steps, rules))


@pytest.mark.parametrize(
    ("rule", "rules", "steps"),
    [("swap2", GOMOKU, SWAP2), ("soosorv8", RENJU, SOOSORV), ("swap", GOMOKU, "h8 h9 j10 keep")],
)
def test_sgf_round_trip_of_a_finished_opening(rule: str, rules: Rules, steps: str) -> None:
    played = opening(rule, rules, steps)
    moves = (*played.state.history, played.state.legal_moves()[0])
    record = GameRecord(rules, moves, Players("Ann", "Bob"), comments=("a note",), opening=played)
    text = dump(record, Format.SGF)
    assert f"TTOR[{rule}]" in text and f"TTOS[{steps}]" in text
    assert "GC[Opening rule: " in text
    back = parse(text)
    assert back == record
    assert back.opening == played and back.opening is not None and back.opening.is_over
    assert back.comments == ("a note",)  # the words of GC are not a comment


def test_sgf_round_trip_mid_opening() -> None:
    rules = RENJU
    under_way = opening("taraguchi10", rules, "h8 swap i9 keep")
    record = GameRecord.from_state(under_way.state, opening=under_way)
    back = read_sgf(dump(record, Format.SGF))
    assert back.opening == under_way and back.opening is not None
    decision = back.opening.decision
    assert decision is not None and decision.region == 5  # the 3rd within 5x5, as before
    assert back.moves == under_way.state.history


def test_the_comment_says_the_steps_in_words() -> None:
    words = describe_opening(opening("swap2", GOMOKU, SWAP2))
    assert words == (
        "Opening rule: swap2. First player places black at H8. First player places white at H9."
        " First player places black at J10. Second player places two more stones."
        " Second player places white at G7. Second player places black at K11."
        " First player swaps colours. The first player plays black."
    )


def test_records_without_an_opening_write_no_opening_properties() -> None:
    text = dump(GameRecord(GOMOKU, parse_steps_moves("h8 h9")), Format.SGF)
    assert "TTOR" not in text and "TTOS" not in text and "GC[" not in text
    assert parse(text).opening is None


def parse_steps_moves(text: str) -> list[tuple[int, int]]:
    return [parse_move(word) for word in text.split()]


def test_psq_and_pos_keep_the_stones_only() -> None:
    played = opening("swap2", GOMOKU, SWAP2)
    record = GameRecord.from_state(played.state, opening=played)
    for fmt in (Format.PSQ, Format.POS):
        back = parse(dump(record, fmt), fmt)
        assert back.moves == record.moves and back.opening is None


@pytest.mark.parametrize(
    ("props", "problem"),
    [
        ("TTOR[yamaguchi]", "TTOR[yamaguchi] is not an opening rule tictac_tui knows"),
        ("TTOR[soosorv8]", "this opening rule does not apply"),
        ("TTOR[swap]TTOS[h8 h9 j10 maybe]", "are not steps of the swap opening"),
        ("TTOR[swap2]TTOS[h8 h9 a1]", "not the game's first moves"),
    ],
)
def test_wrong_opening_properties_are_refused(props: str, problem: str) -> None:
    text = f"(;GM[4]FF[4]SZ[15]{props};B[hh];W[hi];B[jj])"
    with pytest.raises(RecordError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        read_sgf(text)


def test_an_opening_must_begin_the_moves() -> None:
    played = opening("swap", GOMOKU, "h8 h9 j10")  # not over: the moves must be its stones
    with pytest.raises(RecordError, match="not the game's first moves"):
        GameRecord(GOMOKU, (*played.state.history, (0, 0)), opening=played)
    with pytest.raises(RecordError, match="other rules"):
        GameRecord(Rules.gomoku(19), played.state.history, opening=played)


def test_other_programs_properties_of_ours_are_harmless() -> None:
    # a record another program rewrote: TTOR/TTOS kept, GC changed: GC becomes a comment
    text = "(;GM[4]FF[4]SZ[15]TTOR[swap]TTOS[h8 h9 j10 keep]GC[edited];B[hh];W[hi];B[jj])"
    back = read_sgf(text)
    assert back.opening is not None and back.opening.is_over
    assert back.comments == ("edited",)
