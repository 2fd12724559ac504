"""Draw the whole screen from (model, screen size, time) onto a `Canvas`.

Nothing here reads keys or changes the model; every frame is drawn from
scratch. Each screen has one draw function (its `specs.ScreenSpec.draw`: the menu,
help, statistics and game ones are here); positions come from
`layout` only; everything is drawn with the public `pieces` (title, bars, boxes, the
board from its rules, position and marks) and ends with `bottom.draw_bottom`.
"""

from __future__ import annotations

from ..choices import Mode
from ..engine import Move, Player
from ..engine.openings import region_squares
from ..i18n import N_, _
from ..i18n.width import clip, pad, pad_left, text_width
from ..play.match import Match
from ..play.openings import region_of
from ..scores import Record, ScoreKey, listing_order
from . import analysisview, layout, movelist, pieces, status
from .bottom import draw_bottom
from .canvas import PLAIN, Canvas, Look
from .helptext import help_headings, help_lines
from .layout import Layout
from .messages import Message, Tone
from .pieces import DIM
from .shown import Shown


def draw(canvas: Canvas, model: Shown, now: float) -> None:
    """Draw the screen the model is on, or the too-small notice."""
    rules = model.board_rules()
    if not layout.fits(canvas.width, canvas.height, rules):
        draw_too_small(canvas, *layout.minimum_size(rules))
        return
    model.spec.draw(canvas, model, now)


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
        pieces.centre(canvas, top + i, line, Look(bold=i == 0))


# -- the menu ------------------------------------------------------------------


def draw_menu(canvas: Canvas, model: Shown, now: float) -> None:
    """The menu: a box of rows with the highlight, values between < >, unused rows dim."""
    pieces.title(canvas, 0, _("tic-tac-toe and gomoku"))
    rows = model.menu.rows(model.in_progress())
    highlight = [row.item for row in rows].index(model.menu.highlight)
    lay = layout.menu_layout(canvas.width, canvas.height, len(rows), highlight)
    pieces.box(canvas, lay.top - 1, lay.left, lay.width, lay.shown + 2)
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
    draw_bottom(canvas, model, now, fallback=note, spare=max(0, below_box))


# -- help and statistics ---------------------------------------------------------


def draw_help(canvas: Canvas, model: Shown, now: float) -> None:
    """The keys and rules, centred as a block, scrolled to `model.help_top`."""
    pieces.title(canvas, 0, _("Help"))
    lines = help_lines(canvas.width - 2)
    room = canvas.height - 1 - layout.BOTTOM_LINES
    first = min(model.help_top, max(0, len(lines) - room))
    width = max(text_width(line) for line in lines)
    left = max(0, (canvas.width - width) // 2)
    top = 1 + max(0, (room - len(lines)) // 2)
    headings = help_headings(canvas.width - 2)
    for i, line in enumerate(lines[first : first + room]):
        canvas.put(top + i, left, line, Look(bold=line in headings))
    more = first + room < len(lines)
    draw_bottom(
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


def stats_lines(model: Shown) -> list[str]:
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


def draw_stats(canvas: Canvas, model: Shown, now: float) -> None:
    """The statistics table, scrolled to `model.stats_top`."""
    pieces.title(canvas, 0, _("Statistics"))
    lines = stats_lines(model)
    room = canvas.height - 2 - layout.BOTTOM_LINES
    top_line = min(model.stats_top, max(0, len(lines) - room))
    width = min(canvas.width, max(text_width(line) for line in lines))
    left = max(0, (canvas.width - width) // 2)
    drawn = _("Drawn")
    for i, line in enumerate(lines[top_line : top_line + room]):
        bold = i + top_line == 0 or (line and not line[0].isspace() and line.endswith(drawn))
        canvas.put(2 + i, left, line, Look(bold=bool(bold)))
    draw_bottom(canvas, model, now)


# -- the game ----------------------------------------------------------------------


def draw_game(canvas: Canvas, model: Shown, now: float) -> None:
    """Title, board with labels, and the bottom lines."""
    match = model.match
    assert match is not None
    lay = layout.game_layout(canvas.width, canvas.height, match.rules, model.show_numbers)
    assert lay is not None
    pieces.title(canvas, lay.title_row, status.game_name(match.rules))
    history = match.moves()
    look = board_look(model, history)
    marks = square_marks(model, match)
    pieces.draw_board(canvas, lay, match.state, marks, look)
    last = match.marked_move()
    if last is not None and not look.numbers:
        pieces.last_move(canvas, lay, last)
    first = match.state.history[match.setup] if history else None
    first_side = match.state.cell(first) if first is not None else None
    if model.analysis.shown:
        analysisview.draw_on_board(
            canvas, lay, model.analysis, match.state, marks, now, bool(look.numbers)
        )
        draw_bottom(canvas, model, now)
        return
    pieces.move_list(
        canvas, lay, history, len(history), overlay=model.show_moves, first=first_side or Player.X
    )
    draw_bottom(canvas, model, now, spare=rows_under_board(model, lay, len(history)))


def board_look(model: Shown, moves: tuple[Move, ...]) -> pieces.BoardLook:
    """How the settings and `#` say stones are drawn: letters or discs, numbered `moves`."""
    numbers = pieces.move_numbers(moves) if model.show_numbers else {}
    return pieces.BoardLook(model.settings.stones, numbers)


def rows_under_board(model: Shown, lay: Layout, moves: int) -> int:
    """Empty rows between the board (and the move list of `moves` moves, where it is
    drawn) and the message line."""
    lowest = lay.top + lay.board_height - 1
    box = movelist.panel_box(lay)
    if box is None and model.show_moves:
        box = movelist.overlay_box(lay.width, lay.height, moves)
    if box is not None:
        lowest = max(lowest, box.y + box.height - 1)
    return max(0, lay.message_row - 1 - lowest)


def square_marks(model: Shown, match: Match) -> dict[Move, frozenset[str]]:
    """The marks on squares: "win" (the winning line), "cursor", and renju's "forbidden"."""
    marks: dict[Move, set[str]] = {}
    for move in status.forbidden_marked(model):
        marks.setdefault(move, set()).add("forbidden")
    for move in match.state.winning_line or ():
        marks.setdefault(move, set()).add("win")
    if not match.over and match.mode.has_person:
        marks.setdefault(match.cursor, set()).add("cursor")
    for name, moves in opening_marks(match).items():
        for move in moves:
            marks.setdefault(move, set()).add(name)
    return {move: frozenset(names) for move, names in marks.items()}


def opening_marks(match: Match) -> dict[str, tuple[Move, ...]]:
    """The opening's marks: "area" (the empty squares of the central square a stone must go
    in), "offered" (5th moves offered, until one is picked; those a person has marked so
    far to offer)."""
    decision = match.decision
    if decision is None:
        return {}
    side = region_of(decision, match.rules)
    area = region_squares(match.rules, side) if side is not None else ()
    return {
        "area": tuple(move for move in area if match.state.cell(move) is None),
        "offered": (*decision.offered, *match.offering),
    }
