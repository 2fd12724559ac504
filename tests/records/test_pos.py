"""Pos strings: column letter and row number, rows counted from the top or the bottom."""

from __future__ import annotations

import pytest

from tictac_tui.engine import Move, Rule
from tictac_tui.records import BoardSize, GameRecord, RowOrigin, dump, parse
from tictac_tui.records.options import ReadOptions
from tictac_tui.records.pos import read_pos


def test_top_and_bottom() -> None:
    top = read_pos("h8i9a1")
    assert top.moves == (Move(7, 7), Move(8, 8), Move(0, 0))
    bottom = read_pos("h8i9a1", ReadOptions(rows_from=RowOrigin.BOTTOM))
    assert bottom.moves == (Move(7, 7), Move(6, 8), Move(14, 0))
    assert dump(bottom, "pos", rows_from="bottom") == "h8i9a1\n"
    assert dump(bottom, "pos") == "h8i7a15\n"


def test_separators_case_and_lines() -> None:
    record = read_pos("H8, i9;\n j10 k11")
    assert record.moves == (Move(7, 7), Move(8, 8), Move(9, 9), Move(10, 10))


def test_board_rule_and_k_come_from_the_reader() -> None:
    options = ReadOptions(rule=Rule.EXACT, size=BoardSize(20, 10), k=4)
    record = read_pos("t10", options)
    assert (record.rules.cols, record.rules.rows, record.rules.k) == (20, 10, 4)
    assert record.rules.rule is Rule.EXACT
    assert record.moves == (Move(9, 19),)


def test_tictactoe() -> None:
    record = parse("b2a1c3", "pos", ReadOptions(size=BoardSize(3, 3), k=3))
    assert isinstance(record, GameRecord)
    assert record.final_state.move_count == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("h8i99", r"line 1: move 2 \(i99\) is off the 15x15 board"),
        ("h8 h8", r"move 2 \(h8\): white plays on a square already taken \(by move 1\)"),
        ("h8 i9\nj1?", r"line 2: column 3: '\?' is not a move"),
        ("h0", r"move 1 \(h0\) is off the 15x15 board"),
    ],
)
def test_bad_pos_strings(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_pos(text)
