"""The analysis panel and its marks on the board, drawn from a `play.live.Snapshot`.

The panel goes right of the board when there is room for `PANEL_WIDTH`
columns, else over the board's right side (as the move list's overlay). It
says, for the side to move: the evaluation as a bar and as text (``+M7`` /
``-M7``, or the score), the depth, the nodes and nodes per second, the best
line in the board's square names (`movelist.square_name`), and the N best
with their evaluations.

On the board: the best line as numbered ghost stones (1 the next move), or
with the line hidden the N best numbered 1..N; a found win's square gets
`WIN_MARK`. While the stones show their move numbers, the marks are the
letters of `LETTER_MARKS` instead (a the next move), so no mark reads as a
stone. Marks go only on empty squares that show nothing else: never on
a stone, the cursor or a forbidden point. They are characters, so they read
in ``--ascii`` and ``--no-color``.
"""

from __future__ import annotations

from ..engine import GameState, Move
from ..i18n import _
from ..i18n.width import clip, pad, text_width
from ..play.live import Snapshot
from ..words import analyst_name, side_name
from .analysispanel import AnalysisPanel
from .canvas import PLAIN, Canvas, Look
from .layout import BOTTOM_LINES, Layout, block_size
from .movelist import GAP, Box, frame, hide_far_labels, over_board, square_name

PANEL_WIDTH = 24
"""The panel's width, its frame included."""
MAX_LINE = 9
"""The most moves of the best line drawn on the board (one digit each)."""
WIN_MARK = "!"
"""The mark on the square of a found win."""
LETTER_MARKS = "abcdefghi"
"""The marks in order while the stones show move numbers (one per `MAX_LINE` move)."""
BAR_FULL, BAR_EMPTY = "#", "-"
"""The evaluation bar's characters (ASCII, so they read everywhere)."""
GHOST = Look(fg="accent", bold=True)
FRAME = Look(dim=True)
TITLE = Look(bold=True)


def panel_box(lay: Layout) -> Box:
    """Right of the board when there is room, else at the right edge over the board
    (covering whole squares: `movelist.over_board`)."""
    block_w, _ = block_size(lay.style, lay.rules, lay.far_labels)
    block_left = lay.left - (3 if lay.labels else 0)
    right = block_left + block_w + GAP
    top = 1 if lay.title_row is not None else 0
    height = lay.height - BOTTOM_LINES - top
    if lay.width - right >= PANEL_WIDTH:
        x = right + (lay.width - right - PANEL_WIDTH) // 2
        return Box(top, x, PANEL_WIDTH, height)
    x = max(0, lay.width - PANEL_WIDTH)
    return over_board(lay, Box(top, x, min(PANEL_WIDTH, lay.width), height))


def eval_bar(snapshot: Snapshot | None, width: int) -> str:
    """The bar: the side to move's share of `width` (its win rate), then the rest."""
    score = snapshot.reading.score if snapshot is not None else None
    if score is None:
        return BAR_EMPTY * width
    filled = round(score.winrate() * width)
    return BAR_FULL * filled + BAR_EMPTY * (width - filled)


def compact(number: int) -> str:
    """12345 -> "12.3k", 4500000 -> "4.5M"."""
    if number >= 1_000_000:
        return f"{number / 1_000_000:.1f}M"
    if number >= 10_000:
        return f"{number / 1000:.1f}k"
    return str(number)


