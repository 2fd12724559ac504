"""Layout arithmetic: styles, centring, minimum sizes, board <-> screen round trips."""

from __future__ import annotations

import pytest

from tictac_tui.engine import Move, Rules
from tictac_tui.tui import layout
from tictac_tui.tui.screens import Screen

BOARDS = [Rules.tictactoe(), Rules.gomoku(15), Rules.gomoku(19), Rules(7, 6, 4), Rules(3, 26, 3)]
SIZES = [(80, 24), (120, 40), (44, 14), (100, 30), (200, 60), (44, 23)]


def test_tictactoe_is_big_and_centred_at_80x24() -> None:
    lay = layout.game_layout(80, 24, Rules.tictactoe())
    assert lay is not None and lay.style is layout.BIG
    assert (lay.board_width, lay.board_height) == (25, 13)
    assert lay.left == (80 - 25) // 2
    assert not lay.labels and lay.title_row == 0


@pytest.mark.parametrize("size", [15, 19])
def test_gomoku_fits_80x24_compactly(size: int) -> None:
    lay = layout.game_layout(80, 24, Rules.gomoku(size))
    assert lay is not None and lay.style is layout.COMPACT and lay.labels
    assert lay.top - 1 >= 0
    assert lay.top + lay.board_height <= lay.message_row


def test_minimum_sizes() -> None:
    assert layout.minimum_size(None) == (44, 14)
    assert layout.minimum_size(Rules.tictactoe()) == (44, 14)
    assert layout.minimum_size(Rules.gomoku(15)) == (44, 19)
    assert layout.minimum_size(Rules.gomoku(19)) == (44, 23)
    assert layout.minimum_size(Rules(3, 26, 3)) == (56, 14)


def test_too_small_means_no_layout() -> None:
    assert layout.game_layout(43, 24, Rules.tictactoe()) is None
    assert layout.game_layout(80, 22, Rules.gomoku(19)) is None
    assert layout.game_layout(80, 23, Rules.gomoku(19)) is not None


@pytest.mark.parametrize("rules", BOARDS, ids=lambda r: r.describe())
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_board_inside_screen_and_round_trip(rules: Rules, size: tuple[int, int]) -> None:
    lay = layout.game_layout(*size, rules)
    if lay is None:
        assert not layout.fits(*size, rules)
        return
    top = lay.top - (1 if lay.labels else 0)
    left = lay.left - (layout.LABEL_WIDTH if lay.labels else 0)
    assert top >= (1 if lay.title_row == 0 else 0) and left >= 0
    assert lay.top + lay.board_height <= lay.message_row
    assert lay.left + lay.board_width <= size[0]
    for r in range(rules.rows):
        for c in range(rules.cols):
            move = Move(r, c)
            assert lay.square_at(*lay.center(move)) == move
            y0, x0 = lay.cell_origin(move)
            assert lay.square_at(y0, x0) == move


def test_grid_lines_and_outside_are_no_square() -> None:
    lay = layout.game_layout(80, 24, Rules.tictactoe())
    assert lay is not None
    assert lay.square_at(lay.top, lay.left + 3) is None  # top edge
    assert lay.square_at(lay.top + 1, lay.left) is None  # left edge
    assert lay.square_at(lay.top + 4, lay.left + 3) is None  # line between rows
    assert lay.square_at(0, 0) is None and lay.square_at(23, 79) is None


def test_bottom_rows() -> None:
    lay = layout.game_layout(80, 24, Rules.tictactoe())
    assert lay is not None
    assert (lay.message_row, lay.info_row, lay.hint_row) == (21, 22, 23)


@pytest.mark.parametrize("size", [(80, 24), (44, 14), (100, 40)], ids=str)
@pytest.mark.parametrize("total", [8, 12, 16])
def test_menu_rows_fit_and_the_highlight_is_always_shown(size: tuple[int, int], total: int) -> None:
    width, height = size
    for highlight in range(total):
        lay = layout.menu_layout(width, height, total, highlight)
        y = lay.y_of(highlight)
        assert y is not None  # scrolled into view
        assert lay.top - 1 >= 1 and lay.top + lay.shown <= height - layout.BOTTOM_LINES - 1
        assert lay.row_at(y, lay.left + 2) == highlight
        assert lay.row_at(y, lay.left) is None  # the box's line
        assert lay.more_above == (lay.first > 0)
    full = layout.menu_layout(width, height, total, 0)
    assert full.shown == min(total, height - 1 - layout.BOTTOM_LINES - 2)


def test_click_targets_are_resolved_here() -> None:
    game = layout.View(Screen.GAME, Rules.tictactoe())
    lay = layout.game_layout(80, 24, Rules.tictactoe())
    assert lay is not None
    assert layout.click_target(game, 80, 24, *lay.center(Move(2, 1))) == Move(2, 1)
    assert layout.click_target(game, 80, 24, 0, 0) is None
    menu = layout.View(Screen.MENU, None, menu_rows=9, menu_highlight=0)
    rows = layout.menu_layout(80, 24, 9, 0)
    assert layout.click_target(menu, 80, 24, rows.top + 3, 40) == layout.MenuRow(3)
    assert layout.click_target(menu, 30, 10, rows.top + 3, 10) is None  # too small: nothing
    assert layout.click_target(layout.View(Screen.HELP), 80, 24, 5, 5) is None
