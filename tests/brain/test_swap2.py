"""Swap2 choices (`tictac_tui.brain.swap2`), with a stand-in evaluation to pin each branch."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tictac_tui.brain.swap2 import BALANCE_BAND, Evaluate, choose, openings, place_three
from tictac_tui.brain.thinking import Line
from tictac_tui.engine import GameState, Move, Player, Rules

EMPTY = GameState.new(Rules.gomoku(15))
THREE = GameState.from_moves(Rules.gomoku(15), [(7, 7), (7, 8), (9, 9)])
FIVE = GameState.from_moves(Rules.gomoku(15), [(7, 7), (7, 8), (9, 9), (8, 8), (6, 8)])


def scoring(score_of: dict[int, int], default: int = 0) -> Evaluate:
    """An evaluation: lines for the side to move, scored by the number of stones."""

    def evaluate(state: GameState, seconds: float, count: int) -> Sequence[Line]:
        legal = [m for m in state.legal_moves() if abs(m.row - 7) + abs(m.col - 7) <= 3]
        score = score_of.get(state.move_count, default)
        return [Line(move, score - 50 * i) for i, move in enumerate(legal[:count])]

    return evaluate


def test_the_26_standard_openings() -> None:
    found = openings(EMPTY)
    assert len(found) == 26 and len(set(found)) == 26
    for black, white, third in found:
        assert black == Move(7, 7)
        assert white in (Move(7, 8), Move(8, 8))
        assert max(abs(third.row - 7), abs(third.col - 7)) <= 2
    assert len(openings(GameState.new(Rules(5, 5, 5)))) == 26


def test_three_stones_most_even() -> None:
    seen: list[GameState] = []

    def evaluate(state: GameState, seconds: float, count: int) -> Sequence[Line]:
        seen.append(state)
        move = state.legal_moves()[0]
        return [Line(move, 700 - 50 * len(seen))]  # the 14th opening scores 0

    answer = place_three(EMPTY, evaluate, 1.0)
    assert len(seen) == 26
    assert answer.state == seen[13] and answer.me is None
    stones = [tuple(map(int, p.split(","))) for p in answer.text.split(" ")]
    assert [Move(y, x) for x, y in stones] == list(answer.state.history)


@pytest.mark.parametrize(
    ("score", "text", "stones", "me"),
    [
        (BALANCE_BAND + 1, "move", 4, Player.O),  # white is better: stay white
        (-BALANCE_BAND - 1, "SWAP", 3, Player.X),  # black is better: take black
        (0, "two", 5, None),  # even: place two more, the opponent picks
    ],
)
def test_three_stones_offered(score: int, text: str, stones: int, me: Player | None) -> None:
    answer = choose(THREE, scoring({3: score, 4: 300}), 1.0)
    assert answer.state.move_count == stones and answer.me is me
    if text == "SWAP":
        assert answer.text == "SWAP"
    else:
        assert len(answer.text.split(" ")) == (1 if text == "move" else 2)
        assert answer.state.history[3:] == tuple(
            Move(int(y), int(x)) for x, y in (p.split(",") for p in answer.text.split(" "))
        )


def test_two_stones_leave_the_most_even_score() -> None:
    # Black's lines after the fourth stone score 300, 250, ..., -50: the seventh is even-ish.
    answer = choose(THREE, scoring({3: 0, 4: 300}), 1.0)
    before = answer.state.previous
    assert before is not None
    black_lines = scoring({4: 300})(before, 1.0, 8)
    assert answer.state.last_move == black_lines[6].move


def test_five_stones_offered() -> None:
    stay = choose(FIVE, scoring({5: 0}), 1.0)
    assert stay.me is Player.O and stay.state.move_count == 6
    swap = choose(FIVE, scoring({5: -1}), 1.0)
    assert swap.text == "SWAP" and swap.me is Player.X and swap.state == FIVE
