"""Seeded matches between the players, both colours, many games.

Figures measured on 2026-11-23 with exactly these seeds (deterministic):

- 3x3, perfect (traps) vs heuristic: 500 wins, 500 draws, 0 losses in 1000
  (every game as X won: corner, opposite corner, fork; every game as O drawn);
  perfect with random tie-breaks: 86 wins, 914 draws.
- 3x3, perfect (traps) vs random: 950 wins, 50 draws, 0 losses in 1000;
  perfect with random tie-breaks: 883 wins, 117 draws.
- heuristic vs random: 3x3 183-2-15 in 200; 7x7 k4 200-0-0; 15x15 k5 40-0-0.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tictac_tui.engine import Rules
from tictac_tui.strategies import get_strategy, play_match
from tictac_tui.strategies.perfect import PerfectStrategy


def seeded_total(rules: Rules, tiebreak: str, opponent: str) -> Counter[str]:
    total: Counter[str] = Counter()
    for seed in range(5):
        total += play_match(
            rules,
            PerfectStrategy(seed=seed, tiebreak=tiebreak),
            get_strategy(opponent, seed=100 + seed),
            200,
        )
    return total


@pytest.mark.parametrize(
    ("opponent", "min_wins", "min_gain"), [("heuristic", 500, 300), ("random", 900, 30)]
)
def test_perfect_never_loses_and_sets_traps(opponent: str, min_wins: int, min_gain: int) -> None:
    traps = seeded_total(Rules.tictactoe(), "traps", opponent)
    plain = seeded_total(Rules.tictactoe(), "random", opponent)
    assert traps["second"] == 0 and plain["second"] == 0
    assert traps["first"] >= min_wins
    assert traps["first"] - plain["first"] >= min_gain


@pytest.mark.parametrize(
    ("rules", "games"), [(Rules.tictactoe(), 100), (Rules(7, 7, 4), 100), (Rules.gomoku(), 20)]
)
def test_heuristic_beats_random(rules: Rules, games: int) -> None:
    total: Counter[str] = Counter()
    for seed in range(2):
        total += play_match(
            rules,
            get_strategy("heuristic", seed=seed),
            get_strategy("random", seed=100 + seed),
            games,
        )
    assert total["first"] >= 0.9 * 2 * games
    assert total["second"] <= 0.02 * 2 * games
