"""Renju records whose last move is black's forbidden stone: white won by foul."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tictac_tui.engine import Foul, Move, Player, Rule, Rules
from tictac_tui.records import Ending, Format, GameRecord, RecordError, Result, dump, kept, parse

from .fouls import foul_records
from .test_roundtrip import read_back

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RENJU = Rules.gomoku(15, rule=Rule.RENJU)
# black f8 g8 across and h6 h7 down; h8 makes two open threes
DOUBLE_THREE = [(7, 5), (0, 0), (7, 6), (0, 2), (5, 7), (0, 4), (6, 7), (14, 14), (7, 7)]
DOUBLE_THREE_SGF = (
    "(;GM[4]SZ[15]RU[Renju]{re};B[fh];W[aa];B[gh];W[ca];B[hf];W[ea];B[hg];W[oo];B[hh]{tail})"
)


def test_the_forbidden_last_stone_is_the_foul() -> None:
    record = GameRecord(RENJU, DOUBLE_THREE)
    assert record.moves == tuple(Move(*m) for m in DOUBLE_THREE[:-1])
    assert record.foul == Move(7, 7)
    assert record.all_moves == tuple(Move(*m) for m in DOUBLE_THREE)
    assert record.foul_reason is Foul.DOUBLE_THREE
    assert record.result == Result(Player.O, Ending.FOUL)
    assert record.describe_result() == "O won by foul (black's H8: double three)"
    assert record.final_state.to_move is Player.X and not record.final_state.is_over


def test_the_foul_in_chinese_names_the_stone_once() -> None:
    from tictac_tui.i18n import set_language

    record = GameRecord(RENJU, DOUBLE_THREE)
    set_language("zh")
    try:
        assert record.describe_result() == "白胜（黑方 H8：三三禁手）"
        with pytest.raises(RecordError) as raised:
            GameRecord(RENJU, [*DOUBLE_THREE, (9, 9)])
        assert str(raised.value) == (
            "第 10 手（J10）在对局结束之后：黑方第 9 手（H8）是禁手（三三禁手），白方胜"
        )
    finally:
        set_language("en")


def test_the_same_moves_under_freestyle_are_an_ordinary_game() -> None:
    record = GameRecord(Rules.gomoku(15), DOUBLE_THREE)
    assert record.foul is None and len(record.moves) == 9 and record.result is None


@pytest.mark.parametrize("re", ["", "RE[W+F]", "RE[W+double_three]", "RE[W+foul]", "RE[W+R]"])
def test_renju_tools_results_read_as_white_by_foul(re: str) -> None:
    record = parse(DOUBLE_THREE_SGF.format(re=re, tail="C[black fouls]"))
    assert record.foul == Move(7, 7)
    assert record.result == Result(Player.O, Ending.FOUL)
    assert record.comment_at(len(record.moves) + 1) == "black fouls"


def test_the_foul_is_written_back_as_the_last_move() -> None:
    record = GameRecord(RENJU, DOUBLE_THREE)
    assert dump(record, Format.SGF).endswith(";B[hg];W[oo];B[hh])\n")
    assert "RE[W+F]" in dump(record, Format.SGF)
    assert dump(record, Format.POS) == "f8a1g8c1h6e1h7o15h8\n"
    assert "\n8,8,0\n" in dump(record, Format.PSQ)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            DOUBLE_THREE_SGF.format(re="", tail=";W[bb]"),
            r"move 10 \(W\[bb\]\) comes after the end of the game: black's move 9 \(H8\) is "
            r"forbidden \(double three\): white won by foul",
        ),
        (
            DOUBLE_THREE_SGF.format(re="RE[B+R]", tail=""),
            r"the result says black won, but black's move 9 \(H8\) is forbidden",
        ),
        (
            DOUBLE_THREE_SGF.format(re="RE[Draw]", tail=""),
            r"the result says it was a draw, but black's move 9",
        ),
        (
            "Piskvorky 15x15, 0:0, 0\n6,8,0\n1,1,0\n7,8,0\n3,1,0\n8,6,0\n5,1,0\n8,7,0\n"
            "15,15,0\n8,8,0\n2,2,0\n0\ntictac rule=renju k=5\n",
            r"line 11: move 10 \(2,2\) comes after the end of the game: black's move 9",
        ),
    ],
)
def test_moves_or_results_that_contradict_the_foul(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as caught:
        parse(text)
    assert "\n" not in str(caught.value)


def test_a_claimed_foul_needs_the_forbidden_stone() -> None:
    with pytest.raises(RecordError, match="the last move is not a forbidden point"):
        GameRecord(RENJU, DOUBLE_THREE[:-1], result=Result(Player.O, Ending.FOUL))


@SETTINGS
@given(foul_records())
def test_random_fouls(record: GameRecord) -> None:
    assert record.foul is not None
    assert record.result == Result(Player.O, Ending.FOUL)
    assert record.final_state.forbidden_reason(record.foul) == record.foul_reason
    assert record.state_at(len(record.moves)) is record.final_state


@SETTINGS
@given(foul_records(), st.sampled_from(list(Format)))
def test_fouls_round_trip_through_every_format(record: GameRecord, fmt: Format) -> None:
    back = read_back(record, fmt)
    assert back == kept(record, fmt)
    assert (back.foul, back.result) == (record.foul, record.result)
