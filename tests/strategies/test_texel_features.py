"""bench/texel.py's features are the evaluation's terms: today's weights times them give `evaluate`.

The tuning fits weights to these features; if the evaluation changed and the
features did not, the tuned values would not mean what they are pasted as.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import ModuleType

from tests.bench_scripts import load_bench
from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.evaluation import evaluate


def random_boards(texel: ModuleType, seed: int) -> Iterator[Board]:
    """The boards of six random games of 25 stones, each position but the first."""
    rng = random.Random(seed)
    for _ in range(6):
        state = texel.random_stones(GameState.from_moves(Rules.gomoku(15), [(7, 7)]), 24, rng)
        while state.move_count > 1:
            if not state.is_over:
                yield Board.from_state(state)
            state = state.undo()


def test_todays_weights_times_the_features_is_the_evaluation() -> None:
    texel = load_bench("texel")
    weights = texel.today()
    checked = 0
    for board in random_boards(texel, 5):
        if texel.quiet(board):
            linear = sum(w * x for w, x in zip(weights, texel.features(board), strict=True))
            # the evaluation adds three sixteenths of its total rounded down: within 1
            assert abs(linear - evaluate(board)) <= 1
            checked += 1
    assert checked > 50


def test_calm_positions_are_quiet_and_have_no_four_to_make() -> None:
    texel = load_bench("texel")
    calm = 0
    for board in random_boards(texel, 8):
        if texel.calm(board):
            assert texel.quiet(board)
            bonuses = texel.features(board)[len(texel.TUNED) : len(texel.TUNED) + 5]
            four_three, *_, their_four_three, their_open_four = bonuses
            assert four_three == their_four_three == their_open_four == 0
            calm += 1
    assert calm > 20
