"""The position editor's draw function: the board being set up with its cursor, the
stones as the settings draw them, and the bottom lines."""

from __future__ import annotations

from ..i18n import _
from . import layout, pieces
from .bottom import draw_bottom
from .canvas import Canvas
from .editor import EditorScreen
from .shown import Shown


def draw_editor(canvas: Canvas, model: Shown, now: float) -> None:
    """Title, the board with the cursor, the side to move and the keys."""
    editor = model.controller
    assert isinstance(editor, EditorScreen) and editor.setup is not None
    setup = editor.setup
    lay = layout.game_layout(canvas.width, canvas.height, setup.rules)
    assert lay is not None
    pieces.title(canvas, lay.title_row, _("Position editor"))
    marks = {editor.cursor: frozenset({"cursor"})}
    look = pieces.BoardLook(model.settings.stones)
    pieces.draw_board(canvas, lay, setup, marks, look)
    draw_bottom(canvas, model, now)
