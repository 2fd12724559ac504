"""The review beside the board in the viewer: progress while it runs, then the graph.

The graph is black's win rate across the game (`Review.black_winrates`),
black's advantage up, one column per move (several moves a column on long
games), drawn with block characters (``--ascii``: ``#``) around a middle
line; the column of the move on show is marked with `CURRENT_MARK` under the
graph. Under it: the move on show with its evaluation and verdict, the
analyst's better move, and the marked moves (``?`` mistakes, ``??`` blunders).
"""

from __future__ import annotations

import math

from ..engine import GameState
from ..i18n import _, ngettext
from ..i18n.width import clip, pad
from ..play.review import Mark, Review
from ..words import side_name
from .analysisview import FRAME, TITLE, panel_box
from .canvas import PLAIN, Canvas, Look
from .layout import Layout
from .movelist import frame, hide_far_labels, square_name
from .reviewing import ReviewJob

GRAPH_ROWS = 6
"""Rows of the graph (even: the middle line is between two rows)."""
BLOCKS = " ▁▂▃▄▅▆▇█"
"""Eighths of a cell, for the graph drawn with Unicode."""
CURRENT_MARK = "^"
BAD = Look(fg="error", bold=True)


def progress_lines(job: ReviewJob, inner: int, now: float) -> list[tuple[str, Look]]:
    """The review under way: a bar, positions done and the time left."""
    width = inner
    filled = round(job.fraction() * width)
    left = job.seconds_left(now)
    lines = [
        (_("Reviewing..."), TITLE),
        ("#" * filled + "-" * (width - filled), Look(fg="accent")),
        (
            clip(
                ngettext(
                    "{done} of {total} position", "{done} of {total} positions", job.total
                ).format(done=job.done, total=job.total),
                inner,
            ),
            PLAIN,
        ),
    ]
    if left is not None:
        text = _("about {seconds} s left").format(seconds=math.ceil(left))
        lines.append((clip(text, inner), PLAIN))
    lines.append((clip(_("x cancels"), inner), FRAME))
    return lines


def graph_rows(values: list[float], columns: int, rows: int, ascii: bool) -> list[str]:
    """`values` (0..1, black's share) as `rows` lines of `columns` characters, top first:
    each value `stretch` columns wide on a short game, several values a column on a long one
    (the last of them)."""
    if not values:
        return [" " * columns for _ in range(rows)]
    wide = stretch(len(values), columns)
    per = max(1, math.ceil(len(values) / columns))
    points = [values[min(len(values) - 1, i // wide * per + per - 1)] for i in range(columns)]
    used = math.ceil(len(values) / per) * wide
    lines = []
    for row in range(rows):
        top = 1 - row / rows  # this row covers [top - 1/rows, top]
        chars = []
        for column, value in enumerate(points):
            if column >= used:
                chars.append(" ")
                continue
            cover = (value - (top - 1 / rows)) * rows  # how much of this cell is below value
            cover = max(0.0, min(1.0, cover))
            if ascii:
                chars.append("#" if cover >= 0.5 else ("-" if row == rows // 2 else " "))
            else:
                eighth = round(cover * 8)
                chars.append(BLOCKS[eighth] if eighth else ("·" if row == rows // 2 else " "))
        lines.append("".join(chars))
    return lines


def stretch(count: int, columns: int) -> int:
    """Columns per value: the graph fills the width on a game shorter than it."""
    return max(1, columns // count) if count else 1


def column_of(number: int, moves: int, columns: int) -> int:
    """The graph column of position `number` (0: the start) in a game of `moves` moves."""
    wide = stretch(moves + 1, columns)
    per = max(1, math.ceil((moves + 1) / columns))
    return min(columns - 1, number // per * wide + (wide - 1) // 2)


def review_lines(
    review: Review, position: int, state: GameState, inner: int, ascii: bool, room: int
) -> list[tuple[str, Look]]:
    """The graph (at most `GRAPH_ROWS` rows, fewer when `room` lines are too few for it
    and the move on show), the move on show and the marked moves."""
    rules = state.rules
    lines: list[tuple[str, Look]] = [(_("black ahead"), FRAME)]
    values = review.black_winrates()
    height = max(2, min(GRAPH_ROWS, room - 5))
    for row in graph_rows(values, inner, height, ascii):
        lines.append((row, Look(fg="accent")))
    marker = [" "] * inner
    marker[column_of(position, len(review.moves), inner)] = CURRENT_MARK
    lines.append(("".join(marker), TITLE))
    lines.append((_("white ahead"), FRAME))
    current = review.at(position)
    if current is not None:
        text = f"{current.number}. {square_name(rules, current.move)} {current.after.text()}"
        if current.mark is not Mark.GOOD:
            text += f" {current.mark.value}"
        lines.append((clip(text, inner), BAD if current.mark is not Mark.GOOD else TITLE))
        if current.better is not None:
            better = square_name(rules, current.better)
            lines.append((clip(_("better: {move}").format(move=better), inner), PLAIN))
    for marked in review.marked():
        side = side_name(marked.player, rules)
        text = f"{marked.number}. {side} {square_name(rules, marked.move)} {marked.mark.value}"
        if marked.best is not None:
            text += f" > {square_name(rules, marked.best)}"
        lines.append((clip(text, inner), BAD if marked.number == position else PLAIN))
    return lines


def draw_review(
    canvas: Canvas,
    lay: Layout,
    review: Review | None,
    job: ReviewJob | None,
    position: int,
    state: GameState,
    now: float,
) -> bool:
    """The review's panel, if there is a review or one under way; True when drawn."""
    if review is None and job is None:
        return False
    box = panel_box(lay)
    inner = box.width - 2
    hide_far_labels(canvas, lay, box)
    frame(canvas, box)
    canvas.put(box.y, box.x + 1, clip(f" {_('Review')} ", inner - 1), TITLE)
    if job is not None:
        lines = progress_lines(job, inner, now)
    else:
        assert review is not None
        lines = review_lines(review, position, state, inner, canvas.ascii, box.rows)
    for i, (text, look) in enumerate(lines[: box.rows]):
        canvas.put(box.y + 1 + i, box.x + 1, pad(clip(text, inner), inner), look)
    return True
