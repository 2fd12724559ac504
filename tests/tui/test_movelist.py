"""The move list: its lines, where it goes, and the window that follows the game."""

from __future__ import annotations

import pytest

from tictac_tui.engine import Move, Rules
from tictac_tui.tui import layout, movelist
from tictac_tui.tui.canvas import TextCanvas


def test_entries_use_the_boards_own_names() -> None:
    moves = (Move(1, 1), Move(0, 0))
    assert movelist.entries(Rules.tictactoe(), moves) == ["1. X 5", "2. O 1"]
    long = tuple(Move(i // 15, i % 15) for i in range(12))
    lines = movelist.entries(Rules.gomoku(15), long)
    assert lines[0] == " 1. X A15" and lines[11] == "12. O L15"  # row 1 at the bottom


@pytest.mark.parametrize(
    ("total", "current", "rows", "first"),
    [(5, 4, 10, 0), (30, 29, 10, 20), (30, 0, 10, 0), (30, 15, 10, 7), (30, -1, 10, 0)],
)
def test_the_window_keeps_the_current_move_in_view(
    total: int, current: int, rows: int, first: int
) -> None:
    start = movelist.window(total, current, rows)
    assert start == first
    if current >= 0:
        assert start <= current < start + rows


def test_a_panel_beside_the_board_when_wide_enough() -> None:
    wide = layout.game_layout(80, 24, Rules.gomoku(15))
    narrow = layout.game_layout(44, 19, Rules.gomoku(15))
    assert wide is not None and narrow is not None
    box = movelist.panel_box(wide)
    assert box is not None and box.x >= wide.left + wide.board_width
    assert box.x + box.width <= 80
    assert movelist.panel_box(narrow) is None
    overlay = movelist.overlay_box(44, 19, 3)
    assert overlay.x + overlay.width <= 44 and overlay.height == 5


def test_the_current_move_is_drawn_and_a_long_list_scrolls() -> None:
    canvas = TextCanvas(20, 8)
    moves = tuple(Move(0, c) for c in range(10))
    box = movelist.Box(0, 0, 14, 8)
    movelist.draw(canvas, box, Rules.gomoku(15), moves, 10)
    text = canvas.text()
    assert "Moves 10" in text and "10. O J1" in text and " 1. X A1" not in text
    assert "^" in text
