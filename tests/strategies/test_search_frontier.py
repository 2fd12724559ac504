"""The VCT at nodes with one ply left (`SearchOptions.frontier_vct`)."""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState
from tictac_tui.strategies.search import SearchOptions
from tictac_tui.strategies.search.alphabeta import (
    FRONTIER_AFTER,
    FRONTIER_NODES,
    MATE_ZONE,
    WIN,
    AlphaBeta,
)
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget, OutOfTime

# X to move: (7, 7) makes two open threes; no four for either side.
DOUBLE_THREE_TO_MAKE = """
    ...............
    ...............
    ...............
    ...............
    ...............
    .......X.......
    .......X.......
    .....XX........
    ...............
    ...............
    ..O.........O..
    ...............
    ...............
    ..O.........O..
    ...............
"""


def one_ply(options: SearchOptions, node_limit: int = 100_000) -> tuple[int, Budget]:
    """The value of a one-ply search of the diagram, and its budget (the board checked
    to be left as it was)."""
    board = Board.from_state(GameState.from_diagram(DOUBLE_THREE_TO_MAKE, k=5))
    before = (board.hash, list(board.cells))
    budget = Budget(node_limit=node_limit)
    value = AlphaBeta(board, budget, options=options).search(1, -WIN - 1, WIN + 1, 1)
    assert (board.hash, list(board.cells)) == before
    return value, budget


def test_off_one_ply_sees_no_win_behind_the_threes() -> None:
    value, _ = one_ply(SearchOptions(frontier_vct=False))
    assert value < MATE_ZONE


def test_on_the_win_by_threes_is_scored_as_a_win_beyond_its_line() -> None:
    value, budget = one_ply(SearchOptions(frontier_vct=True))
    assert value > MATE_ZONE
    # the line is the double three alone: scored as FRONTIER_AFTER plies further
    assert value == WIN - 1 - 1 - FRONTIER_AFTER
    assert budget.nodes <= FRONTIER_NODES + 1


def test_a_budget_spent_by_the_vct_ends_the_search_with_the_board_unwound() -> None:
    board = Board.from_state(GameState.from_diagram(DOUBLE_THREE_TO_MAKE, k=5))
    before = (board.hash, list(board.cells))
    searcher = AlphaBeta(board, Budget(node_limit=2), options=SearchOptions(frontier_vct=True))
    with pytest.raises(OutOfTime):
        searcher.search(1, -WIN - 1, WIN + 1, 1)
    assert (board.hash, list(board.cells)) == before
