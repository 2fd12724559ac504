"""Headless games between strategies: no curses, every move checked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..engine import GameState, IllegalMove, Player, Rules
from .base import NO_LIMIT, Limit, Strategy


def play_game(
    rules: Rules,
    x: Strategy,
    o: Strategy,
    *,
    opening: Iterable[tuple[int, int]] = (),
    limit: Limit = NO_LIMIT,
) -> GameState:
    """Play one game from `opening` to the end, each move within `limit`; the final state.

    Raises IllegalMove naming the strategy if one returns an illegal move.
    """
    state = GameState.from_moves(rules, opening)
    while not state.is_over:
        player = x if state.to_move is Player.X else o
        move = player.choose(state, limit)
        if not state.is_legal(move):
            try:
                state.play(move)
            except IllegalMove as error:
                raise IllegalMove(error.move, f"{player.name} chose {error}") from None
        state = state.play(move)
    return state


def play_match(
    rules: Rules, first: Strategy, second: Strategy, games: int, *, limit: Limit = NO_LIMIT
) -> Counter[str]:
    """Play `games` games, alternating colours; count "first", "second" and "draw" results."""
    results: Counter[str] = Counter()
    for game in range(games):
        x, o = (first, second) if game % 2 == 0 else (second, first)
        final = play_game(rules, x, o, limit=limit)
        if final.winner is None:
            results["draw"] += 1
        else:
            winner = x if final.winner is Player.X else o
            results["first" if winner is first else "second"] += 1
    return results
