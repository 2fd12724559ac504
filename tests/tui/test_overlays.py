"""An overlay over the board (the analysis panel, the move list with `v`) never cuts a
label or a square in two: the labels right of and below the board are shown whole on
every row, or hidden on every row; the overlay's left edge is a grid line."""

from __future__ import annotations

import pytest

from tictac_tui.engine import GameState, Move, Rules
from tictac_tui.squares import row_label
from tictac_tui.tui import analysisview, layout, movelist, pieces
from tictac_tui.tui.analysispanel import AnalysisPanel
from tictac_tui.tui.canvas import TextCanvas
from tictac_tui.tui.layout import Layout
from tictac_tui.tui.movelist import Box

BOARDS = (Rules(10, 10, 5), Rules.gomoku(15), Rules.gomoku(19))
SIZES = [(width, height) for width in range(44, 121, 3) for height in (19, 24, 30, 40)]
MOVES = (Move(7, 7), Move(7, 8), Move(6, 6))


def drawn(lay: Layout, kind: str, numbers: bool) -> tuple[TextCanvas, Box | None]:
    """The board, then the overlay of `kind` ("analysis" or "moves") as the app draws it,
    and the box it took (None: no overlay, the list beside the board)."""
    state = GameState.from_moves(lay.rules, MOVES)
    canvas = TextCanvas(lay.width, lay.height, ascii=True)
    look = pieces.BoardLook(numbers=pieces.move_numbers(state.history) if numbers else {})
    pieces.draw_board(canvas, lay, state, {}, look)
    if kind == "analysis":
        analysisview.draw_panel(canvas, lay, AnalysisPanel(), state)
        return canvas, analysisview.panel_box(lay)
    pieces.move_list(canvas, lay, state.history, len(MOVES), overlay=True)
    if movelist.panel_box(lay) is not None:
        return canvas, None
    return canvas, movelist.over_board(lay, movelist.overlay_box(lay.width, lay.height, 3))


def inside(box: Box, y: int, x: int) -> bool:
    return box.y <= y < box.y + box.height and box.x <= x < box.x + box.width


def far_labels_shown(canvas: TextCanvas, lay: Layout, box: Box) -> set[bool]:
    """For each label right of the board: True if shown whole, False if none of it shows
    (hidden or under the box); a label partly shown fails at once."""
    start = lay.left + lay.board_width + 1
    seen = set()
    for row in range(lay.rules.rows):
        y = lay.center(Move(row, 0))[0]
        label = row_label(lay.rules, row)
        cells = [(x, char) for x, char in enumerate(label, start) if not inside(box, y, x)]
        shown = [canvas.rows[y][x] == char for x, char in cells]
        assert all(shown) or not any(shown), (lay.width, lay.height, label, canvas.text())
        seen.add(len(cells) == len(label) and all(shown))
    below = lay.top + lay.board_height
    for col in range(lay.rules.cols):
        x = lay.center(Move(0, col))[1]
        if not inside(box, below, x):
            seen.add(canvas.rows[below][x] != " ")
    return seen


@pytest.mark.parametrize("kind", ["analysis", "moves"])
@pytest.mark.parametrize("numbers", [False, True])
@pytest.mark.parametrize("rules", BOARDS, ids=lambda rules: f"{rules.rows}x{rules.cols}")
def test_an_overlay_cuts_no_label_and_no_square(kind: str, numbers: bool, rules: Rules) -> None:
    overlays = 0
    for width, height in SIZES:
        lay = layout.game_layout(width, height, rules, numbers)
        if lay is None:
            continue
        canvas, box = drawn(lay, kind, numbers)
        if box is None:
            continue
        right = lay.left + lay.board_width - 1
        overlays += box.x <= right + layout.LABEL_WIDTH
        if lay.left < box.x < right and lay.style.grid:
            assert (box.x - lay.left) % (lay.style.cell_w + 1) == 0, (width, height)
        assert box.x + box.width <= width
        if lay.far_labels:
            assert len(far_labels_shown(canvas, lay, box)) == 1, (width, height, canvas.text())
    assert overlays > 0  # some sizes put the box over the board or its labels


def test_at_80x24_the_analysis_panel_hides_the_right_labels_it_would_cut() -> None:
    """15x15 at 80x24: the panel starts on the labels' column, so they are all hidden
    (they read "1" for 15 before), and the letters below the board with them."""
    lay = layout.game_layout(80, 24, Rules.gomoku(15))
    assert lay is not None and lay.far_labels
    canvas, box = drawn(lay, "analysis", numbers=False)
    assert box is not None and box.x <= lay.left + lay.board_width + 2
    assert far_labels_shown(canvas, lay, box) == {False}
    assert "15 " in "".join(canvas.rows[lay.center(Move(0, 0))[0]][: lay.left + 1])  # left


def test_a_panel_beside_the_board_leaves_every_label() -> None:
    lay = layout.game_layout(120, 30, Rules.gomoku(15))
    assert lay is not None and lay.far_labels
    canvas, box = drawn(lay, "analysis", numbers=False)
    assert box is not None and box.x > lay.left + lay.board_width + 2
    assert far_labels_shown(canvas, lay, box) == {True}
