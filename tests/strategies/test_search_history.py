"""The history heuristic (`SearchOptions.history`): moves of a class ordered by cutoffs."""

from __future__ import annotations

import time

from tests.positions import busy_19x19
from tictac_tui.strategies.search import SearchOptions
from tictac_tui.strategies.search.alphabeta import AlphaBeta
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget
from tictac_tui.strategies.search.evaluation import ordered_moves
from tictac_tui.strategies.search.patterns import B_CLASS, W_CLASS

ON = SearchOptions(history=True)


def searcher(options: SearchOptions) -> AlphaBeta:
    board = Board.from_state(busy_19x19())
    return AlphaBeta(board, Budget(deadline=time.perf_counter() + 3600), options=options)


def tier(s: AlphaBeta, move: int) -> int:
    """The strongest class either side makes on `move`."""
    cm = s.board.comb[move]
    return max(cm[B_CLASS], cm[W_CLASS])


def test_off_the_order_is_the_patterns_order_whatever_the_history() -> None:
    s = searcher(SearchOptions())
    moves = ordered_moves(s.board, 20)
    s.history = {m * 3 + s.board.side: 100 + i for i, m in enumerate(moves)}
    assert s._order(moves, -1, 3) == moves


def test_on_moves_go_by_class_then_by_cutoffs_then_by_patterns() -> None:
    s = searcher(ON)
    moves = ordered_moves(s.board, 20)
    side = s.board.side
    low = min(tier(s, m) for m in moves)
    weakest = [m for m in moves if tier(s, m) == low]
    assert len(weakest) >= 3 and len(weakest) < len(moves)
    favourite, second = weakest[-1], weakest[-2]
    s.history = {favourite * 3 + side: 9, second * 3 + side: 4, weakest[0] * 3 + (3 - side): 50}
    ordered = s._order(moves, -1, 3)
    stronger = [m for m in moves if tier(s, m) > low]
    assert ordered[: len(stronger)] == sorted(stronger, key=lambda m: -tier(s, m))
    rest = [m for m in weakest if m not in (favourite, second)]
    assert ordered[len(stronger) :] == [favourite, second, *rest]  # the other side's is not read
    killer = weakest[0]
    s.killers[3] = [killer]
    assert s._order(moves, -1, 3)[0] == killer  # killers (and the table move) still lead


def test_a_search_counts_cutoffs_only_when_on() -> None:
    off = searcher(SearchOptions())
    off.root(ordered_moves(off.board, 24), 3)
    assert off.history == {}
    on = searcher(ON)
    ranked, done = on.root(ordered_moves(on.board, 24), 3)
    assert done == 3 and ranked
    assert on.history
    assert all(key % 3 in (1, 2) and count > 0 for key, count in on.history.items())
