"""Games from a set-up position: SGF keeps the stones as AB/AW and reads them back; other
formats say they lose them; a set-up that no game reaches is refused in one line."""

from __future__ import annotations

import pytest

from tictac_tui.engine import Move, Rules
from tictac_tui.records import GameRecord, RecordError, dump, kept, lost_in, parse

GOMOKU = Rules.gomoku(15)


def test_sgf_writes_set_up_stones_as_ab_aw_and_reads_them_back() -> None:
    record = GameRecord(GOMOKU, [Move(7, 7), Move(6, 6), Move(8, 8), Move(5, 5)], setup=3)
    text = dump(record, "sgf")
    assert "AB[hh][ii]AW[gg]" in text and ";W[ff]" in text and ";B[hh]" not in text
    back = parse(text)
    assert back == record and back.setup == 3


def test_other_formats_say_they_lose_the_set_up() -> None:
    record = GameRecord(GOMOKU, [Move(7, 7), Move(6, 6), Move(8, 8)], setup=3)
    assert kept(record, "psq").setup == 0
    assert "set-up stones" in lost_in(record, "psq")
    assert "set-up stones" not in lost_in(record, "sgf")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("(;GM[4]SZ[15]AB[hh][ii][jj])", "not a position of a game"),
        ("(;GM[4]SZ[15]AB[hh][ii][jj][kk][ll]AW[aa][ab][ac][ad])", "already end the game"),
        ("(;GM[4]SZ[15];B[hh];W[aa]AB[ii])", "after the game began"),
        ("(;GM[4]SZ[15]AB[hh]AW[hh])", "has a stone already"),
        ("(;GM[4]SZ[15]AB[zz])", "off the 15x15 board"),
    ],
)
def test_bad_set_ups_are_refused_in_one_line(text: str, problem: str) -> None:
    with pytest.raises(RecordError, match=problem):
        parse(text)


def test_a_set_up_count_beyond_the_moves_is_refused() -> None:
    with pytest.raises(RecordError):
        GameRecord(GOMOKU, [Move(7, 7)], setup=2)
