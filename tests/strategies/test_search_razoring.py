"""Razoring: a quiet node near the horizon whose static evaluation is far below alpha is
settled by quiescence on a null window at alpha (`SearchOptions.razoring`, `RAZOR_MARGINS`)."""

from __future__ import annotations

import pytest

from tests.strategies.test_search_futility import (
    QUIET,
    THEIR_DOUBLE_THREE,
    board_of,
    window_search,
)
from tictac_tui.strategies.search import SearchOptions
from tictac_tui.strategies.search.alphabeta import RAZOR_MARGINS
from tictac_tui.strategies.search.evaluation import evaluate
from tictac_tui.strategies.search.patterns import THREE3


def swapped(diagram: str) -> str:
    """The diagram with the stones' colours swapped (the side to move stays X)."""
    return diagram.translate(str.maketrans("XO", "OX"))


def searched(diagram: str, depth: int, alpha: int, razoring: int) -> tuple[int, int]:
    """`window_search` above `alpha`, with razoring at most `razoring` plies deep."""
    return window_search(diagram, depth, alpha, SearchOptions(razoring=razoring))


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
