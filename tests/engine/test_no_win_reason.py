"""`unwon_line`: the last move made a line of k or more that does not win, and why."""

from __future__ import annotations

from tictac_tui.engine import GameState, NoWin, Rules, UnwonLine, parse_move, unwon_line

EXACT = Rules.gomoku(15, rule="exact")
CARO = Rules.gomoku(15, rule="caro")


def test_six_under_exact_five_is_an_overline() -> None:
    # X a1..c1, e1..f1 and O far away; X plays d1: six in a row.
    state = GameState.from_moves(
        EXACT, ["a1", "a9", "b1", "b9", "c1", "c9", "e1", "d9", "f1", "o15"]
    )
    assert unwon_line(state) is None
    six = state.play(parse_move("d1", EXACT))
    assert not six.is_over
    assert unwon_line(six) == UnwonLine(NoWin.OVERLINE, 6)


def test_exactly_four_counts_an_overline_of_five() -> None:
    rules = Rules(7, 7, 4, rule="exact")
    state = GameState.from_moves(rules, ["a1", "a7", "b1", "b7", "d1", "c7", "e1", "g5", "c1"])
    assert unwon_line(state) == UnwonLine(NoWin.OVERLINE, 5)


def test_a_five_blocked_at_both_ends_under_caro() -> None:
    # O on a2 and g2, X fills b2..f2.
    moves = ["b2", "a2", "c2", "g2", "d2", "a9", "e2", "b9", "f2"]
    state = GameState.from_moves(CARO, moves)
    assert not state.is_over
    assert unwon_line(state) == UnwonLine(NoWin.BLOCKED, 5)


def test_a_win_or_no_line_says_nothing() -> None:
    won = GameState.from_moves(EXACT, ["a1", "a9", "b1", "b9", "c1", "c9", "d1", "d9", "e1"])
    assert won.winner is not None and unwon_line(won) is None
    assert unwon_line(GameState.new(EXACT)) is None
    assert unwon_line(GameState.from_moves(EXACT, ["h8"])) is None
    free = Rules.gomoku(15)
    six = GameState.from_moves(free, ["a1", "a9", "b1", "b9", "c1", "c9", "e1", "d9", "f1", "o15"])
    won_six = six.play(parse_move("d1", free))
    assert won_six.winner is not None and unwon_line(won_six) is None  # freestyle: six wins
