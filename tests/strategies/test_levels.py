"""Difficulty -> player: decided in `strategies.levels`, through the registry."""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.strategies import (
    Difficulty,
    Strategy,
    available_strategies,
    hint_player,
    player_for,
)
from tictac_tui.strategies.levels import Deferred, strategy_name


def test_easy_and_medium() -> None:
    for rules in (Rules.tictactoe(), Rules.gomoku(15)):
        assert strategy_name(Difficulty.EASY, rules) == "random"
        assert strategy_name("medium", rules) == "heuristic"


@pytest.mark.parametrize("rules", [Rules.tictactoe(), Rules(4, 4, 3), Rules.gomoku(19)])
def test_hard_is_the_strongest_offered(rules: Rules) -> None:
    assert strategy_name(Difficulty.HARD, rules) == available_strategies(rules)[-1]


def test_hard_is_the_last_built_in_player_on_every_board() -> None:
    """`levels.HARD_NAMES` asks the strongest first; the registry lists them weakest first."""
    boards = [
        Rules(rows, cols, k, exact=exact)
        for rows in range(3, 9)
        for cols in range(3, 9)
        for k in range(3, min(rows, cols, 5) + 1)
        for exact in (False, True)
    ] + [Rules.gomoku(15, rule=rule) for rule in ("freestyle", "exact", "renju", "caro")]
    for rules in boards:
        last = available_strategies(rules, include_plugins=False)[-1]
        assert strategy_name(Difficulty.HARD, rules) == last, rules


def test_hard_on_tictactoe_is_perfect_and_on_gomoku_search() -> None:
    assert player_for("hard", Rules.tictactoe(), seed=1).name == "perfect"
    assert player_for(Difficulty.HARD, Rules.gomoku(15), seed=1).name == "search"
    assert hint_player(Rules.gomoku(19)).name == "search"


def test_the_hint_player_is_made_at_the_first_hint_and_plays_as_hard() -> None:
    made: list[Strategy] = []

    def make() -> Strategy:
        made.append(player_for(Difficulty.HARD, Rules.tictactoe(), seed=5))
        return made[-1]

    deferred = Deferred("perfect", make)
    assert deferred.name == "perfect" and made == []
    state = GameState.new(Rules.tictactoe()).play(Move(0, 0))
    first = deferred.choose(state)
    assert len(made) == 1 and deferred.choose(state) == first and len(made) == 1
    assert first == player_for(Difficulty.HARD, Rules.tictactoe(), seed=5).choose(state)
    hint = hint_player(Rules.tictactoe(), seed=5)
    assert isinstance(hint, Deferred) and hint.choose(state) == first


def test_unknown_difficulty() -> None:
    with pytest.raises(ValueError, match="easy, medium, casual, club, strong, expert, hard"):
        strategy_name("brutal", Rules.tictactoe())
