"""Razoring: a quiet node near the horizon whose static evaluation is far below alpha is
settled by quiescence on a null window at alpha (`SearchOptions.razoring`, `RAZOR_MARGINS`)."""

from __future__ import annotations

import pytest

from tests.strategies.test_search_futility import QUIET, THEIR_DOUBLE_THREE
from tictac_tui.engine import GameState
from tictac_tui.strategies.search import SearchOptions
from tictac_tui.strategies.search.alphabeta import RAZOR_MARGINS, AlphaBeta
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget
from tictac_tui.strategies.search.evaluation import evaluate
from tictac_tui.strategies.search.patterns import THREE3


def swapped(diagram: str) -> str:
    """The diagram with the stones' colours swapped (the side to move stays X)."""
    return diagram.translate(str.maketrans("XO", "OX"))


def board_of(diagram: str) -> Board:
    return Board.from_state(GameState.from_diagram(diagram, k=5))


def searched(diagram: str, depth: int, alpha: int, razoring: int) -> tuple[int, int]:
    """The value of a null-window search above `alpha` of the diagram with `depth` plies left,
    and its node count (the board checked to be left as it was)."""
    board = board_of(diagram)
    before = (board.hash, list(board.cells))
    budget = Budget()
    options = SearchOptions(razoring=razoring)
    value = AlphaBeta(board, budget, options=options).search(depth, alpha, alpha + 1, 1)
    assert (board.hash, list(board.cells)) == before
    return value, budget.nodes


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_a_static_value_a_margin_below_alpha_settles_the_node(depth: int) -> None:
    value = evaluate(board_of(QUIET))
    alpha = value + RAZOR_MARGINS[depth]
    assert searched(QUIET, depth, alpha, razoring=3) == (value, 2)  # the node and quiescence


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_less_than_the_margin_is_searched(depth: int) -> None:
    alpha = evaluate(board_of(QUIET)) + RAZOR_MARGINS[depth] - 1
    assert searched(QUIET, depth, alpha, razoring=3)[1] > 2


def test_off_or_too_deep_the_node_is_searched() -> None:
    value = evaluate(board_of(QUIET))
    assert searched(QUIET, 2, value + RAZOR_MARGINS[2], razoring=0)[1] > 2
    assert searched(QUIET, 3, value + RAZOR_MARGINS[3], razoring=2)[1] > 2


def test_never_with_a_double_three_of_ours_to_make() -> None:
    # (A four-three of ours is left out too, but quiescence would play it out anyway.)
    ours = swapped(THEIR_DOUBLE_THREE)
    board = board_of(ours)
    assert board.threats[board.side][THREE3]
    alpha = evaluate(board) + RAZOR_MARGINS[2]
    value, _ = searched(ours, 2, alpha, razoring=3)
    assert value > alpha  # the threat wins: quiescence alone would have stood at the evaluation
