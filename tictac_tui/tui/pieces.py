"""Drawing pieces every screen draws with: the title, bars, boxes, and a board drawn
from its layout (rules and size), a position and the marks on its squares.

Public, and the only place these are drawn: a screen's draw function (in `render`,
`recordview`) composes them. No model, no curses: a `Canvas`, a `Layout`, a
`GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..choices import Stones
from ..engine import GameState, Move, Player, Rules
from ..i18n.width import centre_column, pad, text_width
from ..squares import column_label, row_label
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
DISCS = {Player.X: "●", Player.O: "○"}
"""Stones as discs (`Stones.DISCS`): black filled, white hollow."""
STAR_POINTS = {15: (3, 7, 11), 19: (3, 9, 15)}
"""The lines of the star points (hoshi) on square boards of these sides, 0-based."""


class Position(Protocol):
    """What a board is drawn from: the stone on each square (a `GameState`, a `Setup`)."""

    def cell(self, move: Move) -> Player | None:
        """The stone on `move`, or None."""
        ...


@dataclass(frozen=True, slots=True)
class BoardLook:
    """How stones are drawn: letters or discs, and move numbers (stone -> number) on them."""

    stones: Stones = Stones.LETTERS
    numbers: dict[Move, int] = field(default_factory=dict)

    def stone(self, player: Player, ascii: bool) -> str:
        """One character for a stone of `player` (letters under `--ascii`)."""
        return DISCS[player] if self.stones is Stones.DISCS and not ascii else player.value


LETTERS = BoardLook()


def move_numbers(moves: tuple[Move, ...], first: int = 1) -> dict[Move, int]:
    """Each square of `moves` with its move number, counting from `first`."""
    return {move: n for n, move in enumerate(moves, start=first)}


def star_points(rules: Rules) -> frozenset[Move]:
    """The star points of 15x15 and 19x19 boards (none on other boards)."""
    lines = STAR_POINTS.get(rules.rows, ()) if rules.rows == rules.cols else ()
    return frozenset(Move(r, c) for r in lines for c in lines)


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
    canvas: Canvas,
    lay: Layout,
    state: Position,
    marks: dict[Move, frozenset[str]],
    look: BoardLook = LETTERS,
) -> None:
    """Grid or line crossings, labels, star points, and every square with its marks
    (its stone as `look` says, with its move number when `look` has one)."""
    if lay.style.grid:
        _grid(canvas, lay)
    if lay.labels:
        _labels(canvas, lay)
    if not lay.style.grid and not canvas.ascii:
        for row in range(lay.rules.rows):
            for col in range(lay.rules.cols - 1):
                y, x = lay.center(Move(row, col))
                for step in range(1, lay.style.pitch):
                    canvas.glyph(y, x + step, "hline", GRID)
    stars = star_points(lay.rules)
    for row in range(lay.rules.rows):
        for col in range(lay.rules.cols):
            move = Move(row, col)
            square_marks = marks.get(move, frozenset())
            if move in stars:
                square_marks |= {"star"}
            _square(canvas, lay, state, move, square_marks, look)


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
    """Column letters above the board, row numbers on its left (`squares`: row 1 where
    the setting says), and below and on its right too when the layout has room."""
    for col in range(lay.rules.cols):
        _, x = lay.center(Move(0, col))
        canvas.put(lay.top - 1, x, column_label(col), DIM)
        if lay.far_labels:
            canvas.put(lay.top + lay.board_height, x, column_label(col), DIM)
    for row in range(lay.rules.rows):
        y, _ = lay.center(Move(row, 0))
        number = row_label(lay.rules, row)
        canvas.put(y, lay.left - layout.LABEL_WIDTH, f"{number:>2}", DIM)
        if lay.far_labels:
            canvas.put(y, lay.left + lay.board_width + 1, number, DIM)


def _square(
    canvas: Canvas,
    lay: Layout,
    state: Position,
    move: Move,
    marks: frozenset[str],
    board_look: BoardLook = LETTERS,
) -> None:
    """One square: background for its marks, then its stone (or its move number) or its
    empty look (a star point's own)."""
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
        number = board_look.numbers.get(move)
        char = board_look.stone(stone, canvas.ascii)
        if s is layout.BIG:
            for dy, line in enumerate(BIG_STONES[stone]):
                canvas.put(y0 + dy, x0 + 1, line.replace(stone.value, char), look)
            if number is not None:
                canvas.put(y0, x0, str(number), look)
        elif number is not None:
            _number(canvas, lay, move, number, look)
        else:
            canvas.put(cy, cx, char, look)
        return
    if "offered" in marks:
        canvas.put(cy, cx, OFFERED_MARK, Look(fg="accent", bg=bg, bold=True))
    elif "forbidden" in marks:
        canvas.put(cy, cx, FORBIDDEN_MARK, Look(fg="error", bg=bg, bold=True))
    elif "area" in marks:
        canvas.put(cy, cx, AREA_MARK, Look(fg="accent", bg=bg))
    elif (lay.rules.rows, lay.rules.cols) == (3, 3) and (s is layout.BIG or not board_look.numbers):
        # A square's digit key; not beside stones drawn as their numbers (it would read as one).
        canvas.put(cy, cx, str(move.row * 3 + move.col + 1), Look(bg=bg, dim=not bg))
    elif "star" in marks:
        star = "+" if canvas.ascii or s.grid else "╋"
        canvas.put(cy, cx, star, Look(bg=bg, bold=True))
    elif not s.grid:
        _empty_point(canvas, lay, move, Look(bg=bg, dim=not bg))


def _number(canvas: Canvas, lay: Layout, move: Move, number: int, look: Look) -> None:
    """A move number in place of the stone, in its colour: right-aligned to the stone's
    column where the square is wide enough, else its last digits over the line beside it."""
    cy, cx = lay.center(move)
    text = str(number)
    s = lay.style
    if len(text) == 1:
        canvas.put(cy, cx, text, look)
        return
    if s is layout.COMPACT:
        text = text[-2:]
        canvas.put(cy, cx + 1 - len(text), text, look)
        return
    room = s.cell_w if s.grid else s.pitch
    x0 = lay.cell_origin(move)[1]
    right = x0 + s.cell_w - 1 if s.grid else cx
    canvas.put(cy, max(right - len(text) + 1, x0 + s.cell_w - room), text, look)


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
    canvas: Canvas,
    lay: Layout,
    moves: tuple[Move, ...],
    current: int,
    *,
    overlay: bool,
    first: Player = Player.X,
) -> None:
    """The move list beside the board, or over it when there is no room and `overlay`
    (the `v` key) asks for it; `first` made the first move (white after some set-ups)."""
    box = movelist.panel_box(lay)
    if box is None and overlay:
        box = movelist.over_board(
            lay, movelist.overlay_box(canvas.width, canvas.height, len(moves))
        )
        movelist.hide_far_labels(canvas, lay, box)
    if box is not None:
        movelist.draw(canvas, box, lay.rules, moves, current, first)
