"""The board as plain text, one line per row, no decoration.

Tic-tac-toe shows each empty square as the digit that plays it (``X 2 3``);
bigger boards are a grid of ``.`` with column letters above and row numbers
on the left, row 1 at the top as in the app (``H8`` is column H, row 8).
"""

from __future__ import annotations

import string

from ..engine import GameState, Move, Rules


def is_tictactoe(rules: Rules) -> bool:
    """True on the 3x3 board, where squares are the digits 1-9."""
    return (rules.rows, rules.cols) == (3, 3)


def square_text(rules: Rules, move: Move) -> str:
    """A square as typed and shown: "5" on 3x3, else "H8"."""
    if is_tictactoe(rules):
        return str(move.row * 3 + move.col + 1)
    return f"{string.ascii_uppercase[move.col]}{move.row + 1}"


def board_lines(state: GameState) -> list[str]:
    """The position as lines of text (see the module docstring)."""
    rules = state.rules
    if is_tictactoe(rules):
        return [
            " ".join(
                _stone(state, Move(row, col)) or square_text(rules, Move(row, col))
                for col in range(3)
            )
            for row in range(3)
        ]
    margin = len(str(rules.rows))
    letters = " ".join(string.ascii_uppercase[: rules.cols])
    lines = [" " * (margin + 1) + letters]
    for row in range(rules.rows):
        points = " ".join(_stone(state, Move(row, col)) or "." for col in range(rules.cols))
        lines.append(f"{row + 1:>{margin}} {points}")
    return lines


def _stone(state: GameState, move: Move) -> str:
    player = state.cell(move)
    return "" if player is None else player.value
