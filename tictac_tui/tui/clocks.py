"""The game's two clocks on the status line: "X 4:59  >O 0:09!".

Each side's time left in whole seconds (`play.clock.shown`); the side to
move's clock is marked ``>`` and drawn bold on the cursor's colour; with at
most `URGENT_SECONDS` left it is drawn in the error colour, underlined, and
marked ``!`` (so it reads without colour too). Pure text and looks: the
caller places it (`bottom.draw_bottom`, at the right of the message line).
"""

from __future__ import annotations

from ..engine import Player
from ..i18n.width import text_width
from ..play.clock import URGENT_SECONDS, shown
from ..play.match import Match
from ..words import side_name
from .canvas import Canvas, Look
from .pieces import DIM

GAP = "  "
"""Between the two clocks."""
TO_MOVE = Look(bg="cursor", bold=True)
URGENT = Look(fg="error", bold=True, underline=True)


def clock_parts(match: Match, now: float) -> list[tuple[str, Look]]:
    """The clocks as (text, look) pieces, X's first; none without a clock."""
    clock = match.clock
    if clock is None or not clock.control.timed:
        return []
    to_move = None if match.over else match.state.to_move
    parts: list[tuple[str, Look]] = []
    for side in Player:
        left = clock.left(side, now)
        urgent = left <= URGENT_SECONDS and (side is to_move or left <= 0)
        mark = ">" if side is to_move else ""
        text = f"{mark}{side_name(side, match.rules)} {shown(left)}{'!' if urgent else ''}"
        look = URGENT if urgent else TO_MOVE if side is to_move else DIM
        if parts:
            parts.append((GAP, Look()))
        parts.append((text, look))
    return parts


def clock_figures(match: Match, now: float) -> tuple[str, ...]:
    """The clocks' texts as drawn (a change means a redraw)."""
    return tuple(text for text, _look in clock_parts(match, now))


def clocks_width(parts: list[tuple[str, Look]]) -> int:
    """Columns the clocks take (their texts are ASCII but the side names may be wide)."""
    return sum(text_width(text) for text, _look in parts)


def draw_clocks(canvas: Canvas, y: int, right: int, parts: list[tuple[str, Look]]) -> None:
    """Draw the clocks on row `y`, ending just before column `right`."""
    x = right - clocks_width(parts)
    for text, look in parts:
        canvas.put(y, x, text, look)
        x += text_width(text)
