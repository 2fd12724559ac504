"""The side to move's threats to come in the evaluation (`SearchOptions.tempo_threats`)."""

from __future__ import annotations

import random

import pytest

from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies.search import SearchOptions
from tictac_tui.strategies.search.alphabeta import WIN, AlphaBeta
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.budget import Budget
from tictac_tui.strategies.search.evaluation import (
    TEMPO_FOUR,
    TEMPO_THREE,
    evaluate,
    evaluate_after,
)
from tictac_tui.strategies.search.patterns import FIVE, FLEX4, FOUR, FOUR3, THREE

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


@pytest.mark.parametrize(
    "rules",
    [Rules(15, 15, 5), Rules(15, 15, 5, exact=True), Rules(15, 15, 5, rule="caro"), Rules(7, 7, 4)],
)
@pytest.mark.parametrize("threats", [False, True])
def test_a_leaf_scored_without_its_move_scores_as_the_made_move(
    rules: Rules, threats: bool
) -> None:
    """`evaluate_after` is `evaluate` after the move (or None where quiescence would not
    stand on it), and `Board.preview` has the made move's totals and threat sets."""
    rng = random.Random(11)
    scored = 0
    for _ in range(6):
        state = GameState.new(rules)
        b = Board(rules)
        for _ in range(24):
            if state.is_over:
                break
            for sq in sorted(b.candidates):
                tb, tw, changes = b.preview(sq)
                me, before = b.side, [[len(s) for s in b.threats[side]] for side in (1, 2)]
                beta = rng.randrange(-3000, 3000)
                quiet = b.cls(me, sq) < FOUR
                leaf = evaluate_after(b, sq, threats, beta) if quiet else None
                b.make(sq)
                assert (tb, tw) == (b.total[1], b.total[2])
                for side in (1, 2):
                    for cls in range(THREE, 8):
                        got = len(b.threats[side][cls]) - before[side - 1][cls]
                        assert changes[8 * side + cls] == got
                opp = b.threats[b.side]
                if leaf is not None:
                    scored += 1
                    assert not (opp[FIVE] or b.threats[me][FIVE] or opp[FLEX4])
                    assert leaf == evaluate(b, threats)
                    assert not opp[FOUR3] or leaf >= beta
                elif quiet:
                    standing = evaluate(b, threats)
                    assert (
                        opp[FIVE]
                        or b.threats[me][FIVE]
                        or opp[FLEX4]
                        or (opp[FOUR3] and standing < beta)
                    )
                b.unmake()
            move = rng.choice(state.legal_moves())
            state = state.play(move)
            b.make(b.square(*move))
    assert scored > 1000


def test_no_leaf_is_scored_without_its_move_under_renju() -> None:
    b = board()
    assert evaluate_after(b, min(b.candidates), False, 0) is not None
    renju = Board.from_state(GameState.from_diagram(THREATS_TO_COME, k=5, rule="renju"))
    assert evaluate_after(renju, min(renju.candidates), False, 0) is None


Iterations = list[tuple[int, list[tuple[int, int]], int]]
"""(depth, the ranked root moves, nodes so far) after each finished iteration."""


def searched(state: GameState, quiet: bool) -> tuple[Iterations, int, list[int]]:
    """A fixed-node search of `state` with `AlphaBeta.quiet_leaves` as given: its
    iterations, its nodes and its final root order."""
    b = Board.from_state(state)
    budget = Budget(node_limit=6000)
    searcher = AlphaBeta(b, budget)
    searcher.quiet_leaves = quiet
    steps: Iterations = []

    def iteration(ranked: list[tuple[int, int]], depth: int) -> None:
        steps.append((depth, ranked, budget.nodes))

    searcher.root(sorted(b.candidates), 6, on_iteration=iteration)
    return steps, budget.nodes, searcher.root_order


@pytest.mark.parametrize("rules", [Rules(15, 15, 5), Rules(15, 15, 5, rule="caro")])
def test_a_search_with_leaves_not_made_decides_as_one_that_makes_them(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same scores, move order and node counts, iteration by iteration, with and without
    `AlphaBeta.quiet_leaves`; and with them, leaves were scored without their move."""
    rng = random.Random(5)
    state = GameState.new(rules)
    for _ in range(14):
        state = state.play(rng.choice([m for m in state.legal_moves() if abs(m.row - 7) < 3]))
    previews = [0]
    preview = Board.preview

    def counted(board: Board, sq: int) -> tuple[int, int, list[int]]:
        previews[0] += 1
        return preview(board, sq)

    monkeypatch.setattr(Board, "preview", counted)
    made = searched(state, quiet=False)
    assert previews == [0]
    assert searched(state, quiet=True) == made
    assert previews[0] > 100
    assert len(made[0]) >= 3
