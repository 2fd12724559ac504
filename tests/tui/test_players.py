"""Difficulty -> strategy, through the registry, with time budgets for timed players."""

from __future__ import annotations

from typing import Any

import pytest

from tictac_tui.engine import Rules
from tictac_tui.strategies import available_strategies
from tictac_tui.tui import players


def test_easy_and_medium() -> None:
    for rules in (Rules.tictactoe(), Rules.gomoku(15)):
        assert players.strategy_name("easy", rules) == "random"
        assert players.strategy_name("medium", rules) == "heuristic"


@pytest.mark.parametrize("rules", [Rules.tictactoe(), Rules(4, 4, 3), Rules.gomoku(19)])
def test_hard_is_the_strongest_offered(rules: Rules) -> None:
    assert players.strategy_name("hard", rules) == available_strategies(rules)[-1]


def test_hard_on_tictactoe_is_perfect() -> None:
    assert players.make_player("hard", Rules.tictactoe(), seed=1).name == "perfect"


def test_unknown_difficulty() -> None:
    with pytest.raises(ValueError, match="easy, medium or hard"):
        players.strategy_name("brutal", Rules.tictactoe())


@pytest.mark.parametrize(
    ("hint", "budget"), [(False, players.MOVE_TIME), (True, players.HINT_TIME)]
)
def test_timed_players_get_a_budget(
    monkeypatch: pytest.MonkeyPatch, hint: bool, budget: float
) -> None:
    calls: list[tuple[str, dict[str, Any]]] = []

    def fake_get_strategy(name: str, **options: Any) -> object:
        calls.append((name, options))
        return object()

    monkeypatch.setattr(players, "available_strategies", lambda rules: ("random", "search"))
    monkeypatch.setattr(players, "get_strategy", fake_get_strategy)
    players.make_player("medium", Rules.gomoku(15), seed=3, hint=hint)
    name, options = calls[0]
    assert name == "search" if hint else name == "heuristic"
    if hint:
        assert options["time_limit"] == budget and options["seed"] == 3
    else:
        assert "time_limit" not in options
    players.make_player("hard", Rules.gomoku(15), seed=3)
    assert calls[-1] == ("search", {"seed": 3, "rules": Rules.gomoku(15), "time_limit": 1.0})
