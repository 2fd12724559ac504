"""The move list: numbered moves in the board's own square names, the current one marked.

A panel right of the board when the terminal has room for it (`panel_box`),
otherwise an overlay over the board's right side that a key shows and hides
(`overlay_box`). An overlay (the move list's, the analysis or review panel's)
covers whole squares (`over_board`) and hides the labels right of and below
the board when it covers any of them (`hide_far_labels`). The list scrolls to
keep the current move in view (the last move in a game, the move shown in the
replay viewer). Pure arithmetic and draw functions on a `Canvas`; no curses.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import squares
from ..engine import Move, Player, Rules
from ..i18n import _
from ..i18n.width import clip, pad
from ..words import side_name
from .canvas import PLAIN, Canvas, Look
from .layout import BOTTOM_LINES, Layout, block_size

PANEL_WIDTH = 14
"""Width of the panel, its frame included: room for "999. X  Z26" and a scroll mark."""

GAP = 2
"""Columns between the board's labels and the panel."""

MIN_ROWS = 3
"""Fewest moves a panel shows (else it is not drawn)."""

CURRENT = Look(bg="cursor", bold=True)
FRAME = Look(dim=True)


@dataclass(frozen=True, slots=True)
class Box:
    """A framed rectangle: top-left corner (y, x), width and height, frame included."""

    y: int
    x: int
    width: int
    height: int

    @property
    def rows(self) -> int:
        """Lines of moves inside the frame (one is the title)."""
        return self.height - 2


def square_name(rules: Rules, move: Move) -> str:
    """A square as the board shows it: its digit on 3x3, else its name ("H8")."""
    return squares.square_name(rules, move)


def entries(rules: Rules, moves: tuple[Move, ...], first: Player = Player.X) -> list[str]:
    """One line per move: "  1. X H8" (in Chinese on gomoku boards "  1. 黑 H8"); `first`
    made move 1."""
    width = len(str(len(moves))) if moves else 1
    lines = []
    for n, move in enumerate(moves, start=1):
        side = first if n % 2 else first.other
        lines.append(f"{n:>{width}}. {side_name(side, rules)} {square_name(rules, move)}")
    return lines


def panel_box(lay: Layout) -> Box | None:
    """Where the panel goes right of the board, or None when there is no room."""
    block_w, _ = block_size(lay.style, lay.rules, lay.far_labels)
    block_left = lay.left - (3 if lay.labels else 0)
    right = block_left + block_w + GAP
    if lay.width - right < PANEL_WIDTH:
        return None
    top = 1 if lay.title_row is not None else 0
    squares = lay.rules.rows * lay.rules.cols
    height = min(lay.height - BOTTOM_LINES - top, max(MIN_ROWS, squares) + 2)
    if height - 2 < MIN_ROWS:
        return None
    x = right + (lay.width - right - PANEL_WIDTH) // 2
    return Box(top, x, PANEL_WIDTH, height)


def overlay_box(width: int, height: int, count: int) -> Box:
    """The overlay for `count` moves: at the right edge of the screen, below the title
    row, as tall as the moves need and the screen allows."""
    top = 1 if height - BOTTOM_LINES >= 8 else 0
    tallest = height - BOTTOM_LINES - top
    return Box(top, max(0, width - PANEL_WIDTH - 1), PANEL_WIDTH, min(tallest, max(count, 1) + 2))


def over_board(lay: Layout, box: Box) -> Box:
    """`box` as an overlay of the board: where its left edge would cut a square in two, it
    starts on the grid line before that square instead (as wide again to the same right
    edge), so it covers whole squares."""
    style = lay.style
    right = lay.left + lay.board_width - 1
    if not style.grid or not lay.left < box.x < right:
        return box
    pitch = style.cell_w + 1
    x = lay.left + (box.x - lay.left) // pitch * pitch
    return Box(box.y, x, box.width + box.x - x, box.height)


def hide_far_labels(canvas: Canvas, lay: Layout, box: Box) -> None:
    """Blank the labels right of and below the board (`Layout.far_labels`) when `box`
    covers any of the labels right of it: those labels are hidden together, as on a
    board labelled on two sides, and never one cut in two."""
    if not lay.far_labels:
        return
    start = lay.left + lay.board_width + 1
    rows = range(lay.rules.rows)
    widest = max(len(squares.row_label(lay.rules, row)) for row in rows)
    first = lay.center(Move(0, 0))[0]
    last = lay.top + lay.board_height  # the letters below the board
    if box.x >= start + widest or box.y > last or box.y + box.height <= first:
        return
    for row in rows:
        canvas.put(lay.center(Move(row, 0))[0], start, " " * widest)
    for col in range(lay.rules.cols):
        canvas.put(last, lay.center(Move(0, col))[1], " ")


def window(total: int, current: int, rows: int) -> int:
    """The first line shown of `total` so that line `current` (0-based; -1: none) is in
    view with the line after it, as near the bottom as the list allows (it follows the game)."""
    if total <= rows or current < 0:
        return 0
    return max(0, min(total - rows, current - rows + 2))


def draw(
    canvas: Canvas,
    box: Box,
    rules: Rules,
    moves: tuple[Move, ...],
    current: int,
    mover: Player = Player.X,
) -> None:
    """The list in `box`: title, moves (`current`, 1-based, highlighted; 0 for none);
    `mover` made move 1."""
    frame(canvas, box)
    inner = box.width - 2
    title = f" {_('Moves')} {len(moves)} " if moves else f" {_('Moves')} "
    canvas.put(box.y, box.x + 1, clip(title, inner - 2), Look(bold=True))
    lines = entries(rules, moves, mover)
    rows = box.rows
    first = window(len(lines), current - 1, rows)
    for i, line in enumerate(lines[first : first + rows]):
        n = first + i + 1
        look = CURRENT if n == current else PLAIN
        canvas.put(box.y + 1 + i, box.x + 1, pad(clip(f" {line}", inner), inner), look)
    if not lines:
        canvas.put(box.y + 1, box.x + 1, pad(clip(f" {_('none yet')}", inner), inner), FRAME)
    if first > 0:
        canvas.put(box.y, box.x + box.width - 3, "^", FRAME)
    if first + rows < len(lines):
        canvas.put(box.y + box.height - 1, box.x + box.width - 3, "v", FRAME)


def frame(canvas: Canvas, box: Box) -> None:
    """An empty framed box (the move list's, the analysis panel's, the review's)."""
    y, x, w, h = box.y, box.x, box.width, box.height
    for dy in range(1, h - 1):
        canvas.put(y + dy, x + 1, " " * (w - 2))
        canvas.glyph(y + dy, x, "vline", FRAME)
        canvas.glyph(y + dy, x + w - 1, "vline", FRAME)
    for dx in range(1, w - 1):
        canvas.glyph(y, x + dx, "hline", FRAME)
        canvas.glyph(y + h - 1, x + dx, "hline", FRAME)
    canvas.glyph(y, x, "ulcorner", FRAME)
    canvas.glyph(y, x + w - 1, "urcorner", FRAME)
    canvas.glyph(y + h - 1, x, "llcorner", FRAME)
    canvas.glyph(y + h - 1, x + w - 1, "lrcorner", FRAME)
