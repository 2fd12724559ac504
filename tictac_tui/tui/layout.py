"""Screen arithmetic: where the board, its labels and the bars go for a screen size.

Pure: no curses. Board <-> screen coordinates convert here and nowhere else,
and so does a click: `click_target` turns a screen position into the board
square or menu row drawn there. Three board styles, the biggest that fits
is used:

- ``big``: 7x3 cells inside grid lines (tic-tac-toe and boards up to 6x6);
- ``medium``: 3x1 cells inside grid lines;
- ``compact``: one character per square, two columns apart, no grid lines
  (a 19x19 board needs 40 x 20 with labels, so it fits in 80 x 24);
- ``wide``: two characters per square, three columns apart, no grid lines:
  used instead of ``compact`` when move numbers are shown and it fits.

Column letters and row numbers go above and left of the board, and below and
right of it too where the screen has room (`Layout.far_labels`).

Rows, top to bottom: a title bar (when there is room), the board area, then
the message line, the information bar and the key hint line. The menu is a
box of rows centred in the same area; when it has more rows than fit, it
shows a window of them around the highlight (`MenuLayout`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Move, Rules
from .screens import Screen

MENU_WIDTH = 52
"""Widest the menu box gets."""

MIN_WIDTH = 44
"""No screen is drawn narrower than this."""

MIN_HEIGHT = 14
"""No screen is drawn shorter than this."""

BOTTOM_LINES = 3
"""Message line, information bar, key hints."""

LABEL_WIDTH = 3
"""Row numbers: two digits and a space."""


@dataclass(frozen=True, slots=True)
class Style:
    """How a board is drawn: cell size and whether grid lines surround cells."""

    name: str
    cell_w: int
    cell_h: int
    grid: bool
    max_side: int

    def board_size(self, rules: Rules) -> tuple[int, int]:
        """(width, height) of the board itself, grid lines included, labels not."""
        if self.grid:
            return (
                rules.cols * (self.cell_w + 1) + 1,
                rules.rows * (self.cell_h + 1) + 1,
            )
        return (self.cell_w + 1) * rules.cols - 1, rules.rows

    @property
    def pitch(self) -> int:
        """Columns from one square to the next."""
        return self.cell_w + 1


BIG = Style("big", 7, 3, True, 6)
MEDIUM = Style("medium", 3, 1, True, 26)
COMPACT = Style("compact", 1, 1, False, 26)
WIDE = Style("wide", 2, 1, False, 26)
STYLES = (BIG, MEDIUM, COMPACT)
NUMBERED_STYLES = (BIG, MEDIUM, WIDE, COMPACT)
"""The styles tried, biggest first, when move numbers are shown."""


def has_labels(rules: Rules) -> bool:
    """Column letters and row numbers go around every board bigger than 3x3."""
    return rules.rows * rules.cols > 9


def block_size(style: Style, rules: Rules, far: bool = False) -> tuple[int, int]:
    """(width, height) of the board with its labels (`far`: on all four sides)."""
    width, height = style.board_size(rules)
    if has_labels(rules):
        sides = 2 if far else 1
        return width + sides * LABEL_WIDTH, height + sides
    return width, height


def minimum_size(rules: Rules | None) -> tuple[int, int]:
    """The smallest (width, height) that shows the board (or the menu, for None)."""
    if rules is None:
        return MIN_WIDTH, MIN_HEIGHT
    width, height = block_size(COMPACT, rules)
    return max(MIN_WIDTH, width + 2), max(MIN_HEIGHT, height + BOTTOM_LINES)


def fits(width: int, height: int, rules: Rules | None) -> bool:
    """Whether a width x height screen is big enough."""
    need_w, need_h = minimum_size(rules)
    return width >= need_w and height >= need_h


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything of the game screen goes on a width x height screen."""

    width: int
    height: int
    rules: Rules
    style: Style
    top: int
    """Screen row of the board's top edge (grid line, or first row when compact)."""
    left: int
    """Screen column of the board's left edge."""
    title_row: int | None
    labels: bool
    far_labels: bool = False
    """Letters below and numbers right of the board too."""

    @property
    def message_row(self) -> int:
        """The line with whose turn it is and the last message."""
        return self.height - 3

    @property
    def info_row(self) -> int:
        """The bar with game, mode, difficulty and score."""
        return self.height - 2

    @property
    def hint_row(self) -> int:
        """The key hint line (the last row)."""
        return self.height - 1

    def cell_origin(self, move: Move) -> tuple[int, int]:
        """(y, x) of the top-left character inside a square."""
        s = self.style
        if s.grid:
            return (
                self.top + 1 + move.row * (s.cell_h + 1),
                self.left + 1 + move.col * (s.cell_w + 1),
            )
        return self.top + move.row, self.left + s.pitch * move.col

    def center(self, move: Move) -> tuple[int, int]:
        """(y, x) of the character that shows a square's stone."""
        y, x = self.cell_origin(move)
        return y + self.style.cell_h // 2, x + self.style.cell_w // 2

    def square_at(self, y: int, x: int) -> Move | None:
        """The square drawn at screen (y, x), or None (grid lines, labels, outside)."""
        s = self.style
        dy, dx = y - self.top, x - self.left
        if s.grid:
            row, ry = divmod(dy - 1, s.cell_h + 1)
            col, rx = divmod(dx - 1, s.cell_w + 1)
            if ry >= s.cell_h or rx >= s.cell_w:
                return None
        else:
            row, col = dy, (dx + 1) // s.pitch if dx >= 0 else -1
        if 0 <= row < self.rules.rows and 0 <= col < self.rules.cols:
            return Move(row, col)
        return None

    @property
    def board_width(self) -> int:
        """Width of the board itself."""
        return self.style.board_size(self.rules)[0]

    @property
    def board_height(self) -> int:
        """Height of the board itself."""
        return self.style.board_size(self.rules)[1]


