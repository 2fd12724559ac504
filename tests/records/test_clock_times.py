"""SGF's per-move time properties (BL/WL: the mover's time left after a move), both ways."""

from __future__ import annotations

import pytest

from tictac_tui.engine import Move, Rules
from tictac_tui.records import GameRecord, RecordError
from tictac_tui.records.formats import lost_in
from tictac_tui.records.sgf import read_sgf, write_sgf

MOVES = [Move(7, 7), Move(8, 8), Move(6, 6)]


def test_times_are_written_after_each_move_and_read_back() -> None:
    record = GameRecord(Rules.gomoku(15), MOVES, times=[297.25, None, 290.0])
    text = write_sgf(record)
    assert ";B[hh]BL[297.25];W[ii];B[gg]BL[290]" in text
    assert read_sgf(text).times == (297.25, None, 290.0)
    assert GameRecord(Rules.gomoku(15), MOVES).times == ()
    assert "clock times" in lost_in(record, "psq") and "clock times" not in lost_in(record, "sgf")


@pytest.mark.parametrize("value", ["abc", "-3", "1e5", "9" * 5000, "1.5.2", ""])
def test_a_time_that_is_not_seconds_is_refused_by_name(value: str) -> None:
    text = f"(;GM[4]FF[4]SZ[15];B[hh]BL[{value}];W[ii])"
    with pytest.raises(RecordError, match=r"BL\[.*is not a time left"):
        read_sgf(text)


def test_a_time_of_the_other_side_or_without_a_move_is_not_a_move_time() -> None:
    text = "(;GM[4]FF[4]SZ[15]BL[300];B[hh]WL[12];W[ii]WL[250.5])"
    assert read_sgf(text).times == (None, 250.5)
