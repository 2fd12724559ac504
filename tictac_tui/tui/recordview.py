"""Drawing for records: the move list beside the game, the list of saved games, the viewer.

The Open and Replay screens' draw functions (`specs.SPECS`). Drawn with the public `pieces` and
`bottom.draw_bottom`; positions come from `layout` and `movelist`; no curses.
"""

from __future__ import annotations

from ..engine import Player
from ..i18n import _
from ..i18n.visible import shown_name
from ..i18n.width import pad, text_width
from . import analysisview, layout, pieces, reviewview
from .bottom import draw_bottom
from .canvas import PLAIN, Canvas, Look
from .recordwords import MARK, saved_table
from .replay import Library
from .shown import Shown

FOUL_LOOK = Look(fg="error", bold=True)


def draw_open(canvas: Canvas, model: Shown, now: float) -> None:
    """The saved games, newest first, under a header; the highlighted one marked; scrolls
    to follow it. Under the list: how many files are still being read, and the files left
    out (`replay.Skipped`)."""
    pieces.title(canvas, 0, _("Open a saved game"))
    library = model.library
    games = library.games
    notes = library_notes(library)
    bottom = canvas.height - 1 - layout.BOTTOM_LINES
    for i, note in enumerate(reversed(notes)):
        canvas.put(bottom - i, 1, note, Look(dim=True))
    if not games:
        if library.reading:
            pieces.centre(canvas, 3, _("Reading the saved games…"), Look(bold=True))
        else:
            pieces.centre(canvas, 3, _("No saved games yet."), Look(bold=True))
            pieces.centre(canvas, 5, _("Press s during a game to save it."))
        draw_bottom(canvas, model, now)
        return
    header, lines = saved_table(games, canvas.width)
    canvas.put(1, text_width(MARK), header, Look(dim=True))
    room = canvas.height - 2 - layout.BOTTOM_LINES - len(notes)
    highlight = library.highlight
    first = max(0, min(len(lines) - room, highlight - room // 2))
    for i, line in enumerate(lines[first : first + room]):
        index = first + i
        selected = index == highlight
        text = (MARK if selected else " " * text_width(MARK)) + line
        look = Look(bg="cursor", bold=True) if selected else PLAIN
        if games[index].record is None:
            look = Look(bg="cursor") if selected else Look(dim=True)
        canvas.put(2 + i, 0, pad(text, canvas.width), look)
    draw_bottom(canvas, model, now)


def library_notes(library: Library) -> list[str]:
    """The lines under the list: files still being read, and files left out, named."""
    notes = []
    if library.reading and library.games:
        total = len(library.games) + library.waiting
        notes.append(_("Reading {done} of {total}…").format(done=len(library.games), total=total))
    if library.skipped:
        files = ", ".join(
            _("{file} ({why})").format(file=shown_name(s.name), why=s.why.text())
            for s in library.skipped
        )
        notes.append(_("Not listed: {files}").format(files=files))
    return notes


def draw_replay(canvas: Canvas, model: Shown, now: float) -> None:
    """The record at the viewer's move: the board, the last move marked, the move list."""
    viewer = model.viewer
    assert viewer is not None
    state = viewer.state
    lay = layout.game_layout(canvas.width, canvas.height, viewer.record.rules, model.show_numbers)
    assert lay is not None
    title = _("Replay: {name}").format(name=shown_name(viewer.name))
    if text_width(pieces.TITLE) + text_width(title) + 4 > canvas.width:
        title = _("Replay")
    pieces.title(canvas, lay.title_row, title)
    setup = viewer.record.setup  # a set-up position's stones are not numbered
    numbers = pieces.move_numbers(state.history[setup:]) if model.show_numbers else {}
    look = pieces.BoardLook(model.settings.stones, numbers)
    marks = pieces.winning_marks(state)
    pieces.draw_board(canvas, lay, state, marks, look)
    foul = viewer.foul_shown
    if foul is not None:
        y, x = lay.center(foul)
        canvas.put(y, x, "X", FOUL_LOOK)
        pieces.last_move(canvas, lay, foul)
    elif state.last_move is not None and not numbers and viewer.position > setup:
        pieces.last_move(canvas, lay, state.last_move)
    if model.analysis.shown:
        analysisview.draw_on_board(canvas, lay, model.analysis, state, marks, now, bool(numbers))
    elif not reviewview.draw_review(
        canvas, lay, viewer.review, model.review_job, viewer.position, state, now
    ):
        pieces.move_list(  # the moves after the set-up stones, numbered from 1
            canvas,
            lay,
            viewer.record.all_moves[setup:],
            viewer.position - setup,
            overlay=model.show_moves,
            first=Player.X if setup % 2 == 0 else Player.O,
        )
    draw_bottom(canvas, model, now)