def game_layout(width: int, height: int, rules: Rules, numbers: bool = False) -> Layout | None:
    """The layout of a board screen, or None when the screen is too small.

    The biggest style that fits, with labels on four sides if they fit, else two;
    `numbers` (move numbers on the stones) tries the ``wide`` style before ``compact``.
    """
    if not fits(width, height, rules):
        return None
    labels = has_labels(rules)
    for style in NUMBERED_STYLES if numbers else STYLES:
        if max(rules.rows, rules.cols) > style.max_side:
            continue
        for far in (True, False) if labels else (False,):
            block_w, block_h = block_size(style, rules, far)
            with_title = height - BOTTOM_LINES - 1 >= block_h
            area_top = 1 if with_title else 0
            area_h = height - BOTTOM_LINES - area_top
            if block_w <= width and block_h <= area_h:
                spare = area_h - block_h
                top = area_top + spare // 2 + (1 if labels else 0)
                block_left = (width - block_w) // 2
                left = block_left + (LABEL_WIDTH if labels else 0)
                title_row = 0 if with_title else None
                return Layout(width, height, rules, style, top, left, title_row, labels, far)
    return None


@dataclass(frozen=True, slots=True)
class MenuLayout:
    """Where the menu's rows go: a window of `shown` rows from row number `first`."""

    top: int
    """Screen row of the first row shown (the box's top line is just above)."""
    left: int
    """Screen column of the box's left line."""
    width: int
    """Width of the box, lines included."""
    first: int
    shown: int
    total: int

    def y_of(self, index: int) -> int | None:
        """Screen row of menu row `index`, or None if it is scrolled out of view."""
        if self.first <= index < self.first + self.shown:
            return self.top + index - self.first
        return None

    def row_at(self, y: int, x: int) -> int | None:
        """The menu row drawn at screen (y, x), or None."""
        index = y - self.top + self.first
        inside = self.left < x < self.left + self.width - 1
        if inside and self.first <= index < self.first + self.shown:
            return index
        return None

    @property
    def more_above(self) -> bool:
        """Rows are scrolled out above."""
        return self.first > 0

    @property
    def more_below(self) -> bool:
        """Rows are scrolled out below."""
        return self.first + self.shown < self.total


def menu_layout(width: int, height: int, total: int, highlight: int) -> MenuLayout:
    """The menu of `total` rows with row `highlight` highlighted, on a width x height screen."""
    box_width = min(width - 2, MENU_WIDTH)
    area = height - 1 - BOTTOM_LINES  # below the title bar, above the bottom lines
    shown = max(1, min(total, area - 2))
    first = min(max(0, highlight - shown // 2), total - shown)
    top = 1 + max(0, (area - shown - 2) // 2) + 1
    return MenuLayout(top, (width - box_width) // 2, box_width, first, shown, total)


@dataclass(frozen=True, slots=True)
class MenuRow:
    """A click on the menu's row number `index`."""

    index: int


Target = Move | MenuRow | None
"""What a click is on: a board square, a menu row, or neither."""


@dataclass(frozen=True, slots=True)
class View:
    """What `click_target` needs to know about the screen shown."""

    screen: Screen
    rules: Rules | None = None
    """The board, on the game screen."""
    menu_rows: int = 0
    menu_highlight: int = 0
    numbers: bool = False
    """Move numbers are on the stones (the board may be drawn wider)."""


BOARD_SCREENS = frozenset({Screen.GAME, Screen.EDITOR})
"""Screens whose board takes clicks."""


def click_target(view: View, width: int, height: int, y: int, x: int) -> Target:
    """The board square or menu row drawn at screen (y, x), or None."""
    if view.screen in BOARD_SCREENS and view.rules is not None:
        lay = game_layout(width, height, view.rules, view.numbers)
        return lay.square_at(y, x) if lay is not None else None
    if view.screen is Screen.MENU and fits(width, height, None):
        index = menu_layout(width, height, view.menu_rows, view.menu_highlight).row_at(y, x)
        return MenuRow(index) if index is not None else None
    return None
