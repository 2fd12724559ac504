"""Draw the whole screen from (model, screen size, time) onto a `Canvas`.

Nothing here reads keys or changes the model; every frame is drawn from
scratch. Each screen has one draw function (`DRAW`); positions come from
`layout` only; colours come from message tones (`TONE_LOOKS`), never from
words. A board square is drawn by `_square`, which takes the square's
marks (cursor, winning line, renju's forbidden points) so a new kind of mark is one more
entry there.
"""

from __future__ import annotations

from collections.abc import Callable

from ..choices import Mode
from ..engine import Move, Player, square_label
from ..i18n import N_, _
from ..i18n.width import centre_column, clip, pad, pad_left, text_width
from ..play.match import Match
from ..scores import Record, ScoreKey, listing_order
from . import layout, movelist, status
from .canvas import PLAIN, Canvas, Look
from .helptext import FORBIDDEN_MARK, help_lines, rule_lines
from .layout import Layout
from .messages import Message, Tone
from .model import Model
from .screens import Screen

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


def draw(canvas: Canvas, model: Model, now: float) -> None:
    """Draw the screen the model is on, or the too-small notice."""
    rules = model.match.rules if model.screen is Screen.GAME and model.match else None
    if model.screen is Screen.REPLAY and model.viewer is not None:
        rules = model.viewer.record.rules
    if not layout.fits(canvas.width, canvas.height, rules):
        draw_too_small(canvas, *layout.minimum_size(rules))
        return
    DRAW[model.screen](canvas, model, now)


def too_small_lines(width: int, height: int, need_w: int, need_h: int) -> list[str]:
    """The too-small notice, in the longest form that fits `width` columns."""
    templates = [
        [_("Make the terminal at least {need_w} x {need_h}"), _("(it is {w} x {h} now)")],
        [_("Make the terminal"), _("at least {need_w} x {need_h}"), _("(it is {w} x {h})")],
        [_("Too small:"), _("need {need_w}x{need_h}"), _("now {w}x{h}")],
        [_("Too small"), "{need_w}x{need_h}", _("now {w}x{h}")],
        ["{need_w}x{need_h}", "{w}x{h}"],
    ]
    sizes = {"need_w": need_w, "need_h": need_h, "w": width, "h": height}
    forms = [[line.format(**sizes) for line in lines] for lines in templates]
    for lines in forms:
        if all(text_width(line) <= width for line in lines) and len(lines) <= height:
            return lines
    return forms[-1][:height]


