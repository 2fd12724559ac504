"""bench/policy.py's features give the order key: today's weights times them are `B_ORDER` /
`W_ORDER`.

The fit starts from today's key and its figures compare against it; if the
key changed and the features did not, the fitted weights would not mean what
they are printed as.
"""

from __future__ import annotations

import random

from tests.bench_scripts import load_bench
from tictac_tui.engine import GameState, Rules
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.patterns import B_CLASS, B_ORDER, BLACK, W_CLASS, W_ORDER


def test_todays_weights_times_the_features_are_the_order_key() -> None:
    policy = load_bench("policy")
    weights = policy.today()
    rng = random.Random(3)
    checked = combos = 0
    for _ in range(6):
        state = GameState.from_moves(Rules.gomoku(15), [(7, 7)])
        state = policy.random_stones(state, 20, rng)
        while state.move_count > 1:
            if not state.is_over:
                b = Board.from_state(state)
                black = b.side == BLACK
                for sq in b.candidates:
                    comb = b.cells_table[b.vecs[sq]]
                    x = policy.square_features(b.vecs[sq], black, comb[B_CLASS], comb[W_CLASS])
                    key = sum(weights[j] * v for j, v in x)
                    assert abs(key - comb[B_ORDER if black else W_ORDER]) < 1e-6
                    combos += any(policy.PATTERNS + policy.CLASSES <= j < policy.SIDE_FEATURES
                                  for j, _ in x)  # fmt: skip
                    checked += 1
            state = state.undo()
    assert checked > 1000
    assert combos > 10  # the pairs of patterns are met (today's key gives them no weight)
