"""Drawing pieces every screen draws with: the title, bars, boxes, and a board drawn
from its layout (rules and size), a position and the marks on its squares.

Public, and the only place these are drawn: a screen's draw function (in `render`,
`recordview`) composes them. No model, no curses: a `Canvas`, a `Layout`, a
`GameState`.
"""

from __future__ import annotations

from ..engine import GameState, Move, Player, square_label
from ..i18n.width import centre_column, pad, text_width
from . import layout, movelist
from .canvas import PLAIN, Canvas, Look
from .helptext import AREA_MARK, FORBIDDEN_MARK, OFFERED_MARK
from .layout import Layout
from .messages import Tone

TITLE = "tictac_tui"
BAR = Look(bg="bar")
TITLE_LOOK = Look(bg="bar", bold=True)
DIM = Look(dim=True)
GRID = Look(dim=True)
STONE_FG = {Player.X: "x", Player.O: "o"}

TONE_LOOKS = {
    Tone.INFO: Look(bold=True),
    Tone.NOTE: Look(fg="accent", bold=True),
    Tone.SUCCESS: Look(fg="good", bold=True),
    Tone.FAILURE: Look(fg="error", bold=True),
    Tone.WARNING: Look(fg="warn", bold=True),
    Tone.ERROR: Look(fg="error", bold=True),
    Tone.QUESTION: Look(fg="accent", bold=True),
}
"""How a message of each tone looks."""

# Big 3x3 stones: three lines of five characters, the letter in the middle.
BIG_STONES = {
    Player.X: ("\\   /", "  X  ", "/   \\"),
    Player.O: (" .-. ", "( O )", " '-' "),
}


def bar(canvas: Canvas, y: int, left: str, right: str = "", look: Look = BAR) -> None:
    """A full-width bar with text at both ends (the right end dropped if it won't fit)."""
    width = canvas.width
    line = f" {left}"
    tail = f"{right} "
    if right and text_width(line) + text_width(tail) <= width:
        line = line + " " * (width - text_width(line) - text_width(tail)) + tail
    canvas.put(y, 0, pad(line, width), look)


def title(canvas: Canvas, y: int | None, subtitle: str = "") -> None:
    """The title bar on row `y` (None: the layout has no room for one)."""
    if y is not None:
        bar(canvas, y, TITLE, subtitle, TITLE_LOOK)


def centre(canvas: Canvas, y: int, text: str, look: Look = PLAIN) -> None:
    """`text` centred on row `y`."""
    canvas.put(y, centre_column(text, canvas.width), text, look)


def box(canvas: Canvas, y: int, x: int, w: int, h: int) -> None:
    """A frame of `w` x `h` with its top-left corner at (y, x)."""
    canvas.glyph(y, x, "ulcorner", GRID)
    canvas.glyph(y, x + w - 1, "urcorner", GRID)
    canvas.glyph(y + h - 1, x, "llcorner", GRID)
    canvas.glyph(y + h - 1, x + w - 1, "lrcorner", GRID)
    for i in range(1, w - 1):
        canvas.glyph(y, x + i, "hline", GRID)
        canvas.glyph(y + h - 1, x + i, "hline", GRID)
    for j in range(1, h - 1):
        canvas.glyph(y + j, x, "vline", GRID)
        canvas.glyph(y + j, x + w - 1, "vline", GRID)


def draw_board(
    canvas: Canvas, lay: Layout, state: GameState, marks: dict[Move, frozenset[str]]
) -> None:
    """Grid or line crossings, labels, and every square with its marks."""
    if lay.style.grid:
        _grid(canvas, lay)
    if lay.labels:
        _labels(canvas, lay)
    if not lay.style.grid and not canvas.ascii:
        for row in range(lay.rules.rows):
            for col in range(lay.rules.cols - 1):
                y, x = lay.center(Move(row, col))
                canvas.glyph(y, x + 1, "hline", GRID)
    for row in range(lay.rules.rows):
        for col in range(lay.rules.cols):
            move = Move(row, col)
            _square(canvas, lay, state, move, marks.get(move, frozenset()))


def winning_marks(state: GameState) -> dict[Move, frozenset[str]]:
    """The "win" mark on the winning line's squares."""
    return {move: frozenset({"win"}) for move in state.winning_line or ()}


def _junction(i: int, last_i: int, j: int, last_j: int) -> str:
    """The glyph where grid line i (of 0..last_i) crosses line j (of 0..last_j)."""
    top, bottom, left, right = i == 0, i == last_i, j == 0, j == last_j
    if top:
        return "ulcorner" if left else "urcorner" if right else "ttee"
    if bottom:
        return "llcorner" if left else "lrcorner" if right else "btee"
    return "ltee" if left else "rtee" if right else "plus"


