"""Exact five (standard gomoku, Gomocup's `INFO rule 1`): exactly five in a row
wins for either side; six or more does not, and does not end the game. Nothing
is forbidden, the edge and the opponent's stones change nothing."""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState, Move, Player, Rules, geometry

EXACT = Rules.gomoku(15, rule="exact")


def play(moves: str) -> GameState:
    return GameState.from_moves(EXACT, moves.split())


def test_exact_is_the_rule_exact_true_names() -> None:
    assert Rules.gomoku(15, exact=True) == EXACT
    assert EXACT.exact and EXACT.describe() == "Gomoku 15x15 (exact five)"


def test_five_against_the_edge_and_between_opponent_stones_wins() -> None:
    at_edge = play("a1 a15 b1 b15 c1 c15 d1 d15 e1")
    assert at_edge.winner is Player.X
    assert at_edge.winning_line == tuple(Move(0, c) for c in range(5))
    blocked = play("b2 a2 c2 g2 d2 a15 e2 b15 f2")
    assert blocked.winner is Player.X
    assert blocked.winning_line == tuple(Move(1, c) for c in range(1, 6))


@pytest.mark.parametrize(
    ("moves", "run"),
    [
        ("a1 a15 b1 c15 c1 e15 d1 g15 f1 o14 e1", 6),  # e1 joins a1..d1 and f1
        ("a1 a15 b1 c15 c1 e15 e1 g15 f1 i15 g1 k15 d1", 7),  # d1 joins a1..c1 and e1..g1
    ],
)
def test_six_and_seven_do_not_win(moves: str, run: int) -> None:
    state = play(moves)
    x, _ = state.bitboards
    assert x & (1 << run) - 1 == (1 << run) - 1  # a1.. holds the run
    assert state.winner is None and not state.is_over
    assert state.to_move is Player.O


def test_white_is_held_to_exactly_five_too() -> None:
    state = play("a1 a3 b1 b3 c1 c3 o15 e3 o14 f3 o13 d3")  # a3..f3: six for white
    assert not state.is_over
    won = play("a1 a3 b1 b3 c1 c3 o15 d3 o14 e3")
    assert won.winner is Player.O


def test_a_stone_making_five_and_six_at_once_wins() -> None:
    geo = geometry(EXACT)
    # Across: a1..d1 + e1 = five; down: e2..e6 + e1 = six.
    x = sum(1 << c for c in range(4)) | sum(1 << (r * 15 + 4) for r in range(1, 6))
    e1 = 4
    assert geo.wins(Player.X)(x | 1 << e1, 0, e1)
    assert geo.winning_line(x | 1 << e1, e1) == tuple(Move(0, c) for c in range(5))


def test_nothing_is_forbidden() -> None:
    state = play("h8 a1 h9 a2 j8 a3")
    assert state.forbidden_moves() == frozenset()
    assert len(state.legal_moves()) == 225 - 6
