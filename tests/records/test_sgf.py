"""SGF as gomoku tools write it: sizes, rules, results, comments, variations, collections."""

from __future__ import annotations

import pytest

from tictac_tui import __version__
from tictac_tui.engine import Move, Player, Rule, Rules
from tictac_tui.records import Ending, Format, GameRecord, Players, Result, dump, parse
from tictac_tui.records.options import ReadOptions
from tictac_tui.records.sgf import read_sgf

C_GOMOKU_CLI = """(;FF[4]GM[4]GN[1]EV[Rapfi x Wine]DT[2021.05.01 12:00:00]RO[1.1]RU[1]SZ[15]
PB[Rapfi]PW[Wine]RE[B+1]TE[Black win by five connection]
;B[hh]C[opening move];W[ih]C[opening move]
;B[hg]C[1200ms];W[ig]C[800ms];B[hi]C[10ms];W[ii]C[5ms];B[hj]C[3ms];W[ij]C[2ms];B[hk]C[1ms])

"""


def test_c_gomoku_cli_game() -> None:
    record = read_sgf(C_GOMOKU_CLI)
    assert record.rules == Rules(15, 15, 5, rule=Rule.EXACT)
    assert record.players == Players("Rapfi", "Wine")
    assert record.date == "2021.05.01 12:00:00"
    assert record.moves[:3] == (Move(7, 7), Move(7, 8), Move(6, 7))
    assert record.result == Result(Player.X, Ending.LINE)
    assert record.comment_at(1) == "opening move"
    assert record.comment_at(3) == "1200ms"


def test_rectangles_use_columns_then_rows() -> None:
    record = read_sgf("(;GM[4]FF[4]SZ[20:10];B[ta];W[aj])")
    assert (record.rules.cols, record.rules.rows) == (20, 10)
    assert record.moves == (Move(0, 19), Move(9, 0))
    text = dump(record, Format.SGF)
    assert "SZ[20:10]" in text
    assert ";B[ta];W[aj]" in text


@pytest.mark.parametrize(
    ("value", "rule"),
    [
        ("Freestyle", Rule.FREESTYLE),
        ("0", Rule.FREESTYLE),
        ("gomoku", Rule.FREESTYLE),
        ("Standard", Rule.EXACT),
        ("1", Rule.EXACT),
        ("exact", Rule.EXACT),
    ],
)
def test_rule_names_in_use(value: str, rule: Rule) -> None:
    assert read_sgf(f"(;GM[4]SZ[15]RU[{value}];B[hh])").rules.rule is rule


@pytest.mark.parametrize("value", ["Renju", "4", "RIF", "Yamaguchi", "Taraguchi-10", "Soosyrv-8"])
def test_renju_names_mean_renju(value: str) -> None:
    options = ReadOptions(rule=Rule.FREESTYLE)
    assert read_sgf(f"(;GM[4]SZ[15]RU[{value}];B[hh])", options).rules.rule is Rule.FREESTYLE
    try:
        record = read_sgf(f"(;GM[4]SZ[15]RU[{value}];B[hh])")
    except ValueError as error:
        assert "Renju rule is not supported yet" in str(error)
    else:
        assert record.rules.rule is Rule.RENJU


def test_no_ru_is_freestyle_and_a_given_rule_wins() -> None:
    assert read_sgf("(;GM[4]SZ[15];B[hh])").rules.rule is Rule.FREESTYLE
    assert read_sgf("(;GM[4]SZ[15]RU[];B[hh])").rules.rule is Rule.FREESTYLE
    given = read_sgf("(;GM[4]SZ[15]RU[Freestyle];B[hh])", ReadOptions(rule=Rule.EXACT))
    assert given.rules.rule is Rule.EXACT


