"""Test helper: the opening player's scores, each position searched once.

`OpeningPlayer.score` is a search of `OpeningPlayer.nodes` nodes from a cleared
table: the same answer whatever was searched before. It depends on the nodes,
the position (rules and moves) and, on boards the perfect player plays, the
seed (the seed steers nothing else: strategies/search/player.py). Tests whose
players score the same positions again remember the scores under exactly that
key; every decision is then the one the player makes without the memo.
"""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState
from tictac_tui.strategies.openings import OpeningPlayer
from tictac_tui.strategies.perfect import PerfectStrategy

Key = tuple[int, int | None, object, object]
"""(nodes, seed where it counts, rules, moves): what a score depends on."""


def remember_scores(monkeypatch: pytest.MonkeyPatch, scores: dict[Key, int]) -> None:
    """Make `OpeningPlayer.score` search each key once, keeping the answers in `scores`."""
    search = OpeningPlayer.score

    def remembered(player: OpeningPlayer, state: GameState) -> int:
        seed = player.seed if PerfectStrategy.supports(state.rules) else None
        key = (player.nodes, seed, state.rules, state.history)
        if key not in scores:
            scores[key] = search(player, state)
        return scores[key]

    monkeypatch.setattr(OpeningPlayer, "score", remembered)
