"""Iterative deepening by parity (`SearchOptions.depth_parity`)."""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies.search import SearchOptions
from tictac_tui.strategies.search.alphabeta import AlphaBeta, Scored
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget
from tictac_tui.strategies.search.evaluation import ordered_moves

OPENING = [Move(7, 7), Move(7, 8), Move(8, 8), Move(6, 6)]


def iterations(parity: int, max_depth: int) -> tuple[list[int], int]:
    """The depths of the finished iterations of a root search, and the depth it returned."""
    board = Board.from_state(GameState.from_moves(Rules.gomoku(15), OPENING))
    searcher = AlphaBeta(
        board, Budget(node_limit=500_000), options=SearchOptions(depth_parity=parity)
    )
    seen: list[int] = []

    def record(lines: list[Scored], depth: int) -> None:
        seen.append(depth)

    _, done = searcher.root(ordered_moves(board, 8), max_depth, on_iteration=record)
    return seen, done


@pytest.mark.parametrize(("parity", "depths"), [(0, [1, 2, 3, 4]), (1, [1, 3, 4]), (2, [2, 4])])
def test_the_iterations_go_by_the_parity_and_end_at_the_limit(
    parity: int, depths: list[int]
) -> None:
    assert iterations(parity, 4) == (depths, 4)


def test_a_limit_of_one_ply_is_searched_whatever_the_parity() -> None:
    assert iterations(2, 1) == ([1], 1)
