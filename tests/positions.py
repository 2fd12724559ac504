"""Test helpers: positions built from readable inputs."""

from __future__ import annotations

from collections.abc import Iterable

from tictac_tui.engine import GameState, Rules


def play_picks(rules: Rules, picks: Iterable[int]) -> GameState:
    """Play the legal move at index ``pick % len(legal)`` for each pick, until the game ends."""
    state = GameState.new(rules)
    for pick in picks:
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.play(legal[pick % len(legal)])
    return state
