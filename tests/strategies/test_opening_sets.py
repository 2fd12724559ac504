"""bench/openings-15x15-swap.txt, the set the swap chooser's balance is measured over.

bench/opening_balance.py places from it by default (docs/benchmarks.md, "the
colour chooser's score"): every line must be a quiet three-stone opening,
white to move, distinct from the others up to the board's symmetries, kept
because both colours won its self-play.
"""

from __future__ import annotations

import re
from pathlib import Path

from tictac_tui.engine import GameState, Move, Player, Rules
from tictac_tui.engine.symmetry import board_symmetries
from tictac_tui.strategies.search.board import Board
from tictac_tui.strategies.search.patterns import FIVE, FLEX4, FOUR, FOUR3

SWAP_SET = Path(__file__).resolve().parents[2] / "bench" / "openings-15x15-swap.txt"
SIZE = 15
SELF_PLAY = re.compile(r"self-play ([BWD]+)$")


def openings(path: Path) -> list[tuple[tuple[Move, ...], str]]:
    """(stones, self-play results) of each line: ``x,y`` pairs, x the column, 0-based."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        body, _, comment = line.partition("#")
        if not body.strip():
            continue
        stones = []
        for pair in body.split():
            x, y = (int(part) for part in pair.split(","))
            stones.append(Move(y, x))
        results = SELF_PLAY.search(comment.strip())
        found.append((tuple(stones), results.group(1) if results else ""))
    return found


def images(stones: tuple[Move, ...]) -> set[tuple[frozenset[Move], frozenset[Move]]]:
    """The (black, white) stones under each of the square board's symmetries (the engine's)."""
    rules = Rules.gomoku(SIZE)
    found = set()
    for symmetry in board_symmetries(rules):
        moved = [symmetry.apply(rules, move) for move in stones]
        found.add((frozenset(moved[0::2]), frozenset(moved[1::2])))
    return found


def quiet(state: GameState) -> bool:
    board = Board.from_state(state)
    return not any(
        board.threats[side][cls] for side in (1, 2) for cls in (FIVE, FLEX4, FOUR3, FOUR)
    )


def test_the_swap_set_is_quiet_three_stone_openings_both_colours_won() -> None:
    found = openings(SWAP_SET)
    assert len(found) >= 20
    for stones, results in found:
        assert len(stones) == 3
        state = GameState.from_moves(Rules.gomoku(SIZE), stones)
        assert state.to_move is Player.O and quiet(state)
        assert "B" in results and "W" in results, stones


def test_no_two_openings_of_the_swap_set_are_symmetrical() -> None:
    seen: set[tuple[frozenset[Move], frozenset[Move]]] = set()
    for stones, _ in openings(SWAP_SET):
        assert not images(stones) & seen, stones
        seen |= images(stones)


def test_a_symmetrical_pair_is_found() -> None:
    a = (Move(7, 7), Move(7, 8), Move(9, 7))
    mirrored = (Move(7, 7), Move(7, 6), Move(9, 7))
    assert images(a) & images(mirrored)
    assert not images(a) & images((Move(7, 7), Move(8, 8), Move(9, 7)))
