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


# 66 moves of a long 15x15 game (search against heuristic), shifted onto 19x19:
# a crowded middle game with nothing forced, so the search uses its whole budget.
BUSY_19X19 = [
    (11, 7), (12, 7), (11, 8), (11, 6), (13, 8), (10, 8), (12, 8), (10, 6), (14, 8), (15, 8),
    (10, 7), (9, 6), (12, 6), (8, 6), (7, 6), (11, 9), (9, 7), (10, 5), (8, 7), (7, 7), (9, 4),
    (6, 8), (9, 5), (9, 8), (8, 8), (12, 10), (13, 11), (11, 4), (5, 9), (12, 3), (13, 2),
    (13, 10), (14, 10), (14, 9), (12, 11), (15, 9), (13, 9), (15, 11), (15, 10), (10, 3),
    (10, 4), (11, 5), (11, 3), (13, 5), (12, 5), (8, 9), (10, 11), (11, 11), (11, 10), (12, 9),
    (10, 9), (7, 10), (13, 12), (14, 13), (6, 11), (8, 10), (7, 9), (6, 10), (5, 10), (7, 11),
    (6, 12), (7, 12), (7, 14), (5, 8), (9, 12), (8, 13),
]  # fmt: skip


def busy_19x19() -> GameState:
    """The crowded 19x19 middle game above: nothing forced."""
    return GameState.from_moves(Rules.gomoku(19), BUSY_19X19)


# The first 56 moves of a game against BSD gomoku on 19x19 (ours black): a board full of
# threes and fours for both sides, where every line of play meets open threes.
THREES_19X19 = [
    (6, 11), (9, 9), (5, 10), (6, 9), (7, 10), (8, 9), (7, 9), (7, 11), (8, 10), (6, 10),
    (6, 8), (5, 7), (5, 9), (8, 12), (5, 12), (5, 11), (4, 13), (3, 14), (3, 8), (4, 9),
    (9, 13), (9, 11), (7, 7), (8, 6), (4, 8), (5, 8), (3, 10), (3, 11), (4, 11), (2, 9),
    (4, 12), (4, 14), (6, 12), (3, 12), (6, 13), (7, 14), (6, 14), (6, 15), (8, 13), (3, 13),
    (3, 15), (7, 13), (7, 12), (9, 14), (5, 14), (10, 10), (11, 9), (4, 15), (9, 10), (8, 11),
    (11, 11), (5, 15), (6, 16), (8, 15), (7, 15), (8, 14),
]  # fmt: skip


def threes_19x19() -> GameState:
    """The crowded 19x19 board of threes above, black to move."""
    return GameState.from_moves(Rules.gomoku(19), THREES_19X19)