def _grid(canvas: Canvas, lay: Layout) -> None:
    """Grid lines around and between the squares."""
    s, rules = lay.style, lay.rules
    for dy in range(lay.board_height):
        i, inside_y = divmod(dy, s.cell_h + 1)
        for dx in range(lay.board_width):
            j, inside_x = divmod(dx, s.cell_w + 1)
            y, x = lay.top + dy, lay.left + dx
            if inside_y == 0 and inside_x == 0:
                canvas.glyph(y, x, _junction(i, rules.rows, j, rules.cols), GRID)
            elif inside_y == 0:
                canvas.glyph(y, x, "hline", GRID)
            elif inside_x == 0:
                canvas.glyph(y, x, "vline", GRID)


def _labels(canvas: Canvas, lay: Layout) -> None:
    """Column letters above the board, row numbers on its left."""
    for col in range(lay.rules.cols):
        _, x = lay.center(Move(0, col))
        canvas.put(lay.top - 1, x, square_label((0, col))[0], DIM)
    for row in range(lay.rules.rows):
        y, _ = lay.center(Move(row, 0))
        canvas.put(y, lay.left - layout.LABEL_WIDTH, f"{row + 1:>2}", DIM)


def _square(
    canvas: Canvas, lay: Layout, state: GameState, move: Move, marks: frozenset[str]
) -> None:
    """One square: background for its marks, then its stone or its empty look."""
    s = lay.style
    stone = state.cell(move)
    bg = "win" if "win" in marks else "cursor" if "cursor" in marks else ""
    fg = "ink" if bg == "win" else STONE_FG[stone] if stone is not None else ""
    y0, x0 = lay.cell_origin(move)
    cy, cx = lay.center(move)
    if bg and s.grid:
        for dy in range(s.cell_h):
            canvas.put(y0 + dy, x0, " " * s.cell_w, Look(bg=bg))
    elif bg:
        canvas.put(cy, cx - 1, "   ", Look(bg=bg))
    look = Look(fg=fg, bg=bg, bold=True)
    if stone is not None:
        if s is layout.BIG:
            for dy, line in enumerate(BIG_STONES[stone]):
                canvas.put(y0 + dy, x0 + 1, line, look)
        else:
            canvas.put(cy, cx, str(stone), look)
        return
    if "offered" in marks:
        canvas.put(cy, cx, OFFERED_MARK, Look(fg="accent", bg=bg, bold=True))
    elif "forbidden" in marks:
        canvas.put(cy, cx, FORBIDDEN_MARK, Look(fg="error", bg=bg, bold=True))
    elif "area" in marks:
        canvas.put(cy, cx, AREA_MARK, Look(fg="accent", bg=bg))
    elif (lay.rules.rows, lay.rules.cols) == (3, 3):
        canvas.put(cy, cx, str(move.row * 3 + move.col + 1), Look(bg=bg, dim=not bg))
    elif not s.grid:
        _empty_point(canvas, lay, move, Look(bg=bg, dim=not bg))


def _empty_point(canvas: Canvas, lay: Layout, move: Move, look: Look) -> None:
    """An empty square of the compact board: a line crossing (ASCII: a dot)."""
    cy, cx = lay.center(move)
    if canvas.ascii:
        canvas.put(cy, cx, ".", look)
        return
    name = _junction(move.row, lay.rules.rows - 1, move.col, lay.rules.cols - 1)
    canvas.glyph(cy, cx, name, look)


def last_move(canvas: Canvas, lay: Layout, move: Move) -> None:
    """Mark the last move: brackets beside the stone, or a diamond in a big square."""
    look = Look(fg="accent", bold=True)
    if lay.style is layout.BIG:
        y0, x0 = lay.cell_origin(move)
        canvas.glyph(y0, x0, "diamond", look)
        return
    cy, cx = lay.center(move)
    canvas.put(cy, cx - 1, "(", look)
    canvas.put(cy, cx + 1, ")", look)


def move_list(
    canvas: Canvas, lay: Layout, moves: tuple[Move, ...], current: int, *, overlay: bool
) -> None:
    """The move list beside the board, or over it when there is no room and `overlay`
    (the `v` key) asks for it."""
    box = movelist.panel_box(lay)
    if box is None and overlay:
        box = movelist.overlay_box(canvas.width, canvas.height, len(moves))
    if box is not None:
        movelist.draw(canvas, box, lay.rules, moves, current)