@pytest.mark.parametrize(
    ("value", "result"),
    [
        ("B+", Result(Player.X, Ending.UNKNOWN)),
        ("W+R", Result(Player.O, Ending.RESIGNATION)),
        ("W+Resign", Result(Player.O, Ending.RESIGNATION)),
        ("B+T", Result(Player.X, Ending.TIME)),
        ("B+Time", Result(Player.X, Ending.TIME)),
        ("W+F", Result(Player.O, Ending.FORFEIT)),
        ("W+double_three", Result(Player.O, Ending.FORFEIT)),
        ("B+1", Result(Player.X, Ending.UNKNOWN)),
        ("0", Result(None, Ending.AGREEMENT)),
        ("Draw", Result(None, Ending.AGREEMENT)),
        ("Void", None),
        ("?", None),
        ("Black wins", Result(Player.X, Ending.UNKNOWN)),
    ],
)
def test_results(value: str, result: Result | None) -> None:
    assert read_sgf(f"(;GM[4]SZ[15]RE[{value}];B[hh];W[ii])").result == result


def test_results_written() -> None:
    rules = Rules.gomoku(15)
    for result, mark in [
        (Result(Player.O, Ending.RESIGNATION), "RE[W+R]"),
        (Result(Player.X, Ending.TIME), "RE[B+T]"),
        (Result(Player.X, Ending.FORFEIT), "RE[B+F]"),
        (Result(None, Ending.AGREEMENT), "RE[Draw]"),
        (Result(Player.O, Ending.UNKNOWN), "RE[W+]"),
    ]:
        assert mark in dump(GameRecord(rules, [(7, 7)], result=result), "sgf")


def test_escapes_soft_breaks_and_comments() -> None:
    text = "(;GM[4]SZ[15]PB[A\\]B]PW[back\\\\slash]C[line one\\\nstill one\nline two];B[hh]C[x])"
    record = read_sgf(text)
    assert record.players == Players("A]B", "back\\slash")
    assert record.comments == ("line onestill one\nline two", "x")
    again = read_sgf(dump(record, "sgf"))
    assert again == record


def test_variations_follow_the_main_line() -> None:
    record = read_sgf("(;GM[4]SZ[15];B[hh](;W[ii];B[jj](;W[aa])(;W[bb]))(;W[gg]))")
    assert record.moves == (Move(7, 7), Move(8, 8), Move(9, 9), Move(0, 0))


def test_collections_need_a_choice() -> None:
    text = "(;GM[4]SZ[15];B[hh])\n(;GM[4]SZ[15];B[aa];W[bb])\n"
    with pytest.raises(ValueError, match="holds 2 games: choose one"):
        read_sgf(text)
    assert read_sgf(text, ReadOptions(game=2)).moves == (Move(0, 0), Move(1, 1))
    with pytest.raises(ValueError, match="there is no game 3: this file holds 2"):
        read_sgf(text, ReadOptions(game=3))


def test_k_other_than_five_is_kept_in_ir() -> None:
    record = GameRecord(Rules.tictactoe(), [(1, 1), (0, 0)])
    text = dump(record, "sgf")
    assert "SZ[3]" in text and "IR[3]" in text
    assert parse(text) == record
    assert "IR[" not in dump(GameRecord(Rules.gomoku(15), [(7, 7)]), "sgf")


def test_first_move_in_the_root_node_and_lowercase_ident_letters() -> None:
    record = read_sgf("(;GaMe[4]SZ[15]B[hh];W[ii])")
    assert record.moves == (Move(7, 7), Move(8, 8))


def test_written_shape() -> None:
    record = GameRecord(
        Rules.gomoku(15),
        [(7, 7), (7, 8)],
        Players("Ann", "Bob"),
        Result(Player.O, Ending.RESIGNATION),
        "2026-05-01",
        ("", "", "good"),
    )
    assert dump(record, "sgf") == (
        f"(;GM[4]FF[4]CA[UTF-8]AP[tictac_tui:{__version__}]SZ[15]RU[Freestyle]PB[Ann]PW[Bob]"
        "DT[2026-05-01]RE[W+R]\n;B[hh];W[ih]C[good])\n"
    )
