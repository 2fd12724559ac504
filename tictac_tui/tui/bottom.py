"""The bottom lines every screen ends with: the message line (whose turn, the message),
the information bar and the key hint line, in the forms that fit (words from `status`)."""

from __future__ import annotations

from ..i18n.width import shorten, text_width
from . import status
from .canvas import Canvas, Look
from .clocks import clock_parts, clocks_width, draw_clocks
from .messages import Message, Tone
from .pieces import DIM, STONE_FG, TONE_LOOKS, bar
from .screens import Screen
from .shown import Shown


def draw_bottom(
    canvas: Canvas, model: Shown, now: float, fallback: Message | None = None, spare: int = 0
) -> None:
    """Message line (turn and message), information bar, key hint line.

    `spare`: empty rows just above the message line. A message too long for its line
    takes one of them (whose turn it is goes there, or the message's first half); else
    its short form is said, else it is cut at a word break with an ellipsis
    (`status.message_lines`): never inside a word.
    """
    h, w = canvas.height, canvas.width
    match = model.match
    clocks = clock_parts(match, now) if match is not None and model.screen is Screen.GAME else []
    if clocks:  # at the right of the message line; the rest of it for the turn and message
        draw_clocks(canvas, h - 3, w - 1, clocks)
        w -= clocks_width(clocks) + 2
    said = status.message(model, w - 2)
    turn = status.turn_text(model, now) if model.board_rules() is not None else ""  # a board's
    if model.notices or model.question is not None or model.prompt is not None:
        turn = ""  # the whole line for what must be read
    elif said.tone is Tone.WARNING and text_width(turn) + 3 + text_width(said.text) > w - 2:
        turn = ""  # a refusal is read whole on narrow terminals
    if clocks and text_width(turn) > w - 2:
        turn = shorten(turn, w - 2)  # the clocks keep their place
    if not said.text and fallback is not None:
        said = fallback
    lines = [said.text] if said.text else []
    room = w - 2
    if turn and lines and text_width(turn) + 3 + text_width(said.text) > room:
        if spare < 1 or text_width(said.text) > room:
            turn = ""  # the message is read whole; the turn shows again after it
        else:
            spare = 0  # the turn goes on the row above, the message on its line
    if lines and text_width(said.text) > room:
        lines = status.message_lines(said, room, 1 + min(spare, 1))
    shown = match is not None and not match.over and model.screen is Screen.GAME
    turn_look = Look(fg=STONE_FG[match.state.to_move] if match and shown else "", bold=True)
    x = 1
    if turn and lines and text_width(turn) + 3 + text_width(lines[-1]) > room:
        canvas.put(h - 4, 1, turn, turn_look)  # beside the message it would not fit
    elif turn:
        canvas.put(h - 3, x, turn, turn_look)
        x += text_width(turn) + 3
    for i, line in enumerate(lines):
        y = h - 3 - (len(lines) - 1 - i)
        canvas.put(y, x if y == h - 3 else 1, line, TONE_LOOKS[said.tone])
    w = canvas.width
    left, right = status.info_line(model, w)
    bar(canvas, h - 2, left, right)
    canvas.put(h - 1, 1, status.key_hint(model, w - 2), DIM)
