"""The level ladder between Medium and Hard: its order at fixed nodes, its tactics, its seeds.

The match table that shows each level beating the one below is bench/ladder.py
(docs/benchmarks.md); here the order is checked where it is cheap: each level
searches more nodes, no shallower, and picks among fewer moves than the one
below, and a level never misses a five or ignores a four, whatever its seed.
"""

from __future__ import annotations

import itertools

import pytest

from tictac_tui.choices import computer_choices
from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import Difficulty, Limit, get_strategy, player_for
from tictac_tui.strategies.ladder import LADDER, LadderStrategy
from tictac_tui.strategies.levels import LADDER as LADDER_LEVELS
from tictac_tui.strategies.levels import has_ladder, strategy_name

NAMES = [cls.name for cls in LADDER]

# X to move: X has four in a row (row 7, d-g) with h open; O has four too (row 3).
FIVE_TO_MAKE = """
    ...............
    ...............
    ...............
    ...OOOO........
    ...............
    ...............
    ...............
    ...XXXX........
    ...............
    ...............
    ...............
    ...............
    ...............
    ...............
    ...............
"""

# X to move: O's four (row 3) is blocked at (3, 2) by X; only (3, 7) stops its five.
FOUR_TO_BLOCK = """
    ...............
    ...............
    ...............
    ..XOOOO........
    ...............
    ......X........
    .....X.........
    ...............
    ...............
    ...............
    ...............
    ...........X...
    ...............
    ...............
    ...............
"""

# X to move after a quiet opening (the centre, a diagonal reply): several moves as good.
QUIET = [Move(7, 7), Move(6, 8)]


def test_each_level_searches_more_and_picks_less_than_the_one_below() -> None:
    rungs = [cls.rung for cls in LADDER]
    for lower, upper in itertools.pairwise(rungs):
        assert upper.nodes >= 3 * lower.nodes
        assert upper.depth is None or (lower.depth is not None and upper.depth > lower.depth)
        assert upper.choices <= lower.choices
        assert upper.margin <= lower.margin
    assert rungs[-1].choices == 1


def test_the_levels_sit_between_medium_and_hard_on_gomoku_boards() -> None:
    rules = Rules.gomoku(15)
    order = list(Difficulty)
    assert order.index(Difficulty.MEDIUM) < order.index(LADDER_LEVELS[0])
    assert order.index(LADDER_LEVELS[-1]) < order.index(Difficulty.HARD)
    assert [strategy_name(level, rules) for level in LADDER_LEVELS] == NAMES
    assert has_ladder(rules) and has_ladder(Rules.gomoku(19, rule="renju"))
    assert set(LADDER_LEVELS) <= set(computer_choices(rules))


def test_no_ladder_where_hard_is_not_the_search() -> None:
    rules = Rules.tictactoe()
    assert not has_ladder(rules)
    assert not set(LADDER_LEVELS) & set(computer_choices(rules))
    assert player_for(Difficulty.CLUB, rules, seed=1).name == "perfect"
    assert not any(cls.supports(rules) for cls in LADDER)
    assert all(cls.supports(Rules.gomoku(15)) for cls in LADDER)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_a_level_never_misses_a_five(name: str, seed: int) -> None:
    state = GameState.from_diagram(FIVE_TO_MAKE, k=5)
    move = get_strategy(name, seed=seed).choose(state)
    assert state.play(move).winner is not None


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_a_level_never_ignores_a_four(name: str, seed: int) -> None:
    state = GameState.from_diagram(FOUR_TO_BLOCK, k=5)
    assert get_strategy(name, seed=seed).choose(state) == Move(3, 7)


@pytest.mark.parametrize("name", NAMES)
def test_a_level_repeats_its_moves_for_a_seed(name: str) -> None:
    state = GameState.from_moves(Rules.gomoku(15), QUIET)
    first = [get_strategy(name, seed=seed).choose(state) for seed in range(6)]
    again = [get_strategy(name, seed=seed).choose(state) for seed in range(6)]
    assert first == again


def test_the_lowest_level_varies_with_the_seed_and_the_top_does_not() -> None:
    state = GameState.from_moves(Rules.gomoku(15), QUIET)
    casual = {get_strategy("casual", seed=seed).choose(state) for seed in range(8)}
    expert = {get_strategy("expert", seed=seed).choose(state) for seed in range(3)}
    assert len(casual) > 1
    assert len(expert) == 1


def test_the_callers_limit_bounds_a_level() -> None:
    player = get_strategy("expert", seed=0)
    assert isinstance(player, LadderStrategy)
    limit = player.limit(Limit(time=0.5, nodes=100, depth=3))
    assert (limit.time, limit.nodes, limit.depth) == (0.5, 100, 3)
    assert player.limit(Limit()).nodes == player.rung.nodes
    assert player.limit(Limit()).time is None
