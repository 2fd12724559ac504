"""Exact 3x3 values for choosing the human's moves in tests (to win, lose or draw on purpose)."""

from __future__ import annotations

from functools import cache

from tictac_tui.engine import GameState, Move


@cache
def value(state: GameState) -> int:
    """The side to move's result with perfect play: +1 win, 0 draw, -1 loss."""
    if state.is_over:
        return 0 if state.winner is None else -1
    return max(-value(state.play(m)) for m in state.legal_moves())


def best_move(state: GameState) -> Move:
    """A move keeping the best result; among winning ones, an immediate win first."""
    moves = state.legal_moves()
    for m in moves:
        if state.play(m).winner is not None:
            return m
    return max(moves, key=lambda m: -value(state.play(m)))


def worst_move(state: GameState) -> Move:
    """A move giving the opponent the best result (no immediate win for us)."""
    moves = [m for m in state.legal_moves() if state.play(m).winner is None] or list(
        state.legal_moves()
    )
    return max(moves, key=lambda m: value(state.play(m)))
