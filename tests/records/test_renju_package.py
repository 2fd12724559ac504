"""Cross-checks with an independent reader and writer: the PyPI package `renju`.

SGF written here is read by `renju.RenjuBoard.from_sgf` to the same moves and
the same winner; SGF the package writes (`to_sgf`) is read here to the same
moves, players, date and result. The package plays square boards, five in a
row, under freestyle, standard (exact five) and renju rules; it reads "tt" as
a pass, so games with a stone on t20 are left out. Renju games that end with
black's forbidden stone are fouls in both (white wins, for the same reason).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.positions import play_picks
from tictac_tui.engine import Move, Player, Rule, Rules
from tictac_tui.engine.rules import SUPPORTED_RULES
from tictac_tui.records import Ending, Format, GameRecord, Players, Result, dump, parse

from .fouls import foul_records

renju = pytest.importorskip("renju")

PACKAGE_RULES = {Rule.FREESTYLE: "freestyle", Rule.EXACT: "standard", Rule.RENJU: "renju"}
CHECKED = sorted(set(PACKAGE_RULES) & SUPPORTED_RULES, key=lambda rule: rule.value)
PASS_SQUARE = Move(19, 19)


FOULS = ("double_three", "double_four", "overline")


def package_winner(board: Any) -> Player | None:
    status = board.status
    if status == renju.BoardStatus.BLACK_WIN:
        return Player.X
    if status == renju.BoardStatus.WHITE_WIN:
        return Player.O
    return None


@st.composite
def square_five_records(draw: st.DrawFn) -> GameRecord:
    size = draw(st.integers(5, 26))
    rule = draw(st.sampled_from(CHECKED))
    picks = draw(st.lists(st.integers(0, 10_000), max_size=min(size * size, 80)))
    state = play_picks(Rules(size, size, 5, rule=rule), picks)
    names = st.text("abcdefghijklmnopqrstuvwxyz ABC", max_size=10)
    date = draw(st.sampled_from(["", "2026-05-01"]))
    return GameRecord.from_state(state, players=Players(draw(names), draw(names)), date=date)


@settings(max_examples=150, deadline=None)
@given(square_five_records())
def test_sgf_written_here_is_read_by_renju(record: GameRecord) -> None:
    assume(PASS_SQUARE not in record.moves)
    board = renju.RenjuBoard.from_sgf(dump(record, Format.SGF))
    assert board.board_size == record.rules.rows
    assert board.rule.name.lower() == PACKAGE_RULES[record.rules.rule]
    assert [tuple(m) for m in board.get_moves()] == [(col, row) for row, col in record.moves]
    assert package_winner(board) is record.final_state.winner
    assert (board.status == renju.BoardStatus.DRAW) == record.final_state.is_draw


@settings(max_examples=150, deadline=None)
@given(
    st.integers(5, 26),
    st.sampled_from(CHECKED),
    st.lists(st.integers(0, 10_000), max_size=80),
    st.text("abcdefghijklmnopqrstuvwxyz ABC", max_size=10),
)
def test_sgf_written_by_renju_is_read_here(
    size: int, rule: Rule, picks: list[int], name: str
) -> None:
    board = package_game(size, rule, picks)
    record = parse(board.to_sgf(black_name=name, white_name="White", date="2026-05-01"))
    assert record.rules.rows == record.rules.cols == size
    assert record.rules.rule is rule
    assert [(m.col, m.row) for m in record.moves] == [tuple(m) for m in board.get_moves()]
    assert record.players == Players(name, "White")
    assert record.date == "2026-05-01"
    winner = package_winner(board)
    if winner is not None:
        assert record.result == Result(winner, Ending.LINE)
    elif board.status == renju.BoardStatus.DRAW:
        assert record.result == Result(None, Ending.FULL_BOARD)
    else:
        assert record.result is None


def package_game(size: int, rule: Rule, picks: list[int]) -> Any:
    """A game the package plays from the picks, avoiding black's forbidden moves (a renju
    record ends with the forbidden stone, which the engine refuses to play)."""
    board = renju.RenjuBoard(board_size=size, rule=PACKAGE_RULES[rule])
    for pick in picks:
        if board.status != renju.BoardStatus.ONGOING:
            break
        taken = {tuple(m) for m in board.get_moves()}
        free = [(x, y) for y in range(size) for x in range(size) if (x, y) not in taken]
        for offset in range(len(free)):
            board.play_move(*free[(pick + offset) % len(free)])
            if board.reason.value not in FOULS:
                break
            board.undo()
    return board


def test_renju_is_cross_checked() -> None:
    assert Rule.RENJU in CHECKED


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(foul_records(max_side=19))
def test_fouls_written_here_are_fouls_there(record: GameRecord) -> None:
    """The package's own judge calls our foul stone a foul, for the same reason."""
    board = renju.RenjuBoard.from_sgf(dump(record, Format.SGF))
    assert [tuple(m) for m in board.get_moves()] == [(col, row) for row, col in record.all_moves]
    assert board.status == renju.BoardStatus.WHITE_WIN
    assert board.reason.value == str(record.foul_reason).replace(" ", "_")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(foul_records(max_side=19))
def test_fouls_written_there_are_fouls_here(record: GameRecord) -> None:
    board = renju.RenjuBoard(board_size=record.rules.rows, rule="renju")
    for row, col in record.all_moves:
        board.play_move(col, row)
    assert board.status == renju.BoardStatus.WHITE_WIN
    back = parse(board.to_sgf(date="2026-05-01"))
    assert back.all_moves == record.all_moves
    assert back.foul == record.foul
    assert back.result == Result(Player.O, Ending.FOUL)
    assert str(back.foul_reason).replace(" ", "_") == board.reason.value
