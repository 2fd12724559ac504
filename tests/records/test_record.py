"""GameRecord: a legal game, a result that agrees with the board, states at any move."""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.records import Ending, GameRecord, Players, RecordError, Result

FIVE = [(7, 7), (0, 0), (7, 8), (0, 1), (7, 9), (0, 2), (7, 10), (0, 3), (7, 11)]


def test_state_at_each_move_has_the_records_history() -> None:
    record = GameRecord(Rules.gomoku(15), FIVE)
    assert record.state_at(0) == GameState.new(Rules.gomoku(15))
    for n in range(len(FIVE) + 1):
        state = record.state_at(n)
        assert state.history == tuple(Move(*m) for m in FIVE[:n])
    assert record.state_at(len(FIVE)) is record.final_state
    assert record.state_at(3).undo().history == tuple(Move(*m) for m in FIVE[:2])
    with pytest.raises(IndexError, match="move 10 is not in this record"):
        record.state_at(10)


def test_a_won_game_gets_the_boards_result() -> None:
    record = GameRecord(Rules.gomoku(15), FIVE)
    assert record.result == Result(Player.X, Ending.LINE)
    claimed = GameRecord(Rules.gomoku(15), FIVE, result=Result(Player.X, Ending.UNKNOWN))
    assert claimed == record


def test_a_result_against_the_board_is_refused() -> None:
    with pytest.raises(RecordError, match="the result says white won, but black made 5 in a row"):
        GameRecord(Rules.gomoku(15), FIVE, result=Result(Player.O, Ending.RESIGNATION))
    with pytest.raises(RecordError, match="ended with a line, but the moves don't end it"):
        GameRecord(Rules.gomoku(15), FIVE[:3], result=Result(Player.X, Ending.LINE))


def test_a_full_board_is_a_draw_whatever_draw_was_claimed() -> None:
    moves = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)]
    record = GameRecord(Rules.tictactoe(), moves, result=Result(None, Ending.AGREEMENT))
    assert record.result == Result(None, Ending.FULL_BOARD)


def test_bad_moves_name_the_move_and_why() -> None:
    with pytest.raises(RecordError, match=r"move 3 \(H8\): black plays on a square already taken"):
        GameRecord(Rules.gomoku(15), [(7, 7), (8, 8), (7, 7)])
    with pytest.raises(RecordError, match=r"move 10 \(A4\) comes after the end of the game"):
        GameRecord(Rules.gomoku(15), [*FIVE, (3, 0)])
    with pytest.raises(RecordError, match="not on the board"):
        GameRecord(Rules.tictactoe(), [(3, 3)])


def test_comments_and_names_are_normalised() -> None:
    record = GameRecord(
        Rules.tictactoe(), [(1, 1)], Players(" Ann ", "Bo\n"), comments=("on the game", "", "")
    )
    assert record.players == Players("Ann", "Bo")
    assert record.comments == ("on the game",)
    assert record.comment_at(1) == ""
    with pytest.raises(RecordError, match="3 comments for 1 moves"):
        GameRecord(Rules.tictactoe(), [(1, 1)], comments=("a", "b", "c"))


def test_records_are_values() -> None:
    one = GameRecord(Rules.gomoku(15), FIVE[:4], Players("A", "B"), date="2026-01-01")
    state = GameState.from_moves(Rules.gomoku(15), FIVE[:4])
    two = GameRecord.from_state(state, players=Players("A", "B"), date="2026-01-01")
    assert one == two
    assert hash(one) == hash(two)
    with pytest.raises(AttributeError):
        one.date = "x"  # type: ignore[misc]


def test_a_draw_or_win_needs_a_fitting_ending() -> None:
    with pytest.raises(ValueError, match="a draw can't end by resignation"):
        Result(None, Ending.RESIGNATION)
    with pytest.raises(ValueError, match="a win can't end by agreement"):
        Result(Player.X, Ending.AGREEMENT)
    assert Result(Player.O, Ending.TIME).describe() == "O won on time"


def test_messages_and_results_in_chinese() -> None:
    from tictac_tui.i18n import set_language

    rules = Rules.gomoku(15)
    won = GameRecord(rules, _five_for_black())
    set_language("zh")
    try:
        assert won.describe_result() == "黑胜（连成一线）"
        with pytest.raises(RecordError) as raised:
            GameRecord(rules, [(7, 7), (7, 7)])
        assert str(raised.value) == "第 2 手（H8）：白方下在已有棋子的点上（第 1 手已下在这里）"
        tictactoe = GameRecord(Rules(3, 3, 3), [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
        assert tictactoe.describe_result() == "X胜（连成一线）"
    finally:
        set_language("en")
    assert won.describe_result() == "X won (line)"


def _five_for_black() -> list[tuple[int, int]]:
    """Black's five on row 8 while white answers on row 9."""
    return [move for col in range(5) for move in ((7, col), (8, col))][:9]