def draw_too_small(canvas: Canvas, need_w: int, need_h: int) -> None:
    """The notice, centred (a shorter form on small terminals, readable down to 10 x 3)."""
    lines = too_small_lines(canvas.width, canvas.height, need_w, need_h)
    top = max(0, (canvas.height - len(lines)) // 2)
    for i, line in enumerate(lines):
        _centre(canvas, top + i, line, Look(bold=i == 0))


# -- shared pieces -------------------------------------------------------------


def _bar(canvas: Canvas, y: int, left: str, right: str = "", look: Look = BAR) -> None:
    """A full-width bar with text at both ends (the right end dropped if it won't fit)."""
    width = canvas.width
    line = f" {left}"
    tail = f"{right} "
    if right and text_width(line) + text_width(tail) <= width:
        line = line + " " * (width - text_width(line) - text_width(tail)) + tail
    canvas.put(y, 0, pad(line, width), look)


def _title(canvas: Canvas, y: int | None, subtitle: str = "") -> None:
    if y is not None:
        _bar(canvas, y, TITLE, subtitle, TITLE_LOOK)


def _centre(canvas: Canvas, y: int, text: str, look: Look = PLAIN) -> None:
    canvas.put(y, centre_column(text, canvas.width), text, look)


def _bottom(
    canvas: Canvas, model: Model, now: float, fallback: Message | None = None, spare: int = 0
) -> None:
    """Message line (turn and message), information bar, key hint line.

    `spare`: empty rows just above the message line. A message too long for its line
    takes one of them (whose turn it is goes there, or the message's first half); else
    its short form is said, else it is cut at a word break with an ellipsis
    (`status.message_lines`): never inside a word.
    """
    h, w = canvas.height, canvas.width
    said = status.message(model, w - 2)
    turn = status.turn_text(model, now) if model.screen in (Screen.GAME, Screen.REPLAY) else ""
    if model.notices or model.question is not None or model.prompt is not None:
        turn = ""  # the whole line for what must be read
    elif said.tone is Tone.WARNING and text_width(turn) + 3 + text_width(said.text) > w - 2:
        turn = ""  # a refusal is read whole on narrow terminals
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
    match = model.match
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
    left, right = status.info_line(model, w)
    _bar(canvas, h - 2, left, right)
    canvas.put(h - 1, 1, status.key_hint(model, w - 2), DIM)


# -- the menu ------------------------------------------------------------------


def draw_menu(canvas: Canvas, model: Model, now: float) -> None:
    """The menu: a box of rows with the highlight, values between < >, unused rows dim."""
    _title(canvas, 0, _("tic-tac-toe and gomoku"))
    rows = model.menu.rows(model.in_progress())
    highlight = [row.item for row in rows].index(model.menu.highlight)
    lay = layout.menu_layout(canvas.width, canvas.height, len(rows), highlight)
    _box(canvas, lay.top - 1, lay.left, lay.width, lay.shown + 2)
    if lay.more_above:
        canvas.put(lay.top - 1, lay.left + 2, _(" more ^ "), DIM)
    if lay.more_below:
        canvas.put(lay.top + lay.shown, lay.left + 2, _(" more v "), DIM)
    inner = lay.width - 2
    label_width = 18 if inner >= 46 else 16  # room for "< Computer vs computer >"
    for index, row in enumerate(rows):
        y = lay.y_of(index)
        if y is None:
            continue
        selected = index == highlight
        text = ("> " if selected else "  ") + row.label
        if row.value is not None:
            value = f"< {row.value} >" if selected else f"  {row.value}"
            text = pad(text, label_width) + value
        look = Look(bg="cursor", bold=True) if selected else PLAIN if row.enabled else DIM
        canvas.put(y, lay.left + 1, pad(text, inner), look)
    note = Message(model.menu.note(model.menu.highlight), Tone.NOTE)
    below_box = canvas.height - 3 - (lay.top + lay.shown + 1)  # rows above the message line
    _bottom(canvas, model, now, fallback=note, spare=max(0, below_box))


def _box(canvas: Canvas, y: int, x: int, w: int, h: int) -> None:
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


# -- help and statistics ---------------------------------------------------------


def draw_help(canvas: Canvas, model: Model, now: float) -> None:
    """The keys and rules, centred as a block, scrolled to `model.help_top`."""
    _title(canvas, 0, _("Help"))
    lines = help_lines(canvas.width - 2)
    room = canvas.height - 1 - layout.BOTTOM_LINES
    first = min(model.help_top, max(0, len(lines) - room))
    width = max(text_width(line) for line in lines)
    left = max(0, (canvas.width - width) // 2)
    top = 1 + max(0, (room - len(lines)) // 2)
    headings = {lines[0], rule_lines(canvas.width - 2)[0]}
    for i, line in enumerate(lines[first : first + room]):
        canvas.put(top + i, left, line, Look(bold=line in headings))
    more = first + room < len(lines)
    _bottom(
        canvas,
        model,
        now,
        fallback=Message(_("More below: Down scrolls"), Tone.NOTE) if more else None,
    )


SECTIONS = (
    (Mode.HVC, N_("Against the computer"), (N_("Won"), N_("Lost"), N_("Drawn"))),
    (Mode.HVH, N_("Two players"), (N_("X won"), N_("O won"), N_("Drawn"))),
    (Mode.CVC, N_("Computer vs computer"), (N_("X won"), N_("O won"), N_("Drawn"))),
)


def _record_lines(key: ScoreKey, record: Record) -> list[str]:
    """A record's line, and a line of notes under it when some wins or losses are special."""
    game = pad(clip(key.game_label, 27), 28)
    players = pad(clip(key.players_label, 17), 18)
    lines = [f"{game}{players}{record.wins:>6}{record.losses:>7}{record.draws:>7}"]
    notes = []
    if record.hinted:
        notes.append(_("{count} of the wins with hints").format(count=record.hinted))
    if record.abandoned:
        notes.append(_("{count} of the losses abandoned").format(count=record.abandoned))
    if notes:
        lines.append("  " + _("({notes})").format(notes=_(", ").join(notes)))
    return lines


def stats_lines(model: Model) -> list[str]:
    """The statistics table: a section per mode, a line per game, rule and difficulty."""
    stats = model.session.statistics
    lines: list[str] = []
    for mode, title, columns in SECTIONS:
        keyed = sorted(
            ((k, r) for k, r in stats.items() if k.mode is mode and r.games),
            key=lambda item: listing_order(item[0]),
        )
        if not keyed:
            continue
        if lines:
            lines.append("")
        header = pad(_(title), 46) + "".join(pad_left(_(c), w) for c, w in zip(columns, (6, 7, 7)))
        lines.append(header)
        for key, record in keyed:
            lines += _record_lines(key, record)
    if not lines:
        lines.append(_("No games yet."))
    lines += ["", _("Abandoned games (left unfinished with n, q or Play) count as losses.")]
    return lines


def draw_stats(canvas: Canvas, model: Model, now: float) -> None:
    """The statistics table, scrolled to `model.stats_top`."""
    _title(canvas, 0, _("Statistics"))
    lines = stats_lines(model)
    room = canvas.height - 2 - layout.BOTTOM_LINES
    top_line = min(model.stats_top, max(0, len(lines) - room))
    width = min(canvas.width, max(text_width(line) for line in lines))
    left = max(0, (canvas.width - width) // 2)
    drawn = _("Drawn")
    for i, line in enumerate(lines[top_line : top_line + room]):
        bold = i + top_line == 0 or (line and not line[0].isspace() and line.endswith(drawn))
        canvas.put(2 + i, left, line, Look(bold=bool(bold)))
    _bottom(canvas, model, now)


# -- the game ----------------------------------------------------------------------


def draw_game(canvas: Canvas, model: Model, now: float) -> None:
    """Title, board with labels, and the bottom lines."""
    match = model.match
    assert match is not None
    lay = layout.game_layout(canvas.width, canvas.height, match.rules)
    assert lay is not None
    _title(canvas, lay.title_row, status.game_name(match.rules))
    draw_board(canvas, lay, match, square_marks(model, match))
    last = match.marked_move()
    if last is not None:
        _last_move(canvas, lay, last)
    history = match.state.history
    recordview.move_list(canvas, model, lay, history, len(history))
    _bottom(canvas, model, now, spare=rows_under_board(model, lay, len(history)))


def rows_under_board(model: Model, lay: Layout, moves: int) -> int:
    """Empty rows between the board (and the move list of `moves` moves, where it is
    drawn) and the message line."""
    lowest = lay.top + lay.board_height - 1
    box = movelist.panel_box(lay)
    if box is None and model.show_moves:
        box = movelist.overlay_box(lay.width, lay.height, moves)
    if box is not None:
        lowest = max(lowest, box.y + box.height - 1)
    return max(0, lay.message_row - 1 - lowest)


def draw_board(
    canvas: Canvas, lay: Layout, match: Match, marks: dict[Move, frozenset[str]]
) -> None:
    """Grid or line crossings, labels, and every square with its marks."""
    if lay.style.grid:
        _grid(canvas, lay)
    if lay.labels:
        _labels(canvas, lay)
    if not lay.style.grid and not canvas.ascii:
        for row in range(match.rules.rows):
            for col in range(match.rules.cols - 1):
                y, x = lay.center(Move(row, col))
                canvas.glyph(y, x + 1, "hline", GRID)
    for row in range(match.rules.rows):
        for col in range(match.rules.cols):
            move = Move(row, col)
            _square(canvas, lay, match, move, marks.get(move, frozenset()))


def winning_marks(match: Match) -> dict[Move, frozenset[str]]:
    """The "win" mark on the winning line's squares."""
    return {move: frozenset({"win"}) for move in match.state.winning_line or ()}


def square_marks(model: Model, match: Match) -> dict[Move, frozenset[str]]:
    """The marks on squares: "win" (the winning line), "cursor", and renju's "forbidden"."""
    marks: dict[Move, set[str]] = {}
    for move in status.forbidden_marked(model):
        marks.setdefault(move, set()).add("forbidden")
    for move in match.state.winning_line or ():
        marks.setdefault(move, set()).add("win")
    if not match.over and match.mode.has_person:
        marks.setdefault(match.cursor, set()).add("cursor")
    return {move: frozenset(names) for move, names in marks.items()}


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


def _square(canvas: Canvas, lay: Layout, match: Match, move: Move, marks: frozenset[str]) -> None:
    """One square: background for its marks, then its stone or its empty look."""
    s = lay.style
    stone = match.state.cell(move)
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
    if "forbidden" in marks:
        canvas.put(cy, cx, FORBIDDEN_MARK, Look(fg="error", bg=bg, bold=True))
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


def _last_move(canvas: Canvas, lay: Layout, move: Move) -> None:
    """Mark the last move: brackets beside the stone, or a diamond in a big square."""
    look = Look(fg="accent", bold=True)
    if lay.style is layout.BIG:
        y0, x0 = lay.cell_origin(move)
        canvas.glyph(y0, x0, "diamond", look)
        return
    cy, cx = lay.center(move)
    canvas.put(cy, cx - 1, "(", look)
    canvas.put(cy, cx + 1, ")", look)


from . import recordview  # noqa: E402 - it draws with the pieces above

DRAW: dict[Screen, Callable[[Canvas, Model, float], None]] = {
    Screen.MENU: draw_menu,
    Screen.GAME: draw_game,
    Screen.HELP: draw_help,
    Screen.STATS: draw_stats,
    Screen.OPEN: recordview.draw_open,
    Screen.REPLAY: recordview.draw_replay,
}
"""One draw function per screen."""