def panel_lines(
    panel: AnalysisPanel, state: GameState, inner: int, now: float | None = None
) -> list[tuple[str, Look]]:
    """The panel's lines (at most `inner` columns each), with their looks; while the
    analyst thinks, the seconds since the position came (at `now`)."""
    rules = state.rules
    snapshot = panel.snapshot(state)
    lines: list[tuple[str, Look]] = []
    if panel.error:
        return [(clip(panel.error, inner), Look(fg="error"))]
    if state.is_over:
        return [(_("The game is over."), PLAIN)]
    side = side_name(state.to_move, rules)
    reading = snapshot.reading if snapshot is not None else None
    score = reading.score if reading is not None else None
    text = score.text() if score is not None else "..."
    lines.append((clip(_("{side} to move: {score}").format(side=side, score=text), inner), TITLE))
    lines.append((eval_bar(snapshot, inner), Look(fg="accent")))
    if reading is None or snapshot is None:
        lines.append((_("thinking..."), FRAME))
        return lines
    if reading.solved:
        lines.append((clip(_("solved (exact)"), inner), PLAIN))
    elif reading.depth == 0 and reading.nodes == 0 and snapshot.done:
        lines.append((clip(_("decided by a rule"), inner), PLAIN))  # a five, a block, ...
    else:
        lines.append((clip(_("depth {depth}").format(depth=reading.depth), inner), PLAIN))
        nodes = compact(reading.nodes)
        lines.append((clip(_("nodes {nodes}").format(nodes=nodes), inner), PLAIN))
        speed = reading.speed
        if now is not None and not snapshot.done and panel.thinking() and now > panel.since:
            speed = round(reading.nodes / (now - panel.since))  # the nodes counted so far
        lines.append((clip(_("{speed} nodes/s").format(speed=compact(speed)), inner), PLAIN))
    names = [square_name(rules, move) for move in reading.line]
    lines.append((_("best line:"), FRAME))
    row = ""
    for name in names:
        if row and text_width(row) + 1 + text_width(name) > inner:
            lines.append((row, PLAIN))
            row = ""
            if len(lines) >= 9:
                break
        row = f"{row} {name}".strip()
    if row and len(lines) < 10:
        lines.append((row, PLAIN))
    if reading.best and (panel.best > 1 or len(reading.best) > 1):
        lines.append((_("best moves:"), FRAME))
        for rank, candidate in enumerate(reading.best[: panel.best], 1):
            move = square_name(rules, candidate.move)
            lines.append((clip(f"{rank}. {move:<4} {candidate.score.text()}", inner), PLAIN))
    if snapshot.error:
        lines.append((clip(snapshot.error, inner), Look(fg="error")))
    elif snapshot.done:
        lines.append((_("done"), FRAME))
    elif now is not None and panel.thinking():
        seconds = f"{max(0.0, now - panel.since):.1f}"
        lines.append((clip(_("thinking... {seconds} s").format(seconds=seconds), inner), FRAME))
    else:
        lines.append((_("thinking..."), FRAME))
    return lines


def draw_panel(
    canvas: Canvas, lay: Layout, panel: AnalysisPanel, state: GameState, now: float | None = None
) -> None:
    """The framed panel (see the module docstring)."""
    box = panel_box(lay)
    inner = box.width - 2
    hide_far_labels(canvas, lay, box)
    frame(canvas, box)
    title = " " + _("Analysis: {analyst}").format(analyst=analyst_name(panel.analyst)) + " "
    canvas.put(box.y, box.x + 1, clip(title, inner - 1), TITLE)
    for i, (text, look) in enumerate(panel_lines(panel, state, inner, now)[: box.rows]):
        canvas.put(box.y + 1 + i, box.x + 1, pad(clip(text, inner), inner), look)


def board_marks(panel: AnalysisPanel, state: GameState, numbers: bool = False) -> dict[Move, str]:
    """The characters to put on empty squares (see the module docstring); letters when
    the stones show `numbers`."""
    snapshot = panel.snapshot(state)
    if snapshot is None:
        return {}
    reading = snapshot.reading
    score = reading.score
    if score is None:
        return {}
    marks: dict[Move, str] = {}
    ranked = (
        reading.line[:MAX_LINE]
        if panel.line_shown
        else [candidate.move for candidate in reading.best[: panel.best]]
    )
    for rank, move in enumerate(ranked):
        marks.setdefault(move, LETTER_MARKS[rank] if numbers else str(rank + 1))
    if score.winning and reading.move is not None:
        marks[reading.move] = WIN_MARK
    return {move: mark for move, mark in marks.items() if state.cell(move) is None}


def draw_marks(
    canvas: Canvas,
    lay: Layout,
    state: GameState,
    marks: dict[Move, str],
    keep: frozenset[Move] = frozenset(),
) -> None:
    """`marks` on their squares, except on the squares in `keep` (cursor, forbidden)."""
    for move, mark in marks.items():
        if move in keep or state.cell(move) is not None:
            continue
        y, x = lay.center(move)
        canvas.put(y, x, mark, GHOST)


def draw_on_board(
    canvas: Canvas,
    lay: Layout,
    panel: AnalysisPanel,
    state: GameState,
    square_marks: dict[Move, frozenset[str]],
    now: float | None = None,
    numbers: bool = False,
) -> None:
    """The panel and its marks (letters when the stones show `numbers`), keeping clear of
    the cursor, forbidden points and a win."""
    keep = frozenset(
        move for move, names in square_marks.items() if names & {"cursor", "forbidden", "win"}
    )
    draw_marks(canvas, lay, state, board_marks(panel, state, numbers), keep)
    draw_panel(canvas, lay, panel, state, now)
