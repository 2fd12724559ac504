"""Known 3x3 counts, enumerated through the public engine API."""

from __future__ import annotations

from collections import Counter

from tictac_tui.engine import GameState, Player, Rules


def test_reachable_positions() -> None:
    """5,478 distinct positions are reachable (empty board included), 958 of them final."""
    seen = {GameState.new(Rules.tictactoe())}
    frontier = list(seen)
    while frontier:
        state = frontier.pop()
        for move in state.legal_moves():
            child = state.play(move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    assert len(seen) == 5478
    assert sum(state.is_over for state in seen) == 958


def test_complete_games() -> None:
    """255,168 complete games: 131,184 won by X, 77,904 by O, 46,080 drawn."""
    results: Counter[str] = Counter()

    def walk(state: GameState) -> None:
        if state.is_over:
            results["draw" if state.winner is None else state.winner.value] += 1
            return
        for move in state.legal_moves():
            walk(state.play(move))

    walk(GameState.new(Rules.tictactoe()))
    assert sum(results.values()) == 255_168
    assert results == {Player.X.value: 131_184, Player.O.value: 77_904, "draw": 46_080}
