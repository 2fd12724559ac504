"""PSQ as Piskvork writes it (and Gomocup publishes it): 1-based x,y,time lines and the trailer."""

from __future__ import annotations

import pytest

from tictac_tui.engine import Move, Player, Rule, Rules
from tictac_tui.records import Ending, Format, GameRecord, Players, Result, dump, parse
from tictac_tui.records.options import ReadOptions
from tictac_tui.records.psq import read_psq

GOMOCUP = """Piskvorky 20x20, 11:11, 0
10,10,0
11,10,0
10,11,4500
11,11,3200
10,12,2000
11,12,1500
10,13,900
11,13,800
10,14,700
RAPFI25.zip
JAX25.zip
-1
0,Freestyle20_1
"""


def test_gomocup_game() -> None:
    record = read_psq(GOMOCUP)
    assert record.rules == Rules(20, 20, 5)
    assert record.moves[:2] == (Move(9, 9), Move(9, 10))  # x is the column, 1-based
    assert record.players == Players("RAPFI25.zip", "JAX25.zip")
    assert record.result == Result(Player.X, Ending.LINE)


def test_second_slot_began_swaps_the_names() -> None:
    text = "Piskvorky 15x15, 0:5, 1\n8,8,10\n9,9,20\nhomo-1\npbrain-x.exe\n0\n"
    record = read_psq(text)
    assert record.players == Players("pbrain-x.exe", "")


def test_without_names_or_code() -> None:
    assert read_psq("Piskvorky 15x15, 0:0, 0\n8,8,0\n").moves == (Move(7, 7),)
    assert read_psq("Piskvorky 15x15, 0:0, 0\n8,8,0\n0\n").players == Players()


@pytest.mark.parametrize(
    ("code", "result"),
    [
        (0, None),
        (-1, None),
        (9, None),
        (15, Result(Player.X, Ending.TIME)),  # white, to move, ran out of time
        (-2, Result(Player.X, Ending.FORFEIT)),
        (7, Result(Player.X, Ending.FORFEIT)),
    ],
)
def test_closing_codes(code: int, result: Result | None) -> None:
    text = f"Piskvorky 15x15, 1:1, 0\n8,8,0\nbrain-a\nbrain-b\n{code}\n"
    assert read_psq(text).result == result


def test_written_shape() -> None:
    record = GameRecord(
        Rules(10, 12, 5, rule=Rule.EXACT),
        [(0, 0), (9, 11)],
        Players("Ann", ""),
        Result(Player.O, Ending.TIME),  # black, to move, ran out of time
    )
    assert dump(record, Format.PSQ) == (
        "Piskvorky 12x10, 0:0, 0\n1,1,0\n12,10,0\nAnn\nhomo-2\n15\ntictac rule=exact k=5\n"
    )
    assert parse(dump(record, "psq")) == record


def test_a_told_rule_overrides() -> None:
    record = read_psq("Piskvorky 15x15, 0:0, 0\n8,8,0\n0\n", ReadOptions(rule=Rule.EXACT))
    assert record.rules.rule is Rule.EXACT


def test_names_that_would_read_as_something_else_are_left_out() -> None:
    record = GameRecord(Rules.gomoku(15), [(7, 7)], Players("12", "3,4"))
    text = dump(record, "psq")
    assert "12\n" not in text.split("\n", 2)[2]
    assert parse(text).players == Players()
