"""Swap2, as Gomocup's ``SWAP2BOARD`` asks it: the opening choices, by the engine's evaluation.

The tentative first player places three stones (black, white, black); the
second then plays white's fourth move (stays white), swaps (takes black), or
places the fourth and fifth stones and lets the first player choose; offered
five stones, the first player plays white's sixth move or swaps. The answer
lines: ``x,y x,y x,y``, ``SWAP``, ``x,y`` or ``x,y x,y``.

Every choice comes from scores of the side to move (white, in every case),
found by short searches (`Evaluate`):

- three stones to place: of the 26 standard three-stone openings around the
  centre (black in the centre, white next to it straight or diagonally, the
  third black within two points of the centre, mirror images counted once),
  the one whose score is nearest even, so the opponent's choice of colour
  gains it least;
- three stones offered: white clearly better (score above `BALANCE_BAND`):
  stay white and play the search's move; clearly worse: swap; in between:
  place white's best fourth stone and the black fifth that leaves the score
  nearest even, and let the opponent choose;
- five stones offered: play white's sixth move if white is not worse, else
  swap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import GameState, Move, Player
from ..engine.openings import Choice, canonical_openings
from ..strategies.openings import BALANCE_BAND as BALANCE_BAND  # its documented home before
from ..strategies.openings import FIFTH_CHOICES, colour_choice, nearest_even
from .protocol import format_move, format_moves
from .thinking import Line

Evaluate = Callable[[GameState, float, int], Sequence[Line]]
"""`(state, seconds, lines)`: the best `lines` lines for the side to move, scored."""


@dataclass(frozen=True, slots=True)
class Swap2Answer:
    """The answer line, the board after it, and the brain's colour (None: the opponent picks)."""

    text: str
    state: GameState
    me: Player | None


def gomocup_lines(answer: Swap2Answer, before: GameState) -> list[str]:
    """The answer to SWAP2BOARD: the stones, ``SWAP`` or the moves, on one line."""
    return [answer.text]


def yixin_lines(answer: Swap2Answer, before: GameState) -> list[str]:
    """The answer to Yixin-Board's ``yxswap2stepN``, as its ``main.c`` reads it.

    Stones come as ``MESSAGE SWAP2 MOVEi x y`` (i: the move's number); after
    three stones ``MESSAGE SWAP2 SWAP1 YES`` (it takes black) or ``NO`` (it
    stays white: Yixin-Board then asks for the fourth move with a BOARD);
    after five, ``SWAP2 SWAP2 YES`` / ``NO`` the same way.
    """
    placed = answer.state.history[before.move_count :]
    if before.move_count == 0 or len(placed) == 2:
        first = before.move_count + 1
        return [
            f"MESSAGE SWAP2 MOVE{first + i} {move.col} {move.row}" for i, move in enumerate(placed)
        ]
    step = 1 if before.move_count == 3 else 2
    choice = "YES" if answer.me is Player.X else "NO"
    return [f"MESSAGE SWAP2 SWAP{step} {choice}"]


def openings(state: GameState) -> list[tuple[Move, Move, Move]]:
    """The 26 standard openings around the centre of `state`'s board that fit on it."""
    return canonical_openings(state.rules)


def white_score(lines: Sequence[Line]) -> int:
    """White's score from its best line (0 when the player gave none)."""
    return lines[0].score if lines and lines[0].score is not None else 0


def place_three(state: GameState, evaluate: Evaluate, seconds: float) -> Swap2Answer:
    """Case 1: the three opening stones, the most even of the standard openings."""
    candidates = openings(state)
    each = seconds / max(len(candidates), 1)
    scored = []
    for stones in candidates:
        position = state
        for move in stones:
            position = position.play(move)
        scored.append((stones, position, white_score(evaluate(position, each, 1))))
    best = min(scored, key=lambda item: abs(item[2]))  # the first of the most even
    return Swap2Answer(format_moves(best[0]), best[1], None)


def choose(state: GameState, evaluate: Evaluate, seconds: float) -> Swap2Answer:
    """Cases 2 and 3: white to move after three or five stones."""
    lines = evaluate(state, seconds / 2 if state.move_count == 3 else seconds, 1)
    score = white_score(lines)
    answer = colour_choice(score, may_place_two=state.move_count == 3)
    if answer is Choice.KEEP:
        return _stay(state, lines[0].move)
    if answer is Choice.SWAP:
        return Swap2Answer("SWAP", state, Player.X)
    return _place_two(state.play(lines[0].move), lines[0].move, evaluate, seconds / 2)


def _stay(state: GameState, move: Move) -> Swap2Answer:
    """Stay white and play `move`."""
    return Swap2Answer(format_move(move), state.play(move), Player.O)


def _place_two(
    after_four: GameState, fourth: Move, evaluate: Evaluate, seconds: float
) -> Swap2Answer:
    """White's `fourth` stone, and the black fifth that leaves white's score nearest even."""
    black_lines = evaluate(after_four, seconds, FIFTH_CHOICES)
    scored = [line for line in black_lines if line.score is not None]
    fifth = (
        nearest_even([(line.move, line.score or 0) for line in scored])
        if scored
        else black_lines[0].move
    )
    return Swap2Answer(format_moves((fourth, fifth)), after_four.play(fifth), None)
