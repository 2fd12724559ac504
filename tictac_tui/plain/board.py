"""The board as plain text, one line per row, no decoration.

Tic-tac-toe shows each empty square as the digit that plays it (``X 2 3``);
bigger boards are a grid of ``.`` with column letters above and row numbers
on the left, counted as the app counts them (`tictac_tui.squares`: row 1 at the
bottom unless the setting says the top; ``H8`` is column H, row 8).
"""

from __future__ import annotations

from ..engine import GameState, Move, Rules
from ..squares import column_label, is_tictactoe, row_label, square_name


def square_text(rules: Rules, move: Move) -> str:
    """A square as typed and shown: "5" on 3x3, else "H8" (`squares.square_name`)."""
    return square_name(rules, move)


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
    margin = len(str(rules.rows))  # row numbers as the setting counts them
    letters = " ".join(column_label(col) for col in range(rules.cols))
    lines = [" " * (margin + 1) + letters]
    for row in range(rules.rows):
        points = " ".join(_stone(state, Move(row, col)) or "." for col in range(rules.cols))
        lines.append(f"{row_label(rules, row):>{margin}} {points}")
    return lines


def _stone(state: GameState, move: Move) -> str:
    player = state.cell(move)
    return "" if player is None else player.value
