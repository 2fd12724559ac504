"""The side to move's threats to come in the evaluation (`SearchOptions.tempo_threats`)."""

from __future__ import annotations

from tictac_tui.engine import GameState
from tictac_tui.strategies.search import SearchOptions
from tictac_tui.strategies.search.alphabeta import WIN, AlphaBeta
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget
from tictac_tui.strategies.search.evaluation import TEMPO_FOUR, TEMPO_THREE, evaluate
from tictac_tui.strategies.search.patterns import FOUR, THREE

# X to move: an open two and a closed three of X's, so X has squares of both kinds.
THREATS_TO_COME = """
    ...............
    ...............
    ...............
    ...............
    ...............
    ......XX.......
    .....OXXX......
    ...............
    ........O......
    ...............
    ...O.......O...
    ...............
    ...O...........
    ...............
    ...............
"""


def board(diagram: str = THREATS_TO_COME) -> Board:
    return Board.from_state(GameState.from_diagram(diagram, k=5))


def test_the_bonus_is_the_side_to_moves_three_and_four_squares_priced() -> None:
    b = board()
    mine = b.threats[b.side]
    assert mine[THREE] and mine[FOUR]
    bonus = TEMPO_THREE * len(mine[THREE]) + TEMPO_FOUR * len(mine[FOUR])
    assert evaluate(b, threats=True) - evaluate(b) == bonus


def test_the_opponents_threats_to_come_get_no_bonus() -> None:
    b = board()
    b.make(b.square(14, 14))  # X passes, in effect: now O moves
    x, o = b.threats[3 - b.side], b.threats[b.side]
    assert x[FOUR] and not o[FOUR]
    bonus = TEMPO_THREE * len(o[THREE])
    assert evaluate(b, threats=True) - evaluate(b) == bonus


def test_the_search_evaluates_with_the_switch() -> None:
    values = []
    for on in (True, False):
        b = board()
        searcher = AlphaBeta(b, Budget(), options=SearchOptions(tempo_threats=on, quiescence=False))
        values.append(searcher.search(0, -WIN - 1, WIN + 1, 0))
    assert values == [evaluate(board(), threats=True), evaluate(board())]
